"""Slots a card's own text adds to its ship's upgrade bar (kept for both readers).

"Add 2 [crew] to this ship's Upgrade Bar", "This card adds an extra [crew] and [talent] slot":
the card databases list a card's slots only for ships, so the catalog readers take the slots a
captain, admiral or upgrade adds from its text, through :func:`slots_from_text`.
"""

from __future__ import annotations

import re

from rules.attack_wing.card_text.plain import plain_text

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


# "This card adds an extra [crew] and [talent] slot" (Senior Staff's card for a ship)
_EXTRA_SLOTS = re.compile(r"\badds an extra ((?:\[\w+\](?:,? and |, )?)+) slot", re.IGNORECASE)


_UPGRADE_BAR = re.compile(r"\badd\b(?P<body>[^.<>]*?)\bupgrade bar\b", re.IGNORECASE)


_SLOT_TOKEN = re.compile(r"(?:(\d+|one|two|an?)\s+(?:additional\s+)?)?\[(\w+?)(?:_text)?\]", re.IGNORECASE)


# "… you may purchase 1 additional [crew] or [tech] Upgrade for this ship" (Sakharov S051): one more slot of its
# ship, a choice slot when it names two types
ADDITIONAL_UPGRADE = re.compile(
    r"\bpurchase (?:1|an?|one) additional (?P<cards>\[\w+\](?: or \[\w+\])*) upgrade for this ship\b", re.IGNORECASE
)


# "You may equip a Klingon [tech] Upgrade with a printed cost of 4 SP or less to this ship for free" (I.K.S. K'Tanco
# S336, whose bar has no [tech]): one more slot of that type (the card's price is read with the costs)
_EQUIP_ONE_MORE = re.compile(
    r"\byou may equip an? [\w' -]+? (?P<cards>\[\w+\]) upgrade with a printed cost of \d+ ?sp or less to this ship\b",
    re.IGNORECASE,
)


def additional_slots(text: str, slot_types: tuple[str, ...]) -> tuple[str, ...]:
    """The slot a ship's text lets it buy one more Upgrade for (Sakharov, K'Tanco), as ``"crew|tech"``; Utopia's
    record lists only the printed bar."""
    plain = plain_text(text)
    found = ADDITIONAL_UPGRADE.search(plain) or _EQUIP_ONE_MORE.search(plain)
    types = [t for t in re.findall(r"\[(\w+)\]", found["cards"]) if t in slot_types] if found else []
    return ("|".join(types),) if types else ()


# "Kurn may field 1 Klingon [talent] Upgrade" (Cap539): a [talent] icon the captain card prints in words
_FIELDS_TALENT = re.compile(r"\bmay field (\d+|one|an?) (?:[\w' ]+ )?\[talent(?:_text)?\] upgrade", re.IGNORECASE)


def talent_slots_from_text(text: str, printed: int) -> int:
    """A captain's [talent] slots: the icons its record lists, or the number its text gives in words ("Kurn may
    field 1 Klingon [talent] Upgrade"), whichever is more. A sentence with "if" (Tebok: "if there is at least one
    other Romulan ship …") depends on the fleet and is not read."""
    found = printed
    for sentence in re.split(r"(?<=[.!])\s+|\n+", plain_text(text)):
        match = _FIELDS_TALENT.search(sentence)
        if match and not re.search(r"\bif\b", sentence, re.IGNORECASE):
            found = max(found, count_word(match[1]))
    return found


def count_word(word: str | None) -> int:
    if not word:
        return 1
    return int(word) if word.isdigit() else _NUMBERS[word.lower()]


def slots_from_text(text: str, slot_types: tuple[str, ...]) -> tuple[str, ...]:
    """Slots a card's own text adds to its ship's upgrade bar, e.g. "Add 2 [crew] to this ship's Upgrade Bar".

    Only unconditional sentences count (a sentence with "if" is skipped: its slot depends
    on the game state or the ship). A choice ("Add 1 [tech] or [weapon]") becomes one
    slot that accepts either type, written ``"tech|weapon"``.
    """
    slots: list[str] = []
    extra = _EXTRA_SLOTS.search(plain_text(text))
    if extra:
        slots.extend(t for t in re.findall(r"\[(\w+)\]", extra.group(1)) if t in slot_types)
    for match in _UPGRADE_BAR.finditer(text):
        sentence_start = max(text.rfind(".", 0, match.start()), text.rfind(">", 0, match.start())) + 1
        if re.search(r"\bif\b", text[sentence_start : match.end()], re.IGNORECASE):
            continue
        body = match.group("body")
        tokens = [(count_word(n), t.lower()) for n, t in _SLOT_TOKEN.findall(body) if t.lower() in slot_types]
        if not tokens:
            continue
        if re.search(r"\bor\b", body, re.IGNORECASE):
            slots.extend(["|".join(dict.fromkeys(t for _, t in tokens))] * tokens[0][0])
        else:
            for number, slot_type in tokens:
                slots.extend([slot_type] * number)
    return tuple(slots)
