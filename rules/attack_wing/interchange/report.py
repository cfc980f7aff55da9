"""What an import reports: the error for unreadable input, and the card-by-card recognition report.

:class:`InterchangeError` is the one exception any reader raises; :class:`ImportResult` holds the
fleet and a :class:`CardMatch` for every card of the source, with its status (:data:`STATUSES`).
These are the names the site sees (re-exported by :mod:`rules.attack_wing.interchange`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from rules.attack_wing.fleet import Fleet
from rules.translation import gettext as _

# Recognition statuses, card by card.
MATCHED = "matched"  # one card fits (by id, or by name and type)


AMBIGUOUS = "ambiguous"  # several cards fit; ``note`` says which was taken and why


NOT_FOUND = "not_found"  # no card fits; the card is not in the fleet


UNPLACED = "unplaced"  # the card is known but Muster's fleet has no place for it (e.g. listed before any ship)

# How a card was recognised (``CardMatch.how``) when it was a guess: the nearest name to one that names no card.
NEAR_NAME = "near name"


STATUSES = (MATCHED, AMBIGUOUS, NOT_FOUND, UNPLACED)


class InterchangeError(ValueError):
    """A source that cannot be read at all; ``message`` is one sentence fit to show the player."""

    def __init__(self, message: str, code: str = "UNREADABLE_FLEET") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


@dataclass(frozen=True, slots=True)
class Candidate:
    """A card a doubtful line may mean, told apart as a player would: by type, set, faction and cost.

    ``fits`` is true for the card taken and for those that fit what the source says exactly as well.
    """

    id: str
    name: str
    type: str  # "captain", "crew", "ship (Vor'cha Class)", ...
    sets: tuple[str, ...]  # the names of the sets it was printed in
    factions: tuple[str, ...]
    cost: int
    chosen: bool = False
    fits: bool = False

    def __str__(self) -> str:
        """ "Worf (Cap409): captain, 3 SP, klingon, from I.K.S. Koraga", as a player tells two printings apart."""
        sets = ", ".join(self.sets[:3]) + (" …" if len(self.sets) > 3 else "")
        factions = "/".join(self.factions) or _("no faction")
        said = f"{self.name} ({self.id}): {self.type}, {self.cost} SP, {factions}"
        return said + (_(", from %(sets)s") % {"sets": sets} if sets else "")


@dataclass(frozen=True, slots=True)
class CardMatch:
    """One card of the source and what became of it.

    ``ship`` is the index of its ship in :attr:`ImportResult.fleet` (``None`` for a fleet
    resource, a sideboard card, or the cards of a ship that could not be found); ``position`` its place among
    that ship's upgrades, among its cards face down beneath another, or among the fleet's Reinforcements
    Sideboard cards (``None`` for other roles).
    ``source_cost`` is the SP the source printed next to the card, when it printed one; Muster's own
    cost comes from the engine's report (see :func:`rules.attack_wing.interchange.cost_rows`). ``role``
    is the card's place in the fleet file (``ship``, ``captain``, ``admiral``, ``upgrade``, ``beneath``,
    ``resource``, ``sideboard``), or ``card`` for a card outside the fleet whose place the source does not say.
    """

    status: str
    role: str
    source: str  # what the source said: an id, or a name as written
    card_id: str | None = None
    name: str | None = None
    ship: int | None = None
    position: int | None = None
    how: str = ""  # "id", "name", "name+type", ...
    note: str = ""  # for ambiguous / not found / unplaced: what happened and why
    source_cost: int | None = None
    alternatives: tuple[str, ...] = ()  # the other candidates' ids, for an ambiguous name
    tied: tuple[str, ...] = ()  # those of the alternatives that fit exactly as well as the card taken
    # for an ambiguous or near-miss line: every card it may mean, the one taken first, to choose from
    candidates: tuple[Candidate, ...] = ()

    @property
    def doubtful(self) -> bool:
        """A line whose card the organizer should confirm: several fit equally, or its name was a near miss."""
        return self.status == AMBIGUOUS or (self.how.startswith("near") and self.card_id is not None)


@dataclass(frozen=True, slots=True)
class ImportResult:
    format: str
    fleet: Fleet
    cards: tuple[CardMatch, ...]
    name: str | None = None  # the fleet's name, when the source has one
    source_total: int | None = None  # the fleet total the source printed
    source_ship_totals: tuple[int | None, ...] = ()  # per ship of ``fleet``
    problems: tuple[str, ...] = ()  # sentences for the player: cards not found, totals that do not add up
    notes: tuple[str, ...] = ()  # information: other squads in the file, hand-entered points, ...
    format_key: str | None = None  # Muster JSON only
    date: date | None = None  # Muster JSON only

    @property
    def complete(self) -> bool:
        """Every card found a place and nothing in the source disagrees with itself."""
        return not self.problems

    def by_status(self, status: str) -> tuple[CardMatch, ...]:
        return tuple(c for c in self.cards if c.status == status)
