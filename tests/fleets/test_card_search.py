"""The builder's card search on the real Utopia catalog: it says how many cards match and shows them all, a
page at a time, and shows the fleet's declared faction first.

Faction penalties are counted card by card against each ship's faction (seed 003, Additional Rules
20), so a player mostly wants cards of the faction they build; the others stay listed, after them.
"""

import re

import pytest
from django.urls import reverse

from fleets.selectors import MAX_SEARCH_RESULTS, card_search
from fleets.selectors.card_index import PAGE_SIZE
from fleets.services import fleet_update
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


def more_url(html: str) -> str | None:
    """The "Show more" link's address (``None``: the last page)."""
    found = re.search(r'data-testid="search-more" href="([^"]+)"', html)
    return found.group(1).replace("&amp;", "&") if found else None


def ships_named(catalog, text: str) -> list:
    return [
        card
        for card in catalog.cards.values()
        if card.kind == "ship" and (text in card.name.lower() or text in (card.ship_class or "").lower())
    ]


def test_a_long_list_says_how_many_cards_match_and_shows_them_all_a_page_at_a_time(client, real_catalog):
    fleet = FleetFactory(faction="federation")
    named = {card.id for card in ships_named(real_catalog, "u.s.s.")}
    assert len(named) > PAGE_SIZE

    html = search(client, fleet, q="U.S.S.")
    total = int(re.search(r'data-testid="search-count">(\d+) cards match', html).group(1))
    shown = shown_ids(html)
    assert len(shown) == PAGE_SIZE < total
    while (url := more_url(html)) is not None:  # "Show more", as htmx follows it
        html = client.get(url, **HTMX).content.decode()
        shown += shown_ids(html)
    assert len(shown) == len(set(shown)) == total
    assert named <= set(shown)


def test_a_list_shown_whole_offers_no_more(client, real_catalog):
    fleet = FleetFactory(faction="federation")

    html = search(client, fleet, q="S273")

    assert shown_ids(html) == ["S273"]
    assert 'data-testid="search-more"' not in html
    assert f'<span data-testid="expansion">{real_catalog.sets["2017core"].name}</span>' in html


def test_ships_of_the_fleets_faction_come_first_then_the_rest(client, real_catalog):
    """Seed 003, Additional Rules 20: the fleet's own faction first; other factions still listed after it."""
    klingon_ships = [card for card in real_catalog.cards.values() if card.kind == "ship" and "klingon" in card.factions]
    fleet = FleetFactory(faction="klingon")

    first = shown_ids(search(client, fleet, q=""))

    assert len(klingon_ships) > PAGE_SIZE  # the whole first page is Klingon
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


def test_a_fleet_without_a_faction_gets_the_best_match_first(client, real_catalog):
    fleet = FleetFactory(faction="")

    shown = shown_ids(search(client, fleet, q="enterprise"))

    assert shown and all(real_catalog.cards[card_id].kind == "ship" for card_id in shown)
    assert "enterprise" in real_catalog.cards[shown[0]].name.lower()


def test_a_ships_slot_button_opens_the_search_preset_by_type_and_faction(client, real_catalog):
    """The interface the ship rows use: ``?ship=0&type=crew&faction=federation``, no ``search`` needed."""
    fleet = FleetFactory(faction="federation")
    client.force_login(fleet.owner)
    url = reverse("fleets:search", args=[fleet.pk])

    html = client.get(url, {"ship": "0", "type": "crew", "faction": "federation"}, **HTMX).content.decode()

    shown = shown_ids(html)
    assert shown and all(real_catalog.cards[i].upgrade_type == "crew" for i in shown)
    assert all("federation" in real_catalog.cards[i].factions for i in shown)
    assert 'name="role" value="upgrade"' in html


def test_without_javascript_the_builder_page_opens_with_the_search_in_place(client, real_catalog):
    fleet = FleetFactory(faction="federation")
    fleet_update(fleet=fleet, content={"format": "wizkids-2016", "ships": [{"ship": "S206"}]}, by=fleet.owner)
    client.force_login(fleet.owner)

    html = client.get(reverse("fleets:detail", args=[fleet.pk]), {"ship": "0", "type": "crew"}).content.decode()

    shown = shown_ids(html[html.index('id="results-ship-1"') :])
    assert shown and all(real_catalog.cards[card_id].upgrade_type == "crew" for card_id in shown)


def test_a_bad_filter_is_named_and_finds_nothing(client, real_catalog):
    fleet = FleetFactory(faction="federation")

    html = search(client, fleet, q="galaxy", hull="lots")

    assert shown_ids(html) == []
    assert "Enter a whole number." in html
