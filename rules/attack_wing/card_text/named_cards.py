"""What a card lets one named card do on its ship: take no slot, cost less, cost nothing.

The forms read::

    Lovok may field the "Tal Shiar" [talent] Upgrade.                       (a captain with no [talent] icon)
    Kurn may field the "Mauk-to'Vor" [talent] Upgrade at a cost of 3 SP.
    You may field the "Kuvah'Magh" [talent] Upgrade at a cost of -2.        (Kohlar)
    You may equip the Inertial Compensators Upgrade to this ship for free and without requiring an Upgrade Slot.
    You may equip the 'Transporter Room' [tech] Upgrade to this ship without requiring an Upgrade Slot.
    You may equip the Enhanced Hull Plating [tech] Upgrade to your ship for free even if it exceeds …
    You may equip the Dahar Master [talent] Upgrade to this card for 0 SP.  (Kor, Cap004)
    You may equip a Klingon [tech] Upgrade with a printed cost of 4 SP or less to this ship for free, …  (K'Tanco)
    This card may be equipped to a ship with 'Jonathan Archer' equipped without requiring an Upgrade Slot.  (Porthos)
    You may only equip the "Grand Nagus" and "Rules of Acquisition" [talent] Upgrades to this Captain.  (Gint)

"May field" and "without requiring an Upgrade Slot" give the named card a place of its own (``frees_slot``, the
card's name); a cost is an exact cost (``exact_cost``, "for free" is 0) or a reduction (``reduce_one``) on that
one card, and its faction penalty is still paid (2016 FAQ, Fleet Captain: the cost, then all penalties). Porthos
needs no slot beside a card named Jonathan Archer (``no_slot_with``). "Even if it exceeds this ship's
restrictions" is not read: the card's own restrictions are still checked.
"""

from __future__ import annotations

import re

from rules.attack_wing.card_text.descriptors import descriptor_key
from rules.attack_wing.card_text.qualifiers import factions_in, write_qualifier
from rules.attack_wing.catalog import Restriction

# a card's title, in double or single quotes or none: "Kuvah'Magh", 'Phase Cannons', Grand Nagus
_NAME = r"(?:[\"“](?P<double>[^\"”]+)[\"”]|['‘](?P<single>[^'’]+)['’]|(?P<bare>[^\"'‘“\[]+?))"
_FIELDS = re.compile(
    rf"^(?:you|[\w']+) may field the {_NAME} \[talent\] upgrade"
    r"(?: at a cost of (?P<minus>-)?\s?(?P<n>\d+)(?: ?sp)?)?\.?$",
    re.IGNORECASE,
)
_EQUIPS = re.compile(
    rf"^you may equip the {_NAME}(?: \[\w+\])? upgrade to (?:this|your) (?:ship|card)(?P<free> for (?:free|0 sp))?"
    r"(?P<slotless>,? (?:and )?without requiring an upgrade slot)?\b",
    re.IGNORECASE,
)
_EQUIPS_ANY = re.compile(
    r"^you may equip an? (?P<who>[\w' -]+?) \[(?P<type>\w+)\] upgrade with a printed cost of (?P<max>\d+) ?sp or less"
    r" to this ship for free\b",
    re.IGNORECASE,
)
_ONLY_THESE = re.compile(
    r"^you may only equip the (?P<names>.+?) \[talent\] upgrades? to this captain\b", re.IGNORECASE
)
_BESIDE = re.compile(
    rf"^this card may be equipped to a ship with {_NAME} equipped without requiring an upgrade slot\b", re.IGNORECASE
)


def named_card_rules(sentence: str) -> list[Restriction]:
    """The rules ``sentence`` gives one named card (or one card of a type and faction, K'Tanco), else none."""
    text = sentence.strip()
    if match := _FIELDS.match(text):
        key = _key(match)
        found = [Restriction("frees_slot", key)]
        if match["n"] and match["minus"]:
            found.append(Restriction("reduce_one", write_qualifier(names={key}), int(match["n"])))
        elif match["n"]:
            found.append(Restriction("exact_cost", write_qualifier(names={key}, limit=1), int(match["n"])))
        return found
    if match := _EQUIPS.match(text):
        key = _key(match)
        found = [Restriction("frees_slot", key)] if match["slotless"] else []
        if match["free"]:
            found.append(Restriction("exact_cost", write_qualifier(names={key}, limit=1), 0))
        return found
    if match := _EQUIPS_ANY.match(text):
        qualifier = write_qualifier(
            kinds={match["type"].lower()}, factions=set(factions_in(match["who"])), max_cost=int(match["max"]), limit=1
        )
        return [Restriction("exact_cost", qualifier, 0)]
    if match := _ONLY_THESE.match(text):  # Gint: "… the "Grand Nagus" and "Rules of Acquisition" [talent] Upgrades …"
        titles = re.findall(r"[\"“]([^\"”]+)[\"”]", match["names"])
        return [Restriction("frees_slot", key) for title in titles for key in _title_keys(title)]
    if match := _BESIDE.match(text):
        return [Restriction("no_slot_with", _key(match))]
    return []


def _key(match: re.Match[str]) -> str:
    return descriptor_key(match["double"] or match["single"] or match["bare"])


def _title_keys(title: str) -> tuple[str, ...]:
    """A title as a text quotes it may drop its leading "The" ("Rules of Acquisition" for The Rules Of Acquisition,
    E181): both readings, of which at most one names a card."""
    key = descriptor_key(title)
    return (key,) if key.startswith("the ") else (key, f"the {key}")
