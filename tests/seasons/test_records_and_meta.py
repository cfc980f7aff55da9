"""Player records, ratings and the meta: hidden records and hidden lists stay hidden (tournaments.access's rule)."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.management import call_command
from django.urls import reverse

from fleets.models import Fleet
from seasons.access import PUBLIC
from seasons.meta import MetaFilter, game_meta
from seasons.models import RatingPoint
from seasons.services import record_hide
from tests.tournaments.factories import EventFactory, RegistrationFactory
from tournaments.access import lists_public_to_everyone, may_see_list
from tournaments.models import EventStatus, Registration
from tournaments.services import registration_add_walk_in

from .conftest import play_event

pytestmark = pytest.mark.django_db


def test_a_finished_event_rates_its_players_once_it_commits(league, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        event = play_event(league, date(2026, 3, 5))
    ratings = {p.player.first_name: p.rating for p in RatingPoint.objects.filter(event=event).select_related("player")}
    assert ratings["Ada"] > ratings["Ben"] > ratings["Di"]


def test_recomputing_from_scratch_gives_what_the_events_gave(league, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        play_event(league, date(2026, 3, 5))
        play_event(league, date(2026, 4, 5), players=list(reversed(league["players"])))
    before = sorted(RatingPoint.objects.values_list("player_id", "event_id", "rating", "games"))
    call_command("recompute_ratings", "attack-wing", stdout=None)
    assert sorted(RatingPoint.objects.values_list("player_id", "event_id", "rating", "games")) == before


def test_the_record_shows_placings_and_public_lists_only(client, league):
    play_event(league, date(2026, 3, 5), name="Public night")
    play_event(league, date(2026, 3, 12), lists_public=False, name="Sealed night")
    ada = league["players"][0]
    page = client.get(reverse("seasons:player", args=[ada.pk])).content.decode()
    assert "Public night" in page and "Sealed night" in page
    assert page.count("Fleet of Ada") == 1  # the sealed night's fleet is not shown
    assert "not public" in page
    api = client.get(f"/api/players/{ada.pk}").json()
    assert [e["list"] for e in api["events"]] == [None, "Fleet of Ada"]


def test_the_player_sees_their_own_sealed_list(client, league):
    play_event(league, date(2026, 3, 12), lists_public=False)
    ada = league["players"][0]
    client.force_login(ada)
    assert "Fleet of Ada" in client.get(reverse("seasons:player", args=[ada.pk])).content.decode()


def test_a_hidden_record_is_nowhere_but_for_its_player(client, league):
    play_event(league, date(2026, 3, 5))
    ada, ben = league["players"][:2]
    record_hide(player=ada, hidden=True)
    assert client.get(reverse("seasons:player", args=[ada.pk])).status_code == 404
    assert client.get(f"/api/players/{ada.pk}").status_code == 404
    assert "Ada" not in client.get(reverse("seasons:players")).content.decode()
    client.force_login(ben)
    assert client.get(reverse("seasons:player", args=[ada.pk])).status_code == 404
    client.force_login(ada)
    assert client.get(reverse("seasons:player", args=[ada.pk])).status_code == 200
    client.post(reverse("seasons:record_setting"), {})
    client.logout()
    assert client.get(reverse("seasons:player", args=[ada.pk])).status_code == 200


def test_an_unclaimed_walk_in_has_no_record_page(client, league):
    event = EventFactory(organizer=league["organizer"], store=league["store"])
    walk_in = registration_add_walk_in(event=event, name="Walk-in Wendy", added_by=league["organizer"])
    assert client.get(reverse("seasons:player", args=[league["players"][0].pk])).status_code == 200
    assert client.get(reverse("seasons:player", args=[walk_in.player_id])).status_code == 404
    assert "Wendy" not in client.get(reverse("seasons:players")).content.decode()


def test_the_meta_counts_public_lists_only(client, league):
    play_event(league, date(2026, 3, 5))
    play_event(league, date(2026, 3, 12), lists_public=False)
    found = game_meta(MetaFilter(game="attack-wing"))
    assert (found.events, found.lists) == (2, 4)
    assert [(share.name, share.count) for share in found.factions] == [("federation", 4)]
    assert found.win_rates == []  # every game is a mirror match
    page = client.get(reverse("seasons:meta"), {"game": "attack-wing"})
    assert page.status_code == 200 and b'role="img"' in page.content


def test_the_meta_refuses_a_bad_filter_with_a_message(client):
    assert client.get(reverse("seasons:meta"), {"game": "chess"}).status_code == 400
    assert client.get("/api/meta", {"game": "chess"}).status_code == 404
    assert client.get("/api/meta", {"game": "attack-wing", "since": "yesterday"}).status_code == 422


def test_an_unchanged_answer_is_not_modified(client, league):
    play_event(league, date(2026, 3, 5))
    first = client.get("/api/meta", {"game": "attack-wing"})
    again = client.get("/api/meta", {"game": "attack-wing"}, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    play_event(league, date(2026, 3, 12))
    assert client.get("/api/meta", {"game": "attack-wing"}, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_the_meta_rates_games_between_public_lists_of_different_factions(league):
    """rules.tournament.meta over real events: Ada's Klingon fleet wins both its games at the
    public night; the sealed night's lists and games count nowhere; a fleet's ships count once per list."""
    ada = league["players"][0]
    Fleet.objects.filter(pk=league["fleets"][ada.pk].pk).update(faction="klingon")
    play_event(league, date(2026, 3, 5))
    play_event(league, date(2026, 3, 12), lists_public=False)
    found = game_meta(MetaFilter(game="attack-wing"))
    assert [(share.name, share.count) for share in found.factions] == [("federation", 3), ("klingon", 1)]
    assert [(rate.faction, rate.games, rate.wins) for rate in found.win_rates] == [
        ("federation", 2, 0),
        ("klingon", 2, 2),
    ]
    ships = dict(found.items)["Ships"]
    assert [(share.count, share.share) for share in ships] == [(4, 1.0)] * 3


def test_the_public_lists_query_agrees_with_the_list_rule(db):
    """tournaments.access: the query form of may_see_list for a signed-out visitor, event status by status."""
    for status in EventStatus.values:
        for public in (True, False):
            RegistrationFactory(event=EventFactory(status=status, lists_public=public))
    registrations = Registration.objects.select_related("event")
    by_rule = {
        r.pk for r in registrations if may_see_list(event=r.event, viewer=PUBLIC, registration=r, opponents=set())
    }
    assert set(lists_public_to_everyone(registrations).values_list("pk", flat=True)) == by_rule
    assert by_rule  # finished and running events with public lists
