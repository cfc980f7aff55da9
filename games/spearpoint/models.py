"""The Spearpoint 1943 unit catalog organizers keep: the player aid (seed 004) lists no units."""

from __future__ import annotations

from django.db import models

from fleets.models.deck import key_choices
from rules import spearpoint


class SpearpointUnit(models.Model):
    """A Spearpoint 1943 unit card; both sides may field a unit of the same name (a rifle squad)."""

    name = models.CharField(max_length=100)
    side = models.CharField(max_length=20, choices=key_choices(spearpoint.SIDES))
    unit_type = models.CharField("type", max_length=20, choices=key_choices(spearpoint.UNIT_TYPES))
    cost = models.PositiveSmallIntegerField(help_text="Point cost, also its Victory Points when destroyed.")
    crew = models.CharField(
        max_length=20, choices=key_choices(spearpoint.CREWS), default="none", help_text="The crew it needs."
    )
    notes = models.TextField(blank=True, help_text="Where the figures come from (a sample, a placeholder).")
    retired = models.BooleanField(
        default=False, help_text="No longer offered to new lists; lists that hold it keep it."
    )

    class Meta:
        ordering = ["side", "name"]
        verbose_name = "Spearpoint unit"
        constraints = [models.UniqueConstraint(fields=["name", "side"], name="spearpoint_unit_name_side_unique")]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_side_display()})"
