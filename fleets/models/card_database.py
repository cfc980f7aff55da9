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
from django.utils.translation import gettext_lazy as _

from .catalog import SOURCE_CHOICES


class CardDatabase(models.Model):
    """One builder's card file: its bytes (xz-compressed), checksum, origin and edition."""

    source = models.CharField(max_length=16, choices=SOURCE_CHOICES, unique=True, verbose_name=_("source"))
    packed = models.BinaryField(help_text=_("The file as imported, xz-compressed."), verbose_name=_("packed"))
    sha256 = models.CharField(
        max_length=64, help_text=_("SHA-256 of the file as imported (unpacked)."), verbose_name=_("sha256")
    )
    origin = models.CharField(
        max_length=500,
        help_text=_("Where it came from: bundled with Muster, a URL or a file."),
        verbose_name=_("origin"),
    )
    edition = models.CharField(
        max_length=200,
        help_text=_("Which edition, as a judge reads it, e.g. a commit and date."),
        verbose_name=_("edition"),
    )
    imported_at = models.DateTimeField(default=timezone.now, verbose_name=_("imported at"))

    class Meta:
        ordering = ["source"]
        verbose_name = _("card database")
        verbose_name_plural = _("card databases")

    def __str__(self) -> str:
        return f"{self.get_source_display()} cards, {self.edition}"

    def unpacked(self) -> bytes:
        return lzma.decompress(bytes(self.packed))
