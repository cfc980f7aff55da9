"""Reads for the fleets app.

Catalog reads come first: :func:`load_catalog` hands the engine the whole card
catalog as its own records, and the search functions serve the fleet builder.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

from django.conf import settings
from django.db.models import Case, Count, Max, OuterRef, Prefetch, Q, QuerySet, Subquery, Value, When

from rules.attack_wing import (
    DEFAULT_FORMAT,
    FORMATS,
    CatalogFormatError,
    FleetFileError,
    FleetShip,
    Format,
    Report,
    Violation,
    interchange,
    parse_fleet,
    read_catalog,
    validate_fleet,
)
from rules.attack_wing import Fleet as EngineFleet
from rules.attack_wing import catalog as records
from rules.attack_wing.catalog import RESOURCE, Catalog
from rules.attack_wing.fleet import ResourceOption
from rules.attack_wing.index import index_for
from rules.attack_wing.sources import detect_source
from rules.bounded_read import read_at_most

from .access import FleetAccess, fleet_submissions
from .models.catalog import CARD_RECORD_FIELDS, SET_RECORD_FIELDS, Card, CardSet, card_record, json_list_has, set_record
from .models.fleet import Fleet, FleetVersion

MAX_SEARCH_RESULTS = 100
CARD_FILE_MAX_BYTES = 20 * 1024 * 1024  # a reference card database (the real ones are about 1.2 MB)

# (catalog version, catalog) of the last load in this process; see load_catalog.
_loaded: tuple[tuple, Catalog] | None = None


def load_catalog() -> Catalog:
    """The whole catalog as :class:`rules.attack_wing.catalog.Catalog`, as the engine reads it.

    Loaded once per process and kept; every call asks the database for the
    catalog's version (row counts and latest change of cards and sets, one
    cheap aggregate each) and reloads when it moved, so an import, from this
    process or another, is seen by the next call. The caller gets its own dicts
    (changing them cannot spoil the kept copy) but shares ``lookup_cache``, so
    the engine derives its per-catalog lookups once per version, not per call.
    """
    global _loaded
    version = _catalog_version()
    if _loaded is None or _loaded[0] != version:
        _loaded = (version, _read_catalog())
    catalog = _loaded[1]
    return replace(catalog, cards=dict(catalog.cards), sets=dict(catalog.sets), aliases=dict(catalog.aliases))


def _catalog_version() -> tuple:
    cards = Card.objects.aggregate(count=Count("pk"), updated=Max("updated"))
    sets = CardSet.objects.aggregate(count=Count("pk"), updated=Max("updated"))
    return cards["count"], cards["updated"], sets["count"], sets["updated"]


def _read_catalog() -> Catalog:
    catalog = Catalog()
    for source_id, *values in CardSet.objects.order_by().values_list("source_id", *SET_RECORD_FIELDS):
        catalog.sets[source_id] = set_record(source_id, values)
    for source_id, alias_ids, *values in Card.objects.order_by().values_list(
        "source_id", "alias_ids", *CARD_RECORD_FIELDS
    ):
        catalog.cards[source_id] = card_record(source_id, values)
        catalog.aliases.update(dict.fromkeys(alias_ids, source_id))
    return catalog


def _matching_cards(*, query: str, kind: str | None, faction: str | None, upgrade_type: str | None) -> QuerySet[Card]:
    cards = Card.objects.all()
    if query:
        cards = cards.filter(Q(name__icontains=query) | Q(ship_class__icontains=query) | Q(source_id__iexact=query))
    if kind:
        cards = cards.filter(kind=kind)
    if faction:
        cards = cards.filter(json_list_has("factions", faction))
    if upgrade_type:
        cards = cards.filter(upgrade_type=upgrade_type)
    return cards


def card_search(
    *,
    query: str,
    kind: str | None = None,
    faction: str | None = None,
    upgrade_type: str | None = None,
    first_faction: str | None = None,
    limit: int = 20,
) -> list[Card]:
    """Cards whose name or ship class contains ``query`` (or whose source id is ``query``).

    Cards of ``first_faction`` (the fleet's declared faction) come first, then, in each group,
    names starting with ``query``.

    ``kind`` (``"ship"``, ``"captain"``, …), ``faction`` (a faction key such as
    ``"federation"``) and ``upgrade_type`` (``"crew"``, ``"tech"``, …) narrow the
    search; an empty ``query`` lists everything they allow. At most
    ``MAX_SEARCH_RESULTS`` cards come back, whatever ``limit`` asks.
    """
    query = query.strip()
    cards = _matching_cards(query=query, kind=kind, faction=faction, upgrade_type=upgrade_type)
    ours = (
        Case(When(json_list_has("factions", first_faction), then=Value(0)), default=Value(1))
        if first_faction
        else Value(0)
    )
    first = Case(When(name__istartswith=query, then=Value(0)), default=Value(1)) if query else Value(0)
    cards = cards.annotate(ours=ours, rank=first).order_by("ours", "rank", "name", "cost", "source_id")
    return list(cards[: max(0, min(limit, MAX_SEARCH_RESULTS))])


@dataclass(frozen=True, slots=True)
class CardMatches:
    """The cards a search shows and how many match in all, so a page can say when it cut the list."""

    cards: list[Card]
    total: int


def card_matches(
    *,
    query: str,
    kind: str | None = None,
    faction: str | None = None,
    upgrade_type: str | None = None,
    first_faction: str | None = None,
    limit: int = 20,
) -> CardMatches:
    """:func:`card_search`, and how many cards match: counted only when the list is full (one more query)."""
    cards = card_search(
        query=query, kind=kind, faction=faction, upgrade_type=upgrade_type, first_faction=first_faction, limit=limit
    )
    if len(cards) < min(limit, MAX_SEARCH_RESULTS):
        return CardMatches(cards, len(cards))
    matching = _matching_cards(query=query.strip(), kind=kind, faction=faction, upgrade_type=upgrade_type)
    return CardMatches(cards, matching.count())


def catalog_factions() -> list[str]:
    """Every faction key some card carries, sorted: the choices of a faction filter."""
    return sorted({faction for card in load_catalog().cards.values() for faction in card.factions})


# --- Fleets --------------------------------------------------------------------------------------

UPGRADE_TYPE_LABELS = {
    "crew": "Crew",
    "tech": "Tech",
    "weapon": "Weapon",
    "talent": "Elite Talent",
    "borg": "Borg",
    "squadron": "Squadron",
}


FLEET_FILE_KEYS = frozenset({"format", "date", "resources", "ships"})


def faction_label(key: str) -> str:
    """``"mirror-universe"`` -> ``"Mirror Universe"``: how a faction key reads on a page or sheet."""
    return key.replace("-", " ").replace("_", " ").title()


def faction_choices() -> list[tuple[str, str]]:
    return [(key, faction_label(key)) for key in catalog_factions()]


def content_fleet(content: dict, catalog: Catalog) -> EngineFleet:
    """The engine's fleet from a stored fleet-file dict; anything unreadable raises ``FleetFileError``.

    A fleet file needs ships, but a fleet being built may have none yet (or
    none left): such content is read here, as strictly (its keys, its
    resources' ids and kinds); everything else goes to the engine's reader.
    """
    if content.get("ships"):
        return parse_fleet(content, catalog)[0]
    unknown = sorted(set(content) - FLEET_FILE_KEYS)
    if unknown or content.get("ships", []) != []:
        raise FleetFileError(f"unknown key(s) {', '.join(unknown)}" if unknown else "'ships' must be a list")
    resources = content.get("resources", [])
    if not isinstance(resources, list):
        raise FleetFileError("resources must be a list of card ids")
    ids, options = [], []
    for entry in resources:  # a card id, or an object carrying the choices the resource asks for
        card_id = entry.get("id") if isinstance(entry, dict) else entry
        card = catalog.get(card_id) if isinstance(card_id, str) else None
        if card is None or card.kind != RESOURCE:
            raise FleetFileError(f"resources: {card_id!r} is not a resource card")
        ids.append(card_id)
        if isinstance(entry, dict):
            factions = tuple(f for f in entry.get("factions", ()) if isinstance(f, str))
            options.append(ResourceOption(card_id, factions, entry.get("free_talent") is True))
    return EngineFleet(resources=tuple(ids), resource_options=tuple(options))


@dataclass(frozen=True, slots=True)
class JudgedOn:
    """The day the builder judges a fleet on (resource retirement), and why that day."""

    day: date
    reason: str


def builder_date(fleet: Fleet, *, today: date) -> JudgedOn:
    """The date of the next event the fleet is submitted to, if any (it is being prepared for it),
    else ``today``."""
    upcoming = sorted(
        (s.event_date, s.event_name) for s in fleet_submissions(fleet) if s.sealed and s.event_date is not None
    )
    if upcoming:
        day, name = upcoming[0]
        return JudgedOn(day, f"the date of {name}, the event it is submitted to")
    return JudgedOn(today, "today")


def retired_resources(catalog: Catalog, format_key: str, day: date) -> frozenset[str]:
    """Ids of the resources retired on ``day`` in the format (Resources rule 4 and its table)."""
    fmt = FORMATS.get(format_key)
    if fmt is None or not fmt.resource_retirement:
        return frozenset()
    index = index_for(catalog)
    return frozenset(
        card.id
        for card in catalog.cards.values()
        if card.kind == RESOURCE
        and (retirement := index.retirement(card, fmt.retirement_months)) is not None
        and day >= retirement.retired_on
    )


@dataclass(frozen=True, slots=True)
class CardLine:
    """One card of a checked fleet with its price and the violations that name it."""

    card: records.Card
    role: str
    type_label: str
    printed: int
    penalty: int
    cost: int
    violations: tuple[Violation, ...] = ()
    upgrade_index: int | None = None  # position in the ship's upgrade list, for removing it
    choices: str = ""  # what the player chose for a resource that asks (Officer Exchange Program's factions)

    @property
    def factions(self) -> str:
        return ", ".join(faction_label(f) for f in self.card.factions)


@dataclass(frozen=True, slots=True)
class ShipLines:
    index: int
    entry: FleetShip
    lines: tuple[CardLine, ...]  # the ship card first, then captain, admiral, upgrades
    cost: int
    violations: tuple[Violation, ...]  # about the ship, naming none of its cards

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def card(self) -> records.Card:
        return self.lines[0].card

    @property
    def upgrade_bar(self) -> str:
        """The ship card's printed slots, as people name them ("Crew, Crew, Weapon")."""
        return ", ".join(UPGRADE_TYPE_LABELS.get(slot, slot) for slot in self.card.slots)


@dataclass(frozen=True, slots=True)
class FleetCheck:
    """The engine's report on a fleet, joined with the cards it names, ready to show or print."""

    fleet: EngineFleet
    report: Report
    ships: tuple[ShipLines, ...]
    resources: tuple[CardLine, ...]
    violations: tuple[Violation, ...]  # about the whole fleet

    @property
    def total(self) -> int:
        return self.report.total

    @property
    def limit(self) -> int:
        return self.report.limit

    @property
    def legal(self) -> bool:
        return self.report.legal

    @property
    def resource_total(self) -> int:
        return sum(line.cost for line in self.resources)


def resource_choices(fleet: EngineFleet, resource_id: str) -> str:
    """The choices made for a resource, in words: "factions: Federation, Klingon", "free Elite Talent"."""
    option = fleet.option(resource_id)
    if option is None:
        return ""
    parts = [f"factions: {', '.join(faction_label(f) for f in option.factions)}"] if option.factions else []
    if option.free_talent:
        parts.append("one Elite Talent of the captain free")
    return "; ".join(parts)


def card_type_label(card: records.Card, role: str) -> str:
    """The Type column of the Fleet Build Sheet: Ship, Captain, Admiral, Crew, Tech, …"""
    if role == "captain" and card.kind == records.ADMIRAL:
        return "Captain (Admiral)"
    if role in ("ship", "captain", "admiral", "resource"):
        return role.capitalize()
    return UPGRADE_TYPE_LABELS.get(card.upgrade_type) or faction_label(card.upgrade_type or "other")


def fleet_check(fleet: EngineFleet, *, format: Format | str, on: date | None = None, catalog=None) -> FleetCheck:
    """Validate ``fleet`` with the engine and place each violation next to what it is about."""
    catalog = catalog or load_catalog()
    report = validate_fleet(fleet, catalog, format, on)
    ships = []
    for entry, ship_report in zip(fleet.ships, report.ships, strict=True):
        mine = [v for v in report.violations if v.ship == ship_report.index]
        upgrade_positions = iter(range(len(entry.upgrades)))
        lines = []
        for cost in ship_report.cards:
            card = catalog.get(cost.id)
            lines.append(
                CardLine(
                    card=card,
                    role=cost.role,
                    type_label=card_type_label(card, cost.role),
                    printed=cost.printed,
                    penalty=cost.penalty,
                    cost=cost.cost,
                    violations=tuple(v for v in mine if v.card == cost.id),
                    upgrade_index=next(upgrade_positions) if cost.role == "upgrade" else None,
                )
            )
        named = {line.card.id for line in lines}
        ships.append(
            ShipLines(
                index=ship_report.index,
                entry=entry,
                lines=tuple(lines),
                cost=ship_report.cost,
                violations=tuple(v for v in mine if v.card not in named),
            )
        )
    resources = tuple(
        CardLine(
            card=(card := catalog.get(resource.id)),
            role="resource",
            type_label="Resource",
            printed=card.cost,
            penalty=0,
            cost=resource.cost,
            violations=tuple(v for v in report.violations if v.ship is None and v.card == resource.id),
            choices=resource_choices(fleet, resource.id),
        )
        for resource in report.resources
    )
    on_resources = {line.card.id for line in resources}
    return FleetCheck(
        fleet=fleet,
        report=report,
        ships=tuple(ships),
        resources=resources,
        violations=tuple(v for v in report.violations if v.ship is None and v.card not in on_resources),
    )


def version_check(
    version: FleetVersion, *, format: Format | str | None = None, on: date | None = None, catalog=None
) -> FleetCheck:
    """The check of a stored version, by default against the fleet's own format.

    Checking many versions, pass ``catalog`` (:func:`load_catalog`, once): the check then needs no query.
    """
    catalog = catalog or load_catalog()
    return fleet_check(
        content_fleet(version.content, catalog), format=format or version.fleet.format_key, on=on, catalog=catalog
    )


def user_fleets(user) -> QuerySet[Fleet]:
    """The user's fleets, newest first, with only their current version prefetched for
    ``fleet.current_version``: two queries however long the histories are."""
    newest = FleetVersion.objects.filter(fleet=OuterRef("fleet")).order_by("-number").values("pk")[:1]
    current = Prefetch("versions", queryset=FleetVersion.objects.filter(pk=Subquery(newest)))
    return Fleet.objects.filter(owner=user).prefetch_related(current)


def fleet_history(fleet: Fleet, access: FleetAccess) -> QuerySet[FleetVersion]:
    """The versions of ``fleet`` the viewer may see (``access``), newest first."""
    return access.versions(fleet).select_related("created_by").order_by("-number")


# --- Fleets from other builders (Utopia, Space Dock) ----------------------------------------------

# (path, size, mtime) and the card database read from it; see reference_catalogs.
_references: tuple[tuple, Catalog, str] | None = None


def catalog_source() -> str:
    """``"utopia"`` or ``"spacedock"``: whose card database the site imported ("" when none is)."""
    return Card.objects.order_by().values_list("source", flat=True).first() or ""


def reference_catalogs() -> dict[str, Catalog]:
    """The *other* card database, for ids of the builder whose cards the site did not import.

    The site imports one card database (Utopia's or Space Dock's); a Space Dock file names
    Space Dock ids, a Utopia link Utopia ids. ``settings.STAW_REFERENCE_CARDS`` names the other
    database's file; it is read once per process (again when the file changes) and used only to
    translate ids into the site's catalog, never to add cards. Unset, unreadable, or the same
    source as the site's: none, and the other builder's ids are reported as not found.
    """
    global _references
    path = getattr(settings, "STAW_REFERENCE_CARDS", "") or ""
    if not path:
        return {}
    try:
        stat = Path(path).stat()
        key = (str(path), stat.st_size, stat.st_mtime_ns)
        if _references is None or _references[0] != key:
            data = read_at_most(path, CARD_FILE_MAX_BYTES, what="card file")
            source = detect_source(data)
            _references = (key, read_catalog(data, source), source)
    except (OSError, ValueError, CatalogFormatError):
        return {}
    _key, catalog, source = _references
    return {} if source == catalog_source() else {source: catalog}


@dataclass(frozen=True, slots=True)
class ImportRow:
    """One card of an imported fleet as the source named it, and what Muster made of it."""

    match: interchange.CardMatch
    cost: int | None  # what Muster charges for it in the fleet, None where it is not in the fleet
    card: records.Card | None

    @property
    def cost_differs(self) -> bool:
        return self.match.source_cost is not None and self.cost is not None and self.match.source_cost != self.cost


@dataclass(frozen=True, slots=True)
class ImportPreview:
    """What an import recognised, card by card, and Muster's check of the fleet it makes."""

    result: interchange.ImportResult
    check: FleetCheck
    rows: tuple[ImportRow, ...]
    format_key: str

    @property
    def format_name(self) -> str:
        return interchange.FORMAT_NAMES.get(self.result.format, self.result.format)

    @property
    def counts(self) -> dict[str, int]:
        return {status: sum(1 for row in self.rows if row.match.status == status) for status in interchange.STATUSES}

    @property
    def empty(self) -> bool:
        return not self.result.fleet.ships and not self.result.fleet.resources


def read_import(
    data: bytes | str, *, fmt: str | None = None, squad: int = 0, format_key: str | None = None, on: date | None = None
) -> ImportPreview:
    """Read a fleet in any format the interchange knows (detected when ``fmt`` is None) and check it.

    Stores nothing. Raises :class:`rules.attack_wing.interchange.InterchangeError` (one sentence,
    ``.message``) for anything that cannot be read.
    """
    if len(data) > interchange.MAX_INPUT_BYTES:
        raise interchange.InterchangeError(
            f"A fleet is at most {interchange.MAX_INPUT_BYTES // 1024} KiB; this one is larger.", "TOO_LARGE"
        )
    catalog = load_catalog()
    try:
        result = interchange.import_fleet(data, catalog, fmt or None, references=reference_catalogs(), squad=squad)
    except RecursionError:
        raise interchange.InterchangeError("This fleet is nested too deeply to be read.", "TOO_DEEP") from None
    key = format_key or result.format_key or DEFAULT_FORMAT
    if key not in FORMATS:
        raise interchange.InterchangeError(f"Unknown format “{key}”.", "UNKNOWN_FORMAT")
    check = fleet_check(result.fleet, format=key, on=on if on is not None else result.date, catalog=catalog)
    rows = tuple(
        ImportRow(match=match, cost=cost, card=catalog.cards.get(match.card_id) if match.card_id else None)
        for match, cost in interchange.cost_rows(result, check.report)
    )
    return ImportPreview(result=result, check=check, rows=rows, format_key=key)


def utopia_export(version: FleetVersion, kind: str) -> interchange.Export:
    """``version`` as a Utopia share link (``kind`` "link") or Utopia-style text ("text").

    Utopia's ids are needed for a link: when the site's catalog is Space Dock's they come from
    the reference card file (:func:`reference_catalogs`), and without one the cards are named
    by the site's own ids.
    """
    catalog = load_catalog()
    fleet = content_fleet(version.content, catalog)
    utopia = reference_catalogs().get("utopia") if catalog_source() == "spacedock" else None
    if kind == "link":
        return interchange.utopia_link(fleet, catalog, utopia_catalog=utopia)
    report = validate_fleet(fleet, catalog, version.fleet.format_key)
    return interchange.utopia_text(fleet, catalog, report, utopia_catalog=utopia)
