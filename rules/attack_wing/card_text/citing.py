"""The words of a card's text that make a cost rule, quoted back to the player and the judge.

The reader turns sentences into restriction codes and keeps only the codes; a report that says
"-1 SP" must also say *why*, in the card's own words. :func:`cited_sentence` finds the sentence
again by what a rule of that family always prints (its amount, "exactly", "faction penalty", …).
When the rule came from a database field rather than the text (Utopia's cost box, a Space Dock
code), there is no such sentence and the caller's description of the field is used instead.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rules.attack_wing.card_text.plain import plain_text, sentences

# What a sentence of each family prints; ``{n}`` is the amount.
_FAMILY_PATTERNS = {
    "reduce": r"(?:-\s?{n}(?!\d)|{n} ?sp less|\bless\b|\breduced by {n} ?sp\b)",
    "extra": r"\+\s?{n}(?!\d)",
    "waive": r"faction penalty",
    "double": r"doubled",
    "exact": r"exactly|at a cost of|\bfor (?:free|0 sp)\b|\bcosts? {n} ?sp\b",
    "attack": r"primary weapon value",
    "hull": r"hull value",
    "free": r"\bfree\b",
    "resource": r"\bsp\b|squadron points?|\bcost",
    "spend": r"\bspend {n} ?sp\b",
}

LONGEST = 240  # characters quoted: a sentence longer than this is cut at a word, with an ellipsis


@lru_cache(maxsize=4096)
def cited_sentence(text: str, family: str, amount: int = 0) -> str:
    """The first sentence of ``text`` that reads as a rule of ``family`` (see ``_FAMILY_PATTERNS``), or ""."""
    pattern = re.compile(_FAMILY_PATTERNS[family].format(n=abs(amount)), re.IGNORECASE)
    costs = re.compile(r"\bcosts?\b|\bsp\b|squadron points?|faction penalty|\bfree\b", re.IGNORECASE)
    for sentence in sentences(plain_text(text)):
        if pattern.search(sentence) and costs.search(sentence):
            return shortened(sentence.rstrip(" .") + ".")
    return ""


def shortened(sentence: str) -> str:
    """A sentence short enough to print on a sheet's line."""
    if len(sentence) <= LONGEST:
        return sentence
    return sentence[:LONGEST].rsplit(" ", 1)[0] + " …"
