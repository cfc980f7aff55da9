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
how many cards. One more word before the type is a word the card's name must hold (Experimental Torpedo Bay
W215: "Place a Torpedo [weapon] Upgrade with a printed SP cost of 5 or less face down beneath this card", the
torpedoes, ``name_word``); a sentence naming more than that is not read, so every report of a fleet holding
the card still says to check it by hand.
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
    name_word = leftover.strip()
    if len(kinds) != 1 or not re.fullmatch(r"[A-Za-z]*", name_word):
        return []
    bound = match["max"] or match["each"]
    qualifier = write_qualifier(
        kinds={kinds[0]},
        factions=set(factions),
        not_factions=not_factions,
        max_cost=int(bound) if bound else None,
        name_word=name_word.lower(),
    )
    count = 1 if match["n"].lower() in ("a", "an") else int(match["n"])
    code = "places_beneath_printed" if match["printed"] else "places_beneath"
    return [Restriction(code, qualifier, count)]


# Balance of Terror (C035, E035, T044, W027): "This card adds an extra [crew] slot which applies the special rules
# from the Balance of Terror OP. The chosen Upgrade will be placed face down below your ship card for a cost of
# exactly 3 SP. The Upgrade must be of the same faction as the ship and have an SP cost of 5 or less."
EXACT_ADDED = "exact_added"
_BELOW_SHIP = re.compile(
    r"^the chosen upgrade will be placed face down below your ship card for a cost of exactly (?P<n>\d+) ?sp\.?$",
    re.IGNORECASE,
)
_SAME_FACTION = re.compile(
    r"^the upgrade must be of the same faction as the ship and have an sp cost of (?P<max>\d+) or less\.?$",
    re.IGNORECASE,
)


def below_ship_rules(previous: str, sentence: str) -> list[Restriction]:
    """Balance of Terror's slot, one choice made while the fleet is built: the card chosen for the slot the card
    adds costs exactly 3 SP, and the slot takes only a card of the ship's faction costing 5 SP or less
    (``exact_added``; the placement decides which card sits there). Face down below the ship card is how it is
    kept hidden during play, not another place for it: it is bought for that slot."""
    placed, limits = _BELOW_SHIP.match(previous.strip()), _SAME_FACTION.match(sentence.strip())
    if not (placed and limits):
        return []
    reach = write_qualifier(ship_faction=True, max_cost=int(limits["max"]), only=True)
    return [Restriction(EXACT_ADDED, reach, int(placed["n"]))]


# Shinzon (Cap903): "During the Gather Forces step of Setup, instead of purchasing an [talent] Upgrade as normal for
# Shinzon, you may spend 4 SP to place up to 4 Romulan [talent] Upgrades face down beside this card."
PLACES_BESIDE = "places_beside"
_BESIDE = re.compile(
    r"instead of purchasing an? \[(?P<instead>\w+)\] upgrade as normal for [\w' .-]+, you may spend (?P<sp>\d+) ?sp to "
    r"place up to (?P<n>\d+) (?P<what>[\w\s\[\]-]+?) upgrades face down beside this card",
    re.IGNORECASE,
)


def beside_rules(sentence: str) -> list[Restriction]:
    """Shinzon's purchase, made while the fleet is built (the Gather Forces step): up to 4 Romulan [talent] Upgrades
    beside him for 4 SP in all, instead of a [talent] in his slot (``places_beside``: the qualifier names the type,
    the faction and how many, ``limit``; the amount is the SP spent). No cost bound: "Shinzon may take ANY Romulan
    Elite Talent upgrade regardless of price" (2016 FAQ, Scimitar – Shinzon)."""
    match = _BESIDE.search(sentence)
    if match is None:
        return []
    kinds = types_in(match["what"])
    if len(kinds) != 1 or match["instead"].lower() != kinds[0]:
        return []
    factions = factions_in(_ICON.sub(" ", match["what"]))
    reach = write_qualifier(kinds={kinds[0]}, factions=set(factions), limit=int(match["n"]))
    return [Restriction(PLACES_BESIDE, reach, int(match["sp"]))]
