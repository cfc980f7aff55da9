"""Where a fleet comes from: a file or text to import or check, read before anything is saved.

A preview travels to its confirmation signed (``IMPORT_SALT``, ``CHECK_SALT``), so the
confirming post cannot swap the list the player saw for another.
"""

from __future__ import annotations

import base64

from django import forms
from django.core import signing
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.number_fields import WholeNumberField
from accounts.text_fields import CleanTextFormMixin
from rules.attack_wing import DEFAULT_FORMAT, interchange

from .fleet import format_choices

MAX_IMPORT_BYTES = 256 * 1024
IMPORT_SALT = "fleets.import"
CHECK_SALT = "fleets.check"
IMPORT_MAX_AGE = 3600  # seconds a preview may be confirmed in

SOURCE_FORMAT_CHOICES = [
    ("", gettext_lazy("Detect it")),
    *((key, gettext_lazy(name)) for key, name in interchange.FORMAT_NAMES.items()),
]


class FleetSourceForm(CleanTextFormMixin, forms.Form):
    """A fleet in any format Muster reads, uploaded or pasted: what the import page and the public
    checker both start from. ``cleaned_data["data"]`` holds its bytes."""

    file = forms.FileField(required=False, label=gettext_lazy("File (Space Dock squad, Utopia or Muster export)"))
    text = forms.CharField(
        required=False,
        max_length=MAX_IMPORT_BYTES,  # a pasted fleet is held to a file's limit
        widget=forms.Textarea(attrs={"rows": 6}),
        label=gettext_lazy("…or paste a Utopia link, a text export or a fleet file"),
    )
    source_format = forms.ChoiceField(choices=SOURCE_FORMAT_CHOICES, required=False, label=gettext_lazy("Format"))
    squad = WholeNumberField(
        required=False,
        min_value=1,
        max_value=1000,
        label=gettext_lazy("Squad"),
        help_text=gettext_lazy("Which squad of a Space Dock file (1 = the first)."),
    )

    def clean(self):
        cleaned = super().clean()
        upload, text = cleaned.get("file"), cleaned.get("text", "")
        if upload and text.strip():
            raise forms.ValidationError(_("Upload a file or paste a fleet, not both."))
        if upload:
            if upload.size > MAX_IMPORT_BYTES:
                raise forms.ValidationError(
                    _("A fleet file is at most %(size)s KiB.") % {"size": MAX_IMPORT_BYTES // 1024}
                )
            cleaned["data"] = upload.read()
        elif text.strip():
            cleaned["data"] = text.encode()
        else:
            raise forms.ValidationError(_("Choose a file or paste a fleet."))
        cleaned["squad_index"] = (cleaned.get("squad") or 1) - 1
        return cleaned


class FleetImportForm(FleetSourceForm):
    """A fleet to import: shown first as a preview (nothing stored), then confirmed."""

    name = forms.CharField(
        required=False,
        max_length=100,
        label=gettext_lazy("Name"),
        help_text=gettext_lazy("Leave blank for the name the fleet carries, else “Imported fleet” and today."),
    )


class CheckForm(FleetSourceForm):
    """The public list checker: a fleet in any format, the tournament format and the event's date."""

    format_key = forms.ChoiceField(label=gettext_lazy("Tournament format"), initial=DEFAULT_FORMAT, required=False)
    on = forms.DateField(
        required=False,
        label=gettext_lazy("Event date"),
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=gettext_lazy("Default: today."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format_key"].choices = format_choices()

    def clean_format_key(self) -> str:
        return self.cleaned_data.get("format_key") or DEFAULT_FORMAT


class PickForm(forms.Form):
    """The organizer's answers to a checked list's doubtful lines: ``choices`` already given ("3=Cap629 5=C083")
    and the one just clicked (``choose``). ``cleaned_data["picked"]`` is ``{line index: card id}``."""

    choices = forms.CharField(required=False, max_length=2000)
    choose = forms.CharField(required=False, max_length=120)

    def clean(self):
        cleaned = super().clean()
        picked: dict[int, str] = {}
        for pair in f"{cleaned.get('choices', '')} {cleaned.get('choose', '')}".split():
            index, _equals, card_id = pair.partition("=")
            if not index.isdigit() or not card_id or len(index) > 4 or len(picked) > 200:
                raise forms.ValidationError(_("The choice of a card is damaged; check the list again."))
            picked[int(index)] = card_id
        cleaned["picked"] = picked
        cleaned["text"] = " ".join(f"{index}={card_id}" for index, card_id in sorted(picked.items()))
        return cleaned


class CheckSheetForm(CleanTextFormMixin, forms.Form):
    """The checker's printable sheet: the checked fleet travels back signed, as in the import's confirm."""

    source = forms.CharField(widget=forms.HiddenInput)

    def clean_source(self) -> dict:
        try:
            return signing.loads(self.cleaned_data["source"], salt=CHECK_SALT, max_age=IMPORT_MAX_AGE)
        except signing.BadSignature:
            raise forms.ValidationError(_("This check has expired or was changed; check the fleet again.")) from None

    @staticmethod
    def sign(*, data: bytes, fmt: str, squad: int, format_key: str, on: str) -> str:
        return signing.dumps(
            {"data": base64.b64encode(data).decode(), "fmt": fmt, "squad": squad, "format_key": format_key, "on": on},
            salt=CHECK_SALT,
            compress=True,
        )

    def source_data(self) -> bytes:
        return base64.b64decode(self.cleaned_data["source"]["data"])


class ImportConfirmForm(CleanTextFormMixin, PickForm):
    """The confirm step: the previewed fleet travels back signed, so what is saved is what was shown.

    ``source`` is the source's bytes, format and squad signed with the site's key
    (:func:`django.core.signing.dumps`, compressed, valid for an hour): nothing is stored between
    the preview and the confirm, and a changed or stale token is refused. It carries the answers to the
    list's doubtful lines as :class:`PickForm` does (``cleaned_data["picked"]``): the import page's and the
    walk-in page's "Take …" buttons post it to read the list again with one more answer.
    """

    source = forms.CharField(widget=forms.HiddenInput)
    name = forms.CharField(required=False, max_length=100, widget=forms.HiddenInput)

    def clean_source(self) -> dict:
        try:
            value = signing.loads(self.cleaned_data["source"], salt=IMPORT_SALT, max_age=IMPORT_MAX_AGE)
        except signing.BadSignature:
            raise forms.ValidationError(_("This preview has expired or was changed; import the fleet again.")) from None

        return value

    @staticmethod
    def sign(*, data: bytes, fmt: str, squad: int) -> str:
        return signing.dumps(
            {"data": base64.b64encode(data).decode(), "fmt": fmt, "squad": squad}, salt=IMPORT_SALT, compress=True
        )

    def source_data(self) -> bytes:
        return base64.b64decode(self.cleaned_data["source"]["data"])
