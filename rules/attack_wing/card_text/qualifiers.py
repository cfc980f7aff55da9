"""Qualifiers: which cards a reduction or a faction-penalty waiver reaches.

The reader writes a qualifier into a restriction's value as ``key=value`` pairs joined by ``;``
(:func:`write_qualifier`); the catalog index reads it back once per card (:func:`read_qualifier`),
and the cost engine applies it. Kept apart from the reader because the engine needs only this.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rules.attack_wing.card_text.descriptors import FACTION_WORDS, UPGRADE_WORDS


@dataclass(frozen=True, slots=True)
class Qualifier:
    """Which cards a reduction or a faction-penalty waiver reaches.

    ``self``: the card carrying the rule; ``kinds``: roles or upgrade types ("captain",
    "admiral", "upgrade", "crew", "ship", …, or "any"); ``factions`` / ``not_factions``: the
    card's own factions; ``names``: card names; ``max_cost``: printed cost at most; ``ship``:
    a descriptor the ship must fit; ``not_ship``: a descriptor it must not fit; ``generic``: the card
    may not name a ship or a class of ship (Tahna Los: "this Upgrade cannot refer to a specific ship or
    class of ship"); ``floor``: a reduction takes the card no lower than this ("(min 1)"); ``only``: the slot
    the rule is written for takes no other card (Nijil: "… and must be a Romulan [tech] Upgrade").
    """

    self: bool = False
    kinds: frozenset[str] = frozenset()
    factions: frozenset[str] = frozenset()
    not_factions: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()
    max_cost: int | None = None
    ship: str = ""
    not_ship: str = ""
    # ``exact_cost``: at most this many cards ("Up to 3 of the Upgrades …"); ``reduce``: at most this many
    # SP off in all, over every reduction of the same card ("-5 Max", "(max -5SP total)")
    limit: int | None = None
    generic: bool = False
    floor: int = 0
    only: bool = False
    # a word the card's name must hold (Experimental Torpedo Bay: "a Torpedo [weapon] Upgrade" reaches Photon
    # Torpedoes, not Phaser Strike)
    name_word: str = ""
    # the card must share a faction with its ship (Balance of Terror: "of the same faction as the ship")
    ship_faction: bool = False
    # the amount is taken off once per slot of the ship's printed Upgrade Bar left empty (B'Elanna Torres C357)
    per_unused: bool = False
    # U.S.S. Prometheus (S362): "If this ship is equipped with the 'Federation Prototype' [hook], Prometheus Class
    # Restricted Upgrades …": a card the ship must carry (its name key), and the class a card's own "may only be
    # purchased for" names (a descriptor key)
    with_card: str = ""
    restricted_to: str = ""


_FLAGS = ("self", "generic", "only", "ship_faction", "per_unused")


def write_qualifier(**fields: Any) -> str:
    parts = []
    keys: tuple[str, ...]
    keys = ("self", "kinds", "factions", "not_factions", "names", "max_cost", "ship", "not_ship", "limit", "generic")
    keys += ("floor", "only", "name_word", "ship_faction", "per_unused", "with_card", "restricted_to")
    for key in keys:
        value: Any = fields.get(key)
        if value in (None, False, "", (), frozenset(), []):
            continue
        if key in _FLAGS:
            parts.append(key)
        elif isinstance(value, str | int):
            parts.append(f"{key}={value}")
        else:
            parts.append(f"{key}={','.join(sorted(value))}")
    return ";".join(parts)


def read_qualifier(value: str) -> Qualifier:
    fields: dict[str, Any] = {}
    for part in str(value or "").split(";"):
        if not part:
            continue
        key, _, raw = part.partition("=")
        if key in _FLAGS:
            fields[key] = True
        elif key in ("kinds", "factions", "not_factions", "names"):
            fields[key] = frozenset(x for x in raw.split(",") if x)
        elif key in ("max_cost", "limit", "floor"):
            fields[key] = int(raw)
        elif key in ("ship", "not_ship", "name_word", "with_card", "restricted_to"):
            fields[key] = raw
    return Qualifier(**fields)


def factions_in(phrase: str) -> list[str]:
    lower = f" {phrase.lower()} "
    return [slug for word, slug in FACTION_WORDS.items() if re.search(rf"(?<![\w-]){word}(?![\w-])", lower)]


def types_in(phrase: str) -> list[str]:
    return [t for t in re.findall(r"\[(\w+)\]", phrase) if t in UPGRADE_WORDS]
