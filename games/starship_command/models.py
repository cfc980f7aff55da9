"""Starship Command: the ship catalog organizers keep, and campaigns with their append-only ledger.

A campaign (seed 002, Campaign Rules) stores only its players and ledger entries.
Balances, fleets, damage and scores are never saved: they are rebuilt by replaying
the entries, in sequence, through :class:`rules.starship_command.Campaign`, so the
rules package is the one place they are computed and nothing stored can disagree with it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from fleets.models.deck import key_choices
from rules import starship_command


class StarshipCommandShip(models.Model):
    """A Starship Command ship card: each card is one named ship, so its name is unique."""

    name = models.CharField(max_length=100, unique=True)
    race = models.CharField(max_length=20, choices=key_choices(starship_command.RACES))
    ship_class = models.CharField("class", max_length=60)
    value = models.PositiveSmallIntegerField(help_text="Value points: what it scores and what a campaign pays.")
    shields = models.PositiveSmallIntegerField()
    structure = models.PositiveSmallIntegerField()
    crippled = models.PositiveSmallIntegerField(help_text="Total damage, shields included, that cripples the ship.")
    weapons = models.JSONField(default=list, blank=True, help_text="Weapon keys, e.g. phaser-1, torpedo.")
    fighter_capacity = models.PositiveSmallIntegerField(default=0)
    notes = models.TextField(blank=True, help_text="Where the figures come from (a sample, a placeholder).")
    retired = models.BooleanField(
        default=False, help_text="No longer offered to new lists; lists that hold it keep it."
    )

    class Meta:
        ordering = ["race", "name"]
        verbose_name = "Starship Command ship"

    def __str__(self) -> str:
        return self.name


class Campaign(models.Model):
    name = models.CharField(max_length=120)
    organizer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="campaigns_run")
    battles = models.PositiveSmallIntegerField(
        "Number of battles",
        default=starship_command.RECOMMENDED_BATTLES,
        help_text="The campaign closes after this many battles (the rules recommend three).",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(battles__gte=1),
                name="campaign_battles_positive",
                violation_error_message="A campaign has at least one battle.",
            )
        ]

    def __str__(self) -> str:
        return self.name


class CampaignPlayer(models.Model):
    """A player and the race they command; players of one race are a team."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="campaign_seats")
    race = models.CharField(max_length=20, choices=key_choices(starship_command.RACES))

    class Meta:
        ordering = ["race", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="campaign_player_once"),
            models.CheckConstraint(
                condition=models.Q(race__in=starship_command.RACES), name="campaign_player_race_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_race_display()})"


class EntryKind(models.TextChoices):
    PURCHASE = "purchase", "Purchase"
    REPAIR = "repair", "Repair"
    TRANSFER = "transfer", "Transfer"
    BATTLE = "battle", "Battle result"
    JOIN = "join", "Player joins"
    VOID = "void", "Void"


class CampaignEntry(models.Model):
    """One line of the ledger. ``data`` is the entry as ``games.starship_command.campaigns.ledger`` writes and reads it.

    Entries are only ever added: a recorded entry is never edited, because every
    later balance was computed from it. A mistake is corrected by a ``void`` entry
    naming it (and a reason), after which the campaign is replayed without it.
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="entries")
    sequence = models.PositiveIntegerField(help_text="Replay order, from 1.")
    kind = models.CharField(max_length=10, choices=EntryKind.choices)
    data = models.JSONField()
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "sequence"]
        verbose_name_plural = "campaign entries"
        constraints = [
            models.UniqueConstraint(fields=["campaign", "sequence"], name="campaign_entry_sequence_unique"),
            models.CheckConstraint(condition=models.Q(kind__in=EntryKind.values), name="campaign_entry_kind_known"),
        ]

    def __str__(self) -> str:
        return f"{self.campaign} #{self.sequence} ({self.get_kind_display()})"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValueError("A ledger entry is never changed once recorded.")
        super().save(*args, **kwargs)
