"""One small, complete site for the security tests: every role, a running event, a second event.

Built only through the services (and the factories of the other test folders),
so it is the state real use produces:

- ``store``: the store ``organizer`` organizes and ``judge`` judges at; ``other_store``:
  ``other_organizer``'s, judged by ``other_judge``.
- ``event``: at ``store``, run by ``organizer`` with ``judge``; ``player`` and ``other_player``
  registered themselves, submitted legal fleets and checked in; the event has
  started (fleets locked, lists hidden) and round 1 pairs the two at table 1.
- ``other_event``: ``other_store``'s event, still taking registrations, run by
  ``other_organizer`` and judged by ``other_judge``.
- ``deck``: a Wing Commander deck of ``player``; ``spare_fleet``: a fleet of
  ``player`` submitted nowhere.
- ``campaign``: a Starship Command campaign run by ``organizer`` in which
  ``player`` (``campaign_seat``) and ``other_player`` command a race each.
- ``sessions``: a signed-in session (its cookie value) and ``tokens``: an API
  token (its text) for every signed-in role.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.test import Client

from fleets.decks.services import deck_create
from fleets.models import ApiToken, Deck, Fleet
from fleets.services import api_token_create
from games.starship_command.campaigns.services import campaign_add_player, campaign_create
from games.starship_command.models import Campaign, CampaignPlayer
from stores.models import Store, StoreRoleKind
from stores.services import store_appoint, store_create
from tests.accounts.factories import JudgeFactory, OrganizerFactory, PlayerFactory, UserFactory
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.models import Award, Event, Match, Registration, SheetsJob, WaitlistEntry
from tournaments.services import (
    event_start,
    registration_add,
    registration_add_walk_in,
    registration_check_in,
    registration_submit_fleet,
    round_pair_next,
    sheets_job_request,
)
from tournaments.tasks import make_fleet_sheets

ROLES = (
    "anonymous",
    "player",
    "other_player",
    "judge",
    "other_judge",
    "organizer",
    "other_organizer",
    "superuser",
)


@dataclass
class World:
    users: dict[str, object]
    sessions: dict[str, str]
    tokens: dict[str, str]
    catalog: dict[str, list[str]]
    event: Event
    other_event: Event
    registrations: dict[str, Registration]
    walk_in: Registration  # a late entry the organizer added by name, without a list yet
    waiting: WaitlistEntry  # a player left on the waitlist when the event started
    match: Match
    fleet: Fleet
    spare_fleet: Fleet
    deck: Deck
    api_token: ApiToken
    campaign: Campaign
    campaign_seat: CampaignPlayer
    store: Store
    other_store: Store
    sheets_job: SheetsJob  # every sheet of ``event`` in one PDF, made
    award: Award  # one of ``event``'s awards, with no winner named yet


def enter_with_fleet(event: Event, player, catalog: dict[str, list[str]]) -> Registration:
    """The player registers, submits a legal fleet and is checked in by the organizer."""
    registration = registration_add(event=event, player=player)
    fleet = fleet_for(player, legal_fleet_content(catalog), name=f"Fleet of {player.username}")
    registration_submit_fleet(registration=registration, fleet=fleet)
    return registration_check_in(registration=registration)


def session_cookie(user) -> str:
    """The session cookie of ``user`` signed in, for clients that set it rather than log in again."""
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def build_world() -> World:
    catalog = small_catalog()
    organizer, other_organizer = OrganizerFactory(), OrganizerFactory()
    judge, other_judge = JudgeFactory(), JudgeFactory()
    users = {
        "anonymous": AnonymousUser(),
        "player": PlayerFactory(),
        "other_player": PlayerFactory(),
        "judge": judge,
        "other_judge": other_judge,
        "organizer": organizer,
        "other_organizer": other_organizer,
        "superuser": UserFactory(is_superuser=True, is_staff=True),
    }
    store = store_with_staff("Promenade Games", organizer, judge, by=users["superuser"])
    other_store = store_with_staff("Tiger's Claw Games", other_organizer, other_judge, by=users["superuser"])
    event = EventFactory(organizer=organizer, name="Hidden Lists Open", store=store)
    event.judges.add(judge)
    other_event = EventFactory(organizer=other_organizer, name="Other Open", store=other_store)
    other_event.judges.add(other_judge)
    registrations = {who: enter_with_fleet(event, users[who], catalog) for who in ("player", "other_player")}
    waiting = WaitlistEntry.objects.create(event=event, player=PlayerFactory())
    event_start(event=event)
    match = round_pair_next(event=event, by=organizer).matches.get()
    walk_in = registration_add_walk_in(event=event, name="Walk-in Wendy", added_by=organizer)
    signed_in = {who: user for who, user in users.items() if user.is_authenticated}
    tokens, records = {}, {}
    for who, user in signed_in.items():
        records[who], tokens[who] = api_token_create(user=user, name=f"script of {who}")
    for registration in registrations.values():
        registration.refresh_from_db()
    event.refresh_from_db()
    campaign = campaign_create(organizer=organizer, name="Border War")
    seat = campaign_add_player(campaign=campaign, user=users["player"], race="confederation")
    campaign_add_player(campaign=campaign, user=users["other_player"], race="packtons")
    return World(
        users=users,
        sessions={who: session_cookie(user) for who, user in signed_in.items()},
        tokens=tokens,
        catalog=catalog,
        event=event,
        other_event=other_event,
        registrations=registrations,
        walk_in=walk_in,
        waiting=waiting,
        match=match,
        fleet=registrations["player"].fleet_version.fleet,
        spare_fleet=fleet_for(users["player"], legal_fleet_content(catalog), name="Spare Fleet"),
        deck=deck_create(owner=users["player"], game="wing-commander", name="Blue Squadron", side="terran"),
        api_token=records["player"],
        campaign=campaign,
        campaign_seat=seat,
        store=store,
        other_store=other_store,
        sheets_job=made_sheets(event, organizer),
        award=Award.objects.create(event=event, name="Best Painted"),
    )


def made_sheets(event: Event, organizer) -> SheetsJob:
    job = sheets_job_request(event=event, by=organizer, site_url="http://testserver/")
    make_fleet_sheets.call(job.pk)
    return job


def store_with_staff(name: str, organizer, judge, *, by) -> Store:
    store = store_create(name=name, town="Bajor", first_organizer=organizer, by=by)
    store_appoint(store=store, person=judge, role=StoreRoleKind.JUDGE, by=organizer)
    return store


@contextmanager
def world_in_transaction(django_db_blocker) -> Iterator[World]:
    """A world shared by the tests of one module, rolled back after them.

    Each test still runs in its own savepoint (pytest-django's ``db``), so what a
    test writes is gone before the next one. A module fixture (``scope="module"``,
    asking for ``django_db_setup`` and ``django_db_blocker``) yields from this.
    """
    with django_db_blocker.unblock(), transaction.atomic():
        yield build_world()
        transaction.set_rollback(True)
