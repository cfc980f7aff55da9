"""Reader for the Space Dock fleet builder's ``Data.xml``.

Space Dock writes most restrictions as ``<Special>`` codes ("OnlyKlingonCaptainShip",
"NoMoreThanOnePerShip", "Plus5NotXindi", "addonetechslot", ...). :func:`special_rules`
translates the families the engine understands into :class:`Restriction` data and
slots; any other code is kept as ``Restriction("special", code)`` (informative only)
and counted in one warning.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET  # noqa: S405 - only the Element type; parsing is defusedxml's

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from rules.attack_wing.card_text.reader import read_card_text
from rules.attack_wing.card_text.slots import slots_from_text, talent_slots_from_text
from rules.attack_wing.catalog import (
    ADMIRAL,
    CAPTAIN,
    OTHER,
    RESOURCE,
    SHIP,
    UPGRADE,
    UPGRADE_TYPES,
    Card,
    CardSet,
    Catalog,
    Restriction,
)
from rules.attack_wing.sources.builder import (
    CatalogBuilder,
    CatalogFormatError,
    action_markers,
    arc_markers,
    dial_markers,
    faction_slug,
    ship_markers,
    support_vehicle_rules,
)

# Section tag -> (record tag, kind, upgrade_type for OTHER cards); the import checks the same sections
# (fleets.card_file_checks).
CARD_SECTIONS = {
    "Ships": ("Ship", SHIP, ""),
    "Captains": ("Captain", CAPTAIN, ""),
    "Admirals": ("Admiral", ADMIRAL, ""),
    "Upgrades": ("Upgrade", UPGRADE, ""),
    "Resources": ("Resource", RESOURCE, ""),
    "Flagships": ("Flagship", OTHER, "flagship"),
    "FleetCaptains": ("FleetCaptain", OTHER, "fleet-captain"),
    "Officers": ("Officer", OTHER, "officer"),
}
_SHIP_SLOTS = (
    ("Crew", "crew"),
    ("Tech", "tech"),
    ("Weapon", "weapon"),
    ("Borg", "borg"),
    ("SquadronUpgrade", "squadron"),
)
_FLAGSHIP_SLOTS = (("Talent", "talent"), ("Crew", "crew"), ("Tech", "tech"), ("Weapon", "weapon"))
_ADD_COUNTERS = (("TalentAdd", "talent"), ("CrewAdd", "crew"), ("TechAdd", "tech"), ("WeaponAdd", "weapon"))

_FACTION_WORDS = {
    "fed": "federation",
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
    "species8472": "species-8472",
    "independent": "independent",
    "mirroruniverse": "mirror-universe",
}
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_SLOT_WORDS = {"crew": "crew", "tech": "tech", "weapon": "weapon", "talent": "talent", "borg": "borg"}


def read_spacedock(data: bytes) -> Catalog:
    # A card database never declares a DTD; defusedxml refuses one (and any entity) while parsing,
    # whatever the file's encoding, so no entity expansion can blow up memory.
    try:
        root = SafeET.fromstring(data, forbid_dtd=True)
    except DefusedXmlException:
        raise CatalogFormatError("Space Dock file declares a DTD or entities; refused") from None
    except SafeET.ParseError as exc:
        raise CatalogFormatError(f"Space Dock file is not well-formed XML: {exc}") from None
    if root.tag != "Data" or root.find("Ships") is None:
        raise CatalogFormatError("Space Dock file has no <Data><Ships>: not a Space Dock Data.xml")
    return _SpaceDockReader(root).read()


class _SpaceDockReader:
    def __init__(self, root: ET.Element) -> None:
        self.root = root
        self.build = CatalogBuilder()
        self.unknown_codes: set[str] = set()
        self.resource_by_set: dict[str, str] = {}
        self.dials = {
            " ".join(_text(detail, "Name").split()): (
                *dial_markers(_maneuvers(detail)),
                *arc_markers(_text(detail, "FrontArc"), _text(detail, "RearArc")),
            )
            for detail in root.findall("ShipClassDetails/ShipClassDetail")
        }

    def read(self) -> Catalog:
        for element in self.root.findall("Sets/Set"):
            self.read_set(element)
        for element in self.root.findall("Resources/Resource"):
            for set_id in _set_ids(element):
                self.resource_by_set.setdefault(set_id, _text(element, "Id"))
        for element in self.root.findall("ReferenceItems/*"):
            self.build.skip(_text(element, "Id") or "?", "rules reference, not a card")
        for section, (tag, kind, other_type) in CARD_SECTIONS.items():
            for element in self.root.findall(f"{section}/{tag}"):
                self.read_card(element, kind, other_type)
        if self.unknown_codes:
            self.build.warn(
                f"{len(self.unknown_codes)} Space Dock Special code(s) kept as information only: "
                + ", ".join(sorted(self.unknown_codes))
            )
        return self.build.finish()

    def read_set(self, element: ET.Element) -> None:
        set_id = element.get("id")
        if not set_id:
            self.build.skip("?", "set without an id")
            return
        self.build.add_set(
            CardSet(
                id=set_id,
                name=(element.text or "").strip() or set_id,
                release_date=self.build.parse_date(element.get("releaseDate"), f"set {set_id}"),
                blind_booster="booster" in (element.get("overallSetName") or "").lower(),
            )
        )

    def read_card(self, element: ET.Element, kind: str, other_type: str) -> None:
        card_id, name = _text(element, "Id"), _text(element, "Title")
        if not card_id or not name:
            self.build.skip(card_id or name or "?", f"{element.tag} without an id or title")
            return
        source_type = _text(element, "Type").lower()
        upgrade_type = other_type
        if kind == UPGRADE:
            if source_type == "resource":
                kind, upgrade_type = OTHER, "ship-resource"
            elif source_type in ("crew", "tech", "weapon", "talent", "borg", "squadron"):
                upgrade_type = source_type
            else:
                self.build.skip(card_id, f"unknown upgrade type {source_type!r}")
                return
        self.build.add_card(self.card(element, card_id, name, kind, upgrade_type))

    def card(self, element: ET.Element, card_id: str, name: str, kind: str, upgrade_type: str) -> Card:
        ship_class = " ".join(_text(element, "ShipClass").split()) if kind == SHIP else ""
        restrictions: list[Restriction] = []
        if kind == SHIP:
            restrictions.extend((*ship_markers(ship_class), *self.dials.get(ship_class, ())))
            restrictions.extend(action_markers(a for field, a in _ACTION_FIELDS if _text(element, field) == "1"))
        grants: list[str] = []
        from_text = read_card_text(_text(element, "Ability"), kind, name)
        restrictions.extend(from_text)
        special = _text(element, "Special")
        if special:
            found, slots = self.special_rules(special, fleet_wide=upgrade_type == "fleet-captain")
            restrictions.extend(_not_read_twice(found, from_text))
            grants.extend(slots)
        restrictions.extend(support_vehicle_rules(name))
        if kind == SHIP:  # an OP squadron prize that counts as the fleet's one resource (see the Utopia reader)
            restrictions.extend(
                Restriction("counts_as_resource", self.resource_by_set[s])
                for s in _set_ids(element)
                if s in self.resource_by_set
            )
        if kind == OTHER and upgrade_type != "ship-resource":
            restrictions.extend(self.resource_link(element, upgrade_type))
        if not grants and kind != SHIP:
            # "Add 1 [CREW] Upgrade to your Upgrade Bar" without a slot code: the text says it
            grants.extend(slots_from_text(_text(element, "Ability"), UPGRADE_TYPES))
        if upgrade_type == "flagship":
            grants.extend(_counted_slots(element, _FLAGSHIP_SLOTS))
        if upgrade_type == "fleet-captain":
            grants.extend(_counted_slots(element, _ADD_COUNTERS))
        factions = [faction_slug(f) for f in (_text(element, "Faction"), _text(element, "AdditionalFaction")) if f]
        is_captain_like = kind in (CAPTAIN, ADMIRAL)
        stats = kind == SHIP or upgrade_type == "flagship"  # a flagship card prints what it adds to its ship
        return Card(
            id=card_id,
            kind=kind,
            name=name,
            cost=self.number(element, "Cost", card_id),
            factions=tuple(dict.fromkeys(factions)),
            unique=_text(element, "Unique").upper() == "Y",
            mirror_unique=_text(element, "MirrorUniverseUnique").upper() == "Y",
            set_ids=tuple(_set_ids(element)),
            text=_text(element, "Ability"),
            ship_class=ship_class,
            hull=self.number(element, "Hull", card_id) if stats else 0,
            shields=self.number(element, "Shield", card_id) if stats else 0,
            attack=self.number(element, "Attack", card_id) if stats else 0,
            agility=self.number(element, "Agility", card_id) if stats else 0,
            slots=_counted_slots(element, _SHIP_SLOTS) if kind == SHIP else (),
            squadron=kind == SHIP and "squadron" in ship_class.lower(),
            skill=self.number(element, "SkillModifier" if kind == ADMIRAL else "Skill", card_id)
            if is_captain_like
            else 0,
            talent_slots=talent_slots_from_text(
                _text(element, "Ability"),
                self.number(element, "AdmiralTalent" if kind == ADMIRAL else "Talent", card_id),
            )
            if is_captain_like
            else 0,
            upgrade_type=upgrade_type,
            restrictions=tuple(dict.fromkeys(restrictions)),
            grants_slots=tuple(grants),
        )

    def number(self, element: ET.Element, tag: str, card_id: str) -> int:
        value = _text(element, tag)
        if not value:
            return 0
        if value.lstrip("+-").isdigit():
            return int(value)
        self.build.warn(f"card {card_id}: {tag} {value!r} is not a number; read as 0")
        return 0

    def resource_link(self, element: ET.Element, upgrade_type: str) -> list[Restriction]:
        found = [
            Restriction("requires_resource", self.resource_by_set[s])
            for s in _set_ids(element)
            if s in self.resource_by_set
        ][:1]
        faction = faction_slug(_text(element, "Faction")) if _text(element, "Faction") else ""
        if upgrade_type in ("fleet-captain", "flagship") and faction:
            if faction == "independent":
                code = "adds_captain_faction" if upgrade_type == "fleet-captain" else "adds_ship_faction"
                found.append(Restriction(code, "independent"))
            else:
                found.append(
                    Restriction("captain_faction" if upgrade_type == "fleet-captain" else "ship_faction", faction)
                )
        return found

    def special_rules(self, code: str, *, fleet_wide: bool) -> tuple[list[Restriction], list[str]]:
        restrictions: list[Restriction] = []
        slots: list[str] = []
        for part in re.split(r"And(?=[A-Z_])", code):
            found, added = _special_part(part, fleet_wide=fleet_wide)
            if found is None:
                self.unknown_codes.add(code)
                restrictions.append(Restriction("special", code))
                return restrictions, slots
            restrictions.extend(found)
            slots.extend(added)
        return restrictions, slots


_COST_FAMILIES = {
    "extra_cost_unless_ship_faction": "extra",
    "extra_cost_unless_ship_class": "extra",
    "extra_cost_unless_ship": "extra",
    "discount": "reduce",
    "fleet_discount": "reduce",
    "reduce": "reduce",
}


def _not_read_twice(found: list[Restriction], from_text: tuple[Restriction, ...]) -> list[Restriction]:
    """A Special code's cost rule, unless the card text already gave the same kind of rule (no double charge)."""
    families = {_COST_FAMILIES[r.code] for r in from_text if r.code in _COST_FAMILIES}
    kept = [r for r in found if _COST_FAMILIES.get(r.code) not in families]
    if "extra" in families:
        # The text prices the card off its faction ("This Upgrade costs +5 SP if purchased for a non-Species
        # 8472 ship", Fluidic Space): a code that bars those ships outright ("OnlySpecies8472Ship") contradicts it.
        priced_off = {r.value for r in from_text if r.code == "extra_cost_unless_ship_faction"}
        priced_off |= {str(r.value).replace(" ", "-") for r in from_text if r.code == "extra_cost_unless_ship"}
        kept = [r for r in kept if not (r.code == "ship_faction" and r.value in priced_off)]
    return kept


def _special_part(part: str, *, fleet_wide: bool) -> tuple[list[Restriction] | None, list[str]]:
    """One ``And``-separated piece of a Special code; ``(None, [])`` when it is not understood."""
    lower = part.lower()
    for prefix in ("NoMoreThanOnePerShip", "OPS"):
        if part.startswith(prefix):
            rest, _ = _special_part(part[len(prefix) :], fleet_wide=fleet_wide) if part[len(prefix) :] else ([], [])
            return ([Restriction("one_per_ship"), *rest] if rest is not None else None), []
    if part in _FACTION_CAMEL:
        return [Restriction("ship_faction", _FACTION_CAMEL[part])], []
    for prefix, subject in (("OnlyShipClass_CONTAINS_", "ship_class_contains"), ("OnlyShipClass_", "ship_class")):
        if part.startswith(prefix):
            return [Restriction(subject, part[len(prefix) :].replace("_", " "))], []
    if part.startswith("OnlyShip_"):
        return [Restriction("ship_name", part[len("OnlyShip_") :].replace("_", " "))], []
    match = re.fullmatch(r"hull(\d)", lower)  # "Hull4", "OPSHull3": printed as "[HULL 3+]"
    if match:
        return [Restriction("hull_min", int(match.group(1)))], []
    if lower == "onlyhull3orless":
        return [Restriction("hull_max", 3)], []
    if lower == "limited_max_weapon_3":
        return [Restriction("attack_max", 3)], []
    match = re.fullmatch(
        r"(?:Only|OnlyFor)((?:[A-Z][a-z0-9]+)+?)(Captain)?((?:[A-Z][a-z0-9]+)*?)(Ship|Ships)?(HV4)?", part
    )
    if match:
        return _only_faction(match)
    match = re.fullmatch(
        r"(?i)plus(\d|five|four|three|six)(?:ifnot|notshipclass_|not|fornon|onnon|pointsnon)(.+)", part
    )
    if match:
        amount = int(match.group(1)) if match.group(1).isdigit() else _NUMBER_WORDS[match.group(1).lower()]
        return _extra_cost(amount, match.group(2), part)
    match = re.fullmatch(r"(Weapon|Crew|Tech)UpgradesCostOneLess", part)
    if match:
        return [Restriction("fleet_discount" if fleet_wide else "discount", match.group(1).lower(), 1)], []
    if part == "CaptainIgnoresPenalty":
        return [Restriction("no_faction_penalty")], []
    if part == "UpgradesIgnoreFactionPenalty":
        return [Restriction("upgrades_no_faction_penalty")], []
    match = re.fullmatch(r"NoPenaltyOn(\w+?)Ship", part)
    if match and match.group(1).lower() in _FACTION_WORDS:
        return [Restriction("no_faction_penalty_on", _FACTION_WORDS[match.group(1).lower()])], []
    if part == "BSVT":  # Borg Support Vehicle Token: its rules come from the card name (support_vehicle_rules)
        return [], []
    slots = _slot_code(part)
    if slots:
        return [], slots
    return None, []


_FACTION_CAMEL = {
    "Federation": "federation",
    "Klingon": "klingon",
    "Romulan": "romulan",
    "Ferengi": "ferengi",
    "Kazon": "kazon",
    "Xindi": "xindi",
}


def _only_faction(match: re.Match[str]) -> tuple[list[Restriction] | None, list[str]]:
    """ "OnlyKlingonCaptainShip", "OnlyVulcanCaptainVulcanShip", "OnlyBorgShip", "OnlyXindi", ..."""
    first, captain, second, ship, hv4 = match.groups()
    words = [w.lower() for w in re.findall(r"[A-Z][a-z0-9]+", first)]
    factions = [_FACTION_WORDS.get(w) for w in words if w != "or"]
    if not factions or None in factions:
        return None, []
    found: list[Restriction] = []
    if captain:
        found.extend(Restriction("captain_faction", f) for f in factions)
        if ship:
            ship_factions = [_FACTION_WORDS.get(w.lower()) for w in re.findall(r"[A-Z][a-z0-9]+", second)] or factions
            if None in ship_factions:
                return None, []
            found.extend(Restriction("ship_faction", f) for f in ship_factions)
    else:
        if second:
            return None, []
        found.extend(Restriction("ship_faction", f) for f in factions)
    if hv4:
        found.append(Restriction("hull_min", 4))
    return found, []


def _extra_cost(amount: int, condition: str, code: str) -> tuple[list[Restriction] | None, list[str]]:
    """ "+5 SP unless the ship is <faction | class>", e.g. Plus5NotXindi, Plus5NotShipClass_Tholian_Vessel."""
    if "ShipClass_" in code:
        return [Restriction("extra_cost_unless_ship_class", condition.replace("_", " "), amount)], []
    faction = _FACTION_WORDS.get(condition.lower())
    if faction is None:
        return None, []
    return [Restriction("extra_cost_unless_ship_faction", faction, amount)], []


def _slot_code(part: str) -> list[str]:
    """ "addonetechslot", "AddOneBorgSlot", "Add_Crew_1", "AddTwoWeaponSlots", "AddsOneWeaponOneTech"."""
    lower = part.lower()
    match = re.fullmatch(r"add_(crew|tech|weapon|talent|borg)_(\d)", lower)
    if match:
        return [match.group(1)] * int(match.group(2))
    match = re.fullmatch(r"adds?((?:(?:one|two)(?:crew|tech|weapon|talent|borg)(?:slots?)?)+)", lower)
    if not match:
        return []
    return [
        _SLOT_WORDS[kind]
        for count, kind in re.findall(r"(one|two)(crew|tech|weapon|talent|borg)", lower)
        for _ in range(_NUMBER_WORDS[count])
    ]


def _counted_slots(element: ET.Element, fields: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    slots: list[str] = []
    for tag, slot_type in fields:
        value = _text(element, tag)
        if value.isdigit():
            slots.extend([slot_type] * int(value))
    return tuple(slots)


# A ship's Action Bar: one field per icon, "1" when the ship has it
_ACTION_FIELDS = (
    ("EvasiveManeuvers", "evade"),
    ("TargetLock", "target-lock"),
    ("Scan", "scan"),
    ("Battlestations", "battlestations"),
    ("Cloak", "cloak"),
    ("SensorEcho", "sensor-echo"),
    ("Regenerate", "regenerate"),
)


def _maneuvers(detail: ET.Element) -> list[tuple[int, str, str]]:
    """A class's dial: ``<Maneuver speed="3" kind="left-turn" color="red" />``."""
    return [
        (int(m.get("speed", "")), m.get("kind", ""), m.get("color", ""))
        for m in detail.findall("Maneuvers/Maneuver")
        if m.get("speed", "").strip().lstrip("-").isdigit() and m.get("kind")
    ]


def _set_ids(element: ET.Element) -> list[str]:
    return [s.strip() for s in _text(element, "Set").split(",") if s.strip()]


def _text(element: ET.Element, tag: str) -> str:
    return (element.findtext(tag) or "").strip()
