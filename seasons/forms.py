"""The season form (its organizers edit every part of it), the record setting and the meta's filters."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.number_fields import IdMultipleChoiceField, WholeNumberField
from game_registry import game_choices
from stores.models import Store
from tournaments.formats import game_formats
from tournaments.models import Event

from .models import Season, parse_placing


class SeasonForm(forms.ModelForm):
    stores = IdMultipleChoiceField(
        queryset=Store.objects.none(), label=_("Stores"), help_text=_("The stores of the season.")
    )
    formats_text = forms.CharField(
        label=_("Formats"),
        required=False,
        help_text=_("Format keys counted, separated by commas; blank counts every format."),
    )
    events = IdMultipleChoiceField(
        queryset=Event.objects.none(),
        required=False,
        label=_("Events"),
        help_text=_("Used when not every event counts."),
    )

    class Meta:
        model = Season
        fields = [
            "name",
            "stores",
            "region",
            "game",
            "formats_text",
            "starts_on",
            "ends_on",
            "every_event",
            "events",
            "participation_points",
            "win_points",
            "tie_points",
            "placing_points",
            "best_events",
            "qualify_top",
            "qualify_points",
        ]
        field_classes = dict.fromkeys(
            ["participation_points", "win_points", "tie_points", "best_events", "qualify_top", "qualify_points"],
            WholeNumberField,
        )
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args, stores, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["stores"].queryset = stores
        self.fields["events"].queryset = Event.objects.filter(store__in=stores).order_by("-date")
        if self.instance.pk:
            self.fields["formats_text"].initial = ", ".join(self.instance.formats)

    def clean_placing_points(self):
        text = self.cleaned_data["placing_points"]
        return ", ".join(str(points) for points in parse_placing(text))

    def clean(self):
        data = super().clean()
        formats = [key.strip() for key in data.get("formats_text", "").split(",") if key.strip()]
        game = data.get("game")
        if game:
            unknown = sorted(set(formats) - set(game_formats(game)))
            if unknown:
                raise ValidationError(
                    {"formats_text": gettext("Not a format of this game: %(keys)s.") % {"keys": ", ".join(unknown)}}
                )
        data["formats"] = formats
        if not data.get("every_event") and not data.get("events"):
            raise ValidationError(
                {"events": gettext("Choose the season's events, or count every event of its stores.")}
            )
        return data

    def season_fields(self) -> dict:
        skip = {"stores", "events", "formats_text"}
        fields = {name: value for name, value in self.cleaned_data.items() if name not in skip}
        return fields


class RecordSettingForm(forms.Form):
    hidden = forms.BooleanField(label=_("Hide my record page from everyone else"), required=False)


class MetaForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    format = forms.CharField(label=_("Format"), required=False, max_length=40)
    store = IdMultipleChoiceField(queryset=Store.objects.all(), required=False, label=_("Stores"))
    since = forms.DateField(label=_("Since"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(label=_("Until"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
