"""The cross-check every text reader makes: the costs it read against the totals the text states.

A fleet's text states each ship's total and the fleet's; a reader adds up the costs it read
and, where a sum disagrees with what the text says, reports that the text may have been
edited (the fleet is still read: the site's own costs decide). The readers differ only in
how their format writes a total, so each passes its wording: ``"Ship Total: {} SP"``.
"""

from __future__ import annotations

from .entries import Parsed


def check_ship_total(parsed: Parsed, number: int, *, added: int, said: str, costs: str = "printed costs") -> None:
    """Note when ship ``number``'s ``costs`` (``added``) disagree with its stated total (``source_total``)."""
    total = parsed.ships[number - 1].source_total
    if total is not None and added != total:
        parsed.problems.append(
            f"Ship {number}: its cards' {costs} add up to {added} SP, but the text says {said.format(total)}; "
            "the text may have been edited."
        )


def check_fleet_total(parsed: Parsed, *, text: str, line: str, said: str, parts: str, expected: int | None) -> None:
    """Note a ``text`` without its fleet total ``line``, or whose total is not what ``parts`` add up to
    (``expected``; ``None`` where a ship lacks its own total, so the sum is unknown)."""
    if parsed.source_total is None:
        parsed.problems.append(f"The {text} has no '{line}' line; it may be cut short.")
    elif expected is not None and expected != parsed.source_total:
        parsed.problems.append(
            f"The {parts} add up to {expected} SP, but the text says {said.format(parsed.source_total)}; "
            "the text may have been edited."
        )
