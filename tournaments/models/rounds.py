"""Rounds, their matches (tables) and each match's sides, which carry the official result."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


class Stage(models.TextChoices):
    SWISS = "swiss", _("Swiss")
    CUT = "cut", _("Top cut")


class MatchStatus(models.TextChoices):
    AWAITING = "awaiting", _("Awaiting result")
    REPORTED = "reported", _("Awaiting confirmation")
    DISPUTED = "disputed", _("Conflict: judge needed")
    CONFIRMED = "confirmed", _("Confirmed")


# A top-cut round is named by how many players it starts with; larger cuts by their size ("Top 16").
CUT_ROUND_NAMES = {2: _("Final"), 4: _("Semifinal"), 8: _("Quarterfinal")}


def cut_round_name(players: int) -> str:
    """The name of a top-cut round that ``players`` start: Final, Semifinal, Quarterfinal, else "Top N"
    (in the active language)."""
    if players in CUT_ROUND_NAMES:
        return str(CUT_ROUND_NAMES[players])
    return gettext("Top %(players)s") % {"players": players}


class Round(models.Model):
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=10, choices=Stage.choices, default=Stage.SWISS)
    paired_at = models.DateTimeField(auto_now=True)
    paired_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    # Pairing again changes the seed, so a re-pair gives a different draw among equals.
    pairing_attempt = models.PositiveSmallIntegerField(default=0)
    clock_started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_round_per_number")]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        """The round as every page, printout, the API and the history name it: "Round 3" in the Swiss,
        "Semifinal" in a top cut. The cut follows the event's planned Swiss rounds (as pairing does,
        :func:`tournaments.selectors.next_stage`) and halves the field each round."""
        if self.stage != Stage.CUT:
            return gettext("Round %(number)s") % {"number": self.number}
        earlier = self.number - 1 - (self.event.planned_rounds or 0)
        return cut_round_name(max(2, self.event.top_cut >> max(0, earlier)))


class Match(models.Model):
    """One table (or a bye: no table and a single side)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=MatchStatus.choices, default=MatchStatus.AWAITING)
    # The confirmed result as its game records it (see tournaments.games), null until confirmed.
    result = models.JSONField(null=True, blank=True)
    # A bye only: the rules that gave it to this player, in words, written when the round is paired.
    bye_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["round", models.F("table").asc(nulls_last=True)]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [models.UniqueConstraint(fields=["round", "table"], name="one_match_per_table")]

    def __str__(self) -> str:
        return f"{self.round}, table {self.table}" if self.table else f"{self.round}, bye"

    @property
    def is_bye(self) -> bool:
        return self.table is None

    @property
    def has_result(self) -> bool:
        return self.status == MatchStatus.CONFIRMED


class MatchSide(models.Model):
    """A player's seat in a match and their official result in it (one result per side)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sides")
    # The round again, so the database itself refuses a player seated twice in one round.
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    registration = models.ForeignKey("tournaments.Registration", on_delete=models.PROTECT, related_name="sides")
    seat = models.PositiveSmallIntegerField()
    # The side this player plays at this table where the game has sides (Wing Commander: terran, kilrathi).
    side = models.CharField(max_length=20, blank=True)
    outcome = models.CharField(max_length=4, blank=True)  # an Outcome once the result is confirmed
    fleet_points = models.PositiveSmallIntegerField(null=True, blank=True)
    # Scenario points, reported where the event ranks by them (2014 FAQ ruling 31).
    battle_points = models.PositiveSmallIntegerField(default=0)
    # What this side's fleet lost: {"ships": [item keys], "upgrades": [item keys]}.
    losses = models.JSONField(default=dict, blank=True)
    # When this side's player signed off on the opponent's build for this round.
    opponent_build_verified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("match side")
        verbose_name_plural = _("match sides")
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="one_result_per_match_side"),
            models.UniqueConstraint(fields=["round", "registration"], name="one_match_per_player_per_round"),
            models.CheckConstraint(condition=models.Q(seat__in=(1, 2)), name="seat_is_1_or_2"),
        ]

    def __str__(self) -> str:
        return f"{self.match}: seat {self.seat}"
