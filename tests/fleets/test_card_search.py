"""The builder's card search on the real Utopia catalog: it says when it cuts the list, and shows the
fleet's declared faction first.

Faction penalties are counted card by card against each ship's faction (seed 003, Additional Rules
20), so a player mostly wants cards of the faction they build; the others stay listed, after them.
"""

import re

import pytest
from django.urls import reverse

from fleets.selectors import MAX_SEARCH_RESULTS, card_matches, card_search
from fleets.views.builder import SEARCH_LIMIT
from tests.fleets.factories import FleetFactory

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def shown_ids(html: str) -> list[str]:
    return re.findall(r'name="card" value="([^"]+)"', html)


def search(client, fleet, **params) -> str:
    client.force_login(fleet.owner)
    response = client.get(reverse("fleets:search", args=[fleet.pk]), {"search": "1", **params}, **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def ships_named(catalog, text: str) -> list:
    return [
        card
        for card in catalog.cards.values()
        if card.kind == "ship" and (text in card.name.lower() or text in (card.ship_class or "").lower())
    ]


def test_a_cut_list_says_how_many_cards_match(client, real_catalog):
    fleet = FleetFactory(faction="federation")
    matching = len(ships_named(real_catalog, "u.s.s."))
    assert matching > SEARCH_LIMIT

    html = search(client, fleet, q="U.S.S.")

    assert len(shown_ids(html)) == SEARCH_LIMIT
    assert f"Showing {SEARCH_LIMIT} of {matching} matches — type more of the name to narrow." in html


def test_a_list_shown_whole_says_nothing_about_cutting(client, real_catalog):
    fleet = FleetFactory(faction="federation")

    html = search(client, fleet, q="S273")

    assert shown_ids(html) == ["S273"]
    assert "Showing" not in html


def test_ships_of_the_fleets_faction_come_first_then_the_rest(client, real_catalog):
    """Seed 003, Additional Rules 20: the fleet's own faction first; other factions still listed after it."""
    klingon_ships = [card for card in real_catalog.cards.values() if card.kind == "ship" and "klingon" in card.factions]
    fleet = FleetFactory(faction="klingon")

    first = shown_ids(search(client, fleet, q=""))

    assert len(klingon_ships) > SEARCH_LIMIT  # the whole first page is Klingon
    assert all("klingon" in real_catalog.cards[card_id].factions for card_id in first)
    everything = card_search(query="", kind="ship", first_faction="klingon", limit=MAX_SEARCH_RESULTS)
    factions = ["klingon" in card.factions for card in everything]
    assert factions == sorted(factions, reverse=True)  # every Klingon ship before any other
    assert not all(factions)


def test_captains_for_a_ship_come_from_the_fleets_faction_first(client, real_catalog):
    fleet = FleetFactory(faction="romulan")

    first = shown_ids(search(client, fleet, q="", ship="0", slot="captain"))

    assert first and all(real_catalog.cards[card_id].kind == "captain" for card_id in first)
    assert all("romulan" in real_catalog.cards[card_id].factions for card_id in first)


def test_a_chosen_faction_filter_wins_over_the_fleets_faction(client, real_catalog):
    fleet = FleetFactory(faction="klingon")

    shown = shown_ids(search(client, fleet, q="", faction="dominion"))

    assert shown and all("dominion" in real_catalog.cards[card_id].factions for card_id in shown)


def test_a_fleet_without_a_faction_gets_the_plain_order(client, real_catalog):
    fleet = FleetFactory(faction="")

    shown = shown_ids(search(client, fleet, q="enterprise"))

    assert shown == [card.source_id for card in card_search(query="enterprise", kind="ship", limit=SEARCH_LIMIT)]
    assert shown[0].startswith("S") and real_catalog.cards[shown[0]].name.lower().startswith("enterprise")


def test_the_total_is_counted_only_when_the_list_is_full(real_catalog, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert card_matches(query="S273", kind="ship").total == 1
    with django_assert_num_queries(2):
        matches = card_matches(query="U.S.S.", kind="ship", limit=SEARCH_LIMIT)
    assert (len(matches.cards), matches.total) == (SEARCH_LIMIT, len(ships_named(real_catalog, "u.s.s.")))
