"""Each player's final line at a finished event, kept so pages spanning years of events read it.

The standings of an event are computed from its results on every view (a few ms for one event);
a season, a player's record or the meta reads thousands of events, and ranking each of them again
would cost seconds. So finishing an event stores every player's final line, and a correction made
after the finish stores them again (:mod:`tournaments.services.final_standings`): the rows always
equal what the event's own standings page shows (:func:`tournaments.selectors.final.final_standings`:
the rank is the final place, the top cut's placing where one was played, then the Swiss order; the
record counts every game, the cut's included; the match points are the Swiss ones).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class FinalStanding(models.Model):
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="final_standings")
    registration = models.OneToOneField(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="final_standing"
    )
    rank = models.PositiveIntegerField()
    wins = models.PositiveSmallIntegerField()
    ties = models.PositiveSmallIntegerField()
    losses = models.PositiveSmallIntegerField()
    byes = models.PositiveSmallIntegerField()
    match_points = models.IntegerField()

    class Meta:
        verbose_name = _("final standing")
        verbose_name_plural = _("final standings")
        ordering = ["event", "rank"]

    def __str__(self) -> str:
        return f"{self.registration_id}: {self.rank} at {self.event_id}"
