"""Forms of the deck pages. Each reads one change; the services decide whether it may be made."""

from __future__ import annotations

import base64

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.number_fields import WholeNumberField
from accounts.text_fields import CleanTextFormMixin
from game_registry import catalog_game_choices, deck_game_choices, get_game

from .csv_import import MAX_CSV_BYTES
from .deck_kind import MAX_COPIES, MAX_NUMBER, DeckKind, get_kind, label
from .services import MAX_IMPORT_BYTES, MAX_NAME_LENGTH


def side_choices(kind: DeckKind) -> list[tuple[str, str]]:
    return [(side, label(side)) for side in kind.sides]


class DeckCreateForm(CleanTextFormMixin, forms.Form):
    name = forms.CharField(max_length=MAX_NAME_LENGTH, label=gettext_lazy("Name"))
    side = forms.ChoiceField()

    def __init__(self, *args, kind: DeckKind, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["side"].choices = side_choices(kind)
        self.fields["side"].label = label(kind.side_noun)


class DeckDetailsForm(DeckCreateForm):
    """Rename, change the side; a Starship Command fleet also has its budget and destroyed ships."""

    budget = WholeNumberField(min_value=0, max_value=MAX_NUMBER, required=False, label=gettext_lazy("Budget"))
    destroyed = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
        label=gettext_lazy("Destroyed"),
        help_text=gettext_lazy("Ships destroyed earlier in the campaign, one per line."),
    )

    def __init__(self, *args, kind: DeckKind, **kwargs):
        super().__init__(*args, kind=kind, **kwargs)
        if "budget" not in kind.empty_extras():
            del self.fields["budget"]
            del self.fields["destroyed"]

    def clean_destroyed(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["destroyed"].splitlines() if line.strip()]

    @classmethod
    def for_deck(cls, deck, *, data=None) -> DeckDetailsForm:
        kind = get_kind(deck.game)
        content = deck.content
        initial = {"name": deck.name, "side": content[kind.side_key]}
        if "budget" in content:
            initial |= {"budget": content["budget"], "destroyed": "\n".join(content["destroyed"])}
        return cls(data, kind=kind, initial=initial)


class CardChoiceField(forms.ModelChoiceField):
    """Catalog cards labelled with what a player picks by: ``Arrow — Fighter`` or ``M4 Sherman — Vehicle, 12 pts``."""

    def __init__(self, *args, kind: DeckKind, **kwargs):
        super().__init__(*args, **kwargs)
        self.kind = kind

    def label_from_instance(self, obj) -> str:
        line = self.kind.catalog_line(obj)
        cost = self.kind.line_cost(line)
        details = f"{obj.name} — {self.kind.details(line)}"
        return details if cost is None else _("%(details)s, %(cost)s pts") % {"details": details, "cost": cost}


class AddCardForm(CleanTextFormMixin, forms.Form):
    count = WholeNumberField(min_value=1, max_value=MAX_COPIES, initial=1, label=gettext_lazy("Count"))

    def __init__(self, *args, kind: DeckKind, queryset, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields = {
            "card": CardChoiceField(queryset=queryset, kind=kind, label=label(kind.line_noun)),
            **self.fields,
        }


class LineForm(CleanTextFormMixin, forms.Form):
    """One line's copies (and chosen copies); the +1 / −1 buttons send ``step``."""

    name = forms.CharField(max_length=200)
    side = forms.CharField(max_length=40)
    count = WholeNumberField(min_value=0, max_value=MAX_COPIES)
    chosen = WholeNumberField(min_value=0, max_value=MAX_COPIES, required=False)
    step = forms.TypedChoiceField(choices=[("1", "+1"), ("-1", "−1")], coerce=int, required=False, empty_value=0)

    def new_count(self) -> int:
        return min(MAX_COPIES, max(0, self.cleaned_data["count"] + self.cleaned_data["step"]))


class SheetForm(CleanTextFormMixin, forms.Form):
    event = forms.CharField(max_length=100, required=False, label=gettext_lazy("Event (optional)"))
    date = forms.DateField(required=False, label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"}))

    def sheet_date(self):
        return self.cleaned_data.get("date") or timezone.localdate()


class DeckImportForm(CleanTextFormMixin, forms.Form):
    game = forms.ChoiceField(choices=deck_game_choices, label=gettext_lazy("Game"))
    name = forms.CharField(
        max_length=MAX_NAME_LENGTH,
        required=False,
        label=gettext_lazy("Name"),
        help_text=gettext_lazy("Leave empty for a dated name."),
    )
    file = forms.FileField(
        required=False,
        label=gettext_lazy("File"),
        help_text=gettext_lazy("A JSON list file (as check_deck reads) or a text list."),
    )
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 8}), required=False, label=gettext_lazy("Or paste the list")
    )

    def clean(self):
        cleaned = super().clean()
        upload, text = cleaned.get("file"), cleaned.get("text")
        if bool(upload) == bool(text):
            raise forms.ValidationError(_("Give either a file or pasted text."))
        if upload and upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(size)s KB; a list is a few KB.") % {"size": MAX_IMPORT_BYTES // 1024}
            )
        cleaned["data"] = upload.read() if upload else text.encode()
        return cleaned


class CatalogImportForm(CleanTextFormMixin, forms.Form):
    game = forms.ChoiceField(choices=catalog_game_choices, label=gettext_lazy("Game"))
    file = forms.FileField(
        label=gettext_lazy("File"), help_text=gettext_lazy("CSV with a header row; see the columns below.")
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_CSV_BYTES:
            raise forms.ValidationError(_("The file is larger than %(size)s KB.") % {"size": MAX_CSV_BYTES // 1024})
        return upload.read()


def catalog_entry_form(game: str, *, data=None, instance=None) -> forms.ModelForm:
    """The add / edit form of one card of ``game``'s catalog: the CSV row's fields, checked the same way
    (the game's own rules, e.g. a ship's Structure), plus the name's uniqueness and the text checks."""
    row_form = get_game(game).catalog.form

    # a class made at run time from the game's row form: mypy cannot follow it
    class CatalogEntryForm(row_form):  # type: ignore[valid-type]  # the row form checks its text (CleanTextFormMixin)
        class Meta(row_form.Meta):  # type: ignore[name-defined]
            widgets = {"notes": forms.Textarea(attrs={"rows": 3})}

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            for name, field in self.fields.items():
                value = getattr(self.instance, name, None)
                if isinstance(value, list):  # weapons: typed as "phaser-1; torpedo"
                    self.initial[name] = "; ".join(value)
                    field.help_text = _("Separated by “;”, e.g. phaser-1; torpedo.")

        def validate_unique(self):
            forms.ModelForm.validate_unique(self)

    return CatalogEntryForm(data, instance=instance)


class CatalogRetireForm(forms.Form):
    action = forms.ChoiceField(
        choices=[("retire", gettext_lazy("Retire")), ("restore", gettext_lazy("Offer again"))],
        label=gettext_lazy("Action"),
    )


class CatalogCsvForm(forms.Form):
    """A CSV to preview (``file``), or the previewed text sent back to import it (``data``)."""

    file = forms.FileField(
        required=False,
        label=gettext_lazy("File"),
        help_text=gettext_lazy("CSV with a header row; download the template for the columns."),
    )
    data = forms.CharField(required=False, strip=False, widget=forms.HiddenInput)

    def clean(self):
        cleaned = super().clean()
        upload, data = cleaned.get("file"), cleaned.get("data")
        if not upload and not data:
            raise forms.ValidationError(_("Choose a CSV file."))
        if upload:
            if upload.size > MAX_CSV_BYTES:
                raise forms.ValidationError(_("The file is larger than %(size)s KB.") % {"size": MAX_CSV_BYTES // 1024})
            cleaned["raw"] = upload.read()
        else:
            try:
                cleaned["raw"] = base64.b64decode(data.encode("ascii"), validate=True)
            except (ValueError, UnicodeEncodeError):
                raise forms.ValidationError(_("The previewed file came back damaged; choose it again.")) from None

        return cleaned

    @staticmethod
    def carried(raw: bytes) -> str:
        """The previewed file as the confirm form carries it (base64, so no byte changes on the way)."""
        return base64.b64encode(raw).decode("ascii")
