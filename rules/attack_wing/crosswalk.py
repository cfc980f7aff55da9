"""The same printed card in both community databases: a deterministic map from Utopia ids to Space Dock ids.

Utopia (``S273``, ``Cap049``, ``C462``) and Space Dock (``1002``, ``2006``, ``jean_luc_picard_b_71531``)
share no card id, but both name a card's expansion by WizKids' product number (``71120``) and print
the same card name. ``crosswalk(utopia, spacedock)`` pairs the cards whose (name, kind, upgrade
type, product number) is held by exactly one card on each side; a reprint that Space Dock lists
under several products matches through any of them. A second pass pairs what is still unique by
name, kind, type and factions (some printings are filed under different products). Everything
else is returned as the unmatched remainder, with the reason, so a comparison knows what it did
not compare. The map is data produced deterministically from the two files, not a committed list.

``printed_differences`` and ``KNOWN_DIFFERENCES`` name the pairs whose files disagree on the card
itself (``compared_out`` joins them); ``sample_fleets``, ``translate`` and ``verdict`` run the
comparison. Used by the cross-source test and benchmark (one fleet, one verdict with either file);
docs/attack-wing-rules.md gives the figures.
"""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import dataclass, field

from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, RESOURCE, SHIP, UPGRADE, Card, Catalog
from rules.attack_wing.fleet import Fleet, FleetShip, Report


@dataclass(slots=True)
class Crosswalk:
    pairs: dict[str, str] = field(default_factory=dict)  # Utopia id -> Space Dock id
    unmatched_utopia: dict[str, str] = field(default_factory=dict)  # id -> why
    unmatched_spacedock: dict[str, str] = field(default_factory=dict)


def name_key(name: str) -> str:
    """Case, accents, punctuation and spacing ignored: "I.R.W. Khazara" == "IRW Khazara"."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", plain.lower())


def card_keys(card: Card) -> set[tuple[str, str, str, str]]:
    base = (name_key(card.name), card.kind, card.upgrade_type)
    return {(*base, set_id) for set_id in card.set_ids}


def crosswalk(utopia: Catalog, spacedock: Catalog) -> Crosswalk:
    """Pair cards one to one on (name, kind, upgrade type, set); deterministic (sorted ids)."""
    result = Crosswalk()
    sd_by_key: dict[tuple[str, str, str, str], set[str]] = {}
    for card_id in sorted(spacedock.cards):
        for key in card_keys(spacedock.cards[card_id]):
            sd_by_key.setdefault(key, set()).add(card_id)
    u_by_key: dict[tuple[str, str, str, str], set[str]] = {}
    for card_id in sorted(utopia.cards):
        for key in card_keys(utopia.cards[card_id]):
            u_by_key.setdefault(key, set()).add(card_id)
    taken: set[str] = set()
    for card_id in sorted(utopia.cards):
        card = utopia.cards[card_id]
        candidates: set[str] = set()
        ambiguous = False
        for key in card_keys(card):
            found = sd_by_key.get(key, set())
            if len(found) > 1 or len(u_by_key.get(key, ())) > 1:
                ambiguous = ambiguous or bool(found)
                continue
            candidates |= found
        if len(candidates) == 1 and not (candidates & taken):
            (sd_id,) = candidates
            result.pairs[card_id] = sd_id
            taken.add(sd_id)
        elif candidates or ambiguous:
            result.unmatched_utopia[card_id] = "several Space Dock cards share its name, type and set"
        else:
            result.unmatched_utopia[card_id] = "no Space Dock card of this name, type and set"
    _pair_leftovers(utopia, spacedock, result, taken)
    for card_id in sorted(spacedock.cards):
        if card_id not in taken:
            result.unmatched_spacedock[card_id] = "no single Utopia card of this name, type and set"
    return result


# name, kind, upgrade type, factions
_LeftoverKey = tuple[str, str, str, tuple[str, ...]]


def _pair_leftovers(utopia: Catalog, spacedock: Catalog, result: Crosswalk, taken: set[str]) -> None:
    """Second pass: the databases file some printings under different products (Utopia ``72282p``,
    Space Dock ``72325p`` for one Aft Shields); pair what is still unique by name, kind, type and factions."""

    def key(card: Card) -> _LeftoverKey:
        return (name_key(card.name), card.kind, card.upgrade_type, tuple(sorted(card.factions)))

    left_u: dict[_LeftoverKey, list[str]] = {}
    for card_id in sorted(result.unmatched_utopia):
        left_u.setdefault(key(utopia.cards[card_id]), []).append(card_id)
    everyone_u: dict[_LeftoverKey, int] = {}
    for card in utopia.cards.values():
        everyone_u[key(card)] = everyone_u.get(key(card), 0) + 1
    left_s: dict[_LeftoverKey, list[str]] = {}
    everyone_s: dict[_LeftoverKey, int] = {}
    for card_id in sorted(spacedock.cards):
        k = key(spacedock.cards[card_id])
        everyone_s[k] = everyone_s.get(k, 0) + 1
        if card_id not in taken:
            left_s.setdefault(k, []).append(card_id)
    for k, ids in left_u.items():
        others = left_s.get(k, [])
        if len(ids) == 1 and len(others) == 1 and everyone_u[k] == 1 and everyone_s[k] == 1:
            result.pairs[ids[0]] = others[0]
            del result.unmatched_utopia[ids[0]]
            taken.add(others[0])
    result.pairs = dict(sorted(result.pairs.items()))


# ------------------------------------------------------------------------------ same fleet, both files


def sample_fleets(
    utopia: Catalog, walk: Crosswalk, seed: int, count: int, leave_out: frozenset[str] = frozenset()
) -> list[Fleet]:
    """``count`` random fleets of paired Utopia cards, the same for the same seed.

    One to four ships; each gets a captain (mostly), sometimes an admiral, up to its upgrade bar
    plus one of paired upgrades (mostly of the ship's own faction, so costs and not only
    penalties are compared), and the fleet takes up to one paired resource.
    """
    rng = random.Random(seed)
    by_kind: dict[str, list[Card]] = {}
    for card_id in walk.pairs:
        if card_id in leave_out:
            continue
        card = utopia.cards[card_id]
        by_kind.setdefault(card.kind, []).append(card)
    upgrades_by_faction: dict[str, list[Card]] = {}
    for card in by_kind.get(UPGRADE, []):
        for faction in card.factions:
            upgrades_by_faction.setdefault(faction, []).append(card)
    fleets = []
    for _ in range(count):
        ships = []
        for _ in range(rng.randint(1, 4)):
            hull = rng.choice(by_kind[SHIP])
            captain = rng.choice(by_kind[CAPTAIN]).id if rng.random() < 0.9 else None
            admiral = rng.choice(by_kind[ADMIRAL]).id if rng.random() < 0.15 else None
            own = [c for f in hull.factions for c in upgrades_by_faction.get(f, [])]
            upgrades = []
            for _ in range(rng.randint(0, len(hull.slots) + 1)):
                pool = own if own and rng.random() < 0.7 else by_kind[UPGRADE]
                upgrades.append(rng.choice(pool).id)
            ships.append(FleetShip(ship=hull.id, captain=captain, admiral=admiral, upgrades=tuple(upgrades)))
        resources = (rng.choice(by_kind[RESOURCE]).id,) if rng.random() < 0.3 else ()
        fleets.append(Fleet(ships=tuple(ships), resources=resources))
    return fleets


def translate(fleet: Fleet, walk: Crosswalk) -> Fleet:
    """The same fleet in Space Dock ids."""

    def one(card_id: str | None) -> str | None:
        return None if card_id is None else walk.pairs[card_id]

    ships = tuple(
        FleetShip(
            ship=walk.pairs[s.ship],
            captain=one(s.captain),
            admiral=one(s.admiral),
            upgrades=tuple(walk.pairs[u] for u in s.upgrades),
            blind_booster=s.blind_booster,
        )
        for s in fleet.ships
    )
    return Fleet(ships=ships, resources=tuple(walk.pairs[r] for r in fleet.resources))


def verdict(report: Report) -> tuple[tuple[int, ...], int, tuple[str, ...]]:
    """What must agree: each ship's cost, the total, the violation codes that arise (a card breaking one
    restriction that its file states twice, as a Space Dock code and in its text, counts once)."""
    return (tuple(s.cost for s in report.ships), report.total, tuple(sorted({v.code for v in report.violations})))


PRINTED = ("cost", "factions", "unique", "ship_class", "hull", "shields", "attack", "agility", "slots", "skill")


def printed_differences(utopia: Catalog, spacedock: Catalog, walk: Crosswalk) -> dict[str, str]:
    """Paired cards whose files print different values the engine reads: Utopia id -> what differs.

    These are data differences, not rules: the same fleet rightly costs differently when one
    file says the card costs 7 SP and the other 14. The comparison leaves such cards out.
    """
    found = {}
    for u_id, s_id in walk.pairs.items():
        a, b = utopia.cards[u_id], spacedock.cards[s_id]
        fields = [
            f"{name} {getattr(a, name)!r} / {getattr(b, name)!r}"
            for name in PRINTED
            if _printed(a, name) != _printed(b, name)
        ]
        if fields:
            found[u_id] = "; ".join(fields)
    return found


def _printed(card: Card, name: str) -> object:
    value = getattr(card, name)
    if name in ("factions", "slots"):
        return tuple(sorted(value))
    if name == "unique":  # one resource per fleet anyway
        return card.kind != RESOURCE and (card.unique, card.mirror_unique)
    if name == "ship_class":
        return name_key(value)
    return value


# Paired cards on which the two files state a different rule (not a different printed value), by Utopia id.
# Each is a data difference between the databases, not a gap in the engine; docs/attack-wing-rules.md lists them.
_Q_PENALTY = (
    "Q Continuum (72000b): Utopia records factionPenalty 0 (no faction penalty on any ship); Space Dock "
    "records no such rule, so the card pays the +1 penalty off a Q Continuum ship"
)
KNOWN_DIFFERENCES: dict[str, str] = {
    "A006": _Q_PENALTY,  # Q (admiral)
    "Cap202": _Q_PENALTY,  # Q (captain)
    "Cap10": _Q_PENALTY,  # Q (Female)
    "C017": _Q_PENALTY,  # Quinn
    "E017": _Q_PENALTY,  # Think Fast
    "W178": (
        "Disruptor Cannon (75002 / 72946): Utopia's battleshipLimit restricts it to a Jem'Hadar Battleship; "
        "Space Dock's record and text carry no restriction"
    ),
    "C297": "Talak'Talan (75002 / 72946): Utopia's shipDominion allows only a Dominion ship; Space Dock states none",
    "E180": (
        'All Power To Weapons (75002 / 72946): Utopia\'s hullConstraint "5+" needs a hull of 5 or more; '
        "Space Dock states only the Dominion captain"
    ),
    "W165": "Tellarite Disruptor Banks: Utopia's OnePerShip limits a ship to one; Space Dock states no limit",
    "C261": (
        "B'Etor (72282p / 72325p), the crew face of the Lursa and B'Etor captain: Utopia gives it the sister's "
        "[talent] slot (talents 1); Space Dock keeps that in its unread code OnlyLBCaptain"
    ),
    "C262": (
        "Lursa (72282p / 72325p), the crew face of the Lursa and B'Etor captain: Utopia gives it the sister's "
        "[talent] slot (talents 1); Space Dock keeps that in its unread code OnlyLBCaptain"
    ),
    "T065": (
        "Escape Transporter (71997p): Utopia's text allows any Federation shuttlecraft; Space Dock's code "
        "OnlyShipClass_Type_7_Shuttlecraft allows a Type 7 Shuttlecraft only"
    ),
    "W170": (
        "Tactical Station (2017core / 71510): Utopia's record, marked ( ERRATA ), limits a ship to one "
        "(OnePerShip); Space Dock states no limit"
    ),
    "T248": (
        "Interphase Generator (71124): Utopia's record, marked ( ERRATA ), limits a ship to one (OnePerShip); "
        "Space Dock states no limit"
    ),
    "T150": (
        "Genesis Effect (72011wp / 72940): Space Dock's code Add_Crew_1 gives a [crew] slot for the card placed "
        'beneath it; Utopia gives none (the card equips it later "even if it exceeds its restrictions")'
    ),
    "Cap336": (
        "Jhamel (72939): Utopia's text ends \"( Romulan Drone Ship Only )\"; Space Dock's Ability omits that line"
    ),
}


def compared_out(utopia: Catalog, spacedock: Catalog, walk: Crosswalk) -> dict[str, str]:
    """Every paired card the cross-source comparison leaves out, with why."""
    return {**printed_differences(utopia, spacedock, walk), **KNOWN_DIFFERENCES}
