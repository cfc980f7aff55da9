"""The cross-check every text reader makes: the costs it read against the totals the text states.

A fleet's text states each ship's total and the fleet's; a reader adds up the costs it read
and, where a sum disagrees with what the text says, reports that the text may have been
edited (the fleet is still read: the site's own costs decide). The readers differ only in
how their format writes a total, so each passes its wording: ``"Ship Total: {} SP"``.
"""

from __future__ import annotations

from rules.translation import gettext as _
from rules.translation import gettext_noop

from .entries import Parsed

PRINTED_COSTS = gettext_noop("printed costs")


def check_ship_total(parsed: Parsed, number: int, *, added: int, said: str, costs: str = PRINTED_COSTS) -> None:
    """Note when ship ``number``'s ``costs`` (``added``) disagree with its stated total (``source_total``)."""
    total = parsed.ships[number - 1].source_total
    if total is not None and added != total:
        parsed.problems.append(
            _(
                "Ship %(number)d: its cards' %(costs)s add up to %(added)d SP, but the text says %(said)s; "
                "the text may have been edited."
            )
            % {"number": number, "costs": _(costs), "added": added, "said": said.format(total)}
        )


def check_fleet_total(parsed: Parsed, *, text: str, line: str, said: str, parts: str, expected: int | None) -> None:
    """Note a ``text`` without its fleet total ``line``, or whose total is not what ``parts`` add up to
    (``expected``; ``None`` where a ship lacks its own total, so the sum is unknown)."""
    if parsed.source_total is None:
        parsed.problems.append(
            _("The %(text)s has no '%(line)s' line; it may be cut short.") % {"text": _(text), "line": line}
        )
    elif expected is not None and expected != parsed.source_total:
        parsed.problems.append(
            _("The %(parts)s add up to %(expected)d SP, but the text says %(said)s; the text may have been edited.")
            % {"parts": _(parts), "expected": expected, "said": said.format(parsed.source_total)}
        )
