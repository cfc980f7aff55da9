"""The Spearpoint 1943 unit catalog organizers keep: the player aid (seed 004) lists no units."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy

from fleets.models.deck import key_choices
from rules import spearpoint


class SpearpointUnit(models.Model):
    """A Spearpoint 1943 unit card; both sides may field a unit of the same name (a rifle squad)."""

    name = models.CharField(gettext_lazy("name"), max_length=100)
    side = models.CharField(gettext_lazy("side"), max_length=20, choices=key_choices(spearpoint.SIDES))
    unit_type = models.CharField(gettext_lazy("type"), max_length=20, choices=key_choices(spearpoint.UNIT_TYPES))
    cost = models.PositiveSmallIntegerField(
        gettext_lazy("cost"), help_text=gettext_lazy("Point cost, also its Victory Points when destroyed.")
    )
    crew = models.CharField(
        gettext_lazy("crew"),
        max_length=20,
        choices=key_choices(spearpoint.CREWS),
        default="none",
        help_text=gettext_lazy("The crew it needs."),
    )
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
        ordering = ["side", "name"]
        verbose_name = gettext_lazy("Spearpoint unit")
        verbose_name_plural = gettext_lazy("Spearpoint units")
        constraints = [models.UniqueConstraint(fields=["name", "side"], name="spearpoint_unit_name_side_unique")]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_side_display()})"
