"""The rows of the permission matrix, by subject: the URL name, the method, its arguments, what each role gets."""

from __future__ import annotations

from .harness import (
    API_EVENT_STAFF,
    API_FLEET_OWNER,
    API_FLEET_VIEWERS,
    API_INPUT_REFUSED,
    API_SIGNED_IN,
    CAMPAIGN_MEMBERS,
    CAMPAIGN_ORGANIZER,
    DECK_OWNER,
    EVENT_ORGANIZER,
    EVENT_STAFF,
    EVERYONE,
    FLEET_OWNER,
    FLEET_VIEWERS,
    MATCH_PLAYERS,
    MATCH_PLAYERS_AND_STAFF,
    NOWHERE,
    OPPONENT_FLEET,
    OPPONENT_SHEET,
    ORGANIZERS,
    OTHER_STORE_ORGANIZERS,
    OTHER_STORE_ORGANIZERS_INPUT_REFUSED,
    OTHER_STORE_STAFF,
    OWN_ENTRY_NO_DECK,
    OWN_REGISTRATION_OR_STAFF,
    PLAYERS,
    PUBLIC_INPUT_REFUSED,
    REGISTERED,
    SIGNED_IN,
    SITE_ADMINS,
    SITE_ADMINS_INPUT_REFUSED,
    STORE_ORGANIZERS,
    STORE_ORGANIZERS_INPUT_REFUSED,
    TOKEN_OWNER,
    Row,
    a_player,
    api_event,
    api_fleet,
    api_match,
    api_round,
    api_store,
    api_token,
    award,
    campaign,
    campaign_entry,
    campaign_seat,
    catalog_card,
    deck,
    deck_game,
    event,
    event_judge,
    fleet,
    fleet_change,
    match,
    missing_deck_of_own_entry,
    no_args,
    notices_off_link,
    opponent_registration,
    other_event,
    other_store,
    other_store_judge_role,
    own_registration,
    pairings_printout,
    round_one,
    round_one_table,
    shared_link,
    sheet_code,
    sheets_job,
    staw_card,
    store,
    store_feed,
    store_judge_role,
    waitlist_entry,
    walk_in,
)
from .season_rows import SEASON_ROWS

SITE_ROWS = [
    Row("home", "GET", no_args, EVERYONE),
    Row("favicon", "GET", no_args, EVERYONE),
    Row("healthz", "GET", no_args, EVERYONE),
    Row("check", "GET", no_args, EVERYONE),
    Row("check", "POST", no_args, EVERYONE),  # the form again, saying what is missing
    Row("check_sheet", "POST", no_args, PUBLIC_INPUT_REFUSED),  # only a list a check signed
    Row("sign_up", "GET", no_args, EVERYONE),  # signed-in users are sent home
    Row("sign_up", "POST", no_args, EVERYONE),
    Row("people", "GET", no_args, SITE_ADMINS),
    Row("people_role", "POST", a_player, SITE_ADMINS),  # an empty form: refused, nothing changes
    Row("printouts", "GET", no_args, SIGNED_IN),
    Row("printouts", "POST", no_args, SIGNED_IN),  # an empty form is valid: one's own defaults, saved
    Row("notices", "GET", no_args, SIGNED_IN),
    Row("notices", "POST", no_args, SIGNED_IN),  # an empty form is valid: every notice off, one's own
    Row("notices_off", "GET", notices_off_link, EVERYONE),  # the link's holder, signed in or not: it asks first
    Row("notices_off", "POST", notices_off_link, EVERYONE),
    Row("language", "POST", no_args, PUBLIC_INPUT_REFUSED),  # no language chosen: 400, nothing changes
]

EVENT_ROWS = [
    Row("tournaments:list", "GET", no_args, EVERYONE),
    Row("tournaments:calendar", "GET", no_args, EVERYONE),
    Row("tournaments:event_ics", "GET", event, EVERYONE),
    Row("tournaments:create", "GET", no_args, ORGANIZERS),
    Row("tournaments:create", "POST", no_args, ORGANIZERS),
    Row("tournaments:event", "GET", event, EVERYONE),
    Row("tournaments:edit", "GET", event, EVENT_ORGANIZER),
    Row("tournaments:edit", "POST", event, EVENT_ORGANIZER),
    Row("tournaments:start", "POST", event, EVENT_ORGANIZER),
    Row("tournaments:finish", "GET", event, EVENT_ORGANIZER),
    Row("tournaments:appoint_judge", "POST", event, EVENT_ORGANIZER),
    Row("tournaments:remove_judge", "POST", event_judge, EVENT_ORGANIZER),
    Row("tournaments:finish", "POST", event, EVENT_ORGANIZER),
    Row("tournaments:register", "POST", event, PLAYERS),
    Row("tournaments:withdraw", "POST", event, REGISTERED),
    Row("tournaments:add_player", "POST", event, EVENT_STAFF),
    Row("tournaments:submit_fleet", "GET", event, REGISTERED),
    Row("tournaments:submit_fleet", "POST", event, REGISTERED),
    Row("tournaments:check_in", "POST", own_registration, EVENT_STAFF),
    Row("tournaments:walk_in_list", "GET", walk_in, EVENT_STAFF),
    Row("tournaments:walk_in_list", "POST", walk_in, EVENT_STAFF),  # an empty form: refused, nothing changes
    Row("tournaments:check_in_all", "POST", event, EVENT_STAFF),  # running: refused, nothing changes
    Row("tournaments:check_in_self", "POST", event, REGISTERED),  # running: refused, nothing changes
    Row("tournaments:open_check_in", "POST", event, EVENT_ORGANIZER),  # running: refused, nothing changes
    Row("tournaments:close_check_in", "POST", event, EVENT_ORGANIZER),  # not open: refused, nothing changes
    Row("tournaments:check_in_qr", "GET", event, EVERYONE),
    Row("tournaments:vote", "POST", event, REGISTERED),  # no choice: nothing is cast
    Row("tournaments:award_set", "POST", event, EVENT_ORGANIZER),  # no name: refused, nothing changes
    Row("tournaments:award_remove", "POST", award, EVENT_ORGANIZER),
    Row("tournaments:grant_bye", "POST", own_registration, EVENT_STAFF),
    Row("tournaments:set_paid", "POST", own_registration, EVENT_STAFF),
    Row("tournaments:waitlist_promote", "POST", waitlist_entry, EVENT_ORGANIZER),  # running: refused
    Row("tournaments:waitlist_remove", "POST", waitlist_entry, EVENT_ORGANIZER),
    Row("tournaments:drop", "POST", own_registration, OWN_REGISTRATION_OR_STAFF),
    Row("tournaments:undrop", "POST", own_registration, EVENT_STAFF),
    Row("tournaments:pair_next", "POST", event, EVENT_STAFF),
    Row("tournaments:round", "GET", round_one, EVERYONE),
    Row("tournaments:repair", "GET", round_one, EVENT_STAFF),
    Row("tournaments:repair", "POST", round_one, EVENT_STAFF),
    Row("tournaments:reopen", "POST", round_one, EVENT_STAFF),  # unconfirmed: nothing reopens
    Row("tournaments:enter_result", "POST", round_one_table, EVENT_STAFF),  # an empty form: refused
    Row("tournaments:preview_result", "POST", round_one_table, EVENT_STAFF),  # an empty form: nothing to score
    Row("tournaments:swap", "GET", round_one, EVENT_STAFF),
    Row("tournaments:swap", "POST", round_one, EVENT_STAFF),
    Row("tournaments:live", "GET", round_one, EVERYONE),
    Row("tournaments:projector", "GET", round_one, EVERYONE),
    Row("tournaments:timer", "GET", round_one, EVERYONE),
    Row("tournaments:timer_state", "GET", round_one, EVERYONE),
    Row("tournaments:clock", "POST", round_one, EVENT_STAFF),
    Row("tournaments:round_printout", "GET", pairings_printout, EVENT_STAFF),
    Row("tournaments:match", "GET", match, MATCH_PLAYERS_AND_STAFF),
    Row("tournaments:match", "POST", match, MATCH_PLAYERS_AND_STAFF),
    Row("tournaments:confirm", "POST", match, MATCH_PLAYERS),
    Row("tournaments:verify_build", "POST", match, MATCH_PLAYERS),
    Row("tournaments:history", "GET", event, EVENT_STAFF),
    Row("tournaments:standings", "GET", event, EVERYONE),
    Row("tournaments:standings_printout", "GET", event, EVENT_STAFF),
    Row("tournaments:fleets", "GET", event, EVERYONE),
    Row("tournaments:fleet", "GET", opponent_registration, OPPONENT_FLEET),
    Row("tournaments:fleet_sheet", "GET", opponent_registration, OPPONENT_SHEET),
    Row("tournaments:fleet_sheets", "GET", event, EVENT_STAFF),
    Row("tournaments:sheets_job_start", "POST", event, EVENT_STAFF),  # the job made already is followed
    Row("tournaments:sheets_job", "GET", sheets_job, EVENT_STAFF),
    Row("tournaments:sheets_job_pdf", "GET", sheets_job, EVENT_STAFF),
    Row("tournaments:export_csv", "GET", event, EVENT_STAFF),
    Row("tournaments:export_json", "GET", event, EVENT_STAFF),
    Row("tournaments:export_standings_csv", "GET", event, EVENT_STAFF),
    # The deck games' pages, asked of the STAW event (its answers for an event with submitted decks,
    # role by role, are tests/tournaments/test_deck_view_permissions.py).
    Row("tournaments:submit_decks", "GET", event, REGISTERED),  # a fleet event: on to the fleet page
    Row("tournaments:submit_decks", "POST", event, REGISTERED),
    Row("tournaments:set_club", "POST", own_registration, OWN_REGISTRATION_OR_STAFF),
    Row("tournaments:decks", "GET", own_registration, NOWHERE),  # a fleet event has no decks
    Row("tournaments:deck_sheet", "GET", missing_deck_of_own_entry, OWN_ENTRY_NO_DECK),
]

# Stores, and the organizer and judge of ``store`` on ``other_store``'s pages and events (and the reverse).
STORE_ROWS = [
    Row("stores:list", "GET", no_args, EVERYONE),
    Row("stores:list", "GET", no_args, EVERYONE, query="q=Claw&town=baj"),
    Row("stores:create", "GET", no_args, SITE_ADMINS),
    Row("stores:create", "POST", no_args, SITE_ADMINS_INPUT_REFUSED),
    Row("stores:detail", "GET", store, EVERYONE),
    Row("stores:detail", "GET", other_store, EVERYONE),
    Row("stores:edit", "GET", store, STORE_ORGANIZERS),
    Row("stores:edit", "GET", other_store, OTHER_STORE_ORGANIZERS),
    Row("stores:edit", "POST", store, STORE_ORGANIZERS_INPUT_REFUSED),  # an empty form: 400
    Row("stores:edit", "POST", other_store, OTHER_STORE_ORGANIZERS_INPUT_REFUSED),
    Row("stores:appoint", "POST", store, STORE_ORGANIZERS),  # an empty form: refused with a message
    Row("stores:appoint", "POST", other_store, OTHER_STORE_ORGANIZERS),
    Row("stores:end_role", "POST", store_judge_role, STORE_ORGANIZERS),
    Row("stores:end_role", "POST", other_store_judge_role, OTHER_STORE_ORGANIZERS),
    Row("tournaments:store_calendar", "GET", store_feed, EVERYONE),
    Row("tournaments:event", "GET", other_event, EVERYONE),
    Row("tournaments:edit", "GET", other_event, OTHER_STORE_ORGANIZERS),
    Row("tournaments:edit", "POST", other_event, OTHER_STORE_ORGANIZERS),
    Row("tournaments:appoint_judge", "POST", other_event, OTHER_STORE_ORGANIZERS),
    Row("tournaments:start", "POST", other_event, OTHER_STORE_ORGANIZERS),
    Row("tournaments:add_player", "POST", other_event, OTHER_STORE_STAFF),
    Row("tournaments:check_in_all", "POST", other_event, OTHER_STORE_STAFF),
    Row("tournaments:history", "GET", other_event, OTHER_STORE_STAFF),
    Row("tournaments:export_csv", "GET", other_event, OTHER_STORE_STAFF),
]

CAMPAIGN_ROWS = [
    Row("tournaments:campaigns:list", "GET", no_args, SIGNED_IN),
    Row("tournaments:campaigns:create", "GET", no_args, ORGANIZERS),
    Row("tournaments:campaigns:create", "POST", no_args, ORGANIZERS),
    Row("tournaments:campaigns:detail", "GET", campaign, CAMPAIGN_MEMBERS),
    Row("tournaments:campaigns:add_player", "GET", campaign, CAMPAIGN_ORGANIZER),
    Row("tournaments:campaigns:add_player", "POST", campaign, CAMPAIGN_ORGANIZER),
    Row("tournaments:campaigns:purchase", "GET", campaign_seat, CAMPAIGN_ORGANIZER),
    Row("tournaments:campaigns:purchase", "POST", campaign_seat, CAMPAIGN_ORGANIZER),
    Row("tournaments:campaigns:repair", "GET", campaign_seat, CAMPAIGN_ORGANIZER),
    Row("tournaments:campaigns:repair", "POST", campaign_seat, CAMPAIGN_ORGANIZER),
    Row("tournaments:campaigns:transfer", "GET", campaign_seat, CAMPAIGN_ORGANIZER),
    Row("tournaments:campaigns:transfer", "POST", campaign_seat, CAMPAIGN_ORGANIZER),
    Row("tournaments:campaigns:battle", "GET", campaign, CAMPAIGN_ORGANIZER),
    Row("tournaments:campaigns:battle", "POST", campaign, CAMPAIGN_ORGANIZER),
    Row("tournaments:campaigns:void", "GET", campaign_entry, CAMPAIGN_ORGANIZER),
    Row("tournaments:campaigns:void", "POST", campaign_entry, CAMPAIGN_ORGANIZER),
]

FLEET_ROWS = [
    Row("fleets:list", "GET", no_args, SIGNED_IN),
    Row("fleets:cards", "GET", no_args, EVERYONE),
    Row(
        "fleets:cards", "GET", no_args, EVERYONE, query="q=x&owned=1&hull=2&hull_op=ge"
    ),  # "owned": none when anonymous
    Row("fleets:card", "GET", staw_card, EVERYONE),
    Row("fleets:collection", "GET", no_args, SIGNED_IN),
    Row("fleets:collection", "POST", no_args, SIGNED_IN),
    Row("fleets:collection_export", "GET", no_args, SIGNED_IN),
    Row("fleets:create", "GET", no_args, SIGNED_IN),
    Row("fleets:create", "POST", no_args, SIGNED_IN),
    Row("fleets:import", "GET", no_args, SIGNED_IN),
    Row("fleets:import", "POST", no_args, SIGNED_IN),
    Row("fleets:detail", "GET", fleet, FLEET_VIEWERS),
    Row("fleets:edit_details", "POST", fleet, FLEET_OWNER),
    Row("fleets:edit", "POST", fleet_change, FLEET_OWNER),
    Row("fleets:save", "POST", fleet, FLEET_OWNER),
    Row("fleets:discard", "POST", fleet, FLEET_OWNER),
    Row("fleets:undo", "POST", fleet, FLEET_OWNER),
    Row("fleets:share", "POST", fleet, FLEET_OWNER),
    Row("fleets:unshare", "POST", fleet, FLEET_OWNER),
    Row("fleets:shared", "GET", shared_link, EVERYONE),  # read only, to anyone its owner gave the link
    Row("fleets:search", "GET", fleet, FLEET_OWNER, query="search=1&q=Test"),
    Row("fleets:rename", "GET", fleet, FLEET_OWNER),
    Row("fleets:rename", "POST", fleet, FLEET_OWNER),
    Row("fleets:duplicate", "POST", fleet, FLEET_VIEWERS),  # a copy of what one may see
    Row("fleets:delete", "GET", fleet, FLEET_OWNER),
    Row("fleets:delete", "POST", fleet, FLEET_OWNER),
    Row("fleets:history", "GET", fleet, FLEET_VIEWERS),
    Row("fleets:sheet", "GET", fleet, FLEET_VIEWERS),
    Row("fleets:export_json", "GET", fleet, FLEET_VIEWERS),
    Row("fleets:export_text", "GET", fleet, FLEET_VIEWERS),
    Row("fleets:export_utopia_link", "GET", fleet, FLEET_VIEWERS),
    Row("fleets:export_utopia_text", "GET", fleet, FLEET_VIEWERS),
    Row("fleets:verify", "GET", sheet_code, EVERYONE),  # the list only to who may see the version
    Row("fleets:verify_code", "GET", no_args, EVERYONE),
    Row("fleets:verify_code", "POST", no_args, EVERYONE),  # the form again, saying what is missing
    Row("fleets:api_tokens", "GET", no_args, SIGNED_IN),
    Row("fleets:api_tokens", "POST", no_args, SIGNED_IN),
    Row("fleets:api_token_revoke", "POST", api_token, TOKEN_OWNER),
]

DECK_ROWS = [
    Row("fleets:decks:list", "GET", no_args, PLAYERS),
    Row("fleets:decks:create", "GET", deck_game, PLAYERS),
    Row("fleets:decks:create", "POST", deck_game, PLAYERS),
    Row("fleets:decks:import", "GET", no_args, PLAYERS),
    Row("fleets:decks:import", "POST", no_args, PLAYERS),
    Row("fleets:decks:catalog_import", "GET", no_args, ORGANIZERS),
    Row("fleets:decks:catalog_import", "POST", no_args, ORGANIZERS),
    Row("fleets:decks:catalog", "GET", no_args, ORGANIZERS),
    Row("fleets:decks:catalog_list", "GET", deck_game, ORGANIZERS),
    Row("fleets:decks:catalog_add", "GET", deck_game, ORGANIZERS),
    Row("fleets:decks:catalog_add", "POST", deck_game, ORGANIZERS),
    Row("fleets:decks:catalog_edit", "GET", catalog_card, ORGANIZERS),
    Row("fleets:decks:catalog_edit", "POST", catalog_card, ORGANIZERS),
    Row("fleets:decks:catalog_retire", "POST", catalog_card, ORGANIZERS),
    Row("fleets:decks:catalog_csv", "GET", deck_game, ORGANIZERS),
    Row("fleets:decks:catalog_csv", "POST", deck_game, ORGANIZERS),
    Row("fleets:decks:catalog_export", "GET", deck_game, ORGANIZERS),
    Row("fleets:decks:catalog_template", "GET", deck_game, ORGANIZERS),
    Row("fleets:decks:builder", "GET", deck, DECK_OWNER),
    Row("fleets:decks:add", "POST", deck, DECK_OWNER),
    Row("fleets:decks:line", "POST", deck, DECK_OWNER),
    Row("fleets:decks:details", "POST", deck, DECK_OWNER),
    Row("fleets:decks:delete", "GET", deck, DECK_OWNER),
    Row("fleets:decks:delete", "POST", deck, DECK_OWNER),
    Row("fleets:decks:export_json", "GET", deck, DECK_OWNER),
    Row("fleets:decks:export_text", "GET", deck, DECK_OWNER),
    Row("fleets:decks:sheet", "GET", deck, DECK_OWNER),
]

API_ROWS = [
    Row("api:api-root", "GET", no_args, NOWHERE),  # django-ninja's index exists only with DEBUG
    Row("api:openapi-json", "GET", no_args, EVERYONE),
    Row("api:openapi-view", "GET", no_args, EVERYONE),
    Row("api:cards", "GET", no_args, EVERYONE),
    Row("api:fleet_list", "GET", no_args, API_SIGNED_IN),
    Row("api:fleet_create", "POST", no_args, API_INPUT_REFUSED),
    Row("api:fleet_import", "POST", no_args, API_INPUT_REFUSED),
    Row("api:fleet_detail", "GET", api_fleet, API_FLEET_VIEWERS),
    Row("api:fleet_change", "PATCH", api_fleet, API_FLEET_OWNER),
    Row("api:fleet_delete", "DELETE", api_fleet, API_FLEET_OWNER),
    Row("api:fleet_versions", "GET", api_fleet, API_FLEET_VIEWERS),
    Row("api:fleet_sheet", "GET", api_fleet, API_FLEET_VIEWERS),
    Row("api:staw_validate", "POST", no_args, PUBLIC_INPUT_REFUSED),  # public, rate-limited
    Row("api:event_list", "GET", no_args, EVERYONE),
    Row("api:event_list", "GET", no_args, EVERYONE, query="store=1"),
    Row("api:store_list", "GET", no_args, EVERYONE, query="q=Claw&town=baj"),
    Row("api:store_detail", "GET", api_store, EVERYONE),
    Row("api:event_detail", "GET", api_event, EVERYONE),
    Row("api:event_round", "GET", api_round, EVERYONE),
    Row("api:event_standings", "GET", api_event, EVERYONE),  # the world's event is running
    Row("api:event_lists", "GET", api_event, EVERYONE),  # each list shown only where tournaments.access allows
    Row("api:match_result", "POST", api_match, API_EVENT_STAFF),
]

MATRIX = SITE_ROWS + STORE_ROWS + EVENT_ROWS + CAMPAIGN_ROWS + FLEET_ROWS + DECK_ROWS + API_ROWS + SEASON_ROWS
