"""Writes of the card database files the site holds (:class:`~fleets.models.CardDatabase`).

Every import keeps the file it read, the catalog's source and the other builder's alike:
the other one translates that builder's ids (a Space Dock squad on a Utopia site), and both
name the edition a verdict used.
"""

from __future__ import annotations

import hashlib
import lzma

from django.utils import timezone

from .models import CardDatabase

PACK_PRESET = 1  # fast: a 1.2 MB file packs in ~35 ms to ~160 KB; the store never needs it smaller


def hold(*, data: bytes, source: str, origin: str, edition: str) -> CardDatabase:
    """Keep ``data``, an unpacked card file already read whole, as the site's ``source`` file."""
    held, _created = CardDatabase.objects.update_or_create(
        source=source,
        defaults={
            "packed": lzma.compress(data, preset=PACK_PRESET),
            "sha256": hashlib.sha256(data).hexdigest(),
            "origin": origin[:500],
            "edition": (edition or f"imported on {timezone.localdate().isoformat()}")[:200],
            "imported_at": timezone.now(),
        },
    )
    return held
