"""Starship Command: the ship catalog organizers keep, and campaigns with their append-only ledger.

A campaign (seed 002, Campaign Rules) stores only its players and ledger entries.
Balances, fleets, damage and scores are never saved: they are rebuilt by replaying
the entries, in sequence, through :class:`rules.starship_command.Campaign`, so the
rules package is the one place they are computed and nothing stored can disagree with it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from fleets.models.deck import key_choices
from rules import starship_command


class StarshipCommandShip(models.Model):
    """A Starship Command ship card: each card is one named ship, so its name is unique."""

    name = models.CharField(gettext_lazy("name"), max_length=100, unique=True)
    race = models.CharField(gettext_lazy("race"), max_length=20, choices=key_choices(starship_command.RACES))
    ship_class = models.CharField(gettext_lazy("class"), max_length=60)
    value = models.PositiveSmallIntegerField(
        gettext_lazy("value"), help_text=gettext_lazy("Value points: what it scores and what a campaign pays.")
    )
    shields = models.PositiveSmallIntegerField(gettext_lazy("shields"))
    structure = models.PositiveSmallIntegerField(gettext_lazy("structure"))
    crippled = models.PositiveSmallIntegerField(
        gettext_lazy("crippled"), help_text=gettext_lazy("Total damage, shields included, that cripples the ship.")
    )
    weapons = models.JSONField(
        gettext_lazy("weapons"),
        default=list,
        blank=True,
        help_text=gettext_lazy("Weapon keys, e.g. phaser-1, torpedo."),
    )
    fighter_capacity = models.PositiveSmallIntegerField(gettext_lazy("fighter capacity"), default=0)
    notes = models.TextField(
        gettext_lazy("notes"),
        blank=True,
        help_text=gettext_lazy("Where the figures come from (a sample, a placeholder)."),
    )
    retired = models.BooleanField(
        gettext_lazy("retired"),
        default=False,
        help_text=gettext_lazy("No longer offered to new lists; lists that hold it keep it."),
    )

    class Meta:
        ordering = ["race", "name"]
        verbose_name = gettext_lazy("Starship Command ship")
        verbose_name_plural = gettext_lazy("Starship Command ships")

    def __str__(self) -> str:
        return self.name


class Campaign(models.Model):
    name = models.CharField(gettext_lazy("name"), max_length=120)
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="campaigns_run",
        verbose_name=gettext_lazy("organizer"),
    )
    battles = models.PositiveSmallIntegerField(
        gettext_lazy("Number of battles"),
        default=starship_command.RECOMMENDED_BATTLES,
        help_text=gettext_lazy("The campaign closes after this many battles (the rules recommend three)."),
    )
    created_at = models.DateTimeField(gettext_lazy("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "name"]
        verbose_name = gettext_lazy("campaign")
        verbose_name_plural = gettext_lazy("campaigns")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(battles__gte=1),
                name="campaign_battles_positive",
                violation_error_message=gettext_lazy("A campaign has at least one battle."),
            )
        ]

    def __str__(self) -> str:
        return self.name


class CampaignPlayer(models.Model):
    """A player and the race they command; players of one race are a team."""

    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="players", verbose_name=gettext_lazy("campaign")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="campaign_seats",
        verbose_name=gettext_lazy("user"),
    )
    race = models.CharField(gettext_lazy("race"), max_length=20, choices=key_choices(starship_command.RACES))

    class Meta:
        ordering = ["race", "user__username"]
        verbose_name = gettext_lazy("campaign player")
        verbose_name_plural = gettext_lazy("campaign players")
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="campaign_player_once"),
            models.CheckConstraint(
                condition=models.Q(race__in=starship_command.RACES), name="campaign_player_race_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_race_display()})"


class EntryKind(models.TextChoices):
    PURCHASE = "purchase", gettext_lazy("Purchase")
    REPAIR = "repair", gettext_lazy("Repair")
    TRANSFER = "transfer", gettext_lazy("Transfer")
    BATTLE = "battle", gettext_lazy("Battle result")
    JOIN = "join", gettext_lazy("Player joins")
    VOID = "void", gettext_lazy("Void")


class CampaignEntry(models.Model):
    """One line of the ledger. ``data`` is the entry as ``games.starship_command.campaigns.ledger`` writes and reads it.

    Entries are only ever added: a recorded entry is never edited, because every
    later balance was computed from it. A mistake is corrected by a ``void`` entry
    naming it (and a reason), after which the campaign is replayed without it.
    """

    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="entries", verbose_name=gettext_lazy("campaign")
    )
    sequence = models.PositiveIntegerField(gettext_lazy("sequence"), help_text=gettext_lazy("Replay order, from 1."))
    kind = models.CharField(gettext_lazy("kind"), max_length=10, choices=EntryKind.choices)
    data = models.JSONField(gettext_lazy("data"))
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=gettext_lazy("recorded by")
    )
    recorded_at = models.DateTimeField(gettext_lazy("recorded at"), auto_now_add=True)

    class Meta:
        ordering = ["campaign", "sequence"]
        verbose_name = gettext_lazy("campaign entry")
        verbose_name_plural = gettext_lazy("campaign entries")
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
