"""An event: one tournament on one day, with its settings and its staff."""

from __future__ import annotations

import math

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models

from accounts.paper import PaperSize, site_paper_size
from game_registry import game_choices

from ..zones import day_not_over, event_hours, event_zone_name


class EventStatus(models.TextChoices):
    REGISTRATION = "registration", "Registration open"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"


class TopCut(models.IntegerChoices):
    NONE = 0, "No top cut"
    TOP_2 = 2, "Top 2"
    TOP_4 = 4, "Top 4"
    TOP_8 = 8, "Top 8"
    TOP_16 = 16, "Top 16"


class TieBreakPreset(models.TextChoices):
    """The tie-breaker orders of :data:`rules.tournament.standings.TIEBREAK_PRESETS`, by the same keys."""

    DEFAULT = "default", "Match points, fleet points, strength of schedule, head-to-head"
    FAQ_2014 = "faq-2014", "Battle points, then match points, then fleet points (2014 FAQ ruling 31)"


class EventQuerySet(models.QuerySet):
    """Which events are running, upcoming and past: the one rule every list of events asks (the
    event list, the home page, a store's page and calendars, the API).

    A running event is running whatever its date; an event open for registration is upcoming
    until its day is over on its own clock (:func:`tournaments.zones.day_not_over`) and past after
    it, never held; a finished event is past.
    """

    def running(self):
        return self.filter(status=EventStatus.RUNNING)

    def upcoming(self):
        return self.filter(day_not_over(), status=EventStatus.REGISTRATION)

    def past(self):
        return self.filter(
            models.Q(status=EventStatus.FINISHED) | (models.Q(status=EventStatus.REGISTRATION) & ~day_not_over())
        )


class Event(models.Model):
    name = models.CharField(max_length=120)
    game = models.CharField(max_length=40, choices=game_choices)
    format = models.CharField(max_length=40, help_text="The game's format the fleets are checked against.")
    date = models.DateField()
    start_time = models.TimeField(null=True, blank=True, help_text="When players should arrive to check in.")
    end_time = models.TimeField(null=True, blank=True)
    venue = models.CharField(max_length=200, blank=True)
    store = models.ForeignKey(
        "stores.Store",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="events",
        help_text="The store holding the event: its organizers run it and its judges help (stores.access).",
    )
    planned_rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Swiss rounds. Leave blank to use ceil(log2(players))."
    )
    round_minutes = models.PositiveSmallIntegerField(default=90)
    submission_deadline = models.DateTimeField(
        null=True, blank=True, help_text="Players cannot submit or change their fleet after this."
    )
    check_in_opens_minutes = models.PositiveSmallIntegerField(
        "Check-in opens (minutes before the start)",
        null=True,
        blank=True,
        help_text="Players check themselves in from this many minutes before the start time. Leave blank to open "
        "check-in by hand on the event page.",
    )
    check_in_opened_at = models.DateTimeField(
        null=True, blank=True, help_text="When the organizer opened check-in by hand (tournaments.access)."
    )
    check_in_closed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the organizer closed check-in by hand, until opened again."
    )
    votes_close_at = models.DateTimeField(
        null=True, blank=True, help_text="When Best Sportsmanship voting closes: set when the event is finished."
    )
    lists_public = models.BooleanField(
        "Fleets public once the event starts",
        default=False,
        help_text="Once the event starts, everyone sees every fleet. Otherwise players see only their opponents'.",
    )
    top_cut = models.PositiveSmallIntegerField(choices=TopCut.choices, default=TopCut.NONE)
    player_cap = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(2)],
        help_text="The most players who may register themselves; past it they join the waitlist in order.",
    )
    entry_fee = models.CharField(
        max_length=60,
        blank=True,
        help_text='As players should read it, for example "10 EUR" or "$15, free for juniors".',
    )
    prize_support = models.TextField(blank=True, help_text="One line per place, best first: what that place receives.")
    game_settings = models.JSONField(
        default=dict,
        blank=True,
        help_text="The game's own settings, as its settings form cleaned them (tournaments.games.settings).",
    )
    paper_size = models.CharField(
        "Paper",
        max_length=10,
        choices=PaperSize.choices,
        default=site_paper_size,
        help_text="Every printout of the event: pairings, match slips, standings and the players' sheets.",
    )
    organizer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organized_events")
    judges = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="judged_events")
    win_points = models.PositiveSmallIntegerField(default=3)
    tie_points = models.PositiveSmallIntegerField(default=1)
    loss_points = models.PositiveSmallIntegerField(default=0)
    tiebreaks = models.CharField(
        "Tie-breakers", max_length=30, choices=TieBreakPreset.choices, default=TieBreakPreset.DEFAULT
    )
    status = models.CharField(max_length=20, choices=EventStatus.choices, default=EventStatus.REGISTRATION)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "name"]
        indexes = [models.Index(fields=["status", "date"], name="event_status_date")]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    @property
    def has_started(self) -> bool:
        return self.status != EventStatus.REGISTRATION

    @property
    def is_running(self) -> bool:
        return self.status == EventStatus.RUNNING

    @property
    def uses_battle_points(self) -> bool:
        """Battle points are reported only where they rank players (the 2014 preset)."""
        return self.tiebreaks == TieBreakPreset.FAQ_2014

    @property
    def hours(self) -> str:
        """The time of day as pages and printouts show it, the zone named (:func:`tournaments.zones.event_hours`)."""
        return event_hours(self)

    @property
    def zone_name(self) -> str:
        """The time zone every time of the event is in (:func:`tournaments.zones.event_zone_name`)."""
        return event_zone_name(self)

    def swiss_rounds(self, player_count: int) -> int:
        """The planned number of Swiss rounds: the organizer's, else enough to find one undefeated player."""
        return self.planned_rounds or suggested_rounds(player_count)


def suggested_rounds(player_count: int) -> int:
    """ceil(log2(players)): after that many rounds at most one player can be undefeated."""
    return max(1, math.ceil(math.log2(player_count))) if player_count > 1 else 1
