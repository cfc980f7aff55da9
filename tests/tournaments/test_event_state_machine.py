"""No event gets stuck: random evenings of every registered game, driven through the event services
(and, for a sample of steps, the pages) by what the desk, the players and the judges can do.

After every step the machine checks what must always hold:

- nothing answers with a server error (a service raises only ``TournamentError``, a page never 500s);
- a refused action changes nothing (the event's rows are compared before and after);
- the latest round is complete, or every open table takes a result the desk can enter, and a
  complete running event can be paired on or finished;
- the standings compute;
- the history never loses an entry (result changes, list submissions, pairings thrown away).

``make test`` runs a bounded number of evenings per game; ``make fuzz`` (``HYPOTHESIS_PROFILE=fuzz``)
runs evenings until ``FUZZ_MINUTES`` have passed and prints how many steps and evenings ran.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from contextlib import contextmanager

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from game_registry import all_games
from tests.accounts.factories import JudgeFactory, OrganizerFactory, PlayerFactory
from tests.games.samples import HypothesisDraw, samples_of
from tests.hypothesis_profiles import FUZZING
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments import selectors
from tournaments.errors import TournamentError
from tournaments.games import FleetGame, event_game
from tournaments.models import (
    Event,
    EventStatus,
    Match,
    MatchSide,
    MatchStatus,
    Registration,
    ResultChange,
    ResultReport,
    Round,
    RoundChange,
    SportsmanshipVote,
    StaffChange,
    SubmissionChange,
    WaitlistEntry,
)
from tournaments.models.submissions import SELF_DROP
from tournaments.services import (
    event_close_check_in,
    event_finish,
    event_open_check_in,
    event_start,
    event_update,
    registration_add,
    registration_add_walk_in,
    registration_check_in,
    registration_check_in_self,
    registration_drop,
    registration_drop_self,
    registration_sign_up,
    registration_submit_decks,
    registration_submit_fleet,
    registration_undrop,
    registration_withdraw,
    result_confirm,
    result_enter,
    result_report,
    round_pair_next,
    round_reopen,
    round_repair,
    round_swap_players,
    sportsmanship_vote,
    waitlist_leave,
    waitlist_promote,
    walk_in_submit_fleet,
)

pytestmark = pytest.mark.django_db

FUZZ_MINUTES = float(os.environ.get("FUZZ_MINUTES", "10"))
POOL = 10  # players with accounts (and lists) an evening may register
MACHINE = settings(
    max_examples=5,  # fuzzing repeats such runs until its time is up
    stateful_step_count=60 if FUZZING else 25,
    suppress_health_check=list(HealthCheck),
    derandomize=not FUZZING,
    print_blob=True,
)
COUNTS: Counter = Counter()  # steps and evenings run, by game, for the report


# --- results each game can have: any (to be judged) and one the desk can always enter ----------------


def any_result(game: str, data, match: Match):
    """A result of ``game``'s kind drawn at random: legal or not, the services judge it."""
    return samples_of(game).any_result(match, HypothesisDraw(data))


def sure_result(game: str):
    """A decisive result with nothing lost, which the rules of every game accept at any table."""
    return samples_of(game).sure_result()


GAMES = tuple(game.key for game in all_games())  # a game added without samples fails the machine


# --- what "nothing changed" and "nothing lost" compare ------------------------------------------------


def snapshot(event: Event) -> dict:
    """The event's rows, as the database holds them."""
    return {
        "event": list(Event.objects.filter(pk=event.pk).values()),
        "registrations": list(Registration.objects.filter(event=event).order_by("pk").values()),
        "rounds": list(Round.objects.filter(event=event).order_by("pk").values()),
        "matches": list(Match.objects.filter(round__event=event).order_by("pk").values()),
        "sides": list(MatchSide.objects.filter(round__event=event).order_by("pk").values()),
        "reports": list(ResultReport.objects.filter(match__round__event=event).order_by("pk").values()),
        "waitlist": list(WaitlistEntry.objects.filter(event=event).order_by("pk").values()),
        "votes": list(SportsmanshipVote.objects.filter(voter__event=event).order_by("pk").values()),
        "history": history_ids(event),
    }


def history_ids(event: Event) -> dict[str, set[int]]:
    """Every history entry of the event; result changes of pairings thrown away count through the
    round history that recorded them."""
    changes = set(ResultChange.objects.filter(match__round__event=event).values_list("pk", flat=True))
    return {
        "results": changes | recorded_elsewhere(event),
        "submissions": set(SubmissionChange.objects.filter(event=event).values_list("pk", flat=True)),
        "staff": set(StaffChange.objects.filter(event=event).values_list("pk", flat=True)),
    }


def recorded_elsewhere(event: Event) -> set[int]:
    """Result changes kept in the event's round history after their pairings were thrown away."""
    kept = set()
    for change in RoundChange.objects.filter(event=event):
        for match in change.removed.get("matches", []):
            kept.update(entry["id"] for entry in match.get("history", []))
    return kept


# --- the machine -------------------------------------------------------------------------------------


class World:
    """What every evening of one game starts from (made once per test, kept by every evening's rollback)."""

    def __init__(self, game: str):
        self.game = game
        self.organizer, self.judge = OrganizerFactory(), JudgeFactory()
        self.players = [PlayerFactory() for _ in range(POOL)]
        self.fleets = isinstance(event_game(game), FleetGame)  # its players submit fleets, not decks
        self.catalog = small_catalog() if self.fleets else None
        self.lists = {player.pk: self.make_list(player) for player in self.players}

    def make_list(self, player):
        if self.fleets:
            return fleet_for(player, legal_fleet_content(self.catalog), name=f"Fleet of {player.username}")
        return samples_of(self.game).decks(player)

    def new_event(self, data) -> Event:
        fields = {
            "organizer": self.organizer,
            "planned_rounds": data.draw(st.integers(1, 3), label="planned rounds"),
            "top_cut": data.draw(st.sampled_from([0, 0, 4]), label="top cut"),
        }
        event = EventFactory(game=self.game, format=samples_of(self.game).format, **fields)
        event.judges.add(self.judge)
        return event


class EveningMachine(RuleBasedStateMachine):
    world: World

    def __init__(self):
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        cache.clear()
        self.event: Event | None = None
        self.seen_history: dict[str, set[int]] = {}
        self.walk_ins = 0
        self.waiting: list[int] = []  # the waitlist's players, first in line first, as last seen
        self.own_registrations = 0  # registrations nobody on the staff added, as last counted
        COUNTS[f"{self.world.game} evenings"] += 1

    def teardown(self):
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    # --- helpers ---------------------------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.world.game

    def fresh_event(self) -> Event:
        return Event.objects.get(pk=self.event.pk)

    def attempt(self, action, **kwargs):
        """Run a service: it succeeds, or it is refused with a message and changes nothing."""
        COUNTS[f"{self.game} steps"] += 1
        before = snapshot(self.event)
        try:
            with transaction.atomic():
                done = action(**kwargs)
        except TournamentError as refused:
            assert refused.message
            assert snapshot(self.event) == before, f"{action.__name__} was refused but changed the event"
            return None
        COUNTS[f"{self.game} done {action.__name__}"] += 1
        return done

    def registrations(self, **filters):
        return list(Registration.objects.filter(event=self.event, **filters).select_related("player").order_by("pk"))

    def pick_registration(self, data) -> Registration | None:
        """One of the event's registrations, drawn; ``None`` when nobody is registered."""
        registrations = self.registrations()
        return data.draw(st.sampled_from(registrations), label="registration") if registrations else None

    def on_organizer_page(self, view: str, registration: Registration, form: dict | None = None):
        """The desk's button for ``registration`` pressed in the organizer's browser."""
        COUNTS[f"{self.game} pages"] += 1
        url = reverse(f"tournaments:{view}", args=[self.event.pk, registration.pk])
        self.assert_page(self.page(self.world.organizer).post(url, form or {}))

    def on_own_phone(self, player, view: str, *args, form: dict | None = None) -> bool | None:
        """A player's own button on the event's pages, pressed on their phone: whether it changed the
        event (``None``: a walk-in entered by name cannot log in, so has no such button)."""
        if not player.is_active:
            return None
        COUNTS[f"{self.game} pages"] += 1
        before = snapshot(self.event)
        url = reverse(f"tournaments:{view}", args=[self.event.pk, *args])
        self.assert_page(self.page(player).post(url, form or {}))
        return snapshot(self.event) != before

    def latest_round(self) -> Round | None:
        return Round.objects.filter(event=self.event).order_by("-number").first()

    def open_tables(self, round_=None) -> list[Match]:
        round_ = round_ or self.latest_round()
        if round_ is None:
            return []
        return list(round_.matches.filter(table__isnull=False).exclude(status=MatchStatus.CONFIRMED))

    def tables(self) -> list[Match]:
        round_ = self.latest_round()
        return list(round_.matches.filter(table__isnull=False)) if round_ else []

    def submit_list(self, registration: Registration, by=None):
        if self.world.fleets:
            fleet = self.world.lists[registration.player_id]
            return self.attempt(registration_submit_fleet, registration=registration, fleet=fleet, by=by)
        decks = self.world.lists[registration.player_id]
        return self.attempt(registration_submit_decks, registration=registration, decks=decks, by=by)

    def staff(self, data):
        return data.draw(st.sampled_from([self.world.organizer, self.world.judge]), label="staff")

    def page(self, user=None) -> Client:
        client = Client(raise_request_exception=True)
        if user is not None:
            client.force_login(user)
        return client

    def assert_page(self, response):
        assert response.status_code < 500, response.content[:500]

    # --- the evening ---------------------------------------------------------------------------------

    @initialize(data=st.data(), players=st.integers(2, 8), started=st.sampled_from(["no", "started", "paired"]))
    def open_event(self, data, players, started):
        """The event with some of the pool registered and checked in; most evenings are under way
        (started, or round 1 paired) before the random steps begin."""
        self.event = self.world.new_event(data)
        for player in self.world.players[:players]:
            registration = self.attempt(registration_add, event=self.event, player=player)
            self.submit_list(registration)
            self.attempt(registration_check_in, registration=registration)
        if started != "no":
            self.attempt(event_start, event=self.fresh_event())
        if started == "paired":
            self.attempt(round_pair_next, event=self.fresh_event(), by=self.world.organizer)

    @rule(data=st.data(), with_list=st.booleans(), by_staff=st.booleans())
    def register(self, data, with_list, by_staff):
        """A player registers (or the desk adds them: a late entry once the event runs)."""
        player = data.draw(st.sampled_from(self.world.players), label="player")
        added_by = self.world.organizer if by_staff else None
        registration = self.attempt(registration_add, event=self.event, player=player, added_by=added_by)
        if registration is not None and with_list:
            self.submit_list(registration)

    @rule(data=st.data(), with_list=st.booleans())
    def walk_in(self, data, with_list):
        """The desk adds a walk-in by name (a late entry once the event runs), with or without their list."""
        self.walk_ins += 1
        by = self.staff(data)
        registration = self.attempt(
            registration_add_walk_in, event=self.event, name=f"Walk-in {self.walk_ins}", added_by=by
        )
        if registration is not None and with_list:
            self.enter_walk_in_list(registration, by)

    def enter_walk_in_list(self, registration, by):
        if self.world.fleets:
            data = json.dumps(legal_fleet_content(self.world.catalog)).encode()
            self.attempt(walk_in_submit_fleet, registration=registration, data=data, by=by)
        else:
            decks = self.world.make_list(registration.player)
            self.attempt(registration_submit_decks, registration=registration, decks=decks, by=by)

    @rule(data=st.data())
    def submit(self, data):
        """A registered player submits their list, or the desk enters a walk-in's."""
        registrations = self.registrations()
        if not registrations:
            return
        registration = data.draw(st.sampled_from(registrations), label="registration")
        if registration.player_id in self.world.lists:
            self.submit_list(registration)
        else:
            self.enter_walk_in_list(registration, self.world.organizer)

    @rule(data=st.data(), through_page=st.booleans())
    def check_in(self, data, through_page):
        registration = self.pick_registration(data)
        if registration is None:
            return
        if through_page:
            self.on_organizer_page("check_in", registration, {"checked_in": "on"})
        else:
            self.attempt(registration_check_in, registration=registration)

    @rule(data=st.data(), through_page=st.booleans())
    def drop(self, data, through_page):
        registration = self.pick_registration(data)
        if registration is None:
            return
        if through_page:
            self.on_organizer_page("drop", registration)
        else:
            self.attempt(registration_drop, registration=registration)

    @rule(data=st.data())
    def undo_drop(self, data):
        registrations = self.registrations(dropped_at__isnull=False)
        if registrations:
            self.attempt(registration_undrop, registration=data.draw(st.sampled_from(registrations)))

    # --- players on their own: check-in, dropping, the cap's waitlist, the votes --------------------

    @rule(close=st.booleans())
    def open_or_close_check_in(self, close):
        """The organizer opens check-in by hand, or closes it (refused once the event has started)."""
        self.attempt(event_close_check_in if close else event_open_check_in, event=self.fresh_event())

    @rule(data=st.data(), through_page=st.booleans())
    def check_in_self(self, data, through_page):
        """A registered player checks themselves in: only before the start, once the organizer opened
        check-in, with their list in, not dropped and not in already (docs/events.md, "Self check-in")."""
        not_in = self.registrations(checked_in=False)
        registrations = (
            not_in if not_in and data.draw(st.booleans(), label="one not checked in") else self.registrations()
        )
        if not registrations:
            return
        registration = data.draw(st.sampled_from(registrations), label="registration")
        event = self.fresh_event()
        allowed = (
            event.status == EventStatus.REGISTRATION
            and event.check_in_opened_at is not None
            and event.check_in_closed_at is None
            and not registration.checked_in
            and not registration.dropped
            and event_game(self.game).has_lists(registration)
        )
        if through_page:
            changed = self.on_own_phone(registration.player, "check_in_self")
        else:
            changed = self.attempt(registration_check_in_self, registration=registration) is not None
        if changed is not None:
            assert changed == allowed, f"self check-in {'went through' if changed else 'was refused'} wrongly"
        if changed:
            assert Registration.objects.get(pk=registration.pk).checked_in

    @rule(data=st.data(), through_page=st.booleans())
    def drop_self(self, data, through_page):
        """A player drops themselves: while the event runs, between rounds only (never while a table of
        theirs waits for its confirmed result); the history says they dropped themselves."""
        registration = self.pick_registration(data)
        if registration is None:
            return
        waiting_for_a_result = (
            MatchSide.objects.filter(registration=registration, match__table__isnull=False)
            .exclude(match__status=MatchStatus.CONFIRMED)
            .exists()
        )
        allowed = self.fresh_event().status == EventStatus.RUNNING and not registration.dropped
        allowed = allowed and not waiting_for_a_result
        if through_page:
            changed = self.on_own_phone(registration.player, "drop", registration.pk)
        else:
            changed = self.attempt(registration_drop_self, registration=registration) is not None
        if changed is not None:
            assert changed == allowed, f"a self-drop {'went through' if changed else 'was refused'} wrongly"
        if changed:
            assert Registration.objects.get(pk=registration.pk).dropped
            told = SubmissionChange.objects.filter(event=self.event, changed_by=registration.player, action=SELF_DROP)
            assert told.exists(), "a self-drop the desk is not told of"

    @rule(data=st.data())
    def set_cap(self, data):
        """The organizer sets, raises, lowers or takes away the player cap (a raise gives the waitlist its places)."""
        cap = data.draw(st.sampled_from([None, *range(2, POOL + 1)]), label="player cap")
        self.attempt(event_update, event=self.fresh_event(), player_cap=cap, by=self.world.organizer)

    @precondition(lambda self: self.event is not None and self.fresh_event().status == EventStatus.REGISTRATION)
    @rule(data=st.data(), arriving=st.integers(1, 3))
    def the_event_fills(self, data, arriving):
        """The organizer caps the event at the players registered, and more arrive: they wait in line."""
        registered = Registration.objects.filter(event=self.event).count()
        if self.attempt(event_update, event=self.fresh_event(), player_cap=max(2, registered), by=self.world.organizer):
            for player in data.draw(
                st.lists(st.sampled_from(self.world.players), min_size=arriving, max_size=arriving)
            ):
                self.attempt(registration_sign_up, event=self.fresh_event(), player=player)

    @rule(data=st.data(), through_page=st.booleans())
    def sign_up(self, data, through_page):
        """A player of the pool enters the event themselves: registered while there is room, else at the
        end of the waitlist."""
        player = data.draw(st.sampled_from(self.world.players), label="player")
        if through_page:
            self.on_own_phone(player, "register")
        else:
            self.attempt(registration_sign_up, event=self.fresh_event(), player=player)

    @rule(data=st.data(), through_page=st.booleans())
    def withdraw(self, data, through_page):
        """A registered player withdraws before the start: the first in line gets the place."""
        registration = self.pick_registration(data)
        if registration is None:
            return
        if through_page:
            self.on_own_phone(registration.player, "withdraw")
        else:
            self.attempt(registration_withdraw, registration=registration)

    @rule(data=st.data(), through_page=st.booleans(), by_organizer=st.booleans())
    def leave_waitlist(self, data, through_page, by_organizer):
        """A waiting player leaves the waitlist, or the organizer registers them by hand (over the cap)."""
        entries = list(WaitlistEntry.objects.filter(event=self.event).select_related("player", "event"))
        if not entries:
            return
        entry = data.draw(st.sampled_from(entries), label="waiting")
        if by_organizer:
            self.attempt(waitlist_promote, entry=entry, by=self.world.organizer)
        elif through_page:
            self.on_own_phone(entry.player, "withdraw")
        else:
            self.attempt(waitlist_leave, entry=entry)

    @rule(data=st.data(), through_page=st.booleans())
    def vote(self, data, through_page):
        """A player casts their secret Best Sportsmanship vote: once the event is finished, if they played,
        never for themselves, one vote each. Several players vote in one step (the room after the final)."""
        registrations = self.registrations()
        if len(registrations) < 2:
            return
        pair = st.lists(st.sampled_from(registrations), min_size=2, max_size=2)
        for voter, choice in data.draw(st.lists(pair, min_size=1, max_size=4), label="votes"):
            allowed = (
                self.fresh_event().status == EventStatus.FINISHED
                and voter.checked_in
                and voter != choice
                and not SportsmanshipVote.objects.filter(voter=voter).exists()
            )
            if through_page:
                changed = self.on_own_phone(voter.player, "vote", form={"choice": str(choice.pk)})
            else:
                changed = self.attempt(sportsmanship_vote, voter=voter, choice=choice) is not None
            if changed is not None:
                assert changed == allowed, f"a vote {'went through' if changed else 'was refused'} wrongly"

    @precondition(lambda self: self.fresh_event().status == EventStatus.REGISTRATION)
    @rule()
    def start(self):
        self.attempt(event_start, event=self.fresh_event())

    @precondition(lambda self: self.fresh_event().status == EventStatus.RUNNING)
    @rule(data=st.data(), through_page=st.booleans())
    def pair(self, data, through_page):
        if through_page:
            COUNTS[f"{self.game} pages"] += 1
            url = reverse("tournaments:pair_next", args=[self.event.pk])
            self.assert_page(self.page(self.staff(data)).post(url, {"confirm": "yes"}))
        else:
            self.attempt(round_pair_next, event=self.fresh_event(), by=self.staff(data))

    @precondition(lambda self: self.latest_round() is not None)
    @rule(data=st.data())
    def pair_again(self, data):
        self.attempt(round_repair, round_=self.latest_round(), by=self.staff(data))

    @precondition(lambda self: self.latest_round() is not None)
    @rule(data=st.data(), allow_rematch=st.booleans())
    def swap(self, data, allow_rematch):
        sides = list(MatchSide.objects.filter(round=self.latest_round()).select_related("registration"))
        if len(sides) < 2:
            return
        first, second = data.draw(st.lists(st.sampled_from(sides), min_size=2, max_size=2, unique=True))
        self.attempt(
            round_swap_players,
            round_=self.latest_round(),
            first=first.registration,
            second=second.registration,
            allow_rematch=allow_rematch,
        )

    @precondition(lambda self: self.latest_round() is not None)
    @rule(data=st.data())
    def report(self, data):
        """A player reports their table's result (the same as the opponent's: confirmed; else disputed)."""
        tables = self.tables()
        if not tables:
            return
        match = data.draw(st.sampled_from(tables), label="table")
        side = data.draw(st.sampled_from(list(match.sides.select_related("registration__player"))), label="seat")
        result = any_result(self.game, data, match)
        self.attempt(result_report, match=match, by=side.registration.player, result=result)

    @precondition(lambda self: self.latest_round() is not None)
    @rule(data=st.data())
    def confirm(self, data):
        tables = self.tables()
        if not tables:
            return
        match = data.draw(st.sampled_from(tables), label="table")
        side = data.draw(st.sampled_from(list(match.sides.select_related("registration__player"))), label="seat")
        self.attempt(result_confirm, match=match, by=side.registration.player)

    @precondition(lambda self: self.latest_round() is not None)
    @rule(data=st.data(), sure=st.booleans(), through_page=st.booleans())
    def enter(self, data, sure, through_page):
        """The desk enters, settles (a disputed table) or corrects (a confirmed one) a table's result."""
        tables = self.tables()
        if not tables:
            return
        match = data.draw(st.sampled_from(tables), label="table")
        result = sure_result(self.game) if sure else any_result(self.game, data, match)
        by = self.staff(data)
        if through_page:
            self.enter_on_match_page(match, result, by)
        else:
            self.attempt(result_enter, match=match, by=by, result=result)

    def enter_on_match_page(self, match, result, by):
        """The match page's form, filled in as the result would show it, saved by the staff."""
        COUNTS[f"{self.game} pages"] += 1
        client = self.page(by)
        url = reverse("tournaments:match", args=[self.event.pk, match.pk])
        self.assert_page(client.get(url))
        form = event_game(self.game).result_form(match, result=result, staff=True)
        fields = {}
        for name, field in form.fields.items():
            value = form.initial.get(name, field.initial)
            if value is not None:
                fields[form.add_prefix(name)] = value
        self.assert_page(client.post(url, fields))

    @precondition(lambda self: self.latest_round() is not None)
    @rule(data=st.data())
    def desk_completes_the_round(self, data):
        """The desk enters a result at every open table of the latest round (evenings reach their
        later rounds, the top cut and the finish)."""
        by = self.staff(data)
        for match in self.open_tables():
            self.attempt(result_enter, match=match, by=by, result=sure_result(self.game))

    @precondition(lambda self: self.latest_round() is not None)
    @rule(data=st.data())
    def reopen(self, data):
        self.attempt(round_reopen, round_=self.latest_round(), by=self.staff(data))

    @precondition(lambda self: self.fresh_event().status == EventStatus.RUNNING)
    @rule()
    def finish(self):
        self.attempt(event_finish, event=self.fresh_event())

    @rule(data=st.data())
    def look(self, data):
        """The pages the desk, the players and the public read."""
        COUNTS[f"{self.game} pages"] += 1
        event = self.event
        urls = [reverse("tournaments:event", args=[event.pk]), reverse("tournaments:standings", args=[event.pk])]
        urls.append(reverse("tournaments:history", args=[event.pk]))
        if (round_ := self.latest_round()) is not None:
            urls.append(reverse("tournaments:round", args=[event.pk, round_.number]))
        client = self.page(self.world.organizer)
        self.assert_page(client.get(data.draw(st.sampled_from(urls))))

    # --- what always holds -----------------------------------------------------------------------

    @invariant()
    def standings_compute(self):
        if self.event is not None:
            selectors.event_standings(self.fresh_event())

    @invariant()
    def history_is_never_lost(self):
        if self.event is None:
            return
        now = history_ids(self.event)
        for kind, seen in self.seen_history.items():
            assert seen <= now[kind], f"{kind} history lost entries {sorted(seen - now[kind])}"
        self.seen_history = now

    @invariant()
    def the_evening_can_go_on(self):
        """Every open table of the latest round takes a result from the desk; a complete round of a
        running event can be paired on, or the event finished."""
        if self.event is None:
            return
        event = self.fresh_event()
        if event.status != EventStatus.RUNNING or self.latest_round() is None:
            return
        with rolled_back():
            for match in self.open_tables():
                try:
                    result_enter(match=match, by=self.world.organizer, result=sure_result(self.game))
                except TournamentError as refused:
                    raise AssertionError(f"table {match.table} cannot be completed: {refused.message}") from None
            try:
                round_pair_next(event=event, by=self.world.organizer)
            except TournamentError:
                event_finish(event=Event.objects.get(pk=event.pk))

    @invariant()
    def the_waitlist_keeps_its_order(self):
        """Those still waiting keep their order, newcomers join at the end, and a place that came free
        went to the first in line (nobody ahead of a player promoted on their own still waits)."""
        if self.event is None:
            return
        now = list(
            WaitlistEntry.objects.filter(event=self.event)
            .order_by("joined_at", "pk")
            .values_list("player_id", flat=True)
        )
        still = [player for player in self.waiting if player in now]
        assert now[: len(still)] == still, f"the waitlist changed its order: {self.waiting} then {now}"
        gone = [player for player in self.waiting if player not in now]
        filled = Registration.objects.filter(event=self.event, player_id__in=gone, added_by=None)
        for player in filled.values_list("player_id", flat=True):
            ahead = set(self.waiting[: self.waiting.index(player)])
            assert not ahead & set(now), "a freed place went past the first in line"
        self.waiting = now

    @invariant()
    def only_the_staff_go_past_the_cap(self):
        """The cap bounds the players who register themselves (the waitlist's promotions included): no
        step takes them past it; the staff add anyone over it, and a cap lowered leaves those in."""
        if self.event is None:
            return
        event = self.fresh_event()
        own = Registration.objects.filter(event=event, added_by=None).count()
        if event.player_cap is not None:
            assert own <= max(event.player_cap, self.own_registrations), (
                f"{own} players registered themselves past the cap of {event.player_cap}"
            )
        self.own_registrations = own

    @invariant()
    def votes_come_after_the_finish(self):
        """Every Best Sportsmanship vote is cast after the finish by a player who played, for another
        player of the event (one per voter: the vote step sees a second one refused)."""
        if self.event is None:
            return
        votes = list(SportsmanshipVote.objects.filter(voter__event=self.event).select_related("voter", "choice"))
        if votes:
            assert self.fresh_event().status == EventStatus.FINISHED, "a vote before the finish"
        for vote in votes:
            assert vote.voter.checked_in and vote.choice_id != vote.voter_id and vote.choice.event_id == self.event.pk


@contextmanager
def rolled_back():
    """Try something and keep none of it."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


@pytest.mark.slow(reason="Hypothesis plays several whole evenings of the game, registration to final standings")
@pytest.mark.parametrize("game", GAMES)
def test_no_evening_gets_stuck(game, capsys):
    world = World(game)
    machine = type(f"Evening_{game.replace('-', '_')}", (EveningMachine,), {"world": world})
    deadline = time.monotonic() + FUZZ_MINUTES * 60 / len(GAMES) if FUZZING else 0
    while True:
        run_state_machine_as_test(machine, settings=MACHINE)
        if time.monotonic() >= deadline:
            break
    done = ", ".join(f"{key.split(' done ')[1]} {n}" for key, n in sorted(COUNTS.items()) if f"{game} done " in key)
    with capsys.disabled():
        print(
            f"\n{game}: {COUNTS[f'{game} evenings']} evenings, {COUNTS[f'{game} steps']} service steps, "
            f"{COUNTS[f'{game} pages']} page steps; succeeded: {done}"
        )
