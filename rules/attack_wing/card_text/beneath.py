"""Cards placed face down beneath another card when the game starts (Quark, Cryogenic Stasis, McCoy, …).

The forms read::

    At the start of the game, place 1 non-Borg [tech] Upgrade with a cost of 5 or less face down beneath this card.
    SETUP: … place 2 [crew] Upgrades each with a printed cost of 3 SP or less face down beneath this card.
    SETUP: Place 3 Klingon [talent] Upgrades face down beneath this card.
    … place up to 3 Federation [tech] Upgrades, each 4 SP or less, face down under this card.
    SETUP: Choose a Non-Borg [weapon] Upgrade with a cost of 5 SP or less and place it face down beneath this card.

Each becomes ``places_beneath`` (a "cost of N or less" counts the card's extra cost and faction penalty,
2014 FAQ, Deep Space 9 – Quark 13) or ``places_beneath_printed`` ("a printed cost of N or less"): the
qualifier names the upgrade type, the factions it must or must not have and the cost bound; the amount is
how many cards. A sentence naming more than that ("a Torpedo [weapon] Upgrade") is not read, so every
report of a fleet holding the card still says to check it by hand.
"""

from __future__ import annotations

import re

from rules.attack_wing.card_text.qualifiers import factions_in, types_in, write_qualifier
from rules.attack_wing.catalog import Restriction

_PLACES = re.compile(
    r"\b(?:place|choose) (?:up to )?(?P<n>\d+|an?) (?P<what>(?:(?!\bplace\b)[\w\s\[\]-])+?) upgrades?"
    r"(?: (?:each )?with a (?P<printed>printed )?(?:sp )?cost of (?P<max>\d+) (?:sp )?or less"
    r"|, each (?P<each>\d+) sp or less,)?"
    r" (?:and place (?:it|them) )?face down (?:beneath|under) this card",
    re.IGNORECASE,
)
_NOT_BORG = re.compile(r"\bnon-\s*\[?borg\]?", re.IGNORECASE)
_ICON = re.compile(r"\[(?:crew|tech|weapon|talent|borg|squadron)\]", re.IGNORECASE)
# Utopia's Genesis Effect (T150) prints its icon "[crew_test]"
_MISPRINTED_ICON = re.compile(r"\[(\w+)_test\]")


def beneath_rules(sentence: str) -> list[Restriction]:
    """The cards this card's text places face down beneath it, as one restriction (or none when not read)."""
    match = _PLACES.search(sentence)  # never across "place …": Solok's "Place 2 GPLT on this card and place 2 …"
    if match is None:
        return []
    what = _MISPRINTED_ICON.sub(r"[\1]", match["what"])
    not_factions = {"borg"} if _NOT_BORG.search(what) else set()
    what = _NOT_BORG.sub(" ", what)
    kinds = types_in(what)
    words = _ICON.sub(" ", what)  # "Klingon", "[klingon]" (Space Dock), "Xindi", "Torpedo"
    factions = factions_in(words)
    leftover = re.sub(r"[\[\]]", " ", words)
    for word in factions:
        leftover = re.sub(word.replace("-", r"[\s-]"), " ", leftover, flags=re.IGNORECASE)
    if len(kinds) != 1 or leftover.strip():
        return []
    bound = match["max"] or match["each"]
    qualifier = write_qualifier(
        kinds={kinds[0]},
        factions=set(factions),
        not_factions=not_factions,
        max_cost=int(bound) if bound else None,
    )
    count = 1 if match["n"].lower() in ("a", "an") else int(match["n"])
    code = "places_beneath_printed" if match["printed"] else "places_beneath"
    return [Restriction(code, qualifier, count)]
