"""A fleet checked by the engine: its content read, each card priced, each violation next to what it is about."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.utils.translation import gettext as _

from rules.attack_wing import BarSlot, FleetFileError, FleetShip, Format, Report, Violation, parse_fleet, validate_fleet
from rules.attack_wing import Fleet as EngineFleet
from rules.attack_wing import catalog as records
from rules.attack_wing.catalog import RESOURCE, Catalog
from rules.attack_wing.checks.beneath_rules import places_beneath
from rules.attack_wing.explained import breakdown
from rules.attack_wing.fleet import ROLE_BENEATH, Adjustment, ResourceOption
from rules.attack_wing.interchange.muster import beneath_label, sideboard_label

from .catalog import UPGRADE_TYPE_LABELS, faction_label, load_catalog

FLEET_FILE_KEYS = frozenset({"format", "date", "resources", "ships", "sideboard"})


def content_fleet(content: dict, catalog: Catalog) -> EngineFleet:
    """The engine's fleet from a stored fleet-file dict; anything unreadable raises ``FleetFileError``.

    A fleet file needs ships, but a fleet being built may have none yet (or
    none left): such content is read here, as strictly (its keys, its
    resources' ids and kinds); everything else goes to the engine's reader.
    """
    if content.get("ships") or content.get("sideboard"):
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
            stated = entry.get("free_talent")  # left out: the engine makes the choice a player would
            options.append(ResourceOption(card_id, factions, stated if isinstance(stated, bool) else None))
    return EngineFleet(resources=tuple(ids), resource_options=tuple(options))


BENEATH = ROLE_BENEATH  # the role of a card placed face down beneath another at setup (``FleetShip.beneath``)


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
    # position in the ship's upgrade list, or in its cards face down beneath another (role ``BENEATH``), for
    # removing it
    upgrade_index: int | None = None
    choices: str = ""  # what the player chose for a resource that asks (Officer Exchange Program's factions)
    adjustments: tuple[Adjustment, ...] = ()  # printed + each amount = cost, each with its card and words
    unapplied: tuple[str, ...] = ()  # its sentences that change costs or legality and Muster does not apply

    @property
    def breakdown(self) -> str:
        """ "5 +1 faction penalty +5 its text = 11": the sum a judge checks by hand (empty if nothing moved)."""
        return breakdown(self.printed, self.adjustments, self.cost, self.card.id)

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
    # the whole Upgrade Bar as the engine placed the cards (empty for a report kept from before it was told)
    bar: tuple[BarSlot, ...] = ()

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def card(self) -> records.Card:
        return self.lines[0].card

    @property
    def upgrade_bar(self) -> str:
        """The ship's slots as people name them: the printed ones, then each one another card adds, with that card
        ("Crew, Crew, Weapon, Elite Talent (Jean-Luc Picard), Crew (William T. Riker)")."""
        if not self.bar:
            return ", ".join(_slot_words(slot.split("|")) for slot in self.card.slots)
        return ", ".join(
            _slot_words(slot.types) + (f" ({slot.source_name})" if slot.source_name else "") for slot in self.bar
        )

    @property
    def hosts(self) -> tuple[records.Card, ...]:
        """Its cards whose text places Upgrades face down beneath them at setup (Quark, Cryogenic Stasis), once
        each: where the builder offers to place a card beneath."""
        found = {
            line.card.id: line.card
            for line in self.lines
            if line.role in ("captain", "admiral", "upgrade") and places_beneath(line.card)
        }
        return tuple(found.values())


def _slot_words(types) -> str:
    return _(" or ").join(UPGRADE_TYPE_LABELS.get(t, t) for t in types)


@dataclass(frozen=True, slots=True)
class FleetCheck:
    """The engine's report on a fleet, joined with the cards it names, ready to show or print."""

    fleet: EngineFleet
    report: Report
    ships: tuple[ShipLines, ...]
    resources: tuple[CardLine, ...]
    violations: tuple[Violation, ...]  # about the whole fleet
    sideboard: tuple[CardLine, ...] = ()  # the Reinforcements Sideboard's cards, outside ``total``

    @property
    def sideboard_total(self) -> int:
        return self.report.sideboard_total

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
    parts = (
        [_("factions: %(factions)s") % {"factions": ", ".join(faction_label(f) for f in option.factions)}]
        if option.factions
        else []
    )
    if option.free_talent:
        parts.append(_("one Elite Talent of the captain free"))
    return "; ".join(parts)


def card_type_label(card: records.Card, role: str) -> str:
    """The Type column of the Fleet Build Sheet: Ship, Captain, Admiral, Crew, Tech, …"""
    if role == "captain" and card.kind == records.ADMIRAL:
        return "Captain (Admiral)"
    if role == "ship":
        return _("Ship")
    if role in ("captain", "admiral", "resource"):
        return role.capitalize()

    return UPGRADE_TYPE_LABELS.get(card.upgrade_type) or faction_label(card.upgrade_type or "other")


def fleet_check(
    fleet: EngineFleet, *, format: Format | str, on: date | None = None, banned=frozenset(), catalog=None
) -> FleetCheck:
    """Validate ``fleet`` with the engine (resources retired ``on`` that day, and the ``banned`` ones refused)
    and place each violation next to what it is about."""
    catalog = catalog or load_catalog()
    return reported_check(fleet, validate_fleet(fleet, catalog, format, on, banned), catalog)


def reported_check(fleet: EngineFleet, report: Report, catalog: Catalog) -> FleetCheck:
    """The engine's ``report`` on ``fleet`` joined with the cards it names: each card with its price and
    violations. The report may be one judged earlier and kept (:func:`fleets.selectors.version_price`):
    the prices shown are then the report's, whatever the cards cost today."""
    ships = []
    for entry, ship_report in zip(fleet.ships, report.ships, strict=True):
        mine = [v for v in report.violations if v.ship == ship_report.index]
        upgrade_positions = iter(range(len(entry.upgrades)))
        first_beneath = len(ship_report.cards) - len(entry.beneath)  # the report lists them last
        lines = []
        for number, cost in enumerate(ship_report.cards):
            card = catalog.get(cost.id)
            role, type_label = cost.role, card_type_label(card, cost.role)
            if number >= first_beneath:
                role, position = BENEATH, number - first_beneath
                type_label = beneath_label(type_label, catalog.get(entry.beneath[position][0]))
            else:
                position = next(upgrade_positions) if cost.role == "upgrade" else None
            lines.append(
                CardLine(
                    card=card,
                    role=role,
                    type_label=type_label,
                    printed=cost.printed,
                    penalty=cost.penalty,
                    cost=cost.cost,
                    violations=tuple(v for v in mine if v.card == cost.id),
                    upgrade_index=position,
                    adjustments=cost.adjustments,
                    unapplied=cost.unapplied,
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
                bar=ship_report.bar,
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
            adjustments=resource.adjustments,
            unapplied=resource.unapplied,
        )
        for resource in report.resources
    )
    sideboard = tuple(
        CardLine(
            card=(card := catalog.get(line.id)),
            role=line.role,
            type_label=sideboard_label(card),
            printed=line.printed,
            penalty=0,
            cost=line.cost,
            violations=tuple(v for v in report.violations if v.ship is None and v.card == line.id),
            upgrade_index=position,
            adjustments=line.adjustments,
            unapplied=line.unapplied,
        )
        for position, line in enumerate(report.sideboard)
    )
    placed = {line.card.id for line in (*resources, *sideboard)}
    return FleetCheck(
        fleet=fleet,
        report=report,
        ships=tuple(ships),
        resources=resources,
        violations=tuple(v for v in report.violations if v.ship is None and v.card not in placed),
        sideboard=sideboard,
    )
