"""Events of the deck games (Wing Commander, Starship Command, Spearpoint): registration by frozen deck copies.

A player registers with decks built in the fleets app (:class:`fleets.models.Deck`).
Each deck is judged by its game's rules as the builder judges it
(:class:`fleets.decks.deck_kind.DeckKind`), plus the event format's own limits,
and must agree with the game's catalog (a list cannot set its own costs). The
event then keeps a copy of the list file (:class:`~tournaments.models.SubmittedDeck`).
"""

from __future__ import annotations

from django.db.models import prefetch_related_objects
from django.utils.translation import gettext, gettext_lazy

from fleets.decks.deck_kind import DeckKind, get_kind, label
from rules.inputs.list_check import ListReport

from ..models.submitted_deck import SINGLE_SLOT
from .base import EventGame


class DeckGame(EventGame):
    # The lists a registration needs, by slot: one list (a blank slot) unless the game says otherwise.
    slots: tuple[str, ...] = (SINGLE_SLOT,)
    submit_url = "tournaments:submit_decks"
    lists_template = "tournaments/deck_list.html"
    my_list_template = "tournaments/includes/my_decks.html"
    walk_in_help = gettext_lazy("upload or paste each list in the formats the deck import reads")

    @property
    def kind(self) -> DeckKind:
        return get_kind(self.key)

    def slot_label(self, slot: str) -> str:
        """How a page names the list of ``slot``: "Terran deck", or the game's noun for its single list."""
        noun = self.kind.noun
        return f"{label(slot)} {noun}" if slot else noun.capitalize()

    def has_lists(self, registration):
        return set(self.slots) <= set(registration.decks.values_list("slot", flat=True))

    def load_lists(self, registrations):
        """Each registration's submitted decks in one query, each with its ``label`` ("Terran deck")."""
        prefetch_related_objects(registrations, "decks")
        for registration in registrations:
            decks = registration.decks.all()
            for deck in decks:
                deck.label = self.slot_label(deck.slot)
            registration.list_submitted = set(self.slots) <= {deck.slot for deck in decks}

    def report(self, format_key: str, content: dict) -> ListReport:
        """The rules' verdict on a list for this event's format."""
        return self.kind.report(content)

    def deck_problems(self, format_key: str, slot: str, content: dict) -> list[str]:
        """Everything that keeps a list out of the event's ``slot``: the wrong side, the rules' violations,
        and lines that disagree with the catalog."""
        kind = self.kind
        problems = []
        side = content[kind.side_key]
        if slot and side != slot:
            problems.append(
                gettext("This is a %(side)s %(noun)s; the %(slot)s must be %(wanted)s.")
                % {"side": label(side), "noun": kind.noun, "slot": self.slot_label(slot), "wanted": label(slot)}
            )
        problems += [violation.message for violation in self.report(format_key, content).violations]
        return problems + kind.catalog_problems(content)
