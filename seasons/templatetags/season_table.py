"""A season table's rows, each built in one string.

A region's season holds hundreds of events and near a thousand players: hundreds of thousands of
cells, nearly all empty. The template language spends microseconds on every tag and variable,
seconds for such a page, so each row is put together here (the empty cell being one constant
string), as the template wrote it.
"""

from django import template
from django.urls import reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

NOT_PLAYED = "<td>–</td>"
QUALIFIED_ROW = ' class="qualified"'
QUALIFIED = ' <span class="badge text-bg-success">Qualified</span>'


@register.filter
def season_row(line) -> SafeString:
    """The ``<tr>`` of a :class:`seasons.selectors.SeasonLine`: rank, the player (a link to a public
    record), points, event wins, best place, wins, events played, then the points of each event.
    The figures are whole numbers (``:d`` refuses anything else); the name is escaped."""
    row = line.row
    name = conditional_escape(line.name)
    if line.listed:
        name = f'<a href="{conditional_escape(reverse("seasons:player", args=[line.player_id]))}">{name}</a>'
    qualified = row.qualified
    return mark_safe(  # noqa: S308
        f"<tr{QUALIFIED_ROW if qualified else ''}>\n    <td>{row.rank:d}</td>\n"
        f'    <th scope="row">{name}{QUALIFIED if qualified else ""}</th>\n'
        f"    <td>{row.points:d}</td><td>{row.event_wins:d}</td><td>{row.best_placing:d}</td>"
        f"<td>{row.wins:d}</td><td>{row.events_played:d}</td>\n    {score_cells(line.cells)}\n  </tr>"
    )


def score_cells(cells: tuple) -> str:
    """One ``<td>`` per event: the points scored there, struck through where the best-events rule
    did not count them, a dash where the player did not play."""
    parts = [NOT_PLAYED] * len(cells)
    for position, cell in enumerate(cells):
        if cell is not None:
            parts[position] = (
                f"<td>{cell.points:d}</td>" if cell.counted else f'<td><s title="not counted">{cell.points:d}</s></td>'
            )
    return "".join(parts)
