"""Placing cards in the builder: each ship's whole Upgrade Bar as slot buttons, moving a card or a ship, Undo,
read-only links to a version, and the history judged on the builder's stated day."""

import re
from datetime import date

import pytest
from django.urls import reverse

from fleets import access
from fleets.access import Submission
from fleets.models import Fleet, SharedVersion
from fleets.selectors import fleet_check, slot_offers
from fleets.services import FleetError, fleet_lock, fleet_share_version
from rules.attack_wing import Fleet as EngineFleet
from rules.attack_wing import FleetShip
from tests.fleets.factories import FleetFactory, fleet_catalog, saved_fleet
from tests.fleets.views.helpers import HTMX, builder_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards():
    return fleet_catalog()


@pytest.fixture
def fleet(cards, player, client):
    client.force_login(player)
    return saved_fleet(cards, owner=player)


def working(fleet) -> dict:
    fleet = Fleet.objects.get(pk=fleet.pk)
    return fleet.draft if fleet.draft is not None else fleet.current_version.content


def undo_post(fleet):
    return reverse("fleets:undo", args=[fleet.pk]), {"base": Fleet.objects.get(pk=fleet.pk).revision}


def test_the_bar_counts_the_slots_picard_and_riker_add_as_the_engine_places_them(real_catalog):
    """Seed 003 (Additional Rules, fleet building): an Upgrade needs a slot of its type; the Enterprise-D S274 prints
    tech, weapon and three crew, Picard Cap818 adds two [talent] icons and Riker C440 one more [crew]. The buttons
    count every slot the engine's slot check counts, filled as its placement fills them."""

    ship = FleetShip(ship="S274", captain="Cap818", upgrades=("C440", "W204", "T019"))
    check = fleet_check(EngineFleet(ships=(ship,)), format="wizkids-2016")
    offers = {offer.key: (offer.free, offer.total) for offer in slot_offers(check.ships[0])}
    assert offers == {"captain": (0, 1), "tech": (0, 1), "weapon": (0, 1), "crew": (3, 4), "talent": (2, 2)}
    assert check.ships[0].upgrade_bar == (
        "Tech, Weapon, Crew, Crew, Crew, Elite Talent (Jean-Luc Picard), Elite Talent (Jean-Luc Picard), "
        "Crew (William T. Riker)"
    )


def test_the_builder_offers_each_slot_as_a_button_set_to_that_slot_and_the_ship_s_faction(client, fleet):
    html = client.get(reverse("fleets:detail", args=[fleet.pk])).content.decode()
    crew = re.search(r'<a class="[^"]*slot-offer"[^>]*data-ship="1" data-slot="crew"[^>]*>(.*?)</a>', html, re.S)
    assert "+ Crew" in crew.group(1) and "(1 free of 2)" in crew.group(1)
    assert "type=crew&amp;faction=federation" in crew.group(0) and "slot=crew" in crew.group(0)
    captain = re.search(r'data-ship="1" data-slot="captain"[^>]*>(.*?)</a>', html, re.S).group(1)
    assert "(0 free)" in captain  # ship 1 has its captain


def test_a_card_moves_to_another_ship_in_one_change_and_undo_takes_it_back(client, cards, fleet):
    response = client.post(
        *builder_post(fleet, "move-card", ship=0, role="upgrade", position=0, to="1:upgrade"), **HTMX
    )
    assert response.status_code == 200
    ships = working(fleet)["ships"]
    assert ships[0].get("upgrades", []) == [] and ships[1]["upgrades"] == [cards.crew, cards.crew]
    assert fleet.versions.count() == 1  # a draft change, no version
    client.post(*undo_post(fleet), **HTMX)
    assert working(fleet) == fleet.current_version.content
    html = client.post(*undo_post(fleet), **HTMX).content.decode()
    assert "There is no change to undo since the last saved version." in html


def test_undo_goes_back_one_change_at_a_time_and_stops_at_the_saved_version(client, cards, fleet):
    client.post(*builder_post(fleet, "remove-ship", ship=2), **HTMX)
    client.post(*builder_post(fleet, "remove-ship", ship=1), **HTMX)
    assert len(working(fleet)["ships"]) == 1
    client.post(*undo_post(fleet), **HTMX)
    assert len(working(fleet)["ships"]) == 2
    client.post(*reverse_save(fleet), **HTMX)  # a saved version: Undo starts afresh
    assert Fleet.objects.get(pk=fleet.pk).undo == []
    html = client.get(reverse("fleets:detail", args=[fleet.pk])).content.decode()
    assert 'data-testid="undo"' not in html


def reverse_save(fleet):
    return reverse("fleets:save", args=[fleet.pk]), {"base": Fleet.objects.get(pk=fleet.pk).revision}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"ship": 0, "role": "captain", "to": "1:captain"}, "Ship 2 already has a captain"),
        ({"ship": 0, "role": "upgrade", "position": 0, "to": "9:upgrade"}, "Choose where the card goes"),
        ({"ship": 0, "role": "upgrade", "position": 5, "to": "1:upgrade"}, "That card is no longer on the ship."),
        ({"ship": 0, "role": "upgrade", "position": 0, "to": "0:upgrade"}, "is already there"),
        ({"ship": 0, "role": "upgrade", "position": 0, "to": "1:captain"}, "cannot be a ship&#x27;s captain"),
    ],
)
def test_a_move_that_cannot_be_made_says_why_and_changes_nothing(client, fleet, data, message):
    before = working(fleet)
    html = client.post(*builder_post(fleet, "move-card", **data), **HTMX).content.decode()
    assert message in html
    assert working(fleet) == before and Fleet.objects.get(pk=fleet.pk).undo == []


def test_ships_move_up_and_down_and_not_past_either_end(client, cards, fleet):
    client.post(*builder_post(fleet, "move-ship", ship=2, direction="up"), **HTMX)
    assert [s["ship"] for s in working(fleet)["ships"]] == [cards.ships[0], cards.ships[2], cards.ships[1]]
    html = client.post(*builder_post(fleet, "move-ship", ship=0, direction="up"), **HTMX).content.decode()
    assert "Ship 1 is already first: it cannot move further." in html
    html = client.post(*builder_post(fleet, "move-ship", ship=2, direction="down"), **HTMX).content.decode()
    assert "Ship 3 is already last" in html
    assert [s["ship"] for s in working(fleet)["ships"]] == [cards.ships[0], cards.ships[2], cards.ships[1]]


def test_a_shared_link_shows_the_version_read_only_to_anyone_and_stops_when_asked(client, fleet):
    response = client.post(reverse("fleets:share", args=[fleet.pk]))
    assert response.status_code == 302
    share = SharedVersion.objects.get(version__fleet=fleet)
    builder = client.get(reverse("fleets:detail", args=[fleet.pk])).content.decode()
    assert reverse("fleets:shared", args=[share.token]) in builder
    client.logout()
    page = client.get(reverse("fleets:shared", args=[share.token])).content.decode()
    assert fleet.name in page and 'data-testid="fleet-total"' in page and "Remove" not in page
    client.force_login(fleet.owner)
    client.post(reverse("fleets:unshare", args=[fleet.pk]))
    assert client.get(reverse("fleets:shared", args=[share.token])).status_code == 404


def test_a_hidden_list_before_its_event_starts_is_never_shared(client, fleet, monkeypatch):
    """Seed 003 keeps a submitted list hidden until the event starts (the events say so through fleets.access)."""
    version = fleet.current_version
    sealed = Submission(event_name="Sealed Open", version_id=version.pk, sealed=True, event_date=date(2030, 1, 1))
    share = SharedVersion.objects.create(version=version, token="made-before-it-was-submitted")
    monkeypatch.setattr(access, "_submission_lookups", [lambda f: [sealed] if f.pk == fleet.pk else []])
    with pytest.raises(FleetError, match="Sealed Open"):
        fleet_share_version(version=version)
    assert client.get(reverse("fleets:shared", args=[share.token])).status_code == 404
    builder = client.get(reverse("fleets:detail", args=[fleet.pk])).content.decode()
    assert "whose lists stay hidden until it starts" in builder and "until then its link shows nothing" in builder


def test_a_locked_fleet_can_still_be_shared(client, fleet):
    fleet_lock(fleet=fleet)
    client.post(reverse("fleets:share", args=[fleet.pk]))
    assert SharedVersion.objects.filter(version__fleet=fleet).exists()


def test_the_history_says_the_day_it_judges_on_the_builder_s_day(client, fleet):
    history = client.get(reverse("fleets:history", args=[fleet.pk]) + "?on=2016-06-01").content.decode()
    assert "Verdicts judged on 1 June 2016 (the date you chose)" in history
    builder = client.get(reverse("fleets:detail", args=[fleet.pk]) + "?on=2016-06-01").content.decode()
    assert "judged on 1 Jun 2016" in builder


def test_the_downloads_say_when_they_save_a_version(client, fleet):
    html = client.get(reverse("fleets:detail", args=[fleet.pk])).content.decode()
    assert "Downloads open version 1, as saved." in html
    html = client.post(*builder_post(fleet, "remove-ship", ship=2), **HTMX).content.decode()
    assert "Each download first saves your unsaved changes as version 2" in html


def test_a_fleet_never_saved_has_nothing_to_share(client, player):
    fleet = FleetFactory(owner=player)
    client.force_login(player)
    response = client.post(reverse("fleets:share", args=[fleet.pk]), follow=True)
    assert "Save a version first" in response.content.decode()
    assert not SharedVersion.objects.exists()


def test_an_unknown_link_is_no_page(client):
    assert client.get(reverse("fleets:shared", args=["no-such-link"])).status_code == 404
