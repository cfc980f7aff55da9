"""Every write of the tournaments app: keyword-only functions, each one transaction.

Views check who may ask (:mod:`accounts.permissions`); these functions check
that the event's state allows it and raise :class:`tournaments.errors.TournamentError`
with a message for people, changing nothing, when it does not.
"""

from .awards import award_remove, award_set, sportsmanship_vote
from .decks import registration_submit_decks
from .events import (
    event_appoint_judge,
    event_create,
    event_finish,
    event_remove_judge,
    event_start,
    event_update,
)
from .guests import registration_add_walk_in, walk_in_submit_decks, walk_in_submit_fleet
from .registrations import (
    event_close_check_in,
    event_open_check_in,
    registration_add,
    registration_check_in,
    registration_check_in_all,
    registration_check_in_self,
    registration_drop,
    registration_drop_self,
    registration_grant_bye,
    registration_set_club,
    registration_set_paid,
    registration_sign_up,
    registration_submit_fleet,
    registration_undrop,
    registration_withdraw,
)
from .results import build_verify, result_confirm, result_enter, result_report
from .rounds import (
    round_clock_reset,
    round_clock_start,
    round_pair_next,
    round_reopen,
    round_repair,
    round_swap_players,
)
from .sheets import sheets_job_request
from .transfer import event_import
from .waitlist import waitlist_leave, waitlist_promote

__all__ = [
    "award_remove",
    "award_set",
    "sportsmanship_vote",
    "sheets_job_request",
    "build_verify",
    "event_appoint_judge",
    "event_create",
    "event_finish",
    "event_import",
    "event_close_check_in",
    "event_open_check_in",
    "event_remove_judge",
    "event_start",
    "event_update",
    "registration_add",
    "registration_add_walk_in",
    "registration_check_in",
    "registration_check_in_all",
    "registration_check_in_self",
    "registration_drop",
    "registration_drop_self",
    "registration_grant_bye",
    "registration_set_club",
    "registration_set_paid",
    "registration_sign_up",
    "registration_submit_decks",
    "registration_submit_fleet",
    "registration_undrop",
    "registration_withdraw",
    "result_confirm",
    "result_enter",
    "result_report",
    "round_clock_reset",
    "round_clock_start",
    "round_pair_next",
    "round_reopen",
    "round_repair",
    "round_swap_players",
    "walk_in_submit_decks",
    "walk_in_submit_fleet",
    "waitlist_leave",
    "waitlist_promote",
]
