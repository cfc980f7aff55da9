"""Years of finished league nights at many stores, written straight to the database for the seasons benchmark.

Playing 10,000 events through the services would take hours, so the rows the services would
leave behind are written with ``bulk_create``, a few hundred events at a time: stores and their
regulars, each regular's fleets (legal fleets of the real catalog, one a year), and finished
STAW events of ``field`` checked-in players, each with ``rounds`` rounds of confirmed games (random
pairings, the stronger player usually winning, now and then a tie). Every store has a season a
year. One seat of each event goes to a visitor from anywhere. Nine events in ten publish their
lists; the others keep them sealed, as the meta must see. Each batch of events then stores its final
standings as finishing them would (:func:`tournaments.services.final_standings.final_standings_store`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta

DAYS = 5 * 365
FIRST_DAY = date(2021, 1, 1)
REGULARS_PER_SEAT = 6  # a store's regulars: six times an event's field, so a night draws a fair share of them
TIE = 0.05
SEALED = 0.1
BATCH_EVENTS = 300


@dataclass(frozen=True, slots=True)
class World:
    events: int
    matches: int
    registrations: int
    list_entries: int  # ships in the submitted fleets
    players: int
    prefix: str


def seasons_world(
    *,
    events: int,
    stores: int,
    contents: list[dict],
    factions: list[str],
    prefix: str,
    field=10,
    rounds=3,
    seed: int = 2021,
) -> World:
    """``events`` finished events spread evenly over five years at ``stores`` stores (see the module's docstring);
    ``contents`` are fleet files to hand out and ``factions`` their declared factions."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.db import transaction

    from fleets.models import Fleet, FleetVersion
    from seasons.models import Season
    from stores.models import Store
    from tournaments.models import Event, EventStatus

    rng = random.Random(seed)
    users = get_user_model()
    unusable = make_password(None)  # nobody logs in as a generated player
    with transaction.atomic():
        organizer = users.objects.create(username=f"{prefix}-organizer")
        shops = Store.objects.bulk_create(Store(name=f"{prefix} store {n}", town="Bench") for n in range(stores))
        regulars = {}
        for shop in shops:
            regulars[shop.pk] = users.objects.bulk_create(
                users(username=f"{prefix}-{shop.pk}-{n}", first_name=f"Player {shop.pk}-{n}", password=unusable)
                for n in range(field * REGULARS_PER_SEAT)
            )
        everyone = [player for pool in regulars.values() for player in pool]
        skill = {player.pk: rng.random() for player in everyone}
        years = range(FIRST_DAY.year, FIRST_DAY.year + 5)
        picks = [rng.randrange(len(contents)) for _ in everyone for _ in years]
        fleets = Fleet.objects.bulk_create(
            Fleet(owner=player, name=f"{year} fleet", faction=factions[picks[n]], format_key="wizkids-2016")
            for n, (player, year) in enumerate((player, year) for player in everyone for year in years)
        )
        versions = FleetVersion.objects.bulk_create(
            (
                FleetVersion(fleet=fleet, number=1, content=contents[picks[n]], code=f"{n:x}", total=120, legal=True)
                for n, fleet in enumerate(fleets)
            ),
            batch_size=2000,
        )
        fleet_of = {(fleet.owner_id, fleet.name): version for fleet, version in zip(fleets, versions, strict=True)}
        seasons = Season.objects.bulk_create(
            Season(
                name=f"{shop.name} {year}",
                game="attack-wing",
                starts_on=date(year, 1, 1),
                ends_on=date(year, 12, 31),
                created_by=organizer,
            )
            for shop in shops
            for year in years
        )
        Season.stores.through.objects.bulk_create(
            Season.stores.through(season=season, store=shops[n // len(years)]) for n, season in enumerate(seasons)
        )
    nights = [
        Event(
            name=f"{prefix} league night {n}",
            game="attack-wing",
            format="wizkids-2016",
            date=FIRST_DAY + timedelta(days=n * DAYS // events),
            store=shops[n % stores],
            organizer=organizer,
            game_settings={
                "fleet_point_base": 120,
                "bye_fleet_points": 60,
                "banned_resources": "",
                "resource_rule": "table-2016",
            },
            lists_public=rng.random() >= SEALED,
            status=EventStatus.FINISHED,
        )
        for n in range(events)
    ]
    counts = [0, 0, 0]
    for start in range(0, events, BATCH_EVENTS):
        with transaction.atomic():
            written = _play(
                nights[start : start + BATCH_EVENTS], regulars, everyone, skill, fleet_of, field, rounds, rng
            )
        counts = [a + b for a, b in zip(counts, written, strict=True)]
    return World(events, counts[0], counts[1], counts[2], len(everyone), prefix)


def _play(events, regulars, everyone, skill, fleet_of, field, rounds, rng) -> tuple[int, int, int]:
    """Write ``events`` with their players, fleets and confirmed rounds; (matches, registrations, list entries)."""
    from tournaments.models import Event, Match, MatchSide, MatchStatus, Outcome, Registration, Round
    from tournaments.services.final_standings import final_standings_store

    events = Event.objects.bulk_create(events)
    registrations = []
    for event in events:
        pool = regulars[event.store_id]
        players = {p.pk: p for p in rng.sample(pool, field - 1)}  # one seat in ten for a visitor
        while len(players) < field:  # a visitor from anywhere (drawn again when the draw finds a player already in)
            visitor = rng.choice(everyone)
            players.setdefault(visitor.pk, visitor)
        registrations += [
            Registration(
                event=event,
                player=player,
                checked_in=True,
                fleet_version=fleet_of[player.pk, f"{event.date.year} fleet"],
            )
            for player in players.values()
        ]
    registrations = Registration.objects.bulk_create(registrations, batch_size=2000)
    field_of = {}
    for registration in registrations:
        field_of.setdefault(registration.event_id, []).append(registration)
    rounds_made = Round.objects.bulk_create(
        (Round(event=event, number=number) for event in events for number in range(1, rounds + 1)), batch_size=2000
    )
    tables = []
    for round_ in rounds_made:
        seated = field_of[round_.event_id][:]
        rng.shuffle(seated)
        tables += [(round_, seated[i], seated[i + 1]) for i in range(0, len(seated) - 1, 2)]
    matches = Match.objects.bulk_create(
        (
            Match(round=round_, table=n % (field // 2) + 1, status=MatchStatus.CONFIRMED)
            for n, (round_, _, _) in enumerate(tables)
        ),
        batch_size=2000,
    )
    sides = []
    for match, (round_, a, b) in zip(matches, tables, strict=True):
        roll = rng.random()
        a_wins = rng.random() < 0.5 + (skill[a.player_id] - skill[b.player_id]) / 2
        outcome_a, outcome_b = (
            (Outcome.TIE, Outcome.TIE)
            if roll < TIE
            else (Outcome.WIN, Outcome.LOSS)
            if a_wins
            else (Outcome.LOSS, Outcome.WIN)
        )
        for seat, registration, outcome in ((1, a, outcome_a), (2, b, outcome_b)):
            sides.append(
                MatchSide(
                    match=match,
                    round=round_,
                    registration=registration,
                    seat=seat,
                    outcome=outcome,
                    fleet_points=rng.randrange(0, 121),
                )
            )
    MatchSide.objects.bulk_create(sides, batch_size=2000)
    final_standings_store(events=events)  # what finishing them would store, the meta's tallies among it
    entries = sum(len(r.fleet_version.content.get("ships", [])) for r in registrations)
    return len(matches), len(registrations), entries
