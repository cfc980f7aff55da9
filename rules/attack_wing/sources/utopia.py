"""Reader for the Utopia fleet builder's ``data.json``.

Restrictions Utopia stores as fields become :class:`Restriction` data here:
``OnePerShip``, ``hullConstraint`` / ``shieldConstraint`` / ``attackConstraint`` /
``csConstraint`` ("4+", "3-"), ``ship<Faction>`` and ``captain<Faction>`` flags, the
``<class>Limit`` flags (through :data:`LIMIT_CLASSES`), ``factionPenalty: 0``, and, for
the resource cards in ``others``, ``upgradeSlots`` and the ``crewAdd``-style counters.
Utopia's ``cost<Faction>`` fields (``"costRomulan": "+2"``) are the faction cost printed in
the card's cost box: +N unless the card is fielded on a ship of that faction (or class, for
``costHirogen``); they become ``extra_cost_unless_ship``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from rules.attack_wing.card_text.descriptors import descriptor_key
from rules.attack_wing.card_text.reader import read_card_text
from rules.attack_wing.card_text.slots import additional_slots, slots_from_text, talent_slots_from_text
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

# Utopia's ``<stem>Limit`` flags name a ship class by a short stem. Resolved once, here,
# against the class names the same file uses; a stem not listed is reported as a warning.
LIMIT_CLASSES: dict[str, tuple[str, ...]] = {
    "aerie": ("Aerie Class",),
    "akira": ("Akira Class",),
    "andorian": ("Andorian Battle Cruiser",),
    "attackship": ("Jem'Hadar Attack Ship",),
    "battleship": ("Jem'Hadar Battleship",),
    "brel": ("B'Rel Class",),
    "constitutionk": ("Constitution Class (Kelvin)",),
    "dauntless": ("Dauntless Class",),
    "dderidex": ("D'deridex Class",),
    "defiant": ("Defiant Class",),
    "deltaflyer": ("Delta Flyer Class", "Delta Flyer Class Shuttlecraft"),
    "dkyr": ("D'Kyr Class",),
    "dreadnaught": ("Cardassian ATR-4107",),
    "drone": ("Romulan Drone Ship",),
    "excelsior": ("Excelsior Class",),
    "galor": ("Cardassian Galor Class",),
    "gorn": ("Gorn Raider",),
    "hirogen": ("Hirogen Warship",),
    "intrepid": ("Intrepid Class",),
    "keldon": ("Cardassian Keldon Class",),
    "kvort": ("K'Vort Class",),
    "maquisraider": ("Maquis Raider",),
    "neghvar": ("Negh'var Class",),
    "nerada": ("Nerada-Type",),
    "nova": ("Nova Class",),
    "numiri": ("Numiri Patrol Ship",),
    "nx": ("Federation NX Class",),
    "prometheus": ("Prometheus Class",),
    "reman": ("Reman Warbird",),
    "sovereign": ("Sovereign Class",),
    "suurok": ("Suurok Class",),
    "vidiian": ("Vidiian Battle Cruiser",),
    "vorcha": ("Vor'cha Class",),
    "warbird": ("Warbird Class",),
}

# Sections holding cards, and the kind each record type maps to.
_CARD_SECTIONS = (
    "ships",
    "captains",
    "admirals",
    "ambassadors",
    "upgrades",
    "starship_construction",
    "resources",
    "others",
)
_OTHER_TYPES = {"fleet-captain", "officer", "flagship", "ship-resource", "ambassador", "starship_construction"}
_NOT_CARDS = {
    "token": "rules reference for a token, not a card",
    "faction": "faction marker used by the builder, not a card",
}
# Records the builder adds to work its own screen, not cards of the game: "Tuesday (Crew)" (C483, "HOW TO USE:
# Utilize this card to give discount to [crew] upgrade for It Won't Be Installed Until Tuesday"), "Voyager
# Discount", "Kirk Admiral Slot" ("UTOPIA USE ONLY"), "Lower Decks" (C426, "NOT A REAL CARD"). Priced as cards
# they would take a slot and print on a Fleet Build Sheet.
_BUILDER_HELPER = re.compile(r"^\W*(?:<b>\s*)?HOW TO USE:|UTOPIA USE ONLY|NOT A REAL CARD", re.IGNORECASE)
_CONSTRAINTS = {
    "hullConstraint": "hull",
    "shieldConstraint": "shield",
    "attackConstraint": "attack",
    "csConstraint": "captain_skill",
}
_ADD_COUNTERS = {"crewAdd": "crew", "techAdd": "tech", "weaponAdd": "weapon", "talentAdd": "talent"}


def read_utopia(data: bytes) -> Catalog:
    try:
        document = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CatalogFormatError(f"Utopia file is not valid JSON: {exc}") from None
    except (RecursionError, ValueError):  # nesting too deep for the stack, absurdly long numbers
        raise CatalogFormatError("Utopia file is not a card database: its JSON is nested too deeply") from None
    if not isinstance(document, dict) or not isinstance(document.get("ships"), list):
        raise CatalogFormatError("Utopia file has no 'ships' list: not a Utopia data.json")
    for section in ("sets", *_CARD_SECTIONS):
        if not isinstance(document.get(section, []), list):
            raise CatalogFormatError(f"Utopia file: '{section}' is not a list")
    return _UtopiaReader(document).read()


class _UtopiaReader:
    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.build = CatalogBuilder()
        self.unknown_limits: set[str] = set()
        self.resource_by_set: dict[str, str] = {}
        self.dials = _dials(document.get("shipClasses"))

    def records(self, section: str) -> Iterable[dict[str, Any]]:
        for position, record in enumerate(self.document.get(section, [])):
            if isinstance(record, dict):
                yield record
            else:
                self.build.skip(f"{section}[{position}]", "record is not an object")

    def read(self) -> Catalog:
        for record in self.records("sets"):
            self.read_set(record)
        for record in self.records("resources"):
            if isinstance(record.get("id"), str):
                for set_id in _strings(record.get("set")):
                    self.resource_by_set.setdefault(set_id, record["id"])
        reserved = {
            record["id"]
            for section in _CARD_SECTIONS
            for record in self.document.get(section, [])
            if isinstance(record, dict) and isinstance(record.get("id"), str)
        }
        for section in _CARD_SECTIONS:
            for record in self.records(section):
                self.read_card(section, record, reserved)
        for stem in sorted(self.unknown_limits):
            self.build.warn(f"'{stem}Limit' names no known ship class; that restriction is not applied")
        return self.build.finish()

    def read_set(self, record: dict[str, Any]) -> None:
        set_id, name = record.get("id"), record.get("name")
        if not isinstance(set_id, str) or not isinstance(name, str):
            self.build.skip(str(set_id), "set without a text id and name")
            return
        parent = str(record.get("parentSet") or "")
        self.build.add_set(
            CardSet(
                id=set_id,
                name=name,
                release_date=self.build.parse_date(record.get("releaseDate"), f"set {set_id}"),
                blind_booster="booster" in parent.lower(),
            )
        )

    def read_card(self, section: str, record: dict[str, Any], reserved: set[str]) -> None:
        card_id, aliases = self.build.claim_id(record.get("id"), reserved)
        source_type = str(record.get("type") or "")
        if card_id is None:
            self.build.skip(str(record.get("name", "?")), f"{section} record without a usable id")
            return
        if source_type in _NOT_CARDS:
            self.build.skip(card_id, _NOT_CARDS[source_type])
            return
        if not isinstance(record.get("name"), str):
            self.build.skip(card_id, "record without a name")
            return
        if _BUILDER_HELPER.search(str(record.get("text") or "")):
            self.build.skip(card_id, "a helper of the builder's own screen, not a card")
            return
        kind, upgrade_type = self.kind_of(section, source_type)
        if kind is None:
            self.build.skip(card_id, f"unknown card type {source_type!r} in '{section}'")
            return
        self.build.add_card(self.card(card_id, kind, upgrade_type, record), aliases)

    @staticmethod
    def kind_of(section: str, source_type: str) -> tuple[str | None, str]:
        if section == "ships":
            return SHIP, ""
        if section == "captains":
            return CAPTAIN, ""
        if section == "admirals":
            return ADMIRAL, ""
        if section == "resources":
            return RESOURCE, ""
        if section == "upgrades" and (source_type in UPGRADE_TYPES or source_type == "question"):
            return UPGRADE, source_type
        if source_type in _OTHER_TYPES:
            return OTHER, source_type
        return None, ""

    def card(self, card_id: str, kind: str, upgrade_type: str, record: dict[str, Any]) -> Card:
        text = str(record.get("text") or "")
        ship_class = " ".join(str(record.get("class") or "").split()) if kind == SHIP else ""
        stats = kind == SHIP or upgrade_type == "flagship"  # a flagship card prints what it adds to its ship
        return Card(
            id=card_id,
            kind=kind,
            name=record["name"].strip(),
            cost=self.number(record.get("cost"), card_id, "cost"),
            factions=tuple(faction_slug(f) for f in _strings(record.get("factions"))),
            unique=record.get("unique") is True,
            set_ids=tuple(_strings(record.get("set"))),
            text=text,
            ship_class=ship_class,
            hull=self.number(record.get("hull"), card_id, "hull") if stats else 0,
            shields=self.number(record.get("shields"), card_id, "shields") if stats else 0,
            attack=self.number(record.get("attack"), card_id, "attack") if stats else 0,
            agility=self.number(record.get("agility"), card_id, "agility") if stats else 0,
            slots=tuple(s.lower() for s in _strings(record.get("upgrades"))) if kind == SHIP else (),
            squadron=record.get("squadron") is True,
            skill=_int_or_zero(record.get("skill")) if kind in (CAPTAIN, ADMIRAL) else 0,
            talent_slots=talent_slots_from_text(text, _int_or_zero(record.get("talents", record.get("talent"))))
            if kind in (CAPTAIN, ADMIRAL)
            else 0,
            upgrade_type=upgrade_type,
            restrictions=self.restrictions(card_id, kind, upgrade_type, record, ship_class),
            grants_slots=self.grants(kind, record, text),
        )

    def number(self, value: object, card_id: str, field: str) -> int:
        """Whole numbers; a printed "*" or a missing value counts as 0, said once per card."""
        if isinstance(value, bool) or value is None:
            return 0
        if isinstance(value, int):
            return value
        if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
            return int(value)
        self.build.warn(f"card {card_id}: {field} {value!r} is not a number; read as 0")
        return 0

    def restrictions(
        self, card_id: str, kind: str, upgrade_type: str, record: dict[str, Any], ship_class: str
    ) -> tuple[Restriction, ...]:
        found: list[Restriction] = []
        if kind == SHIP:
            found.extend((*ship_markers(ship_class), *self.dials.get(descriptor_key(ship_class), ())))
            found.extend(action_markers(_strings(record.get("actions"))))
        if record.get("OnePerShip") is True or record.get("oneperShip") is True:
            found.append(Restriction("one_per_ship"))
        for field, subject in _CONSTRAINTS.items():
            found.extend(_constraint(subject, record.get(field)))
        for field, value in record.items():
            if value is not True:
                continue
            if field.startswith("ship") and field[4:] and field[4].isupper() and field != "shipLimit":
                found.append(Restriction("ship_faction", faction_slug(field[4:])))
            elif field.startswith("captain") and field[7:] and field[7].isupper():
                found.append(Restriction("captain_faction", faction_slug(field[7:])))
            elif field.endswith("Limit") or field == "dderidex":
                stem = field.removesuffix("Limit")
                if stem in LIMIT_CLASSES:
                    found.extend(Restriction("ship_class", name) for name in LIMIT_CLASSES[stem])
                else:
                    self.unknown_limits.add(stem)
        for field, value in record.items():
            # "costRomulan": "+2" is the cost box's "+2 unless fielded on a Romulan ship" (T276, W219, C383 …)
            if field.startswith("cost") and field[4:5].isupper() and isinstance(value, str):
                amount = value.strip().lstrip("+")
                if amount.isdigit():
                    words = " ".join(re.findall(r"[A-Z][a-z0-9']*", field[4:]))
                    found.append(Restriction("extra_cost_unless_ship", descriptor_key(words), int(amount)))
        if record.get("factionPenalty") == 0 or upgrade_type == "starship_construction":
            found.append(Restriction("no_faction_penalty"))
        found.extend(read_card_text(str(record.get("text") or ""), kind, str(record["name"])))
        if kind == OTHER and upgrade_type in {"fleet-captain", "officer", "flagship", "ship-resource"}:
            found.extend(self.resource_link(card_id, record))
        found.extend(support_vehicle_rules(record["name"]))
        if kind == SHIP:
            # An OP squadron prize (Hideki Class / Federation Attack Fighters) shares its set with a resource
            # whose text says the squadron "counts as their one resource for the tournament".
            found.extend(
                Restriction("counts_as_resource", self.resource_by_set[s])
                for s in _strings(record.get("set"))
                if s in self.resource_by_set
            )
        return tuple(dict.fromkeys(found))

    def resource_link(self, card_id: str, record: dict[str, Any]) -> list[Restriction]:
        """A resource's own cards (Fleet Captain options, officers, flagships) need that resource."""
        found = []
        for set_id in _strings(record.get("set")):
            if set_id in self.resource_by_set:
                found.append(Restriction("requires_resource", self.resource_by_set[set_id]))
                break
        factions = [faction_slug(f) for f in _strings(record.get("factions"))]
        source_type = record.get("type")
        if source_type in {"fleet-captain", "flagship"} and factions:
            if factions == ["independent"]:
                # FAQ 2016, Collective Month 3 / 2014 FAQ resources 13, 18: an Independent option makes
                # its captain (fleet captain) or ship (flagship) Independent as well as its own faction.
                code = "adds_captain_faction" if source_type == "fleet-captain" else "adds_ship_faction"
                found.append(Restriction(code, "independent"))
            else:
                # R004 / R010 text: a faction option must go to a captain or ship of that faction.
                code = "captain_faction" if source_type == "fleet-captain" else "ship_faction"
                found.extend(Restriction(code, f) for f in factions)
        return found

    @staticmethod
    def grants(kind: str, record: dict[str, Any], text: str) -> tuple[str, ...]:
        slots: list[str] = []
        for entry in record.get("upgradeSlots") or ():
            types = [t for t in _strings(entry.get("type")) if t in UPGRADE_TYPES] if isinstance(entry, dict) else []
            if types:
                slots.append("|".join(types))
        for field, slot_type in _ADD_COUNTERS.items():
            slots.extend([slot_type] * _int_or_zero(record.get(field)))
        if kind == UPGRADE:  # a [crew] who fields a [talent] of his own (Elim Garak C109: "talents": 1)
            slots.extend(["talent"] * _int_or_zero(record.get("talents")))
        slots.extend(slots_from_text(text, UPGRADE_TYPES))
        if kind == SHIP:
            slots.extend(additional_slots(text, UPGRADE_TYPES))
        return tuple(slots)


# A class record filed under another name than its ships print: ``galaxy__class_mu`` is named "Galaxy X Class",
# while its three ships (S105, S106, S108) print "Galaxy Class (MU)"; the id is the one Space Dock gives "Galaxy
# Class (MU)", and the dial is Space Dock's for that class move for move. No Utopia ship prints "Galaxy X Class".
_CLASS_RECORD_NAMES = {"galaxy__class_mu": "Galaxy Class (MU)"}


def _dials(classes: object) -> dict[str, tuple[Restriction, ...]]:
    """Each ship class's maneuver dial and firing arcs (``shipClasses``: ``"maneuvers": {"2": {"turn": "white",
    …}, …}``, ``"frontArc": "180"``, ``"rearArc": "90"``, ``"secondArc": "45"``).

    Keyed by the class's words without "Class", case or punctuation (:func:`descriptor_key`): the record of the
    Romulan Bird-of-Prey is named "Romulan Bird-of-Prey", its ships (S175, S176) print "Romulan Bird-of-Prey Class".
    """
    found = {}
    for record in classes if isinstance(classes, list) else ():
        maneuvers = record.get("maneuvers") if isinstance(record, dict) else None
        if not isinstance(maneuvers, dict) or not isinstance(record.get("name"), str):
            continue
        triples = [
            (int(speed), kind, str(colour))
            for speed, kinds in maneuvers.items()
            if speed.lstrip("-").isdigit() and isinstance(kinds, dict)
            for kind, colour in kinds.items()
        ]
        arcs = arc_markers(*(_arc(record.get(field)) for field in ("frontArc", "rearArc", "secondArc")))
        key = descriptor_key(_CLASS_RECORD_NAMES.get(record.get("id"), record["name"]))
        found[key] = (*dial_markers(triples), *arcs)
    return found


def _arc(value: object) -> str:
    return str(value) if isinstance(value, str | int) and not isinstance(value, bool) else ""


def _constraint(subject: str, value: object) -> list[Restriction]:
    """``"4+"`` -> ``<subject>_min 4``; ``"3-"`` -> ``<subject>_max 3``."""
    if not isinstance(value, str) or len(value) < 2 or not value[:-1].strip().isdigit():
        return []
    bound = {"+": "min", "-": "max"}.get(value[-1])
    return [Restriction(f"{subject}_{bound}", int(value[:-1]))] if bound else []


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []


def _int_or_zero(value: object) -> int:
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return 0
