"""What a card's page shows beside its text: its stats, upgrade bar, maneuver dial, actions and cost rules.

Everything comes from the catalog's record: the dial and the Action Bar are the facts the card readers
keep on each ship (``dial_top_speed``, ``dial_maneuver``, ``action`` restrictions, read from the class
records of both databases), so the page draws only what the catalog knows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.attack_wing.card_text.plain import plain_text, sentences
from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, SHIP, UPGRADE, Card

from .catalog import slot_label

# Maneuver kinds as the readers name them, in the order a dial reads, with their words.
MANEUVERS = {
    "straight": "Straight",
    "bank": "Bank",
    "turn": "Turn",
    "come-about": "Come about",
    "spin": "Spin",
    "flank": "Flank",
    "45-degree-rotate": "45° rotate",
    "90-degree-rotate": "90° rotate",
    "stop": "Full stop",
}
ACTION_WORDS = {
    "evade": "Evade",
    "target-lock": "Target Lock",
    "scan": "Scan",
    "battlestations": "Battle Stations",
    "cloak": "Cloak",
    "sensor-echo": "Sensor Echo",
    "regenerate": "Regenerate",
}


@dataclass(frozen=True, slots=True)
class Dial:
    top_speed: int
    maneuvers: tuple[tuple[str, str], ...]  # (kind, words)

    @property
    def placed(self) -> list[tuple[str, str, int, int]]:
        """Each maneuver kind with where the drawn dial puts its icon: evenly round a circle of radius 66 about
        (100, 100), the first at the top."""
        count = len(self.maneuvers) or 1
        return [
            (
                kind,
                words,
                round(100 + 66 * math.sin(2 * math.pi * i / count)),
                round(100 - 66 * math.cos(2 * math.pi * i / count)),
            )
            for i, (kind, words) in enumerate(self.maneuvers)
        ]

    @property
    def words(self) -> str:
        kinds = ", ".join(words.lower() for _kind, words in self.maneuvers)
        return f"Maneuver dial: speeds up to {self.top_speed}; {kinds}."


@dataclass(frozen=True, slots=True)
class CardFacts:
    stats: tuple[tuple[str, int], ...]  # (label, value) the card prints
    upgrade_bar: tuple[str, ...]  # slot labels, ships only
    dial: Dial | None
    actions: tuple[str, ...]
    penalty: str  # the faction penalty the card pays on another faction's ship, in words ("" if none)
    cost_sentences: tuple[str, ...]  # the card's own sentences about SP


def card_facts(card: Card) -> CardFacts:
    return CardFacts(
        stats=_stats(card),
        upgrade_bar=tuple(map(slot_label, card.slots)),
        dial=_dial(card),
        actions=tuple(ACTION_WORDS.get(str(r.value), str(r.value)) for r in card.restrictions if r.code == "action"),
        penalty=_penalty(card),
        cost_sentences=tuple(s for s in sentences(plain_text(card.text)) if " SP" in f" {s}"),
    )


def _stats(card: Card) -> tuple[tuple[str, int], ...]:
    if card.kind == SHIP:
        return (("Attack", card.attack), ("Agility", card.agility), ("Hull", card.hull), ("Shields", card.shields))
    if card.kind in (CAPTAIN, ADMIRAL):
        return (("Skill", card.skill), ("Elite Talent slots", card.talent_slots))
    return ()


def _dial(card: Card) -> Dial | None:
    top = next((r.value for r in card.restrictions if r.code == "dial_top_speed"), None)
    if not isinstance(top, int):
        return None
    kinds = {str(r.value) for r in card.restrictions if r.code == "dial_maneuver"}
    ordered = [(kind, words) for kind, words in MANEUVERS.items() if kind in kinds]
    ordered += [(kind, kind.replace("-", " ").capitalize()) for kind in sorted(kinds - MANEUVERS.keys())]
    return Dial(top, tuple(ordered))


def _penalty(card: Card) -> str:
    """Seed 003, Additional Rules 20 (and Admiral Cards: "Faction penalties are tripled")."""
    if card.kind == ADMIRAL:
        return "+3 SP face up on a ship that shares none of its factions (faction penalties are tripled for Admirals)."
    if card.kind in (CAPTAIN, UPGRADE):
        return "+1 SP on a ship that shares none of its factions (the faction penalty)."
    return ""
