"""Whether two names look alike: the skeleton of Unicode Technical Standard #39 (Security Mechanisms).

``plаyer`` with a Cyrillic ``а`` shows exactly as ``player`` on a pairing sheet. Two names are
confusable when their skeletons are equal; the skeleton here is TR39's, case-insensitive like the
site's usernames: NFKC (fullwidth and styled letters become plain ones), each character replaced by
its prototype in TR39's confusables table, case folded, prototypes again, NFKC again.

The table is the one ``confusable_homoglyphs`` ships (built from Unicode's ``confusables.txt``):
for each character, the characters it is confusable with. A character confusable with exactly one
other is a source and that other its prototype (``а`` -> ``a``, ``1`` -> ``l``, ``m`` -> ``rn``);
a prototype lists all its sources. Where two characters list only each other, the smaller one is
the prototype of both, so the mapping never swaps a pair.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from confusable_homoglyphs import confusables


@cache
def _prototypes() -> dict[str, str]:
    table = confusables.confusables_data
    prototypes = {}
    for character, entries in table.items():
        if len(character) != 1 or len(entries) != 1:
            continue
        target = entries[0]["c"].replace("\u200e", "")  # the table marks right-to-left letters
        if target == character:
            continue
        back = table.get(target, [])
        if len(back) == 1 and back[0]["c"].replace("\u200e", "") == character:
            target = min(character, target)  # two characters that list only each other
        if target != character:
            prototypes[character] = target
    return prototypes


def _map(text: str) -> str:
    prototypes = _prototypes()
    return "".join(prototypes.get(character, character) for character in text)


def skeleton(name: str) -> str:
    """What ``name`` looks like: equal skeletons, names a reader cannot tell apart."""
    text = _map(unicodedata.normalize("NFKC", name))
    return unicodedata.normalize("NFKC", _map(text.casefold()))


def confusable(first: str, second: str) -> bool:
    return skeleton(first) == skeleton(second)
