"""Fixtures for the tournaments tests: a tiny card catalog and players with legal fleets."""

import pytest

from tests.accounts.factories import JudgeFactory, OrganizerFactory, PlayerFactory
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.services import registration_add, registration_check_in, registration_submit_fleet


@pytest.fixture
def catalog(db):
    return small_catalog()


@pytest.fixture
def make_fleet(catalog):
    """``make_fleet(player)``: a legal fleet of ``player`` saved through the fleets services."""
    return lambda player, content=None, name="Home Fleet": fleet_for(
        player, content or legal_fleet_content(catalog), name
    )


@pytest.fixture
def enter(make_fleet):
    """``enter(event, player=None, check_in=True)``: register a player with a legal, submitted fleet."""

    def enter_player(event, player=None, check_in=True):
        player = player or PlayerFactory()
        registration = registration_add(event=event, player=player, added_by=event.organizer)
        fleet = make_fleet(player, name=f"Fleet of {player.username}")
        registration_submit_fleet(registration=registration, fleet=fleet)
        if check_in:
            registration_check_in(registration=registration)
        registration.refresh_from_db()
        return registration

    return enter_player


@pytest.fixture
def event_staff(db):
    """An event with its organizer and one judge, plus a judge and an organizer of another event."""
    organizer, judge = OrganizerFactory(), JudgeFactory()
    event = EventFactory(organizer=organizer)
    event.judges.add(judge)
    other = EventFactory()
    other_judge = JudgeFactory()
    other.judges.add(other_judge)
    return {
        "event": event,
        "organizer": organizer,
        "judge": judge,
        "other_judge": other_judge,
        "other_organizer": other.organizer,
    }
