"""Reading the Utopia fleet builder's share link, the first of its three forms of a fleet.

Utopia keeps the fleet in the page address: ``<site>/#<base64>``, the base64 (``btoa``) of its
saved fleet JSON::

    {"ships": [{"id": "ship:S169", "captain": {"id": "captain:Cap646", "upgradeSlots": [{}]},
                "upgrades": [{"id": "crew:C212"}, {}], "resource": {"id": "fleet-captain:R010a"}}],
     "resource": {"id": "resource:R010"}}

Every card is ``{"id": "<type>:<id>"}``; ``upgrades`` are the ship's own slots by position
(``{}`` for an empty one); ``upgradeSlots`` are the slots a card adds (a captain's talents, an
officer's crew slot) and may sit on any card; ``resource`` on a ship holds a resource's own
card (fleet captain, flagship, officer), ``ambassador`` and ``construction`` their cards.
The ``resource`` of the fleet may carry ``upgradeSlots`` too: the Reinforcements Sideboard's (R003) sections,
whose cards are the fleet's ``sideboard``.

The other two forms are read by :mod:`~rules.attack_wing.interchange.utopia_exports`; all three
are written by :mod:`~rules.attack_wing.interchange.utopia_writers`.
"""

from __future__ import annotations

import base64
import binascii
import re
import urllib.parse
from typing import Any

from rules.attack_wing.catalog import ADMIRAL, CAPTAIN, OTHER, RESOURCE, SHIP, UPGRADE
from rules.attack_wing.interchange.decoding import as_text, load_json
from rules.attack_wing.interchange.entries import Entry, Parsed, ShipEntries
from rules.attack_wing.interchange.report import InterchangeError
from rules.translation import gettext as _
from rules.translation import gettext_noop

UTOPIA_URL = "https://kfnexus.github.io/staw-utopia/index.html"


# Where Utopia is served: the repository README's address, its GitHub Pages, and its own domain.
UTOPIA_HOSTS = ("kfnexus.github.io", "angrytribble.github.io", "staw-utopia.com", "www.staw-utopia.com")


MAX_CARDS = 400  # cards in one link, counting empty slots


_TYPE_KINDS = {
    "ship": SHIP,
    "captain": CAPTAIN,
    "admiral": ADMIRAL,
    "resource": RESOURCE,
    **dict.fromkeys(("crew", "tech", "weapon", "talent", "borg", "squadron", "question"), UPGRADE),
}


_SLOT_KEYS = ("resource", "captain", "admiral", "ambassador", "construction")


_CUT_SHORT_WORDS = gettext_noop("The Utopia link's fleet code is cut short or damaged; copy the whole address again.")


def _no_id(where: str) -> str:
    return _("A card on %(where)s has no readable id; it is left out.") % {"where": where}


def link_fragment(data: bytes | str) -> str:
    """The base64 part of a Utopia link given as a full address, ``#...`` or the bare code."""
    text = as_text(data, gettext_noop("Utopia link")).strip()
    if not text:
        raise InterchangeError(_("The Utopia link is empty."), "BAD_LINK")
    pasted = re.search(r"[a-z][a-z0-9+.-]*://\S+", text, re.IGNORECASE)
    if pasted and pasted.start() > 0:
        text = pasted.group(0).rstrip(").,;:!?]>'\"")  # "My list (https://...)" as pasted from a forum post
    if re.match(r"^[a-z][a-z0-9+.-]*://", text, re.IGNORECASE) or text.lower().startswith("www."):
        address = text if "://" in text else "https://" + text
        try:
            parts = urllib.parse.urlsplit(address)
            host = (parts.hostname or "").lower()
        except ValueError:
            raise InterchangeError(_("The Utopia link is not a web address."), "BAD_LINK") from None
        if parts.scheme.lower() not in ("http", "https"):
            raise InterchangeError(_("A Utopia link starts with http:// or https://."), "BAD_LINK")
        if host not in UTOPIA_HOSTS and "utopia" not in host and "utopia" not in parts.path.lower():
            raise InterchangeError(
                _("That is a link to %(host)s, not to the Utopia fleet builder.")
                % {"host": host or _("an unknown site")},
                "OTHER_SITE",
            )
        fragment = parts.fragment
        if not fragment:
            raise InterchangeError(_("The Utopia link has no fleet after its '#'; copy the whole address."), "BAD_LINK")
    else:
        fragment = text.removeprefix("#")
    return urllib.parse.unquote(fragment.strip())


def decode_link(data: bytes | str) -> dict[str, Any]:
    """The saved fleet a Utopia link carries (its JSON, decoded and checked for shape)."""
    fragment = link_fragment(data)
    if fragment.lstrip().startswith("{"):
        saved = load_json(fragment, gettext_noop("Utopia fleet"))
    else:
        cleaned = re.sub(r"\s+", "", fragment).replace("-", "+").replace("_", "/")
        if not re.fullmatch(r"[A-Za-z0-9+/]*={0,2}", cleaned) or not cleaned.rstrip("="):
            raise InterchangeError(
                _("The Utopia link's fleet code is damaged (it is not base64); copy the whole address again."),
                "BAD_LINK",
            )
        cleaned = cleaned.rstrip("=")
        cleaned += "=" * (-len(cleaned) % 4)
        try:
            raw = base64.b64decode(cleaned, validate=True)
        except (binascii.Error, ValueError):
            raise InterchangeError(_(_CUT_SHORT_WORDS), "BAD_LINK") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")  # btoa encodes Latin-1
        text = as_text(text, gettext_noop("Utopia link's fleet"))
        if not text.lstrip().startswith("{"):
            raise InterchangeError(
                _("The Utopia link's fleet code does not hold a fleet; it may be cut short."), "BAD_LINK"
            )
        try:
            saved = load_json(text, gettext_noop("Utopia link's fleet"))
        except InterchangeError as exc:
            if exc.code == "BAD_JSON":
                raise InterchangeError(_(_CUT_SHORT_WORDS), "BAD_LINK") from None
            raise
    if not isinstance(saved, dict) or not isinstance(saved.get("ships"), list):
        raise InterchangeError(_("The Utopia link does not hold a fleet (it has no list of ships)."), "BAD_LINK")
    return saved


def parse_link(data: bytes | str) -> Parsed:
    return parse_saved(decode_link(data))


def parse_saved(saved: object) -> Parsed:
    if not isinstance(saved, dict) or not isinstance(saved.get("ships"), list):
        raise InterchangeError(_("The Utopia link does not hold a fleet (it has no list of ships)."), "BAD_LINK")
    parsed = Parsed()
    counter = [0]
    for number, ship in enumerate(saved["ships"], 1):
        where = _("ship %(number)d") % {"number": number}
        entry = _card(ship, "ship", where, counter)
        if entry is None:
            parsed.problems.append(
                _("Ship %(number)d of the link has no readable card id; it is left out.") % {"number": number}
            )
            continue
        block = ShipEntries(ship=entry)
        _children(ship, block.cards, where, counter, parsed)
        parsed.ships.append(block)
    resource: Any = saved.get("resource")
    if resource not in (None, {}):
        entry = _card(resource, "resource", _("the resource"), counter)
        if entry is None:
            parsed.problems.append(_("The link's resource has no readable card id; it is left out."))
        else:
            parsed.resources.append(entry)
            held: list[Entry] = []
            _children(resource, held, _("the resource"), counter, parsed)
            for card in held:
                card.role, card.sideboard, card.host = "card", True, None
            parsed.sideboard.extend(held)
    return parsed


def _card(saved: object, role: str, where: str, counter: list[int]) -> Entry | None:
    counter[0] += 1
    if counter[0] > MAX_CARDS:
        raise InterchangeError(_("The Utopia link holds more cards than any fleet can."), "TOO_LARGE")
    if not isinstance(saved, dict):
        raise InterchangeError(_("The Utopia link is damaged: %(where)s is not a card.") % {"where": where}, "BAD_LINK")
    value = saved.get("id")
    if not isinstance(value, str) or ":" not in value:
        return None
    card_type, card_id = value.split(":", 1)
    if not card_id or len(card_id) > 100 or not re.fullmatch(r"[\w.\-' ]+", card_id):
        return None
    kind = _TYPE_KINDS.get(card_type, OTHER)
    kinds = (kind,) if role in ("ship", "resource") or kind in (CAPTAIN, ADMIRAL) else (UPGRADE, OTHER)
    if role == "captain":
        kinds = (CAPTAIN, ADMIRAL)
    return Entry(
        role=role,
        source=value,
        card_id=card_id,
        family="utopia",
        type_hint="" if card_type in ("question", "ship", "captain", "admiral", "resource") else card_type,
        kinds=kinds if role != "card" else (),
    )


def _children(
    saved: dict[str, Any], out: list[Entry], where: str, counter: list[int], parsed: Parsed, holder: Entry | None = None
) -> None:
    """Every card a saved card holds, in Utopia's order, as cards of the same ship; a card in a slot another
    card adds (``upgradeSlots``) keeps that card as its ``host``: Utopia seats the cards placed face down
    beneath Quark or Cryogenic Stasis in slots of theirs."""
    for key in _SLOT_KEYS:
        child: Any = saved.get(key)
        if child in (None, {}):
            continue
        role = {"captain": "captain", "admiral": "admiral"}.get(key, "upgrade")
        entry = _card(child, role, f"{where} {key}", counter)
        if entry is None:
            parsed.problems.append(_no_id(where))
        else:
            out.append(entry)
            _children(child, out, where, counter, parsed, entry)
    for key in ("upgrades", "upgradeSlots"):
        slots = saved.get(key)
        if slots is None:
            continue
        if not isinstance(slots, list):
            message = _("The Utopia link is damaged: the slots of %(where)s are not a list.") % {"where": where}
            raise InterchangeError(message, "BAD_LINK")
        for slot in slots:
            if slot in ({}, None):
                continue
            entry = _card(slot, "upgrade", _("a slot of %(where)s") % {"where": where}, counter)
            if entry is None:
                parsed.problems.append(_no_id(where))
                continue
            if key == "upgradeSlots":
                entry.host = holder
            out.append(entry)
            _children(slot, out, where, counter, parsed, entry)
