"""Seasons (a store's league over a period), players' record settings and their rating history.

A season belongs to one store, or to a group of stores of a region; it counts one game's
events (all its formats, or the ones chosen) between two dates: every event of its stores
in the period, or only the events its organizers chose. Its points table and qualification
are :class:`rules.tournament.seasons.PointsTable` and :class:`rules.tournament.seasons.Qualification`, kept as
fields so organizers edit them on a form.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from game_registry import game_choices
from rules.inputs.integers import read_int
from rules.tournament.seasons import DEFAULT_PLACING, PointsTable, Qualification


def default_placing() -> str:
    return ", ".join(str(points) for points in DEFAULT_PLACING)


MAX_PLACING_POINTS = 1000


def parse_placing(text: str) -> tuple[int, ...]:
    """``"10, 7, 5"`` -> ``(10, 7, 5)``; anything but whole numbers of 0 or more is a ValidationError."""
    points = [read_int(part.strip(), high=MAX_PLACING_POINTS) for part in text.split(",") if part.strip()]
    if None in points:
        raise ValidationError(
            gettext("Placing points are whole numbers from 0 to %(most)d, separated by commas (10, 7, 5).")
            % {"most": MAX_PLACING_POINTS}
        )
    if len(points) > 64:
        raise ValidationError(gettext("Placing points go to 64th place at most."))
    return tuple(points)


class Season(models.Model):
    name = models.CharField(_("name"), max_length=120)
    stores = models.ManyToManyField(
        "stores.Store",
        verbose_name=_("stores"),
        related_name="seasons",
        help_text=_("One store, or the stores of a region playing one league."),
    )
    region = models.CharField(
        _("region"), max_length=100, blank=True, help_text=_("The region's name, for a season of several stores.")
    )
    game = models.CharField(_("game"), max_length=40, choices=game_choices)
    formats = models.JSONField(
        _("formats"), default=list, blank=True, help_text=_("Format keys counted; empty counts every format.")
    )
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"))
    every_event = models.BooleanField(
        _("Every event of the stores in the period"),
        default=True,
        help_text=_("Otherwise only the events chosen below count."),
    )
    events = models.ManyToManyField("tournaments.Event", verbose_name=_("events"), blank=True, related_name="seasons")
    participation_points = models.PositiveSmallIntegerField(
        _("participation points"), default=PointsTable().participation
    )
    win_points = models.PositiveSmallIntegerField(_("Points per win"), default=PointsTable().per_win)
    tie_points = models.PositiveSmallIntegerField(_("Points per tie"), default=PointsTable().per_tie)
    placing_points = models.CharField(
        _("placing points"),
        max_length=300,
        default=default_placing,
        help_text=_("Points for 1st, 2nd, 3rd ... place, separated by commas; later places earn none."),
    )
    best_events = models.PositiveSmallIntegerField(
        _("Best events counted"), null=True, blank=True, help_text=_("Count only each player's best this many events.")
    )
    qualify_top = models.PositiveSmallIntegerField(
        _("Top ranks qualify"), null=True, blank=True, help_text=_("The championship takes this many top ranks.")
    )
    qualify_points = models.PositiveIntegerField(
        _("Points to qualify"), null=True, blank=True, help_text=_("Everyone with this many points qualifies.")
    )
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-ends_on", "name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_on__gte=models.F("starts_on")), name="season_ends_after_start"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self):
        if self.starts_on and self.ends_on and self.ends_on < self.starts_on:
            raise ValidationError({"ends_on": gettext("A season ends on or after the day it starts.")})
        parse_placing(self.placing_points)

    @property
    def points_table(self) -> PointsTable:
        return PointsTable(
            participation=self.participation_points,
            per_win=self.win_points,
            per_tie=self.tie_points,
            placing=parse_placing(self.placing_points),
            best_events=self.best_events,
        )

    @property
    def qualification(self) -> Qualification:
        return Qualification(top=self.qualify_top, threshold=self.qualify_points)


class RecordSetting(models.Model):
    """A player's choice about their public record page (no row: the page is public)."""

    player = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="record_setting")
    hidden = models.BooleanField(_("Hide my record page"), default=False)

    def __str__(self) -> str:
        return f"{self.player_id}: {'hidden' if self.hidden else 'public'}"


class RatingPoint(models.Model):
    """A player's rating in a game after an event (:class:`rules.tournament.ratings.RatingPoint`): its history."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_points")
    game = models.CharField(max_length=40, choices=game_choices)
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="rating_points")
    day = models.DateField()
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField()
    rating = models.IntegerField(help_text="The shown rating: 1000 + 40 x (mu - 3 sigma).")

    class Meta:
        ordering = ["player", "game", "day", "event"]
        constraints = [models.UniqueConstraint(fields=["player", "event"], name="one_rating_point_per_event")]
        indexes = [models.Index(fields=["game", "player", "day"], name="rating_point_history")]

    def __str__(self) -> str:
        return f"{self.player_id} {self.game} {self.rating} after {self.event_id}"


class FactionFigures(models.Model):
    """One faction's figures (:class:`rules.tournament.meta.FactionTally`, lists), at an event or over a period."""

    faction = models.TextField()
    lists = models.PositiveIntegerField()
    games = models.PositiveIntegerField()
    wins = models.PositiveIntegerField()
    ties = models.PositiveIntegerField()

    class Meta:
        abstract = True


class EventFactionTally(FactionFigures):
    """One faction at one finished event, from its public lists only: the lists declaring it and its
    games against other factions (:class:`rules.tournament.meta.FactionTally`).

    The meta of a game's years adds these up in one query instead of reading every list and game
    again. They are stored with the event's final standings (:data:`tournaments.signals.final_standings_stored`:
    finishing, a correction after the finish, ``manage.py final_standings``); a finished event's
    lists stay public or hidden for good, so which lists count never changes afterwards.
    """

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="faction_tallies")

    class Meta:
        ordering = ["event", "faction"]
        constraints = [models.UniqueConstraint(fields=["event", "faction"], name="one_tally_per_event_faction")]

    def __str__(self) -> str:
        return f"{self.faction} at {self.event_id}: {self.lists} lists, {self.wins}/{self.games}"


class EventCardTally(models.Model):
    """One card at one finished event, from its public lists only: how many of them hold it (a
    fleet holding the card on any ship, a deck holding it in any number), for the meta's most played
    cards. ``kind`` is one of the ``card_roles`` a fleet game names (``ship``, ``captain``, ``upgrades``)
    or ``cards`` for a deck game; ``card`` the catalog id (a deck card's name) and ``name`` the name
    shown, which reprints share.

    Stored beside :class:`EventFactionTally`, in the same transaction and for the same reasons: the
    meta of years of events adds these up in one query instead of reading every list's contents."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="card_tallies")
    kind = models.CharField(max_length=20)
    card = models.TextField()
    name = models.TextField()
    lists = models.PositiveIntegerField()

    class Meta:
        ordering = ["event", "kind", "card"]
        constraints = [models.UniqueConstraint(fields=["event", "kind", "card"], name="one_tally_per_event_card")]

    def __str__(self) -> str:
        return f"{self.kind} {self.name} at {self.event_id}: {self.lists} lists"


class MetaPeriod(models.Model):
    """One game and format over one calendar month or year: its finished events' tallies added up.

    The meta of years of events reads these instead of every event's tallies (a year of a busy
    community holds hundreds of thousands of card tallies); only the days of a chosen period that
    do not make whole months are read event by event (:func:`rules.tournament.meta.calendar_cover`). They are
    refreshed with the tallies of the events they hold, each month from its events and each year
    from its months (:func:`seasons.services.meta_periods_refresh`); a finished event's date,
    game and format never change, so an event never moves between periods."""

    MONTH = "month"
    YEAR = "year"
    SPANS = ((MONTH, _("Month")), (YEAR, _("Year")))

    game = models.CharField(max_length=40)
    format = models.CharField(max_length=40, blank=True)
    span = models.CharField(max_length=5, choices=SPANS)
    start = models.DateField(help_text="The first day of the month or year.")
    events = models.PositiveIntegerField(default=0)
    lists = models.PositiveIntegerField(default=0, help_text="Public lists at those events.")

    class Meta:
        ordering = ["game", "format", "span", "start"]
        constraints = [
            models.UniqueConstraint(fields=["game", "format", "span", "start"], name="one_meta_period"),
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.format} {self.span} of {self.start}: {self.events} events"


class PeriodFactionTally(FactionFigures):
    """:class:`EventFactionTally` added up over a :class:`MetaPeriod`."""

    period = models.ForeignKey(MetaPeriod, on_delete=models.CASCADE, related_name="faction_tallies")

    class Meta:
        ordering = ["period", "faction"]
        constraints = [models.UniqueConstraint(fields=["period", "faction"], name="one_tally_per_period_faction")]

    def __str__(self) -> str:
        return f"{self.faction} in {self.period_id}: {self.lists} lists"


class PeriodCardTally(models.Model):
    """:class:`EventCardTally` added up over a :class:`MetaPeriod`, by the name shown (the meta ranks
    names: reprints of a card count as one)."""

    period = models.ForeignKey(MetaPeriod, on_delete=models.CASCADE, related_name="card_tallies")
    kind = models.CharField(max_length=20)
    name = models.TextField()
    lists = models.PositiveIntegerField()

    class Meta:
        ordering = ["period", "kind", "name"]
        constraints = [models.UniqueConstraint(fields=["period", "kind", "name"], name="one_tally_per_period_card")]

    def __str__(self) -> str:
        return f"{self.kind} {self.name} in {self.period_id}: {self.lists} lists"
