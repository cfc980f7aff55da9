"""The crashes an attacker with a player account found, each reproduced as it was reported, then refused.

Security issue items 2 and 4: a NUL or an overlong club through the organizer's desk and the
player's own forms, a NUL inside a pasted deck list or a catalog CSV, a fleet deleted while it
is being submitted, and command-line files that are deeply nested or never end.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.messages import get_messages
from django.core.management import CommandError, call_command
from django.urls import reverse

from fleets.decks.csv_import import CatalogImportError, import_catalog_csv
from fleets.decks.services import DeckError, deck_import
from fleets.models import Deck, Fleet
from tests.accounts.factories import PlayerFactory
from tests.security.test_hostile_input import run_command
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.errors import TournamentError
from tournaments.models import Registration
from tournaments.services import registration_add, registration_submit_fleet

pytestmark = pytest.mark.django_db

DEEP = ("[" * 100_000 + "]" * 100_000).encode()


def said(response) -> str:
    return " ".join(str(message) for message in get_messages(response.wsgi_request))


@pytest.mark.parametrize("club", ["x" * 81, "Rebels\x00", "Store \u202eevil"], ids=["81 characters", "NUL", "RLO"])
def test_the_organizer_adding_a_player_with_a_bad_club_is_told_why(client, organizer, club):
    """Reported: ``KeyError: 'username'`` (HTTP 500) when the username was fine and the club was not."""
    event = EventFactory(organizer=organizer)
    walk_in = PlayerFactory()
    client.force_login(organizer)
    response = client.post(
        reverse("tournaments:add_player", args=[event.pk]), {"username": walk_in.username, "club": club}
    )
    assert response.status_code == 302
    assert said(response).startswith("Club or store: ")
    assert not Registration.objects.filter(event=event).exists()


@pytest.mark.parametrize("club", ["a\x00b", "\u202eklub"])
def test_a_player_registering_with_a_control_character_in_the_club_is_refused(client, player, club):
    event = EventFactory()
    client.force_login(player)
    response = client.post(reverse("tournaments:register", args=[event.pk]), {"club": club})
    assert response.status_code == 302 and "club or store name" in said(response)
    assert not Registration.objects.filter(event=event).exists()


def test_setting_a_club_with_a_nul_is_refused(client, player):
    registration = registration_add(event=EventFactory(), player=player, club="Quark's")
    client.force_login(player)
    url = reverse("tournaments:set_club", args=[registration.event.pk, registration.pk])
    response = client.post(url, {"club": "a\x00b"})
    assert "club or store name" in said(response)
    assert Registration.objects.get(pk=registration.pk).club == "Quark's"


def test_a_nul_inside_a_pasted_deck_list_is_refused(player):
    text = "side: american\n\nunits\n2 Rifle\x00 Squad\n"
    with pytest.raises(DeckError, match="U\\+0000"):
        deck_import(owner=player, game="spearpoint", data=text.encode())
    assert not Deck.objects.exists()


def test_a_nul_in_a_catalog_csv_is_refused_row_by_row():
    data = b"name,side,type,cost\nRifle Squad,american,infantry,6\nBad\x00Unit,german,infantry,5\n"
    with pytest.raises(CatalogImportError) as refused:
        import_catalog_csv(game="spearpoint", data=data)
    assert [error.line for error in refused.value.errors] == [3]


def test_submitting_a_fleet_deleted_a_moment_ago_is_refused_not_a_crash(player):
    """Reported: ``Fleet.DoesNotExist`` (HTTP 500) when the API deleted the fleet during the submission."""
    registration = registration_add(event=EventFactory(), player=player)
    fleet = fleet_for(player, legal_fleet_content(small_catalog()))
    stale = Fleet.objects.get(pk=fleet.pk)
    fleet.delete()
    with pytest.raises(TournamentError, match="no longer exists"):
        registration_submit_fleet(registration=registration, fleet=stale)
    assert Registration.objects.get(pk=registration.pk).fleet_version is None


def test_check_fleet_refuses_deeply_nested_cards_with_exit_2(tmp_path: Path):
    fleet, cards = tmp_path / "ok.json", tmp_path / "deep.json"
    fleet.write_text(json.dumps({"ships": []}))
    cards.write_bytes(DEEP)
    assert run_command("check_fleet", fleet, "--cards", str(cards)) == 2


def test_import_cards_refuses_a_deeply_nested_file(tmp_path: Path):
    cards = tmp_path / "deep.json"
    cards.write_bytes(DEEP)
    with pytest.raises(CommandError, match="nested too deeply"):
        call_command("import_cards", str(cards))


def test_check_fleet_reads_no_more_than_its_limit_from_an_endless_file():
    """Reported: ``/dev/zero`` as the fleet file grew without bound; at most 256 KiB + 1 byte is read."""
    assert run_command("check_fleet", Path("/dev/zero")) == 2
