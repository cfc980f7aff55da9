"""Rules over the fleet as a whole: how many ships, oversized bases and admirals, capital ships for
shuttlecraft and squadrons, unique names, cards that may not share a fleet, the Blind Booster.

Each looks across every ship at once, unlike :mod:`~rules.attack_wing.checks.ship_rules`.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.attack_wing.checks.wording import ship_place
from rules.attack_wing.costs import ShipInFleet
from rules.attack_wing.fleet import (
    BLIND_BOOSTER_MIXED,
    BLIND_BOOSTER_OVER_LIMIT,
    CAPITAL_SHIP_REQUIRED,
    CARD_RESTRICTION,
    DUPLICATE_UNIQUE,
    TOO_FEW_SHIPS,
    TOO_MANY_ADMIRALS,
    TOO_MANY_OVERSIZED,
    Violation,
)
from rules.attack_wing.formats import Format
from rules.attack_wing.index import CardFacts, CatalogIndex
from rules.translation import gettext as _
from rules.translation import ngettext

CAPITAL_HULL = 4  # Shuttlecraft rule 4, Attack Squadrons rule 8


def ship_count(fmt: Format, ships: list[ShipInFleet]) -> list[Violation]:
    if len(ships) >= fmt.min_ships:
        return []
    message = ngettext(
        "The fleet has %(count)d ship(s); it needs at least %(least)d.",
        "The fleet has %(count)d ship(s); it needs at least %(least)d.",
        len(ships),
    ) % {"count": len(ships), "least": fmt.min_ships}
    return [Violation(TOO_FEW_SHIPS, message)]


def oversized(fmt: Format, ships: list[ShipInFleet]) -> list[Violation]:
    big = [s for s in ships if s.ship.oversized]
    if fmt.max_oversized is None or len(big) <= fmt.max_oversized:
        return []
    names = ", ".join(ship_place(s) for s in big)
    return [
        Violation(
            TOO_MANY_OVERSIZED,
            _("Only %(limit)d ship with the oversized base (Borg Cube, Nor Class station) is allowed: %(ships)s.")
            % {"limit": fmt.max_oversized, "ships": names},
            big[fmt.max_oversized].index,
            big[fmt.max_oversized].ship.card.id,
        )
    ]


def _every_card(ships: list[ShipInFleet], chosen: list[CardFacts]) -> Iterator[tuple[int | None, CardFacts]]:
    """Every card the fleet holds, with its ship; a card face down beneath another is in the fleet too."""
    for ship in ships:
        for facts in (ship.ship, *ship.commanders, *ship.attached, *(card for card, _host in ship.beneath)):
            yield ship.index, facts
    for facts in chosen:
        yield None, facts


def not_with(ships: list[ShipInFleet], chosen: list[CardFacts]) -> list[Violation]:
    """Cards that may not share a fleet with a named card (Locutus: "… the same ship or fleet as Jean-Luc Picard")."""
    if not any(s.not_with for s in ships) and not any(f.rules.not_with for f in chosen):
        return []
    present = list(_every_card(ships, chosen))
    found = []
    for ship_index, facts in present:
        for name in facts.rules.not_with:
            for other_index, other in present:
                if other is not facts and other.rules.name_key == name:
                    where = ship_place(ships[ship_index]) if ship_index is not None else _("the fleet")
                    found.append(
                        Violation(
                            CARD_RESTRICTION,
                            _("%(card)s on %(where)s: may not be in the same fleet as %(other)s.")
                            % {"card": facts.card.name, "where": where, "other": other.card.name},
                            ship_index,
                            facts.card.id,
                        )
                    )
                    found.append(
                        Violation(
                            CARD_RESTRICTION,
                            _("%(other)s: %(card)s may not be in the same fleet.")
                            % {"other": other.card.name, "card": facts.card.name},
                            other_index,
                            other.card.id,
                        )
                    )
    return found


def uniques(ships: list[ShipInFleet], chosen: list[CardFacts]) -> list[Violation]:
    """Unique and mirror-universe-unique names, each counted on its own (Errata 8-12 use the mirror icon)."""
    found = []
    seen: dict[tuple[bool, str], str] = {}
    for ship_index, facts in _every_card(ships, chosen):
        card = facts.card
        for mirror, flagged in ((False, card.unique), (True, card.mirror_unique)):
            if not flagged:
                continue
            key = (mirror, facts.name_key)
            if key in seen:
                if ship_index is None:
                    message = (
                        _(
                            "%(card)s is mirror-universe-unique and the fleet already has "
                            "a mirror-universe-unique card of that name (%(first)s)."
                        )
                        if mirror
                        else _("%(card)s is unique and the fleet already has a unique card of that name (%(first)s).")
                    )
                else:
                    message = (
                        _(
                            "%(card)s on %(ship)s is mirror-universe-unique and the fleet already has "
                            "a mirror-universe-unique card of that name (%(first)s)."
                        )
                        if mirror
                        else _(
                            "%(card)s on %(ship)s is unique and the fleet already has "
                            "a unique card of that name (%(first)s)."
                        )
                    )
                place = ship_place(ships[ship_index]) if ship_index is not None else ""
                found.append(
                    Violation(
                        DUPLICATE_UNIQUE,
                        message % {"card": card.name, "ship": place, "first": seen[key]},
                        ship_index,
                        card.id,
                    )
                )
            else:
                seen[key] = card.id
    return found


def admirals(fmt: Format, ships: list[ShipInFleet]) -> list[Violation]:
    face_up = [s for s in ships if s.admiral is not None]
    if len(face_up) <= fmt.max_admirals:
        return []
    extra = face_up[fmt.max_admirals]
    admiral = extra.admiral
    assert admiral is not None  # face_up holds the ships with an admiral
    return [
        Violation(
            TOO_MANY_ADMIRALS,
            _("The fleet has %(count)d face-up admirals; %(limit)d is allowed (%(card)s on %(ship)s).")
            % {"count": len(face_up), "limit": fmt.max_admirals, "card": admiral.card.name, "ship": ship_place(extra)},
            extra.index,
            admiral.card.id,
        )
    ]


def capital_ships(ships: list[ShipInFleet]) -> list[Violation]:
    """Each shuttlecraft, squadron or Borg support vehicle needs its own ship of hull 4+ (rule 55)."""
    dependents, capitals = [], 0
    for ship in ships:
        support = any("support_vehicle" in f.codes for f in ship.attached)
        if ship.ship.shuttle or ship.ship.card.squadron or support:
            dependents.append(ship)
            continue
        if ship.hull >= CAPITAL_HULL and not any("no_capital_ship" in f.codes for f in ship.attached):
            capitals += 1
    return [
        Violation(
            CAPITAL_SHIP_REQUIRED,
            ngettext(
                "%(ship)s needs its own Capital Ship (a ship of hull %(hull)d or more); the fleet has "
                "%(capitals)d Capital Ship(s) for %(dependents)d shuttlecraft, squadron(s) and support vehicle(s).",
                "%(ship)s needs its own Capital Ship (a ship of hull %(hull)d or more); the fleet has "
                "%(capitals)d Capital Ship(s) for %(dependents)d shuttlecraft, squadron(s) and support vehicle(s).",
                capitals,
            )
            % {"ship": ship_place(ship), "hull": CAPITAL_HULL, "capitals": capitals, "dependents": len(dependents)},
            ship.index,
            ship.ship.card.id,
        )
        for ship in dependents[capitals:]
    ]


def blind_booster(fmt: Format, ships: list[ShipInFleet], index: CatalogIndex) -> list[Violation]:
    """Booster cards stay with the booster ship, other cards stay off it (Suggested format, bullet 6)."""
    boosted = [s for s in ships if s.blind_booster]
    if not boosted:
        return []
    if fmt.blind_booster_points == 0:
        return [
            Violation(
                BLIND_BOOSTER_OVER_LIMIT,
                _("This format has no Blind Booster; %(ship)s is marked as one.") % {"ship": ship_place(boosted[0])},
                boosted[0].index,
            )
        ]
    if not index.has_booster_sets:
        return []  # the catalog does not say which sets are Blind Boosters
    packs = frozenset().union(*(s.ship.booster_sets for s in boosted))
    found = []
    for ship in ships:
        for facts in (ship.ship, *ship.commanders, *ship.attached):
            if ship.blind_booster and not facts.booster_sets & packs:
                message = _("%(card)s on %(ship)s is not part of the Blind Booster.")
            elif not ship.blind_booster and facts.booster_only and facts.booster_sets <= packs:
                message = _("%(card)s on %(ship)s comes from the Blind Booster and cannot join the rest of the fleet.")
            else:
                continue
            message %= {"card": facts.card.name, "ship": ship_place(ship)}
            found.append(Violation(BLIND_BOOSTER_MIXED, message, ship.index, facts.card.id))
    return found
