"""The walk-in pages: adding a walk-in from the player list and entering their list.

Only the event's staff (as for adding any player) get through; every bad input gets a
message and changes nothing.
"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from accounts.models import GuestPlayer
from fleets.models import Deck, Fleet
from tests.tournaments.access_check import got_through
from tests.tournaments.deck_games import deck_event
from tests.tournaments.factories import EventFactory, illegal_fleet_content, legal_fleet_content
from tests.tournaments.test_walk_ins import wing_commander_texts
from tournaments.models import Registration
from tournaments.services import registration_add, registration_add_walk_in

pytestmark = pytest.mark.django_db

COVERED = {"walk_in_list"}  # the views whose permissions these tests check (add_player has its own row)
PEOPLE = ("anonymous", "player", "judge", "other_judge", "organizer", "other_organizer")


@pytest.fixture
def people(event_staff, player):
    return {"anonymous": AnonymousUser(), "player": player, **event_staff}


@pytest.fixture
def walk_in(event_staff):
    event = event_staff["event"]
    return registration_add_walk_in(event=event, name="Kasidy Yates", added_by=event_staff["organizer"])


def add(client, event, **fields):
    data = {"username": "", "walk_in_name": "", "walk_in_email": "", "club": ""} | fields
    return client.post(reverse("tournaments:add_player", args=[event.pk]), data, follow=True)


def enter_list(client, registration, **fields):
    return client.post(reverse("tournaments:walk_in_list", args=[registration.event_id, registration.pk]), fields)


def test_only_the_event_staff_add_walk_ins_and_enter_their_lists(people, walk_in, catalog):
    event = walk_in.event
    add_url = reverse("tournaments:add_player", args=[event.pk])
    list_url = reverse("tournaments:walk_in_list", args=[event.pk, walk_in.pk])
    allowed = {"judge", "organizer"}
    assert {who for who in PEOPLE if got_through(people[who], "get", list_url)} == allowed
    assert {who for who in PEOPLE if got_through(people[who], "post", list_url)} == allowed
    assert {who for who in PEOPLE if got_through(people[who], "post", add_url)} == allowed
    assert list(Registration.objects.filter(event=event)) == [walk_in] and not Fleet.objects.exists()


def test_the_organizer_adds_a_walk_in_with_an_email(client, event_staff):
    event = event_staff["event"]
    client.force_login(event_staff["organizer"])
    page = add(client, event, walk_in_name="Leeta", walk_in_email="leeta@bajor.example", club="Quark's").text
    assert "Leeta is registered." in page and "walk-in" in page
    registration = Registration.objects.get(event=event)
    assert registration.name == "Leeta" and registration.club == "Quark's"
    assert GuestPlayer.objects.get(user=registration.player).email == "leeta@bajor.example"


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({}, "either an account name or a walk-in"),
        ({"username": "someone", "walk_in_name": "Leeta"}, "either an account name or a walk-in"),
        ({"username": "PLAYER", "walk_in_email": "x@example.org"}, "goes with a walk-in"),
        ({"walk_in_name": "Leeta", "walk_in_email": "not-an-address"}, "valid email"),
        ({"walk_in_name": "Leeta\u202e"}, "direction control"),
    ],
    ids=["nothing", "both", "email-with-account", "bad-email", "direction-character"],
)
def test_bad_input_adds_nobody(client, event_staff, player, fields, says):
    fields = {key: value.replace("PLAYER_EMAIL", player.email) for key, value in fields.items()}
    fields = {key: value.replace("PLAYER", player.username) for key, value in fields.items()}
    client.force_login(event_staff["organizer"])
    page = add(client, event_staff["event"], **fields).text
    assert says in page
    assert not Registration.objects.exists() and not GuestPlayer.objects.exists()


def test_a_pasted_fleet_is_reported_card_by_card_and_submitted(client, event_staff, walk_in, catalog):
    client.force_login(event_staff["judge"])
    response = enter_list(client, walk_in, text=json.dumps(legal_fleet_content(catalog)))
    assert "Read as: Muster fleet file" in response.text and f"Submitted: {walk_in.name}&#x27;s fleet." in response.text
    walk_in.refresh_from_db()
    assert walk_in.fleet_version.fleet.owner == walk_in.player


def test_an_uploaded_fleet_file_is_submitted(client, event_staff, walk_in, catalog):
    client.force_login(event_staff["organizer"])
    upload = SimpleUploadedFile("fleet.json", json.dumps(legal_fleet_content(catalog)).encode())
    enter_list(client, walk_in, file=upload)
    walk_in.refresh_from_db()
    assert walk_in.fleet_version is not None


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({}, "Choose a file or paste a fleet"),
        ({"text": "Just a sentence about my fleet."}, "not a fleet Muster can read"),
        ({"text": "ILLEGAL"}, "not legal for the event"),
    ],
    ids=["nothing", "unreadable", "illegal"],
)
def test_a_refused_fleet_changes_nothing(client, event_staff, walk_in, catalog, fields, says):
    fields = {
        key: value.replace("ILLEGAL", json.dumps(illegal_fleet_content(catalog))) for key, value in fields.items()
    }
    client.force_login(event_staff["organizer"])
    response = enter_list(client, walk_in, **fields)
    assert response.status_code == 200 and says in response.text
    walk_in.refresh_from_db()
    assert walk_in.fleet_version is None and not Fleet.objects.exists()


def test_a_player_with_an_account_has_no_walk_in_list_page(client, event_staff, player):
    registration = registration_add(event=event_staff["event"], player=player)
    client.force_login(event_staff["organizer"])
    assert (
        client.get(reverse("tournaments:walk_in_list", args=[registration.event_id, registration.pk])).status_code
        == 404
    )


def test_a_deck_game_walk_in_gets_a_list_per_slot(client, organizer):
    event = deck_event("wing-commander", organizer=organizer)
    registration = registration_add_walk_in(event=event, name="Maverick", added_by=organizer)
    client.force_login(organizer)
    texts = wing_commander_texts()
    refused = enter_list(client, registration, text_terran=texts["terran"].decode())
    assert "Kilrathi deck: give either a file or pasted text" in refused.text and not Deck.objects.exists()
    response = enter_list(
        client,
        registration,
        text_terran=texts["terran"].decode(),
        file_kilrathi=SimpleUploadedFile("kilrathi.txt", texts["kilrathi"]),
    )
    assert response.status_code == 302
    assert sorted(registration.decks.values_list("slot", flat=True)) == ["kilrathi", "terran"]


def test_an_address_of_an_account_is_answered_as_any_address(client, event_staff, player):
    """Issue 24, item 7: the add-player form told an organizer whether an e-mail has an account."""
    client.force_login(event_staff["organizer"])
    with_account = add(client, event_staff["event"], walk_in_name="Leeta", walk_in_email=player.email.upper()).text
    without = add(client, event_staff["event"], walk_in_name="Rom", walk_in_email="rom@ferenginar.example").text
    assert "Leeta is registered." in with_account and "Rom is registered." in without
    assert "account" not in with_account.split("Leeta is registered.")[1].split("<")[0]
    leeta = Registration.objects.get(event=event_staff["event"], player__first_name="Leeta")
    assert leeta.player != player and leeta.name == "Leeta"


def test_another_events_walk_in_is_attached_only_by_the_same_name_and_the_page_says_so(client, event_staff):
    """Issue 24, item 7: another organizer's walk-in e-mail registered that walk-in under the name the
    other organizer recorded, silently, the typed name ignored."""
    other = EventFactory(name="Other Night")
    registration_add_walk_in(event=other, name="Kasidy Yates", email="kasidy@example.org", added_by=other.organizer)
    client.force_login(event_staff["organizer"])
    refused = add(client, event_staff["event"], walk_in_name="Leeta", walk_in_email="kasidy@example.org").text
    assert "given for a walk-in under another name" in refused and "Kasidy" not in refused
    assert not Registration.objects.filter(event=event_staff["event"]).exists()
    page = add(client, event_staff["event"], walk_in_name="kasidy  yates", walk_in_email="KASIDY@example.org").text
    assert "Kasidy Yates is registered. They are the walk-in entered before with this e-mail address" in page
    assert Registration.objects.get(event=event_staff["event"]).player == Registration.objects.get(event=other).player
