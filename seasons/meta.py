"""The meta: what the field of a game played, and how each faction did, from public lists only.

A list counts only where :func:`seasons.access.list_shown` says the public may see it (the
event's own rule), so a list hidden at its event never shows here. A STAW fleet counts as
its declared faction and its ships, captains and upgrades; a deck counts as its side and
its cards; each card counts once per list that holds it (its play rate). A game counts for
a win rate when both its lists are public; the faction at the table is the side played
where the game has sides (Wing Commander), else the list's faction. The maths are
:mod:`rules.meta`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date

from fleets.models import Card
from game_registry import get_game
from rules import meta as meta_rules
from tournaments.models import Event, EventStatus, MatchSide, MatchStatus, Registration

from .access import list_shown

TOP_ITEMS = 10
STAW_ROLES = (("ship", "Ships"), ("captain", "Captains"), ("upgrades", "Upgrades"))


@dataclass(frozen=True, slots=True)
class MetaFilter:
    game: str
    format: str = ""
    stores: tuple[int, ...] = ()
    since: date | None = None
    until: date | None = None


@dataclass(frozen=True, slots=True)
class Meta:
    filter: MetaFilter
    events: int
    lists: int
    factions: list[meta_rules.Share]
    win_rates: list[meta_rules.WinRate]
    items: list[tuple[str, list[meta_rules.Share]]] = field(default_factory=list)


def meta_events(chosen: MetaFilter):
    events = Event.objects.filter(game=chosen.game, status=EventStatus.FINISHED)
    if chosen.format:
        events = events.filter(format=chosen.format)
    if chosen.stores:
        events = events.filter(store__in=chosen.stores)
    if chosen.since:
        events = events.filter(date__gte=chosen.since)
    if chosen.until:
        events = events.filter(date__lte=chosen.until)
    return events


def game_meta(chosen: MetaFilter) -> Meta:
    events = meta_events(chosen)
    registrations = [
        r
        for r in Registration.objects.filter(event__in=events)
        .select_related("event", "fleet_version__fleet")
        .prefetch_related("decks")
        if list_shown(r)
    ]
    factions = {r.pk: list_factions(r) for r in registrations}
    items = staw_items(registrations) if any(r.fleet_version_id for r in registrations) else deck_items(registrations)
    return Meta(
        filter=chosen,
        events=events.count(),
        lists=len(registrations),
        factions=meta_rules.faction_share(f for fs in factions.values() for f in fs),
        win_rates=meta_rules.faction_win_rates(faction_games(events, factions)),
        items=items,
    )


def list_factions(registration: Registration) -> list[str]:
    """The faction of a fleet, or the side of each deck."""
    if registration.fleet_version_id:
        return [registration.fleet_version.fleet.faction]
    kind = get_game(registration.event.game).lists
    side_key = kind.side_key if kind is not None else "side"
    return [str(deck.content.get(side_key, "")) or deck.slot for deck in registration.decks.all()]


def faction_games(events, factions: dict[int, list[str]]) -> list[meta_rules.FactionGame]:
    """The confirmed games both of whose lists are public, as faction against faction."""
    tables = defaultdict(list)
    seats = (
        MatchSide.objects.filter(round__event__in=events, match__status=MatchStatus.CONFIRMED)
        .order_by("match_id", "seat")
        .values_list("match_id", "registration_id", "side", "outcome")
    )
    for match_id, registration_id, side, outcome in seats:
        tables[match_id].append((registration_id, side, outcome))
    games = []
    for sides in tables.values():
        if len(sides) != 2 or not all(registration in factions for registration, _, _ in sides):
            continue
        (ra, side_a, outcome_a), (rb, side_b, _) = sides
        a = side_a or (factions[ra][0] if len(factions[ra]) == 1 else "")
        b = side_b or (factions[rb][0] if len(factions[rb]) == 1 else "")
        if a and b and outcome_a in ("win", "loss", "tie"):
            winner = {"win": "a", "loss": "b", "tie": None}[outcome_a]
            games.append(meta_rules.FactionGame(a, b, winner))
    return games


def staw_items(registrations: list[Registration]) -> list[tuple[str, list[meta_rules.Share]]]:
    """The most played ships, captains and upgrades (each counted once per fleet that holds it)."""
    ids = {role: [] for role, _ in STAW_ROLES}
    for registration in registrations:
        if not registration.fleet_version_id:
            continue
        held = defaultdict(set)
        for ship in registration.fleet_version.content.get("ships", []):
            for role, _ in STAW_ROLES:
                value = ship.get(role)
                held[role].update(value if isinstance(value, list) else [value] if value else [])
        for role, cards in held.items():
            ids[role].extend(cards)
    every_id = {card for cards in ids.values() for card in cards}
    names = dict(Card.objects.filter(source_id__in=every_id).values_list("source_id", "name"))
    fleets = sum(1 for r in registrations if r.fleet_version_id) or 1
    return [
        (title, rescale(meta_rules.shares((names.get(c, c) for c in ids[role]), limit=TOP_ITEMS), fleets))
        for role, title in STAW_ROLES
    ]


def deck_items(registrations: list[Registration]) -> list[tuple[str, list[meta_rules.Share]]]:
    """The most played cards of the decks (each counted once per deck that holds it)."""
    held, decks = [], 0
    for registration in registrations:
        kind = get_game(registration.event.game).lists
        lines_key = kind.lines_key if kind is not None else "cards"
        for deck in registration.decks.all():
            decks += 1
            held.extend({line.get("name", "") for line in deck.content.get(lines_key, []) if line.get("name")})
    return [("Cards", rescale(meta_rules.shares(held, limit=TOP_ITEMS), decks or 1))] if decks else []


def rescale(found: list[meta_rules.Share], lists: int) -> list[meta_rules.Share]:
    """Shares of the lists holding each card (a play rate), rather than of all cards counted."""
    return [meta_rules.Share(share.name, share.count, share.count / lists) for share in found]
