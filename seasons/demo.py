"""The seasons of ``make run``'s demo: one season of finished events at the first demo store for every game
that gives one (:class:`game_registry.GameSeasonDemo`); safe to run again.

Eight players take part (the demo players and four more made here without a password);
each game takes as many as its season asks, the strongest first, and says what list each
brings and what a won game is in its results. Results follow a fixed order of strength with
upsets, so the table has a clear leader and ties to break. Events are played through the same
services the pages use, and finishing each updates the ratings and the meta.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction

from game_registry import Game, season_demo_games
from stores.models import Store
from tournaments.games import event_game
from tournaments.models import Event
from tournaments.services import (
    event_create,
    event_finish,
    event_start,
    registration_add,
    registration_check_in,
    registration_submit_decks,
    registration_submit_fleet,
    result_enter,
    round_pair_next,
)

from .models import Season
from .services import season_save

EXTRA_PLAYERS = (
    ("ensign-ro", "Ro Laren"),
    ("ensign-kim", "Harry Kim"),
    ("ensign-sato", "Hoshi Sato"),
    ("ensign-crusher", "Wesley Crusher"),
)


def demo(*, accounts: dict, log: Callable[[str], None] = print) -> None:
    store = Store.objects.filter(name="Promenade Games").first()
    if store is None:
        log("No demo store; no demo season.")
        return
    players = [user for name, user in sorted(accounts.items()) if name.startswith("player")] + extra_players()
    for game in season_demo_games():
        demo_season(game, store, accounts["organizer"], players, log)


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


def winning_seat(match, players: list) -> int:
    """The stronger player (earlier in ``players``) wins, except at every third table, where the upset comes."""
    sides = {side.seat: side.registration.player_id for side in match.sides.all()}
    order = [p.pk for p in players]
    stronger = min(sides, key=lambda seat: order.index(sides[seat]))
    return stronger if (match.table or 0) % 3 else 3 - stronger


@transaction.atomic
def demo_season(game: Game, store: Store, organizer, players: list, log) -> None:
    """The game's demo season at ``store``: its nights made, entered, played and finished, then the season."""
    plan = game.season_demo
    if plan is None or Season.objects.filter(name=plan.name).exists():
        return
    players = players[: plan.players]
    lists = plan.lists(players)
    if lists is None:
        log(plan.missing)
        return
    first = date.today() - timedelta(days=plan.first_night)
    for number, name in enumerate(plan.nights):
        event = event_create(
            organizer=organizer,
            name=name,
            game=game.key,
            format=plan.format,
            date=first + timedelta(days=plan.days_between * number),
            venue=store.name,
            store=store,
            lists_public=number not in plan.hidden_nights,
        )
        for player in players:
            registration = registration_add(event=event, player=player, added_by=organizer)
            if game.lists is None:
                registration_submit_fleet(registration=registration, fleet=lists[player.pk])
            else:
                registration_submit_decks(registration=registration, decks=lists[player.pk])
            registration_check_in(registration=registration)
        play(
            event,
            organizer,
            rounds=plan.rounds,
            result_of=lambda match, order=players: plan.result(match, winning_seat(match, order)),
        )
        # Each night a different player has the best of it: rotate who counts as strongest.
        players = players[1:] + players[:1] if number % 2 else players
    season_save(
        by=organizer,
        stores=[store],
        name=plan.name,
        game=game.key,
        formats=[],
        region="",
        starts_on=first,
        ends_on=first + timedelta(days=plan.season_days),
        every_event=True,
        **plan.standings,
    )
    log(f"Played the demo season {plan.name!r}: {len(plan.nights)} finished {game.name} events at {store.name}.")


def play(event: Event, organizer, *, rounds: int, result_of) -> Event:
    event = event_start(event=event)
    game = event_game(event.game)
    for _ in range(rounds):
        round_ = round_pair_next(event=event, by=organizer)
        for match in round_.matches.filter(table__isnull=False).prefetch_related("sides__registration__player"):
            result_enter(match=match, by=organizer, result=game.result_from_json(result_of(match)))
    return event_finish(event=event)
