"""The meta: what the field of a game played, and how each faction did, from public lists only.

A list counts only where :func:`tournaments.access.lists_public_to_everyone` says the public may
see it (the event's own rule, as a query), so a list hidden at its event never shows here. A fleet counts as
its declared faction and the cards its game's ``card_roles`` name (each ship, its captain, its upgrades);
a deck counts as its side and its cards; each card counts once per list that holds it (its play rate). A game counts for
a win rate when both its lists are public; the faction at the table is the side played
where the game has sides (a deck game's ``side_key``), else the list's faction. The maths are
:mod:`rules.tournament.meta`. The lists, games and cards of each finished event are counted once, when its final
standings are stored (:class:`seasons.models.EventFactionTally`, :class:`seasons.models.EventCardTally`),
and added up then over its month and year (:class:`seasons.models.MetaPeriod`); the page adds up
the periods the chosen dates cover whole and the tallies of the events on the days left over.
"""

from __future__ import annotations

import operator
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date
from functools import reduce

from django.db.models import Q, QuerySet, Sum

from fleets.models import Card, FleetVersion
from game_registry import get_game
from rules.tournament import meta as meta_rules
from tournaments.access import lists_public_to_everyone
from tournaments.games import FleetGame
from tournaments.models import Event, EventStatus, MatchSide, MatchStatus, Registration, SubmittedDeck

from .models import EventCardTally, EventFactionTally, MetaPeriod, PeriodCardTally, PeriodFactionTally

TOP_ITEMS = 10
DECK_CARDS = "cards"
DECK_KINDS = ((DECK_CARDS, "Cards"),)


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
    """The meta in a fixed number of queries however many events: the faction and card tallies stored
    as each event finished (:func:`event_faction_tallies`, :func:`event_card_tallies`), added up in the
    database over whole months and years (:class:`seasons.models.MetaPeriod`) and event by event for
    the rest (:func:`meta_sources`)."""
    events, periods = meta_sources(chosen)
    counted = periods.aggregate(events=Sum("events", default=0), lists=Sum("lists", default=0))
    shown = lists_public_to_everyone(Registration.objects.filter(event__in=events))
    lists, won = Counter(), {}
    for tallies in (
        EventFactionTally.objects.filter(event__in=events),
        PeriodFactionTally.objects.filter(period__in=periods),
    ):
        for faction, listed, games, wins, ties in faction_sums(tallies):
            lists[faction] += listed
            before = won.get(faction, meta_rules.FactionTally())
            won[faction] = meta_rules.FactionTally(before.games + games, before.wins + wins, before.ties + ties)
    return Meta(
        filter=chosen,
        events=events.count() + counted["events"],
        lists=shown.count() + counted["lists"],
        factions=meta_rules.counted_shares({faction: count for faction, count in lists.items() if count}),
        win_rates=meta_rules.win_rates(won),
        items=most_played(chosen.game, events, periods, sum(lists.values())),
    )


def faction_sums(tallies: QuerySet) -> QuerySet:
    """Event or period faction tallies added up by faction: ``(faction, lists, games, wins, ties)``."""
    return tallies.values_list("faction").annotate(Sum("lists"), Sum("games"), Sum("wins"), Sum("ties")).order_by()


def card_sums(tallies: QuerySet) -> QuerySet:
    """Event or period card tallies added up by kind and name shown: ``(kind, name, lists)``."""
    return tallies.values_list("kind", "name").annotate(Sum("lists")).order_by()


def meta_sources(chosen: MetaFilter) -> tuple[QuerySet[Event], QuerySet[MetaPeriod]]:
    """Where the tallies of the chosen events are read: the whole months and years of the period from
    the periods that add them up, the days left at its ends event by event
    (:func:`rules.tournament.meta.calendar_cover`). A choice of stores reads its events one by one: periods add
    up every store."""
    events = meta_events(chosen)
    if chosen.stores:
        return events, MetaPeriod.objects.none()
    cover = meta_rules.calendar_cover(chosen.since, chosen.until)
    whole = [Q(span=MetaPeriod.MONTH) & within("start", piece) for piece in cover.months]
    if cover.years:
        whole.append(Q(span=MetaPeriod.YEAR) & within("start", cover.years))
    periods = (
        MetaPeriod.objects.filter(game=chosen.game, format=chosen.format)
        if chosen.format
        else MetaPeriod.objects.filter(game=chosen.game)
    )
    return events.filter(any_of(within("date", piece) for piece in cover.days)), periods.filter(any_of(whole))


def within(name: str, piece: tuple[date | None, date | None]) -> Q:
    """``name`` in the half-open range ``[start, end)`` (either end open when ``None``)."""
    start, end = piece
    return Q(**{f"{name}__gte": start} if start else {}) & Q(**{f"{name}__lt": end} if end else {})


def any_of(conditions) -> Q:
    """Any of ``conditions``; none at all matches nothing (where an empty ``Q()`` would match everything)."""
    return reduce(operator.or_, conditions, Q(pk__in=[]))


def most_played(
    game: str, events: QuerySet[Event], periods: QuerySet[MetaPeriod], held_by: int
) -> list[tuple[str, list[meta_rules.Share]]]:
    """The most played cards of each kind (of :func:`card_kinds`) at ``events`` and in ``periods``, as
    shares of the ``held_by`` lists that could hold them (a fleet, or each deck: what the faction
    tallies count). Cards are counted by the name shown: reprints count as one."""
    if not held_by:
        return []
    counts = defaultdict(Counter)
    for tallies in (
        EventCardTally.objects.filter(event__in=events),
        PeriodCardTally.objects.filter(period__in=periods),
    ):
        for kind, name, count in card_sums(tallies):
            counts[kind][name] += count
    return [
        (title, rescale(meta_rules.counted_shares(counts[kind], limit=TOP_ITEMS), held_by))
        for kind, title in card_kinds(game)
    ]


def card_kinds(game: str) -> tuple[tuple[str, str], ...]:
    """The kinds of card the meta ranks for ``game`` (stored as :attr:`EventCardTally.kind`) and their titles."""
    return DECK_KINDS if get_game(game).lists is not None else fleet_card_roles(game)


def fleet_card_roles(game: str) -> tuple[tuple[str, str], ...]:
    """The roles of the cards in a fleet of ``game`` the meta tallies (its events' ``card_roles``); none for decks."""
    events = get_game(game).events
    return events.card_roles if isinstance(events, FleetGame) else ()


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


def event_card_tallies(events: list[Event]) -> list[EventCardTally]:
    """How many public lists at each of ``events`` hold each card (not yet saved), in a fixed number of
    queries however many events: what :func:`most_played` adds up. A fleet counts each card of
    its game's roles (:func:`fleet_card_roles`) once however many of its ships carry it (each fleet version read
    once); a deck counts each card once however many copies it holds."""
    shown = lists_public_to_everyone(Registration.objects.filter(event__in=events))
    played, held = defaultdict(Counter), defaultdict(lambda: defaultdict(Counter))
    for game in {event.game for event in events}:
        lines_key = card_lines_key(game)
        for entry in public_lists(game, shown.filter(event__game=game)):
            if entry.fleet_version_id:
                played[entry.event_id][entry.fleet_version_id] += 1
            for content in entry.decks:
                held[entry.event_id][DECK_CARDS].update(
                    {line.get("name", "") for line in content.get(lines_key, []) if line.get("name")}
                )
    versions = FleetVersion.objects.filter(pk__in={pk for counts in played.values() for pk in counts})
    contents = dict(versions.values_list("pk", "content"))
    roles = {event.pk: fleet_card_roles(event.game) for event in events}
    for event_id, counts in played.items():
        for version_id, times in counts.items():
            for role, cards in cards_of_fleet(contents[version_id], roles[event_id]).items():
                for card in cards:
                    held[event_id][role][card] += times
    every_id = {card for event_id, kinds in held.items() for role, _ in roles[event_id] for card in kinds[role]}
    names = dict(Card.objects.filter(source_id__in=every_id).values_list("source_id", "name"))
    return [
        EventCardTally(
            event=event,
            kind=kind,
            card=card,
            name=card if kind == DECK_CARDS else names.get(card, card),
            lists=count,
        )
        for event in events
        for kind, cards in sorted(held[event.pk].items())
        for card, count in sorted(cards.items())
    ]


def cards_of_fleet(content: dict, roles: tuple[tuple[str, str], ...]) -> dict[str, set[str]]:
    """The card ids a fleet's ships hold in each of ``roles`` (the catalog id: reprints share only a name)."""
    held = defaultdict(set)
    for ship in content.get("ships", []):
        for role, _ in roles:
            value = ship.get(role)
            held[role].update(value if isinstance(value, list) else [value] if value else [])
    return held


def card_lines_key(game: str) -> str:
    kind = get_game(game).lists
    return kind.lines_key if kind is not None else "cards"


def rescale(found: list[meta_rules.Share], lists: int) -> list[meta_rules.Share]:
    """Shares of the lists holding each card (a play rate), rather than of all cards counted."""
    return [meta_rules.Share(share.name, share.count, share.count / lists) for share in found]
