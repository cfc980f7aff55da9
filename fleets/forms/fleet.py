"""The forms about a fleet as a whole: its name, faction and format, a rename, an API token, a typed code."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.text_fields import CleanTextFormMixin
from rules.attack_wing import FORMATS

from ..codes import clean_code, is_code
from ..selectors import faction_choices


def format_choices() -> list[tuple[str, str]]:
    """The presets, each named in the reader's language (the names are marked in rules.attack_wing.formats)."""
    return [(key, _(fmt.name)) for key, fmt in FORMATS.items()]


class FleetDetailsForm(CleanTextFormMixin, forms.Form):
    """A fleet's name, declared faction and format: the new-fleet page and the builder's details.

    The faction is optional and starts empty: the tournament rules charge faction penalties card
    by card against each ship's own faction (seed 003, Additional Rules 20), never against a
    faction of the whole fleet, so a fleet may declare none (as the API and imports already
    allow). A declared faction is printed on the sheet and leads the builder's card search.
    """

    name = forms.CharField(
        max_length=100, label=gettext_lazy("Name"), widget=forms.TextInput(attrs={"class": "form-control"})
    )
    faction = forms.ChoiceField(
        label=gettext_lazy("Declared faction"),
        required=False,
        help_text=gettext_lazy(
            "Optional. Faction penalties are counted against each ship's faction; "
            "the declared faction is printed on the sheet and its cards come first in the card search."
        ),
        widget=forms.Select(attrs={"class": "form-select"}),
    )
    format_key = forms.ChoiceField(label=gettext_lazy("Format"), widget=forms.Select(attrs={"class": "form-select"}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["faction"].choices = [("", _("No faction declared")), *faction_choices()]
        self.fields["format_key"].choices = format_choices()


class RenameForm(CleanTextFormMixin, forms.Form):
    name = forms.CharField(max_length=100, label=gettext_lazy("New name"))


class ApiTokenForm(CleanTextFormMixin, forms.Form):
    name = forms.CharField(
        max_length=60,
        label=gettext_lazy("Token name"),
        help_text=gettext_lazy("What will use it, e.g. “my list checker”."),
    )


class VerifyCodeForm(forms.Form):
    """A Fleet Build Sheet's verification code, typed by a judge; ``cleaned_data["code"]`` is normalised."""

    code = forms.CharField(
        max_length=32,
        label=gettext_lazy("Verification code"),
        help_text=gettext_lazy(
            "The 8 characters printed after “Verification code” at the top of the sheet, next to the QR code."
        ),
        widget=forms.TextInput(
            attrs={
                "class": "form-control",
                "autocomplete": "off",
                "autocapitalize": "characters",
                "spellcheck": "false",
                "aria-describedby": "id_code-help",
            }
        ),
    )

    def clean_code(self) -> str:
        code = clean_code(self.cleaned_data["code"])
        if not is_code(code):
            raise forms.ValidationError(_("A verification code has 8 characters: letters A–Z and digits 2–7."))

        return code
