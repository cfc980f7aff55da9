"""Every read of the tournaments app, one module per subject. Page-sized reads take a fixed number
of queries, whatever the number of players or rounds: related rows are joined or prefetched, and
standings are computed in Python from one query of all the event's results.

Callers use ``from tournaments import selectors`` and ``selectors.<name>``; the names are
re-exported here.
"""

from .bracket import cut_bracket
from .desk import (
    EventNight,
    FinishSummary,
    ResultPreview,
    absent_players,
    event_night,
    finish_summary,
    next_stage,
    result_preview,
)
from .events import (
    StartSummary,
    event_list,
    event_registrations,
    event_rounds,
    printed_players,
    start_summary,
    upcoming_events,
)
from .history import (
    event_history,
    event_round_history,
    event_staff_history,
    event_submission_history,
    event_walk_ins,
)
from .lists import FleetRow, event_fleets, fleet_changed_since_submission, submitted_deck_view
from .rounds import (
    LIVE_CACHE_SECONDS,
    latest_seat,
    live_pairings,
    load_for_desk,
    match_for_page,
    match_history,
    match_page,
    own_report,
    paired_without_lists,
    pairings_by_name,
    result_versions,
    round_matches,
    round_seat,
    round_table_statuses,
)
from .seats import SeatResult, event_seat_results, event_sides, events_seat_results, opponents_by_registration
from .standings import (
    OUTCOMES,
    STANDING_COLUMNS,
    StandingRow,
    StandingsTable,
    bye_reasons,
    column_value,
    event_standings,
    match_points_before,
    player_records,
    scoring_config,
    standing_results,
)

__all__ = [
    "LIVE_CACHE_SECONDS",
    "EventNight",
    "FinishSummary",
    "absent_players",
    "event_night",
    "finish_summary",
    "next_stage",
    "ResultPreview",
    "result_preview",
    "FleetRow",
    "OUTCOMES",
    "STANDING_COLUMNS",
    "SeatResult",
    "StandingRow",
    "StandingsTable",
    "StartSummary",
    "column_value",
    "event_fleets",
    "cut_bracket",
    "event_history",
    "event_round_history",
    "event_list",
    "event_registrations",
    "printed_players",
    "event_rounds",
    "event_seat_results",
    "events_seat_results",
    "event_sides",
    "event_standings",
    "event_staff_history",
    "event_submission_history",
    "event_walk_ins",
    "fleet_changed_since_submission",
    "latest_seat",
    "live_pairings",
    "round_seat",
    "round_table_statuses",
    "load_for_desk",
    "match_for_page",
    "match_history",
    "match_page",
    "paired_without_lists",
    "own_report",
    "pairings_by_name",
    "match_points_before",
    "opponents_by_registration",
    "player_records",
    "bye_reasons",
    "result_versions",
    "round_matches",
    "scoring_config",
    "standing_results",
    "submitted_deck_view",
    "start_summary",
    "upcoming_events",
]
