"""Decks of the card games other than STAW, and the catalogs organizers keep for them.

No public card database exists for Wing Commander CCG, Starship Command or
Frontline General: Spearpoint 1943, so organizers maintain each game's cards
here (in the admin or by CSV import). The choices come from the rules package,
so a card stored here is always one its game's rules can judge.

A :class:`Deck` stores its list as the very file ``check_deck`` /
``check_list`` read (``content``, canonical form), so exporting it is
reading one column and its verification code is a hash of that column. The
lines of a deck are copied from the catalog when added: a later catalog edit
does not change a deck a player may already have registered with.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from rules import spearpoint, starship_command, wing_commander
from rules.registry import get_game

WING_COMMANDER = "wing-commander"
STARSHIP_COMMAND = "starship-command"
SPEARPOINT = "spearpoint"
DECK_GAMES = (WING_COMMANDER, STARSHIP_COMMAND, SPEARPOINT)


def key_choices(keys) -> list[tuple[str, str]]:
    """``("battle-damage", "Battle damage")`` pairs for the rules' lower-case keys."""
    return [(key, key.replace("-", " ").capitalize()) for key in keys]


class WingCommanderCard(models.Model):
    """A Wing Commander CCG card. Blank fields are what no source has told the organizers yet.

    The rules tell cards apart by name alone (a Luck card's copies, the muster
    drawn from the deck), so a name is one card. A card needs its side and type
    before a deck can hold it, and its costs before it can be mustered.
    """

    name = models.CharField(max_length=100, unique=True)
    side = models.CharField(max_length=20, choices=key_choices(wing_commander.SIDES), blank=True)
    card_type = models.CharField("type", max_length=30, choices=key_choices(wing_commander.CARD_TYPES), blank=True)
    mustering_cost = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Power Points (the small fighters under the title)."
    )
    medal_cost = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Medals in the mustering cost.")
    notes = models.TextField(blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name = "Wing Commander card"

    def __str__(self) -> str:
        return self.name

    @property
    def playable(self) -> bool:
        return bool(self.side and self.card_type)

    @property
    def musterable(self) -> bool:
        return self.mustering_cost is not None and self.medal_cost is not None


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

    class Meta:
        ordering = ["race", "name"]
        verbose_name = "Starship Command ship"

    def __str__(self) -> str:
        return self.name


class SpearpointUnit(models.Model):
    """A Spearpoint 1943 unit card; both sides may field a unit of the same name (a rifle squad)."""

    name = models.CharField(max_length=100)
    side = models.CharField(max_length=20, choices=key_choices(spearpoint.SIDES))
    unit_type = models.CharField("type", max_length=20, choices=key_choices(spearpoint.UNIT_TYPES))
    cost = models.PositiveSmallIntegerField(help_text="Point cost, also its Victory Points when destroyed.")
    crew = models.CharField(
        max_length=20, choices=key_choices(spearpoint.CREWS), default="none", help_text="The crew it needs."
    )

    class Meta:
        ordering = ["side", "name"]
        verbose_name = "Spearpoint unit"
        constraints = [models.UniqueConstraint(fields=["name", "side"], name="spearpoint_unit_name_side_unique")]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_side_display()})"


class Deck(models.Model):
    """A player's Wing Commander deck, Starship Command fleet or Spearpoint reserves deck."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks")
    game = models.CharField(max_length=40, choices=[(key, get_game(key).name) for key in DECK_GAMES])
    name = models.CharField(max_length=100)
    content = models.JSONField(help_text="The list file (check_deck / check_list format), canonical form.")
    code = models.CharField(max_length=16, db_index=True, help_text="Verification code of the content.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "name"]
        indexes = [models.Index(fields=["owner", "-updated_at"], name="deck_owner_recent")]
        constraints = [models.CheckConstraint(condition=models.Q(game__in=DECK_GAMES), name="deck_game_known")]

    def __str__(self) -> str:
        return self.name
