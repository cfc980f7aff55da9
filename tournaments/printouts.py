"""PDF printouts for the venue (reportlab platypus): pairings, match slips, standings.

Each function returns the PDF as bytes. Text comes from the database, so it is
escaped before it reaches platypus' mini-markup.
"""

from __future__ import annotations

from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

STYLES = getSampleStyleSheet()
GRID = TableStyle(
    [
        ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
        ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
        ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]
)


def build(title: str, flowables: list) -> bytes:
    buffer = BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        title=title,
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=15 * mm,
    )
    document.build([Paragraph(escape(title), STYLES["Title"]), *flowables])
    return buffer.getvalue()


def round_title(event, round_, what: str) -> str:
    stage = "Top cut, " if round_.stage == "cut" else ""
    return f"{event.name}: {stage}round {round_.number} {what}"


def match_players(match) -> list[str]:
    """The players by seat, each with the side they play where the game has sides (Wing Commander)."""
    return [
        f"{side.registration.name} ({side.side.capitalize()})" if side.side else side.registration.name
        for side in match.sides.all()
    ]


def table_label(match) -> str:
    return "Bye" if match.is_bye else str(match.table)


def pairings_by_table(*, event, round_, matches) -> bytes:
    rows = [["Table", "Player", "Opponent"]]
    for match in matches:
        names = match_players(match)
        rows.append([table_label(match), names[0], names[1] if len(names) > 1 else "(bye)"])
    return build(round_title(event, round_, "pairings by table"), [grid(rows, [20 * mm, 80 * mm, 80 * mm])])


def pairings_by_name(*, event, round_, matches) -> bytes:
    """Every player once, alphabetically, with their table: the sheet players crowd around."""
    rows = []
    for match in matches:
        names = match_players(match)
        for index, name in enumerate(names):
            opponent = names[1 - index] if len(names) == 2 else "(bye)"
            rows.append([name, table_label(match), opponent])
    rows.sort(key=lambda row: row[0].casefold())
    return build(
        round_title(event, round_, "pairings by name"),
        [grid([["Player", "Table", "Opponent"], *rows], [80 * mm, 20 * mm, 80 * mm])],
    )


def match_slips(*, event, round_, matches) -> bytes:
    """One slip per table: both players, and boxes for the result, fleet points and signatures."""
    slips = []
    for match in matches:
        if match.is_bye:
            continue
        names = match_players(match)
        heading = Paragraph(escape(f"{event.name} · round {round_.number} · table {match.table}"), STYLES["Heading3"])
        rows = [["Player", "Win / Tie / Loss", "Fleet points", "Opponent's build verified", "Signature"]]
        rows += [[name, "", "", "", ""] for name in names]
        table = Table(
            rows, colWidths=[50 * mm, 30 * mm, 25 * mm, 35 * mm, 40 * mm], rowHeights=[None, 12 * mm, 12 * mm]
        )
        table.setStyle(GRID)
        slips.append(KeepTogether([heading, table, Spacer(1, 10 * mm)]))
        slips.append(CondPageBreak(60 * mm))
    return build(round_title(event, round_, "match slips"), slips)


def standings(*, event, standings) -> bytes:
    header = ["Rank", "Player", "W-T-L", *standings.columns]
    rows = [
        [str(row.rank), row.name + (" (dropped)" if row.dropped else ""), record(row)]
        + [str(value) for value in row.values]
        for row in standings.rows
    ]
    title = f"{event.name}: {'final ' if event.status == 'finished' else ''}standings"
    return build(title, [grid([header, *rows])])


def record(row) -> str:
    """Wins-ties-losses of games played, and the byes beside them (a bye is a win but no game)."""
    games = f"{row.wins}-{row.ties}-{row.losses}"
    return f"{games} +{row.byes} bye{'s' if row.byes > 1 else ''}" if row.byes else games


def grid(rows: list[list[str]], widths=None) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(GRID)
    return table
