"""Descriptors: the words a card uses for a ship or a captain, and whether a card fits them.

"Krenim weapon ship", "Galaxy, Intrepid or Sovereign Class ship", "Klingon Captain": the reader
reduces such phrases to descriptor keys (:func:`descriptor_key`), and the cost engine and the
construction checks match a ship or a captain against a key (:func:`ship_matches`,
:func:`captain_matches`). Both sides use this one module, so a key is always read and matched
the same way. The faction and upgrade-type words live here as the vocabulary of descriptors.
"""

from __future__ import annotations

import re
from functools import lru_cache

FACTION_WORDS = {
    "federation": "federation",
    "klingon": "klingon",
    "romulan": "romulan",
    "dominion": "dominion",
    "borg": "borg",
    "ferengi": "ferengi",
    "bajoran": "bajoran",
    "kazon": "kazon",
    "vulcan": "vulcan",
    "xindi": "xindi",
    "independent": "independent",
    "species 8472": "species-8472",
    "mirror universe": "mirror-universe",
}


UPGRADE_WORDS = ("crew", "tech", "weapon", "talent", "borg", "squadron")


def normalize_class(name: str) -> str:
    """Class names differ in case and stray spaces between and within sources ("K'Vort Class ")."""
    return " ".join(name.split()).lower()


_ARTICLES = re.compile(r"^(?:either |any other |any |a |an |the )+", re.IGNORECASE)


def alternatives_in(phrase: str) -> list[str]:
    parts = re.split(r",\s*(?:or\s+|and\s+)?|\s+or\s+", phrase.strip())
    return [p for p in (_ARTICLES.sub("", part.strip()).strip() for part in parts) if p]


@lru_cache(maxsize=4096)
def _key(phrase: str) -> str:
    return descriptor_key(phrase)


# Variants the databases add to a class only to give the ship its own maneuver dial: the Mirror Universe
# Enterprise-D's pack (71510b) sells Fire All Weapons (W070), "+5 SP for any ship other than a Galaxy, Intrepid or
# Sovereign Class ship", for its own "Galaxy Class (MU)" ships, so that variant is still the class it names.
_SAME_CLASS_VARIANTS = frozenset({"mu", "mirror"})


@lru_cache(maxsize=4096)
def _class_key(ship_class: str, key: str) -> str:
    """A class name as descriptor words; a variant in brackets ("Constitution Class (Refit)") is another class,
    so the class only counts when the descriptor names the variant too. A Mirror Universe variant ("Galaxy Class
    (MU)", "Defiant Class (Mirror)") is the class itself."""
    variant = re.match(r"^(?P<base>.*?)\s*\((?P<variant>[^)]*)\)\s*$", ship_class)
    if variant and descriptor_key(variant["variant"]) in _SAME_CLASS_VARIANTS:
        return descriptor_key(variant["base"])
    if variant and f" {descriptor_key(variant['variant'])} " not in f" {key} ":
        return ""
    return descriptor_key(ship_class)


# One class under two names: Utopia files the Denorios pack's ships (S217, S218) as the "Bajoran Solar Sailor",
# Space Dock as the "Bajoran Lightship", the name the pack's own upgrades print ("This Upgrade may only be purchased
# for a Bajoran lightship": Solar Sail Powered T108, Mainsails T109, Tachyon Eddies T110).
_CLASS_OTHER_NAMES = {"bajoran solar sailor": ("bajoran lightship",)}


CLASS_MARK = " class"


def ship_keys(phrase: str) -> list[str]:
    """The ship descriptor keys of "a Galaxy, Intrepid or Sovereign Class ship": one per alternative. A phrase
    that says "Class" names classes (its keys end in :data:`CLASS_MARK`), so a ship fits by its class only: a
    Bio-Neural Circuitry "+3 SP if not equipped to either a [Intrepid Class], [Sovereign Class], or [Luna Class]
    ship" is dearer on the U.S.S. Intrepid, a Constitution Class ship."""
    mark = CLASS_MARK if re.search(r"\bclass\b", phrase, re.IGNORECASE) else ""
    return [key + mark if key else key for key in map(descriptor_key, alternatives_in(phrase))]


def descriptor_key(phrase: str) -> str:
    """A ship or captain descriptor reduced to lower-case words: "Intrepid-class ship" -> "intrepid"."""
    words = re.sub(r"[-\u2013]", " ", phrase.lower())
    words = re.sub(r"[^\w'. ]", " ", words)
    tokens = [w for w in words.split() if w not in ("class", "ship", "ships", "starship", "type")]
    return " ".join(tokens).strip(" .")


# "a [unique] ship whose name (ignoring registry number) listed after 'U.S.S.' is the same as the ship class"
# (Federation Prototype, Con001): the U.S.S. Prometheus of the Prometheus Class, not a generic Federation Starship
NAMED_FOR_ITS_CLASS = "u.s.s. named for its class"


def _named_for_its_class(ship_class: str, name: str) -> bool:
    named = re.match(r"^u\.s\.s\.\s+(?P<name>.+?)(?:\s*\(?ncc[-\s]?[\w-]+\)?)?$", name.strip(), re.IGNORECASE)
    if named is None:
        return False
    return _key(named["name"]) == _key(re.sub(r"\bclass\b", " ", ship_class, flags=re.IGNORECASE))


@lru_cache(maxsize=65536)
def ship_matches(key: str, factions: frozenset[str], ship_class: str, name: str) -> bool:
    """Whether a ship fits a descriptor key: its faction, words of its class, or words of its name.

    The key must appear as whole words in the class or the name; leading faction words the
    ship has may be dropped first ("Federation Oberth" fits an Oberth Class ship of the
    Federation, "Federation Shuttlecraft" a Federation Type 7 Shuttlecraft).
    """
    if not key:
        return True
    if key == NAMED_FOR_ITS_CLASS:
        return _named_for_its_class(ship_class, name)
    if key.startswith("non "):  # "a non-Borg ship" (Borg Alliance)
        return not ship_matches(key[4:], factions, ship_class, name)
    by_name = not key.endswith(CLASS_MARK)  # "… Class ship": the class, not a ship of that name
    key = key.removesuffix(CLASS_MARK)
    class_key = _class_key(ship_class, key)
    haystacks = tuple(f" {k} " for k in (class_key, *_CLASS_OTHER_NAMES.get(class_key, ())))
    if by_name:
        haystacks += (f" {_key(name)} ",)
    rest = key
    while True:
        if any(f" {rest} " in h for h in haystacks):
            return True
        for word, slug in FACTION_WORDS.items():
            if rest == word or rest.startswith(word + " "):
                if slug not in factions:
                    return False
                rest = rest[len(word) :].strip()
                if not rest:
                    return True
                break
        else:
            return False


@lru_cache(maxsize=65536)
def captain_matches(key: str, factions: frozenset[str], name: str, text_key: str = "") -> bool:
    """Whether a captain fits "Klingon", "Borg Queen", "Annorax", "Romulan Drone Pilot", "Krenim".

    ``text_key`` is the captain's text as :func:`descriptor_key` words ("counts as a romulan drone pilot")."""
    if not key:
        return True
    if key.startswith("non "):
        return not captain_matches(key[4:], factions, name, text_key)
    if FACTION_WORDS.get(key) in factions:
        return True
    name_key = f" {_key(name)} "
    if f" {key} " in name_key:
        return True
    return f"counts as a {key}" in text_key


def strip_captain(phrase: str) -> str:
    return re.sub(r"\b(?:captain|admiral)s?\b", "", phrase, flags=re.IGNORECASE).strip()
