"""The fleet builder: each change, its refusals, the card search and the page's controls."""

import re

import pytest
from django.urls import reverse

from tests.fleets.factories import FleetFactory, saved_fleet
from tests.fleets.views.helpers import HTMX, builder_post, login, save_post

pytestmark = pytest.mark.django_db


def test_each_builder_change_returns_the_fresh_fragment_with_costs(client, cards, player):
    fleet = FleetFactory(owner=player)
    login(client, player)

    response = client.post(*builder_post(fleet, "add-ship", card=cards.ships[0]), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="fleet-builder"' in html and "<html" not in html
    assert "TOO_FEW_SHIPS" in html and "20</span> / 130 SP" in html

    fleet.refresh_from_db()
    response = client.post(*builder_post(fleet, "assign", ship=0, role="captain", card=cards.klingon_captain), **HTMX)
    html = response.content.decode()
    assert 'data-testid="penalty">+1<' in html  # seed 003 Additional Rules 20: +1 for an off-faction captain
    assert "24</span> / 130 SP" in html


def test_ship_over_limit_appears_and_disappears_with_the_card(client, cards, player):
    """Seed 003, Suggested tournament format: 50 points maximum per ship."""
    fleet = saved_fleet(cards, owner=player, content={"ships": [{"ship": cards.heavy, "captain": cards.captains[0]}]})
    login(client, player)
    html = client.post(*builder_post(fleet, "assign", ship=0, role="upgrade", card=cards.weapon), **HTMX).content
    assert b"SHIP_OVER_LIMIT" not in html  # 40 + 3 + 5 = 48
    fleet.refresh_from_db()
    html = client.post(*builder_post(fleet, "assign", ship=0, role="upgrade", card=cards.tech), **HTMX).content
    assert b"SHIP_OVER_LIMIT" in html  # 52
    fleet.refresh_from_db()
    html = client.post(*builder_post(fleet, "remove-card", ship=0, role="upgrade", position=1), **HTMX).content
    assert b"SHIP_OVER_LIMIT" not in html
    assert fleet.versions.count() == 1  # the edits changed the draft; no version until the player saves


def test_builder_works_without_javascript(client, cards, player):
    fleet = FleetFactory(owner=player)
    login(client, player)
    response = client.post(*builder_post(fleet, "add-ship", card=cards.ships[1]))
    assert response.status_code == 302 and response.url.endswith(f"/fleets/{fleet.pk}/#fleet-builder")
    page = client.get(reverse("fleets:detail", args=[fleet.pk])).content.decode()
    assert "Ship 1:" in page and "Class 1" in page


def test_every_builder_change_is_kept_in_the_draft_until_saved(client, cards, player):
    fleet = FleetFactory(owner=player)
    login(client, player)
    steps = [
        ("add-ship", {"card": cards.ships[0]}),
        ("assign", {"ship": 0, "role": "captain", "card": cards.captains[0]}),
        ("assign", {"ship": 0, "role": "admiral", "card": cards.admiral}),
        ("assign", {"ship": 0, "role": "upgrade", "card": cards.crew}),
        ("booster", {"ship": 0, "blind_booster": "on"}),
        ("resource", {"resource": cards.resource}),
    ]
    for action, data in steps:
        client.post(*builder_post(fleet, action, **data))
    fleet.refresh_from_db()
    assert fleet.versions.count() == 0 and fleet.draft is not None
    client.post(*save_post(fleet))
    assert fleet.current_version.number == 1 and fleet.current_version.content == fleet.draft
    fleet.refresh_from_db()
    assert fleet.draft is None
    assert fleet.current_version.content["ships"] == [
        {
            "ship": cards.ships[0],
            "captain": cards.captains[0],
            "admiral": cards.admiral,
            "upgrades": [cards.crew],
            "blind_booster": True,
        }
    ]
    assert fleet.current_version.content["resources"] == [cards.resource]


@pytest.mark.parametrize(
    ("action", "data", "message"),
    [
        ("add-ship", {"card": "NOPE"}, "No such ship card"),
        ("assign", {"ship": 0, "role": "captain", "card": "CREW"}, "No such captain or admiral card"),
        ("assign", {"ship": 5, "role": "upgrade", "card": "CREW"}, "no longer in the fleet"),
        ("remove-card", {"ship": 0, "role": "upgrade", "position": 9}, "no longer on the ship"),
        ("remove-ship", {"ship": 0, "base": 0}, "changed in another window"),
        ("resource", {"resource": "CREW"}, "Select a valid choice"),
    ],
)
def test_bad_builder_input_is_refused_with_a_message(client, cards, fleet, player, action, data, message):
    data = {key: cards.crew if value == "CREW" else value for key, value in data.items()}
    response = login(client, player).post(*builder_post(fleet, action, **data), **HTMX)
    assert message in response.content.decode()
    assert fleet.versions.count() == 1


def test_unknown_builder_action_is_404(client, fleet, player):
    assert login(client, player).post(*builder_post(fleet, "self-destruct")).status_code == 404


def test_card_search_fragment_for_ships_and_for_a_slot(client, cards, fleet, player):
    login(client, player)
    url = reverse("fleets:search", args=[fleet.pk])
    ships = client.get(url, {"search": "1", "q": "heavy"}, **HTMX).content.decode()
    assert "U.S.S. Heavy" in ships and "<html" not in ships and f'name="card" value="{cards.heavy}"' in ships
    crew = client.get(url, {"search": "1", "ship": "0", "slot": "weapon", "q": ""}, **HTMX).content.decode()
    assert "Photon Torpedoes" in crew and "Sensor Array" not in crew and 'name="role" value="upgrade"' in crew
    assert client.get(url).status_code == 404  # no search asked


def test_card_search_without_javascript_shows_results_in_the_page(client, cards, fleet, player):
    page = login(client, player).get(reverse("fleets:detail", args=[fleet.pk]), {"search": "1", "q": "heavy"})
    assert "U.S.S. Heavy" in page.content.decode()


def test_every_control_of_the_builder_has_a_label(client, fleet, player):
    html = login(client, player).get(reverse("fleets:detail", args=[fleet.pk])).content.decode()
    ids = set(re.findall(r'<(?:input|select|textarea)(?![^>]*type="hidden")[^>]*\bid="([^"]+)"', html))
    labelled = set(re.findall(r'<label[^>]*\bfor="([^"]+)"', html))
    assert ids and ids <= labelled
    unnamed = re.findall(r"<(?:input|select)(?![^>]*type=\"hidden\")(?![^>]*\bid=)[^>]*>", html)
    assert not unnamed
