"""A card file's fields checked, type and range, before any of it is read into the catalog.

The readers (:mod:`rules.attack_wing.sources`) repair what they can, so a flawed file still gives a
catalog; that is right for reading a list against the cards, not for replacing the site's cards.
Imported unchecked, a ship cost of ``"twelve"`` or NaN became 0, a ship replaced by a string was
reported gone, and a cost of 10^30 or a NUL in a name stopped the import with a database error. Here
every field the readers take is checked first, and the first violation is refused in one line that
names the card, the field and the value: nothing is written.

Utopia's JSON is checked against a JSON Schema (``UTOPIA_SCHEMA``, by ``jsonschema``); Space Dock's
XML field by field with the same ranges. The ranges hold every card of both shipped files.
"""

from __future__ import annotations

import json
import re
from xml.etree.ElementTree import Element

from defusedxml import ElementTree as SafeET
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from jsonschema import Draft202012Validator
from jsonschema.validators import extend

from rules.attack_wing.sources.builder import DIAL_COLOURS
from rules.attack_wing.sources.spacedock import CARD_SECTIONS

from .models.catalog import Card

# Whole numbers on a card: its cost and stats are printed in two digits; a captain's skill modifier may be -1.
NUMBER_RANGE = (0, 99)
SKILL_RANGE = (-9, 99)
UNPRINTED = ("*", "?")  # a value the card prints as a symbol: read as 0
NAME_LENGTH = Card._meta.get_field("name").max_length
ID_LENGTH = Card._meta.get_field("source_id").max_length
CLASS_LENGTH = Card._meta.get_field("ship_class").max_length
NO_NUL = "^[^\\u0000]*$"
NOT_BLANK = "^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$"
VALUE_SHOWN = 60  # characters of a refused value shown


def _number(low: int, high: int, *, unprinted: bool = True, null: bool = True) -> dict:
    """A whole number from ``low`` to ``high``, as a JSON number or text of its digits (and ``*``/``?``)."""
    digits = "^-?[0-9]{1,2}$" if low < 0 else "^\\+?[0-9]{1,2}$"
    choices: list[dict] = [
        {"type": "integer", "minimum": low, "maximum": high},
        {"type": "string", "pattern": digits},
    ]
    if unprinted:
        choices.append({"enum": list(UNPRINTED)})
    if null:
        choices.append({"type": "null"})
    shown = format_lazy(
        gettext_lazy("a whole number from {low} to {high}, '*' or '?'")
        if unprinted
        else gettext_lazy("a whole number from {low} to {high}"),
        low=low,
        high=high,
    )
    return {"anyOf": choices, "description": shown}


def _text(max_length: int | None = None) -> dict:
    """Text without a NUL; with ``max_length``, also not blank (the readers strip it) and at most that long."""
    schema: dict = {"type": "string", "pattern": NO_NUL, "description": gettext_lazy("text without a NUL character")}
    if max_length:
        shown = format_lazy(
            gettext_lazy("text of 1 to {max_length} characters, not blank, without a NUL character"),
            max_length=max_length,
        )
        schema |= {"pattern": NOT_BLANK, "maxLength": max_length, "description": shown}
    return schema


_TEXTS = {"type": "array", "items": _text(), "description": gettext_lazy("a list of texts")}
_FLAG = {"type": "boolean", "description": gettext_lazy("true or false")}
# Any further field: whatever its type, no NUL in its text (the database cannot keep one).
_ANY = {
    "anyOf": [
        {"type": ["number", "boolean", "null"]},
        _text(),
        {"type": "array", "items": {"$ref": "#/$defs/any"}},
        {"type": "object", "additionalProperties": {"$ref": "#/$defs/any"}},
    ],
    "description": gettext_lazy("a value without a NUL character"),
}
_FIELDS = {
    "id": {
        "anyOf": [_text(ID_LENGTH), {"type": "array", "items": _text(ID_LENGTH), "minItems": 1}],
        "description": format_lazy(
            gettext_lazy("an id of 1 to {max_length} characters, or a list of them"), max_length=ID_LENGTH
        ),
    },
    "name": _text(NAME_LENGTH),
    "type": _text(32),
    "text": _text(),
    "class": _text(CLASS_LENGTH),
    "set": _TEXTS,
    "factions": _TEXTS,
    "unique": _FLAG,
    "squadron": _FLAG,
    "cost": _number(*NUMBER_RANGE, unprinted=True, null=False),
    "hull": _number(*NUMBER_RANGE),
    "shields": _number(*NUMBER_RANGE),
    "attack": _number(*NUMBER_RANGE),
    "agility": _number(*NUMBER_RANGE),
    "skill": _number(*SKILL_RANGE),
    "talents": _number(*NUMBER_RANGE),
    "talent": _number(*NUMBER_RANGE),
    "crewAdd": _number(*NUMBER_RANGE),
    "techAdd": _number(*NUMBER_RANGE),
    "weaponAdd": _number(*NUMBER_RANGE),
    "talentAdd": _number(*NUMBER_RANGE),
}
_CARD = ("id", "name", "type")
# The fields each section's cards must have: what the reader would otherwise read as 0 or nothing.
REQUIRED = {
    "ships": [*_CARD, "cost", "class", "hull", "shields", "attack", "agility"],
    "captains": [*_CARD, "cost", "skill"],
    "admirals": [*_CARD, "cost", "skill"],
    "ambassadors": [*_CARD, "cost"],
    "upgrades": [*_CARD, "cost"],
    "starship_construction": [*_CARD, "cost"],
    "resources": [*_CARD, "cost"],
    "others": list(_CARD),
}


# A ship's upgrade bar and action bar are lists of names (an ``others`` card's ``upgrades`` is not read).
_SHIP_FIELDS = {"upgrades": _TEXTS, "actions": _TEXTS}


def _section(section: str, required: list[str]) -> dict:
    record = {
        "type": "object",
        "required": required,
        "properties": _FIELDS | (_SHIP_FIELDS if section == "ships" else {}),
        "additionalProperties": {"$ref": "#/$defs/any"},
        "description": gettext_lazy("a card record (an object)"),
    }
    return {"type": "array", "items": record, "description": gettext_lazy("a list of card records")}


# A ship class's dial and arcs (``shipClasses``): each speed's moves and their colours, the arcs in degrees.
DIAL_COLOURS_SHOWN = gettext_lazy("white, green or red")
_COLOUR = {
    "enum": list(DIAL_COLOURS),
    "description": format_lazy(gettext_lazy("a maneuver colour: {colours}"), colours=DIAL_COLOURS_SHOWN),
}
_KIND = "^[a-z0-9]+(?:-[a-z0-9]+)*$"  # "bank", "left-turn", "45-degree-rotate"
_ARC = "^(?:|[1-9][0-9]?|[12][0-9]{2}|3[0-5][0-9]|360)$"
_ARC_SCHEMA = {
    "type": "string",
    "pattern": _ARC,
    "description": gettext_lazy("an arc in whole degrees from 1 to 360, or blank"),
}
_SHIP_CLASS = {
    "type": "object",
    "required": ["name"],
    "properties": {
        "name": _text(CLASS_LENGTH),
        "frontArc": _ARC_SCHEMA,
        "rearArc": _ARC_SCHEMA,
        "secondArc": _ARC_SCHEMA,
        "maneuvers": {
            "type": "object",
            "patternProperties": {
                "^-?[0-9]$": {
                    "type": "object",
                    "propertyNames": {
                        "pattern": _KIND,
                        "description": gettext_lazy("a maneuver kind in lower-case words"),
                    },
                    "additionalProperties": _COLOUR,
                    "description": gettext_lazy("a speed's maneuvers, each with its colour"),
                }
            },
            "properties": {"min": _number(-9, 9, unprinted=False), "max": _number(-9, 9, unprinted=False)},
            "additionalProperties": False,
            "description": gettext_lazy("speeds from -9 to 9 (and 'min', 'max'), each with its maneuvers"),
        },
    },
    "additionalProperties": {"$ref": "#/$defs/any"},
    "description": gettext_lazy("a ship class record (an object)"),
}

UTOPIA_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$defs": {"any": _ANY},
    "type": "object",
    "required": ["ships"],
    "properties": {
        **{section: _section(section, required) for section, required in REQUIRED.items()},
        "shipClasses": {
            "type": "array",
            "items": _SHIP_CLASS,
            "description": gettext_lazy("a list of ship class records"),
        },
        "sets": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "name"],
                "properties": {"id": _text(ID_LENGTH), "name": _text(NAME_LENGTH)},
                "additionalProperties": {"$ref": "#/$defs/any"},
                "description": gettext_lazy("a set record (an object)"),
            },
            "description": gettext_lazy("a list of set records"),
        },
    },
    "additionalProperties": {"$ref": "#/$defs/any"},
}

# JSON Schema counts 12.0 as an integer; the reader does not (it would read it as 0), so neither does the check.
_Validator = extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    ),
)
_UTOPIA = _Validator(UTOPIA_SCHEMA)


class CardFileInvalid(ValueError):
    """A card file with a field of the wrong type or out of range; the message names the card, field and value."""


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= VALUE_SHOWN else text[: VALUE_SHOWN - 1] + "…"


def check_utopia(data: bytes) -> None:
    """Raise :class:`CardFileInvalid` for the first field of a Utopia file that breaks ``UTOPIA_SCHEMA``.
    A file that is not JSON at all is left to the reader, which says so."""
    try:
        document = json.loads(data)
    except (UnicodeDecodeError, RecursionError, ValueError):
        return
    error = next(_UTOPIA.iter_errors(document), None)
    if error is None:
        return
    path = list(error.absolute_path)
    where = _("the file")
    if len(path) >= 2 and isinstance(document.get(path[0]), list):
        record = document[path[0]][path[1]]
        where = f"{path[0]}[{path[1]}]"
        if isinstance(record, dict):
            card = _shown(record["id"]) if "id" in record else where
            words = (
                _("ship class %(card)s (%(name)s) in '%(section)s'")
                if path[0] == "shipClasses"
                else _("card %(card)s (%(name)s) in '%(section)s'")
            )
            where = words % {"card": card, "name": _shown(record.get("name")), "section": path[0]}
    field = ".".join(map(str, path[2:]))
    expected = error.schema.get("description") if isinstance(error.schema, dict) else None
    if error.validator == "required":
        missing = next(name for name in error.validator_value if name not in error.instance)
        raise CardFileInvalid(_("%(where)s: field '%(field)s' is missing") % {"where": where, "field": missing})
    words = (
        _("%(where)s: field '%(field)s' is %(value)s, not %(expected)s")
        if field
        else _("%(where)s: the record is %(value)s, not %(expected)s")
    )
    raise CardFileInvalid(
        words % {"where": where, "field": field, "value": _shown(error.instance), "expected": expected or error.message}
    )


# Space Dock: the reader's number fields, and which may print a symbol instead of a number.
_SPACEDOCK_NUMBERS = {
    "Cost": NUMBER_RANGE,
    "Hull": NUMBER_RANGE,
    "Shield": NUMBER_RANGE,
    "Attack": NUMBER_RANGE,
    "Agility": NUMBER_RANGE,
    "Skill": SKILL_RANGE,
    "SkillModifier": SKILL_RANGE,
    "Talent": NUMBER_RANGE,
    "AdmiralTalent": NUMBER_RANGE,
    "TalentAdd": NUMBER_RANGE,
    "CrewAdd": NUMBER_RANGE,
    "TechAdd": NUMBER_RANGE,
    "WeaponAdd": NUMBER_RANGE,
}
_SPACEDOCK_SYMBOLS = {"Hull", "Shield", "Attack", "Agility"}
_SPACEDOCK_TEXTS = {"Id": ID_LENGTH, "Title": NAME_LENGTH, "ShipClass": CLASS_LENGTH}
_WHOLE = re.compile(r"[+-]?[0-9]{1,2}")


def check_spacedock(data: bytes) -> None:
    """Raise :class:`CardFileInvalid` for the first card (of the reader's ``CARD_SECTIONS``) with a number
    field that is not a whole number in range, or a text field too long. A file that is not XML at all
    is left to the reader, which says so."""
    try:
        root = SafeET.fromstring(data, forbid_dtd=True)
    except Exception:  # noqa: BLE001 - any parse failure is the reader's to report
        return
    for section, (tag, *_rest) in CARD_SECTIONS.items():
        for element in root.findall(f"{section}/{tag}"):
            where = _("card %(card)s (%(name)s)") % {
                "card": _shown((element.findtext("Id") or "").strip()),
                "name": _shown(element.findtext("Title")),
            }
            for field, (low, high) in _SPACEDOCK_NUMBERS.items():
                value = (element.findtext(field) or "").strip()
                if not value or (field in _SPACEDOCK_SYMBOLS and value in UNPRINTED):
                    continue
                if not _WHOLE.fullmatch(value) or not low <= int(value) <= high:
                    expected = _("not a whole number from %(low)s to %(high)s") % {"low": low, "high": high}
                    raise CardFileInvalid(
                        _("%(where)s: field '%(field)s' is %(value)s, %(expected)s")
                        % {"where": where, "field": field, "value": _shown(value), "expected": expected}
                    )
            for field, length in _SPACEDOCK_TEXTS.items():
                value = (element.findtext(field) or "").strip()
                if len(value) > length:
                    expected = _("longer than %(length)s characters") % {"length": length}
                    raise CardFileInvalid(
                        _("%(where)s: field '%(field)s' is %(value)s, %(expected)s")
                        % {"where": where, "field": field, "value": _shown(value), "expected": expected}
                    )
    for detail in root.findall("ShipClassDetails/ShipClassDetail"):
        _check_ship_class(detail)


def _check_ship_class(detail: Element) -> None:
    """A Space Dock class's dial and arcs: ``<Maneuver speed="3" kind="left-turn" color="red" />``, ``<FrontArc>``."""
    where = _("ship class %(name)s") % {"name": _shown((detail.findtext("Name") or "").strip())}
    for field in ("FrontArc", "RearArc"):
        value = (detail.findtext(field) or "").strip()
        if not re.fullmatch(_ARC, value):
            raise CardFileInvalid(
                _("%(where)s: field '%(field)s' is %(value)s, not %(expected)s")
                % {"where": where, "field": field, "value": _shown(value), "expected": _ARC_SCHEMA["description"]}
            )
    for move in detail.findall("Maneuvers/Maneuver"):
        speed, kind, colour = (move.get(name, "") for name in ("speed", "kind", "color"))
        if not re.fullmatch(r"-?[0-9]", speed):
            raise CardFileInvalid(
                _("%(where)s: a maneuver's speed is %(value)s, not a whole number from -9 to 9")
                % {"where": where, "value": _shown(speed)}
            )
        if not re.fullmatch(_KIND, kind):
            raise CardFileInvalid(
                _("%(where)s: the speed %(speed)s maneuver %(kind)s is not a maneuver kind")
                % {"where": where, "speed": speed, "kind": _shown(kind)}
            )
        if colour not in DIAL_COLOURS:
            raise CardFileInvalid(
                _("%(where)s: the speed %(speed)s %(kind)s maneuver's colour is %(value)s, not %(colours)s")
                % {"where": where, "speed": speed, "kind": kind, "value": _shown(colour), "colours": DIAL_COLOURS_SHOWN}
            )
