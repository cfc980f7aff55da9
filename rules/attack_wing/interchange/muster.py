"""Muster's own fleet file (JSON) and its plain-text list, read back.

The JSON is :mod:`rules.attack_wing.fleet_file`'s; reading it is :func:`parse_fleet` with the
report filled in. The text is the list the fleets app offers as ``export.txt``
(``fleets.sheets.render_fleet_text``)::

    Home Fleet (Federation): 128/130 SP

    Ship 1: 44 SP
      Ship: U.S.S. Enterprise-D (Galaxy Class) [S001] - 22
      Captain: Jean-Luc Picard [Cap049] - 6
      Crew: William T. Riker [C012] - 4 (+1)
      Crew: Quark [C114] - 2
      Tech beneath Quark: Maximum Shields [T021] - 0

    Resource: Reinforcements Sideboard [R003] - 10
    Sideboard Captain: Kang [Cap001] - 5
    Sideboard Crew: Beverly Crusher [C464] - 2
    Total: 128 SP
    Verification code: ABCD-1234 (version 3)
    SP like “4 (+1)” include a faction penalty.

Each card carries its id in brackets, so a card printed in several sets with the same name and cost reads back
as the printing written (a site whose catalog does not hold the id reads the name, as in lists written before
ids were). The Reinforcements Sideboard's cards follow the resource, each with its cost on the sideboard (not in the
total: the resource's cost is). :func:`write_text` writes exactly that text from the engine's report, without
Django, so the app can use it; :func:`parse_text` reads it back by card name, type and ship class.
"""

from __future__ import annotations

import re

from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, OTHER, RESOURCE, SHIP, UPGRADE, Card, Catalog
from rules.attack_wing.fleet import ROLE_BENEATH, ROLE_SIDEBOARD, Fleet, Report
from rules.attack_wing.fleet_file import FleetFileError, parse_fleet
from rules.attack_wing.interchange.decoding import as_text, load_json, text_lines
from rules.attack_wing.interchange.entries import Entry, Parsed, ShipEntries, name_key, ship_names
from rules.attack_wing.interchange.report import MATCHED, UNPLACED, CardMatch, ImportResult, InterchangeError
from rules.attack_wing.interchange.resolver import helper_note
from rules.attack_wing.interchange.totals import check_fleet_total, check_ship_total
from rules.translation import gettext as _
from rules.translation import gettext_noop

UPGRADE_TYPE_LABELS = {
    "crew": "Crew",
    "tech": "Tech",
    "weapon": "Weapon",
    "talent": "Elite Talent",
    "borg": "Borg",
    "squadron": "Squadron",
}
_LABEL_TYPES = {label.lower(): key for key, label in UPGRADE_TYPE_LABELS.items()}


def faction_label(key: str) -> str:
    """``"mirror-universe"`` -> ``"Mirror Universe"``."""
    return key.replace("-", " ").replace("_", " ").title()


def type_label(card: Card, role: str) -> str:
    """The Type column of the Fleet Build Sheet: Ship, Captain, Admiral, Crew, Tech, ..."""
    if role == "captain" and card.kind == ADMIRAL:
        return "Captain (Admiral)"
    if role in ("ship", "captain", "admiral", "resource"):
        return role.capitalize()
    return UPGRADE_TYPE_LABELS.get(card.upgrade_type) or faction_label(card.upgrade_type or "other")


def beneath_label(label: str, host: Card) -> str:
    """The Type of a card placed face down beneath ``host`` at setup: "Tech beneath Quark" (read back by
    :func:`parse_text`)."""
    return f"{label} beneath {host.name}"


def card_title(card: Card, role: str) -> str:
    if role == "ship" and card.ship_class:
        return f"{card.name} ({card.ship_class})"
    return card.name


def _sp(cost: int, penalty: int) -> str:
    return f"{cost} (+{penalty})" if penalty else str(cost)


def write_text(
    fleet: Fleet,
    report: Report,
    catalog: Catalog,
    *,
    name: str,
    faction: str = "",
    code: str = "",
    version: int | None = None,
) -> str:
    """Muster's plain-text list of a checked fleet: the same text the fleets app serves as ``export.txt``."""
    faction_part = f" ({faction_label(faction)})" if faction else ""
    lines = [f"{name}{faction_part}: {report.total}/{report.limit} SP", ""]
    penalties = False
    for entry, ship in zip(fleet.ships, report.ships, strict=True):
        booster = " [Blind Booster]" if entry.blind_booster else ""
        lines.append(f"Ship {ship.index + 1}{booster}: {ship.cost} SP")
        first_beneath = len(ship.cards) - len(entry.beneath)  # the report lists them last
        for number, line in enumerate(ship.cards):
            card = catalog.get(line.id)
            assert card is not None  # the report prices the catalog's cards
            label = type_label(card, line.role)
            if number >= first_beneath:
                host = catalog.get(entry.beneath[number - first_beneath][0])
                assert host is not None
                label = beneath_label(label, host)
            lines.append(f"  {label}: {card_title(card, line.role)} [{card.id}] - {_sp(line.cost, line.penalty)}")
            penalties = penalties or bool(line.penalty)
        lines.append("")
    for resource in report.resources:
        resource_card = catalog.get(resource.id)
        assert resource_card is not None  # the report prices the catalog's cards
        lines.append(f"Resource: {resource_card.name} [{resource.id}] - {resource.cost}")
    for sideboard_line in report.sideboard:
        sideboard_card = catalog.get(sideboard_line.id)
        assert sideboard_card is not None  # the report prices the catalog's cards
        lines.append(
            f"{sideboard_label(sideboard_card)}: {sideboard_card.name} [{sideboard_card.id}] - {sideboard_line.cost}"
        )
    lines.append(f"Total: {report.total} SP")
    if not report.legal:
        lines.append(f"Not legal ({report.format}): " + "; ".join(v.message for v in report.violations))
    if code:
        lines.append(f"Verification code: {code} (version {version})")
    if penalties:
        lines.append("SP like “4 (+1)” include a faction penalty.")
    return "\n".join(lines) + "\n"


SIDEBOARD_LABEL = "Sideboard"


def sideboard_label(card: Card) -> str:
    """The Type of a card on the Reinforcements Sideboard: "Sideboard Captain", "Sideboard Crew", … (read back by
    :func:`parse_text`): the type it would have on a ship."""
    return f"{SIDEBOARD_LABEL} {type_label(card, 'captain' if card.kind == CAPTAIN else 'upgrade')}"


_HEAD = re.compile(r"^(?P<name>.*?): (?P<total>-?\d{1,5})/(?P<limit>\d{1,5}) SP$")
_SHIP = re.compile(r"^Ship (?P<n>\d{1,3})(?P<booster> \[Blind Booster\])?: (?P<cost>-?\d{1,5}) SP$")
_ID = r"(?: \[(?P<id>[\w.\-' ]{1,100})\])?"  # the card's id, written since lists carry them
_CARD = re.compile(
    rf"^(?P<label>[A-Za-z][\w ()'.-]*?): (?P<title>.+?){_ID} - (?P<cost>-?\d{{1,4}})(?: \(\+(?P<pen>\d{{1,3}})\))?$"
)
_RESOURCE = re.compile(rf"^Resource: (?P<title>.+?){_ID} - (?P<cost>-?\d{{1,4}})$")
_TOTAL = re.compile(r"^Total: (?P<cost>-?\d{1,5}) SP$")
_CLASS = re.compile(r"^(?P<name>.+) \((?P<cls>[^()]+)\)$")


def parse_text(data: bytes | str) -> Parsed:
    text = as_text(data, gettext_noop("Muster text"))
    parsed = Parsed()
    block: ShipEntries | None = None
    sums: list[int] = []
    resource_sum = 0
    for number, raw in enumerate(text_lines(text, gettext_noop("Muster text")), 1):
        line = raw.strip()
        if not line:
            continue
        if match := _SHIP.match(line):
            block = ShipEntries(ship=Entry(role="ship", source=""), blind_booster=bool(match.group("booster")))
            block.source_total = int(match.group("cost"))
            parsed.ships.append(block)
            sums.append(0)
            continue
        if match := _RESOURCE.match(line):
            entry = Entry(role="resource", source=match.group("title"), name=match.group("title"), kinds=(RESOURCE,))
            entry.source_cost, entry.card_id, entry.family = int(match.group("cost")), match.group("id"), "muster"
            parsed.resources.append(entry)
            resource_sum += entry.source_cost
            block = None
            continue
        if match := _TOTAL.match(line):
            parsed.source_total = int(match.group("cost"))
            block = None
            continue
        if parsed.resources and (match := _CARD.match(line)) and match.group("label").startswith(SIDEBOARD_LABEL + " "):
            label = match.group("label").removeprefix(SIDEBOARD_LABEL + " ")
            entry = _card_entry(label, match.group("title"), int(match.group("cost")))
            entry.role, entry.sideboard, entry.source = "card", True, line
            entry.card_id, entry.family = match.group("id"), "muster"
            parsed.sideboard.append(entry)
            continue
        if block is not None and (match := _CARD.match(line)):
            label, title, cost = match.group("label"), match.group("title"), int(match.group("cost"))
            label, _sep, host = label.partition(" beneath ")  # "Tech beneath Quark": face down beneath that card
            entry = _card_entry(label, title, cost)
            entry.penalty, entry.card_id, entry.family = int(match.group("pen") or 0), match.group("id"), "muster"
            if host:
                entry.host = next((e for e in reversed(block.cards) if name_key(e.name or "") == name_key(host)), None)
            sums[-1] += cost
            if entry.role == "ship":
                if block.ship.source:
                    message = _("Line %(number)d of the Muster text is a second ship card on one ship.")
                    raise InterchangeError(message % {"number": number})
                block.ship = entry
            else:
                block.cards.append(entry)
            continue
        if parsed.name is None and not parsed.ships and (match := _HEAD.match(line)):
            name = match.group("name")
            faction = _CLASS.match(name)
            parsed.name = faction.group("name") if faction else name
            continue
        if line.startswith(("Not legal", "Verification code", "SP like")):
            if line.startswith("Verification code"):
                parsed.notes.append(line)
            continue
        raise InterchangeError(
            _("Line %(number)d of the Muster text is not part of a fleet list: %(line)r.")
            % {"number": number, "line": line[:60]},
            "BAD_TEXT",
        )
    if not parsed.ships and not parsed.sideboard:
        raise InterchangeError(_("The Muster text names no ship."), "BAD_TEXT")
    for number, (block, added) in enumerate(zip(parsed.ships, sums, strict=True), 1):
        if not block.ship.source:
            message = _("Ship %(number)d of the Muster text has no 'Ship:' line.") % {"number": number}
            raise InterchangeError(message, "BAD_TEXT")
        check_ship_total(parsed, number, added=added, said="{} SP", costs=gettext_noop("costs"))
    check_fleet_total(
        parsed,
        text=gettext_noop("Muster text"),
        line="Total",
        said="Total: {} SP",
        parts=gettext_noop("ships and resources"),
        expected=sum(block.source_total or 0 for block in parsed.ships) + resource_sum,
    )
    return parsed


def _card_entry(label: str, title: str, cost: int) -> Entry:
    entry = Entry(role="upgrade", source=f"{label}: {title}", name=title, source_cost=cost)
    lower = label.lower()
    if lower == "ship":
        entry.role, entry.kinds = "ship", (SHIP,)
        entry.names, entry.ship_class = ship_names(title)
    elif lower == "captain":
        entry.role, entry.kinds = "captain", (CAPTAIN,)
    elif lower == "captain (admiral)":
        entry.role, entry.kinds = "captain", (ADMIRAL,)
    elif lower == "admiral":
        entry.role, entry.kinds = "admiral", (ADMIRAL,)
    elif lower in _LABEL_TYPES:
        entry.kinds, entry.type_hint = (UPGRADE,), _LABEL_TYPES[lower]
    else:
        entry.kinds, entry.type_hint = (UPGRADE, OTHER), lower
    return entry


def import_json(data: object, catalog: Catalog) -> ImportResult:
    """Muster's fleet file: every card must be the catalog's, by id."""
    if not isinstance(data, dict):
        text = as_text(data, gettext_noop("Muster fleet file"))
        data = load_json(text, gettext_noop("Muster fleet file"))
    data, helpers, notes = _without_helpers(data, catalog)
    try:
        fleet, format_key, on = parse_fleet(data, catalog)
    except FleetFileError as exc:
        message = _("The Muster fleet file cannot be read: %(error)s.") % {"error": exc.message}
        raise InterchangeError(message, exc.code) from None
    matches = []
    for index, ship in enumerate(fleet.ships):
        matches.append(_by_id(catalog, ship.ship, "ship", index))
        if ship.captain:
            matches.append(_by_id(catalog, ship.captain, "captain", index))
        if ship.admiral:
            matches.append(_by_id(catalog, ship.admiral, "admiral", index))
        matches += [_by_id(catalog, card_id, "upgrade", index, p) for p, card_id in enumerate(ship.upgrades)]
        matches += [_by_id(catalog, card_id, ROLE_BENEATH, index, p) for p, (_host, card_id) in enumerate(ship.beneath)]
    matches += [_by_id(catalog, card_id, "resource", None) for card_id in fleet.resources]
    matches += [_by_id(catalog, card_id, ROLE_SIDEBOARD, None, p) for p, card_id in enumerate(fleet.sideboard)]
    return ImportResult(
        format="muster-json",
        fleet=fleet,
        cards=(*matches, *helpers),
        notes=tuple(notes),
        source_ship_totals=(None,) * len(fleet.ships),
        format_key=format_key,
        date=on,
    )


def _without_helpers(data: object, catalog: Catalog) -> tuple[object, list[CardMatch], list[str]]:
    """The fleet file without the Utopia builder's helper records among a ship's upgrades ("Tuesday (Weapon)",
    W251), each reported as the Utopia link reports it: left out with a note, the cards it holds kept."""
    if not isinstance(data, dict):
        return data, [], []
    ships = data.get("ships")
    if not isinstance(ships, list):
        return data, [], []
    matches: list[CardMatch] = []
    notes: list[str] = []
    kept_ships = []
    for index, ship in enumerate(ships):
        upgrades = ship.get("upgrades") if isinstance(ship, dict) else None
        if not isinstance(upgrades, list):
            kept_ships.append(ship)
            continue
        kept = []
        for card_id in upgrades:
            note = helper_note(catalog, card_id) if isinstance(card_id, str) else ""
            if not note:
                kept.append(card_id)
                continue
            matches.append(CardMatch(status=UNPLACED, role="upgrade", source=card_id, ship=index, note=note))
            notes.append(_("Ship %(number)d: %(note)s.") % {"number": index + 1, "note": note})
        kept_ships.append({**ship, "upgrades": kept})
    return ({**data, "ships": kept_ships} if matches else data), matches, notes


def _by_id(catalog: Catalog, card_id: str, role: str, ship: int | None, position: int | None = None) -> CardMatch:
    card = catalog.get(card_id)
    assert card is not None  # parse_fleet found every id in the catalog
    return CardMatch(
        status=MATCHED,
        role=role,
        source=card_id,
        card_id=card.id,
        name=card.name,
        ship=ship,
        position=position,
        how="id",
    )
