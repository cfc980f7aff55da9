"""The fleet file (also the site's JSON export/import format) and the report as JSON.

A fleet file::

    {"format": "wizkids-2016", "date": "2017-06-01",
     "resources": ["R028", {"id": "R015", "factions": ["federation", "klingon"]}],
     "ships": [{"ship": "S415", "captain": "Cap049", "admiral": "A043",
                "upgrades": ["C476", "W224", "C114"], "blind_booster": false,
                "beneath": {"C114": ["T021"]}}]}

``format``, ``date``, ``admiral``, ``upgrades``, ``resources``, ``blind_booster``, ``beneath`` and
``sideboard`` are optional; ``sideboard`` lists the cards placed on the Reinforcements Sideboard resource
(``"sideboard": ["Cap008", "T019"]``), and a fleet with a sideboard may list no ship (a squad of only its
sideboard, as Space Dock saves one: the engine reports the missing ships); ``beneath`` maps a card of the
ship (Quark C114, Cryogenic Stasis, a captain such as Daimon Solok) to the Upgrades placed face down beneath
it at setup, which are not in ``upgrades``; an admiral id given as ``captain`` is that admiral played face
down. A resource that asks for a choice is written as an object: the Officer Exchange Program's two factions
(``{"id": "R015", "factions": ["federation", "klingon"]}``), the Fleet Captain's free talent
(``{"id": "R010", "free_talent": true}``, or ``false`` for the bonus slot; left out, the engine makes the
choice a player would); a plain id stays valid everywhere.
:func:`fleet_to_dict` writes every key, so ``parse_fleet(fleet_to_dict(f)) == f`` and
the canonical JSON of a fleet is stable enough to hash.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any, TypeGuard

from rules.attack_wing.catalog import Catalog
from rules.attack_wing.engine import resolve, resolve_sideboard
from rules.attack_wing.fleet import (
    Adjustment,
    CardCost,
    Fleet,
    FleetInputError,
    FleetShip,
    Report,
    ResourceCost,
    ResourceOption,
    ShipReport,
    Violation,
)
from rules.attack_wing.index import CatalogIndex, index_for
from rules.inputs.text_input import text_problem
from rules.translation import gettext as _

MAX_SHIPS = 20
MAX_CARDS_PER_SHIP = 30
MAX_RESOURCES = 5
MAX_ID_LENGTH = 100
MAX_FILE_BYTES = 256 * 1024
MAX_SIDEBOARD = 10
_TOP_KEYS = frozenset({"format", "date", "resources", "ships", "sideboard"})
_SHIP_KEYS = frozenset({"ship", "captain", "admiral", "upgrades", "blind_booster", "beneath"})


class FleetFileError(FleetInputError):
    """A fleet file that cannot be read or judged; ``message`` is one line for the player."""

    def __init__(self, message: str, code: str = "BAD_FLEET_FILE") -> None:
        super().__init__(code, message)


def parse_fleet(source: object, catalog: Catalog) -> tuple[Fleet, str | None, date | None]:
    """Read a fleet file (bytes, text or an already-decoded dict) and check every id's role."""
    data = _decode(source)
    if not isinstance(data, dict):
        raise FleetFileError(_("a fleet file must be a JSON object"))
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise FleetFileError(_("unknown key(s) in the fleet file: %(keys)s") % {"keys": ", ".join(unknown)})
    format_key = data.get("format")
    if format_key is not None and (not isinstance(format_key, str) or not format_key.strip()):
        raise FleetFileError(_("'format' must be a format key such as \"wizkids-2016\""))
    sideboard = _ids(data.get("sideboard", []), "sideboard", MAX_SIDEBOARD)
    ships = data.get("ships")
    if not isinstance(ships, list) or not (ships or sideboard):
        raise FleetFileError(_("'ships' must be a non-empty list"))
    if len(ships) > MAX_SHIPS:
        raise FleetFileError(
            _("a fleet has at most %(limit)d ships; this one lists %(count)d")
            % {"limit": MAX_SHIPS, "count": len(ships)}
        )
    resources, options = _resources(data.get("resources", []))
    fleet = Fleet(
        ships=tuple(_ship(entry, position) for position, entry in enumerate(ships)),
        resources=resources,
        resource_options=options,
        sideboard=sideboard,
    )
    index = index_for(catalog)
    try:
        resolve(fleet, index)
        resolve_sideboard(fleet, index)
    except FleetInputError as exc:
        raise FleetFileError(exc.message, exc.code) from None
    _check_options(options, index)
    return fleet, format_key, _date(data.get("date"))


_OPTION_KEYS = frozenset({"id", "factions", "free_talent"})
# option key -> the resource_option code a resource's text gives it
_OPTION_CODES = {"factions": "factions", "free_talent": "free_talent"}


def _resources(value: object) -> tuple[tuple[str, ...], tuple[ResourceOption, ...]]:
    """Resource ids, plain or as ``{"id": …, <option>: …}`` objects."""
    if not isinstance(value, list):
        raise FleetFileError(_("resources must be a list of card ids"))
    if len(value) > MAX_RESOURCES:
        raise FleetFileError(_at_most(_("resources"), MAX_RESOURCES, len(value)))
    ids, options = [], []
    for entry in value:
        if _is_id(entry):
            ids.append(entry)
            continue
        if not isinstance(entry, dict) or not _is_id(entry.get("id")):
            raise FleetFileError(_('resources must be card ids or objects such as {"id": "R015", "factions": [...]}'))
        unknown = sorted(set(entry) - _OPTION_KEYS)
        if unknown:
            raise FleetFileError(
                _("resources: unknown option(s) %(options)s for %(id)s")
                % {"options": ", ".join(unknown), "id": entry["id"]}
            )
        factions = entry.get("factions", [])
        if not isinstance(factions, list) or not all(isinstance(f, str) and f.strip() for f in factions):
            raise FleetFileError(
                _("resources: 'factions' of %(id)s must be a list of faction names") % {"id": entry["id"]}
            )
        free_talent = entry.get("free_talent")
        if free_talent is not None and not isinstance(free_talent, bool):
            raise FleetFileError(_("resources: 'free_talent' of %(id)s must be true or false") % {"id": entry["id"]})
        ids.append(entry["id"])
        options.append(
            ResourceOption(id=entry["id"], factions=tuple(_slug(f) for f in factions), free_talent=free_talent)
        )
    return tuple(ids), tuple(options)


def _slug(name: str) -> str:
    return "-".join(name.strip().lower().split())


def _check_options(options: tuple[ResourceOption, ...], index: CatalogIndex) -> None:
    """Each option must be one the resource's text asks for; factions must be two different real ones."""
    known_factions = index.factions
    for option in options:
        facts = index.fact(option.id)
        assert facts is not None  # resolve() found every resource of the fleet
        takes = {str(r.value): r.amount for r in facts.card.restrictions if r.code == "resource_option"}
        given = [key for key in ("factions", "free_talent") if getattr(option, key) not in ((), None)]
        for key in given:
            if _OPTION_CODES[key] not in takes:
                raise FleetFileError(
                    _("resources: %(id)s (%(card)s) takes no '%(key)s' option")
                    % {"id": option.id, "card": facts.card.name, "key": key}
                )
        if option.factions:
            wanted = takes["factions"] or 2
            wrong = [f for f in option.factions if f not in known_factions]
            if wrong:
                raise FleetFileError(
                    _("resources: %(id)s (%(card)s): unknown faction %(faction)r; known: %(known)s")
                    % {
                        "id": option.id,
                        "card": facts.card.name,
                        "faction": wrong[0],
                        "known": ", ".join(sorted(known_factions)),
                    }
                )
            if len(set(option.factions)) != wanted or len(option.factions) != wanted:
                raise FleetFileError(
                    _("resources: %(id)s (%(card)s) needs %(wanted)d different factions; %(given)d given")
                    % {"id": option.id, "card": facts.card.name, "wanted": wanted, "given": len(option.factions)}
                )


def _decode(source: object) -> object:
    if isinstance(source, dict):
        return source
    if isinstance(source, bytes | bytearray):
        if len(source) > MAX_FILE_BYTES:
            raise FleetFileError(_too_large())
        try:
            source = bytes(source).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise FleetFileError(_("the fleet file is not UTF-8 text")) from None
    if not isinstance(source, str):
        raise FleetFileError(_("a fleet file must be JSON text or an object"))
    if len(source) > MAX_FILE_BYTES:
        raise FleetFileError(_too_large())
    try:
        return json.loads(source)
    except json.JSONDecodeError as exc:
        raise FleetFileError(
            _("the fleet file is not valid JSON: %(error)s (line %(line)d, column %(column)d)")
            % {"error": exc.msg, "line": exc.lineno, "column": exc.colno}
        ) from None
    except (RecursionError, ValueError):
        # Hostile shapes the JSON parser refuses on its own terms: nesting too deep
        # for the stack, integers longer than Python converts.
        raise FleetFileError(
            _("the fleet file is not a fleet: its JSON is nested too deeply or has absurd numbers")
        ) from None


def _ship(entry: object, position: int) -> FleetShip:
    where = _("ship %(number)d") % {"number": position + 1}
    if not isinstance(entry, dict):
        raise FleetFileError(_("%(where)s must be an object") % {"where": where})
    unknown = sorted(set(entry) - _SHIP_KEYS)
    if unknown:
        raise FleetFileError(_("%(where)s: unknown key(s) %(keys)s") % {"where": where, "keys": ", ".join(unknown)})
    ship_id = entry.get("ship")
    if not _is_id(ship_id):
        raise FleetFileError(_("%(where)s: 'ship' must be a card id") % {"where": where})
    for key in ("captain", "admiral"):
        if entry.get(key) is not None and not _is_id(entry[key]):
            raise FleetFileError(_("%(where)s: '%(key)s' must be a card id or null") % {"where": where, "key": key})
    booster = entry.get("blind_booster", False)
    if not isinstance(booster, bool):
        raise FleetFileError(_("%(where)s: 'blind_booster' must be true or false") % {"where": where})
    return FleetShip(
        ship=ship_id,
        captain=entry.get("captain"),
        admiral=entry.get("admiral"),
        upgrades=_ids(entry.get("upgrades", []), f"{where} upgrades", MAX_CARDS_PER_SHIP),
        blind_booster=booster,
        beneath=_beneath(entry.get("beneath", {}), where),
    )


def _beneath(value: object, where: str) -> tuple[tuple[str, str], ...]:
    """``{"C114": ["T021"]}``: the host's id, then the ids of the cards face down beneath it."""
    if not isinstance(value, dict):
        raise FleetFileError(
            _('%(where)s: \'beneath\' must be an object such as {"C114": ["T021"]}') % {"where": where}
        )
    pairs: list[tuple[str, str]] = []
    for host, cards in value.items():
        if not _is_id(host):
            raise FleetFileError(_("%(where)s: 'beneath' must be keyed by card ids") % {"where": where})
        pairs.extend((host, card) for card in _ids(cards, f"{where} beneath {host}", MAX_CARDS_PER_SHIP))
    if len(pairs) > MAX_CARDS_PER_SHIP:
        raise FleetFileError(_at_most(f"{where} beneath", MAX_CARDS_PER_SHIP, len(pairs)))
    return tuple(pairs)


def _ids(value: object, where: str, limit: int) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(_is_id(v) for v in value):
        raise FleetFileError(_("%(where)s must be a list of card ids") % {"where": where})
    if len(value) > limit:
        raise FleetFileError(_at_most(where, limit, len(value)))
    return tuple(value)


def _at_most(where: str, limit: int, given: int) -> str:
    return _("%(where)s: at most %(limit)d cards; %(given)d given") % {"where": where, "limit": limit, "given": given}


def _too_large() -> str:
    return _("the fleet file is larger than %(size)d KiB") % {"size": MAX_FILE_BYTES // 1024}


def _is_id(value: object) -> TypeGuard[str]:
    return (
        isinstance(value, str)
        and 0 < len(value) <= MAX_ID_LENGTH
        and value == value.strip()
        and text_problem(value) is None
    )


def _date(value: object) -> date | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) != 10:
        raise FleetFileError(_("'date' must be written YYYY-MM-DD"))
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise FleetFileError(_("'date' %(value)r is not a real date (YYYY-MM-DD)") % {"value": value}) from None


def fleet_to_dict(fleet: Fleet, format_key: str | None = None, on: date | None = None) -> dict[str, Any]:
    """The canonical fleet file: every ship key written, ``format``/``date`` only when given."""
    data: dict[str, Any] = {}
    if format_key is not None:
        data["format"] = format_key
    if on is not None:
        data["date"] = on.isoformat()
    data["resources"] = [_resource_entry(fleet, resource_id) for resource_id in fleet.resources]
    data["ships"] = [_ship_entry(s) for s in fleet.ships]
    if fleet.sideboard:  # only when there is one, so every other fleet's canonical JSON (and hash) stays the same
        data["sideboard"] = list(fleet.sideboard)
    return data


def _ship_entry(ship: FleetShip) -> dict[str, Any]:
    """Every key of a ship; ``beneath`` only when a card lies beneath another, so the canonical JSON (and the
    verification hash) of every fleet without one stays what it was."""
    entry: dict[str, Any] = {
        "ship": ship.ship,
        "captain": ship.captain,
        "admiral": ship.admiral,
        "upgrades": list(ship.upgrades),
        "blind_booster": ship.blind_booster,
    }
    if ship.beneath:
        hosts: dict[str, list[str]] = {}
        for host, card in ship.beneath:
            hosts.setdefault(host, []).append(card)
        entry["beneath"] = hosts
    return entry


def _resource_entry(fleet: Fleet, resource_id: str) -> str | dict[str, Any]:
    option = fleet.option(resource_id)
    if option is None or not (option.factions or option.free_talent is not None):
        return resource_id
    entry: dict[str, Any] = {"id": resource_id}
    if option.factions:
        entry["factions"] = list(option.factions)
    if option.free_talent is not None:
        entry["free_talent"] = option.free_talent
    return entry


def canonical_json(fleet: Fleet, format_key: str | None = None, on: date | None = None) -> str:
    """One exact text per fleet (sorted keys, no spaces): what a verification hash is taken over."""
    return json.dumps(fleet_to_dict(fleet, format_key, on), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def report_to_dict(report: Report) -> dict[str, Any]:
    return {
        "legal": report.legal,
        "format": report.format,
        "limit": report.limit,
        "total": report.total,
        "ships": [
            {
                "index": s.index,
                "ship": s.ship,
                "name": s.name,
                "cost": s.cost,
                "cards": [_priced(c, role=c.role, penalty=c.penalty, **_placed(c)) for c in s.cards],
            }
            for s in report.ships
        ],
        "resources": [_priced(r) for r in report.resources],
        **(
            {"sideboard": [_priced(c, role=c.role, **_placed(c)) for c in report.sideboard]} if report.sideboard else {}
        ),
        "violations": [
            {"code": v.code, "message": v.message, "ship": v.ship, "card": v.card} for v in report.violations
        ],
        "notes": [u.note for u in report.unapplied],
    }


def _placed(card: CardCost) -> dict[str, Any]:
    """Where an Upgrade sits, or the set-up choice a card stands for (``CardCost.placed``), when the report says."""
    return {"placed": card.placed} if card.placed else {}


def _priced(line: CardCost | ResourceCost, **fields: Any) -> dict[str, Any]:
    """A card or resource line: its title, printed cost, every adjustment and its cost (they add up)."""
    return {
        "id": line.id,
        "name": line.name,
        **fields,
        "printed": line.printed,
        "adjustments": [adjustment_to_dict(a) for a in line.adjustments],
        "cost": line.cost,
        "unapplied": list(line.unapplied),
    }


def adjustment_to_dict(step: Adjustment) -> dict[str, Any]:
    """One step from printed to final cost: ``printed`` + every ``amount`` = ``cost``."""
    return {
        "amount": step.amount,
        "kind": step.kind,
        "card": step.source or None,
        "card_name": step.source_name or None,
        "words": step.words,
        "quoted": step.quoted,
    }


def report_from_dict(data: dict[str, Any]) -> Report:
    """The report :func:`report_to_dict` wrote, read back exactly: a price judged once is kept as this
    JSON and shown again card by card, whatever the cards cost since (``report_from_dict(report_to_dict(r))
    == r``). ``legal`` and ``notes`` are derived, so they are not read."""
    return Report(
        format=data["format"],
        limit=data["limit"],
        total=data["total"],
        ships=tuple(
            ShipReport(
                index=ship["index"],
                ship=ship["ship"],
                name=ship["name"],
                cost=ship["cost"],
                cards=tuple(
                    CardCost(
                        role=card["role"],
                        penalty=card["penalty"],
                        placed=card.get("placed", ""),
                        **_priced_fields(card),
                    )
                    for card in ship["cards"]
                ),
            )
            for ship in data["ships"]
        ),
        resources=tuple(ResourceCost(**_priced_fields(resource)) for resource in data["resources"]),
        sideboard=tuple(
            CardCost(role=card["role"], penalty=0, placed=card.get("placed", ""), **_priced_fields(card))
            for card in data.get("sideboard", ())
        ),
        violations=tuple(
            Violation(code=v["code"], message=v["message"], ship=v["ship"], card=v["card"]) for v in data["violations"]
        ),
    )


def _priced_fields(line: dict[str, Any]) -> dict[str, Any]:
    """What :func:`_priced` wrote of a card or resource line, as the fields of its dataclass."""
    return {
        "id": line["id"],
        "name": line["name"],
        "printed": line["printed"],
        "cost": line["cost"],
        "adjustments": tuple(
            Adjustment(
                amount=step["amount"],
                kind=step["kind"],
                words=step["words"],
                source=step["card"] or "",
                source_name=step["card_name"] or "",
                quoted=step["quoted"],
            )
            for step in line["adjustments"]
        ),
        "unapplied": tuple(line["unapplied"]),
    }
