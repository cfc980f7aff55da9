"""The seasons of ``make run``'s demo: a Star Trek: Attack Wing season of four finished events at the
first demo store, and a finished Wing Commander season; safe to run again.

Eight players take part (the demo players and four more made here without a password);
each STAW player flies one faction all season, built from the loaded Utopia catalog, so the
meta has factions, ships, captains and upgrades to show. Results follow a fixed order of
strength with upsets, so the table has a clear leader and ties to break. Events are played
through the same services the pages use, and finishing each updates the ratings.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction

from fleets.models import Card, Deck
from fleets.selectors.catalog import load_catalog
from fleets.selectors.checks import content_fleet
from fleets.services import fleet_create, fleet_update
from rules.attack_wing.engine import validate_fleet
from stores.models import Store
from tournaments.games import event_game
from tournaments.models import Event
from tournaments.services import (
    event_create,
    event_finish,
    event_start,
    registration_add,
    registration_check_in,
    registration_submit_fleet,
    result_enter,
    round_pair_next,
)
from tournaments.services.demo import demo_deck_event
from tournaments.services.final_standings import final_standings_store

from .models import Season
from .services import season_save

STAW = "attack-wing"
WING_COMMANDER = "wing-commander"
STAW_SEASON = "Promenade League, spring"
WING_COMMANDER_SEASON = "Tiger's Claw Cup season"
STAW_NIGHTS = (
    "Promenade League night 1",
    "Promenade League night 2",
    "Promenade League night 3",
    "Promenade League night 4",
)
WING_COMMANDER_NIGHTS = ("Tiger's Claw Cup night 1", "Tiger's Claw Cup night 2")
EXTRA_PLAYERS = (
    ("ensign-ro", "Ro Laren"),
    ("ensign-kim", "Harry Kim"),
    ("ensign-sato", "Hoshi Sato"),
    ("ensign-crusher", "Wesley Crusher"),
)
FACTIONS = ("federation", "klingon", "romulan", "dominion")


def demo(*, accounts: dict, log: Callable[[str], None] = print) -> None:
    store = Store.objects.filter(name="Promenade Games").first()
    if store is None:
        log("No demo store; no demo season.")
        return
    players = [user for name, user in sorted(accounts.items()) if name.startswith("player")] + extra_players()
    staw_season(store, accounts["organizer"], players, log)
    wing_commander_season(store, accounts["organizer"], players[:4], log)


def extra_players() -> list:
    users = []
    for username, full_name in EXTRA_PLAYERS:
        first, _, last = full_name.partition(" ")
        user, created = get_user_model().objects.get_or_create(
            username=username, defaults={"first_name": first, "last_name": last, "email": f"{username}@example.org"}
        )
        if created:
            user.set_unusable_password()
            user.save()
        users.append(user)
    return users


def first_seat_wins(match, players: list) -> int:
    """The stronger player (earlier in ``players``) wins, except at every third table, where the upset comes."""
    sides = {side.seat: side.registration.player_id for side in match.sides.all()}
    order = [p.pk for p in players]
    stronger = min(sides, key=lambda seat: order.index(sides[seat]))
    return stronger if (match.table or 0) % 3 else 3 - stronger


def faction_fleet_content(faction: str) -> dict | None:
    """A legal 2016 fleet of ``faction``: three of its cheapest named ships, each with one of its unrestricted
    captains and, where the ship has room, a crew upgrade of the faction (the engine checks each try)."""
    catalog = load_catalog()

    def of_faction(kind: str, **more):
        # A ship's restrictions are facts about it (class markers, its maneuver dial), not limits on fielding it.
        cards = Card.objects.filter(kind=kind, unique=True, **more).order_by("cost", "source_id")
        return [card for card in cards if faction in card.factions and (kind == "ship" or not card.restrictions)]

    ships, captains, crew = of_faction("ship"), of_faction("captain"), of_faction("upgrade", upgrade_type="crew")
    for start in range(max(len(ships) - 2, 0)):
        content = {
            "format": "wizkids-2016",
            "ships": [
                {
                    "ship": ship.source_id,
                    "captain": captain.source_id,
                    **({"upgrades": [crew[i].source_id]} if i < len(crew) and "crew" in ship.slots else {}),
                }
                for i, (ship, captain) in enumerate(zip(ships[start : start + 3], captains[:3], strict=False))
            ],
        }
        if len(content["ships"]) == 3:
            report = validate_fleet(content_fleet(content, catalog), catalog, "wizkids-2016", None)
            if not report.violations:
                return content
    return None


@transaction.atomic
def staw_season(store: Store, organizer, players: list, log) -> None:
    if Season.objects.filter(name=STAW_SEASON).exists():
        return
    contents = {faction: faction_fleet_content(faction) for faction in FACTIONS}
    if not all(contents.values()):
        log("No STAW card catalog is loaded; no demo STAW season.")
        return
    fleets = {}
    for i, player in enumerate(players):
        faction = FACTIONS[i % len(FACTIONS)]
        fleet = fleet_create(owner=player, name=f"League fleet: {faction.title()}", faction=faction)
        fleet_update(fleet=fleet, content=contents[faction], by=player)
        fleets[player.pk] = fleet
    first = date.today() - timedelta(days=7 * (len(STAW_NIGHTS) + 1))
    for number, name in enumerate(STAW_NIGHTS):
        event = event_create(
            organizer=organizer,
            name=name,
            game=STAW,
            format="wizkids-2016",
            date=first + timedelta(days=7 * number),
            venue=store.name,
            store=store,
            lists_public=number != len(STAW_NIGHTS) - 1,
        )
        for player in players:
            registration = registration_add(event=event, player=player, added_by=organizer)
            registration_submit_fleet(registration=registration, fleet=fleets[player.pk])
            registration_check_in(registration=registration)
        play(
            event, organizer, rounds=3, result_of=lambda match, order=players: {"winner": first_seat_wins(match, order)}
        )
        # Each night a different player has the best of it: rotate who counts as strongest.
        players = players[1:] + players[:1] if number % 2 else players
    season_save(
        by=organizer,
        stores=[store],
        name=STAW_SEASON,
        game=STAW,
        formats=[],
        region="",
        starts_on=first,
        ends_on=first + timedelta(days=7 * len(STAW_NIGHTS)),
        every_event=True,
        best_events=3,
        qualify_top=4,
        participation_points=3,
        win_points=3,
        tie_points=1,
        placing_points="10, 7, 5, 3, 2, 1",
    )
    log(f"Played the demo season {STAW_SEASON!r}: {len(STAW_NIGHTS)} finished STAW events at {store.name}.")


def play(event: Event, organizer, *, rounds: int, result_of) -> Event:
    event = event_start(event=event)
    game = event_game(event.game)
    for _ in range(rounds):
        round_ = round_pair_next(event=event, by=organizer)
        for match in round_.matches.filter(table__isnull=False).prefetch_related("sides__registration__player"):
            result_enter(match=match, by=organizer, result=game.result_from_json(result_of(match)))
    return event_finish(event=event)


def wing_commander_loser(match, players: list) -> dict:
    """Wing Commander names the side that lost: its carrier falls."""
    winner = first_seat_wins(match, players)
    loser = next(side for side in match.sides.all() if side.seat != winner)
    return {"ending": "carrier-destroyed", "side": loser.side}


@transaction.atomic
def wing_commander_season(store: Store, organizer, players: list, log) -> None:
    if Season.objects.filter(name=WING_COMMANDER_SEASON).exists():
        return
    decks = {
        p.pk: {d.content.get("side", ""): d for d in Deck.objects.filter(owner=p, game=WING_COMMANDER)} for p in players
    }
    if not all(len(d) == 2 for d in decks.values()):
        log("The demo players have no Wing Commander decks; no demo Wing Commander season.")
        return
    first = date.today() - timedelta(days=40)
    for number, name in enumerate(WING_COMMANDER_NIGHTS):
        event = demo_deck_event(
            organizer=organizer,
            name=name,
            game=WING_COMMANDER,
            format=Event.objects.filter(game=WING_COMMANDER).values_list("format", flat=True).first() or "tournament",
            date=first + timedelta(days=14 * number),
            venue=store.name,
            entries=[(p, decks[p.pk]) for p in players],
            result_of=lambda match: event_game(WING_COMMANDER).result_from_json(wing_commander_loser(match, players)),
            rounds=2,
            finish=True,
            log=log,
        )
        Event.objects.filter(pk=event.pk).update(store=store, lists_public=True)
        # Its lists became public after the finish counted them for the meta: count them again.
        final_standings_store(events=[Event.objects.get(pk=event.pk)])
    season_save(
        by=organizer,
        stores=[store],
        name=WING_COMMANDER_SEASON,
        game=WING_COMMANDER,
        formats=[],
        region="",
        starts_on=first,
        ends_on=first + timedelta(days=30),
        every_event=True,
        best_events=None,
        qualify_top=None,
        qualify_points=20,
        participation_points=3,
        win_points=3,
        tie_points=1,
        placing_points="10, 7, 5, 3",
    )
    log(f"Played the demo season {WING_COMMANDER_SEASON!r}: {len(WING_COMMANDER_NIGHTS)} finished events.")
