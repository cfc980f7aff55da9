"""The meta's most played cards come from per-event card tallies stored with the final standings
(seasons.EventCardTally): they hold what counting the public lists themselves gives (each card once
per fleet that holds it, reprints under one name), hidden lists add nothing, and a correction after the
finish or ``manage.py final_standings`` stores them again."""

from __future__ import annotations

from collections import Counter
from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command

from fleets.models import Card
from seasons.meta import TOP_ITEMS, MetaFilter, game_meta
from seasons.models import EventCardTally, MetaPeriod
from tests.fleets.factories import UpgradeFactory
from tests.tournaments.factories import fleet_for
from tournaments.games import event_game
from tournaments.models import Event, EventStatus, Registration, Stage
from tournaments.services import result_enter

from .conftest import play_event

pytestmark = pytest.mark.django_db

# What the meta ranks of an Attack Wing fleet, by the key of each ship's card in a fleet file, and the titles.
ROLES = (("ship", "Ships"), ("captain", "Captains"), ("upgrades", "Upgrades"))


def varied_fleets(league) -> None:
    """Ben's captains change ships and all three ships carry one crew card (a fleet holds it once); Cy
    flies a reprint of that crew card beside the card itself (one name, counted once per card held)."""
    ada, ben, cy, _ = league["players"]
    content = league["fleets"][ada.pk].versions.get().content
    ships = content["ships"]
    crew = ships[0]["upgrades"][0]
    rotated = [
        {"ship": ship["ship"], "captain": ships[(n + 1) % 3]["captain"], "upgrades": [crew]}
        for n, ship in enumerate(ships)
    ]
    league["fleets"][ben.pk] = fleet_for(ben, {**content, "ships": rotated}, name="Fleet of Ben")
    reprint = UpgradeFactory(name=Card.objects.get(source_id=crew).name).source_id
    cy_ships = [{**ships[0], "upgrades": [reprint]}, ships[1], {**ships[2], "upgrades": [crew]}]
    league["fleets"][cy.pk] = fleet_for(cy, {**content, "ships": cy_ships}, name="Fleet of Cy")


def counted_from_the_lists() -> list[tuple[str, list[tuple[str, int, float]]]]:
    """The most played cards counted from every public list of the finished events one by one."""
    names = dict(Card.objects.values_list("source_id", "name"))
    public = Registration.objects.filter(
        event__status=EventStatus.FINISHED, event__lists_public=True, fleet_version__isnull=False
    ).select_related("fleet_version")
    counts = {role: Counter() for role, _ in ROLES}
    for registration in public:
        for role, _ in ROLES:
            held = set()
            for ship in registration.fleet_version.content["ships"]:
                value = ship.get(role)
                held.update(value if isinstance(value, list) else [value] if value else [])
            counts[role].update(names.get(card, card) for card in held)
    fleets = public.count()
    return [
        (
            title,
            [
                (name, count, count / fleets)
                for name, count in sorted(counts[role].items(), key=lambda item: (-item[1], item[0]))[:TOP_ITEMS]
            ],
        )
        for role, title in ROLES
    ]


def most_played(**chosen) -> list[tuple[str, list[tuple[str, int, float]]]]:
    found = game_meta(MetaFilter(game="attack-wing", **chosen))
    return [(title, [(s.name, s.count, s.share) for s in shares]) for title, shares in found.items]


def test_the_stored_tallies_give_what_counting_the_public_lists_gives(league):
    varied_fleets(league)
    play_event(league, date(2026, 3, 5))
    play_event(league, date(2026, 3, 12), players=league["players"][1:])
    play_event(league, date(2026, 3, 19), lists_public=False)
    found = most_played()
    assert found == counted_from_the_lists()
    upgrades = dict(found)["Upgrades"]
    crew = Card.objects.get(
        source_id=league["fleets"][league["players"][0].pk].versions.get().content["ships"][0]["upgrades"][0]
    )
    # Seven public fleets: Ada, Ben and Di count once each (Ben's three ships carry it), Cy twice (the
    # card and its reprint): 1 + 1 + 2 + 1 at the first night, 1 + 2 + 1 at the second.
    assert (crew.name, 9, 9 / 7) in upgrades
    assert most_played(since=date(2026, 3, 10)) != found  # the filter reaches the card tallies


def test_a_finished_event_whose_lists_are_not_public_adds_no_card(league):
    """tournaments.access.lists_public_to_everyone: a sealed event's lists are hidden for good."""
    play_event(league, date(2026, 3, 5))
    before = most_played()
    sealed = play_event(league, date(2026, 3, 12), lists_public=False, players=league["players"][:2], rounds=1)
    assert not EventCardTally.objects.filter(event=sealed).exists()
    assert most_played() == before and before


def test_only_sealed_events_show_no_card_at_all(league):
    play_event(league, date(2026, 3, 12), lists_public=False)
    assert most_played() == []


def test_a_correction_after_the_finish_stores_the_card_tallies_again(league):
    event = play_event(league, date(2026, 3, 5))
    stored = sorted(EventCardTally.objects.filter(event=event).values_list("kind", "card", "name", "lists"))
    EventCardTally.objects.filter(event=event).update(lists=99)
    match = event.rounds.get(number=1, stage=Stage.SWISS).matches.filter(table__isnull=False).first()
    result_enter(match=match, by=league["organizer"], result=event_game(event.game).result_from_json({"winner": 2}))
    assert sorted(EventCardTally.objects.filter(event=event).values_list("kind", "card", "name", "lists")) == stored


def test_the_command_stores_the_card_tallies_and_periods_of_every_finished_event_again(league):
    varied_fleets(league)
    play_event(league, date(2026, 3, 5))
    found = most_played()
    EventCardTally.objects.all().delete()
    MetaPeriod.objects.all().delete()
    assert most_played() != found
    call_command("final_standings", stdout=StringIO())
    assert most_played() == found
    assert Event.objects.get().card_tallies.count() == EventCardTally.objects.count() > 0


@pytest.mark.slow(reason="builds the whole demo and its seasons with the real catalog")
def test_the_demo_wing_commander_nights_count_their_decks_once_their_lists_are_public(utopia_path):
    """The demo's Wing Commander nights show their lists: the tallies count them,
    each card counted once per deck (16 decks: four players with two sides at two nights)."""
    call_command("seed_demo", cards=str(utopia_path), stdout=StringIO())
    call_command("seed_seasons_demo", stdout=StringIO())
    found = game_meta(MetaFilter(game="wing-commander"))
    assert sum(share.count for share in found.factions) == 16
    [(title, cards)] = found.items
    assert title == "Cards" and cards and all(share.share == share.count / 16 for share in cards)
