"""The card database file the site holds from each fleet builder, as it was imported.

The catalog's cards (:class:`~fleets.models.catalog.Card`) come from one builder's file; the
other builder's file is kept here too, so a Space Dock squad on a Utopia site (or a Utopia
link on a Space Dock site) is translated card by card through the crosswalk instead of
losing cards. Both rows also tell a judge which edition of the cards a verdict used.
"""

from __future__ import annotations

import lzma

from django.db import models
from django.utils import timezone

from .catalog import SOURCE_CHOICES


class CardDatabase(models.Model):
    """One builder's card file: its bytes (xz-compressed), checksum, origin and edition."""

    source = models.CharField(max_length=16, choices=SOURCE_CHOICES, unique=True)
    packed = models.BinaryField(help_text="The file as imported, xz-compressed.")
    sha256 = models.CharField(max_length=64, help_text="SHA-256 of the file as imported (unpacked).")
    origin = models.CharField(max_length=500, help_text="Where it came from: bundled with Muster, a URL or a file.")
    edition = models.CharField(max_length=200, help_text="Which edition, as a judge reads it, e.g. a commit and date.")
    imported_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["source"]

    def __str__(self) -> str:
        return f"{self.get_source_display()} cards, {self.edition}"

    def unpacked(self) -> bytes:
        return lzma.decompress(bytes(self.packed))
