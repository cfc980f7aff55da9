"""A match: who plays it, who may open its page, and who enters its result.

A staff member who also plays never enters, corrects or settles a result of their own match
(:func:`may_enter_result`): their report waits for the opponent's confirmation or for another staff
member, like any player's.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext, gettext_lazy

from ..models import MatchSide, MatchStatus
from .roles import Viewer


def match_seat(viewer: Viewer, match) -> MatchSide | None:
    """The side ``viewer`` plays in ``match`` (from its prefetched sides), if any."""
    user = viewer.user
    return next((s for s in match.sides.all() if user.is_authenticated and s.registration.player_id == user.pk), None)


def require_match_player_or_staff(viewer: Viewer, match) -> MatchSide | None:
    """The viewer's seat at ``match``; 403 unless they play it or are the event's staff."""
    seat = match_seat(viewer, match)
    if seat is None and not viewer.is_staff:
        raise PermissionDenied(gettext("Only the players of this match and the event's staff may see it."))
    return seat


def may_enter_result(viewer: Viewer, match) -> bool:
    """The event's staff enter, correct and settle results, except of a match they play in themselves:
    there their report needs the opponent's confirmation or another staff member, like any player's."""
    return viewer.is_staff and match_seat(viewer, match) is None


OWN_MATCH_REFUSAL = gettext_lazy(
    "You play in this match, so you cannot enter or settle its result: your opponent confirms your report, "
    "or another of the event's staff enters it."
)


def require_result_entry(viewer: Viewer, match) -> None:
    """403 unless ``viewer`` may enter ``match``'s result (:func:`may_enter_result`)."""
    if not may_enter_result(viewer, match):
        raise PermissionDenied(
            str(OWN_MATCH_REFUSAL) if viewer.is_staff else gettext("Only the event's staff enter results.")
        )


def may_open_match(viewer: Viewer, match) -> bool:
    """Whether ``viewer`` may open ``match``'s page: its players and the event's staff, never for a bye
    (the rule :func:`require_match_player_or_staff` enforces, for the round page's links)."""
    return not match.is_bye and (viewer.is_staff or match_seat(viewer, match) is not None)


def may_confirm(seat: MatchSide | None, match, opponent_report) -> bool:
    """Whether the player at ``seat`` may confirm ``opponent_report``: while the match waits for that
    confirmation (:func:`tournaments.services.result_confirm`); once reports differ, a judge decides."""
    return seat is not None and opponent_report is not None and match.status == MatchStatus.REPORTED
