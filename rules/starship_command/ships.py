"""Starship Command ship cards (3rd edition, Inferno Games 2012; seed 002).

The ship deck holds 24 ships of each of six races ("Components"). A card shows
the ship's value points (what it scores and, in a campaign, what it costs), its
shields and Structure, the damage at which it is crippled -- "The 'crippled'
amount stated on the ship cards includes the shield points" (Totaling Damage) --
its weapons, and for a carrier how many fighter squadrons it carries
("Carriers").
"""

from __future__ import annotations

from dataclasses import dataclass

RACES = ("confederation", "packtons", "ritillians", "shiltons", "dawgoraks", "fostonians")
# "Phasers 1-4 are the same type of attack card, but have varying ascending levels of power."
WEAPONS = ("phaser-1", "phaser-2", "phaser-3", "phaser-4", "torpedo", "plasma")


@dataclass(frozen=True, slots=True)
class ShipCard:
    """One ship card. Each card is one named ship: a campaign buys, loses or captures that very ship."""

    name: str
    race: str
    ship_class: str
    value: int
    shields: int
    structure: int
    crippled: int  # total damage (shields included) at which the ship is crippled
    weapons: tuple[str, ...] = ()
    fighter_capacity: int = 0  # fighter squadrons a carrier holds; 0 for every other ship

    def __post_init__(self) -> None:
        if self.race not in RACES:
            raise ValueError(f"{self.name}: race must be one of {RACES}, got {self.race!r}")
        unknown = set(self.weapons) - set(WEAPONS)
        if unknown:
            raise ValueError(f"{self.name}: unknown weapons {sorted(unknown)}; expected some of {WEAPONS}")
        if min(self.value, self.shields, self.structure, self.crippled, self.fighter_capacity) < 0:
            raise ValueError(
                f"{self.name}: value, shields, structure, crippled and fighter capacity cannot be negative"
            )
        if self.structure < 1:
            raise ValueError(f"{self.name}: a ship has at least 1 Structure point")
