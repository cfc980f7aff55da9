"""What happened at an event: result changes, list submissions, reports, in words and as JSON."""

from __future__ import annotations

import json
from collections import defaultdict

from ..models import (
    Event,
    ResultChange,
    ResultReport,
    SubmissionChange,
)


def event_history(event: Event) -> list[ResultChange]:
    """Every result change of the event, newest first, with the JSON shown as text."""
    changes = list(
        ResultChange.objects.filter(match__round__event=event)
        .select_related("changed_by", "match__round")
        .order_by("-changed_at", "-pk")
    )
    for change in changes:
        change.before_text = json.dumps(change.before, sort_keys=True)
        change.after_text = json.dumps(change.after, sort_keys=True)
    return changes


def event_submission_history(event: Event) -> list[SubmissionChange]:
    """Every list submission, replacement and withdrawal of the event, oldest first."""
    return list(SubmissionChange.objects.filter(event=event).select_related("player", "changed_by"))


def event_history_json(event: Event) -> list[dict]:
    """Every result change of the event, oldest first, as plain data (for the JSON export)."""
    changes = (
        ResultChange.objects.filter(match__round__event=event)
        .select_related("changed_by", "match__round")
        .order_by("changed_at", "pk")
    )
    return [
        {
            "round": change.match.round.number,
            "table": change.match.table,
            "action": change.action,
            "changed_by": change.changed_by.get_username(),
            "changed_at": change.changed_at.isoformat(),
            "before": change.before,
            "after": change.after,
        }
        for change in changes
    ]


def event_reports(event: Event) -> dict[int, list[dict]]:
    """Every player report of the event by match id, as plain data (for the JSON export)."""
    reports: dict[int, list[dict]] = defaultdict(list)
    for report in ResultReport.objects.filter(match__round__event=event).select_related("reported_by"):
        reports[report.match_id].append(
            {
                "seat": report.seat,
                "reported_by": report.reported_by.get_username(),
                "reported_at": report.reported_at.isoformat(),
                "result": report.result,
            }
        )
    return reports
