"""The collection's forms: the expansions ticked on a list, or pasted as text (one a line)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from accounts.text_fields import CleanTextFormMixin
from rules.attack_wing.catalog import CardSet


class CollectionForm(forms.Form):
    sets = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label=gettext_lazy("Expansions I own")
    )

    def __init__(self, *args, sets: list[CardSet], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["sets"].choices = [(s.id, _set_label(s)) for s in sets]


class CollectionImportForm(CleanTextFormMixin, forms.Form):
    text = forms.CharField(
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 6}),
        label=gettext_lazy("Paste a collection (one expansion a line: its id or its name)"),
    )


def _set_label(card_set: CardSet) -> str:
    released = f" ({card_set.release_date:%Y-%m-%d})" if card_set.release_date else ""
    return f"{card_set.name}{released}"
