"""The match slip asks what the desk enters: per player, the opponent's ships, each with its cards,
a box per ship destroyed and per card removed, and still the fleet points box for a slip that gives
only the number (the desk takes it typed). Fleet points, seed 003: "120 MINUS the number of SP left
in your opponent's surviving Fleet", so the desk needs which ships and cards did not survive."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from games.attack_wing.scoring import fleet_items
from tests.accounts.factories import PlayerFactory
from tests.pdf_layout import overlapping_words
from tests.tournaments.factories import EventFactory
from tournaments.models import Registration
from tournaments.services import event_start, registration_add_walk_in, round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired(enter, make_fleet, catalog):
    """Two players whose fleets hold the same cards on different ships, paired at table 1."""

    def pair(paper="A4", late_entry=False):
        """With ``late_entry``, a third player and a walk-in added by name after the start (no list yet)."""
        event = EventFactory(name="Emissary Cup", paper_size=paper)
        first = enter(event, PlayerFactory(username="Sisko"))
        second = enter(event, PlayerFactory(username="Dukat"))
        rotated = {
            "format": "wizkids-2016",
            "ships": [
                {
                    "ship": ship,
                    "captain": catalog["captains"][(i + 1) % 3],
                    "upgrades": [catalog["upgrades"][(i + 2) % 3]],
                }
                for i, ship in enumerate(catalog["ships"])
            ],
        }
        fleet = make_fleet(second.player, content=rotated, name="Rotated")
        Registration.objects.filter(pk=second.pk).update(fleet_version=fleet.versions.latest("number"))
        if late_entry:
            enter(event, PlayerFactory(username="Quark"))
        event_start(event=event)
        if late_entry:
            registration_add_walk_in(event=event, name="Garak", added_by=event.organizer)
        round_pair_next(event=event, by=event.organizer)
        second.refresh_from_db()
        return event, first, second

    return pair


def slips(client, event) -> bytes:
    client.force_login(event.organizer)
    response = client.get(reverse("tournaments:round_printout", args=[event.pk, 1, "match-slips"]))
    assert response.status_code == 200
    return response.content


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_each_player_ticks_the_opponents_ships_and_cards_in_fleet_order(client, paired):
    event, sisko, dukat = paired()
    text = text_of(slips(client, event))
    headings = ("Sisko destroyed or removed, of Dukat's fleet", "Dukat destroyed or removed, of Sisko's fleet")
    first, second = sorted(headings, key=text.index)  # seat 1's heading comes first, whoever sits there
    blocks = {first: text[text.index(first) : text.index(second)], second: text[text.index(second) :]}
    sisko_block, dukat_block = blocks[headings[0]], blocks[headings[1]]
    for block, registration in ((sisko_block, dukat), (dukat_block, sisko)):
        items = fleet_items(registration.fleet_version)
        assert len(items) == 9
        positions = [block.index(item.name) for item in items]
        assert positions == sorted(positions), "the opponent's ships and cards in their fleet's order"
        assert block.count("with its cards") == 3
    assert [item.name for item in fleet_items(sisko.fleet_version)] != [
        item.name for item in fleet_items(dukat.fleet_version)
    ]
    assert "Destroyed" in text and "Removed" in text and "Fleet points" in text


def test_a_player_without_a_list_leaves_only_the_fleet_points_to_write(client, paired):
    event, _, _ = paired(late_entry=True)
    text = text_of(slips(client, event))
    garak_block = text[text.index("of Garak's fleet:") :]
    assert garak_block.split("\n")[1] == "No fleet submitted: write the fleet points above."
    assert text.count("No fleet submitted") == 1
    assert text.count("Ship / card") == 3  # the other three players' fleets


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_fleet_slip_draws_no_word_over_another(client, paired, paper):
    event, _, _ = paired(paper)
    assert overlapping_words(slips(client, event)) == []
