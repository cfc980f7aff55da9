"""Admin pages of the organizers' catalogs: search and filters work on each."""

import pytest
from django.urls import reverse

from fleets.decks.services import deck_create

from .factories import StarshipCommandShipFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("model", "query", "present", "absent"),
    [
        ("wing_commander_wingcommandercard", {"q": "arr", "side__exact": "terran"}, "Arrow", "Darket"),
        ("wing_commander_wingcommandercard", {"card_type__exact": "maneuver"}, "Kickstop", "Arrow"),
        ("starship_command_starshipcommandship", {"q": "sara", "race__exact": "confederation"}, "Saratoga", "Repulse"),
        (
            "spearpoint_spearpointunit",
            {"unit_type__exact": "vehicle", "crew__exact": "tank-crew"},
            "M4 Sherman",
            "Rifle Squad",
        ),
    ],
)
def test_catalog_admin_searches_and_filters(
    admin_client, saratoga, sherman, rifle_squad, model, query, present, absent
):
    StarshipCommandShipFactory(name="Repulse", race="packtons")
    html = admin_client.get(reverse(f"admin:{model}_changelist"), query).text
    assert present in html and absent not in html


def test_decks_are_shown_not_added_in_the_admin(admin_client, player):
    deck = deck_create(owner=player, game="spearpoint", name="Easy Company", side="american")
    assert "Easy Company" in admin_client.get(reverse("admin:fleets_deck_changelist")).text
    assert admin_client.get(reverse("admin:fleets_deck_change", args=[deck.pk])).status_code == 200
    assert admin_client.get(reverse("admin:fleets_deck_add")).status_code == 403


def test_the_catalog_admin_filters_retired_cards(admin_client, saratoga):
    """A retired card (seed 002's Saratoga here) is offered no more, so the admin can list it apart."""
    StarshipCommandShipFactory(name="Repulse", race="confederation", retired=True)
    url = reverse("admin:starship_command_starshipcommandship_changelist")
    retired = admin_client.get(url, {"retired__exact": "1"}).text
    offered = admin_client.get(url, {"retired__exact": "0"}).text
    assert "Repulse" in retired and "Saratoga" not in retired
    assert "Saratoga" in offered and "Repulse" not in offered
