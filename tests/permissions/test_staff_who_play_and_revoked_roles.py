"""The permission matrix for staff who also play, and for roles taken away, on the site and the API.

Its own small world (the main matrix's roles never play nor lose a role):

- ``running``: run by ``organizer``; ``playing_judge`` (who holds Judge and Player) is
  appointed to it and plays in it with three other players; round 1 seats
  ``playing_judge`` against ``opponent`` (``own_match``) and the other two at ``other_match``.
- ``sealed``: run by ``revoked_organizer``, judged by ``revoked_judge``, not started, so
  its lists are hidden; then a site administrator took both roles away on the People page.
- ``store``: ``organizer``'s store, where ``revoked_organizer`` was a co-organizer with a
  season of its own (``season``) until the role was taken away.

A staff member never enters, corrects or settles a result of a match they play in
(issue 24, item 1); a role taken away ends the event powers it lent (item 2).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.contrib.auth.models import Group
from django.db import transaction
from django.test import Client
from django.urls import reverse

from accounts.roles import JUDGE, PLAYER
from accounts.services import role_set
from fleets.services import api_token_create
from stores.models import StoreRoleKind
from stores.services import store_appoint, store_create
from tests.accounts.factories import JudgeFactory, OrganizerFactory, PlayerFactory, UserFactory
from tests.security.world import enter_with_fleet, session_cookie
from tests.tournaments.factories import EventFactory, small_catalog
from tournaments.errors import TournamentError
from tournaments.games import event_game
from tournaments.models import Event, EventStatus, Match, MatchStatus, StaffAction, StaffChange
from tournaments.services import event_start, result_enter, round_pair_next

from .harness import BAD, E403, E404, OK, Row, ask, database_state, outcome, winter_season

pytestmark = pytest.mark.django_db

ROLES = ("playing_judge", "opponent", "organizer", "revoked_judge", "revoked_organizer")


@dataclass
class StaffWorld:
    users: dict[str, object]
    sessions: dict[str, str]
    tokens: dict[str, str]
    running: Event
    sealed: Event
    own_match: Match
    other_match: Match
    sealed_entry: object
    store: object
    season: object


def build() -> StaffWorld:
    catalog = small_catalog()
    admin = UserFactory(is_superuser=True, is_staff=True)
    organizer, revoked_organizer = OrganizerFactory(), OrganizerFactory()
    playing_judge, revoked_judge = JudgeFactory(), JudgeFactory()
    playing_judge.groups.add(Group.objects.get_or_create(name=PLAYER)[0])
    players = [PlayerFactory() for _ in range(3)]
    running = EventFactory(organizer=organizer, name="Judges Also Play Open")
    running.judges.add(playing_judge)
    for player in [playing_judge, *players]:
        enter_with_fleet(running, player, catalog)
    event_start(event=running)
    matches = list(round_pair_next(event=running, by=organizer).matches.prefetch_related("sides__registration"))
    own = next(m for m in matches if any(s.registration.player_id == playing_judge.pk for s in m.sides.all()))
    other = next(m for m in matches if m.pk != own.pk and not m.is_bye)
    opponent = next(s.registration.player for s in own.sides.all() if s.registration.player_id != playing_judge.pk)
    sealed = EventFactory(organizer=revoked_organizer, name="Sealed Lists Cup")
    sealed.judges.add(revoked_judge)
    sealed_entry = enter_with_fleet(sealed, PlayerFactory(), catalog)  # nobody of the matrix
    store = store_create(name="Sealed Store", town="Bajor", first_organizer=organizer, by=admin)
    store_appoint(store=store, person=revoked_organizer, role=StoreRoleKind.ORGANIZER, by=admin)
    season = winter_season(store, by=revoked_organizer)
    role_set(user=revoked_judge, role=JUDGE, granted=False, by=admin)
    role_set(user=revoked_organizer, role="Organizer", granted=False, by=admin)
    users = {
        "playing_judge": playing_judge,
        "opponent": opponent,
        "organizer": organizer,
        "revoked_judge": type(revoked_judge).objects.get(pk=revoked_judge.pk),
        "revoked_organizer": type(revoked_organizer).objects.get(pk=revoked_organizer.pk),
    }
    tokens = {who: api_token_create(user=user, name=f"script of {who}")[1] for who, user in users.items()}
    return StaffWorld(
        users=users,
        sessions={who: session_cookie(user) for who, user in users.items()},
        tokens=tokens,
        running=running,
        sealed=sealed,
        own_match=own,
        other_match=other,
        sealed_entry=sealed_entry,
        store=store,
        season=season,
    )


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[StaffWorld]:
    with django_db_blocker.unblock(), transaction.atomic():
        yield build()
        transaction.set_rollback(True)


def desk(world, which):
    match = getattr(world, which)
    return {"pk": world.running.pk, "number": 1, "match_pk": match.pk}


def own_desk(world):
    return desk(world, "own_match")


def other_desk(world):
    return desk(world, "other_match")


def own_match(world):
    return {"pk": world.running.pk, "match_pk": world.own_match.pk}


def api_own_match(world):
    return {"event_id": world.running.pk, "match_id": world.own_match.pk}


def api_other_match(world):
    return {"event_id": world.running.pk, "match_id": world.other_match.pk}


def running(world):
    return {"pk": world.running.pk}


def sealed(world):
    return {"pk": world.sealed.pk}


def sealed_fleet(world):
    return {"pk": world.sealed.pk, "registration_pk": world.sealed_entry.pk}


def api_sealed(world):
    return {"event_id": world.sealed.pk}


def no_args(world):
    return {}


def store(world):
    return {"pk": world.store.pk}


def season(world):
    return {"pk": world.season.pk}


def rows(*table):
    return [
        (Row(name, method, kwargs, outcomes), dict(zip(ROLES, outcomes, strict=True)))
        for name, method, kwargs, outcomes in table
    ]


#          playing_judge  opponent  organizer  revoked_judge  revoked_organizer
ROWS = rows(
    # The desk: the playing judge's own table is not theirs to enter; the other tables are.
    ("tournaments:enter_result", "POST", own_desk, (E403, E403, OK, E403, E403)),
    ("tournaments:preview_result", "POST", own_desk, (E403, E403, OK, E403, E403)),
    ("tournaments:enter_result", "POST", other_desk, (OK, E403, OK, E403, E403)),
    ("tournaments:match", "GET", own_match, (OK, OK, OK, E403, E403)),
    ("tournaments:confirm", "POST", own_match, (OK, OK, E403, E403, E403)),  # nothing reported: refused, said
    # The API: the empty result is refused (400) for whom may enter it, 403 before that for the rest.
    ("api:match_result", "POST", api_own_match, (E403, E403, BAD, E403, E403)),
    ("api:match_result", "POST", api_other_match, (BAD, E403, BAD, E403, E403)),
    # Roles taken away: no hidden list, no export, no settings, no history.
    ("tournaments:fleet", "GET", sealed_fleet, (E404, E404, E404, E404, E404)),
    ("tournaments:fleet_sheets", "GET", sealed, (E403, E403, E403, E403, E403)),
    ("tournaments:export_json", "GET", sealed, (E403, E403, E403, E403, E403)),
    ("tournaments:history", "GET", sealed, (E403, E403, E403, E403, E403)),
    ("tournaments:edit", "GET", sealed, (E403, E403, E403, E403, E403)),
    ("tournaments:edit", "POST", sealed, (E403, E403, E403, E403, E403)),
    ("tournaments:start", "POST", sealed, (E403, E403, E403, E403, E403)),
    ("tournaments:history", "GET", running, (OK, E403, OK, E403, E403)),
    # A store organizer whose Organizer role was taken away: no store, season or appointment power left.
    ("stores:appoint", "POST", store, (E403, E403, OK, E403, E403)),
    ("stores:edit", "POST", store, (E403, E403, BAD, E403, E403)),
    ("seasons:create", "GET", no_args, (E403, E403, OK, E403, E403)),
    ("seasons:edit", "GET", season, (E403, E403, OK, E403, E403)),
    ("seasons:edit", "POST", season, (E403, E403, BAD, E403, E403)),
)


@pytest.mark.parametrize(
    ("row", "expected"), ROWS, ids=[f"{row.name} {row.method} {row.kwargs.__name__}" for row, _ in ROWS]
)
def test_each_role_gets_what_the_matrix_says(world, row, expected):
    state = database_state() if row.unsafe else None
    got, changed_by_refused = {}, []
    for role, wanted in expected.items():
        refused = wanted not in (OK, BAD)
        response, unchanged = ask(world, role, row, before=state if refused else None)
        got[role] = outcome(response)
        if not unchanged:
            changed_by_refused.append(role)
    assert got == expected
    assert not changed_by_refused, f"refused, yet the database changed: {changed_by_refused}"


def signed_in(world, role):
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions[role]
    return client


def status_of(match):
    return Match.objects.get(pk=match.pk).status


def test_a_playing_judge_cannot_confirm_their_own_win_through_the_api(world):
    """Issue 24, item 1: with their own token, a judge playing in the event posted their own win: 200, confirmed."""
    url = reverse("api:match_result", kwargs=api_own_match(world))
    response = Client().post(
        url,
        {"fields": {"winner": "1"}},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {world.tokens['playing_judge']}",
    )
    assert response.status_code == 403
    assert "another of the event's staff" in response.json()["detail"]
    assert status_of(world.own_match) == MatchStatus.AWAITING


def test_a_playing_judge_cannot_enter_their_own_table_at_the_desk(world):
    client = signed_in(world, "playing_judge")
    table = world.own_match.table
    response = client.post(reverse("tournaments:enter_result", kwargs=own_desk(world)), {f"table-{table}-winner": "1"})
    assert response.status_code == 403
    assert status_of(world.own_match) == MatchStatus.AWAITING
    page = client.get(reverse("tournaments:round", kwargs={"pk": world.running.pk, "number": 1})).content.decode()
    assert f'id="entry-{world.other_match.table}"' in page and f'id="entry-{table}"' not in page
    assert "You play at this table" in page


def test_a_playing_judges_report_waits_for_the_opponent_and_the_page_says_so(world):
    client = signed_in(world, "playing_judge")
    url = reverse("tournaments:match", kwargs=own_match(world))
    assert "another of the event's staff enters it" in client.get(url).content.decode()
    client.post(url, {"winner": "1"})
    assert status_of(world.own_match) == MatchStatus.REPORTED
    signed_in(world, "opponent").post(reverse("tournaments:confirm", kwargs=own_match(world)))
    assert status_of(world.own_match) == MatchStatus.CONFIRMED


def test_the_result_service_refuses_a_staff_member_their_own_match(world):
    """Whatever the page, the write itself refuses: a correction of a confirmed own match too."""
    match = world.own_match
    with pytest.raises(TournamentError, match="You play in this match"):
        result_enter(
            match=match,
            by=world.users["playing_judge"],
            result=event_game(world.running.game).result_from_json({"winner": 1}),
        )
    assert status_of(match) == MatchStatus.AWAITING


def test_a_revoked_judge_reads_no_hidden_list_through_the_api(world):
    """Issue 24, item 2: the revoked judge still read the sealed event's lists."""
    response = Client().get(
        reverse("api:event_lists", kwargs=api_sealed(world)),
        HTTP_AUTHORIZATION=f"Bearer {world.tokens['revoked_judge']}",
    )
    assert response.status_code == 200
    assert [row["fleet"] for row in response.json()] == [None]


def test_taking_the_judge_role_ends_the_appointments_of_unfinished_events_on_the_record(world):
    assert not world.sealed.judges.filter(pk=world.users["revoked_judge"].pk).exists()
    change = StaffChange.objects.get(event=world.sealed, person=world.users["revoked_judge"])
    assert change.action == StaffAction.REMOVED and change.changed_by.is_superuser


def test_a_finished_event_keeps_its_record_of_who_judged_it(world):
    judge = PlayerFactory()
    role_set(user=judge, role=JUDGE, granted=True, by=world.users["organizer"])
    finished = EventFactory(status=EventStatus.FINISHED)
    finished.judges.add(judge)
    role_set(user=judge, role=JUDGE, granted=False, by=world.users["organizer"])
    assert finished.judges.filter(pk=judge.pk).exists()


def test_event_pages_ask_for_the_role_itself(world):
    """A judge whose role went some other way than the People page (the admin's group list) judges no more."""
    judge = world.users["playing_judge"]
    judge.groups.remove(Group.objects.get(name=JUDGE))
    client = signed_in(world, "playing_judge")
    assert client.get(reverse("tournaments:export_json", kwargs=running(world))).status_code == 403
