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
def enter(catalog):
    """``enter(event, player=None, check_in=True)``: register a player with a legal, submitted fleet."""
    return lambda event, player=None, check_in=True: entered(event, player, catalog=catalog, check_in=check_in)


def entered(event, player=None, *, catalog, check_in=True):
    """``player`` (a new one if ``None``) registered at ``event`` with a legal fleet of ``catalog``, submitted."""
    player = player or PlayerFactory()
    registration = registration_add(event=event, player=player, added_by=event.organizer)
    fleet = fleet_for(player, legal_fleet_content(catalog), name=f"Fleet of {player.username}")
    registration_submit_fleet(registration=registration, fleet=fleet)
    if check_in:
        registration_check_in(registration=registration)
    registration.refresh_from_db()
    return registration


@pytest.fixture
def event_staff(db):
    """An event with its organizer and one judge, plus a judge and an organizer of another event."""
    return staffed_event()


def staffed_event() -> dict:
    """The world of :func:`event_staff`, for fixtures of a wider scope."""
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
