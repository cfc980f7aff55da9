"""The paper every printout is laid out for: A4 or US Letter.

An event prints on one paper (``Event.paper_size``); a sheet printed outside an
event uses the site's (``MUSTER_PAPER_SIZE``). The papers are named here once,
for the event form, the settings check and every PDF.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from reportlab.lib.pagesizes import A4, letter
from reportlab.platypus import SimpleDocTemplate


class PaperSize(models.TextChoices):
    A4 = "A4", _("A4 (210 × 297 mm)")
    LETTER = "Letter", _("Letter (8.5 × 11 in)")


PAGE_SIZES: dict[str, tuple[float, float]] = {PaperSize.A4: A4, PaperSize.LETTER: letter}
# What both papers hold: a sheet drawn within it fits either page, whichever the event prints on.
COMMON_WIDTH = min(width for width, _ in PAGE_SIZES.values())
COMMON_HEIGHT = min(height for _, height in PAGE_SIZES.values())


def site_paper_size() -> str:
    """The site's paper (``MUSTER_PAPER_SIZE``): new events start with it, sheets outside events use it."""
    return settings.MUSTER_PAPER_SIZE


def page_size(paper: str | None = None) -> tuple[float, float]:
    """(width, height) in points of ``paper`` (a :class:`PaperSize`), or of the site's paper."""
    return PAGE_SIZES[paper or site_paper_size()]


def pdf_document(buffer, paper: str | None, *, margin: float, **metadata: str) -> SimpleDocTemplate:
    """A PDF written to ``buffer`` on ``paper`` (an event's; None: the site's) with ``margin`` on every
    side; ``metadata`` is the PDF's title, author and subject. Every printout starts here, so each
    one honours the event's paper."""
    return SimpleDocTemplate(
        buffer,
        pagesize=page_size(paper),
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin,
        bottomMargin=margin,
        **metadata,
    )
