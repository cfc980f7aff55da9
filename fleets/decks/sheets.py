"""The deck registration sheet: one PDF page a player hands in at an event.

It shows who plays what (player, event, date), the list with counts and
costs, the rules' totals and verdict, and the deck's verification code: the
keyed hash of the deck and its stored list file (:func:`fleets.codes.deck_code`),
so a judge can tell whether the sheet shows the list the player keeps on the
site. Everything is drawn from the same :class:`~fleets.decks.selectors.DeckView`
the builder shows; nothing here counts or judges.

A long list is shrunk to fit, so the sheet is always a single page.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from io import BytesIO
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepInFrame, PageBreak, Paragraph, Spacer, Table, TableStyle

from accounts.paper import COMMON_HEIGHT, COMMON_WIDTH, pdf_document

from ..violation_words import in_words
from .deck_kind import label
from .selectors import DeckView, Row

MARGIN = 15 * mm
# Laid out within what A4 and Letter share, so the sheet is the same one page on either paper.
CONTENT_WIDTH = COMMON_WIDTH - 2 * MARGIN
CONTENT_HEIGHT = COMMON_HEIGHT - 2 * MARGIN

_TEXT = ParagraphStyle("text", fontName="Helvetica", fontSize=9, leading=11)
_BOLD = ParagraphStyle("bold", parent=_TEXT, fontName="Helvetica-Bold")
_TITLE = ParagraphStyle("title", fontName="Helvetica-Bold", fontSize=16, leading=20, spaceAfter=4)
_CODE = ParagraphStyle("code", fontName="Courier-Bold", fontSize=16, leading=20)
_BAD = ParagraphStyle("bad", parent=_TEXT, textColor=colors.HexColor("#a00000"))
_HEAD = colors.HexColor("#d9d9d9")
_GRID = [
    ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ("FONT", (0, 0), (-1, -1), "Helvetica", 9),
    ("TOPPADDING", (0, 0), (-1, -1), 2),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
]


def _p(text: str, style: ParagraphStyle = _TEXT) -> Paragraph:
    """Text from the database goes through platypus' mini-markup, so it is escaped first."""
    return Paragraph(escape(text), style)


def sheet_columns(view: DeckView) -> list[str]:
    """The list table's headings: what the game counts decides which columns there are."""
    kind = view.kind
    columns = [_("Copies"), label(kind.line_noun), _("Details")]
    if any(row.cost is not None for row in view.rows):
        columns += [_("Cost"), _("Subtotal")]
    if kind.chosen_key:
        columns.append(kind.chosen_label)
    return columns


def sheet_cells(view: DeckView, row: Row) -> list[str]:
    cells = [str(row.count), row.name, row.details]
    if any(other.cost is not None for other in view.rows):
        cells += ["" if row.cost is None else str(row.cost), "" if row.subtotal is None else str(row.subtotal)]
    if view.kind.chosen_key:
        chosen = str(row.chosen) if row.chosen else ""
        cells.append(
            _("%(chosen)s (cost %(cost)s)") % {"chosen": chosen, "cost": row.chosen_cost}
            if chosen and row.chosen_cost
            else chosen
        )
    return cells


def _header(view: DeckView, *, player_name: str, email: str, event_name: str, on_date: date) -> Table:
    """Who plays what, where and when; the player's e-mail only where they chose to print it."""
    deck = view.deck
    rows = [
        [_p(_("Player"), _BOLD), _p(player_name), _p(_("Date"), _BOLD), _p(on_date.isoformat())],
        [_p(_("Event"), _BOLD), _p(event_name or "—"), _p(label(view.kind.side_noun), _BOLD), _p(view.side_label)],
        [_p(label(view.kind.noun), _BOLD), _p(deck.name), _p(_("Verification code"), _BOLD), _p(deck.code, _CODE)],
        *([[_p(_("E-mail"), _BOLD), _p(email), "", ""]] if email else []),
    ]
    table = Table(
        rows, colWidths=[0.14 * CONTENT_WIDTH, 0.42 * CONTENT_WIDTH, 0.18 * CONTENT_WIDTH, 0.26 * CONTENT_WIDTH]
    )
    table.setStyle(TableStyle([*_GRID, ("SPAN", (1, 3), (3, 3))] if email else _GRID))
    return table


def _list_table(view: DeckView) -> Table:
    columns = sheet_columns(view)
    rows = [
        [_p(column, _BOLD) for column in columns],
        *([_p(cell) for cell in sheet_cells(view, row)] for row in view.rows),
    ]
    if len(rows) == 1:
        rows.append(["", _p(_("(no %(noun)ss)") % {"noun": view.kind.line_noun}), *[""] * (len(columns) - 2)])
    narrow = 0.1 * CONTENT_WIDTH
    wide = (CONTENT_WIDTH - narrow * (len(columns) - 2)) / 2
    table = Table(rows, colWidths=[narrow, wide, wide, *[narrow] * (len(columns) - 3)], repeatRows=1)
    table.setStyle(TableStyle([*_GRID, ("BACKGROUND", (0, 0), (-1, 0), _HEAD)]))
    return table


def _totals(view: DeckView) -> Table:
    table = Table(
        [[_p(name, _BOLD), value] for name, value in view.totals],
        colWidths=[0.5 * CONTENT_WIDTH, 0.2 * CONTENT_WIDTH],
        hAlign="LEFT",
    )
    table.setStyle(TableStyle([*_GRID, ("ALIGN", (1, 0), (1, -1), "RIGHT")]))
    return table


def _verdict(view: DeckView) -> list:
    if view.report.legal:
        return [_p(_("Legal: the list breaks none of the rules checked."), _BOLD)]
    broken = len(view.report.violations)
    return [
        _p(
            ngettext("Not legal — %(count)d rule(s) broken:", "Not legal — %(count)d rule(s) broken:", broken)
            % {"count": broken},
            _BOLD,
        ),
        *(_p(str(problem), _BAD) for problem in in_words(view.report.violations)),
    ]


def _section(view: DeckView) -> list:
    """A fleet's destroyed ships, the one part of a list file that is neither a line nor a chosen copy."""
    kind = view.kind
    names = kind.section(view.deck.content) if not kind.chosen_key else {}
    if not names:
        return []
    earlier = _("%(section)s earlier: %(names)s") % {
        "section": label(kind.section_label),
        "names": ", ".join(sorted(names)),
    }
    return [_p(earlier)]


def deck_sheet_story(*, view: DeckView, player_name: str, email: str = "", event_name: str = "", on_date: date) -> list:
    """The flowables of one registration sheet, shrunk to fit one page."""
    deck = view.deck
    story = [
        _p(_("%(game)s — registration sheet") % {"game": view.kind.name}, _TITLE),
        _header(view, player_name=player_name, email=email, event_name=event_name, on_date=on_date),
        Spacer(1, 8),
        _list_table(view),
        *_section(view),
        Spacer(1, 8),
        _totals(view),
        Spacer(1, 6),
        *_verdict(view),
        Spacer(1, 10),
        _p(
            _(
                "Verification code %(code)s: a short keyed hash of this deck's list. A changed list has "
                "another code, and so has another player's identical list."
            )
            % {"code": deck.code}
        ),
        Spacer(1, 14),
        _p(_("Judge's initials: ____________")),
    ]
    return [KeepInFrame(CONTENT_WIDTH, CONTENT_HEIGHT - 1, story, mode="shrink")]


def render_deck_sheet(
    *,
    view: DeckView,
    player_name: str,
    email: str = "",
    event_name: str = "",
    on_date: date,
    paper: str | None = None,
) -> bytes:
    """The registration sheet of the deck in ``view`` as PDF bytes (always one page) on ``paper``."""
    deck = view.deck
    buffer = BytesIO()
    document = pdf_document(
        buffer,
        paper,
        margin=MARGIN,
        title=_("Registration sheet — %(deck)s") % {"deck": deck.name},
        author=player_name,
        subject=_("Verification code %(code)s") % {"code": deck.code},
    )
    document.build(
        deck_sheet_story(view=view, player_name=player_name, email=email, event_name=event_name, on_date=on_date)
    )
    return buffer.getvalue()


def render_deck_sheets(stories: Iterable[list], *, title: str, paper: str | None = None) -> bytes:
    """Many registration sheets in one PDF, one page each (an event's, to print at the venue)."""
    flowables = []
    for story in stories:
        if flowables:
            flowables.append(PageBreak())
        flowables += story
    if not flowables:
        flowables = [_p(_("No list has been submitted."))]
    buffer = BytesIO()
    pdf_document(buffer, paper, margin=MARGIN, title=title).build(flowables)
    return buffer.getvalue()
