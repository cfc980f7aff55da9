"""Server-drawn SVG charts: the geometry, worked out here; the templates (``seasons/charts/``) only draw it.

Every chart is an ``<svg role="img">`` with a title and a description, and its page shows
the same numbers in a table beside it, so a screen reader or a phone too narrow for the
picture loses nothing. The SVGs scale to their container (``viewBox``, no fixed width).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

WIDTH = 600
BAR = 22
GAP = 8
LABEL = 180  # room for the labels left of the bars


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    text: str  # the number written after the bar
    y: float
    width: float
    low: float | None = None  # an interval's ends, in x, where the bar has one
    high: float | None = None


@dataclass(frozen=True, slots=True)
class BarChart:
    title: str
    description: str
    bars: list[Bar]
    height: int
    x0: int = LABEL
    span: int = WIDTH - LABEL - 60
    width: int = WIDTH
    bar_height: int = BAR


def share_chart(title: str, description: str, shares) -> BarChart:
    """Horizontal bars of fractions (0..1), longest share as written."""
    span = WIDTH - LABEL - 60
    bars = [
        Bar(share.name, f"{share.share:.0%} ({share.count})", GAP + i * (BAR + GAP), share.share * span)
        for i, share in enumerate(shares)
    ]
    return BarChart(title, description, bars, height=GAP + len(bars) * (BAR + GAP))


def win_rate_chart(title: str, description: str, rates) -> BarChart:
    """Win rates as bars with the interval drawn as a line across each."""
    span = WIDTH - LABEL - 60
    bars = [
        Bar(
            rate.faction,
            _("%(rate)s of %(games)s") % {"rate": f"{rate.rate:.0%}", "games": rate.games},
            GAP + i * (BAR + GAP),
            rate.rate * span,
            LABEL + rate.low * span,
            LABEL + rate.high * span,
        )
        for i, rate in enumerate(rates)
    ]
    return BarChart(title, description, bars, height=GAP + len(bars) * (BAR + GAP))


@dataclass(frozen=True, slots=True)
class LineChart:
    title: str
    description: str
    points: str  # the polyline's "x,y x,y ..."
    dots: list[tuple[float, float, str]]
    low: int
    high: int
    width: int = WIDTH
    height: int = 200


def rating_chart(title: str, history) -> LineChart:
    """A player's rating after each event, left to right in time."""
    values = [point.rating for point in history]
    low, high = min(values) - 20, max(values) + 20
    step = (WIDTH - 80) / max(len(values) - 1, 1)
    dots = [
        (60 + i * step, 180 - (value - low) / (high - low) * 160, f"{point.day:%Y-%m-%d}: {value}")
        for i, (point, value) in enumerate(zip(history, values, strict=True))
    ]
    description = ngettext(
        "From %(first)s to %(last)s over %(count)s event.",
        "From %(first)s to %(last)s over %(count)s events.",
        len(values),
    ) % {"first": values[0], "last": values[-1], "count": len(values)}
    return LineChart(title, description, " ".join(f"{x:.1f},{y:.1f}" for x, y, _ in dots), dots, low, high)
