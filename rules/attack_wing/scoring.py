"""Fleet points for one STAW match (seed 003, Suggested tournament format, "Fleet Points").

A player's fleet points are the base minus the SP left in the opponent's surviving fleet:
ships not destroyed, with the cards still equipped and the cards placed under their ship
card. The opponent's resource scores only when the whole fleet is destroyed, unless it
is assigned to a card, which then scores when that card is destroyed (Resources, rule 3);
here a resource's own cards on a ship (Fleet Captain, officer, flagship cards) are such
assignments and score with their ship or when listed as removed.

The 2016 document prints "120 MINUS", left over from the 120-point format; the base is
therefore a parameter and defaults to the event's fleet limit (130 for wizkids-2016).
A bye is a win with 60 fleet points (same section).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.attack_wing.fleet import Report

BYE_FLEET_POINTS = 60

DESTROYED = "destroyed"
REMOVED = "removed"
SURVIVING = "surviving"


@dataclass(frozen=True, slots=True)
class ScoredCard:
    ship: int | None  # None for a fleet resource
    card: str
    cost: int
    status: str  # DESTROYED, REMOVED or SURVIVING


@dataclass(frozen=True, slots=True)
class FleetPoints:
    base: int
    surviving: int  # SP left in the opponent's surviving fleet
    wiped_out: bool
    bonus: int
    points: int
    cards: tuple[ScoredCard, ...]


def fleet_points(
    opponent: Report,
    destroyed: Iterable[int],
    removed: Mapping[int, Iterable[str]] | None = None,
    *,
    bonus: int = 0,
    base: int | None = None,
) -> FleetPoints:
    """Score against ``opponent`` (its cost report) given which of its ships were destroyed.

    ``removed`` maps a surviving ship's index to the ids of cards it lost for good
    (discarded or destroyed, not placed under the ship card). ``bonus`` is scenario
    fleet points; ``base`` defaults to ``opponent.limit``.
    """
    lost_ships = set(destroyed)
    unknown = lost_ships - {s.index for s in opponent.ships}
    if unknown:
        raise ValueError(f"no ship with index {sorted(unknown)} in the opponent's fleet")
    lost_cards = {index: list(ids) for index, ids in (removed or {}).items()}
    scored: list[ScoredCard] = []
    for ship in opponent.ships:
        pending = list(lost_cards.get(ship.index, ()))
        for card in ship.cards:
            if ship.index in lost_ships:
                status = DESTROYED
            elif card.id in pending and card.role != "ship":
                pending.remove(card.id)
                status = REMOVED
            else:
                status = SURVIVING
            scored.append(ScoredCard(ship.index, card.id, card.cost, status))
        if pending:
            raise ValueError(f"ship {ship.index} has no card(s) {pending} to remove")
    wiped_out = bool(opponent.ships) and lost_ships >= {s.index for s in opponent.ships}
    for resource in opponent.resources:
        scored.append(ScoredCard(None, resource.id, resource.cost, DESTROYED if wiped_out else SURVIVING))
    surviving = sum(c.cost for c in scored if c.status == SURVIVING)
    base = opponent.limit if base is None else base
    return FleetPoints(
        base=base,
        surviving=surviving,
        wiped_out=wiped_out,
        bonus=bonus,
        points=max(0, base - surviving) + bonus,
        cards=tuple(scored),
    )


def bye(points: int = BYE_FLEET_POINTS) -> FleetPoints:
    """A bye: a win worth ``points`` fleet points, with no opponent to score against."""
    return FleetPoints(base=points, surviving=0, wiped_out=False, bonus=0, points=points, cards=())
