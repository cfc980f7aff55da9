"""An event: one tournament on one day, with its settings and its staff."""

from __future__ import annotations

import math

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.paper import PaperSize, site_paper_size
from game_registry import game_choices

from ..zones import day_not_over, event_hours, event_zone_name


class EventStatus(models.TextChoices):
    REGISTRATION = "registration", _("Registration open")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")


class TopCut(models.IntegerChoices):
    NONE = 0, _("No top cut")
    TOP_2 = 2, _("Top 2")
    TOP_4 = 4, _("Top 4")
    TOP_8 = 8, _("Top 8")
    TOP_16 = 16, _("Top 16")


class TieBreakPreset(models.TextChoices):
    """The tie-breaker orders of :data:`rules.tournament.standings.TIEBREAK_PRESETS`, by the same keys."""

    DEFAULT = "default", _("Match points, fleet points, strength of schedule, head-to-head")
    FAQ_2014 = "faq-2014", _("Battle points, then match points, then fleet points (2014 FAQ ruling 31)")


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
    name = models.CharField(_("name"), max_length=120)
    game = models.CharField(_("game"), max_length=40, choices=game_choices)
    format = models.CharField(
        _("format"), max_length=40, help_text=_("The game's format the fleets are checked against.")
    )
    date = models.DateField(_("date"))
    start_time = models.TimeField(
        _("start time"), null=True, blank=True, help_text=_("When players should arrive to check in.")
    )
    end_time = models.TimeField(_("end time"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    store = models.ForeignKey(
        "stores.Store",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="events",
        verbose_name=_("store"),
        help_text=_("The store holding the event: its organizers run it and its judges help (stores.access)."),
    )
    planned_rounds = models.PositiveSmallIntegerField(
        _("planned rounds"), null=True, blank=True, help_text=_("Swiss rounds. Leave blank to use ceil(log2(players)).")
    )
    round_minutes = models.PositiveSmallIntegerField(_("round minutes"), default=90)
    submission_deadline = models.DateTimeField(
        _("submission deadline"),
        null=True,
        blank=True,
        help_text=_("Players cannot submit or change their fleet after this."),
    )
    check_in_opens_minutes = models.PositiveSmallIntegerField(
        _("Check-in opens (minutes before the start)"),
        null=True,
        blank=True,
        help_text=_(
            "Players check themselves in from this many minutes before the start time. Leave blank to open "
            "check-in by hand on the event page."
        ),
    )
    check_in_opened_at = models.DateTimeField(
        _("check-in opened at"),
        null=True,
        blank=True,
        help_text=_("When the organizer opened check-in by hand (tournaments.access)."),
    )
    check_in_closed_at = models.DateTimeField(
        _("check-in closed at"),
        null=True,
        blank=True,
        help_text=_("When the organizer closed check-in by hand, until opened again."),
    )
    votes_close_at = models.DateTimeField(
        _("votes close at"),
        null=True,
        blank=True,
        help_text=_("When Best Sportsmanship voting closes: set when the event is finished."),
    )
    lists_public = models.BooleanField(
        _("Fleets public once the event starts"),
        default=False,
        help_text=_("Once the event starts, everyone sees every fleet. Otherwise players see only their opponents'."),
    )
    top_cut = models.PositiveSmallIntegerField(_("top cut"), choices=TopCut.choices, default=TopCut.NONE)
    player_cap = models.PositiveSmallIntegerField(
        _("player cap"),
        null=True,
        blank=True,
        validators=[MinValueValidator(2)],
        help_text=_("The most players who may register themselves; past it they join the waitlist in order."),
    )
    entry_fee = models.CharField(
        _("entry fee"),
        max_length=60,
        blank=True,
        help_text=_('As players should read it, for example "10 EUR" or "$15, free for juniors".'),
    )
    prize_support = models.TextField(
        _("prize support"), blank=True, help_text=_("One line per place, best first: what that place receives.")
    )
    game_settings = models.JSONField(
        _("game settings"),
        default=dict,
        blank=True,
        help_text=_("The game's own settings, as its settings form cleaned them (tournaments.games.settings)."),
    )
    paper_size = models.CharField(
        _("Paper"),
        max_length=10,
        choices=PaperSize.choices,
        default=site_paper_size,
        help_text=_("Every printout of the event: pairings, match slips, standings and the players' sheets."),
    )
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="organized_events",
        verbose_name=_("organizer"),
    )
    judges = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="judged_events", verbose_name=_("judges")
    )
    win_points = models.PositiveSmallIntegerField(_("win points"), default=3)
    tie_points = models.PositiveSmallIntegerField(_("tie points"), default=1)
    loss_points = models.PositiveSmallIntegerField(_("loss points"), default=0)
    tiebreaks = models.CharField(
        _("Tie-breakers"), max_length=30, choices=TieBreakPreset.choices, default=TieBreakPreset.DEFAULT
    )
    status = models.CharField(_("status"), max_length=20, choices=EventStatus.choices, default=EventStatus.REGISTRATION)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    objects = EventQuerySet.as_manager()

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
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
