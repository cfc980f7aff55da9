"""Snapshots: the event's JSON export written to a folder after every change a running event must not
lose (a confirmed result, a correction, a pairing, pairing again, a swap, a reopened round, the finish),
so an event outlives the laptop it runs on: ``manage.py import_event`` on another machine takes the
newest file and the event carries on where it stopped (README, "If the laptop dies").

The folder is the ``EVENT_SNAPSHOTS`` setting (none: no snapshots). Each event keeps its newest
:data:`KEEP` files, ``event-<id>-<UTC time>.json``. A file is written whole under a temporary name
and renamed, so a crash mid-write never leaves half an export behind the newest name. It is written
once the change commits (a change rolled back leaves no snapshot), and a failure to write it (a full
or missing disk) is logged and never fails the change: the result is in the database either way.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.db import transaction

from ..exports import event_json
from ..models import Event

KEEP = 20  # files per event: a whole evening's changes of a small event, the last hour of a large one

logger = logging.getLogger(__name__)


def event_snapshot_on_commit(event: Event) -> None:
    """Write ``event``'s snapshot when the caller's transaction commits (nothing when snapshots are off)."""
    if not settings.EVENT_SNAPSHOTS:
        return
    event_id, folder = event.pk, Path(settings.EVENT_SNAPSHOTS)
    # Robust: anything else going wrong in the export is logged too, and the change stands.
    transaction.on_commit(lambda: write_snapshot(event_id=event_id, folder=folder), robust=True)


def write_snapshot(*, event_id: int, folder: Path) -> Path | None:
    """Write the event's export into ``folder`` and drop its files beyond the newest :data:`KEEP`;
    the file written, or ``None`` when the disk refused it (logged)."""
    event = Event.objects.select_related("organizer", "store").get(pk=event_id)
    text = json.dumps(event_json(event), indent=2) + "\n"
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S.%fZ")
    path = folder / f"event-{event_id}-{stamp}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomically(path, text)
        for old in sorted(folder.glob(f"event-{event_id}-*.json"))[:-KEEP]:
            old.unlink(missing_ok=True)
    except OSError as error:
        logger.error("The snapshot of event %s could not be written to %s: %s", event_id, folder, error)
        return None
    return path


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, on the disk, then rename it to ``path``."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
