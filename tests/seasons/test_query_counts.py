"""The season table, a player record and the meta take as many queries for a small world as for a larger one.

Seasons and records span many events, so a query per event, per season or per player would grow
with the years of data a store keeps; the figures against the time targets are in ``make bench``.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.accounts.factories import PlayerFactory
from tests.tournaments.factories import fleet_for

from .conftest import play_event
from .test_seasons import make_season

pytestmark = pytest.mark.django_db


def page_queries(client, address: str) -> int:
    """The queries of one request of ``address``, after a first one (which may fill the site's caches)."""
    assert client.get(address).status_code == 200
    with CaptureQueriesContext(connection) as captured:
        assert client.get(address).status_code == 200
    return len(captured)


def grow(league) -> None:
    """Four more players and three more finished events, one of them in a second season of the store."""
    content = league["fleets"][league["players"][0].pk].versions.get().content
    for name in ("Eve", "Flo", "Gus", "Hal"):
        player = PlayerFactory(first_name=name)
        league["players"].append(player)
        league["fleets"][player.pk] = fleet_for(player, content, name=f"Fleet of {name}")
    play_event(league, date(2026, 3, 12))
    play_event(league, date(2026, 4, 2), players=list(reversed(league["players"])), rounds=3)
    play_event(league, date(2026, 6, 4), players=league["players"][2:])
    make_season(league, name="Summer league", starts_on=date(2026, 6, 1), ends_on=date(2026, 8, 31))


@pytest.mark.parametrize("viewer", ["public", "player"])
def test_season_record_and_meta_pages_take_the_same_queries_as_the_world_grows(client, league, viewer):
    """One event of four players in one season, then four events of up to eight players in two seasons."""
    play_event(league, date(2026, 3, 5))
    season = make_season(league)
    cy = league["players"][2]  # plays every event, so their record grows with the world
    if viewer == "player":
        client.force_login(cy)
    pages = {
        "season": reverse("seasons:detail", args=[season.pk]),
        "record": reverse("seasons:player", args=[cy.pk]),
        "meta": reverse("seasons:meta") + "?game=attack-wing",
    }
    small = {page: page_queries(client, address) for page, address in pages.items()}
    grow(league)
    large = {page: page_queries(client, address) for page, address in pages.items()}
    assert large == small
    page = client.get(pages["record"]).content.decode()
    assert "Summer league" in page and "Spring league" in page  # the larger world really is larger
    assert client.get(pages["season"]).content.decode().count("Eve") >= 1
