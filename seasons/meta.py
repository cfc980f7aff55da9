"""The meta: what the field of a game played, and how each faction did, from public lists only.

A list counts only where :func:`tournaments.access.lists_public_to_everyone` says the public may
see it (the event's own rule, as a query), so a list hidden at its event never shows here. A STAW fleet counts as
its declared faction and its ships, captains and upgrades; a deck counts as its side and
its cards; each card counts once per list that holds it (its play rate). A game counts for
a win rate when both its lists are public; the faction at the table is the side played
where the game has sides (Wing Commander), else the list's faction. The maths are
:mod:`rules.meta`. The lists and games of each finished event are counted once, when its final
standings are stored (:class:`seasons.models.EventFactionTally`); the page adds those tallies up.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date

from django.db.models import Count, Sum

from fleets.models import Card, FleetVersion
from game_registry import get_game
from rules import meta as meta_rules
from tournaments.access import lists_public_to_everyone
from tournaments.models import Event, EventStatus, MatchSide, MatchStatus, Registration, SubmittedDeck

from .models import EventFactionTally

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


@dataclass(frozen=True, slots=True)
class PublicList:
    """A public list as the meta reads it: plain values, never model objects (an event's tallies
    and a deck game's cards read many lists)."""

    registration_id: int
    event_id: int
    fleet_version_id: int | None
    factions: list[str]  # the fleet's faction, or the side of each deck
    decks: list[dict]  # each deck's content, for deck games


def game_meta(chosen: MetaFilter) -> Meta:
    """The meta in a fixed number of queries however many events: the events' faction tallies added up
    in the database (stored as each event finished, :func:`event_faction_tallies`), the number of
    public lists, how often each fleet version was played and its contents (each version read once);
    for deck games, their public decks."""
    events = meta_events(chosen)
    shown = lists_public_to_everyone(Registration.objects.filter(event__in=events))
    tallies = (
        EventFactionTally.objects.filter(event__in=events)
        .values_list("faction")
        .annotate(Sum("lists"), Sum("games"), Sum("wins"), Sum("ties"))
        .order_by("faction")
    )
    lists, won = {}, {}
    for faction, listed, games, wins, ties in tallies:
        lists[faction] = listed
        won[faction] = meta_rules.FactionTally(games, wins, ties)
    played = Counter(dict(shown.exclude(fleet_version=None).values_list("fleet_version_id").annotate(Count("pk"))))
    return Meta(
        filter=chosen,
        events=events.count(),
        lists=shown.count(),
        factions=meta_rules.counted_shares({faction: count for faction, count in lists.items() if count}),
        win_rates=meta_rules.win_rates(won),
        items=staw_items(played, shown) if played else deck_items(chosen.game, public_lists(chosen.game, shown)),
    )


def event_faction_tallies(events: list[Event]) -> list[EventFactionTally]:
    """Each faction's tally at each of ``events`` from their public lists (not yet saved), in a fixed
    number of queries however many events: what :func:`game_meta` adds up."""
    shown = lists_public_to_everyone(Registration.objects.filter(event__in=events))
    factions, listed = {}, defaultdict(Counter)
    for game in {event.game for event in events}:
        for entry in public_lists(game, shown.filter(event__game=game)):
            factions[entry.registration_id] = entry.factions
            listed[entry.event_id].update(entry.factions)
    games = faction_games(events, factions)
    tallies = []
    for event in events:
        won = meta_rules.faction_tallies(games[event.pk])
        for faction in sorted(set(listed[event.pk]) | set(won)):
            tally = won.get(faction, meta_rules.FactionTally())
            tallies.append(
                EventFactionTally(
                    event=event,
                    faction=faction,
                    lists=listed[event.pk][faction],
                    games=tally.games,
                    wins=tally.wins,
                    ties=tally.ties,
                )
            )
    return tallies


def public_lists(game: str, shown) -> list[PublicList]:
    """The lists of the ``shown`` registrations (those anyone may see) with their factions and decks."""
    decks = defaultdict(list)
    kind = get_game(game).lists
    side_key = kind.side_key if kind is not None else "side"
    for registration_id, slot, content in SubmittedDeck.objects.filter(registration__in=shown).values_list(
        "registration_id", "slot", "content"
    ):
        decks[registration_id].append((slot, content))
    return [
        PublicList(
            registration_id=pk,
            event_id=event_id,
            fleet_version_id=version_id,
            factions=[faction] if version_id else [str(c.get(side_key, "")) or slot for slot, c in decks[pk]],
            decks=[content for _, content in decks[pk]],
        )
        for pk, event_id, version_id, faction in shown.order_by("pk").values_list(
            "pk", "event_id", "fleet_version_id", "fleet_version__fleet__faction"
        )
    ]


def faction_games(events, factions: dict[int, list[str]]) -> dict[int, list[meta_rules.FactionGame]]:
    """The confirmed games of each of ``events`` both of whose lists are public, as faction against
    faction, by event id."""
    tables = defaultdict(list)
    seats = (
        MatchSide.objects.filter(round__event__in=events, match__status=MatchStatus.CONFIRMED)
        .order_by("match_id", "seat")
        .values_list("round__event_id", "match_id", "registration_id", "side", "outcome")
    )
    for event_id, match_id, registration_id, side, outcome in seats:
        tables[event_id, match_id].append((registration_id, side, outcome))
    games = defaultdict(list)
    for (event_id, _), sides in tables.items():
        if len(sides) != 2 or not all(registration in factions for registration, _, _ in sides):
            continue
        (ra, side_a, outcome_a), (rb, side_b, _) = sides
        a = side_a or (factions[ra][0] if len(factions[ra]) == 1 else "")
        b = side_b or (factions[rb][0] if len(factions[rb]) == 1 else "")
        if a and b and outcome_a in ("win", "loss", "tie"):
            winner = {"win": "a", "loss": "b", "tie": None}[outcome_a]
            games[event_id].append(meta_rules.FactionGame(a, b, winner))
    return games


def staw_items(played: Counter, shown) -> list[tuple[str, list[meta_rules.Share]]]:
    """The most played ships, captains and upgrades (each counted once per fleet that holds it); a
    version played at many events (``played``: times by version id) is read once and counted as often
    as it was played."""
    ids = {role: Counter() for role, _ in STAW_ROLES}
    versions = FleetVersion.objects.filter(pk__in=shown.values("fleet_version_id"))
    for version_id, content in versions.values_list("pk", "content"):
        held = defaultdict(set)
        for ship in content.get("ships", []):
            for role, _ in STAW_ROLES:
                value = ship.get(role)
                held[role].update(value if isinstance(value, list) else [value] if value else [])
        for role, cards in held.items():
            for card in cards:
                ids[role][card] += played[version_id]
    every_id = {card for cards in ids.values() for card in cards}
    names = dict(Card.objects.filter(source_id__in=every_id).values_list("source_id", "name"))
    fleets = sum(played.values()) or 1
    return [
        (title, rescale(meta_rules.counted_shares(named(ids[role], names), limit=TOP_ITEMS), fleets))
        for role, title in STAW_ROLES
    ]


def named(counts: Counter, names: dict[str, str]) -> Counter:
    """The counts by card name (the id where the catalog no longer has the card; reprints share a name)."""
    by_name = Counter()
    for card, count in counts.items():
        by_name[names.get(card, card)] += count
    return by_name


def deck_items(game: str, lists: list[PublicList]) -> list[tuple[str, list[meta_rules.Share]]]:
    """The most played cards of the decks (each counted once per deck that holds it)."""
    kind = get_game(game).lists
    lines_key = kind.lines_key if kind is not None else "cards"
    held, decks = [], 0
    for entry in lists:
        for content in entry.decks:
            decks += 1
            held.extend({line.get("name", "") for line in content.get(lines_key, []) if line.get("name")})
    return [("Cards", rescale(meta_rules.shares(held, limit=TOP_ITEMS), decks or 1))] if decks else []


def rescale(found: list[meta_rules.Share], lists: int) -> list[meta_rules.Share]:
    """Shares of the lists holding each card (a play rate), rather than of all cards counted."""
    return [meta_rules.Share(share.name, share.count, share.count / lists) for share in found]
