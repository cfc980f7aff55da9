"""Every view of the site, asked by every kind of user: the permission matrix.

``MATRIX`` below is the table: for each URL name (as ``reverse`` knows it) the
method it is asked with, how its arguments are found in the world
(:mod:`tests.security.world`: a running event whose round 1 pairs ``player``
and ``other_player``, another organizer's event, a deck, a campaign, API tokens)
and what each role gets. A URL the configuration has and the table lacks fails
:func:`test_every_url_has_a_row`, so a new view cannot ship without saying who
may use it.

Writes are asked with an empty form (or an empty JSON object): the permission
check comes before any validation, so a refused role gets its refusal whatever
it sends, and the database is compared before and after to prove a refused
request changed nothing. Every request runs in a savepoint that is rolled back,
so what an allowed role does (pairing again, dropping a player) never changes
what the next role is asked about.

API URLs (``api:...``) are asked with each user's Bearer token; the session path
of the API is covered by ``tests/fleets/test_api.py`` and the CSRF test
(``tests/security/test_hardening.py::test_every_write_needs_the_csrf_token``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import cache as cache_result
from typing import NamedTuple

import pytest
from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse

from games.registry import get_game
from tests.security.world import ROLES, World, world_in_transaction

# What a role gets.
OK = "ok"  # 2xx, or a redirect that is not to the log-in page (the page, or the action's result)
BAD = "bad"  # let through, then the empty input or the object's state was refused: 400, 409, 422
LOGIN = "login"  # redirected to log in
E401 = "401"  # the API's answer to a caller without credentials
E403 = "403"  # signed in, but not allowed
E404 = "404"  # not even told the thing exists

# Rows of outcomes, in the order of ``ROLES``:
#         anonymous  player  other_player  judge  other_judge  organizer  other_organizer  superuser
EVERYONE = (OK, OK, OK, OK, OK, OK, OK, OK)
SIGNED_IN = (LOGIN, OK, OK, OK, OK, OK, OK, OK)
ORGANIZERS = (LOGIN, E403, E403, E403, E403, OK, OK, OK)  # the Organizer role, any organizer
PLAYERS = (LOGIN, OK, OK, E403, E403, E403, E403, OK)  # the Player role
EVENT_ORGANIZER = (LOGIN, E403, E403, E403, E403, OK, E403, OK)
EVENT_STAFF = (LOGIN, E403, E403, OK, E403, OK, E403, OK)
REGISTERED = (LOGIN, OK, OK, E404, E404, E404, E404, E404)  # the event's own players
MATCH_PLAYERS = (LOGIN, OK, OK, E403, E403, E403, E403, E403)
MATCH_PLAYERS_AND_STAFF = (LOGIN, OK, OK, OK, E403, OK, E403, OK)
OWN_REGISTRATION_OR_STAFF = (LOGIN, OK, E403, OK, E403, OK, E403, OK)  # the player's own entry
OPPONENT_FLEET = (E404, OK, OK, OK, E404, OK, E404, OK)  # other_player's fleet: owner, opponent, staff
OPPONENT_SHEET = (LOGIN, E403, OK, OK, E403, OK, E403, OK)
FLEET_VIEWERS = (LOGIN, OK, OK, OK, E404, OK, E404, OK)  # player's fleet: owner, opponent, staff
FLEET_OWNER = (LOGIN, OK, E403, E403, E404, E403, E404, E403)  # viewers may look, only the owner acts
DECK_OWNER = (LOGIN, OK, E404, E403, E403, E403, E403, E404)  # decks are private to their player
TOKEN_OWNER = (LOGIN, OK, E404, E404, E404, E404, E404, E404)
OWN_ENTRY_NO_DECK = (LOGIN, E404, E403, E404, E403, E404, E403, E404)  # allowed, then no such deck
CAMPAIGN_MEMBERS = (LOGIN, OK, OK, E404, E404, OK, E404, OK)  # its organizer and players only
CAMPAIGN_ORGANIZER = (LOGIN, E403, E403, E404, E404, OK, E404, OK)  # its players look, the organizer records
API_SIGNED_IN = (E401, OK, OK, OK, OK, OK, OK, OK)
API_INPUT_REFUSED = (E401, BAD, BAD, BAD, BAD, BAD, BAD, BAD)
API_FLEET_VIEWERS = (E401, OK, OK, OK, E404, OK, E404, OK)
API_FLEET_OWNER = (E401, BAD, E403, E403, E404, E403, E404, E403)  # the owner's fleet is locked: 409
API_EVENT_STAFF = (E401, E403, E403, BAD, E403, BAD, E403, BAD)  # the event's staff; then no winner: 400
PUBLIC_INPUT_REFUSED = (BAD, BAD, BAD, BAD, BAD, BAD, BAD, BAD)
SITE_ADMINS = (LOGIN, E403, E403, E403, E403, E403, E403, OK)
NOWHERE = (E404, E404, E404, E404, E404, E404, E404, E404)

Kwargs = Callable[[World], dict]


def no_args(world: World) -> dict:
    return {}


def event(world: World) -> dict:
    return {"pk": world.event.pk}


def own_registration(world: World) -> dict:
    return {"pk": world.event.pk, "registration_pk": world.registrations["player"].pk}


def opponent_registration(world: World) -> dict:
    return {"pk": world.event.pk, "registration_pk": world.registrations["other_player"].pk}


def round_one(world: World) -> dict:
    return {"pk": world.event.pk, "number": 1}


def round_one_table(world: World) -> dict:
    return {**round_one(world), "match_pk": world.match.pk}


def pairings_printout(world: World) -> dict:
    return {**round_one(world), "kind": "pairings-by-table"}


def match(world: World) -> dict:
    return {"pk": world.event.pk, "match_pk": world.match.pk}


def missing_deck_of_own_entry(world: World) -> dict:
    return {**own_registration(world), "deck_pk": 999_999}


def event_judge(world: World) -> dict:
    return {"pk": world.event.pk, "user_pk": world.users["judge"].pk}


def a_player(world: World) -> dict:
    return {"pk": world.users["player"].pk}


def campaign(world: World) -> dict:
    return {"pk": world.campaign.pk}


def campaign_entry(world: World) -> dict:
    return {"pk": world.campaign.pk, "sequence": 1}


def campaign_seat(world: World) -> dict:
    return {"pk": world.campaign.pk, "player_pk": world.campaign_seat.pk}


def fleet(world: World) -> dict:
    return {"pk": world.fleet.pk}


def fleet_change(world: World) -> dict:
    return {"pk": world.fleet.pk, "action": "add-ship"}


def sheet_code(world: World) -> dict:
    version = world.fleet.current_version
    return {"version_id": version.pk, "code": version.code}


def api_token(world: World) -> dict:
    return {"pk": world.api_token.pk}


def deck(world: World) -> dict:
    return {"pk": world.deck.pk}


def deck_game(world: World) -> dict:
    return {"game": world.deck.game}


def catalog_card(world: World) -> dict:
    return {"game": world.deck.game, "pk": get_game(world.deck.game).catalog.model.objects.order_by("pk")[0].pk}


def api_fleet(world: World) -> dict:
    return {"fleet_id": world.fleet.pk}


def api_event(world: World) -> dict:
    return {"event_id": world.event.pk}


def api_round(world: World) -> dict:
    return {"event_id": world.event.pk, "number": 1}


def api_match(world: World) -> dict:
    return {"event_id": world.event.pk, "match_id": world.match.pk}


class Row(NamedTuple):
    name: str
    method: str
    kwargs: Kwargs
    outcomes: tuple[str, ...]
    query: str = ""

    @property
    def unsafe(self) -> bool:
        return self.method not in ("GET", "HEAD")

    def expected(self) -> dict[str, str]:
        return dict(zip(ROLES, self.outcomes, strict=True))


MATRIX = [
    # --- Site and accounts ------------------------------------------------------------------------
    Row("home", "GET", no_args, EVERYONE),
    Row("check", "GET", no_args, EVERYONE),
    Row("check", "POST", no_args, EVERYONE),  # the form again, saying what is missing
    Row("check_sheet", "POST", no_args, PUBLIC_INPUT_REFUSED),  # only a list a check signed
    Row("sign_up", "GET", no_args, EVERYONE),  # signed-in users are sent home
    Row("sign_up", "POST", no_args, EVERYONE),
    Row("people", "GET", no_args, SITE_ADMINS),
    Row("people_role", "POST", a_player, SITE_ADMINS),  # an empty form: refused, nothing changes
    # --- Events -----------------------------------------------------------------------------------
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
    Row("tournaments:check_in_all", "POST", event, EVENT_STAFF),  # running: refused, nothing changes
    Row("tournaments:grant_bye", "POST", own_registration, EVENT_STAFF),
    Row("tournaments:drop", "POST", own_registration, OWN_REGISTRATION_OR_STAFF),
    Row("tournaments:undrop", "POST", own_registration, EVENT_STAFF),
    Row("tournaments:pair_next", "POST", event, EVENT_STAFF),
    Row("tournaments:round", "GET", round_one, EVERYONE),
    Row("tournaments:repair", "GET", round_one, EVENT_STAFF),
    Row("tournaments:repair", "POST", round_one, EVENT_STAFF),
    Row("tournaments:reopen", "POST", round_one, EVENT_STAFF),  # unconfirmed: nothing reopens
    Row("tournaments:enter_result", "POST", round_one_table, EVENT_STAFF),  # an empty form: refused
    Row("tournaments:swap", "GET", round_one, EVENT_STAFF),
    Row("tournaments:swap", "POST", round_one, EVENT_STAFF),
    Row("tournaments:live", "GET", round_one, EVERYONE),
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
    Row("tournaments:export_csv", "GET", event, EVENT_STAFF),
    Row("tournaments:export_json", "GET", event, EVENT_STAFF),
    # The deck games' pages, asked of the STAW event (its answers for an event with submitted decks,
    # role by role, are tests/tournaments/test_deck_view_permissions.py).
    Row("tournaments:submit_decks", "GET", event, REGISTERED),  # a fleet event: on to the fleet page
    Row("tournaments:submit_decks", "POST", event, REGISTERED),
    Row("tournaments:set_club", "POST", own_registration, OWN_REGISTRATION_OR_STAFF),
    Row("tournaments:decks", "GET", own_registration, NOWHERE),  # a fleet event has no decks
    Row("tournaments:deck_sheet", "GET", missing_deck_of_own_entry, OWN_ENTRY_NO_DECK),
    # --- Starship Command campaigns ---------------------------------------------------------------
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
    # --- Fleets -----------------------------------------------------------------------------------
    Row("fleets:list", "GET", no_args, SIGNED_IN),
    Row("fleets:create", "GET", no_args, SIGNED_IN),
    Row("fleets:create", "POST", no_args, SIGNED_IN),
    Row("fleets:import", "GET", no_args, SIGNED_IN),
    Row("fleets:import", "POST", no_args, SIGNED_IN),
    Row("fleets:detail", "GET", fleet, FLEET_VIEWERS),
    Row("fleets:edit_details", "POST", fleet, FLEET_OWNER),
    Row("fleets:edit", "POST", fleet_change, FLEET_OWNER),
    Row("fleets:save", "POST", fleet, FLEET_OWNER),
    Row("fleets:discard", "POST", fleet, FLEET_OWNER),
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
    # --- Decks ------------------------------------------------------------------------------------
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
    # --- JSON API ---------------------------------------------------------------------------------
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
    Row("api:event_detail", "GET", api_event, EVERYONE),
    Row("api:event_round", "GET", api_round, EVERYONE),
    Row("api:event_standings", "GET", api_event, EVERYONE),  # the world's event is running
    Row("api:event_lists", "GET", api_event, EVERYONE),  # each list shown only where tournaments.access allows
    Row("api:match_result", "POST", api_match, API_EVENT_STAFF),
]

# Django's own log-in, log-out and password views (django.contrib.auth.urls), tested by Django
# and in tests/accounts; the admin (django.contrib.admin) checks is_staff on every page itself.
SKIPPED_NAMES = {
    "login",
    "logout",
    "password_change",
    "password_change_done",
    "password_reset",
    "password_reset_done",
    "password_reset_confirm",
    "password_reset_complete",
}
SKIPPED_NAMESPACES = ("admin:",)

# Fields that change on every request by design (the session's log-in time, a token's last use).
VOLATILE_FIELDS = {"last_login", "last_used_at"}


def url_names(resolver: URLResolver | None = None, namespace: str = "") -> set[str]:
    """Every URL name of the configuration, with its namespaces (``fleets:decks:list``)."""
    names = set()
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            names |= url_names(pattern, namespace + (f"{pattern.namespace}:" if pattern.namespace else ""))
        else:
            names.add(namespace + (pattern.name or f"<unnamed: {pattern.pattern}>"))
    return {name for name in names if name not in SKIPPED_NAMES and not name.startswith(SKIPPED_NAMESPACES)}


def row_url(world: World, row: Row) -> str:
    url = reverse(row.name, kwargs=row.kwargs(world))
    return f"{url}?{row.query}" if row.query else url


def send(client: Client, row: Row, url: str, **headers):
    """The row's request with an empty body: an empty form, or ``{}`` for the JSON API."""
    method = getattr(client, row.method.lower())
    if not row.unsafe:
        return method(url, **headers)
    if row.name.startswith("api:"):
        return method(url, "{}" if row.method != "DELETE" else "", content_type="application/json", **headers)
    return method(url, {}, **headers)


def client_for(world: World, role: str, row: Row) -> tuple[Client, dict]:
    """A fresh client signed in as ``role``: by session on the site, by Bearer token on the API."""
    client = Client()
    headers = {}
    if role in world.sessions:
        if row.name.startswith("api:"):
            headers["HTTP_AUTHORIZATION"] = f"Bearer {world.tokens[role]}"
        else:
            client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions[role]
    return client, headers


# Whom the tests that need one allowed user ask first (the owner, a registered player, then staff).
PREFERRED = ("player", "organizer", "judge", "superuser")


def allowed_role(row: Row) -> str:
    expected = row.expected()
    return next(role for role in PREFERRED if expected[role] in (OK, BAD))


def outcome(response) -> str:
    if response.status_code == 302 and response.url.startswith(reverse("login")):
        return LOGIN
    if response.status_code in (400, 409, 422):
        return BAD
    if response.status_code in (401, 403, 404):
        return str(response.status_code)
    if 200 <= response.status_code < 400:
        return OK
    return f"unexpected {response.status_code}"


def database_state() -> dict[str, list[tuple]]:
    """Every row of the accounts, fleets and tournaments tables (and their many-to-many links).

    Plain SQL, one query per table: the matrix takes this snapshot hundreds of times.
    """
    with connection.cursor() as cursor:
        state = {}
        for table, sql in snapshot_queries():
            cursor.execute(sql)
            state[table] = cursor.fetchall()
    return state


@cache_result
def snapshot_queries() -> list[tuple[str, str]]:
    quote = connection.ops.quote_name
    queries = []
    for label in ("auth", "fleets", "tournaments"):
        for model in apps.get_app_config(label).get_models(include_auto_created=True):
            columns = [f.column for f in model._meta.concrete_fields if f.attname not in VOLATILE_FIELDS]
            table = model._meta.db_table
            order = quote(model._meta.pk.column)
            select = f"SELECT {', '.join(map(quote, columns))} FROM {quote(table)} ORDER BY {order}"  # noqa: S608 (model names)
            queries.append((table, select))
    return queries


def ask(world: World, role: str, row: Row, before: dict | None = None, *, client: Client | None = None):
    """``role`` sends the row's request (with ``client``, else one of :func:`client_for`) in a
    savepoint that is then rolled back.

    Returns the response and, when ``before`` (a :func:`database_state`) is given,
    whether the database still equalled it after the request.
    """
    if client is None:
        client, headers = client_for(world, role, row)
    else:
        headers = {}
    with transaction.atomic():
        response = send(client, row, row_url(world, row), **headers)
        unchanged = before is None or database_state() == before
        transaction.set_rollback(True)
    return response, unchanged


pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[World]:
    with world_in_transaction(django_db_blocker) as world:
        yield world


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """The public check's rate limit counts requests per address in the cache."""
    cache.clear()
    yield
    cache.clear()


def test_every_url_has_a_row():
    assert url_names() == {row.name for row in MATRIX}


@pytest.mark.parametrize("row", MATRIX, ids=[f"{row.name} {row.method}" for row in MATRIX])
def test_each_role_gets_what_the_matrix_says(world, row):
    # Every request is rolled back, so each role starts from this same state.
    state = database_state() if row.unsafe else None
    got, changed_by_refused = {}, []
    for role, expected in row.expected().items():
        refused = expected not in (OK, BAD)
        response, unchanged = ask(world, role, row, before=state if refused else None)
        got[role] = outcome(response)
        if not unchanged:
            changed_by_refused.append(role)
    assert got == row.expected()
    assert not changed_by_refused, f"refused, yet the database changed: {changed_by_refused}"


def test_a_refused_request_that_changes_nothing_is_told_apart(world):
    """The matrix's "nothing changed" check can fail: an allowed drop changes the database."""
    drop = next(row for row in MATRIX if row.name == "tournaments:drop")
    response, unchanged = ask(world, "organizer", drop, before=database_state())
    assert outcome(response) == OK and not unchanged


def test_the_json_api_rows_are_asked_with_json(world):
    """The API rows' empty body is valid JSON, so a 400/422 there is the schema's answer, not a parse error."""
    row = next(row for row in MATRIX if row.name == "api:fleet_create")
    response, _ = ask(world, "player", row)
    assert response.status_code == 422
    assert "name" in json.dumps(response.json())
