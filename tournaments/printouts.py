"""PDF printouts for the venue (reportlab platypus): pairings, match slips, standings.

Each function returns the PDF as bytes, laid out on the event's paper
(``Event.paper_size``). Text comes from the database, so it is escaped before it
reaches platypus' mini-markup. Columns are as wide as their text measures
(:func:`column_widths`) and every cell wraps, so a long heading or a 60-character
username never runs into the next column. The pairings go on the wall in 14 pt type, read from a
metre away; the compact match slips come two or four to a page to save paper.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from io import BytesIO
from xml.sax.saxutils import escape

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import CondPageBreak, KeepInFrame, KeepTogether, Paragraph, Spacer, Table, TableStyle

from accounts.paper import page_size, pdf_document
from fleets.sheets import QrCode

from .models import Stage
from .selectors import StandingRow

STYLES = getSampleStyleSheet()
MARGIN = 15 * mm
PADDING = 6  # reportlab's padding on each side of a table cell
CELL = ParagraphStyle("cell", fontName="Helvetica", fontSize=10, leading=12)
HEAD = ParagraphStyle("head", parent=CELL, fontName="Helvetica-Bold")
# The pairings players read on the wall, from a metre away: 14 pt at least.
WALL = ParagraphStyle("wall", parent=CELL, fontSize=14, leading=17)
WALL_HEAD = ParagraphStyle("wall-head", parent=WALL, fontName="Helvetica-Bold")
SLIPS_PER_PAGE = (2, 4)  # the compact slips' choices, to save paper (the round page offers each)
WRITE_IN = 10  # the slip's result rows are tall enough to write in
GRID = TableStyle(
    [
        ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
        ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]
)


def content_width(event) -> float:
    return page_size(event.paper_size)[0] - 2 * MARGIN


def build(event, title: str, flowables: list, *, when: str | None = None, headed: bool = True) -> bytes:
    """A printout on ``event``'s paper: its title, when and where it is (the event's date, hours and
    venue unless ``when`` says otherwise), then ``flowables``; without the title and the time when not
    ``headed`` (slips cut apart, each with its own heading)."""
    buffer = BytesIO()
    document = pdf_document(buffer, event.paper_size, margin=MARGIN, title=title)
    if when is None:
        when = " · ".join(part for part in (printed_date(event.date), event.hours, event.venue) if part)
    heading = [Paragraph(escape(title), STYLES["Title"]), Paragraph(escape(when), CELL)] if headed else []
    document.build([*heading, *flowables])
    return buffer.getvalue()


def printed_date(day) -> str:
    """The event's day in the active language: "Saturday 28 November 2026", "Samstag, 28. November 2026"."""
    # Translators: a date format of Django's date filter (l: weekday, j: day, F: month, Y: year).
    return date_format(day, pgettext("printout date", "l j F Y"))


def round_title(event, round_, title: str, **values) -> str:
    """``title`` (translated, with %(event)s, %(round)s and any of ``values``) of ``round_`` of ``event``."""
    return title % {"event": event.name, "round": round_.name, **values}


def match_players(match, names: Mapping[int, str]) -> list[str]:
    """The players by seat as printed (``names``: each registration's printed name, by its id; see
    :func:`tournaments.selectors.printed_players`), each with the side they play where the game has sides."""
    return [
        f"{names[side.registration_id]} ({side.side.capitalize()})" if side.side else names[side.registration_id]
        for side in match.sides.all()
    ]


def table_label(match) -> str:
    return _("Bye") if match.is_bye else str(match.table)


def live_pairings_pointer(event, live_url: str) -> Table:
    """A QR code of the round's live page and its address: a phone shows its owner their table and
    opponent, and the round clock, without crowding around the sheet."""
    text = Paragraph(
        _("<b>Your table on your phone:</b> scan the code or open<br/>%(url)s") % {"url": escape(live_url)},
        CELL,
    )
    size = 30 * mm
    pointer = Table([[QrCode(live_url, size), text]], colWidths=[size + 2 * PADDING, content_width(event) - size])
    pointer.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
    return pointer


def pairings_by_table(*, event, round_, matches, names: Mapping[int, str], live_url: str) -> bytes:
    rows = [[_("Table"), _("Player"), _("Opponent")]]
    for match in matches:
        players = match_players(match, names)
        rows.append([table_label(match), players[0], players[1] if len(players) > 1 else _("(bye)")])
    return build(
        event,
        round_title(event, round_, _("%(event)s: %(round)s pairings by table")),
        [grid(event, rows, flexible=(1, 2), wall=True), Spacer(1, 6 * mm), live_pairings_pointer(event, live_url)],
    )


def pairings_by_name(
    *, event, round_, matches, names: Mapping[int, str], live_url: str, standing: Mapping[int, StandingRow]
) -> bytes:
    """Every player once, alphabetically, with their table, their opponent, and their match points and
    record before the round (``standing``: the Swiss standings rows before it, by registration id;
    a late entry without a line starts from nothing): the sheet players crowd around, as stores post it."""
    rows = []
    for match in matches:
        players = match_players(match, names)
        for index, (name, side) in enumerate(zip(players, match.sides.all(), strict=True)):
            opponent = players[1 - index] if len(players) == 2 else _("(bye)")
            row = standing.get(side.registration_id)
            points, so_far = (str(row.match_points), record(row)) if row is not None else ("0", "0-0-0")
            rows.append([name, table_label(match), opponent, points, so_far])
    rows.sort(key=lambda row: row[0].casefold())
    return build(
        event,
        round_title(event, round_, _("%(event)s: %(round)s pairings by name")),
        [
            grid(
                event,
                [[_("Player"), _("Table"), _("Opponent"), _("Points"), _("W-T-L")], *rows],
                flexible=(0, 2),
                wall=True,
            ),
            Spacer(1, 6 * mm),
            live_pairings_pointer(event, live_url),
        ],
    )


def match_slips(
    *, event, round_, matches, names: Mapping[int, str], checklists: Mapping[int, list | None] | None = None
) -> bytes:
    """One slip per table: both players, and boxes for the result, fleet points and signatures.

    The player's name and the signature share what the measured headings leave of the page. With
    ``checklists`` (a fleet game's ships and cards by registration id, see
    ``EventGame.slip_checklists``) each player also ticks what they destroyed of the opponent's
    fleet, ship by ship, just as the desk enters it; the fleet points box stays for players who give
    only the number, which the desk takes typed.
    """
    slips = []
    for match in matches:
        if match.is_bye:
            continue
        losses = fleet_losses(event, match, names, checklists) if checklists is not None else []
        slips.append(KeepTogether([*slip(event, round_, match, names), *losses, Spacer(1, 10 * mm)]))
        slips.append(CondPageBreak(60 * mm))
    return build(event, round_title(event, round_, _("%(event)s: %(round)s match slips")), slips)


def match_slips_per_page(*, event, round_, matches, names: Mapping[int, str], per_page: int) -> bytes:
    """Compact slips, ``per_page`` (two or four) to a page to save paper, each in its own slot with a
    dashed line to cut along: both players and boxes for the result, fleet points and signatures
    (no fleet checklists: the players write the fleet points). A slip longer than its slot shrinks
    to fit it."""
    width = content_width(event)
    height = page_size(event.paper_size)[1] - 2 * MARGIN - 2 * PADDING  # the page frame's own padding
    slot = height / per_page - 1
    slots = []
    for match in matches:
        if match.is_bye:
            continue
        cell = KeepInFrame(width, slot - 4 * mm, slip(event, round_, match, names), mode="shrink")
        frame = Table([[cell]], colWidths=[width], rowHeights=[slot])
        frame.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    *((edge, (0, 0), (-1, -1), 0) for edge in ("LEFTPADDING", "RIGHTPADDING", "TOPPADDING")),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.5, colors.grey, 1, (4, 3)),
                ]
            )
        )
        slots.append(frame)
    title = round_title(
        event,
        round_,
        ngettext(
            "%(event)s: %(round)s match slips, %(count)d to a page",
            "%(event)s: %(round)s match slips, %(count)d to a page",
            per_page,
        ),
        count=per_page,
    )
    nothing = [Paragraph(escape(_("No table to play: every player has a bye.")), CELL)]
    return build(event, title, slots or nothing, headed=False)


def slip(event, round_, match, names: Mapping[int, str]) -> list:
    """A table's slip: its heading, and the players with boxes to write the result and sign in."""
    # a cut match has a winner
    outcomes = _("Win / Loss") if round_.stage == Stage.CUT else _("Win / Tie / Loss")
    heading = Paragraph(
        escape(
            _("%(event)s · %(round)s · table %(table)s")
            % {"event": event.name, "round": round_.name, "table": match.table}
        ),
        STYLES["Heading3"],
    )
    rows = [[_("Player"), outcomes, _("Fleet points"), _("Opponent's build verified"), _("Signature")]]
    rows += [[name, "", "", "", ""] for name in match_players(match, names)]
    table = grid(event, rows, flexible=(0, 4))
    table.setStyle(
        TableStyle([("TOPPADDING", (0, 1), (-1, -1), WRITE_IN), ("BOTTOMPADDING", (0, 1), (-1, -1), WRITE_IN)])
    )
    return [heading, table]


def fleet_losses(event, match, names: Mapping[int, str], checklists: Mapping[int, list | None]) -> list:
    """Per player, the opponent's ships, each followed by its cards, with a box to tick per ship
    destroyed and per card removed: what the desk's result form asks for the same player."""
    sides = list(match.sides.all())
    flowables = [
        Spacer(1, 3 * mm),
        Paragraph(
            escape(_("Tick what each player destroyed; write the fleet points above only if you tick nothing.")), CELL
        ),
    ]
    for side, opponent in ((sides[0], sides[1]), (sides[1], sides[0])):
        player, other = names[side.registration_id], names[opponent.registration_id]
        flowables.append(Spacer(1, 3 * mm))
        destroyed = _("%(player)s destroyed or removed, of %(other)s's fleet:") % {"player": player, "other": other}
        flowables.append(Paragraph(escape(destroyed), HEAD))
        items = checklists.get(opponent.registration_id)
        if not items:
            if items is None:
                missing = _("No fleet submitted: write the fleet points above.")
            else:
                missing = _("Nothing of this fleet scores when lost: write the fleet points above.")
            flowables.append(Paragraph(escape(missing), CELL))
            continue
        rows = [[_("Ship / card"), _("SP"), _("Destroyed"), _("Removed")]]
        rows += [
            [_("%(ship)s, with its cards") % {"ship": item.name}, str(item.cost), "", "–"]
            if item.is_ship
            else [f"{item.name} ({role_label(item.role)})", str(item.cost), "–", ""]
            for item in items
        ]
        table = grid(event, rows, flexible=(0,))
        card_rows = [row for row, item in enumerate(items, start=1) if not item.is_ship]
        ship_rows = [row for row, item in enumerate(items, start=1) if item.is_ship]
        table.setStyle(
            TableStyle(
                [("LEFTPADDING", (0, row), (0, row), PADDING + 4 * mm) for row in card_rows]
                + [("BACKGROUND", (0, row), (-1, row), colors.whitesmoke) for row in ship_rows]
            )
        )
        flowables.append(table)
    return flowables


ROLES = {
    "captain": pgettext_lazy("card role", "captain"),
    "admiral": pgettext_lazy("card role", "admiral"),
    "upgrade": pgettext_lazy("card role", "upgrade"),
}


def role_label(role: str) -> str:
    """A card's role on the slip as the reader reads it (Captain and Admiral are card words)."""
    return str(ROLES.get(role, role))


def standings(*, event, final, names: Mapping[int, str], prizes: Mapping[int, str] | None = None) -> bytes:
    """The final placing (:func:`tournaments.selectors.final_standings`: a played top cut first), each
    player's record of the whole event, their Swiss rank where a cut reordered them, and the Swiss
    tie-breakers; with ``prizes`` (:func:`tournaments.selectors.place_prizes`, by registration id), what
    each place received."""
    swiss_rank = [_("Swiss rank")] if final.cut_decided else []
    prize = [_("Prize")] if prizes else []
    header = [_("Place"), _("Player"), _("W-T-L"), *swiss_rank, *final.swiss.columns, *prize]
    rows = [
        [
            row.label,
            _("%(player)s (dropped)") % {"player": names[row.registration_id]}
            if row.dropped
            else names[row.registration_id],
            record(row),
        ]
        + ([str(row.swiss.rank)] if swiss_rank else [])
        + [str(value) for value in row.swiss.values]
        + ([prizes.get(row.registration_id, "")] if prize else [])
        for row in final.rows
    ]
    title = (_("%(event)s: final standings") if event.status == "finished" else _("%(event)s: standings")) % {
        "event": event.name
    }
    flexible = (1, len(header) - 1) if prize else (1,)
    return build(event, title, [grid(event, [header, *rows], flexible=flexible)])


def record(row) -> str:
    """Wins-ties-losses of games played, and the byes beside them (a bye is a win but no game)."""
    games = f"{row.wins}-{row.ties}-{row.losses}"
    if not row.byes:
        return games
    return ngettext("%(games)s +%(byes)d bye", "%(games)s +%(byes)d byes", row.byes) % {
        "games": games,
        "byes": row.byes,
    }


def column_widths(
    rows: Sequence[Sequence[str]], *, width: float, flexible: Sequence[int], styles=(HEAD, CELL)
) -> list[float]:
    """Each column but the ``flexible`` ones as wide as its widest cell measures (the heading in bold);
    the flexible columns (names, signatures) share what is left equally.

    Where the measured columns leave the flexible ones less than a quarter of the page between them,
    the measured columns shrink in proportion and their text wraps: nothing is wider than ``width``.
    No column is narrower than the longest word of its heading, nor a measured one than the longest
    word of any of its cells (German headings such as "Flottenpunkte" or "Unterschrift" wrap between
    words, never inside one): where one would be, it keeps that width and the others give way.
    """
    head, cell = styles

    def measure(text: str, number: int) -> float:
        return stringWidth(text, (head if number == 0 else cell).fontName, cell.fontSize)

    def longest_word(column: int, rows: Sequence[Sequence[str]]) -> float:
        return max(measure(word, number) for number, row in enumerate(rows) for word in [*row[column].split(), ""])

    columns = range(len(rows[0]))
    measured = [
        max(measure(row[column], number) for number, row in enumerate(rows)) + 2 * PADDING for column in columns
    ]
    # A flexible column holds names that may have no space to break at: its heading's longest word sets
    # its floor, and its cells' words up to a sixth of the page ("(ausgestiegen)"), never a whole 60-letter name.
    floor = [
        max(longest_word(column, rows[:1]), min(longest_word(column, rows), width / 6)) + 2 * PADDING
        if column in flexible
        else longest_word(column, rows) + 2 * PADDING
        for column in columns
    ]
    fixed_columns = [column for column in columns if column not in flexible]
    fixed = sum(measured[column] for column in fixed_columns)
    room = max(width - fixed, width / 4)
    shares = shared(room, [floor[column] for column in flexible])
    if fixed > width - sum(shares):
        measured = shrunk(measured, fixed_columns, floor, target=width - sum(shares))
    share = dict(zip(flexible, shares, strict=True))
    return [share[column] if column in flexible else w for column, w in enumerate(measured)]


def shared(total: float, floors: Sequence[float]) -> list[float]:
    """``total`` shared equally, but each share at least its ``floor`` (the others sharing what is left)."""
    widths: dict[int, float] = {}
    free = list(range(len(floors)))
    while free:
        share = (total - sum(widths.values())) / len(free)
        too_narrow = [number for number in free if floors[number] > share]
        if not too_narrow:
            widths.update((number, share) for number in free)
            break
        for number in too_narrow:
            widths[number] = floors[number]
            free.remove(number)
    return [widths[number] for number in range(len(floors))]


def shrunk(measured: list[float], columns: Sequence[int], floor: Sequence[float], *, target: float) -> list[float]:
    """``measured`` with its ``columns`` shrunk in proportion to add up to ``target``, none below its
    ``floor`` (a column held at its floor leaves the others to shrink the more); at their floors when
    even that is more than ``target``."""
    widths = list(measured)
    free = list(columns)
    while free:
        held = sum(widths[column] for column in columns if column not in free)
        scale = (target - held) / sum(measured[column] for column in free)
        too_narrow = [column for column in free if measured[column] * scale < floor[column]]
        if not too_narrow:
            for column in free:
                widths[column] = measured[column] * scale
            break
        for column in too_narrow:
            widths[column] = floor[column]
            free.remove(column)
    return widths


def grid(event, rows: list[list[str]], *, flexible: Sequence[int], wall: bool = False) -> Table:
    """A table of wrapping cells in measured columns, its heading row repeated on every page; ``wall``:
    in the pairings' large type, read from a metre away."""
    head, cell = (WALL_HEAD, WALL) if wall else (HEAD, CELL)
    widths = column_widths(rows, width=content_width(event), flexible=flexible, styles=(head, cell))
    cells = [
        [Paragraph(escape(text), head if number == 0 else cell) for text in row] for number, row in enumerate(rows)
    ]
    table = Table(cells, colWidths=widths, repeatRows=1)
    table.setStyle(GRID)
    return table
