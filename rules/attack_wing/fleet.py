"""A fleet as a player submits it, and the report the engine gives back."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.translation import gettext as _

# Violation codes (public: stored with submissions, listed in docs/attack-wing-rules.md).
FLEET_OVER_LIMIT = "FLEET_OVER_LIMIT"
TOO_FEW_SHIPS = "TOO_FEW_SHIPS"
SHIP_OVER_LIMIT = "SHIP_OVER_LIMIT"
TOO_MANY_OVERSIZED = "TOO_MANY_OVERSIZED"
TOO_MANY_RESOURCES = "TOO_MANY_RESOURCES"
RESOURCE_RETIRED = "RESOURCE_RETIRED"
DUPLICATE_UNIQUE = "DUPLICATE_UNIQUE"
TOO_MANY_ADMIRALS = "TOO_MANY_ADMIRALS"
MISSING_CAPTAIN = "MISSING_CAPTAIN"
SLOT_OVERFLOW = "SLOT_OVERFLOW"
SQUADRON_CARD_FORBIDDEN = "SQUADRON_CARD_FORBIDDEN"
CAPITAL_SHIP_REQUIRED = "CAPITAL_SHIP_REQUIRED"
SHUTTLE_ADMIRAL = "SHUTTLE_ADMIRAL"
SHUTTLE_WEAPON_COST = "SHUTTLE_WEAPON_COST"
BLIND_BOOSTER_OVER_LIMIT = "BLIND_BOOSTER_OVER_LIMIT"
BLIND_BOOSTER_MIXED = "BLIND_BOOSTER_MIXED"
CARD_RESTRICTION = "CARD_RESTRICTION"
RESOURCE_BANNED = "RESOURCE_BANNED"
SIDEBOARD_WITHOUT_RESOURCE = "SIDEBOARD_WITHOUT_RESOURCE"
SIDEBOARD_OVER_LIMIT = "SIDEBOARD_OVER_LIMIT"
SIDEBOARD_CARD = "SIDEBOARD_CARD"
VIOLATION_CODES = (
    FLEET_OVER_LIMIT,
    TOO_FEW_SHIPS,
    SHIP_OVER_LIMIT,
    TOO_MANY_OVERSIZED,
    TOO_MANY_RESOURCES,
    RESOURCE_RETIRED,
    DUPLICATE_UNIQUE,
    TOO_MANY_ADMIRALS,
    MISSING_CAPTAIN,
    SLOT_OVERFLOW,
    SQUADRON_CARD_FORBIDDEN,
    CAPITAL_SHIP_REQUIRED,
    SHUTTLE_ADMIRAL,
    SHUTTLE_WEAPON_COST,
    BLIND_BOOSTER_OVER_LIMIT,
    BLIND_BOOSTER_MIXED,
    CARD_RESTRICTION,
    RESOURCE_BANNED,
    SIDEBOARD_WITHOUT_RESOURCE,
    SIDEBOARD_OVER_LIMIT,
    SIDEBOARD_CARD,
)
# Costs only rise these; removing a card can never create one (tested as a property).
COST_CODES = (FLEET_OVER_LIMIT, SHIP_OVER_LIMIT, BLIND_BOOSTER_OVER_LIMIT, SIDEBOARD_OVER_LIMIT)

# Input errors: the fleet cannot be judged at all.
UNKNOWN_CARD = "UNKNOWN_CARD"
WRONG_ROLE = "WRONG_ROLE"

# Roles a card plays in a fleet, as the report names them.
ROLE_SHIP = "ship"
ROLE_CAPTAIN = "captain"
ROLE_ADMIRAL = "admiral"
ROLE_UPGRADE = "upgrade"
ROLE_BENEATH = "beneath"  # an Upgrade placed face down beneath another card at setup (``FleetShip.beneath``)
ROLE_SIDEBOARD = "sideboard"  # a Captain or Upgrade on the Reinforcements Sideboard (``Fleet.sideboard``)


class FleetInputError(ValueError):
    """A fleet the engine cannot judge: an unknown card id, or a card in a role it cannot take."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class FleetShip:
    """One ship and what is assigned to it. ``captain`` may be an admiral card (face down).

    ``beneath`` pairs a card of the ship (its captain or an Upgrade, the host) with an Upgrade placed face down
    beneath it at setup ("place 1 non-Borg [tech] Upgrade … face down beneath this card", Quark): such a card
    fills no slot and is not paid for, its penalties are (2016 FAQ, Deep Space 9 – Quark).
    """

    ship: str
    captain: str | None = None
    admiral: str | None = None  # face up
    upgrades: tuple[str, ...] = ()  # upgrades, plus resource, officer and construction cards
    blind_booster: bool = False
    beneath: tuple[tuple[str, str], ...] = ()  # (host card id, card id), in the order given


@dataclass(frozen=True, slots=True)
class ResourceOption:
    """The choices a resource asks for when the fleet is built.

    ``factions``: Officer Exchange Program's two chosen factions ("Prior to building your fleet,
    choose two different Factions"); ``free_talent``: Fleet Captain point 5, the captain forgoes
    the bonus [talent] slot and equips 1 of his own [talent] Upgrades for free (true), or takes the
    slot (false); left out, the engine makes the choice a player would (``rules.attack_wing.placement``).
    """

    id: str
    factions: tuple[str, ...] = ()
    free_talent: bool | None = None  # None: not stated, the engine takes the cheaper legal choice


@dataclass(frozen=True, slots=True)
class Fleet:
    """The fleet. ``sideboard`` holds the cards placed on the Reinforcements Sideboard resource before the event
    (1 Captain Card and 1 [talent], [crew], [tech] and [weapon] Upgrade, 20 SP at most: its card, point 1): they
    sit on no ship, so they have a place of their own."""

    ships: tuple[FleetShip, ...] = ()
    resources: tuple[str, ...] = ()
    # choices made for some of ``resources`` (at most one per resource id)
    resource_options: tuple[ResourceOption, ...] = ()
    sideboard: tuple[str, ...] = ()  # card ids, in the order given

    def option(self, resource_id: str) -> ResourceOption | None:
        return next((o for o in self.resource_options if o.id == resource_id), None)


# Why a card's cost moved from its printed value (``Adjustment.kind``).
COMPUTED = "computed"  # the text computes the cost ("equal to the ship's Primary Weapon Value +1")
EXACT = "exact"  # another card sets it ("cost exactly 3 SP")
REDUCTION = "reduction"  # "-1 SP", a ship discount, the Fleet Captain's free talent, Officer Exchange
FLOOR = "floor"  # reductions stop at 0 (Additional Rules 35)
FACTION_PENALTY = "faction_penalty"
WAIVED = "waived"  # a faction penalty a card's text waives: 0 SP, said so a judge sees why none is paid
EXTRA_COST = "extra_cost"  # "+5 SP for any non-Romulan ship", a cost box
RESOURCE_SHARE = "resource"  # the resource's cost carried by its card on the ship (Fleet Captain, Flagship)
NOT_APPLIED = "not_applied"  # 0 SP: text about costs or legality the engine does not model — check by hand


@dataclass(frozen=True, slots=True)
class Adjustment:
    """One step from a card's printed cost to its cost in this fleet.

    ``source`` is the id of the card whose text causes it (``source_name`` its title), empty for a
    rule of the WizKids documents; ``words`` quotes the card's sentence or names the document rule,
    so a judge can check the step by hand; ``quoted`` says the words are the card's own.
    """

    amount: int
    kind: str
    words: str
    source: str = ""
    source_name: str = ""
    quoted: bool = False


@dataclass(frozen=True, slots=True)
class CardCost:
    id: str
    role: str
    printed: int
    penalty: int  # faction penalty only
    cost: int  # what the card costs in this fleet: reduced (never below 0), plus penalties and extra costs
    name: str = ""
    # printed + the amounts = cost, always (a property test over random fleets of both databases)
    adjustments: tuple[Adjustment, ...] = ()
    # sentences of the card's text that change costs or legality and that the engine does not apply
    unapplied: tuple[str, ...] = ()
    # where the Upgrade sits ("the [tech] slot Tuvok (Cap507) adds"), or the set-up choice a card stands for
    # (the Fleet Captain's point 5): the placement the engine took (``rules.attack_wing.placement``)
    placed: str = ""


@dataclass(frozen=True, slots=True)
class BarSlot:
    """One slot of a ship's whole Upgrade Bar as the placement the engine took fills it: a printed slot or one
    a card adds (Picard's [talent] icons, Riker's added slot), ``holds`` the id of the card in it ("": free)."""

    types: tuple[str, ...]
    source: str = ""  # the id of the card adding it; "" for the printed Upgrade Bar
    source_name: str = ""
    holds: str = ""


@dataclass(frozen=True, slots=True)
class ShipReport:
    index: int
    ship: str
    name: str
    cost: int
    cards: tuple[CardCost, ...]
    # every slot and what fills it, as the engine placed the cards; derived like ``Report.legal``, so a report
    # read back (``report_from_dict``) has none and still equals the one written
    bar: tuple[BarSlot, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class ResourceCost:
    id: str
    cost: int
    name: str = ""
    printed: int = 0
    adjustments: tuple[Adjustment, ...] = ()  # printed + the amounts = cost, as for a card
    unapplied: tuple[str, ...] = ()  # as for a card


@dataclass(frozen=True, slots=True)
class Violation:
    code: str
    message: str
    ship: int | None = None  # index into Fleet.ships
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Report:
    format: str
    limit: int
    total: int
    ships: tuple[ShipReport, ...]
    resources: tuple[ResourceCost, ...]
    violations: tuple[Violation, ...]
    # the Reinforcements Sideboard's cards (role ``sideboard``): outside ``total``, which holds the resource's own
    # cost; their sum is held to the resource's 20 SP (``sideboard_total``)
    sideboard: tuple[CardCost, ...] = ()

    @property
    def sideboard_total(self) -> int:
        return sum(c.cost for c in self.sideboard)

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def unapplied(self) -> tuple[Unapplied, ...]:
        """Every card of the fleet whose cost- or legality-changing text the engine does not apply, once."""
        found: dict[tuple[str, str], Unapplied] = {}
        lines: tuple[CardCost | ResourceCost, ...] = (
            *(c for s in self.ships for c in s.cards),
            *self.resources,
            *self.sideboard,
        )
        for line in lines:
            for sentence in line.unapplied:
                found.setdefault((line.id, sentence), Unapplied(line.id, line.name, sentence))
        return tuple(found.values())


UNAPPLIED_NOTE = "Muster does not apply this card's text: “{sentence}” — check by hand."


@dataclass(frozen=True, slots=True)
class Unapplied:
    """A sentence of a card in the fleet that Muster does not apply: every report says so, never silently."""

    card: str
    name: str
    sentence: str

    @property
    def note(self) -> str:
        note = _("Muster does not apply this card's text: “%(sentence)s” — check by hand.")
        return f"{self.name} ({self.card}): " + note % {"sentence": self.sentence}
