"""The event and round pages' facts (``selectors.event_page``, ``selectors.round_page``) offer exactly what
the services accept: each ``may_…`` the page shows is false where the service refuses, at every stage."""

from __future__ import annotations

import pytest

from games.attack_wing.results import MatchResult
from tests.accounts.factories import PlayerFactory
from tests.tournaments.factories import EventFactory
from tournaments import selectors
from tournaments.access import viewer_of
from tournaments.errors import TournamentError
from tournaments.models import Match, MatchStatus
from tournaments.services import (
    event_finish,
    event_start,
    event_update,
    registration_add,
    result_enter,
    result_report,
    round_pair_next,
)

pytestmark = pytest.mark.django_db


def organizer_page(event):
    event.refresh_from_db()
    return selectors.event_page(event, viewer_of(event.organizer, event))


def test_the_organizer_is_offered_what_each_stage_allows_and_the_services_agree(enter):
    event = EventFactory()
    for _ in range(4):
        enter(event)
    before = organizer_page(event)
    assert (before.may_edit, before.may_start, before.desk_open, before.checks_in) == (True, True, True, True)
    assert (before.runs_rounds, before.may_finish, before.may_manage_waitlist) == (False, False, True)

    event_start(event=event)
    running = organizer_page(event)
    assert (running.may_start, running.checks_in, running.runs_rounds, running.desk_open) == (False, False, True, True)
    with pytest.raises(TournamentError, match="already started"):
        event_start(event=event)
    round_ = round_pair_next(event=event, by=event.organizer)
    for match in Match.objects.filter(round=round_):
        result_enter(match=match, by=event.organizer, result=MatchResult(1))
    assert organizer_page(event).may_finish

    event_finish(event=event)
    finished = organizer_page(event)
    assert (finished.may_edit, finished.desk_open, finished.runs_rounds, finished.may_finish) == (False,) * 4
    assert finished.shows_votes
    with pytest.raises(TournamentError, match="finished event cannot be changed"):
        event_update(event=event, by=event.organizer, name="Renamed")
    with pytest.raises(TournamentError, match="finished"):
        registration_add(event=event, player=PlayerFactory(), added_by=event.organizer)


def test_a_visitor_may_register_only_while_registration_is_open(enter):
    event = EventFactory()
    for _ in range(2):
        enter(event)
    player = PlayerFactory()
    assert selectors.event_page(event, viewer_of(player, event)).may_register
    event_start(event=event)
    event.refresh_from_db()
    page = selectors.event_page(event, viewer_of(player, event))
    assert not page.may_register and page.late_entry_help


def test_the_round_page_may_be_paired_again_until_a_result_is_in_and_shows_a_dispute(enter):
    event = EventFactory()
    for _ in range(4):
        enter(event)
    event_start(event=event)
    event.refresh_from_db()
    round_ = round_pair_next(event=event, by=event.organizer)
    viewer = viewer_of(event.organizer, event)
    fresh = selectors.round_page(event, viewer, round_)
    assert fresh.may_pair_again and fresh.runs_rounds and not fresh.event_finished
    assert all(table.entry_form is not None for table in fresh.tables)
    match = Match.objects.filter(round=round_).prefetch_related("sides__registration__player").first()
    players = {side.seat: side.registration.player for side in match.sides.all()}
    result_report(match=match, by=players[1], result=MatchResult(1))
    result_report(match=match, by=players[2], result=MatchResult(2))
    assert Match.objects.get(pk=match.pk).status == MatchStatus.DISPUTED
    page = selectors.round_page(event, viewer, round_)
    assert not page.may_pair_again and page.disputed == 1
    assert [table.disputed for table in page.tables if table.match.pk == match.pk] == [True]
    visitor = selectors.round_page(event, viewer_of(PlayerFactory(), event), round_)
    assert not visitor.runs_rounds and not visitor.may_pair_again and visitor.night is None
    assert all(table.entry_form is None for table in visitor.tables)
