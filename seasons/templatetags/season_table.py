"""A season table's rows, each built in one string.

A region's season holds hundreds of events and near a thousand players: as a column per event,
hundreds of thousands of cells, nearly all empty. The template language spends microseconds on
every tag and variable, seconds for such a page, so the rows are put together here. And past
:data:`EVENT_COLUMNS_AT_MOST` events a column each is no table anyone reads (a region's year
was a 4.5 MB page, each row mostly dashes): each player's row then lists the events they played
in one cell, in date order, as the columns would have shown them.
"""

from functools import partial

from django import template
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

register = template.Library()

EVENT_COLUMNS_AT_MOST = 60  # a store's weekly league for a year fits; a region's year does not
NOT_PLAYED = "<td>–</td>"
QUALIFIED_ROW = ' class="qualified"'


def _qualified() -> str:
    """The badge after a qualifier's name, in the reader's language."""
    word = conditional_escape(_("Qualified"))
    return f' <span class="badge text-bg-success">{word}</span>'


@register.filter
def by_event(table) -> bool:
    """Whether the table has a column per event (:data:`EVENT_COLUMNS_AT_MOST`)."""
    return len(table.events) <= EVENT_COLUMNS_AT_MOST


@register.simple_tag
def season_rows(table) -> SafeString:
    """The ``<tr>`` of every :class:`seasons.selectors.SeasonLine` of ``table``: rank, the player (a link
    to a public record), points, event wins, best place, wins, events played, then the points of each
    event — a cell each, or one cell of the events played (:func:`by_event`)."""
    words = {"qualified": _qualified(), "not_counted": conditional_escape(_("not counted"))}
    if by_event(table):
        scores = partial(
            score_cells,
            columns={str(event.pk): position for position, event in enumerate(table.events)},
            not_counted=words["not_counted"],
        )
    else:
        scores = partial(
            played_cell,
            links={str(event.pk): _event_link(event) for event in table.events},
            not_counted=words["not_counted"],
        )
    return mark_safe(  # noqa: S308
        "\n  ".join(_row(line, scores(line.row.events), words["qualified"]) for line in table.lines)
    )


def _row(line, scores: str, qualified_badge: str) -> str:
    """One player's row; the figures are whole numbers (``:d`` refuses anything else), the name is escaped."""
    row = line.row
    name = conditional_escape(line.name)
    if line.listed:
        name = f'<a href="{conditional_escape(reverse("seasons:player", args=[line.player_id]))}">{name}</a>'
    qualified = row.qualified
    return (
        f"<tr{QUALIFIED_ROW if qualified else ''}>\n    <td>{row.rank:d}</td>\n"
        f'    <th scope="row">{name}{qualified_badge if qualified else ""}</th>\n'
        f"    <td>{row.points:d}</td><td>{row.event_wins:d}</td><td>{row.best_placing:d}</td>"
        f"<td>{row.wins:d}</td><td>{row.events_played:d}</td>\n    {scores}\n  </tr>"
    )


def score_cells(scores, columns: dict[str, int], not_counted: str = "not counted") -> str:
    """One ``<td>`` per event (``columns``: each event's position): the points scored there, struck
    through where the best-events rule did not count them, a dash where the player did not play.
    Filled from the few events played (``scores``), not by asking each event."""
    parts = [NOT_PLAYED] * len(columns)
    for score in scores:
        parts[columns[score.finish.event_id]] = f"<td>{_points(score, not_counted)}</td>"
    return "".join(parts)


def played_cell(scores, links: dict[str, str], not_counted: str = "not counted") -> str:
    """One ``<td>`` listing the events played (``scores``, in the season's order), each as its dated link
    and the points scored there."""
    played = [f"{links[score.finish.event_id]} {_points(score, not_counted)}" for score in scores]
    return f'<td class="season-scores">{" · ".join(played)}</td>'


def _points(score, not_counted: str) -> str:
    return f"{score.points:d}" if score.counted else f'<s title="{not_counted}">{score.points:d}</s>'


def _event_link(event) -> str:
    url = conditional_escape(reverse("tournaments:event", args=[event.pk]))
    return f'<a href="{url}" title="{conditional_escape(event.name)}">{date_format(event.date, "M j")}</a>'
