"""A round in the export: its matches (a table or a bye), their sides and the players' reports."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from ..models import Match, MatchSide, Outcome, ResultReport, Round
from .base import Column, Entity, Record, check_unique, read_children
from .problems import Problems


class SideEntity(Entity):
    model = MatchSide
    columns = (
        Column("seat", "seat"),
        Column("player", "registration"),
        Column("side", "side", ""),
        Column("outcome", "outcome"),
        Column("fleet_points", "fleet_points"),
        Column("battle_points", "battle_points", 0),
        Column("losses", "losses"),
        Column("opponent_build_verified_at", "opponent_build_verified_at"),
    )

    def check(self, record: Record, data: dict, problems: Problems) -> None:
        if data.get("seat") not in (1, 2):
            problems.add(f"{record.where}.seat", gettext("must be 1 or 2"))
        if record.instance.outcome not in ("", *Outcome.values):
            problems.add(
                f"{record.where}.outcome",
                gettext("must be one of %(outcomes)s or empty") % {"outcomes": ", ".join(Outcome.values)},
            )


class ReportEntity(Entity):
    model = ResultReport
    columns = (
        Column("seat", "seat"),
        Column("reported_by", "reported_by"),
        Column("reported_at", "reported_at", None),
        Column("result", "result"),
    )

    def check(self, record: Record, data: dict, problems: Problems) -> None:
        if data.get("seat") not in (1, 2):
            problems.add(f"{record.where}.seat", gettext("must be 1 or 2"))


class MatchEntity(Entity):
    """One table, or a bye (no table); its sides and its players' reports."""

    model = Match
    columns = (
        Column("table", "table"),
        Column("status", "status"),
        Column("result", "result", None),
        Column("bye_reason", "bye_reason", ""),  # why this player got the bye, as the round page says
    )

    def to_dict(self, match, sides=(), reports=()) -> dict:
        return {
            **super().to_dict(match),
            "sides": [SIDE.to_dict(side) for side in sides],
            "reports": [REPORT.to_dict(report) for report in reports],
        }

    def check(self, record: Record, data: dict, problems: Problems) -> None:
        table = record.instance.table
        if isinstance(table, int) and table < 1:
            problems.add(f"{record.where}.table", gettext("must be 1 or more (or null for a bye)"))
        sides = record.children["sides"] = read_children(SIDE, data, "sides", record.where, problems)
        reports = record.children["reports"] = read_children(REPORT, data, "reports", record.where, problems)
        check_unique(sides, lambda side: side.instance.seat, pgettext("in an event file", "seat"), problems)
        check_unique(reports, lambda report: report.instance.seat, pgettext("in an event file", "seat"), problems)
        if not 1 <= len(sides) <= 2:
            problems.add(f"{record.where}.sides", gettext("must hold one side (a bye) or two"))


class RoundEntity(Entity):
    model = Round
    columns = (
        Column("number", "number"),
        Column("stage", "stage"),
        Column("paired_at", "paired_at", None),
        Column("paired_by", "paired_by", None),
        Column("pairing_attempt", "pairing_attempt", 0),
        Column("clock_started_at", "clock_started_at", None),
    )

    def check(self, record: Record, data: dict, problems: Problems) -> None:
        number = record.instance.number
        if isinstance(number, int) and number < 1:
            problems.add(f"{record.where}.number", gettext("must be 1 or more"))
        matches = record.children["matches"] = read_children(MATCH, data, "matches", record.where, problems)
        check_unique(matches, lambda match: match.instance.table, pgettext("in an event file", "table"), problems)
        check_unique(
            [side for match in matches for side in match.children["sides"]],
            lambda side: side.players.get("registration"),
            pgettext("in an event file", "player"),
            problems,
            what=gettext("is seated twice in this round"),
        )


SIDE = SideEntity()
REPORT = ReportEntity()
MATCH = MatchEntity()
ROUND = RoundEntity()
