"""The Fleet Build Sheet as a one-page PDF, laid out like WizKids' official sheet.

Seed 003, "Suggested tournament format": players record their fleet on a Fleet
Build Sheet at the start of a tournament, and at the start of every battle round
the opponent verifies the build and signs off on it. So the sheet has the
player's details, one block per ship (Type, Card Title, Faction, SP, with faction
penalties shown), the Resource, the totals (Ship 1–4, Resource, Other, Total) and
three battle rounds to fill in by hand.

Every printed sheet carries its version's verification code and a QR code of the
public verification page, where a judge sees whether this sheet is the version
the player submitted (and, if the judge may see it, the list to compare); the
sheet also names the page where the code alone can be typed in by hand. Costs are the version's price
(:func:`fleets.selectors.version_price`: as judged when it was submitted, with the cards that priced it);
nothing is priced here. Whoever prints it, a submitted version's sheet names its event
(:func:`sheet_event`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from io import BytesIO
from xml.sax.saxutils import escape

import qrcode
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from accounts.paper import COMMON_WIDTH, pdf_document

from .access import fleet_submissions
from .models import FleetVersion
from .selectors import CardLine, FleetCheck, ShipLines, catalog_edition, faction_label, version_price
from .violation_words import in_words

MARGIN = 0.4 * inch
# Laid out within what A4 and Letter share, so the sheet is the same one page on either paper.
CONTENT_WIDTH = COMMON_WIDTH - 2 * MARGIN
SHIPS_ON_TOTALS = 4  # the sheet totals Ship 1-4; further ships (squadrons, shuttles) count as Other
GAP = 10
BLOCK_WIDTH = (CONTENT_WIDTH - GAP) / 2
QR_SIZE = 0.95 * inch
ROUNDS = 3
ROUND_ROWS = (
    gettext_lazy("Opponent's Name"),
    gettext_lazy("Opponent's Initials (Verify Build)"),
    gettext_lazy("Your Result (W-L-B)"),
    gettext_lazy("Your Fleet Points"),
    gettext_lazy("Cumulative Fleet Points"),
    gettext_lazy("Opponent's Initials (Verify Results)"),
)
SMALLEST_FONT = 5.5  # a heading shrinks to fit its column, never below this

_TEXT = ParagraphStyle("text", fontName="Helvetica", fontSize=7.5, leading=9)
_BOLD = ParagraphStyle("bold", parent=_TEXT, fontName="Helvetica-Bold")
_TITLE = ParagraphStyle("title", fontName="Helvetica-Bold", fontSize=15, leading=18)
_SMALL = ParagraphStyle("small", parent=_TEXT, fontSize=6.5, leading=8, textColor=colors.HexColor("#444444"))
# Ship blocks are the bulk of the page: a smaller face keeps four ships of six-plus upgrades on it.
_CARD = ParagraphStyle("card", parent=_TEXT, fontSize=6.8, leading=7.8)
_GRID = [
    ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ("FONT", (0, 0), (-1, -1), "Helvetica", 7.5),
    ("TOPPADDING", (0, 0), (-1, -1), 1.5),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ("LEFTPADDING", (0, 0), (-1, -1), 3),
    ("RIGHTPADDING", (0, 0), (-1, -1), 3),
]
_BLOCK_HEAD = ParagraphStyle("block-head", parent=_BOLD, fontSize=7, leading=8.4)
_HEAD = colors.HexColor("#d9d9d9")
CELL_PADDING = 3  # the grid's padding left and right of a cell's text


def _p(text: str, style: ParagraphStyle = _TEXT) -> Paragraph:
    """A wrapping cell: long card names break onto a second line instead of overflowing."""
    return Paragraph(escape(text), style)


def _fit(text: str, style: ParagraphStyle, width: float) -> str | Paragraph:
    """A cell's text: plain when it fits on one line of a column ``width`` wide, else a wrapping Paragraph.

    ReportLab draws plain text for a fraction of a Paragraph's cost (which parses markup and breaks
    lines), and most cells are short; an event's 256 sheets hold some 16,000 cells. The table's style
    gives the plain text the Paragraph's face (:func:`_font`), so both look the same."""
    if stringWidth(text, style.fontName, style.fontSize) <= width - 2 * CELL_PADDING:
        return text
    return _p(text, style)


def _shrunk(text: str, style: ParagraphStyle, width: float) -> str | Paragraph:
    """A cell's text on one line of a column ``width`` wide: plain when it fits in ``style``, else in a
    smaller face (down to :data:`SMALLEST_FONT`, wrapping only below that), so a longer German heading
    stays inside its fixed row."""
    measured = stringWidth(text, style.fontName, style.fontSize)
    room = width - 2 * CELL_PADDING
    if measured <= room:
        return text
    size = max(SMALLEST_FONT, style.fontSize * room / measured)
    smaller = ParagraphStyle(
        f"{style.name}-{size:.2f}", parent=style, fontSize=size, leading=size * style.leading / style.fontSize
    )
    return _p(text, smaller)


def _font(first: tuple[int, int], last: tuple[int, int], style: ParagraphStyle) -> tuple:
    """The table style command that sets plain text in ``style``'s face, size and leading."""
    return ("FONT", first, last, style.fontName, style.fontSize, style.leading)


def sp_text(line: CardLine) -> str:
    """The SP of a card in Muster's text list, with its faction penalty shown, e.g. ``4 (+1)``: the
    format other tools read back (``rules.attack_wing.interchange.muster``); the sheet adds up every step."""
    return f"{line.cost} (+{line.penalty})" if line.penalty else str(line.cost)


EXPLAINED = gettext_lazy(
    "Under a card whose SP is not its printed cost: the printed cost, each adjustment "
    "(“its text”: the card's own text) and the SP"
)


def _title_cell(title: str, line: CardLine, width: float) -> str | Paragraph | list[Paragraph]:
    """The card's title, and under it in small print how its SP add up, for a judge to check by hand."""
    if not line.breakdown:
        return _fit(title, _CARD, width)
    return [_p(title, _CARD), _p(line.breakdown, _SMALL)]


def card_title(line: CardLine) -> str:
    """Generic ships share a name ("Federation Starship"), so ships carry their class too."""
    if line.role == "ship" and line.card.ship_class:
        return f"{line.card.name} ({line.card.ship_class})"
    return line.card.name


def _ship_block(ship: ShipLines) -> Table:
    heading = _("Ship %(number)s") % {"number": ship.number} + (" (Blind Booster)" if ship.entry.blind_booster else "")
    widths = [0.15 * BLOCK_WIDTH, 0.57 * BLOCK_WIDTH, 0.17 * BLOCK_WIDTH, 0.11 * BLOCK_WIDTH]
    heads = [_("Type"), _("Card Title"), _("Faction"), _("SP")]
    rows = [
        [heading, "", "", ""],
        [_shrunk(head, _BLOCK_HEAD, width) for head, width in zip(heads, widths, strict=True)],
        *(
            [
                _fit(line.type_label, _CARD, widths[0]),
                _title_cell(card_title(line), line, widths[1]),
                _fit(line.factions, _CARD, widths[2]),
                str(line.cost),
            ]
            for line in ship.lines
        ),
        ["", _("Ship %(number)s total") % {"number": ship.number}, "", str(ship.cost)],
    ]
    table = Table(rows, colWidths=widths)
    table.setStyle(
        TableStyle(
            [
                *_GRID,
                ("SPAN", (0, 0), (-1, 0)),
                ("BACKGROUND", (0, 0), (-1, 1), _HEAD),
                _font((0, 0), (-1, 0), _BOLD),
                _font((0, 1), (-1, 1), _BLOCK_HEAD),
                _font((0, 2), (-1, -2), _CARD),
                ("TOPPADDING", (0, 2), (-1, -2), 1),
                ("BOTTOMPADDING", (0, 2), (-1, -2), 1),
                ("ALIGN", (-1, 0), (-1, -1), "RIGHT"),
                _font((0, -1), (-1, -1), _BOLD),
            ]
        )
    )
    return table


def _ship_grid(check: FleetCheck) -> Table | Spacer:
    blocks = [_ship_block(ship) for ship in check.ships]
    if not blocks:
        return Spacer(1, 0)
    if len(blocks) % 2:
        blocks.append("")
    rows = [[blocks[i], "", blocks[i + 1]] for i in range(0, len(blocks), 2)]
    grid = Table(rows, colWidths=[BLOCK_WIDTH, GAP, BLOCK_WIDTH])
    grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("BOTTOMPADDING", (0, 0), (-1, -1), 6)]))
    for padding in ("LEFTPADDING", "RIGHTPADDING", "TOPPADDING"):
        grid.setStyle(TableStyle([(padding, (0, 0), (-1, -1), 0)]))
    return grid


def sheet_totals(check: FleetCheck) -> list[tuple[str, int | None]]:
    """(label, SP) rows of the totals box; a ship the fleet does not have is left blank."""
    costs = [ship.cost for ship in check.ships]
    rows: list[tuple[str, int | None]] = [
        (_("Ship %(number)s") % {"number": n + 1}, costs[n] if n < len(costs) else None) for n in range(SHIPS_ON_TOTALS)
    ]
    rows.append((_("Resource"), check.resource_total))
    rows.append((_("Other"), sum(costs[SHIPS_ON_TOTALS:])))
    rows.append((_("Total"), check.total))
    return rows


SIDEBOARD_NOTE = gettext_lazy("Sideboard: not in the total (the resource's SP are); its cards may cost 20 SP in all")


def _sideboard_rows(check: FleetCheck, width: float) -> list[list]:
    """The Reinforcements Sideboard's cards under the resource, their SP in brackets (the fleet pays the
    resource's cost, not theirs: its card, point 1) and their sum, held to 20 SP."""
    if not check.sideboard:
        return []
    rows: list[list] = [
        [_title_cell(f"{line.type_label}: {line.card.name}", line, width), f"({line.cost})"] for line in check.sideboard
    ]
    rows.append([_fit(str(SIDEBOARD_NOTE), _SMALL, width), f"({check.sideboard_total})"])
    return rows


def _resource_and_totals(check: FleetCheck) -> Table:
    title_width = 0.8 * BLOCK_WIDTH
    resource_rows: list[list] = [[_("Resource"), _("SP")]]
    resource_rows += [
        [
            _title_cell(f"{line.card.name} ({line.choices})" if line.choices else line.card.name, line, title_width),
            str(line.cost),
        ]
        for line in check.resources
    ] or [[_("None"), "0"]]
    resource_rows += _sideboard_rows(check, title_width)
    resource = Table(resource_rows, colWidths=[title_width, 0.2 * BLOCK_WIDTH])
    resource.setStyle(
        TableStyle(
            [
                *_GRID,
                ("BACKGROUND", (0, 0), (-1, 0), _HEAD),
                _font((0, 0), (-1, 0), _BOLD),
                _font((0, 1), (0, -1), _CARD),
                ("ALIGN", (1, 0), (1, -1), "RIGHT"),
            ]
        )
    )

    totals_rows = [[_("Totals"), _("SP")]] + [
        [label, "" if sp is None else str(sp)] for label, sp in sheet_totals(check)
    ]
    totals = Table(totals_rows, colWidths=[0.8 * BLOCK_WIDTH, 0.2 * BLOCK_WIDTH])
    totals.setStyle(
        TableStyle(
            [
                *_GRID,
                ("BACKGROUND", (0, 0), (-1, 0), _HEAD),
                ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 7.5),
                ("FONT", (0, -1), (-1, -1), "Helvetica-Bold", 8.5),
                ("ALIGN", (1, 0), (1, -1), "RIGHT"),
            ]
        )
    )
    legend = _p(_("%(explained)s. Fleet limit: %(limit)s SP.") % {"explained": EXPLAINED, "limit": check.limit}, _SMALL)
    left = Table([[resource], [legend]], colWidths=[BLOCK_WIDTH])
    left.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
    box = Table([[left, "", totals]], colWidths=[BLOCK_WIDTH, GAP, BLOCK_WIDTH])
    box.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    return box


def _battle_rounds() -> Table:
    labels = [str(label) for label in ROUND_ROWS]
    # As wide as the longest label (German's are longer), within what leaves room to write in the rounds.
    widest = max(stringWidth(label, _BOLD.fontName, _BOLD.fontSize) for label in labels) + 2 * CELL_PADDING
    label_width = min(max(0.28 * CONTENT_WIDTH, widest), 0.4 * CONTENT_WIDTH)
    rows = [["", *(_("Battle Round %(number)s") % {"number": n} for n in range(1, ROUNDS + 1))]]
    rows += [[_shrunk(label, _BOLD, label_width), *([""] * ROUNDS)] for label in labels]
    table = Table(
        rows,
        colWidths=[label_width, *([(CONTENT_WIDTH - label_width) / ROUNDS] * ROUNDS)],
        rowHeights=[14, *([17] * len(ROUND_ROWS))],
    )
    table.setStyle(
        TableStyle(
            [
                *_GRID,
                ("BACKGROUND", (0, 0), (-1, 0), _HEAD),
                ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8),
                _font((0, 1), (0, -1), _BOLD),
            ]
        )
    )
    return table


class QrCode(Flowable):
    """The QR code of ``value`` (error correction level M) painted straight onto the page, each run of
    dark modules in a row as one rectangle, inside the standard quiet zone of four modules.

    ``qrcode`` encodes it, several times faster than ReportLab's own encoder (which took a third of
    the time of an event's 256 sheets); a graphics widget would also build a shape per module first.

    The mask is fixed (:data:`MASK`). Every one of the standard's eight masks makes a code any
    reader decodes; trying all eight to keep the one with the fewest look-alike patterns took 85 %
    of the encoding, and a code printed an inch wide inside its full quiet zone does not need it."""

    QUIET_ZONE = 4  # modules of white around the code, as the standard asks
    MASK = 0  # the standard's mask 000: modules where (row + column) is even are flipped

    def __init__(self, value: str, size: float = QR_SIZE):
        super().__init__()
        self.value = value
        self.width = self.height = size
        code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0, mask_pattern=self.MASK)
        code.add_data(value)
        self.matrix = code.get_matrix()

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        modules = len(self.matrix) + 2 * self.QUIET_ZONE
        step = self.width / modules
        canvas = self.canv
        canvas.setFillColor(colors.black)
        for row, line in enumerate(self.matrix):
            y = self.height - (row + self.QUIET_ZONE + 1) * step
            for start, length in dark_runs(line):
                canvas.rect((start + self.QUIET_ZONE) * step, y, length * step, step, stroke=0, fill=1)


def dark_runs(line) -> Iterable[tuple[int, int]]:
    """``(first module, length)`` of each run of dark modules in a row of a QR matrix."""
    start = None
    for column, dark in enumerate((*line, 0)):
        if dark and start is None:
            start = column
        elif not dark and start is not None:
            yield start, column - start
            start = None


def _header(
    version: FleetVersion, *, event_name: str, event_date: str, player_name: str, email: str, url: str, code_url: str
) -> Table:
    fleet = version.fleet
    label, short, long = 0.6 * inch, 1.9 * inch, CONTENT_WIDTH - QR_SIZE - 3.3 * inch
    faction = faction_label(fleet.faction) if fleet.faction else ""
    fields = Table(
        [
            [
                _shrunk(_("Date"), _BOLD, label),
                _fit(event_date, _TEXT, short),
                _shrunk(_("Event"), _BOLD, label),
                _fit(event_name, _TEXT, long),
            ],
            [_shrunk(_("Faction"), _BOLD, label), _fit(faction, _TEXT, short + label + long), "", ""],
            [
                _shrunk(_("Name"), _BOLD, label),
                _fit(player_name, _TEXT, short),
                _shrunk(_("E-mail"), _BOLD, label),
                _fit(email, _TEXT, long),
            ],
        ],
        colWidths=[label, short, label, long],
        rowHeights=[17, 17, 17],
    )
    fields.setStyle(
        TableStyle([*_GRID, ("SPAN", (1, 1), (3, 1)), _font((0, 0), (0, -1), _BOLD), _font((2, 0), (2, -1), _BOLD)])
    )
    title_width = CONTENT_WIDTH - QR_SIZE - 0.1 * inch
    title = Table(
        [
            [_fit(_("Star Trek: Attack Wing — Fleet Build Sheet"), _TITLE, title_width)],
            [
                _fit(
                    _("Fleet “%(name)s”, version %(number)s") % {"name": fleet.name, "number": version.number},
                    _TEXT,
                    title_width,
                )
            ],
            [
                Paragraph(
                    _("Verification code: <b>%(code)s</b> — scan or visit %(url)s, or type the code at %(code_url)s")
                    % {"code": escape(version.code), "url": escape(url), "code_url": escape(code_url)},
                    _SMALL,
                )
            ],
            [fields],
        ],
        colWidths=[title_width],
    )
    title.setStyle(
        TableStyle(
            [
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                _font((0, 0), (0, 0), _TITLE),
                _font((0, 1), (0, 1), _TEXT),
            ]
        )
    )
    header = Table([[title, QrCode(url)]], colWidths=[CONTENT_WIDTH - QR_SIZE, QR_SIZE])
    header.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    return header


def verification_path(version: FleetVersion) -> str:
    return reverse("fleets:verify", kwargs={"version_id": version.pk, "code": version.code})


def sheet_event(version: FleetVersion, event_name: str | None, event_date: date | None) -> tuple[str, str]:
    """The Date and Event a sheet's header says: the event's own (``event_name``, ``event_date``) when an
    event prints it, else the event the version is submitted to (the latest, if several), else blank --
    so a player's own print of a submitted version reads like the event's copy."""
    if event_name is None:
        submitted = [s for s in fleet_submissions(version.fleet) if s.version_id == version.pk]
        latest = max(submitted, key=lambda s: s.event_date or date.min, default=None)
        event_name, event_date = (latest.event_name, latest.event_date) if latest else ("", None)
    return event_name, event_date.isoformat() if event_date else ""


def fleet_sheet_story(
    *,
    version: FleetVersion,
    player_name: str,
    email: str,
    site_url: str,
    event_name: str | None = None,
    event_date: date | None = None,
    catalog=None,
    edition: str | None = None,
) -> list[Flowable]:
    """What one Fleet Build Sheet prints, to lay out on a page of its own.

    ``site_url`` is the site's absolute root (``request.build_absolute_uri("/")``):
    the QR code must lead a phone to the verification page from anywhere. Given
    ``catalog`` (see :func:`fleets.selectors.load_catalog`), ``edition`` (see
    :func:`fleets.selectors.catalog_edition`), the event and the version's judged price
    (``select_related("judged_price")``) it reads nothing from the database, so many
    sheets can be laid out away from the request.
    """
    price = version_price(version, catalog=catalog, edition=edition)
    check = price.check(catalog)
    url = site_url.rstrip("/") + verification_path(version)
    code_url = site_url.rstrip("/") + reverse("fleets:verify_code")
    event_name, event_date = sheet_event(version, event_name, event_date)
    return [
        _header(
            version,
            event_name=event_name,
            event_date=event_date,
            player_name=player_name,
            email=email,
            url=url,
            code_url=code_url,
        ),
        Spacer(1, 8),
        _ship_grid(check),
        _resource_and_totals(check),
        *_unapplied_notes(check),
        Spacer(1, 10),
        _battle_rounds(),
        _edition_line(price.edition),
    ]


def _edition_line(edition: str) -> Paragraph:
    """Which cards priced the sheet, so a judge knows what a verdict on paper was made with (a submitted
    version's: the cards it was judged under)."""
    return _p(_("Costs by Muster from %(edition)s.") % {"edition": edition} if edition else "", _SMALL)


def _unapplied_notes(check: FleetCheck) -> list[Paragraph]:
    """Card text Muster does not apply, one line per card, so the judge checks it by hand (never silent)."""
    return [_p(_("Check by hand — %(note)s") % {"note": note.note}, _SMALL) for note in check.report.unapplied]


def render_fleet_sheet(
    *,
    version: FleetVersion,
    player_name: str,
    email: str,
    site_url: str,
    event_name: str | None = None,
    event_date: date | None = None,
    paper: str | None = None,
) -> bytes:
    """The Fleet Build Sheet of ``version`` as PDF bytes (one page for up to four ships of 6+ upgrades),
    on ``paper`` (the event's; None: the site's)."""
    buffer = BytesIO()
    document = pdf_document(
        buffer,
        paper,
        margin=MARGIN,
        title=_("Fleet Build Sheet — %(fleet)s") % {"fleet": version.fleet.name},
        author=player_name,
        subject=_("Verification code %(code)s") % {"code": version.code},
    )
    document.build(
        fleet_sheet_story(
            version=version,
            player_name=player_name,
            email=email,
            site_url=site_url,
            event_name=event_name,
            event_date=event_date,
        )
    )
    return buffer.getvalue()


def render_fleet_sheets(
    stories: Iterable[list[Flowable]],
    *,
    title: str,
    paper: str | None = None,
    on_page: Callable[[int], None] | None = None,
) -> bytes:
    """Many Fleet Build Sheets (stories of :func:`fleet_sheet_story`) as one PDF, each from a new page.

    ``on_page(finished)`` hears how many pages are laid out each time a page
    starts: hundreds of sheets take seconds, and a page can show how far along they are.
    """
    flowables: list[Flowable] = []
    for story in stories:
        flowables += [PageBreak(), *story] if flowables else story

    def page_started(canvas, document) -> None:
        if on_page is not None:
            on_page(document.page - 1)

    buffer = BytesIO()
    pdf_document(buffer, paper, margin=MARGIN, title=title).build(
        flowables, onFirstPage=page_started, onLaterPages=page_started
    )
    return buffer.getvalue()


def render_fleet_text(*, version: FleetVersion) -> str:
    """The plain list players paste in forums: one line per card with its SP, totals, the code."""
    check = version_price(version).check()
    fleet = version.fleet
    faction = f" ({faction_label(fleet.faction)})" if fleet.faction else ""
    lines = [f"{fleet.name}{faction}: {check.total}/{check.limit} SP", ""]
    for ship in check.ships:
        booster = " [Blind Booster]" if ship.entry.blind_booster else ""
        lines.append(f"Ship {ship.number}{booster}: {ship.cost} SP")
        lines += [f"  {line.type_label}: {card_title(line)} [{line.card.id}] - {sp_text(line)}" for line in ship.lines]
        lines.append("")
    lines += [
        f"Resource: {line.card.name}{f' ({line.choices})' if line.choices else ''} [{line.card.id}] - {sp_text(line)}"
        for line in check.resources
    ]
    lines += [f"{line.type_label}: {line.card.name} [{line.card.id}] - {line.cost}" for line in check.sideboard]
    lines.append(f"Total: {check.total} SP")
    if not check.legal:
        problems = "; ".join(str(problem) for problem in in_words(check.report.violations))
        lines.append(f"Not legal ({check.report.format}): {problems}")
    lines.append(f"Verification code: {version.code} (version {version.number})")
    if any(line.penalty for ship in check.ships for line in ship.lines):
        lines.append("SP like “4 (+1)” include a faction penalty.")
    return "\n".join(lines) + "\n"


NOT_SUBMITTED = gettext_lazy("NOT SUBMITTED")
_WARNING = ParagraphStyle("warning", parent=_TITLE, textColor=colors.HexColor("#b00020"))


def render_check_sheet(*, check: FleetCheck, title: str, checked_on: date, format_name: str) -> bytes:
    """The public checker's sheet: a Fleet Build Sheet's grid and totals for a list that is not
    stored anywhere, marked "NOT SUBMITTED" and carrying no verification code (it proves nothing)."""
    buffer = BytesIO()
    not_submitted = str(NOT_SUBMITTED)
    checked = {
        "title": title,
        "format": format_name,
        "date": checked_on.isoformat(),
        "total": check.total,
        "limit": check.limit,
        "verdict": _("legal") if check.legal else _("NOT LEGAL"),
    }
    header = [
        _p(_("Star Trek: Attack Wing — Fleet Build Sheet"), _TITLE),
        _p(
            _("%(not_submitted)s: checked by Muster's public list checker") % {"not_submitted": not_submitted}, _WARNING
        ),
        _p(
            _(
                "%(title)s — %(format)s, checked %(date)s: %(total)s/%(limit)s SP, %(verdict)s. "
                "No verification code: this sheet is not a list submitted to any event."
            )
            % checked,
            _TEXT,
        ),
    ]
    problems = [_p(str(problem), _SMALL) for problem in in_words(check.report.violations)]
    pdf_document(buffer, None, margin=MARGIN, title=f"{not_submitted} — {title}", subject=not_submitted).build(
        [
            *header,
            Spacer(1, 8),
            _ship_grid(check),
            _resource_and_totals(check),
            *_unapplied_notes(check),
            Spacer(1, 6),
            *problems,
            _edition_line(catalog_edition()),
        ]
    )
    return buffer.getvalue()
