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
        when = " · ".join(part for part in (f"{event.date:%A %-d %B %Y}", event.hours, event.venue) if part)
    heading = [Paragraph(escape(title), STYLES["Title"]), Paragraph(escape(when), CELL)] if headed else []
    document.build([*heading, *flowables])
    return buffer.getvalue()


def round_title(event, round_, what: str) -> str:
    return f"{event.name}: {round_.name} {what}"


def match_players(match, names: Mapping[int, str]) -> list[str]:
    """The players by seat as printed (``names``: each registration's printed name, by its id; see
    :func:`tournaments.selectors.printed_players`), each with the side they play where the game has sides."""
    return [
        f"{names[side.registration_id]} ({side.side.capitalize()})" if side.side else names[side.registration_id]
        for side in match.sides.all()
    ]


def table_label(match) -> str:
    return "Bye" if match.is_bye else str(match.table)


def live_pairings_pointer(event, live_url: str) -> Table:
    """A QR code of the round's live page and its address: a phone shows its owner their table and
    opponent, and the round clock, without crowding around the sheet."""
    text = Paragraph(
        f"<b>Your table on your phone:</b> scan the code or open<br/>{escape(live_url)}",
        CELL,
    )
    size = 30 * mm
    pointer = Table([[QrCode(live_url, size), text]], colWidths=[size + 2 * PADDING, content_width(event) - size])
    pointer.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
    return pointer


def pairings_by_table(*, event, round_, matches, names: Mapping[int, str], live_url: str) -> bytes:
    rows = [["Table", "Player", "Opponent"]]
    for match in matches:
        players = match_players(match, names)
        rows.append([table_label(match), players[0], players[1] if len(players) > 1 else "(bye)"])
    return build(
        event,
        round_title(event, round_, "pairings by table"),
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
            opponent = players[1 - index] if len(players) == 2 else "(bye)"
            row = standing.get(side.registration_id)
            points, so_far = (str(row.match_points), record(row)) if row is not None else ("0", "0-0-0")
            rows.append([name, table_label(match), opponent, points, so_far])
    rows.sort(key=lambda row: row[0].casefold())
    return build(
        event,
        round_title(event, round_, "pairings by name"),
        [
            grid(event, [["Player", "Table", "Opponent", "Points", "W-T-L"], *rows], flexible=(0, 2), wall=True),
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
    return build(event, round_title(event, round_, "match slips"), slips)


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
    title = round_title(event, round_, f"match slips, {per_page} to a page")
    return build(event, title, slots or [Paragraph("No table to play: every player has a bye.", CELL)], headed=False)


def slip(event, round_, match, names: Mapping[int, str]) -> list:
    """A table's slip: its heading, and the players with boxes to write the result and sign in."""
    outcomes = "Win / Loss" if round_.stage == Stage.CUT else "Win / Tie / Loss"  # a cut match has a winner
    heading = Paragraph(escape(f"{event.name} · {round_.name} · table {match.table}"), STYLES["Heading3"])
    rows = [["Player", outcomes, "Fleet points", "Opponent's build verified", "Signature"]]
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
        Paragraph("Tick what each player destroyed; write the fleet points above only if you tick nothing.", CELL),
    ]
    for side, opponent in ((sides[0], sides[1]), (sides[1], sides[0])):
        player, other = names[side.registration_id], names[opponent.registration_id]
        flowables.append(Spacer(1, 3 * mm))
        flowables.append(Paragraph(escape(f"{player} destroyed or removed, of {other}'s fleet:"), HEAD))
        items = checklists.get(opponent.registration_id)
        if not items:
            missing = "No fleet submitted" if items is None else "Nothing of this fleet scores when lost"
            flowables.append(Paragraph(f"{missing}: write the fleet points above.", CELL))
            continue
        rows = [["Ship / card", "SP", "Destroyed", "Removed"]]
        rows += [
            [f"{item.name}, with its cards", str(item.cost), "", "–"]
            if item.is_ship
            else [f"{item.name} ({item.role})", str(item.cost), "–", ""]
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


def standings(*, event, final, names: Mapping[int, str], prizes: Mapping[int, str] | None = None) -> bytes:
    """The final placing (:func:`tournaments.selectors.final_standings`: a played top cut first), each
    player's record of the whole event, their Swiss rank where a cut reordered them, and the Swiss
    tie-breakers; with ``prizes`` (:func:`tournaments.selectors.place_prizes`, by registration id), what
    each place received."""
    swiss_rank = ["Swiss rank"] if final.cut_decided else []
    prize = ["Prize"] if prizes else []
    header = ["Place", "Player", "W-T-L", *swiss_rank, *final.swiss.columns, *prize]
    rows = [
        [row.label, names[row.registration_id] + (" (dropped)" if row.dropped else ""), record(row)]
        + ([str(row.swiss.rank)] if swiss_rank else [])
        + [str(value) for value in row.swiss.values]
        + ([prizes.get(row.registration_id, "")] if prize else [])
        for row in final.rows
    ]
    title = f"{event.name}: {'final ' if event.status == 'finished' else ''}standings"
    flexible = (1, len(header) - 1) if prize else (1,)
    return build(event, title, [grid(event, [header, *rows], flexible=flexible)])


def record(row) -> str:
    """Wins-ties-losses of games played, and the byes beside them (a bye is a win but no game)."""
    games = f"{row.wins}-{row.ties}-{row.losses}"
    return f"{games} +{row.byes} bye{'s' if row.byes > 1 else ''}" if row.byes else games


def column_widths(
    rows: Sequence[Sequence[str]], *, width: float, flexible: Sequence[int], styles=(HEAD, CELL)
) -> list[float]:
    """Each column but the ``flexible`` ones as wide as its widest cell measures (the heading in bold);
    the flexible columns (names, signatures) share what is left equally.

    Where the measured columns leave the flexible ones less than a quarter of the page between them,
    the measured columns shrink in proportion and their text wraps: nothing is wider than ``width``.
    """
    head, cell = styles
    measured = [
        max(
            stringWidth(row[column], (head if number == 0 else cell).fontName, cell.fontSize)
            for number, row in enumerate(rows)
        )
        + 2 * PADDING
        for column in range(len(rows[0]))
    ]
    fixed = sum(w for column, w in enumerate(measured) if column not in flexible)
    room = width - fixed
    if room < width / 4:
        scale = (width * 3 / 4) / fixed
        measured = [w * scale for w in measured]
        room = width / 4
    return [room / len(flexible) if column in flexible else w for column, w in enumerate(measured)]


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
