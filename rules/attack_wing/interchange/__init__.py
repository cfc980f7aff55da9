"""Fleets in the forms players already use: Utopia, Space Dock, Muster's own (both ways) and lists typed by hand.

Public names (the site uses only these):

- ``detect_format(data) -> str``: one of :data:`FORMATS`, or :class:`InterchangeError`
- ``import_fleet(data, catalog, fmt=None, *, references=None, squad=0, strict=False) -> ImportResult``
- ``ImportResult`` (the :class:`~rules.attack_wing.fleet.Fleet`, the card-by-card :class:`CardMatch`
  report with the :class:`Candidate` cards of each doubtful line, the costs and totals the source
  printed, problems and notes), ``InterchangeError``
- ``cost_rows(result, report)``: each recognized card with the source's cost beside Muster's
- ``result_to_dict(result, report=None)``: all of it as JSON-ready data (API, public checker)
- writers: ``utopia_link``, ``utopia_text``, ``utopia_tts``, ``muster_text`` (each but the last
  returns an :class:`Export`: the text and the cards the format could not hold)
- ``squad_names(data)``: the squads of a Space Dock ``.spacedocksquads`` file
- ``MAX_INPUT_BYTES``: inputs above it are refused (256 KiB, as for fleet files)

Cards resolve against the catalog the site imported, Utopia's or Space Dock's: by id when the
id is the catalog's, otherwise by name and type. Same-named cards are told apart by what the
source says (ship class, captain skill, set names, upgrade type), by the ship's faction, by a
ship's upgrade bar holding the cards listed on it, and by the one Muster's engine prices at the
SP the source printed; a choice that rests on none of these is reported as ambiguous.
Ids of the *other* database are translated through that database when the caller passes it in
``references`` (``{"utopia": catalog, "spacedock": catalog}``); without it they are reported
as not found. Nothing is dropped silently: a card that finds no place is in the report.

The site's flow::

    fmt = detect_format(upload)                      # optional: import_fleet detects it too
    result = import_fleet(upload, catalog, references={"utopia": utopia_catalog})
    report = validate_fleet(result.fleet, catalog, format_key)
    rows = cost_rows(result, report)                 # (CardMatch, Muster's cost) per source card
    # show result.problems / result.notes; save fleet_to_dict(result.fleet) as the new fleet

Exports: ``utopia_link(fleet, catalog, utopia_catalog=...)`` (``utopia_catalog`` only when the
site's catalog is Space Dock's), ``utopia_text(fleet, catalog, report)``, ``muster_text(...)``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from rules.attack_wing.catalog import Catalog
from rules.attack_wing.fleet import ROLE_BENEATH, ROLE_SIDEBOARD, Fleet, Report
from rules.attack_wing.fleet_file import fleet_to_dict
from rules.attack_wing.interchange import (
    muster,
    plain_text,
    spacedock,
    utopia_exports,
    utopia_share_link,
    utopia_writers,
)
from rules.attack_wing.interchange.assembler import Assembler, upgrade_line
from rules.attack_wing.interchange.decoding import MAX_INPUT_BYTES, as_text, load_json
from rules.attack_wing.interchange.report import (
    AMBIGUOUS,
    MATCHED,
    NEAR_NAME,
    NOT_FOUND,
    STATUSES,
    UNPLACED,
    Candidate,
    CardMatch,
    ImportResult,
    InterchangeError,
)
from rules.attack_wing.interchange.resolver import Resolver
from rules.attack_wing.interchange.utopia_share_link import UTOPIA_URL
from rules.attack_wing.interchange.utopia_writers import Export
from rules.translation import gettext as _
from rules.translation import gettext_noop

UTOPIA_LINK = "utopia-link"
UTOPIA_TEXT = "utopia-text"
UTOPIA_TTS = "utopia-tts"
SPACEDOCK_SQUAD = "spacedock-squad"
SPACEDOCK_TEXT = "spacedock-text"
MUSTER_JSON = "muster-json"
MUSTER_TEXT = "muster-text"
PLAIN_TEXT = "plain-text"
FORMATS = (UTOPIA_LINK, UTOPIA_TEXT, UTOPIA_TTS, SPACEDOCK_SQUAD, SPACEDOCK_TEXT, MUSTER_JSON, MUSTER_TEXT, PLAIN_TEXT)
FORMAT_NAMES = {
    UTOPIA_LINK: gettext_noop("Utopia link"),
    UTOPIA_TEXT: gettext_noop("Utopia text export"),
    UTOPIA_TTS: gettext_noop("Utopia Tabletop Simulator export"),
    SPACEDOCK_SQUAD: gettext_noop("Space Dock squad file"),
    SPACEDOCK_TEXT: gettext_noop("Space Dock text"),
    MUSTER_JSON: gettext_noop("Muster fleet file"),
    MUSTER_TEXT: gettext_noop("Muster text"),
    PLAIN_TEXT: gettext_noop("Typed list (card names)"),
}

__all__ = [
    "AMBIGUOUS",
    "FORMATS",
    "FORMAT_NAMES",
    "MATCHED",
    "NEAR_NAME",
    "MAX_INPUT_BYTES",
    "NOT_FOUND",
    "PLAIN_TEXT",
    "STATUSES",
    "UNPLACED",
    "UTOPIA_URL",
    "Candidate",
    "CardMatch",
    "Export",
    "ImportResult",
    "InterchangeError",
    "cost_rows",
    "detect_format",
    "import_fleet",
    "muster_text",
    "result_to_dict",
    "squad_names",
    "utopia_link",
    "utopia_text",
    "utopia_tts",
]

_NOT_A_FLEET = gettext_noop(
    "This is not a fleet Muster can read: paste a Utopia link or text export, a Space Dock squad "
    "file or text, a Muster fleet file, or the cards' names, a ship and its cards to a paragraph."
)
_BASE64ISH = re.compile(r"^#?[A-Za-z0-9+/_=%-]{16,}$")
_ID_LINE = re.compile(r"^[A-Za-z0-9_.\-]{1,100}$")


def detect_format(data: bytes | str) -> str:
    """Which of :data:`FORMATS` ``data`` is, judged from its shape; :class:`InterchangeError` if none."""
    text = as_text(data, gettext_noop("fleet")).strip()
    if not text:
        raise InterchangeError(_("The fleet is empty."), "EMPTY")
    if text[0] in "{[":
        document = load_json(text, gettext_noop("fleet file"))
        return _json_format(document)
    if "\n" not in text and ("://" in text or text.lower().startswith("www.") or _BASE64ISH.match(text)):
        return UTOPIA_LINK
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    lowered = text.lower()
    if "generated by utopia for tabletop simulator" in lowered:
        return UTOPIA_TTS
    if "generated by space dock" in lowered or any(re.match(r"^Total \(-?\d+\)$", line) for line in lines):
        return SPACEDOCK_TEXT
    if "generated by utopia" in lowered or any(re.match(r"^(Ship|Fleet) Total: -?\d+ SP$", line) for line in lines):
        return UTOPIA_TEXT
    if any(re.match(r"^Ship \d+( \[Blind Booster\])?: -?\d+ SP$", line) for line in lines):
        return MUSTER_TEXT
    ids = [line for line in lines if not line.startswith("---")]
    if all(_ID_LINE.match(line) for line in ids) and any(re.search(r"\d", line) for line in ids):
        return UTOPIA_TTS
    if re.search(r"https?://\S+#\S", text, re.IGNORECASE):
        return UTOPIA_LINK  # a link in a few lines of a message
    if any(re.search(r"[^\W\d_]{2}", line) for line in lines):
        return PLAIN_TEXT  # names as a player types them: the forgiving reader
    raise InterchangeError(_(_NOT_A_FLEET), "UNKNOWN_FORMAT")


def _json_format(document: object) -> str:
    squads = document if isinstance(document, list) else [document]
    first = squads[0] if squads else None
    if not isinstance(first, dict):
        raise InterchangeError(_(_NOT_A_FLEET), "UNKNOWN_FORMAT")
    ships = first.get("ships")
    if isinstance(document, list) or "shipId" in str(ships)[:2000] or "additionalPoints" in first:
        return SPACEDOCK_SQUAD
    if isinstance(ships, list) and ships and isinstance(ships[0], dict):
        if "ship" in ships[0]:
            return MUSTER_JSON
        if isinstance(ships[0].get("id"), str) and ":" in ships[0]["id"]:
            return UTOPIA_LINK
    if isinstance(ships, list) and set(first) <= {"format", "date", "resources", "ships"}:
        return MUSTER_JSON
    raise InterchangeError(_(_NOT_A_FLEET), "UNKNOWN_FORMAT")


def import_fleet(
    data: bytes | str,
    catalog: Catalog,
    fmt: str | None = None,
    *,
    references: dict[str, Catalog] | None = None,
    squad: int = 0,
    strict: bool = False,
    choices: dict[int, str] | None = None,
) -> ImportResult:
    """Read a fleet in any of :data:`FORMATS` (detected when ``fmt`` is ``None``) against ``catalog``.

    ``references`` translate ids of the other card database (see the module docstring);
    ``squad`` picks a squad of a multi-squad Space Dock file; ``strict`` turns the first problem
    (a card not found, an ambiguous name, totals that do not add up) into :class:`InterchangeError`;
    ``choices`` answer doubtful lines: ``{index in the report's cards: the candidate's id}``.
    Any unreadable input raises :class:`InterchangeError` and nothing else.
    """
    detected = fmt is None
    fmt = fmt or detect_format(data)
    if fmt not in FORMATS:
        raise InterchangeError(_("Unknown fleet format %(format)r.") % {"format": fmt}, "UNKNOWN_FORMAT")
    try:
        result = _read(data, catalog, fmt, references, squad, choices)
    except InterchangeError as error:
        if not detected or fmt not in _TYPED_LOOK_ALIKES or error.code != "BAD_TEXT":
            raise
        # a list typed by hand with a builder's total line ("Ship Total: 44 SP") in it: read as typed
        try:
            result = _read(data, catalog, PLAIN_TEXT, references, squad, choices)
        except InterchangeError:
            raise error from None
        shape = _(FORMAT_NAMES[fmt])
        note = _("It looks like a %(shape)s but is not one (%(error)s), so it is read as typed.") % {
            "shape": shape,
            "error": error.message.rstrip("."),
        }
        result = replace(result, notes=(note, *result.notes))
    if strict and result.problems:
        raise InterchangeError(result.problems[0], "INCOMPLETE")
    return result


# Builders' text exports a typed list can look like; when the builder's own reader cannot read it, the forgiving
# reader does (only when the format was detected: one chosen by hand is read as that format).
_TYPED_LOOK_ALIKES = (UTOPIA_TEXT, SPACEDOCK_TEXT, MUSTER_TEXT)


def _read(
    data: bytes | str,
    catalog: Catalog,
    fmt: str,
    references: dict[str, Catalog] | None,
    squad: int,
    choices: dict[int, str] | None,
) -> ImportResult:
    """``data`` read as ``fmt`` (see :func:`import_fleet`)."""
    if fmt == MUSTER_JSON:
        result = muster.import_json(data, catalog)
    else:
        resolver = Resolver(catalog, references)
        if fmt == UTOPIA_LINK:
            text = as_text(data, gettext_noop("Utopia link")).strip()
            parsed = (
                utopia_share_link.parse_saved(load_json(text, gettext_noop("Utopia fleet")))
                if text.startswith("{")
                else None
            )
            parsed = parsed or utopia_share_link.parse_link(text)
        elif fmt == UTOPIA_TEXT:
            parsed = utopia_exports.parse_text(data)
        elif fmt == UTOPIA_TTS:
            parsed = utopia_exports.parse_tts(data, resolver)
        elif fmt == SPACEDOCK_SQUAD:
            parsed = spacedock.parse_squad(data, squad)
        elif fmt == SPACEDOCK_TEXT:
            parsed = spacedock.parse_text(data)
        elif fmt == PLAIN_TEXT:
            parsed = plain_text.parse_text(data, resolver)
        else:
            parsed = muster.parse_text(data)
        result = Assembler(resolver).build(fmt, parsed, choices)
    return result


def squad_names(data: bytes | str) -> list[str]:
    """The names of the squads in a Space Dock file, in order (for choosing ``squad``)."""
    return spacedock.squad_names(data)


def cost_rows(result: ImportResult, report: Report) -> list[tuple[CardMatch, int | None]]:
    """Every card of the report beside Muster's cost for it (``None`` where it is not in the fleet).

    ``report`` is :func:`~rules.attack_wing.validate_fleet` of ``result.fleet``.
    """
    muster_costs: dict[tuple[int | None, str, int | None], int] = {}
    for ship in report.ships:
        position = 0
        for line in ship.cards:
            if line.role == "upgrade":
                muster_costs[(ship.index, "upgrade", position)] = line.cost
                position += 1
            else:
                muster_costs[(ship.index, line.role, None)] = line.cost
    resources: dict[str | None, int] = {r.id: r.cost for r in report.resources}
    rows = []
    for match in result.cards:
        cost = None
        if match.status in (MATCHED, AMBIGUOUS):
            if match.role == "resource":
                cost = resources.get(match.card_id)
            elif match.role == ROLE_SIDEBOARD and match.position is not None:
                cost = report.sideboard[match.position].cost
            elif match.role == ROLE_BENEATH:
                cost = muster_costs.get((match.ship, "upgrade", upgrade_line(result.fleet, match)))
            elif match.ship is not None:
                cost = muster_costs.get((match.ship, match.role, match.position))
        rows.append((match, cost))
    return rows


def result_to_dict(result: ImportResult, report: Report | None = None) -> dict[str, Any]:
    """The import as plain JSON-ready data: the fleet file, the card report (with Muster's cost
    beside the source's when ``report`` is given), totals, problems and notes."""
    costs = cost_rows(result, report) if report is not None else [(match, None) for match in result.cards]
    return {
        "format": result.format,
        "name": result.name,
        "fleet": fleet_to_dict(result.fleet, result.format_key, result.date),
        "complete": result.complete,
        "source_total": result.source_total,
        "source_ship_totals": list(result.source_ship_totals),
        "total": report.total if report is not None else None,
        "ship_totals": [s.cost for s in report.ships] if report is not None else None,
        "cards": [
            {
                "status": match.status,
                "role": match.role,
                "source": match.source,
                "id": match.card_id,
                "name": match.name,
                "ship": match.ship,
                "position": match.position,
                "how": match.how,
                "note": match.note,
                "alternatives": list(match.alternatives),
                "candidates": [
                    {
                        "id": c.id,
                        "name": c.name,
                        "type": c.type,
                        "sets": list(c.sets),
                        "factions": list(c.factions),
                        "cost": c.cost,
                        "chosen": c.chosen,
                        "fits": c.fits,
                    }
                    for c in match.candidates
                ],
                "source_cost": match.source_cost,
                "cost": cost,
            }
            for match, cost in costs
        ],
        "problems": list(result.problems),
        "notes": list(result.notes),
    }


def utopia_link(
    fleet: Fleet, catalog: Catalog, *, utopia_catalog: Catalog | None = None, base: str = UTOPIA_URL
) -> Export:
    """A Utopia share link for ``fleet`` (see :func:`rules.attack_wing.interchange.utopia_writers.write_link`)."""
    return utopia_writers.write_link(fleet, catalog, utopia=utopia_catalog, base=base)


def utopia_text(
    fleet: Fleet, catalog: Catalog, report: Report | None = None, *, utopia_catalog: Catalog | None = None
) -> Export:
    """Utopia-style text for ``fleet``, with Muster's costs from ``report``."""
    return utopia_writers.write_text(fleet, catalog, report, utopia=utopia_catalog)


def utopia_tts(fleet: Fleet, catalog: Catalog, *, utopia_catalog: Catalog | None = None) -> Export:
    """Utopia's Tabletop Simulator list (card ids) for ``fleet``."""
    return utopia_writers.write_tts(fleet, catalog, utopia=utopia_catalog)


def muster_text(
    fleet: Fleet,
    report: Report,
    catalog: Catalog,
    *,
    name: str,
    faction: str = "",
    code: str = "",
    version: int | None = None,
) -> str:
    """Muster's plain-text list (the fleets app's ``export.txt``), as a string."""
    return muster.write_text(fleet, report, catalog, name=name, faction=faction, code=code, version=version)
