"""Fleet-building rules read from a card's printed text, for either card database.

Both databases carry the card text (Utopia as HTML with faction and class icons, Space Dock
as plain text with ``[CREW]``-style icons). The sentences that change fleet building follow
a small number of printed forms; each form below quotes the card it was written for. What a
sentence says becomes :class:`~rules.attack_wing.catalog.Restriction` data, so the engine
never parses text while it validates a fleet.

Codes produced here (docs/attack-wing-rules.md lists every code):

- ``ship_is`` (alternatives OR-ed) / ``captain_is``: "This Upgrade may only be purchased for a
  Krenim weapon ship", "… for a Klingon Captain assigned to a Klingon ship"; on a ship card
  ``captain_is`` names the only captains it takes ("This ship may only be assigned Gareb or a
  Romulan Drone Pilot as its Captain");
- ``hull_min`` / ``hull_max`` / ``attack_max``: "… a ship with a Hull Value of 3 or less";
- ``one_per_ship``: "no ship may be equipped with more than one …";
- ``no_captain``: "You cannot assign a Captain or an Admiral to this ship" (Dreadnought);
- ``max_upgrade_cost``: "You cannot deploy a [borg] Upgrade with a cost greater than 5 to this ship";
- ``extra_cost_unless_ship`` (``"a|b"``, amount): "costs +5 SP for any ship other than a …",
  "… for any non-Romulan ship", "… if not equipped to either a …, … or … ship";
- ``extra_cost_unless_captain``, ``extra_cost_if_skill_over``: "+5 SP for any Captain other
  than Karr or a Hirogen Captain", "+5 SP if purchased for a Captain with a Skill greater than 5";
- ``cost_from_attack`` (amount = what is added): "the SP cost is equal to the ship's Primary
  Weapon Value +1";
- ``reduce`` / ``reduce_one`` / ``fleet_discount`` (qualifier, amount): "All of your Xindi
  [weapon] Upgrades cost -1 SP", "One of your Dominion Upgrades costs -2 SP";
- ``waive_penalty`` (qualifier): "You do not pay a faction penalty when assigning …";
- ``double_penalty`` (qualifier): "The faction penalty is doubled for any non-Klingon Upgrades".

A *qualifier* says which cards a reduction or waiver reaches, written ``key=value`` pairs
joined by ``;`` (see :func:`read_qualifier`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rules.attack_wing.catalog import Restriction

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
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def normalize_class(name: str) -> str:
    """Class names differ in case and stray spaces between and within sources ("K'Vort Class ")."""
    return " ".join(name.split()).lower()


# ----------------------------------------------------------------------------------------------
# Text clean-up


def _icon(match: re.Match) -> str:
    tag = match.group(0)
    title = re.search(r"title=['\"]([^'\"]*)['\"]", tag)
    if title and title.group(1).strip("? ") and "?" not in title.group(1):
        return f" {title.group(1)} "
    src = re.search(r"src=['\"][^'\"]*/([\w-]+)\.\w+['\"]", tag)
    if not src:
        return " "
    stem = src.group(1)
    if stem.startswith("faction-"):
        return f" {stem.removeprefix('faction-').replace('-', ' ').title()} "
    if stem.startswith(("fed-", "kli-", "rom-", "dom-")):
        return f" {stem.split('-', 1)[1].title()} Class "
    return " "


def plain_text(text: str) -> str:
    """Card text without markup: icons become their words, ``[crew_text]``/``[CREW]`` become ``[crew]``."""
    text = re.sub(r"<img[^>]*>", _icon, text, flags=re.IGNORECASE)
    text = re.sub(r"<\s*(?:br|hr|p|/p|div|/div)\s*/?>", "\n", text, flags=re.IGNORECASE)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"\[elite(?: talent)?\]", "[talent]", text, flags=re.IGNORECASE)
    text = re.sub(r"\[(\w+?)(?:_text)?\]", lambda m: f"[{m.group(1).lower()}]", text)
    text = text.replace("&nbsp;", " ").replace("&amp;", "&").replace("\u2019", "'").replace("\u2018", "'")
    text = text.replace("\u201c", '"').replace("\u201d", '"')
    return text


_SENTENCE_END = re.compile(r"(?:(?<=[a-z0-9\])\"'])|(?<=SP))[.!]\s+|\n+|(?<=[a-z0-9])\.$")


def sentences(text: str) -> list[str]:
    """Sentences of plain text ("U.S.S. Voyager" stays whole: a capital before the dot does not end one)."""
    return [" ".join(s.split()) for s in _SENTENCE_END.split(text) if s and s.strip(" .")]


# ----------------------------------------------------------------------------------------------
# Descriptors: "Krenim weapon ship", "Galaxy, Intrepid or Sovereign Class ship", "Klingon Captain"

_ARTICLES = re.compile(r"^(?:either |any other |any |a |an |the )+", re.IGNORECASE)


def _alternatives(phrase: str) -> list[str]:
    parts = re.split(r",\s*(?:or\s+|and\s+)?|\s+or\s+", phrase.strip())
    return [p for p in (_ARTICLES.sub("", part.strip()).strip() for part in parts) if p]


@lru_cache(maxsize=4096)
def _key(phrase: str) -> str:
    return descriptor_key(phrase)


@lru_cache(maxsize=4096)
def _class_key(ship_class: str, key: str) -> str:
    """A class name as descriptor words; a variant in brackets ("Constitution Class (Refit)", "Galaxy Class
    (MU)") is another class, so the class only counts when the descriptor names the variant too."""
    variant = re.match(r"^(?P<base>.*?)\s*\((?P<variant>[^)]*)\)\s*$", ship_class)
    if variant and f" {descriptor_key(variant['variant'])} " not in f" {key} ":
        return ""
    return descriptor_key(ship_class)


def descriptor_key(phrase: str) -> str:
    """A ship or captain descriptor reduced to lower-case words: "Intrepid-class ship" -> "intrepid"."""
    words = re.sub(r"[-\u2013]", " ", phrase.lower())
    words = re.sub(r"[^\w'. ]", " ", words)
    tokens = [w for w in words.split() if w not in ("class", "ship", "ships", "starship", "type")]
    return " ".join(tokens).strip(" .")


@lru_cache(maxsize=65536)
def ship_matches(key: str, factions: frozenset[str], ship_class: str, name: str) -> bool:
    """Whether a ship fits a descriptor key: its faction, words of its class, or words of its name.

    The key must appear as whole words in the class or the name; leading faction words the
    ship has may be dropped first ("Federation Oberth" fits an Oberth Class ship of the
    Federation, "Federation Shuttlecraft" a Federation Type 7 Shuttlecraft).
    """
    if not key:
        return True
    if key.startswith("non "):  # "a non-Borg ship" (Borg Alliance)
        return not ship_matches(key[4:], factions, ship_class, name)
    haystacks = (f" {_class_key(ship_class, key)} ", f" {_key(name)} ")
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


# ----------------------------------------------------------------------------------------------
# Qualifiers of reductions and waivers


@dataclass(frozen=True, slots=True)
class Qualifier:
    """Which cards a reduction or a faction-penalty waiver reaches.

    ``self``: the card carrying the rule; ``kinds``: roles or upgrade types ("captain",
    "admiral", "upgrade", "crew", "ship", …, or "any"); ``factions`` / ``not_factions``: the
    card's own factions; ``names``: card names; ``max_cost``: printed cost at most; ``ship``:
    a descriptor the ship must fit; ``not_ship``: a descriptor it must not fit.
    """

    self: bool = False
    kinds: frozenset[str] = frozenset()
    factions: frozenset[str] = frozenset()
    not_factions: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()
    max_cost: int | None = None
    ship: str = ""
    not_ship: str = ""
    # ``exact_cost``: at most this many cards ("Up to 3 of the Upgrades …"); ``reduce``: at most this many
    # SP off in all, over every reduction of the same card ("-5 Max", "(max -5SP total)")
    limit: int | None = None


def write_qualifier(**fields) -> str:
    parts = []
    for key in ("self", "kinds", "factions", "not_factions", "names", "max_cost", "ship", "not_ship", "limit"):
        value = fields.get(key)
        if value in (None, False, "", (), frozenset(), []):
            continue
        if key == "self":
            parts.append("self")
        elif isinstance(value, str | int):
            parts.append(f"{key}={value}")
        else:
            parts.append(f"{key}={','.join(sorted(value))}")
    return ";".join(parts)


def read_qualifier(value: str) -> Qualifier:
    fields: dict = {}
    for part in str(value or "").split(";"):
        if not part:
            continue
        key, _, raw = part.partition("=")
        if key == "self":
            fields["self"] = True
        elif key in ("kinds", "factions", "not_factions", "names"):
            fields[key] = frozenset(x for x in raw.split(",") if x)
        elif key in ("max_cost", "limit"):
            fields[key] = int(raw)
        elif key in ("ship", "not_ship"):
            fields[key] = raw
    return Qualifier(**fields)


def _factions_in(phrase: str) -> list[str]:
    lower = f" {phrase.lower()} "
    return [slug for word, slug in FACTION_WORDS.items() if re.search(rf"(?<![\w-]){word}(?![\w-])", lower)]


def _types_in(phrase: str) -> list[str]:
    return [t for t in re.findall(r"\[(\w+)\]", phrase) if t in UPGRADE_WORDS]


# ----------------------------------------------------------------------------------------------
# The reader


# Space Dock's Vulcan Logic (vulcan_logic_71646e): "… for a Vulcan Captain on assigned to a Vulcan ship."
_MISPRINT = re.compile(r"\bon assigned to\b", re.IGNORECASE)


def read_card_text(text: str, kind: str, name: str = "") -> tuple[Restriction, ...]:
    """Every fleet-building rule in one card's text, as restrictions (duplicates removed)."""
    if not text:
        return ()
    found: list[Restriction] = []
    for sentence in sentences(plain_text(text)):
        found.extend(_read_sentence(_MISPRINT.sub("assigned to", sentence), kind, name))
        total = re.match(r"^\(?max -(\d+) ?sp total\)?$", sentence.strip(), re.IGNORECASE)
        if total:  # Picard (Cap803): "(max -5SP total)" caps the reductions of the sentence before
            found = [_capped(r, int(total[1])) for r in found]
        cap = re.search(r"the printed cost on those upgrades cannot be greater than (\d+)", sentence, re.IGNORECASE)
        if cap:
            found = [
                Restriction(r.code, f"{r.value};max_cost={cap[1]}", r.amount) if r.code == "exact_cost" else r
                for r in found
            ]
    return tuple(dict.fromkeys(found))


_ONLY = re.compile(
    # "my only be purchased": the misprint of T111 Evasive Attack Route (Utopia) and Gareb (Space Dock)
    r"(?:may|my|can|by|will) only be (?:purchased|fielded|equipped|assigned|deployed)(?: to)? (?:for|to|by|on|in) "
    r"(?P<what>.+?)(?=,? and (?:no|costs?|the|cannot|may)\b|$)",
    re.IGNORECASE,
)
_ONLY_BRACKET = re.compile(r"^\(\s*(?P<what>.+?) only\s*\)$", re.IGNORECASE)
_CAPTAIN_ONLY = re.compile(
    r"this ship may only be (?:assigned|equipped with) (?P<who>.+?) as its captain", re.IGNORECASE
)
_NO_CAPTAIN = re.compile(
    r"you cannot (?:assign|equip|deploy) a captain(?: card)? or (?:an )?admiral(?: card)? to this ship", re.IGNORECASE
)
_ONE_PER_SHIP = re.compile(
    r"no (?:ship|squadron) (?:may|my|can) (?:be equipped with|have) more than (?:one|1|on)\b"
    r"|you cannot deploy more than (?:one|1) .* to any ship",
    re.IGNORECASE,
)
_BOUND = re.compile(
    r"(?P<subject>hull|primary weapon)(?: value)? of (?P<n>\d+) or (?P<dir>less|greater|more|fewer|lower|higher)",
    re.IGNORECASE,
)
_MAX_UPGRADE_COST = re.compile(
    r"you cannot deploy an? \[(?P<type>\w+)\] upgrade with a cost greater than (?P<n>\d+) to this ship", re.IGNORECASE
)
_EXTRA = re.compile(r"\bcosts? \+ ?(?P<n>\d+)(?: ?(?:sp|squadron points?)\b)?(?P<tail>.*)$", re.IGNORECASE)
_EXTRA_SHIP = re.compile(
    r"^\s*(?:if (?:purchased|fielded|equipped|deployed) )?(?:(?:for|on|to) )?(?:(?:any|a) )?"
    r"(?:ship (?:other than|that is not)|non[- ]?)\s*(?P<desc>.+?)(?=,? and |$)",
    re.IGNORECASE,
)
_EXTRA_NOT_EQUIPPED = re.compile(
    r"^\s*if not (?:equipped|purchased|fielded) (?:to|for|on) (?P<desc>.+?)(?=,? and |$)", re.IGNORECASE
)
_EXTRA_CAPTAIN = re.compile(r"^\s*for any captain other than (?P<desc>.+?)(?=,? and |$)", re.IGNORECASE)
_EXTRA_SKILL = re.compile(
    r"^\s*if purchased for a captain with a skill (?:greater than|higher than|over) (?P<n>\d+)", re.IGNORECASE
)
_COST_ATTACK = re.compile(
    r"\bcost\b[^.]*?(?:is |are )?(?:equal to )?(?:the|this) ship'?s (?:printed )?primary weapon value"
    r"(?: ?\+ ?(?P<plus>\d+))?",
    re.IGNORECASE,
)
_REDUCE = re.compile(r"\bcosts? -(?P<n>\d+) ?(?:sp|squadron points?)?", re.IGNORECASE)
_REDUCE_MARKERS = re.compile(
    r"\b(?:all of your|all your|one of your|each|all|(?<!to )your ship|the)\b"
    r"(?!.*\b(?:all of your|all your|one of your)\b)",
    re.IGNORECASE,
)
_REDUCE_CONDITION = re.compile(r"^if this card is assigned to an? (?P<f>[\w' -]+?) ship,?\s*", re.IGNORECASE)
_WAIVE = re.compile(r"not pay (?:a |the )?faction penalty|without paying a faction penalty", re.IGNORECASE)


def _capped(r: Restriction, limit: int) -> Restriction:
    if r.code == "reduce":
        return Restriction(r.code, f"{r.value};limit={limit}", r.amount)
    if r.code == "discount":
        kinds = "upgrade" if r.value == "*" else r.value
        return Restriction("reduce", f"kinds={kinds};limit={limit}", r.amount)
    return r


def _read_sentence(sentence: str, kind: str, name: str) -> list[Restriction]:
    found: list[Restriction] = []
    lower = sentence.lower()
    for match in _ONLY.finditer(sentence):
        found.extend(_only(match.group("what"), kind))
    bracket = _ONLY_BRACKET.match(sentence.strip())
    if bracket:
        found.extend(_only(bracket.group("what"), kind))
    if kind == "ship":
        who = _CAPTAIN_ONLY.search(sentence)
        if who:
            keys = [descriptor_key(_strip_captain(p)) for p in _alternatives(who["who"])]
            found.extend(Restriction("captain_is", k) for k in keys)
        if _NO_CAPTAIN.search(sentence):
            found.append(Restriction("no_captain"))
        limit = _MAX_UPGRADE_COST.search(sentence)
        if limit:
            found.append(Restriction("max_upgrade_cost", limit["type"].lower(), int(limit["n"])))
    only_have = re.search(
        r"you may only have an? (?P<f>\w+) captain and (?P=f) \[(?P<t>\w+)\] upgrades assigned to your ship",
        sentence,
        re.I,
    )
    if only_have:  # Romulan Hijackers (C039)
        faction = FACTION_WORDS.get(only_have["f"].lower(), only_have["f"].lower())
        kinds = {"captain", only_have["t"].lower()}
        found.append(Restriction("ship_cards_only", write_qualifier(kinds=kinds, factions={faction})))
    own_talents = re.search(r"may only field (?P<f>[\w ]+?) \[talent\] upgrades", sentence, re.IGNORECASE)
    if own_talents and kind in ("captain", "admiral"):  # K'Temoc (Cap504)
        factions = _factions_in(own_talents["f"])
        if factions:
            found.append(Restriction("ship_cards_only", write_qualifier(kinds={"talent"}, factions=set(factions))))
    if re.search(r"you (?:cannot|may not) (?:have|equip) an admiral", lower):  # Iden (Cap037), Cap609, S316
        found.append(Restriction("no_admiral"))
    not_with = re.search(
        r"(?:cannot (?:deploy|equip|assign|be equipped|be deployed)[^\"']*(?:same (?:ship or )?fleet as|same fleet as)"
        r"|in the same fleet as)[^\"']*?[\"'](?P<name>[^\"']+)[\"']",
        sentence,
        re.IGNORECASE,
    ) or re.search(
        r"same fleet as that has (?P<name>[A-Z][\w.' -]+?) equipped"
        r"|(?:cannot be in the same fleet as|same ship or fleet as) (?P<name2>[A-Z][\w.'-]+(?: [\w.'-]+)*)",
        sentence,
    )
    if not_with:  # Locutus (Cap901, Cap910): "… the same ship or fleet as "Jean-Luc Picard.""
        named = not_with["name"] or not_with.groupdict().get("name2") or ""
        found.append(Restriction("not_with", descriptor_key(named)))
    same_ship = re.search(r"you may not equip the (?P<name>.+?) \[\w+\] upgrade to this ship", sentence, re.IGNORECASE)
    if same_ship:  # Science / Combat Vessel Variant (T265, T266)
        found.append(Restriction("not_on_ship_with", descriptor_key(same_ship["name"])))
    if re.search(r"can only be equipped to a unique / mirror unique ship", lower):  # Starship Construction
        found.append(Restriction("ship_unique"))
    hull_cost = re.search(r"cost of this card is equal to this ship's printed hull value ?\+ ?(\d+)", lower)
    if hull_cost:
        found.append(Restriction("cost_from_hull", None, int(hull_cost[1])))
    if re.search(r"assign any \[talent\] upgrade to your ship, regardless of faction restriction", lower):
        found.append(Restriction("ignore_faction_restriction", write_qualifier(kinds={"talent"})))  # Lore
    if _ONE_PER_SHIP.search(sentence):
        found.append(Restriction("one_per_ship"))
    if "only" in lower or "may not" in lower:
        for bound in _BOUND.finditer(sentence):
            if "only" not in lower[: bound.start()] and "may not" not in lower[: bound.start()]:
                continue
            subject = "hull" if bound["subject"].lower() == "hull" else "attack"
            side = "max" if bound["dir"].lower() in ("less", "fewer", "lower") else "min"
            found.append(Restriction(f"{subject}_{side}", int(bound["n"])))
    for extra in _EXTRA.finditer(sentence):
        found.extend(_extra(int(extra["n"]), extra["tail"]))
    attack = _COST_ATTACK.search(sentence)
    if attack and kind == "upgrade":
        found.append(Restriction("cost_from_attack", None, int(attack["plus"] or 0)))
    if kind != "resource":
        found.extend(_reductions(sentence))
    if kind == "resource":
        found.extend(_resource_cost(sentence))
        if re.search(r"\bchoose two different factions\b", lower):
            found.append(Restriction("resource_option", "factions", 2))
        if re.search(r"equip your captain with 1 of his (?:\[sic\] ?)?\[talent\] upgrades for free", lower):
            found.append(Restriction("resource_option", "free_talent"))
    for stat, amount in _stat_bonuses(sentence):
        found.append(Restriction(f"{stat}_bonus", None, amount))
    found.extend(_exact_cost(sentence))
    if _WAIVE.search(sentence):
        found.extend(_waiver(sentence, name))
    if "faction penalty is doubled" in lower:
        after = sentence[lower.index("doubled") :]
        non = [FACTION_WORDS.get(n.lower(), n.lower()) for n in re.findall(r"non[- ](\w+)", after, re.IGNORECASE)]
        found.append(Restriction("double_penalty", write_qualifier(kinds={"upgrade"}, not_factions=non)))
    return found


_EXACT = re.compile(
    r"^(?:(?P<all>any (?P<what>.+?) upgrades you purchase for \S+)"
    r"|up to (?P<n>\d+) of the upgrades you purchase for your ship) cost exactly (?P<cost>\d+)",
    re.IGNORECASE,
)


def _exact_cost(sentence: str) -> list[Restriction]:
    """ "Any Federation [talent] Upgrades you purchase for Kirk cost exactly 3 SP" (Cap905); Khan's "Up to 3 of
    the Upgrades you purchase for your ship cost exactly 4 SP each" with "The printed cost on those Upgrades
    cannot be greater than 6" (Cap725, the next sentence: read by :func:`read_card_text`)."""
    match = _EXACT.search(sentence)
    if not match:
        return []
    if match["all"]:
        what = match["what"]
        kinds = set(_types_in(what)) or {"upgrade"}
        reach = write_qualifier(kinds=kinds, factions=set(_factions_in(re.sub(r"\[\w+\]", "", what))))
    else:
        reach = write_qualifier(kinds={"upgrade"}, limit=int(match["n"]))
    return [Restriction("exact_cost", reach, int(match["cost"]))]


_STAT_BONUS = re.compile(
    r"(?:add \+?(?P<a>\d+) to your ship's (?P<sa>shield|hull) value"
    r"|increase this ship's (?P<sb>shield|hull) value by (?P<b>\d+)"
    r"|your (?:primary weapon and )?(?P<sc>shield|hull) values? (?:is|are) (?:at )?\+(?P<c>\d+))",
    re.IGNORECASE,
)


def _stat_bonuses(sentence: str) -> list[tuple[str, int]]:
    """ "Add +1 to your ship's Shield value" (T026): the ship starts the game with it (Emergency Force Field,
    Improved Hull count starting values)."""
    if re.search(r"\bif\b|\bwhen\b|\bwhile\b|this round|\buntil\b", sentence, re.IGNORECASE):
        return []
    found = []
    for m in _STAT_BONUS.finditer(sentence):
        stat = (m["sa"] or m["sb"] or m["sc"]).lower()
        found.append(("shields" if stat == "shield" else "hull", int(m["a"] or m["b"] or m["c"])))
    return found


def _resource_cost(sentence: str) -> list[Restriction]:
    """Resources whose cost the text computes (Emergency Force Field, Improved Hull, Main Power Grid, Senior Staff)."""
    lower = sentence.lower()
    if re.search(r"starting shield values? of all (?:of (?:your|the) )?ships.*divided by 2", lower):
        return [Restriction("resource_cost", "half_total_shields")]
    if re.search(r"starting hull values? of all (?:of (?:your|the) )?ships.*divided by 2", lower):
        return [Restriction("resource_cost", "half_total_hull")]
    grid = re.search(r"costs (\d+) sp plus (\d+) sp for each hull value greater than (\d+)", lower)
    if grid:
        return [Restriction("resource_cost", f"ships_hull_over:{grid[3]}:{grid[1]}", int(grid[2]))]
    staff = re.search(r"(\d+) sp for each additional \[talent\] upgrade", lower)
    if staff:
        return [Restriction("resource_cost", "extra_talents", int(staff[1]))]
    return []


def _strip_captain(phrase: str) -> str:
    return re.sub(r"\b(?:captain|admiral)s?\b", "", phrase, flags=re.IGNORECASE).strip()


_SHIP_BOUND_TAIL = re.compile(r"\s+(?:with|that has) an? (?:hull|primary weapon).*$", re.IGNORECASE)


def _only(what: str, kind: str) -> list[Restriction]:
    """What follows "may only be purchased for": a ship, a captain, or a captain on a ship."""
    what = what.strip().rstrip(".) ")
    what = re.sub(r"\s+that does not have .*$", "", what, flags=re.IGNORECASE)
    captain_part, ship_part = "", what
    with_captain = re.match(r"^(?P<ship>.+?) with (?:a |an )?(?P<cap>.*\bcaptain)$", what, re.IGNORECASE)
    on_ship = re.match(
        r"^(?P<cap>.*?\b(?:captain|admiral)s?\b(?: or admiral)?)(?:,? (?:assigned to|on|equipped to) (?P<ship>.+))?$",
        what,
        re.IGNORECASE,
    )
    if with_captain:
        captain_part, ship_part = with_captain["cap"], with_captain["ship"]
    elif on_ship:
        captain_part, ship_part = on_ship["cap"], on_ship["ship"] or ""
    elif (
        kind == "upgrade"
        and re.match(r"^(?:the )?[A-Z][\w'-]+(?: [A-Z][\w'-]+)?$", what)
        and not _looks_like_ship(what)
    ):
        captain_part, ship_part = what, ""  # "This Upgrade may only be assigned to the Borg Queen"
    found: list[Restriction] = []
    if captain_part:
        captain_part = re.sub(r"\s+or admiral$", "", captain_part.strip(), flags=re.IGNORECASE)
        keys = [descriptor_key(_strip_captain(p)) for p in _alternatives(captain_part)]
        if all(keys):
            found.extend(Restriction("captain_is", k) for k in keys)
    if ship_part:
        ship_part = _SHIP_BOUND_TAIL.sub("", ship_part.strip())
        keys = [descriptor_key(p) for p in _alternatives(ship_part)]
        if all(keys):
            found.extend(Restriction("ship_is", k) for k in keys)
    return found


_SHIP_WORDS = re.compile(
    r"\b(?:ship|warbird|vessel|bioship|cube|sphere|raider|weapon|shuttlecraft|u\.s\.s|i\.s\.s)\b", re.IGNORECASE
)


def _looks_like_ship(phrase: str) -> bool:
    return bool(_SHIP_WORDS.search(phrase))


def _extra(amount: int, tail: str) -> list[Restriction]:
    skill = _EXTRA_SKILL.match(tail)
    if skill:
        return [Restriction("extra_cost_if_skill_over", int(skill["n"]), amount)]
    captain = _EXTRA_CAPTAIN.match(tail)
    if captain:
        keys = [descriptor_key(_strip_captain(p)) for p in _alternatives(captain["desc"])]
        return [Restriction("extra_cost_unless_captain", "|".join(keys), amount)]
    ship = _EXTRA_SHIP.match(tail) or _EXTRA_NOT_EQUIPPED.match(tail)
    if ship:
        keys = [descriptor_key(p) for p in _alternatives(ship["desc"].rstrip(". "))]
        if all(keys):
            return [Restriction("extra_cost_unless_ship", "|".join(keys), amount)]
    return []


def _reductions(sentence: str) -> list[Restriction]:
    """ "All of your Klingon Upgrades cost -1 SP", "[weapon] Upgrades equipped to this ship cost -1 SP"."""
    found: list[Restriction] = []
    condition = _REDUCE_CONDITION.match(sentence)
    body = sentence[condition.end() :] if condition else sentence
    if re.search(r"\bif\b|\bwhen\b|\bfor each\b|may reduce|at a cost|exactly|\bmin 1\b", body, re.IGNORECASE):
        return []
    start = 0
    for match in _REDUCE.finditer(body):
        clause = body[start : match.start()]
        tail = body[match.end() :]
        start = match.end()
        markers = list(_REDUCE_MARKERS.finditer(clause))
        marker = markers[-1] if markers else None
        head = clause[marker.start() :] if marker else clause
        if re.search(r"\b(?:that|this|these|selected|his|its)\b", head, re.IGNORECASE) and not re.search(
            r"equipped to this ship|assigned to (?:this|your) ship", head, re.IGNORECASE
        ):
            continue  # refers to a card chosen elsewhere in the text: not a standing reduction
        restriction = _reduction(head, tail, int(match["n"]), condition["f"] if condition else "")
        if restriction is not None:
            found.append(restriction)
    return found


def _reduction(head: str, tail: str, amount: int, condition: str) -> Restriction | None:
    lower = head.lower()
    kinds = set(_types_in(head))
    if re.search(r"\bcaptains?\b", lower):
        kinds.add("captain")
    if re.search(r"\badmirals?\b", lower):
        kinds.add("admiral")
    if re.match(r"^\s*your ship\s*$", lower):
        kinds = {"ship"}
    elif re.search(r"\bupgrades?\b", lower) and not _types_in(head):
        kinds.add("upgrade")
    if not kinds:
        return None
    fields: dict = {"kinds": kinds}
    if condition:
        fields["ship"] = descriptor_key(condition)
    names = re.findall(r"['\"]([^'\"]+)['\"]", head)
    single = re.match(r"^\s*the (?P<name>[^\[]+?) \[\w+\] upgrade\b(?!s)", head, re.IGNORECASE)
    if single and not names:
        names = [single["name"]]
        fields.pop("factions", None)
    if names:
        fields["names"] = {descriptor_key(n) for n in names}
    non = re.findall(r"non[- ](\w+)", head, re.IGNORECASE)
    factions = _factions_in(re.sub(r"non[- ]\w+", "", re.sub(r"\[\w+\]", "", head)))
    if factions:
        fields["factions"] = factions
    if non:
        fields["not_factions"] = [FACTION_WORDS.get(n.lower(), n.lower()) for n in non]
    cost_cap = re.search(r"with a cost of (\d+) or less", head, re.IGNORECASE)
    if cost_cap:
        fields["max_cost"] = int(cost_cap.group(1))
    cap = re.search(r"-(\d+) ?max|max -?(\d+)", tail, re.IGNORECASE)
    if cap:
        fields["limit"] = int(cap[1] or cap[2])  # "-5 Max": at most 5 SP off in all
    code = "reduce"
    if re.match(r"^\s*one of your\b", head, re.IGNORECASE):
        code = "reduce_one"
    elif re.search(r"for all ships in your fleet", tail, re.IGNORECASE):
        code = "fleet_discount"
    if code != "reduce_one" and set(fields) == {"kinds"} and len(kinds) == 1:
        # "All of your [crew] Upgrades cost -1 SP": the plain type-wide form keeps its older, simpler code
        kind = next(iter(kinds))
        if kind in UPGRADE_WORDS or kind == "upgrade":
            return Restriction("discount" if code == "reduce" else code, "*" if kind == "upgrade" else kind, amount)
    return Restriction(code, write_qualifier(**fields), amount)


def _waiver(sentence: str, name: str) -> list[Restriction]:
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
        fields: dict = {"ship": ship_desc}
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
        types = _types_in(part) or re.findall(r"\b(crew|tech|weapon|talent) upgrades?\b", part_lower)
        factions = _factions_in(part)
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


# ----------------------------------------------------------------------------------------------
# Slots and type-wide discounts (kept for both readers)

# "This card adds an extra [crew] and [talent] slot" (Senior Staff's card for a ship)
_EXTRA_SLOTS = re.compile(r"\badds an extra ((?:\[\w+\](?:,? and |, )?)+) slot", re.IGNORECASE)
_UPGRADE_BAR = re.compile(r"\badd\b(?P<body>[^.<>]*?)\bupgrade bar\b", re.IGNORECASE)
_SLOT_TOKEN = re.compile(r"(?:(\d+|one|two|an?)\s+(?:additional\s+)?)?\[(\w+?)(?:_text)?\]", re.IGNORECASE)


def _count(word: str | None) -> int:
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
        tokens = [(_count(n), t.lower()) for n, t in _SLOT_TOKEN.findall(body) if t.lower() in slot_types]
        if not tokens:
            continue
        if re.search(r"\bor\b", body, re.IGNORECASE):
            slots.extend(["|".join(dict.fromkeys(t for _, t in tokens))] * tokens[0][0])
        else:
            for number, slot_type in tokens:
                slots.extend([slot_type] * number)
    return tuple(slots)
