"""Scoring a Starship Command battle and deciding the game (seed 002, "Scoring Points" and "Victory").

"Scoring Points": a player scores the value of every enemy ship he destroyed,
and "Every ship that the player has surviving at the end of a battle is worth its
value points minus any Structure damage that was sustained during the battle."
The rule sets no floor under a surviving ship's worth (unlike a captured ship's
in Campaign Victory), so none is applied here.

The other rules that bear on a ship's worth:

- Self Destruct: "any ship that Self Destructs is not worth any points for any of
  the players" -- neither its owner nor the boarder scores it.
- Confederation Warp: "All ships that have been Warped out are still worth their
  value points at the end of the battle", damage included.
- Retreating: a ship that got away "is considered a surviving ship when
  determining score at the end of the battle"; its damage cards stay with it.
- Carriers: "the player that destroyed the carrier gets the value of both the
  carrier and all of the fighter squadrons on board at that time."
- Boarding Parties: a captured ship is the captor's "own ship" from then on, so
  it scores for him if it survives.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.starship_command.ships import ShipCard
from rules.translation import gettext as _


class Fate(StrEnum):
    SURVIVED = "survived"
    RETREATED = "retreated"
    WARPED_OUT = "warped-out"
    DESTROYED = "destroyed"
    SELF_DESTRUCTED = "self-destructed"


SURVIVING = frozenset({Fate.SURVIVED, Fate.RETREATED, Fate.WARPED_OUT})


@dataclass(frozen=True, slots=True)
class ShipFate:
    """What became of one ship in a battle.

    ``owner`` brought the ship into the battle; ``captured_by`` took it over with
    a boarding party and held it at the end. The damage is what the ship carries
    at the end of the battle, split as the rules split it: first the shields,
    then the Structure. ``fighters_aboard`` lists the value of each fighter
    squadron still aboard a destroyed carrier.
    """

    ship: ShipCard
    owner: str
    fate: Fate
    shield_damage: int = 0
    structure_damage: int = 0
    destroyed_by: str | None = None
    captured_by: str | None = None
    fighters_aboard: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        name = self.ship.name
        if (self.fate == Fate.DESTROYED) != (self.destroyed_by is not None):
            raise ValueError(
                _("%(ship)s: a destroyed ship names who destroyed it, and only a destroyed ship does") % {"ship": name}
            )
        if self.destroyed_by is not None and self.destroyed_by == self.controller:
            raise ValueError(
                _("%(ship)s: a ship is destroyed by an enemy, not by the player holding it") % {"ship": name}
            )
        if self.captured_by == self.owner:
            raise ValueError(_("%(ship)s: a ship cannot be captured by its own owner") % {"ship": name})
        if not 0 <= self.shield_damage <= self.ship.shields:
            raise ValueError(
                _("%(ship)s: shield damage must be between 0 and its %(shields)d shield points")
                % {"ship": name, "shields": self.ship.shields}
            )
        if self.structure_damage < 0 or (self.fate in SURVIVING and self.structure_damage >= self.ship.structure):
            raise ValueError(
                _("%(ship)s: a surviving ship has less Structure damage than its %(structure)d")
                % {"ship": name, "structure": self.ship.structure}
            )
        aboard = len(self.fighters_aboard)
        if aboard and (self.fate != Fate.DESTROYED or aboard > self.ship.fighter_capacity):
            raise ValueError(
                _("%(ship)s: only a destroyed carrier scores its fighters, at most %(capacity)d")
                % {"ship": name, "capacity": self.ship.fighter_capacity}
            )
        if any(value < 0 for value in self.fighters_aboard):
            raise ValueError(_("%(ship)s: a fighter squadron's value cannot be negative") % {"ship": name})

    @property
    def controller(self) -> str:
        """The player holding the ship at the end of the battle."""
        return self.captured_by or self.owner


def destroyed_value(fate: ShipFate) -> int:
    """What destroying this ship is worth: its value, plus the fighter squadrons a carrier still had aboard."""
    return fate.ship.value + sum(fate.fighters_aboard)


def battle_points(fates: Iterable[ShipFate]) -> dict[str, int]:
    """Value points each player earned in one battle; every player named in ``fates`` appears, if only with 0."""
    points: dict[str, int] = {}
    for fate in fates:
        for player in (fate.owner, fate.captured_by, fate.destroyed_by):
            if player is not None:
                points.setdefault(player, 0)
        if fate.fate == Fate.DESTROYED:
            assert fate.destroyed_by is not None  # ShipFate names who destroyed a destroyed ship
            points[fate.destroyed_by] += destroyed_value(fate)
        elif fate.fate in SURVIVING:
            points[fate.controller] += fate.ship.value - fate.structure_damage
    return points


@dataclass(frozen=True, slots=True)
class VictoryCondition:
    """When the game ends: after ``battles`` battles, or once a player reaches ``points``, whichever comes first.

    "The player with the most value points at the end of a predetermined number
    of battles, or the first to reach a pre-determined number of value points is
    the winner." Set one of the two, or both.
    """

    battles: int | None = None
    points: int | None = None

    def __post_init__(self) -> None:
        if self.battles is None and self.points is None:
            raise ValueError(_("a game ends after a number of battles, at a points target, or both"))
        if (self.battles is not None and self.battles < 1) or (self.points is not None and self.points < 1):
            raise ValueError(_("the number of battles and the points target are at least 1"))


# "We recommend either 2 battles or 250 points for a shorter game (45-60 Minutes)
# or 4 battles or 500 points for a longer game (2 hours)."
PRESETS: dict[str, VictoryCondition] = {
    "short-battles": VictoryCondition(battles=2),
    "short-points": VictoryCondition(points=250),
    "long-battles": VictoryCondition(battles=4),
    "long-points": VictoryCondition(points=500),
}


@dataclass(frozen=True, slots=True)
class GameStanding:
    totals: dict[str, int]  # value points per player over the battles played
    battles_played: int
    over: bool
    winners: tuple[str, ...]  # empty until the game is over; more than one on a tie


def game_standing(battles: Sequence[Mapping[str, int]], condition: VictoryCondition) -> GameStanding:
    """Add up the battles (each as :func:`battle_points` gives it) and say whether, and by whom, the game is won.

    A points target is checked at the end of each battle, when points are
    scored; if several players reach it together, "the player with the most
    points wins". Battles recorded after the game ended are a ``ValueError``.
    """
    totals: dict[str, int] = {}
    for played, points in enumerate(battles, start=1):
        if _is_over(totals, played - 1, condition):
            raise ValueError(
                _("the game ended after battle %(last)d; battle %(number)d cannot count")
                % {"last": played - 1, "number": played}
            )
        for player, value in points.items():
            totals[player] = totals.get(player, 0) + value
    over = _is_over(totals, len(battles), condition)
    best = max(totals.values(), default=None)
    winners = tuple(sorted(p for p, v in totals.items() if v == best)) if over else ()
    return GameStanding(totals=totals, battles_played=len(battles), over=over, winners=winners)


def _is_over(totals: Mapping[str, int], played: int, condition: VictoryCondition) -> bool:
    if condition.battles is not None and played >= condition.battles:
        return True
    return condition.points is not None and any(value >= condition.points for value in totals.values())
