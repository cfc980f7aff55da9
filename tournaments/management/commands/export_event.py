"""``manage.py export_event EVENT_ID [--format json|csv] [--output PATH]``.

Writes the whole event -- settings, players with their exact fleets or submitted
decks, every round, match, report and result, the standings -- as the event page's
JSON export (default) or its CSV (one row per player per round), to standard output
or a file. A submitted deck travels as the event's frozen copy only: which of the
player's own decks it came from is not exported, so the import links it to none.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from ...exports import event_csv, event_json
from ...models import Event


class Command(BaseCommand):
    help = "Export one event as JSON (everything) or CSV (one row per player per round)."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("--format", choices=("json", "csv"), default="json")
        parser.add_argument("--output", metavar="PATH", help="write here instead of standard output")

    def handle(self, *args, event_id: int, format: str, output: str | None, **options):
        try:
            event = Event.objects.select_related("organizer").get(pk=event_id)
        except Event.DoesNotExist:
            raise CommandError(f"No event has id {event_id}.") from None
        text = event_csv(event) if format == "csv" else json.dumps(event_json(event), indent=2) + "\n"
        if output:
            Path(output).write_text(text, encoding="utf-8")
            self.stderr.write(f"Wrote {event.name} to {output}")
        else:
            self.stdout.write(text, ending="")
