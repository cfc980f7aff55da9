"""The desk's result forms on the round page: the fleet points shown while the staff tick (scored by
the same code as the saved result, seed 003 "Fleet Points"), and a refused entry that comes back as
it was typed, its error beside it."""

import re

import pytest
from django.urls import reverse

from games.attack_wing.scoring import fleet_items
from tournaments.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(event_staff, enter):
    from tournaments.services import event_start, round_pair_next

    event = event_staff["event"]
    for _ in range(4):
        enter(event)
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    return event


def table(event, number=1):
    match = Match.objects.get(round__event=event, round__number=1, table=number)
    sides = {side.seat: side.registration for side in match.sides.select_related("registration__fleet_version")}
    return match, sides


def preview_url(event, match):
    return reverse("tournaments:preview_result", args=[event.pk, 1, match.pk])


def test_the_preview_is_for_the_events_staff_only(running, event_staff, client):
    match, _ = table(running)
    url = preview_url(running, match)
    data = {"table-1-winner": "1"}
    response = client.post(url, data)
    assert response.status_code == 302 and "/accounts/login/" in response.url
    client.force_login(event_staff["other_organizer"])
    assert client.post(url, data).status_code == 403
    client.force_login(match.sides.get(seat=1).registration.player)
    assert client.post(url, data).status_code == 403
    client.force_login(event_staff["judge"])
    assert client.post(url, data).status_code == 200
    assert client.get(url).status_code == 405


def test_the_preview_scores_what_is_ticked_and_saves_nothing_the_same_as_the_saved_result(running, client):
    client.force_login(running.organizer)
    match, sides = table(running)
    ship = next(item for item in fleet_items(sides[2].fleet_version) if item.is_ship)
    data = {"table-1-winner": "1", "table-1-lost_2": [ship.key]}
    page = client.post(preview_url(running, match), data).content.decode()
    assert 'id="points-1"' in page and f"Result: {sides[1].name} won." in page
    assert f"{ship.name} destroyed" in page
    shown = re.search(rf"Fleet points: {re.escape(sides[1].name)} (\d+)", page)
    match.refresh_from_db()
    assert match.status == "awaiting" and not match.changes.exists()

    client.post(reverse("tournaments:enter_result", args=[running.pk, 1, match.pk]), data)
    side_1 = match.sides.get(seat=1)
    assert side_1.fleet_points > 0 and int(shown.group(1)) == side_1.fleet_points


def test_the_preview_asks_for_the_winner_and_names_a_refused_combination(running, client):
    client.force_login(running.organizer)
    match, sides = table(running)
    items = fleet_items(sides[2].fleet_version)
    ship = items[0]
    card = next(item for item in items if not item.is_ship and item.ship_index == ship.ship_index)
    page = client.post(preview_url(running, match), {"table-1-lost_2": [ship.key]}).content.decode()
    assert "Choose the winner to see the points." in page
    data = {"table-1-winner": "1", "table-1-lost_2": [ship.key, card.key]}
    page = client.post(preview_url(running, match), data).content.decode()
    assert "An upgrade is lost with its destroyed ship: tick only the ship." in page
    assert "Fleet points" not in page


def test_a_refused_entry_comes_back_as_it_was_ticked_with_the_error_beside_it(running, client):
    """Ticking a ship and a card on it is refused by the result service; nothing the organizer ticked is lost."""
    client.force_login(running.organizer)
    match, sides = table(running)
    items = fleet_items(sides[2].fleet_version)
    ship = items[0]
    card = next(item for item in items if not item.is_ship and item.ship_index == ship.ship_index)
    data = {"table-1-winner": "2", "table-1-lost_2": [ship.key, card.key]}
    response = client.post(reverse("tournaments:enter_result", args=[running.pk, 1, match.pk]), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "An upgrade is lost with its destroyed ship: tick only the ship." in page
    form = page[page.index('id="entry-1"') : page.index('id="table-2"')]
    assert '<details class="result-entry" open>' in form
    assert re.search(rf'value="{re.escape(ship.key)}"[^>]*checked', form)
    assert re.search(rf'value="{re.escape(card.key)}"[^>]*checked', form)
    assert re.search(r'name="table-1-winner" value="2"[^>]*checked', form)
    match.refresh_from_db()
    assert match.status == "awaiting" and not match.changes.exists()
