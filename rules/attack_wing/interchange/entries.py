"""What a reader finds, before any card is resolved: :class:`Entry` per card, grouped by ship.

Readers turn a source (a link, a text export, a squad file) into a :class:`Parsed` of
:class:`Entry` records — one per card, saying what the source said (an id, or a name with its
type hints) and where the card sits. The :mod:`~rules.attack_wing.interchange.resolver` finds
their cards and the :mod:`~rules.attack_wing.interchange.assembler` builds the fleet. How two
sources' spellings of a name compare (:func:`name_key`) lives here, as every step uses it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, OTHER, RESOURCE, SHIP, UPGRADE

ROLE_KINDS = {
    "card": (CAPTAIN, ADMIRAL, UPGRADE, OTHER),  # "on this ship", the role follows the card's kind
    "ship": (SHIP,),
    "captain": (CAPTAIN, ADMIRAL),
    "admiral": (ADMIRAL,),
    "upgrade": (UPGRADE, OTHER),
    "resource": (RESOURCE,),
}


_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "“": '"', "”": '"', "–": "-", "—": "-"})


def name_key(name: str) -> str:
    """How two sources' spellings of one card name compare: no case, accents, quotes or punctuation."""
    text = unicodedata.normalize("NFKD", name.translate(_QUOTES))
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return re.sub(r"[^a-z0-9]+", "", text)


def ship_names(title: str) -> tuple[tuple[str, ...], str]:
    """Readings of a ship written "Name (Class)": the names to try (as written first) and the class.

    The class may itself hold brackets ("U.S.S. Enterprise (Constitution Class (Refit))"), and a
    unique ship's own name may too, so every split is offered; the first " (" gives the class.
    """
    if not title.endswith(")") or " (" not in title:
        return (title,), ""
    cuts = [i for i in range(len(title)) if title.startswith(" (", i)]
    names = (title, *(title[:i] for i in reversed(cuts)))
    return tuple(dict.fromkeys(names)), title[cuts[0] + 2 : -1]


@dataclass(slots=True)
class Entry:
    """One card as a source gives it, before resolution."""

    role: str
    source: str  # shown back to the player
    card_id: str | None = None  # an id, when the source gives ids
    family: str | None = None  # "utopia" / "spacedock" / "muster": whose ids they are
    name: str | None = None  # a name, when the source gives names (or as well as an id)
    names: tuple[str, ...] = ()  # names to try in order (as written, then with hints taken off); default (name,)
    type_hint: str = ""  # an upgrade type or other-card type the source states ("crew", "fleet-captain")
    kinds: tuple[str, ...] = ()  # card kinds the source allows here; default: the role's kinds
    ship_class: str = ""
    set_hint: str = ""  # set names or codes as the source prints them
    skill: int | None = None
    source_cost: int | None = None
    penalty: int = 0  # the faction penalty the source says ``source_cost`` includes (Muster's "4 (+1)")
    ship_factions: tuple[str, ...] = ()  # the factions of the ship the card is on (set while resolving)
    unplaced: str = ""  # the source holds it somewhere Muster's fleet has no place for; why
    sideboard: bool = False  # the source places it on the Reinforcements Sideboard (``Parsed.sideboard``)
    optional: bool = False  # the source may not mean a card here (a line notes can look like)
    near: bool = False  # a name typed by hand: a near miss is read as the nearest name (and said so)
    # the card whose added slot holds this one (Utopia: a card inside Quark's or Cryogenic Stasis's slot)
    host: Entry | None = None


@dataclass(slots=True)
class ShipEntries:
    ship: Entry
    cards: list[Entry] = field(default_factory=list)
    blind_booster: bool = False
    source_total: int | None = None


@dataclass(slots=True)
class Parsed:
    """What a reader found, before the cards are resolved."""

    ships: list[ShipEntries] = field(default_factory=list)
    resources: list[Entry] = field(default_factory=list)
    loose: list[Entry] = field(default_factory=list)  # known to be outside the fleet (before any ship, ...)
    sideboard: list[Entry] = field(default_factory=list)  # the Reinforcements Sideboard's cards
    name: str | None = None
    source_total: int | None = None
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def entry_fields(entry: Entry) -> dict[str, Any]:
    return {name: getattr(entry, name) for name in Entry.__slots__}
