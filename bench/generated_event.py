"""A large running event, built fast: bulk inserts for the field, the real services for the rounds.

Entering hundreds of players one service call at a time (account, fleet,
version, registration, check-in) takes minutes; none of it is what the
benchmarks or the query-count tests measure. So accounts, fleets, their
versions and the checked-in registrations are inserted in bulk, with the fields
the fleets services would store (the engine's total and verdict, the
verification code). From there on everything goes through the services: the
event is started (fleets locked) and every round is paired by
:func:`tournaments.services.round_pair_next`; each round's results are then
confirmed in bulk (a seeded draw: mostly decisive games, some ties, fleet points
in the range real games give).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Group, User
from django.db import transaction
from django.utils import timezone

from accounts.roles import ORGANIZER, PLAYER
from fleets.codes import verification_code
from fleets.models import Fleet, FleetVersion, JudgedPrice
from fleets.selectors import catalog_edition, content_fleet, load_catalog
from games.attack_wing import KEY as ATTACK_WING
from rules.attack_wing import canonical_json, fleet_to_dict, report_to_dict, validate_fleet
from tournaments.models import Event, Match, MatchSide, MatchStatus, Outcome, Registration, Round
from tournaments.services import event_create, event_start, round_pair_next

TIE_CHANCE = 0.1


def generated_event(
    *,
    players: int,
    rounds: int,
    contents: Sequence[dict],
    prefix: str = "player",
    password: str | None = None,
    seed: int = 1,
) -> Event:
    """A running STAW event: ``players`` checked-in players and ``rounds`` Swiss rounds played to the end.

    Player ``i`` is ``<prefix><i:04d>`` (from 1) and submits a fleet holding
    ``contents[i % len(contents)]`` (fleet files of the catalog in the database).
    Every account, the organizer ``<prefix>-organizer`` included, gets
    ``password`` (hashed once, so a slow production hasher costs one hash), or
    none that can log in.
    """
    rng = random.Random(seed)
    password_hash = make_password(password)
    with transaction.atomic():
        organizer = User.objects.create(username=f"{prefix}-organizer", password=password_hash)
        organizer.groups.add(Group.objects.get_or_create(name=ORGANIZER)[0])
        event = event_create(
            organizer=organizer,
            name=f"Generated open, {players} players",
            game=ATTACK_WING,
            format="wizkids-2016",
            date=timezone.localdate(),
            venue="Benchmark hall",
            planned_rounds=rounds or None,
        )
        accounts = User.objects.bulk_create(
            User(username=f"{prefix}{i:04d}", email=f"{prefix}{i:04d}@example.org", password=password_hash)
            for i in range(1, players + 1)
        )
        role = Group.objects.get_or_create(name=PLAYER)[0]
        User.groups.through.objects.bulk_create(User.groups.through(user=user, group=role) for user in accounts)
        versions = _submitted_versions(accounts, contents)
        now = timezone.now()
        Registration.objects.bulk_create(
            Registration(event=event, player=user, checked_in=True, fleet_version=version, fleet_submitted_at=now)
            for user, version in zip(accounts, versions, strict=True)
        )
        event = event_start(event=event)
    for _ in range(rounds):
        with transaction.atomic():
            _confirm_all(round_pair_next(event=event, by=organizer), event, rng)
    return event


def _submitted_versions(accounts: list[User], contents: Sequence[dict]) -> list[FleetVersion]:
    """One fleet with one version per account, stored as :func:`fleets.services.fleet_update` stores it,
    each with the price it was judged at as :func:`fleets.services.fleet_submission_version` keeps it."""
    catalog, edition = load_catalog(), catalog_edition()
    stored, judged = [], []
    for content in contents:
        engine_fleet = content_fleet(content, catalog)
        report = validate_fleet(engine_fleet, catalog, content["format"])
        judged.append(report_to_dict(report))
        faction = catalog.get(engine_fleet.ships[0].ship).factions[:1]
        stored.append(
            {
                "content": fleet_to_dict(engine_fleet, content["format"]),
                "code": verification_code(canonical_json(engine_fleet, content["format"])),
                "total": report.total,
                "legal": report.legal,
                "faction": faction[0] if faction else "",
            }
        )
    fleets = Fleet.objects.bulk_create(
        Fleet(
            owner=user,
            name=f"Fleet of {user.username}",
            faction=stored[i % len(stored)]["faction"],
            format_key=stored[i % len(stored)]["content"]["format"],
        )
        for i, user in enumerate(accounts)
    )
    versions = FleetVersion.objects.bulk_create(
        FleetVersion(
            fleet=fleet,
            number=1,
            created_by=fleet.owner,
            **{key: value for key, value in stored[i % len(stored)].items() if key != "faction"},
        )
        for i, fleet in enumerate(fleets)
    )
    JudgedPrice.objects.bulk_create(
        JudgedPrice(version=version, report=judged[i % len(judged)], edition=edition)
        for i, version in enumerate(versions)
    )
    return versions


def _confirm_all(round_: Round, event: Event, rng: random.Random) -> None:
    """Every table of the round gets a confirmed result (byes are confirmed when paired)."""
    sides = list(MatchSide.objects.filter(round=round_, match__table__isnull=False).order_by("match_id", "seat"))
    for first, second in zip(sides[::2], sides[1::2], strict=True):
        if rng.random() < TIE_CHANCE:
            first.outcome = second.outcome = Outcome.TIE
            first.fleet_points, second.fleet_points = rng.randint(0, 60), rng.randint(0, 60)
        else:
            winner, loser = (first, second) if rng.random() < 0.5 else (second, first)
            winner.outcome, loser.outcome = Outcome.WIN, Outcome.LOSS
            winner.fleet_points = rng.randint(60, event.game_settings["fleet_point_base"])
            loser.fleet_points = rng.randint(0, 60)
    MatchSide.objects.bulk_update(sides, ["outcome", "fleet_points"], batch_size=500)
    Match.objects.filter(round=round_).update(status=MatchStatus.CONFIRMED)
