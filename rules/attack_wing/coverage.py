"""Which restriction sentences printed on cards the engine models, and why the rest are not.

``restriction_coverage(catalog)`` lists, for every card whose text holds a fleet-building
restriction phrase ("may only be purchased for …", "no ship may be equipped with more than
one …", "costs +5 SP for any ship other than …", "You cannot assign a Captain …"), whether
the card's restrictions carry a rule of that family, or else the written reason it is left
out. A ``manage.py restriction_coverage`` command prints it; the aim is that no line is
unmodelled without a reason (``reason`` never empty).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.attack_wing.card_text.plain import plain_text, sentences
from rules.attack_wing.catalog import Card, Catalog

# phrase family -> (pattern, restriction codes that model it)
FAMILIES: dict[str, tuple[re.Pattern[str], frozenset[str]]] = {
    "deployment": (
        re.compile(
            r"(?:may|can|by) only be (?:purchased|fielded|equipped|assigned|deployed)|\(\s*[^)]* only\s*\)|"
            r"may only be assigned \w|must have an? \[[\w-]+\] maneuver on its maneuver dial",
            re.IGNORECASE,
        ),
        frozenset(
            {
                "ship_is",
                "captain_is",
                "ship_faction",
                "captain_faction",
                "ship_class",
                "ship_class_contains",
                "ship_name",
                "hull_min",
                "hull_max",
                "attack_min",
                "attack_max",
                "shield_min",
                "captain_skill_min",
                "captain_skill_max",
                "ship_unique",
                "dial_top_speed_max",
                "dial_needs",
                "action_needed",
            }
        ),
    ),
    "one per ship": (
        re.compile(
            r"no (?:ship|squadron) (?:may|my|can) (?:be equipped with|have) more than"
            r"|cannot deploy more than (?:one|1)",
            re.IGNORECASE,
        ),
        frozenset({"one_per_ship"}),
    ),
    "extra cost": (
        re.compile(r"\bcosts? \+ ?\d", re.IGNORECASE),
        frozenset(
            {
                "extra_cost_unless_ship",
                "extra_cost_unless_ship_faction",
                "extra_cost_unless_ship_class",
                "extra_cost_unless_captain",
                "extra_cost_if_skill_over",
                "extra_cost_unless_captain_talent",
            }
        ),
    ),
    "computed cost": (
        re.compile(r"cost[^.]*equal to|cost of this resource is|resource costs \d", re.IGNORECASE),
        frozenset({"cost_from_attack", "cost_from_hull", "resource_cost"}),
    ),
    "captain ban": (
        re.compile(
            r"cannot (?:assign|equip|deploy) a captain|(?:cannot|may not) (?:have|equip) an admiral", re.IGNORECASE
        ),
        frozenset({"no_captain", "no_admiral"}),
    ),
    "same fleet": (
        re.compile(r"same (?:ship or )?fleet as", re.IGNORECASE),
        frozenset({"not_with"}),
    ),
    "same ship": (
        re.compile(r"may not equip the .+ upgrade to this ship", re.IGNORECASE),
        frozenset({"not_on_ship_with"}),
    ),
    "ship contents": (
        re.compile(
            r"you may only have an? \w+ captain|may only field \w+ \[talent\]"
            r"|with a cost greater than \d+ to this ship",
            re.IGNORECASE,
        ),
        frozenset({"ship_cards_only", "max_upgrade_cost"}),
    ),
    # "This Upgrade does not require an Upgrade slot"; a card that frees another named card of its slot (Guingouin
    # S313 "You may equip the Inertial Compensators Upgrade to this ship for free and without requiring an Upgrade
    # Slot"), Porthos beside Jonathan Archer
    "upgrade slot": (
        re.compile(r"without requiring an? (?:\[\w+\] )?upgrade slot|does not require an upgrade slot", re.IGNORECASE),
        frozenset({"no_slot", "frees_slot", "no_slot_with"}),
    ),
    # a card that lets one named card onto its ship: "Lovok may field the "Tal Shiar" [talent] Upgrade", "You may
    # equip the Enhanced Hull Plating [tech] Upgrade to your ship for free", K'Tanco's free Klingon [tech]
    "named card": (
        re.compile(
            r"\bmay field the\b.*\[talent\] upgrade|\bmay equip (?:the|an?) .+? to (?:this|your) (?:ship|card) for "
            r"(?:free|0 sp)\b|\bmay only equip the .+ \[talent\] upgrades? to this captain",
            re.IGNORECASE,
        ),
        frozenset({"frees_slot", "exact_cost", "reduce_one"}),
    ),
    # Cards set face down beneath a card when the game starts are part of the fleet as built: Quark (C114) "At the
    # start of the game, place 1 non-Borg [tech] Upgrade with a cost of 5 or less face down beneath this card",
    # Cryogenic Stasis, Leonard McCoy, Daimon Solok, Experimental Torpedo Bay (the fleet file's "beneath"); Balance
    # of Terror's "placed face down below your ship card for a cost of exactly 3 SP" is the card in the slot it adds;
    # Shinzon's "spend 4 SP to place up to 4 Romulan [talent] Upgrades face down beside this card" (``places_beside``)
    "placed at setup": (
        re.compile(
            r"\b(?:setup|start of the game|gather forces)\b.*\bface down\b"
            r"|^place\b.*\bface down (?:beneath|under) this card|\bplaced face down below your ship card",
            re.IGNORECASE,
        ),
        frozenset({"places_beneath", "places_beneath_printed", "exact_added", "places_beside"}),
    ),
    # sentences that change what a card costs, counted apart from the restrictions (``CoverageLine.group``)
    "reduction": (
        re.compile(r"\bcosts? -\s?\d|\bcost (?:of [^.]*?)?is -\s?\d|\d ?sp less\b", re.IGNORECASE),
        frozenset(
            {"discount", "fleet_discount", "reduce", "reduce_one", "reduce_added", "reduce_self_per", "ship_discount"}
        ),
    ),
    "exact cost": (
        re.compile(r"\bcosts? exactly \d|at a cost of \d|upgrades equipped to this captain cost \d", re.IGNORECASE),
        frozenset({"exact_cost", "exact_equipped"}),
    ),
    "faction penalty": (
        re.compile(r"faction penalty", re.IGNORECASE),
        frozenset(
            {
                "waive_penalty",
                "waive_penalty_one",
                "double_penalty",
                "no_faction_penalty",
                "no_faction_penalty_on",
                "upgrades_no_faction_penalty",
                "resource_option",
                "adds_ship_faction",  # the Independent Flagship: "… and pay no faction penalty"
                "adds_captain_faction",
            }
        ),
    ),
}
COST_FAMILIES = frozenset({"extra cost", "computed cost", "reduction", "exact cost", "faction penalty"})

NEEDS_ARCS = "needs the ship's firing arcs, which the catalog records do not carry"
NOT_READ = "a fleet-building rule the engine does not read yet"
PLACED_AT_SETUP = (
    "the cards it sets face down at setup are not read from this sentence, so their slots, limits and price are"
    " not applied"
)
# Left out, yet it changes what the fleet as built costs or may hold: every report of a fleet holding the
# card says so ("Muster does not apply this card's text … check by hand"), as for a line with no reason.
CHECK_BY_HAND = frozenset({NEEDS_ARCS, NOT_READ, PLACED_AT_SETUP})

# Sentences the engine deliberately does not model, by what they need; the first match gives the reason.
REASONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (FAMILIES["placed at setup"][0], PLACED_AT_SETUP),
    (
        re.compile(r"not a physical card", re.IGNORECASE),
        "a helper record of the Utopia builder, not a printed card",
    ),
    (
        re.compile(r"^[\"'].*(?:costs?|may only)", re.IGNORECASE),
        "quotes the text printed on another card, which is read from that card",
    ),
    (
        re.compile(r"both admirals may not", re.IGNORECASE),
        "a two-admiral card (A044); the one-face-up-admiral limit already keeps them apart",
    ),
    (
        re.compile(r"if an independent option is chosen", re.IGNORECASE),
        "read from the Independent flagship card, which makes its ship Independent; resource cards pay no penalty",
    ),
    # a sentence of these families that no code models is a fleet-building rule not read yet
    (FAMILIES["upgrade slot"][0], NOT_READ),
    (FAMILIES["named card"][0], NOT_READ),
    # the dial and the Action Bar are read (checks/card_rules.py): a sentence about them left unmodelled is unread
    (re.compile(r"maneuver dial|\[come-about\]|maneuver on its|action bar", re.IGNORECASE), NOT_READ),
    (re.compile(r"firing arc|\brear arc\b", re.IGNORECASE), NEEDS_ARCS),
    (
        # Weyoun (Cap717): "The cost of these Upgrades is -1 SP each if they are Dominion [crew] Upgrades";
        # Kurn (Cap410): "Kurn may field the "Mauk-to'Vor" [talent] Upgrade at a cost of 3 SP"
        # Nijil, Tuvok: "That Upgrade costs -1 SP"; Iden: "-1 SP for each Independent Faction Upgrade equipped …"
        re.compile(
            r"cost of these upgrades|\bmay field the\b.*\bat a cost of\b|^that upgrade costs"
            r"|for each .*(?:equipped to this ship|unused upgrade slot)|if the captain's card|if the additional"
            r"|if this ship is equipped with",
            re.IGNORECASE,
        ),
        NOT_READ,
    ),
    (
        re.compile(r"\b(?:if|when|while|during|each time|after|before)\b.*\b(?:cost|sp)\b", re.IGNORECASE),
        "a cost that depends on the game state or a choice made during play, not on the fleet as built",
    ),
    (
        re.compile(r"exceeds? (?:this |your |the )?ship'?s restrictions|even if it exceeds", re.IGNORECASE),
        "an in-game redeployment that ignores restrictions; nothing to check when the fleet is built",
    ),
    (
        re.compile(r"\bopposing\b|\benemy\b|target ship|defending ship|attacking ship", re.IGNORECASE),
        "describes opposing ships during play, not fleet building",
    ),
    (
        re.compile(r"mission|scenario|campaign|dominion war|solo|alliance", re.IGNORECASE),
        "a scenario, mission or campaign rule outside tournament fleet building",
    ),
    (
        re.compile(r"cannot be used with|in conjunction with", re.IGNORECASE),
        "limits which cards may be used together during play, not which may be fielded",
    ),
    (
        re.compile(r"upgrades? (?:that|which) (?:you|are)|face down|beneath this card|placed", re.IGNORECASE),
        "governs cards placed by this card during setup; their own restrictions are checked as usual",
    ),
)


@dataclass(frozen=True, slots=True)
class CoverageLine:
    card_id: str
    name: str
    family: str  # "deployment", "one per ship", "extra cost", …
    sentence: str  # the card's own words
    modelled: bool
    reason: str  # the restriction codes that model it, or why it is left out

    @property
    def group(self) -> str:
        """ "cost" for a sentence that changes what a card costs, else "restriction"."""
        return "cost" if self.family in COST_FAMILIES else "restriction"

    @property
    def check_by_hand(self) -> bool:
        """Not modelled, yet about the fleet as built: a report of a fleet holding the card must say so."""
        return not self.modelled and (not self.reason or self.reason in CHECK_BY_HAND)


def restriction_coverage(catalog: Catalog) -> list[CoverageLine]:
    """One line per restriction sentence on every card of ``catalog``, in card id order."""
    lines = []
    for card_id in sorted(catalog.cards):
        lines.extend(_card_lines(catalog.cards[card_id]))
    return lines


def unapplied_sentences(card: Card) -> tuple[str, ...]:
    """The sentences of ``card`` that change costs or legality and that the engine does not apply."""
    return tuple(dict.fromkeys(line.sentence for line in _card_lines(card) if line.check_by_hand))


def setup_sentences(card: Card) -> tuple[str, ...]:
    """The sentences of ``card`` that place Upgrades face down at setup (the "placed at setup" family)."""
    pattern = FAMILIES["placed at setup"][0]
    return tuple(s for s in sentences(plain_text(card.text)) if pattern.search(s)) if card.text else ()


def _card_lines(card: Card) -> list[CoverageLine]:
    if not card.text:
        return []
    codes = {r.code for r in card.restrictions}
    found = []
    for sentence in sentences(plain_text(card.text)):
        for family, (pattern, modelling) in FAMILIES.items():
            if not pattern.search(sentence):
                continue
            used = sorted(codes & modelling)
            if used:
                found.append(CoverageLine(card.id, card.name, family, sentence, True, "modelled as " + ", ".join(used)))
            else:
                found.append(CoverageLine(card.id, card.name, family, sentence, False, unmodelled_reason(sentence)))
    return found


def unmodelled_reason(sentence: str) -> str:
    for pattern, reason in REASONS:
        if pattern.search(sentence):
            return reason
    return ""


def coverage_summary(lines: list[CoverageLine]) -> dict[str, int]:
    """Counts for a report header: all lines, modelled, unmodelled with a reason, unmodelled without one,
    the cost sentences among them and those a judge checks by hand."""
    return {
        "lines": len(lines),
        "modelled": sum(1 for line in lines if line.modelled),
        "explained": sum(1 for line in lines if not line.modelled and line.reason),
        "unexplained": sum(1 for line in lines if not line.modelled and not line.reason),
        "cost_lines": sum(1 for line in lines if line.group == "cost"),
        "cost_modelled": sum(1 for line in lines if line.group == "cost" and line.modelled),
        "check_by_hand": sum(1 for line in lines if line.check_by_hand),
    }
