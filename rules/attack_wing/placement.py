"""Where each Upgrade of a ship sits, and the set-up choices its fleet leaves open: one exact choice per ship.

An Upgrade sits in a slot of the ship's printed Upgrade Bar, in a slot another card adds (Sakharov's additional
purchase, Tuvok's and Thalen's slot, Weyoun's two, a captain's or admiral's [talent] icons, the Fleet Captain's
bonus [talent] slot, Senior Staff's allowance), in no slot ("does not require an Upgrade slot", a named card
fielded in a place of its own) or face down beneath its host (priced apart: ``costs.cost_beneath``).

Some added slots make the card in them cheaper ("That Upgrade costs -1 SP", Sakharov's "-2 SP (min 0)"), and the
Fleet Captain lets a captain with [talent] icons of his own forgo the bonus slot and equip one of his [talent]
Upgrades for free (R010 point 5). Each slot holds one card, so these are decided together for the whole ship,
not card by card: every way of filling the reduced slots is tried (the other cards must then fit the slots left,
a bipartite matching), for each choice the fleet leaves open, and each is priced by the cost engine. The fleet is
legal if any placement is; of the legal placements the cheapest is the one a player would take (the dearest card
first on a tie). With none legal, the cheapest placement prices the ship and the slot check reports what does not
fit. A choice the fleet states (``ResourceOption.free_talent`` true or false) is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from itertools import product

from rules.attack_wing.card_text.qualifiers import Qualifier
from rules.attack_wing.catalog import ADMIRAL, CAPTAIN
from rules.attack_wing.costs import SeatReduction, ShipInFleet, reaches
from rules.attack_wing.fleet import CardCost
from rules.attack_wing.index import CardFacts
from rules.translation import gettext as _

# Upper bound on the placements priced for one ship. A real ship has a few reduced slots and a handful of cards (a
# few dozen placements); a fleet file built to be slow keeps to the dearest cards of each type for each slot.
MAX_PLACEMENTS = 2000

FLEET_CAPTAIN = "fleet-captain"


@dataclass(frozen=True, slots=True)
class Slot:
    """One slot of a ship: the types it takes, the card that adds it, and what it takes off the card in it."""

    types: frozenset[str]
    source: CardFacts | None = None  # the card adding it; None for the ship's printed Upgrade Bar
    reduce: tuple[Qualifier, int] | None = None  # "That Upgrade costs -1 SP": the card in it, if reached
    exact: tuple[Qualifier, int] | None = None  # "… Upgrades equipped to this Captain cost 3 SP" (Duras)
    own_talent: bool = False  # one of the captain's own [talent] icons (Fleet Captain point 5)
    staff_allowance: bool = False  # Senior Staff: one more [talent] for a [crew] Upgrade

    @property
    def words(self) -> str:
        kinds = _(" or ").join(f"[{t}]" for t in sorted(self.types))
        if self.staff_allowance:
            return _("a [talent] slot Senior Staff allows for a [crew] Upgrade")
        if self.source is None:
            return _("a %(kinds)s slot of the printed Upgrade Bar") % {"kinds": kinds}
        card = self.source.card
        if self.own_talent or card.kind in (CAPTAIN, ADMIRAL) and self.types == {"talent"}:
            return _("a %(kinds)s slot of %(card)s (%(id)s)") % {"kinds": kinds, "card": card.name, "id": card.id}
        return _("the %(kinds)s slot %(card)s (%(id)s) adds") % {"kinds": kinds, "card": card.name, "id": card.id}


@dataclass(frozen=True, slots=True)
class Placement:
    """Where each Upgrade of a ship sits (``seats``: index in ``ShipInFleet.attached`` → slot), the Upgrades no
    slot is left for, and the Fleet Captain's point 5 (``free_talent``: taken, forgone, or not on this ship)."""

    seats: tuple[tuple[int, Slot], ...] = ()
    unplaced: tuple[int, ...] = ()
    free_talent: bool | None = None  # None: no Fleet Captain choice on this ship
    stated: bool = False  # the fleet states the Fleet Captain choice
    seated: tuple[SeatReduction, ...] = ()  # what the reduced slots take off the cards in them
    bar: tuple[Slot, ...] = ()  # every slot of the ship (``slot_bar``), in order
    filled: tuple[tuple[int, int], ...] = ()  # index in ``bar`` → index in ``ShipInFleet.attached`` of its card

    @property
    def legal(self) -> bool:
        return not self.unplaced

    def where(self, index: int) -> str:
        """Where the ``index``-th attached card sits, in words."""
        for seat_index, slot in self.seats:
            if seat_index == index:
                return slot.words
        if index in self.unplaced:
            return _("no slot left for it")
        return ""

    def fleet_captain_words(self) -> str:
        if self.free_talent is None:
            return ""
        how = _("as the fleet states") if self.stated else _("the fleet leaves it open: the cheaper legal choice")
        if self.free_talent:
            return _("Point 5: the bonus [talent] slot is forgone, 1 [talent] of the captain is free (%(how)s).") % {
                "how": how
            }
        return _("Point 5: the bonus [talent] slot is taken, every [talent] paid (%(how)s).") % {"how": how}


def slot_bar(ship: ShipInFleet, *, staff: str | None = None, free_talent: bool = False) -> list[Slot]:
    """Every slot of the ship: its printed bar, the slots its ship card, captain, admiral and cards add.

    With Senior Staff (``staff``, the resource's id) each [crew] Upgrade may field one more [talent] ("1 additional
    [talent] Upgrade for every [crew] Upgrade assigned to it"); the [talent] slot its own card on the ship shows is
    that same allowance, not one more. A Fleet Captain whose captain takes a free [talent] instead (``free_talent``,
    R010 point 5) gives no bonus [talent] slot.
    """
    bar = [Slot(frozenset(s.split("|"))) for s in ship.ship.card.slots]
    bar.extend(_added(ship.ship, ship.ship.card.grants_slots))
    if staff:
        crew = sum(1 for f in ship.attached if f.slot_type == "crew")
        bar.extend(Slot(frozenset({"talent"}), staff_allowance=True) for _crew in range(crew))
    for facts in ship.commanders:
        bar.extend(_added(facts, facts.card.grants_slots))
        own = facts is ship.captain
        exact = next((r for r in facts.rules.equipped_exact if not r[0].kinds or "talent" in r[0].kinds), None)
        talents = frozenset({"talent"})
        if own and _bought_beside(ship, facts):
            continue  # Shinzon: "instead of purchasing an [talent] Upgrade as normal for Shinzon, you may spend 4 SP …"
        bar.extend(Slot(talents, facts, own_talent=own, exact=exact) for _icon in range(facts.card.talent_slots))
    for facts in ship.attached:
        grants = list(facts.card.grants_slots)
        if staff and facts.requires_resource == staff and "talent" in grants:
            grants.remove("talent")  # the crew's allowance above, shown on Senior Staff's card
        if free_talent and facts.card.upgrade_type == FLEET_CAPTAIN and "talent" in grants:
            grants.remove("talent")  # forgone for the captain's free [talent] (R010 point 5)
        bar.extend(_added(facts, tuple(grants)))
    return _additional_on_the_bar(ship, bar)


def _bought_beside(ship: ShipInFleet, captain: CardFacts) -> bool:
    """Whether the captain's [talent] Upgrades lie beside him, bought instead of one in his slot (Shinzon)."""
    return any(host is captain for _card, host in ship.beneath) and "places_beside" in captain.codes


def _added(facts: CardFacts, grants: tuple[str, ...]) -> list[Slot]:
    """The slots a card adds, each carrying the reduction or exact cost the card's text gives the card in it."""
    slots = []
    for grant in grants:
        types = frozenset(grant.split("|"))
        reduce = next((r for r in facts.rules.added_reductions if not r[0].kinds or r[0].kinds & types), None)
        exact = next((r for r in facts.rules.added_exact if not r[0].kinds or r[0].kinds & types), None)
        slots.append(Slot(types, facts, reduce, exact))
    return slots


def _additional_on_the_bar(ship: ShipInFleet, bar: list[Slot]) -> list[Slot]:
    """Space Dock files Sakharov once per choice, the additional slot printed on the bar ("crew, crew, tech"): a
    reduction for the card in a slot the ship adds, with no slot added, goes to one slot of that type on the bar."""
    for reach, amount in ship.ship.rules.added_reductions:
        if any(s.reduce is not None and s.source is ship.ship for s in bar):
            continue
        for i in reversed(range(len(bar))):
            if bar[i].source is None and reach.kinds & bar[i].types:
                bar[i] = replace(bar[i], source=ship.ship, reduce=(reach, amount))
                break
    return bar


def slotted_positions(ship: ShipInFleet) -> list[int]:
    """The ship's Upgrades that need a slot, as indices in ``attached``. A card another card of the ship names
    takes a place of its own: "Lovok may field the "Tal Shiar" [talent] Upgrade", "You may equip the 'Transporter
    Room' [tech] Upgrade to this ship without requiring an Upgrade Slot" (``frees_slot``, one card each); Porthos
    needs none on a ship with a card named Jonathan Archer (``no_slot_with``)."""
    cards = (ship.ship, *ship.commanders, *ship.attached)
    freed = [str(r.value) for facts in cards for r in facts.card.restrictions if r.code == "frees_slot"]
    names = {facts.rules.name_key for facts in cards}
    needing = []
    for index, facts in enumerate(ship.attached):
        if not facts.slot_type:
            continue
        if facts.rules.name_key in freed:
            freed.remove(facts.rules.name_key)
            continue
        if any(r.code == "no_slot_with" and str(r.value) in names for r in facts.card.restrictions):
            continue
        needing.append(index)
    return needing


def fit(
    ship: ShipInFleet,
    cards: list[int],
    slots: list[Slot],
    blocked: dict[int, set[int]] | None = None,
    later: frozenset[int] = frozenset(),
) -> tuple[dict[int, int], list[int]]:
    """Seat ``cards`` (indices in ``attached``) in ``slots`` by augmenting paths: the seats (card → slot index)
    and the cards left without one. ``blocked``: the cards a slot may not take (slot index → cards). ``later``:
    slots filled only once the others are as full as they can be (an augmenting path never empties a slot, so
    the fewest of them are used: B'Elanna Torres counts the printed slots left unused)."""
    owner: list[int | None] = [None] * len(slots)
    blocked = blocked or {}

    def assign(card: int, visited: set[int], open_slots: range | list[int]) -> bool:
        kind = ship.attached[card].slot_type
        for slot in open_slots:
            candidate = slots[slot]
            if kind in candidate.types and slot not in visited and card not in blocked.get(slot, ()):
                visited.add(slot)
                if (held := owner[slot]) is None or assign(held, visited, open_slots):
                    owner[slot] = card
                    return True
        return False

    first = [slot for slot in range(len(slots)) if slot not in later]
    left = [card for card in cards if not assign(card, set(), first)]
    if later:
        left = [card for card in left if not assign(card, set(), range(len(slots)))]
    return {card: slot for slot, card in enumerate(owner) if card is not None}, left


Pricer = Callable[[tuple[SeatReduction, ...]], tuple[CardCost, ...]]


def place_ship(
    ship: ShipInFleet, price: Pricer, *, staff: str | None = None, free_talent: bool | None = None
) -> tuple[Placement, tuple[CardCost, ...]]:
    """The placement a player would take for ``ship`` and its cards priced with it (``price`` prices the ship with
    the reductions its reduced slots give). ``free_talent`` is the Fleet Captain choice the fleet states (None: open).
    """
    best: tuple[tuple[bool, int], Placement, tuple[CardCost, ...]] | None = None
    for choice in _fleet_captain_choices(ship, free_talent):
        for placement in _placements(ship, staff, choice, stated=free_talent is not None):
            cards = price(placement.seated)
            key = (not placement.legal, sum(c.cost for c in cards))
            if best is None or key < best[0]:
                best = (key, placement, cards)
    assert best is not None  # there is always at least one placement
    return best[1], _described(ship, best[1], best[2])


def _fleet_captain_choices(ship: ShipInFleet, stated: bool | None) -> tuple[bool | None, ...]:
    """R010 point 5 asks a choice only of a captain who "already has one or more [talent] Upgrade icons"."""
    has_card = any(f.card.upgrade_type == FLEET_CAPTAIN and "talent" in f.card.grants_slots for f in ship.attached)
    if not has_card or ship.captain is None or ship.captain.card.talent_slots < 1:
        return (None,)
    return (stated,) if stated is not None else (False, True)


def _placements(ship: ShipInFleet, staff: str | None, choice: bool | None, stated: bool) -> Iterator[Placement]:
    bar = slot_bar(ship, staff=staff, free_talent=bool(choice))
    cards = slotted_positions(ship)
    free_slot = next((i for i, s in enumerate(bar) if s.own_talent), None) if choice else None
    special = [i for i, s in enumerate(bar) if s.reduce is not None or s.exact is not None or i == free_slot]
    printed = len(ship.ship.card.slots)
    counts_unused = any((reduce := bar[i].reduce) is not None and reduce[0].per_unused for i in special)
    options = [_candidates(ship, bar[i], cards, free=i == free_slot) for i in special]
    # a card an exact cost reaches sits in that slot only as a choice of its own: left in the pool, the slot would
    # seat it unpriced ("… equipped to this Captain cost 3 SP" raises a 2 SP talent)
    reached = {i: {c for c in found if c is not None} for i, found in zip(special, options, strict=True)}
    options = _within_budget(options)
    seen: set[tuple[tuple[str, tuple[object, ...]], ...]] = set()
    for combo in product(*options):
        chosen = [c for c in combo if c is not None]
        if len(set(chosen)) != len(chosen):
            continue
        seated_pairs = tuple(sorted((c, special[k]) for k, c in enumerate(combo) if c is not None))
        signature = tuple((ship.attached[c].card.id, _slot_key(bar[s])) for c, s in seated_pairs)
        if signature in seen:  # the same cards in slots of the same kind: the same price
            continue
        seen.add(signature)
        taken = {s for _c, s in seated_pairs}
        rest_slots = [i for i in range(len(bar)) if i not in taken]
        blocked = {k: reached[i] for k, i in enumerate(rest_slots) if bar[i].exact is not None}
        blocked |= {k: set(cards) for k, i in enumerate(rest_slots) if _only(bar[i])}
        later = frozenset(k for k, i in enumerate(rest_slots) if i < printed) if counts_unused else frozenset()
        rest = [c for c in cards if c not in chosen]
        seats, left = fit(ship, rest, [bar[i] for i in rest_slots], blocked, later)
        all_seats = {**{c: bar[s] for c, s in seated_pairs}, **{c: bar[rest_slots[s]] for c, s in seats.items()}}
        filled = {s: c for c, s in seated_pairs} | {rest_slots[s]: c for c, s in seats.items()}
        unused = sum(1 for i in range(printed) if i not in filled)
        yield Placement(
            seats=tuple(sorted(all_seats.items(), key=lambda pair: pair[0])),
            unplaced=tuple(left),
            free_talent=choice,
            stated=stated,
            seated=tuple(seat for c, s in seated_pairs for seat in _seated(ship, bar[s], c, s == free_slot, unused)),
            bar=tuple(bar),
            filled=tuple(sorted(filled.items())),
        )


def _only(slot: Slot) -> bool:
    """The slot takes no card but the one its rule reaches (Nijil's Romulan [tech], Balance of Terror's)."""
    return any(rule is not None and rule[0].only for rule in (slot.reduce, slot.exact))


def _slot_key(slot: Slot) -> tuple[object, ...]:
    return (slot.source.card.id if slot.source else "", slot.types, slot.reduce, slot.exact, slot.own_talent)


def _candidates(ship: ShipInFleet, slot: Slot, cards: list[int], free: bool) -> list[int | None]:
    """The cards a reduced slot may take and that its reduction reaches, the dearest first, then none."""
    offset = len(ship.placed) - len(ship.attached)
    source = next((e for e in ship.placed if slot.source is not None and e.facts is slot.source), None)
    found = []
    for card in cards:
        facts = ship.attached[card]
        if facts.slot_type not in slot.types:
            continue
        rule = None if free else slot.reduce or slot.exact
        if rule is not None and not reaches(rule[0], source, ship.placed[offset + card], ship, priced=True):
            continue
        found.append(card)
    found.sort(key=lambda c: -ship.attached[c].card.cost)
    return [*found, None]


def _within_budget(options: list[list[int | None]]) -> list[list[int | None]]:
    """Keep the dearest cards of each slot's list until the placements to price fit ``MAX_PLACEMENTS``."""
    while _count(options) > MAX_PLACEMENTS:
        longest = max(range(len(options)), key=lambda k: len(options[k]))
        options[longest] = [*options[longest][:-2], None]
    return options


def _count(options: list[list[int | None]]) -> int:
    total = 1
    for found in options:
        total *= len(found)
    return total


def _seated(ship: ShipInFleet, slot: Slot, card: int, free: bool, unused: int) -> list[SeatReduction]:
    """What the slot does to the card seated in it: an exact cost, a reduction (once per ``unused`` printed slot
    for B'Elanna Torres's), the Fleet Captain's free talent."""
    position = len(ship.placed) - len(ship.attached) + card
    found = []
    source = slot.source.card if slot.source is not None else None
    if source is not None and slot.exact is not None:
        entry = ship.placed[position]
        if reaches(slot.exact[0], None, entry, ship, priced=True):
            found.append(SeatReduction(position, source, slot.exact[1], exact=True))
    if source is not None and slot.reduce is not None:
        reach, amount = slot.reduce
        if reach.per_unused:
            found.append(SeatReduction(position, source, amount * unused, cited=amount))
        else:
            found.append(SeatReduction(position, source, amount, floor=reach.floor))
    if free:
        option = next(f for f in ship.attached if f.card.upgrade_type == FLEET_CAPTAIN)
        found.append(SeatReduction(position, option.card, None))
    return found


def _described(ship: ShipInFleet, placement: Placement, cards: tuple[CardCost, ...]) -> tuple[CardCost, ...]:
    """Each Upgrade's line says where it sits; the Fleet Captain card's line says which point 5 choice was taken."""
    offset = len(cards) - len(ship.attached)
    described = list(cards)
    for index, facts in enumerate(ship.attached):
        words = placement.where(index)
        if facts.card.upgrade_type == FLEET_CAPTAIN and placement.free_talent is not None:
            words = placement.fleet_captain_words()
        if words:
            described[offset + index] = replace(described[offset + index], placed=words)
    return tuple(described)
