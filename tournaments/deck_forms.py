"""The form a player submits their decks with, for an event of a deck game."""

from __future__ import annotations

from django import forms

from fleets.models import Deck

from .games.decks import DeckGame


def field_name(slot: str) -> str:
    return f"deck_{slot}" if slot else "deck"


class DeckSubmitForm(forms.Form):
    """One choice per slot the game needs, among the player's decks of that game (and, per slot, that side)."""

    def __init__(self, *args, game: DeckGame, decks: list[Deck], **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        side_key = game.kind.side_key
        self.missing = []  # slots the player has no deck for yet
        for slot in game.slots:
            fitting = [deck.pk for deck in decks if not slot or deck.content.get(side_key) == slot]
            if not fitting:
                self.missing.append(game.slot_label(slot))
            field = forms.ModelChoiceField(
                queryset=Deck.objects.filter(pk__in=fitting).order_by("name"),
                label=game.slot_label(slot),
                empty_label=None,
            )
            field.label_from_instance = lambda deck: f"{deck.name} (code {deck.code})"
            self.fields[field_name(slot)] = field

    def decks(self) -> dict[str, Deck]:
        return {slot: self.cleaned_data[field_name(slot)] for slot in self.game.slots}
