"""The Wing Commander CCG catalog organizers keep: no public card database exists for the game."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy

from fleets.models.deck import key_choices
from rules import wing_commander


class WingCommanderCard(models.Model):
    """A Wing Commander CCG card. Blank fields are what no source has told the organizers yet.

    The rules tell cards apart by name alone (a Luck card's copies, the muster
    drawn from the deck), so a name is one card. A card needs its side and type
    before a deck can hold it, and its costs before it can be mustered.
    """

    name = models.CharField(gettext_lazy("name"), max_length=100, unique=True)
    side = models.CharField(gettext_lazy("side"), max_length=20, choices=key_choices(wing_commander.SIDES), blank=True)
    card_type = models.CharField(
        gettext_lazy("type"), max_length=30, choices=key_choices(wing_commander.CARD_TYPES), blank=True
    )
    mustering_cost = models.PositiveSmallIntegerField(
        gettext_lazy("mustering cost"),
        null=True,
        blank=True,
        help_text=gettext_lazy("Power Points (the small fighters under the title)."),
    )
    medal_cost = models.PositiveSmallIntegerField(
        gettext_lazy("medal cost"), null=True, blank=True, help_text=gettext_lazy("Medals in the mustering cost.")
    )
    notes = models.TextField(gettext_lazy("notes"), blank=True)
    retired = models.BooleanField(
        gettext_lazy("retired"),
        default=False,
        help_text=gettext_lazy("No longer offered to new decks; decks that hold it keep it."),
    )

    class Meta:
        ordering = ["name"]
        verbose_name = gettext_lazy("Wing Commander card")
        verbose_name_plural = gettext_lazy("Wing Commander cards")

    def __str__(self) -> str:
        return self.name

    @property
    def playable(self) -> bool:
        return bool(self.side and self.card_type)

    @property
    def musterable(self) -> bool:
        return self.mustering_cost is not None and self.medal_cost is not None
