"""Fleet points for a match, from what each fleet lost, through the STAW scoring rules.

Players never type fleet points: they tick the opponent's destroyed ships and the
upgrades removed from surviving ships, each an *item* of the submitted fleet
version, and :func:`rules.attack_wing.scoring.fleet_points` does the sum against
the fleet's cost report (seed 003, "Fleet Points").

Item keys are stable for a version: ``s<ship index>`` for a ship and
``s<ship index>:<position>:<card id>`` for a card on it, the position telling
two copies of one card apart.

A player the desk entered late, without a list, may be paired before their fleet is
entered: their fleet is then scored as an *empty* fleet -- nothing of it can be ticked,
and nothing of it survives, so their opponent scores the whole base ("120 MINUS the
number of SP left in your opponent's surviving Fleet"). The desk may still enter their
first fleet until a result of theirs is in, and the table is scored against it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from fleets.selectors import load_catalog, version_price
from rules.attack_wing import Report
from rules.attack_wing import fleet_points as score_fleet
from tournaments.errors import TournamentError

from .results import Losses


@dataclass(frozen=True, slots=True)
class FleetItem:
    """A ship (with everything on it) or one card on a ship, as a result can lose it."""

    key: str
    name: str
    role: str  # "ship", "captain", "admiral" or "upgrade"
    cost: int  # a ship's cost includes its cards
    ship_index: int
    ship_name: str
    card_id: str

    @property
    def is_ship(self) -> bool:
        return self.role == "ship"

    @property
    def loss_label(self) -> str:
        """How the result form asks about this item."""
        if self.is_ship:
            return _("%(ship)s destroyed (%(cost)s SP with its cards)") % {"ship": self.name, "cost": self.cost}
        return _("%(ship)s: %(card)s removed (%(role)s, %(cost)s SP)") % {
            "ship": self.ship_name,
            "card": self.name,
            "role": role_word(self.role),
            "cost": self.cost,
        }


def role_word(role: str) -> str:
    """A card's role on its ship as a loss names it; the card words (captain, admiral) stay as printed."""
    return _("upgrade") if role == "upgrade" else role


def cost_report(version, catalog=None) -> Report:
    """The priced view of a submitted fleet version, as it was judged when submitted (a card repriced since
    does not change what its loss scores); no version (no list yet) is an empty fleet."""
    if version is None:
        return Report(format="", limit=0, total=0, ships=(), resources=(), violations=())
    return version_price(version, catalog=catalog).report


def fleet_items(version, catalog=None) -> list[FleetItem]:
    """Every ship of the version followed by the cards on it, as the result form lists them."""
    if version is None:
        return []
    catalog = catalog or load_catalog()
    return items_of(cost_report(version, catalog), catalog)


def items_of(report: Report, catalog) -> list[FleetItem]:
    items = []
    for ship in report.ships:
        items.append(FleetItem(f"s{ship.index}", ship.name, "ship", ship.cost, ship.index, ship.name, ship.ship))
        for position, card in enumerate(ship.cards):
            if card.role == "ship":
                continue
            record = catalog.get(card.id)
            items.append(
                FleetItem(
                    key=f"s{ship.index}:{position}:{card.id}",
                    name=record.name if record else card.id,
                    role=card.role,
                    cost=card.cost,
                    ship_index=ship.index,
                    ship_name=ship.name,
                    card_id=card.id,
                )
            )
    return items


def check_losses(version, losses: Losses) -> None:
    """Refuse losses naming items the fleet does not have, or cards of a ship already destroyed."""
    if not losses.ships and not losses.upgrades:
        return
    items = {item.key: item for item in fleet_items(version)}
    unknown = [key for key in (*losses.ships, *losses.upgrades) if key not in items]
    if unknown:
        raise TournamentError(_("These are not part of the fleet: %(items)s.") % {"items": ", ".join(unknown)})
    if any(not items[key].is_ship for key in losses.ships) or any(items[key].is_ship for key in losses.upgrades):
        raise TournamentError(_("Ships and upgrades were mixed up in the result."))
    destroyed = {items[key].ship_index for key in losses.ships}
    if any(items[key].ship_index in destroyed for key in losses.upgrades):
        raise TournamentError(_("An upgrade is lost with its destroyed ship: tick only the ship."))


def fleet_points(*, base: int, opponent_version, opponent_losses: Losses) -> int:
    """What the opponent's losses are worth: the event's ``base`` minus the SP left in their surviving fleet
    (none when the opponent has no list: see the module's docstring)."""
    catalog = load_catalog()
    report = cost_report(opponent_version, catalog)
    items = {item.key: item for item in items_of(report, catalog)}
    removed: dict[int, list[str]] = {}
    for key in opponent_losses.upgrades:
        removed.setdefault(items[key].ship_index, []).append(items[key].card_id)
    destroyed = [items[key].ship_index for key in opponent_losses.ships]
    return score_fleet(report, destroyed, removed, base=base).points
