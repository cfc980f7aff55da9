"""The card finder's page, a card's page and the collection, on the real shipped catalog (fleets/card_data/)."""

import re
from datetime import date

import pytest
from django.urls import reverse

from fleets.models import OwnedExpansion
from tests.accounts.factories import PlayerFactory
from tests.fleets.factories import ShipFactory

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def rows(html: str) -> list[str]:
    return re.findall(r'class="list-group-item d-flex[^"]*search-row" data-card="([^"]+)"', html)


def find(client, **params) -> str:
    response = client.get(reverse("fleets:cards"), params, **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def test_the_finder_page_lists_the_galaxy_class_ships_each_with_its_expansion(client, real_catalog):
    response = client.get(reverse("fleets:cards"), {"q": "federation starship galaxy"})

    html = response.content.decode()
    assert "<h1>Find cards</h1>" in html
    assert {"S206", "S273"} <= set(rows(html))
    for card_id in ("S206", "S273"):  # told apart by their expansion and upgrade bar
        first_set = min(
            (real_catalog.sets[s] for s in real_catalog.cards[card_id].set_ids),
            key=lambda s: s.release_date or date.max,
        )
        row = html[html.index(f'data-card="{card_id}"') :].split("</li>")[0]
        assert f'<span data-testid="expansion">{first_set.name}</span>' in row
    assert "Upgrades: Weapon, Crew, Crew, Crew" in html  # S206
    assert "Upgrades: Tech, Weapon, Crew, Crew" in html  # S273


def test_with_htmx_only_the_results_come_back(client, real_catalog):
    html = find(client, q="galaxy", type="ship")

    assert "<h1>" not in html
    assert "S412" in rows(html)


def test_stat_filters_and_sorting_from_the_query(client, real_catalog):
    html = find(client, type="ship", hull="7", hull_op="ge", sort="cost")

    shown = [real_catalog.cards[card_id] for card_id in rows(html)]
    assert shown and all(card.hull >= 7 for card in shown)
    assert [card.cost for card in shown] == sorted(card.cost for card in shown)


def test_a_bad_filter_is_named_and_nothing_is_listed(client, real_catalog):
    html = find(client, q="galaxy", hull_op="about", sort="colour")

    assert rows(html) == []
    assert "Select a valid choice." in html


def test_only_cards_i_own_keeps_to_the_collection_and_means_nothing_anonymously(client, real_catalog):
    player = PlayerFactory()
    OwnedExpansion.objects.create(owner=player, set_id="2017core")
    anonymous = rows(find(client, q="galaxy", type="ship", owned="1"))
    client.force_login(player)

    owned = rows(find(client, q="galaxy", type="ship", owned="1"))

    assert "S273" in owned and "S206" not in owned
    assert all("2017core" in real_catalog.cards[card_id].set_ids for card_id in owned)
    assert anonymous == []  # an anonymous visitor owns nothing


def test_a_card_page_shows_stats_upgrade_bar_dial_expansions_and_other_printings(client, real_catalog):
    html = client.get(reverse("fleets:card", args=["S206"])).content.decode()

    card = real_catalog.cards["S206"]
    assert f'data-testid="stat-hull">{card.hull}<' in html
    assert f'data-testid="printed-cost">{card.cost} SP<' in html
    assert "Weapon</span>" in html and html.count('badge text-bg-light border me-1">Crew<') == 3
    assert 'data-testid="dial"' in html and "Maneuver dial: speeds up to 5; straight, bank, turn." in html
    # the Galaxy Class dial (Utopia shipClasses "Galaxy Class"): 15 arrows, each speed said in words
    assert html.count("data-move=") == 15 and html.count('data-move="turn left red"') == 1
    assert '<th scope="row">Speed 3</th><td>turn left (red), bank left (white), forward (green), bank right ' in html
    assert '<th scope="row">Reverse 2</th><td>backward (red)</td>' in html
    assert "<li>90° forward firing arc.</li><li>90° rear firing arc.</li>" in html
    assert html.count("data-arc=") == 2
    assert "do not record firing arcs" not in html
    assert "Actions: Evade, Target Lock, Scan, Battle Stations." in html
    for set_id in card.set_ids:
        assert real_catalog.sets[set_id].name in html
    printings = html[html.index('data-testid="printings"') :]
    assert 'data-card="S273"' in printings  # the other 22 SP generic Galaxy
    assert 'data-card="S107"' not in printings  # a Mirror Universe Starship, another name


def test_a_borg_cube_page_draws_its_spins_and_the_360_degree_arc(client, real_catalog):
    """Cube 384 (S241), Borg Cube: spins left and right, three reverse speeds, and the 360-degree arc (seed 003,
    Additional Rules Cards, "360-Degree Arcs")."""
    html = client.get(reverse("fleets:card", args=["S241"])).content.decode()

    assert '<th scope="row">Speed 1</th><td>forward (green), spin left (green), spin right (green)</td>' in html
    assert '<th scope="row">Reverse 3</th><td>backward (red)</td>' in html
    assert 'data-arc="all 360"' in html and "360° firing arc: it fires in every direction." in html
    assert "No rear firing arc." not in html


def test_a_ship_without_a_rear_arc_says_so(client, real_catalog):
    """I.K.S. Amar (S308), Warbird Class: a 90° front arc, Utopia's second arc of 45° said but not drawn."""
    html = client.get(reverse("fleets:card", args=["S308"])).content.decode()

    assert "<li>90° forward firing arc.</li><li>A second arc of 45°" in html and "<li>No rear firing arc.</li>" in html
    assert html.count("data-arc=") == 1


def test_a_captain_page_names_the_faction_penalty_seed_003_rule_20(client, real_catalog):
    captain = next(card for card in real_catalog.cards.values() if card.kind == "captain" and card.skill == 9)

    html = client.get(reverse("fleets:card", args=[captain.id])).content.decode()

    assert "+1 SP on a ship that shares none of its factions (the faction penalty)." in html
    assert f'data-testid="stat-skill">{captain.skill}<' in html


def test_an_unknown_card_is_not_found(client, real_catalog):
    assert client.get(reverse("fleets:card", args=["NO-SUCH-CARD"])).status_code == 404


def test_the_collection_saves_the_ticked_expansions(client, real_catalog):
    player = PlayerFactory()
    client.force_login(player)

    response = client.post(reverse("fleets:collection"), {"sets": ["2017core", "71120"]})

    assert response.status_code == 302
    assert set(player.owned_expansions.values_list("set_id", flat=True)) == {"2017core", "71120"}
    client.post(reverse("fleets:collection"), {"sets": ["71120"]})
    assert list(player.owned_expansions.values_list("set_id", flat=True)) == ["71120"]


def test_the_collection_exports_as_text_and_imports_back(client, real_catalog):
    player = PlayerFactory()
    client.force_login(player)
    client.post(reverse("fleets:collection"), {"sets": ["2017core", "71120"]})
    text = client.get(reverse("fleets:collection_export")).content.decode()
    assert f"2017core — {real_catalog.sets['2017core'].name}\n" in text
    client.post(reverse("fleets:collection"), {"sets": []})

    client.post(reverse("fleets:collection"), {"text": text})

    assert set(player.owned_expansions.values_list("set_id", flat=True)) == {"2017core", "71120"}


def test_an_import_reads_names_too_and_a_line_naming_no_expansion_changes_nothing(client, real_catalog):
    player = PlayerFactory()
    client.force_login(player)
    OwnedExpansion.objects.create(owner=player, set_id="71120")
    name = real_catalog.sets["2017core"].name

    refused = client.post(reverse("fleets:collection"), {"text": f"# mine\n{name}\nThe Holodeck Set\n"})

    assert refused.status_code == 200
    assert "No expansion of the catalog on line 3 (The Holodeck Set). Nothing was changed." in refused.content.decode()
    assert list(player.owned_expansions.values_list("set_id", flat=True)) == ["71120"]
    client.post(reverse("fleets:collection"), {"text": f"# mine\n{name.upper()}\n"})
    assert list(player.owned_expansions.values_list("set_id", flat=True)) == ["2017core"]


def test_ticking_an_expansion_the_catalog_does_not_have_is_refused(client, real_catalog):
    player = PlayerFactory()
    client.force_login(player)

    response = client.post(reverse("fleets:collection"), {"sets": ["no-such-set"]})

    assert response.status_code == 200
    assert "Select a valid choice." in response.content.decode()
    assert not player.owned_expansions.exists()


def test_a_reprints_other_id_leads_to_the_cards_one_page(client):
    """Utopia gives some reprints two ids (``["T311", "T311a"]``); the card keeps one page."""
    ShipFactory(source_id="S9001a", alias_ids=["S9001"])

    response = client.get(reverse("fleets:card", args=["S9001"]))

    assert response.status_code == 302
    assert response["Location"] == reverse("fleets:card", args=["S9001a"])


def test_a_catalog_read_before_the_moves_were_kept_shows_the_kinds_and_says_why(client):
    """A site's catalog keeps what the reader of its day made of each card: a ship read before ``dial_move`` and
    ``firing_arc`` were kept shows its top speed and kinds until ``import_cards`` reads the held file again."""
    ship = ShipFactory(restrictions=[["dial_top_speed", 4, 0], ["dial_maneuver", "bank", 0]])

    html = client.get(reverse("fleets:card", args=[ship.source_id])).content.decode()

    assert "Maneuver dial: speeds up to 4; bank." in html and "show once its cards are read again" in html
    assert 'data-testid="dial"' not in html and "The card databases give no firing arcs for this ship." in html
