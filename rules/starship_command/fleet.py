"""Buying a Starship Command campaign fleet (seed 002, Campaign Rules).

"Each player is given 150 points to buy a fleet. Ship costs are determined by
their value points. Any points unused for fleet purchase may be banked for later
use." A campaign player "takes command of a particular race", so every ship he
buys is of that race; "destroyed ships cannot be purchased again"; and since
each ship card is one named ship ("Any ship that was not purchased before the
battle may be purchased now"), a fleet cannot hold the same ship twice.

These rules apply to a fleet list (the ``check_list`` file) and to each purchase
in a campaign ledger (:mod:`rules.starship_command.campaign`) alike.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass
from typing import Protocol

from rules.inputs.list_check import ListReport, Violation, empty_list, file_record
from rules.starship_command.ships import RACES
from rules.translation import gettext as _

FLEET_BUDGET = 150


class Priced(Protocol):
    """Anything bought at its value: a full :class:`~rules.starship_command.ships.ShipCard` or a fleet-list line."""

    @property
    def name(self) -> str: ...
    @property
    def race(self) -> str: ...
    @property
    def value(self) -> int: ...


@dataclass(frozen=True, slots=True)
class FleetShip:
    """A ship as a fleet list gives it: by name, race and value -- all that buying it needs."""

    name: str
    race: str
    value: int


@dataclass(frozen=True, slots=True)
class FleetList:
    race: str
    ships: tuple[FleetShip, ...]
    budget: int = FLEET_BUDGET  # 150 for the first fleet; later, the banked points plus 50 per battle
    destroyed: frozenset[str] = frozenset()  # ships lost earlier in the campaign


@dataclass(frozen=True, slots=True)
class FleetReport(ListReport):
    race: str
    ships: int
    spent: int
    budget: int
    violations: tuple[Violation, ...]

    @property
    def banked(self) -> int:
        """Points left over, saved for after the next battle (nothing when the fleet is over budget)."""
        return max(0, self.budget - self.spent)

    def totals(self) -> dict[str, int | str]:
        return {
            "race": self.race,
            "ships": self.ships,
            "spent": self.spent,
            "budget": self.budget,
            "banked": self.banked,
        }


def check_fleet(fleet: FleetList) -> FleetReport:
    spent = sum(ship.value for ship in fleet.ships)
    violations = []
    if not fleet.ships:
        violations.append(empty_list(_("The fleet is empty; buy at least one ship.")))
    if spent > fleet.budget:
        violations.append(over_budget(_("The fleet costs %(points)d points") % {"points": spent}, fleet.budget))
    for ship in fleet.ships:
        violations += purchase_violations(ship, race=fleet.race, destroyed=fleet.destroyed)
    copies = Counter(ship.name for ship in fleet.ships)
    violations += [
        Violation(
            "DUPLICATE_SHIP",
            _("%(name)s is listed %(count)d times; each ship card is one ship.") % {"name": name, "count": count},
            name,
        )
        for name, count in copies.items()
        if count > 1
    ]
    return FleetReport(
        race=fleet.race, ships=len(fleet.ships), spent=spent, budget=fleet.budget, violations=tuple(violations)
    )


def purchase_violations(ship: Priced, *, race: str, destroyed: Collection[str]) -> list[Violation]:
    """What forbids buying ``ship`` into a fleet of ``race``, the points aside."""
    violations = []
    if ship.race != race:
        violations.append(
            Violation(
                "WRONG_RACE",
                _("%(ship)s is a %(race)s ship; a campaign fleet is of one race (%(fleet_race)s).")
                % {"ship": ship.name, "race": ship.race.capitalize(), "fleet_race": race.capitalize()},
                ship.name,
            )
        )
    if ship.name in destroyed:
        violations.append(
            Violation(
                "SHIP_DESTROYED_EARLIER",
                _("%(ship)s was destroyed earlier in the campaign; destroyed ships cannot be purchased again.")
                % {"ship": ship.name},
                ship.name,
            )
        )
    return violations


def over_budget(what: str, available: int) -> Violation:
    """The one shape of "not enough points", for a fleet list and for every ledger entry that spends."""
    message = _("%(what)s, but only %(available)d points are available.") % {"what": what, "available": available}
    return Violation("CAMPAIGN_OVER_BUDGET", message)


def fleet_from_data(data: object) -> FleetList:
    """Read a parsed fleet file; anything malformed raises :class:`~rules.inputs.list_check.ListFileError`."""
    top = file_record(data, ("race", "budget", "ships", "destroyed"))
    race = top.text("race", choices=RACES)
    ships = tuple(
        FleetShip(name=ship.text("name"), race=ship.text("race", choices=RACES), value=ship.number("value", minimum=0))
        for ship in top.records("ships", ("name", "race", "value"))
    )
    return FleetList(
        race=race,
        ships=ships,
        budget=top.number("budget", minimum=0, default=FLEET_BUDGET),
        destroyed=frozenset(top.texts("destroyed", required=False)),
    )


def check_list_data(data: object) -> FleetReport:
    """Read and judge a parsed fleet file in one step, as the command line does."""
    return check_fleet(fleet_from_data(data))
