"""Forms of the event pages. They only read and check input; services do the writing."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model

from accounts.roles import JUDGE

from .formats import format_choices, has_fixed_tiebreakers, join_format_choice, split_format_choice
from .match_result import SEATS, Losses, MatchResult
from .models import Event, TieBreakPreset
from .scoring import FleetItem

TIE = "tie"


class EventForm(forms.ModelForm):
    """One form for creating and editing; game and format are picked together."""

    game_format = forms.ChoiceField(label="Game and format", choices=format_choices)
    judges = forms.ModelMultipleChoiceField(
        queryset=get_user_model().objects.filter(groups__name=JUDGE).order_by("username"),
        required=False,
        help_text="Judges may pair rounds, enter and correct results and see every fleet.",
    )
    fleet_point_base = forms.IntegerField(
        min_value=1, required=False, help_text="Leave blank to use the format's fleet limit."
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "venue",
            "planned_rounds",
            "round_minutes",
            "submission_deadline",
            "lists_public",
            "top_cut",
            "judges",
            "win_points",
            "tie_points",
            "loss_points",
            "bye_fleet_points",
            "fleet_point_base",
            "tiebreaks",
        ]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "submission_deadline": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        }

    field_order = ["name", "game_format", "date", "venue"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.initial["game_format"] = join_format_choice(self.instance.game, self.instance.format)

    def clean(self):
        """A game that ranks by its own tie-breakers takes the default setting (its order is its own)."""
        data = super().clean()
        game, _ = split_format_choice(data.get("game_format", ""))
        if game and has_fixed_tiebreakers(game) and data.get("tiebreaks") != TieBreakPreset.DEFAULT:
            self.add_error("tiebreaks", "This game ranks by its own tie-breakers; keep the default.")
        return data

    def service_fields(self) -> dict:
        """The cleaned values as the event services take them."""
        data = {name: value for name, value in self.cleaned_data.items() if name not in ("game_format", "judges")}
        data["game"], data["format"] = split_format_choice(self.cleaned_data["game_format"])
        return data


class AddPlayerForm(forms.Form):
    username = forms.CharField(help_text="The player's account name (walk-ins sign up first).")
    club = forms.CharField(
        label="Club or store", max_length=80, required=False, help_text="Pairing keeps clubmates apart where it can."
    )

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username__iexact=username).first()
        if user is None:
            raise forms.ValidationError(f"No account is called {username!r}.")
        self.player = user
        return username


class FleetSubmitForm(forms.Form):
    fleet = forms.ModelChoiceField(queryset=None, empty_label=None)

    def __init__(self, *args, fleets, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["fleet"].queryset = fleets


class SwapForm(forms.Form):
    first = forms.ModelChoiceField(queryset=None, label="Player")
    second = forms.ModelChoiceField(queryset=None, label="Swap with")
    allow_rematch = forms.BooleanField(required=False, label="Pair them even if it makes a rematch")

    def __init__(self, *args, registrations, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            self.fields[name].queryset = registrations
            self.fields[name].label_from_instance = lambda r: r.player.get_username()


class ResultForm(forms.Form):
    """Who won, and a tick for each ship destroyed and each upgrade removed, per fleet.

    Field names are ``lost_<seat>`` and carry item keys; fleet points are then
    computed from them, never typed.
    """

    winner = forms.ChoiceField(widget=forms.RadioSelect)

    def __init__(
        self,
        *args,
        names: dict[int, str],
        items: dict[int, list[FleetItem]],
        allow_tie=True,
        battle_points=False,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        choices = [(str(seat), f"{names[seat]} won") for seat in SEATS]
        if allow_tie:
            choices.append((TIE, "Tie"))
        self.fields["winner"].choices = choices
        self.items = items
        for seat in SEATS:
            self.fields[f"lost_{seat}"] = forms.MultipleChoiceField(
                label=f"{names[seat]}'s fleet: ships destroyed and cards removed",
                choices=[(item.key, item.loss_label) for item in items[seat]],
                required=False,
                widget=forms.CheckboxSelectMultiple,
            )
            if battle_points:
                self.fields[f"battle_points_{seat}"] = forms.IntegerField(
                    label=f"{names[seat]}'s battle points", min_value=0, max_value=1000, initial=0
                )

    @classmethod
    def initial_from(cls, result: MatchResult) -> dict:
        initial = {"winner": TIE if result.winner is None else str(result.winner)}
        for seat in SEATS:
            lost = result.lost_by(seat)
            initial[f"lost_{seat}"] = [*lost.ships, *lost.upgrades]
            initial[f"battle_points_{seat}"] = result.battle_points_of(seat)
        return initial

    def result(self) -> MatchResult:
        winner = self.cleaned_data["winner"]
        losses = {}
        for seat in SEATS:
            kinds = {item.key: item.is_ship for item in self.items[seat]}
            ticked = self.cleaned_data[f"lost_{seat}"]
            losses[seat] = Losses.of(
                ships=[key for key in ticked if kinds[key]], upgrades=[key for key in ticked if not kinds[key]]
            )
        battle = {seat: self.cleaned_data.get(f"battle_points_{seat}") or 0 for seat in SEATS}
        return MatchResult(None if winner == TIE else int(winner), losses, battle)
