"""Faction-penalty waivers: "You do not pay a faction penalty when assigning …".

One sentence form, but the most varied one: the waiver may reach the card itself, named cards,
an upgrade type, a faction's cards or every card on the ship, on any ship or a described one.
The reader (:mod:`~rules.attack_wing.card_text.reader`) finds the sentence; :func:`penalty_waivers`
reads what it reaches.
"""

from __future__ import annotations

import re
from typing import Any

from rules.attack_wing.card_text.descriptors import descriptor_key
from rules.attack_wing.card_text.qualifiers import factions_in, types_in, write_qualifier
from rules.attack_wing.catalog import Restriction


def penalty_waivers(sentence: str, name: str) -> list[Restriction]:
    """ "You do not pay a faction penalty when assigning Khan or any [talent] Upgrade to your ship"."""
    lower = sentence.lower()
    if "chosen faction" in lower or "fleet captain" in lower or "flagship" in lower or "option" in lower:
        return []
    if lower.startswith("if an independent"):
        return []
    if "without paying a faction penalty" in lower:
        return [Restriction("waive_penalty", write_qualifier(kinds={"upgrade"}))]
    objects_match = re.search(
        r"faction penalty(?: when)?(?: (?:you )?(?:assigning|deploying|equipping|fielding|equip|for))? (?P<obj>.*)$",
        sentence,
        re.IGNORECASE,
    )
    if not objects_match:
        return []
    obj = re.sub(r"\s+to this card\b", "", objects_match["obj"], flags=re.IGNORECASE)
    ship_desc = ""
    target = re.search(r"\b(?:to|on) (?:a |an |any |your |this )?(?P<ship>[^.]*?)\s*ships?\b", obj, re.IGNORECASE)
    where = obj
    if target:
        ship_desc = descriptor_key(target["ship"])
        where = obj[: target.start()]
    if ship_desc in ("", "your", "this", "any"):
        ship_desc = ""
    conditional = re.match(r"^if this card is assigned to an? non[- ](\w+) ship", sentence, re.IGNORECASE)
    found = []
    parts = re.split(r"\s+or\s+|,\s*", where)
    first_name = descriptor_key(name.split()[0]) if name else ""
    for part in parts:
        part_lower = part.lower().strip()
        if not part_lower:
            continue
        fields: dict[str, Any] = {"ship": ship_desc}
        if conditional:
            fields["not_ship"] = descriptor_key(conditional.group(1))
        if (
            "this card" in part_lower
            or "this one" in part_lower
            or (first_name and descriptor_key(part_lower).startswith(first_name))
        ):
            found.append(Restriction("waive_penalty", write_qualifier(self=True, **fields)))
            if not re.search(r"upgrade|card", part_lower.replace("this card", "")):
                continue
        if "including this one" in lower:
            found.append(Restriction("waive_penalty", write_qualifier(self=True, **fields)))
        # Space Dock writes Khan Singh's "any Talent Upgrade" without the icon Utopia prints ("[talent] Upgrade")
        types = types_in(part) or re.findall(r"\b(crew|tech|weapon|talent) upgrades?\b", part_lower)
        factions = factions_in(part)
        if re.match(r"^(?:his|her) ", part_lower):
            found.append(Restriction("waive_penalty_one", write_qualifier(kinds=set(types) or {"upgrade"}, **fields)))
            continue
        if "cards equipped to this ship" in lower or "cards equipped to" in part_lower:
            found.append(Restriction("waive_penalty", write_qualifier(kinds={"any"}, **fields)))
        elif types or factions or "upgrade" in part_lower:
            kinds = set(types) or {"upgrade"}
            found.append(
                Restriction("waive_penalty", write_qualifier(kinds=kinds, factions=set(factions) - kinds, **fields))
            )
    if not found and "this card" not in lower and "upgrade" not in lower:
        # "You do not pay a Faction penalty when assigning Kira Nerys to a Federation ship"
        found.append(Restriction("waive_penalty", write_qualifier(self=True, ship=ship_desc)))
    return found
