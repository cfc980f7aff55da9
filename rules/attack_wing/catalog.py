"""The card catalog as the engine sees it: plain, immutable records.

Both community databases (Utopia JSON, Space Dock XML) are read into these
records by :mod:`rules.attack_wing.sources`; the Django catalog stores them and
hands them back the same way, so the engine never knows where a card came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

# Card kinds, as the fleet file and the engine name the roles a card can take.
SHIP = "ship"
CAPTAIN = "captain"
ADMIRAL = "admiral"
UPGRADE = "upgrade"
RESOURCE = "resource"
OTHER = "other"  # fleet captains, officers, flagships, tokens: kept, never slotted
KINDS = (SHIP, CAPTAIN, ADMIRAL, UPGRADE, RESOURCE, OTHER)

# Upgrade types that fill a slot on a ship's upgrade bar.
UPGRADE_TYPES = ("crew", "tech", "weapon", "talent", "borg", "squadron")


@dataclass(frozen=True, slots=True)
class Restriction:
    """One restriction a card carries as data, e.g. ``Restriction("hull_min", 5)``.

    ``code`` names the rule (``one_per_ship``, ``hull_min``, ``hull_max``,
    ``ship_faction``, ``captain_faction``, ``ship_class``, ``discount``, …);
    ``value`` is its argument or ``None``; ``amount`` the SP of a cost code. The engine
    owns the meaning of each code; docs/attack-wing-rules.md lists them all.
    """

    code: str
    value: str | int | None = None
    amount: int = 0  # SP for cost codes (``discount``, ``extra_cost``, ``ship_discount``), else 0


@dataclass(frozen=True, slots=True)
class CardSet:
    id: str
    name: str
    release_date: date | None = None
    blind_booster: bool = False  # a Blind Booster pack: its cards form a booster ship's loadout


@dataclass(frozen=True, slots=True)
class Card:
    """Any card. Fields that do not apply to a kind keep their empty default."""

    id: str
    kind: str
    name: str
    cost: int = 0
    factions: tuple[str, ...] = ()
    unique: bool = False
    mirror_unique: bool = False
    set_ids: tuple[str, ...] = ()
    text: str = ""  # raw source markup; render it only through the sanitizer
    # ships
    ship_class: str = ""
    hull: int = 0
    shields: int = 0
    attack: int = 0
    agility: int = 0
    slots: tuple[str, ...] = ()  # one entry per upgrade slot, e.g. ("crew", "crew", "weapon")
    squadron: bool = False
    # captains and admirals
    skill: int = 0
    talent_slots: int = 0
    # upgrades (``upgrade_type`` in UPGRADE_TYPES) and other cards (their source type)
    upgrade_type: str = ""
    restrictions: tuple[Restriction, ...] = ()
    # slots a captain, admiral or card adds to the ship's bar, e.g. ("crew",)
    grants_slots: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Skipped:
    """A source record the reader could not use, and why (reported, never fatal)."""

    source_id: str
    reason: str


@dataclass(slots=True)
class Catalog:
    """Every card by id, with the sets, plus what the reader had to skip or fix."""

    cards: dict[str, Card] = field(default_factory=dict)
    sets: dict[str, CardSet] = field(default_factory=dict)
    skipped: list[Skipped] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # further source ids of a reprinted card (Utopia lists ``["T311", "T311a"]``) -> the card's id
    aliases: dict[str, str] = field(default_factory=dict)
    # derived lookups the engine builds once per catalog (see rules.attack_wing.index); not data
    lookup_cache: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def get(self, card_id: str) -> Card | None:
        card = self.cards.get(card_id)
        if card is None and card_id in self.aliases:
            card = self.cards.get(self.aliases[card_id])
        return card

    def release_date(self, card: Card) -> date | None:
        """The earliest known release date among the card's sets."""
        dates = [s.release_date for s in map(self.sets.get, card.set_ids) if s and s.release_date]
        return min(dates, default=None)
