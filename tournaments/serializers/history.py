"""The event's history in the export: result changes, submission changes, staff changes and rounds paired again."""

from __future__ import annotations

from django.utils.translation import gettext

from ..models import ResultChange, RoundChange, StaffChange, SubmissionChange
from .base import Column, Entity, Record, is_whole
from .problems import Problems


class ResultChangeEntity(Entity):
    """A change to a match's result; the match is named by its round number and table."""

    model = ResultChange
    columns = (
        Column("action", "action"),
        Column("changed_by", "changed_by"),
        Column("changed_at", "changed_at"),
        Column("before", "before"),
        Column("after", "after"),
    )

    def to_dict(self, change) -> dict:
        return {"round": change.match.round.number, "table": change.match.table, **super().to_dict(change)}

    def check(self, record: Record, data: dict, problems: Problems) -> None:
        number, table = data.get("round"), data.get("table")
        if not is_whole(number) or not (table is None or is_whole(table)):
            problems.add(record.where, gettext("must name its match by round number and table"))
        else:
            record.extra["match"] = (number, table)


class SubmissionChangeEntity(Entity):
    model = SubmissionChange
    columns = (
        Column("player", "player"),
        Column("changed_by", "changed_by"),
        Column("changed_at", "changed_at"),
        Column("action", "action"),
        Column("before", "before"),
        Column("after", "after"),
    )


class StaffChangeEntity(Entity):
    """A judge appointed to the event or removed from it, and by whom."""

    model = StaffChange
    columns = (
        Column("person", "person"),
        Column("changed_by", "changed_by"),
        Column("changed_at", "changed_at"),
        Column("action", "action"),
    )


class RoundChangeEntity(Entity):
    """A round paired again, by whom, and the tables it threw away (as they were recorded)."""

    model = RoundChange
    columns = (
        Column("round_number", "round_number"),
        Column("changed_by", "changed_by"),
        Column("changed_at", "changed_at"),
        Column("action", "action"),
        Column("removed", "removed"),
    )


RESULT_CHANGE = ResultChangeEntity()
ROUND_CHANGE = RoundChangeEntity()
SUBMISSION_CHANGE = SubmissionChangeEntity()
STAFF_CHANGE = StaffChangeEntity()
