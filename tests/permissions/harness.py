"""What the permission matrix asks and how: the outcomes, the rows' arguments, the requests, the database snapshot."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from functools import cache as cache_result
from typing import NamedTuple

from django.apps import apps
from django.conf import settings
from django.db import connection, transaction
from django.db.models import BinaryField, TextField, Value
from django.db.models.functions import Cast, JSONArray
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse

from accounts.notices import notices_off_token
from game_registry import get_game
from seasons.services import season_save
from tests.security.world import ROLES, World


def winter_season(store, *, by):
    """A season of ``store`` for the rows that ask who may run it."""
    return season_save(
        by=by,
        stores=[store],
        name="Winter League",
        game="attack-wing",
        starts_on=date(2026, 12, 1),
        ends_on=date(2027, 3, 31),
    )


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
DECK_OWNER = (LOGIN, OK, E404, E404, E404, E404, E404, E404)  # private to their player: not even confirmed to exist
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
SITE_ADMINS_INPUT_REFUSED = (LOGIN, E403, E403, E403, E403, E403, E403, BAD)
# The world's two stores: ``store`` is organizer's and judge's, ``other_store`` other_organizer's and other_judge's.
STORE_ORGANIZERS = EVENT_ORGANIZER
OTHER_STORE_ORGANIZERS = (LOGIN, E403, E403, E403, E403, E403, OK, OK)
OTHER_STORE_STAFF = (LOGIN, E403, E403, E403, OK, E403, OK, OK)
STORE_ORGANIZERS_INPUT_REFUSED = (LOGIN, E403, E403, E403, E403, BAD, E403, BAD)
OTHER_STORE_ORGANIZERS_INPUT_REFUSED = (LOGIN, E403, E403, E403, E403, E403, BAD, BAD)
NOWHERE = (E404, E404, E404, E404, E404, E404, E404, E404)

Kwargs = Callable[[World], dict]


def no_args(world: World) -> dict:
    return {}


def event(world: World) -> dict:
    return {"pk": world.event.pk}


def notices_off_link(world: World) -> dict:
    """The link a notice mailed to ``player`` carries: it names them, whoever follows it."""
    return {"token": notices_off_token(world.users["player"])}


def award(world: World) -> dict:
    return {"pk": world.event.pk, "award_pk": world.award.pk}


def own_registration(world: World) -> dict:
    return {"pk": world.event.pk, "registration_pk": world.registrations["player"].pk}


def walk_in(world: World) -> dict:
    return {"pk": world.event.pk, "registration_pk": world.walk_in.pk}


def waitlist_entry(world: World) -> dict:
    return {"pk": world.event.pk, "entry_pk": world.waiting.pk}


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


def other_event(world: World) -> dict:
    return {"pk": world.other_event.pk}


def store(world: World) -> dict:
    return {"pk": world.store.pk}


def other_store(world: World) -> dict:
    return {"pk": world.other_store.pk}


def api_store(world: World) -> dict:
    return {"store_id": world.store.pk}


def store_feed(world: World) -> dict:
    return {"store_pk": world.other_store.pk}


def _judge_role(a_store) -> dict:
    return {"pk": a_store.pk, "role_pk": a_store.roles.get(role="judge").pk}


def store_judge_role(world: World) -> dict:
    return _judge_role(world.store)


def other_store_judge_role(world: World) -> dict:
    return _judge_role(world.other_store)


def sheets_job(world: World) -> dict:
    return {"pk": world.event.pk, "job_pk": world.sheets_job.pk}


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


def shared_link(world: World) -> dict:
    """The read-only link its owner made to the world fleet's current version (made once)."""
    version = world.fleet.current_version
    share, _made = apps.get_model("fleets", "SharedVersion").objects.get_or_create(
        version=version, defaults={"token": f"link-{version.pk}"}
    )
    return {"token": share.token}


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


def staw_card(world: World) -> dict:
    from fleets.models import Card

    return {"card_id": Card.objects.order_by("pk")[0].source_id}


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


def database_state() -> dict[str, list[str]]:
    """Every row of the accounts, stores, fleets and tournaments tables (and their many-to-many links), each
    table's rows in a stable order.

    The matrix takes this snapshot thousands of times, and one query a table made it the suite's largest cost on
    PostgreSQL (a round trip each): so the rows come in one query, each read as a JSON array the database builds,
    except the few tables holding files (JSON holds no bytes), read one query each.
    """
    state: dict[str, list[str]] = {}
    with connection.cursor() as cursor:
        for sql, params in snapshot_queries():
            cursor.execute(sql, params)
            for table, *row in cursor.fetchall():
                state.setdefault(table, []).append(repr(row))
    return {table: sorted(rows) for table, rows in state.items()}


@cache_result
def snapshot_queries() -> list[tuple[str, tuple]]:
    """The queries :func:`database_state` runs, each answering (table, row...)."""
    as_json, each_alone = [], []
    for label in ("auth", "stores", "fleets", "tournaments"):
        for model in apps.get_app_config(label).get_models(include_auto_created=True):
            fields = [f for f in model._meta.concrete_fields if f.attname not in VOLATILE_FIELDS]
            rows = model._base_manager.order_by().annotate(state_table=Value(model._meta.db_table))
            if any(isinstance(field, BinaryField) for field in fields):
                each_alone.append(rows.values_list("state_table", *(field.attname for field in fields)))
            else:
                row = Cast(JSONArray(*(field.attname for field in fields)), TextField())
                as_json.append(rows.annotate(state_row=row).values_list("state_table", "state_row"))
    first, *rest = as_json
    return [query.query.sql_with_params() for query in (first.union(*rest, all=True), *each_alone)]


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


def assert_row_as_the_matrix_says(world: World, row: Row) -> None:
    """Each role gets the row's outcome, and a refused request leaves every table as it was.

    Every request is rolled back, so each role starts from the same state.
    """
    state = database_state() if row.unsafe else None
    got, changed_by_refused = {}, []
    for role, expected in row.expected().items():
        refused = expected not in (OK, BAD)
        response, unchanged = ask(world, role, row, before=state if refused else None)
        got[role] = outcome(response)
        if not unchanged:
            changed_by_refused.append(role)
    assert got == row.expected(), got
    assert not changed_by_refused, f"refused, yet the database changed: {changed_by_refused}"
