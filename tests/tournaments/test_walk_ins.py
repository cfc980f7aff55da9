"""Walk-ins at events: the staff register a player by name and enter the list they brought.

Registering follows the rules of anyone the staff add (a late entry is checked in and
plays from the next round); a list is imported into the walk-in's own fleet or decks
and submitted under the rules of every submission. Anything refused leaves nothing.
"""

from __future__ import annotations

import json

import pytest

from accounts.models import GuestPlayer
from fleets.decks.deck_kind import get_kind
from fleets.decks.text_format import export_text
from fleets.models import Deck, Fleet
from tests.accounts.factories import PlayerFactory
from tests.tournaments.deck_games import deck_event, wing_commander_decks
from tests.tournaments.factories import EventFactory, illegal_fleet_content, legal_fleet_content
from tournaments.errors import FleetRefused, TournamentError
from tournaments.models import EventStatus, SubmissionChange
from tournaments.services import (
    event_start,
    registration_add,
    registration_add_walk_in,
    registration_check_in,
    walk_in_submit_decks,
    walk_in_submit_fleet,
)

pytestmark = pytest.mark.django_db


def fleet_file(content: dict) -> bytes:
    return json.dumps(content).encode()


def test_a_walk_in_is_registered_by_name(organizer):
    event = EventFactory(organizer=organizer)
    registration = registration_add_walk_in(event=event, name="Kasidy Yates", email="", added_by=organizer)
    assert registration.name == "Kasidy Yates" and registration.walk_in and not registration.checked_in
    assert registration.added_by == organizer and registration.player.username.startswith("guest-")


def test_a_walk_in_added_while_the_event_runs_is_a_checked_in_late_entry(enter):
    event = EventFactory()
    for _ in range(2):
        enter(event)
    event_start(event=event)
    late = registration_add_walk_in(event=event, name="Morn", added_by=event.organizer)
    assert late.checked_in


def test_a_refused_walk_in_leaves_no_account(organizer):
    event = EventFactory(organizer=organizer, status=EventStatus.FINISHED)
    with pytest.raises(TournamentError, match="finished"):
        registration_add_walk_in(event=event, name="Morn", added_by=organizer)
    open_event = EventFactory(organizer=organizer)
    registration_add_walk_in(event=open_event, name="Quark", email="quark@example.org", added_by=organizer)
    with pytest.raises(TournamentError, match="under another name"):
        registration_add_walk_in(event=open_event, name="Someone", email="quark@example.org", added_by=organizer)
    assert GuestPlayer.objects.count() == 1 and open_event.registrations.count() == 1


def test_the_same_walk_in_cannot_be_registered_twice(organizer):
    event = EventFactory(organizer=organizer)
    registration_add_walk_in(event=event, name="Broik", email="broik@quarks.example", added_by=organizer)
    with pytest.raises(TournamentError, match="already registered"):
        registration_add_walk_in(event=event, name="Broik", email="broik@quarks.example", added_by=organizer)


def test_the_staff_enter_a_walk_ins_fleet_and_may_replace_it_before_the_start(organizer, catalog):
    event = EventFactory(organizer=organizer)
    registration = registration_add_walk_in(event=event, name="Tora Ziyal", added_by=organizer)
    walk_in_submit_fleet(registration=registration, data=fleet_file(legal_fleet_content(catalog)), by=organizer)
    registration.refresh_from_db()
    first = registration.fleet_version
    assert first.fleet.owner == registration.player
    walk_in_submit_fleet(registration=registration, data=fleet_file(legal_fleet_content(catalog)), by=organizer)
    registration.refresh_from_db()
    assert registration.fleet_version != first
    history = SubmissionChange.objects.filter(event=event).order_by("pk")
    assert [(c.action, c.changed_by, c.player) for c in history] == [
        ("submitted", organizer, registration.player),
        ("resubmitted", organizer, registration.player),
    ]


@pytest.mark.parametrize(
    ("data", "refusal"),
    [
        (b"Just a sentence about my fleet.", TournamentError),
        (b'{"ships": [{"ship": "NOPE"}]}', TournamentError),
        (None, FleetRefused),
    ],
    ids=["unreadable", "no-card-recognised", "illegal"],
)
def test_a_refused_fleet_changes_nothing(organizer, catalog, data, refusal):
    event = EventFactory(organizer=organizer)
    registration = registration_add_walk_in(event=event, name="Tain", added_by=organizer)
    with pytest.raises(refusal):
        walk_in_submit_fleet(
            registration=registration, data=data or fleet_file(illegal_fleet_content(catalog)), by=organizer
        )
    registration.refresh_from_db()
    assert registration.fleet_version is None and not Fleet.objects.exists()
    assert not SubmissionChange.objects.exists()


def test_once_the_walk_in_plays_their_list_is_locked_as_anyone_s(organizer, catalog, enter):
    event = EventFactory(organizer=organizer)
    enter(event)
    registration = registration_add_walk_in(event=event, name="Garak", added_by=organizer)
    walk_in_submit_fleet(registration=registration, data=fleet_file(legal_fleet_content(catalog)), by=organizer)
    registration_check_in(registration=registration)
    event_start(event=event)
    with pytest.raises(TournamentError, match="cannot change once the player is playing"):
        walk_in_submit_fleet(registration=registration, data=fleet_file(legal_fleet_content(catalog)), by=organizer)
    assert Fleet.objects.filter(owner=registration.player).count() == 1


def test_only_a_walk_in_s_list_is_entered_by_the_staff(organizer, player, catalog):
    event = EventFactory(organizer=organizer)
    registration = registration_add(event=event, player=player)
    with pytest.raises(TournamentError, match="submits their own list"):
        walk_in_submit_fleet(registration=registration, data=fleet_file(legal_fleet_content(catalog)), by=organizer)
    assert not Fleet.objects.exists()


def wing_commander_texts() -> dict[str, bytes]:
    """A legal Terran and Kilrathi deck, written in the text format the deck import reads."""
    kind = get_kind("wing-commander")
    decks = wing_commander_decks(PlayerFactory())
    texts = {side: export_text(kind, deck.name, deck.content).encode() for side, deck in decks.items()}
    Deck.objects.all().delete()
    return texts


def test_the_staff_enter_a_walk_ins_decks_for_a_deck_game(organizer):
    """Wing Commander: both decks, one per side (seed 001, "Deck construction")."""
    event = deck_event("wing-commander", organizer=organizer)
    registration = registration_add_walk_in(event=event, name="Maverick", added_by=organizer)
    walk_in_submit_decks(registration=registration, lists=wing_commander_texts(), by=organizer)
    assert sorted(registration.decks.values_list("slot", flat=True)) == ["kilrathi", "terran"]
    assert set(Deck.objects.values_list("owner", flat=True)) == {registration.player_id}


def test_a_refused_deck_changes_nothing(organizer):
    event = deck_event("wing-commander", organizer=organizer)
    registration = registration_add_walk_in(event=event, name="Maniac", added_by=organizer)
    lists = wing_commander_texts()
    with pytest.raises(TournamentError, match="Kilrathi deck"):
        walk_in_submit_decks(registration=registration, lists=lists | {"kilrathi": b"3 Nothing Known"}, by=organizer)
    assert not Deck.objects.exists() and not registration.decks.exists()
