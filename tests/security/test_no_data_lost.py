"""No data lost: submissions and results keep their history, mistakes can be undone, and an
event survives export and import exactly.

The result history itself (who changed a result, when, before and after) is
``tests/tournaments/test_result_services.py::test_conflicting_reports_wait_for_a_judge_who_resolves_them``;
undoing a drop is ``tests/tournaments/test_registration_services.py::test_drop_and_undo_drop``.
"""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from fleets.decks.services import deck_create
from fleets.models import Deck, Fleet
from games.attack_wing.results import Losses, MatchResult
from games.wing_commander.events import WingCommanderResult
from rules.wing_commander import KILRATHI, Ending
from tests.accounts.factories import JudgeFactory, OrganizerFactory, PlayerFactory
from tests.security.dump import event_dump
from tests.tournaments.deck_games import deck_event, enter_with_decks, wing_commander_deck, wing_commander_decks
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.errors import TournamentError
from tournaments.models import Event, EventStatus, Match, MatchStatus, ResultChange, SubmissionChange, SubmittedDeck
from tournaments.services import (
    build_verify,
    event_finish,
    event_import,
    event_start,
    registration_add,
    registration_check_in,
    registration_drop,
    registration_submit_decks,
    registration_submit_fleet,
    registration_withdraw,
    result_enter,
    result_report,
    round_clock_start,
    round_pair_next,
    round_reopen,
    round_repair,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog():
    return small_catalog()


# --- The submission history -----------------------------------------------------------------------


def test_every_submission_and_withdrawal_is_in_the_history(catalog, player):
    event = EventFactory()
    registration = registration_add(event=event, player=player)
    first = fleet_for(player, legal_fleet_content(catalog), name="First Try")
    second = fleet_for(player, legal_fleet_content(catalog), name="Final Answer")
    registration_submit_fleet(registration=registration, fleet=first)
    registration_submit_fleet(registration=registration, fleet=second)
    registration_withdraw(registration=registration)
    history = list(SubmissionChange.objects.filter(event=event))
    assert [(c.action, c.player, c.changed_by) for c in history] == [
        ("submitted", player, player),
        ("resubmitted", player, player),
        ("withdrawn", player, player),
    ]
    code = first.current_version.code
    assert history[0].before is None and history[0].after == {"fleet": "First Try", "version": 1, "code": code}
    assert history[1].before == history[0].after and history[1].after["fleet"] == "Final Answer"
    assert history[2].before == history[1].after and history[2].after is None
    assert all(change.changed_at is not None for change in history)


def test_a_refused_submission_leaves_no_history(catalog, player):
    event = EventFactory()
    registration = registration_add(event=event, player=player)
    one_ship = {"format": "wizkids-2016", "ships": legal_fleet_content(catalog)["ships"][:1]}
    with pytest.raises(TournamentError):
        registration_submit_fleet(registration=registration, fleet=fleet_for(player, one_ship))
    assert not SubmissionChange.objects.exists()


# --- Reopening a round ----------------------------------------------------------------------------


@pytest.fixture
def played(catalog):
    """Round 1 of four players, every result in; ``players`` by registration."""
    event = EventFactory()
    players = [PlayerFactory() for _ in range(4)]
    for player in players:
        registration = registration_add(event=event, player=player)
        registration_submit_fleet(registration=registration, fleet=fleet_for(player, legal_fleet_content(catalog)))
        registration_check_in(registration=registration)
    event_start(event=event)
    round_ = round_pair_next(event=event, by=event.organizer)
    for match in round_.matches.all():
        result_enter(match=match, by=event.organizer, result=MatchResult(1))
    return event, round_


def test_reopening_the_latest_round_opens_its_results_and_keeps_a_record(played):
    event, round_ = played
    round_reopen(round_=round_, by=event.organizer)
    assert set(Match.objects.filter(round=round_).values_list("status", flat=True)) == {MatchStatus.AWAITING}
    reopened = ResultChange.objects.filter(match__round=round_, action="reopened")
    assert reopened.count() == 2
    assert all(c.before["status"] == "confirmed" and c.after["status"] == "awaiting" for c in reopened)
    assert all(c.before["sides"]["1"]["outcome"] == "win" for c in reopened)
    with pytest.raises(TournamentError, match="Round 1 still has matches"):
        round_pair_next(event=event, by=event.organizer)


def test_a_reopened_result_is_corrected_and_play_goes_on(played):
    event, round_ = played
    round_reopen(round_=round_, by=event.organizer)
    for match in round_.matches.all():
        result_enter(match=match, by=event.organizer, result=MatchResult(2))
    assert round_pair_next(event=event, by=event.organizer).number == 2


def test_a_finished_event_reopened_runs_again(played):
    event, round_ = played
    event_finish(event=event)
    round_reopen(round_=round_, by=event.organizer)
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING


def test_only_the_latest_round_with_confirmed_results_reopens(played):
    event, round_ = played
    later = round_pair_next(event=event, by=event.organizer)
    with pytest.raises(TournamentError, match="latest round"):
        round_reopen(round_=round_, by=event.organizer)
    with pytest.raises(TournamentError, match="no confirmed result"):
        round_reopen(round_=later, by=event.organizer)


def test_reopening_on_the_site_needs_the_tick_box(played):
    event, round_ = played
    client = Client()
    client.force_login(event.organizer)
    url = reverse("tournaments:reopen", args=[event.pk, round_.number])
    client.post(url)
    assert not ResultChange.objects.filter(action="reopened").exists()
    client.post(url, {"confirm": "yes"})
    assert ResultChange.objects.filter(action="reopened").count() == 2
    # Nothing is confirmed any more, so the round page no longer offers to reopen it.
    assert "Reopen for corrections" not in client.get(reverse("tournaments:round", args=[event.pk, 1])).text


def test_a_judge_may_not_reopen_a_finished_event(played):
    event, round_ = played
    judge = JudgeFactory()
    event.judges.add(judge)
    event_finish(event=event)
    client = Client()
    client.force_login(judge)
    response = client.post(reverse("tournaments:reopen", args=[event.pk, round_.number]), {"confirm": "yes"})
    assert response.status_code == 403
    assert Event.objects.get(pk=event.pk).status == EventStatus.FINISHED


# --- Export and import ----------------------------------------------------------------------------


@pytest.fixture
def eventful(catalog):
    """An event with a bit of everything: clubs, resubmission, withdrawal, late entry, re-pair, clock,
    agreed and disputed reports, a ruling, a verified build, a drop, a reopened round, the finish."""
    organizer, judge = OrganizerFactory(), JudgeFactory()
    event = EventFactory(organizer=organizer, venue="Ten Forward", lists_public=True, planned_rounds=2)
    event.judges.add(judge)
    players = [PlayerFactory() for _ in range(5)]
    for number, player in enumerate(players):
        registration = registration_add(event=event, player=player, club="Starbase 74" if number < 2 else "")
        registration_submit_fleet(registration=registration, fleet=fleet_for(player, legal_fleet_content(catalog)))
        if number == 0:
            again = fleet_for(player, legal_fleet_content(catalog), name="Second Thoughts")
            registration_submit_fleet(registration=registration, fleet=again)
        if number == 4:
            registration_withdraw(registration=registration)
        else:
            registration_check_in(registration=registration)
    event_start(event=event)
    late = registration_add(event=event, player=PlayerFactory(), added_by=judge)
    registration_submit_fleet(registration=late, fleet=fleet_for(late.player, legal_fleet_content(catalog)))
    registration_check_in(registration=late)
    round_ = round_repair(round_=round_pair_next(event=event, by=organizer), by=judge)
    round_clock_start(round_=round_)
    agreed, disputed = round_.matches.filter(table__isnull=False).order_by("table")
    for match, winners in ((agreed, (1, 1)), (disputed, (1, 2))):
        sides = {side.seat: side.registration.player for side in match.sides.select_related("registration__player")}
        build_verify(match=match, by=sides[2])
        for seat, winner in zip((1, 2), winners, strict=True):
            result_report(match=match, by=sides[seat], result=MatchResult(winner))
    result_enter(match=disputed, by=judge, result=MatchResult(2, {1: Losses.of(ships=["s1"])}))
    registration_drop(registration=disputed.sides.get(seat=1).registration)
    final = round_pair_next(event=event, by=organizer)
    for match in final.matches.exclude(status=MatchStatus.CONFIRMED):
        result_enter(match=match, by=organizer, result=MatchResult(1))
    round_reopen(round_=final, by=organizer)
    for match in final.matches.exclude(status=MatchStatus.CONFIRMED):
        result_enter(match=match, by=judge, result=MatchResult(None))
    return event_finish(event=event)


def test_an_event_comes_back_from_export_and_import_exactly(eventful, tmp_path):
    """Every column of every row of the event, compared with ids replaced by what they stand for."""
    path = tmp_path / "event.json"
    path.write_text(export_json(eventful))
    call_command("import_event", str(path), stdout=StringIO())
    copy = Event.objects.exclude(pk=eventful.pk).get()
    assert event_dump(copy) == event_dump(eventful)


@pytest.fixture
def wing_commander_event():
    """A started Wing Commander event of four players with both decks each, one of them resubmitted
    under another name, and round 1 paired (each table's sides assigned) with one result in."""
    event = deck_event("wing-commander", venue="Tiger's Claw")
    first, *_ = [enter_with_decks(event) for _ in range(4)]
    decks = wing_commander_decks(first.player)
    decks["kilrathi"] = wing_commander_deck(first.player, "kilrathi", cards=41, name="Second Wave")
    registration_submit_decks(registration=first, decks=decks)
    event_start(event=event)
    table = round_pair_next(event=event, by=event.organizer).matches.filter(table=1).get()
    result_enter(match=table, by=event.organizer, result=WingCommanderResult(Ending.POWER_POINTS, KILRATHI))
    return event


def test_a_deck_game_event_comes_back_with_its_submitted_decks(wing_commander_event):
    """The frozen copies (slot, name, list, code, time) come back; the player's own deck stays on its site."""
    copy = event_import(data=json.loads(export_json(wing_commander_event)))
    dumped = event_dump(copy)
    assert dumped == event_dump(wing_commander_event)
    assert len(dumped["tournaments.SubmittedDeck"]) == 8
    assert "Second Wave" in {deck["name"] for deck in dumped["tournaments.SubmittedDeck"]}
    assert not SubmittedDeck.objects.filter(registration__event=copy, deck__isnull=False).exists()


def test_the_dump_sees_a_changed_column(eventful):
    """The comparison above can fail: one report's time moved is a difference."""
    copy = event_import(data=json.loads(export_json(eventful)))
    report = copy.rounds.get(number=1).matches.first().reports.first()
    type(report).objects.filter(pk=report.pk).update(reported_at=report.reported_at.replace(year=2001))
    assert event_dump(copy) != event_dump(eventful)


def export_json(event) -> str:
    out = StringIO()
    call_command("export_event", str(event.pk), stdout=out)
    return out.getvalue()


def test_the_staff_see_the_submission_history(catalog, player, organizer):
    event = EventFactory(organizer=organizer)
    registration = registration_add(event=event, player=player)
    registration_submit_fleet(registration=registration, fleet=fleet_for(player, legal_fleet_content(catalog)))
    client = Client()
    client.force_login(organizer)
    page = client.get(reverse("tournaments:history", args=[event.pk])).text
    assert "Submission history" in page and "submitted" in page and player.username in page


# --- Destructive actions ask first ------------------------------------------------------------------


def test_deleting_a_fleet_or_a_deck_asks_first(catalog, player):
    """Opening the delete page deletes nothing: it asks, and only its form's POST deletes."""
    fleet = fleet_for(player, legal_fleet_content(catalog))
    deck = deck_create(owner=player, game="wing-commander", name="Blue Squadron", side="terran")
    client = Client()
    client.force_login(player)
    for url, model, pk in (
        (reverse("fleets:delete", args=[fleet.pk]), Fleet, fleet.pk),
        (reverse("fleets:decks:delete", args=[deck.pk]), Deck, deck.pk),
    ):
        page = client.get(url)
        assert page.status_code == 200 and 'method="post"' in page.text
        assert model.objects.filter(pk=pk).exists()
        client.post(url)
        assert not model.objects.filter(pk=pk).exists()
