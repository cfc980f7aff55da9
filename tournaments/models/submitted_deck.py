"""A deck, fleet or reserves deck a player submitted for an event of a deck game, frozen as submitted.

Decks of the deck games (:class:`fleets.models.Deck`) keep no versions and stay
editable, so the event keeps its own copy of the list file and its verification
code: what was checked at submission is what the player plays, whatever they
change in their deck afterwards. Wing Commander takes two decks, one per side,
so each copy fills a *slot* of the registration.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

# The slot of a game that takes a single list.
SINGLE_SLOT = ""


class SubmittedDeck(models.Model):
    registration = models.ForeignKey("tournaments.Registration", on_delete=models.CASCADE, related_name="decks")
    # The side for Wing Commander's two decks; blank where the game takes one list.
    slot = models.CharField(max_length=20, blank=True)
    # The player's deck it was copied from; the copy stays if they delete the deck later.
    deck = models.ForeignKey("fleets.Deck", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    name = models.CharField(max_length=100)
    content = models.JSONField(help_text=_("The list file as submitted (check_deck / check_list format)."))
    code = models.CharField(max_length=16, help_text=_("Verification code of the content."))
    submitted_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("submitted deck")
        verbose_name_plural = _("submitted decks")
        ordering = ["registration", "slot"]
        constraints = [models.UniqueConstraint(fields=["registration", "slot"], name="one_submitted_deck_per_slot")]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"

    @property
    def changed_since_submission(self) -> bool:
        """Whether the player's deck now holds another list than the one the event keeps (compared as
        lists: a code made before codes were keyed per deck differs from the deck's new one)."""
        return self.deck is not None and self.deck.content != self.content
