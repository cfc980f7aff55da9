"""An event's awards (Best Painted, best new player...) and the players' secret votes for Best Sportsmanship."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

SPORTSMANSHIP = "Best Sportsmanship"
VOTING_DAYS = 3  # Best Sportsmanship votes close this long after the finish (Event.votes_close_at)


class Award(models.Model):
    """One award of an event, named by its organizer, and the player who won it (``None``: not named yet)."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="awards")
    name = models.CharField(max_length=60)
    winner = models.ForeignKey(
        "tournaments.Registration", on_delete=models.PROTECT, null=True, blank=True, related_name="awards"
    )

    class Meta:
        verbose_name = _("award")
        verbose_name_plural = _("awards")
        ordering = ["event", "pk"]
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="one_award_of_a_name_per_event")]

    def __str__(self) -> str:
        return f"{self.name} at {self.event_id}"


class SportsmanshipVote(models.Model):
    """One player's vote for another player of the same event. Secret: pages show only the count each
    player got, never who voted for whom (:func:`tournaments.selectors.sportsmanship_counts`)."""

    voter = models.OneToOneField(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="sportsmanship_vote"
    )
    choice = models.ForeignKey(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="sportsmanship_votes_received"
    )
    voted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("sportsmanship vote")
        verbose_name_plural = _("sportsmanship votes")
        constraints = [
            models.CheckConstraint(condition=~models.Q(voter=models.F("choice")), name="no_vote_for_oneself")
        ]

    def __str__(self) -> str:
        return f"vote of registration {self.voter_id}"
