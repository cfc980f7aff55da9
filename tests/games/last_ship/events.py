"""Last Ship Standing events: fleets from the fleets app; a result is the winner and their ships left."""

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.number_fields import WholeNumberField
from rules.tournament.standings import BATTLE_POINTS
from tournaments.games import (
    POINTS_TIEBREAKERS,
    SEATS,
    EventFormat,
    FleetGame,
    GameSettingsForm,
    outcomes_by_winner,
    seats_of,
)

from . import KEY
from .rules import MAX_SURVIVORS, POINTS_PER_SURVIVOR, survivor_points

# The fleets app checks a submitted fleet against its own formats; this game plays the 130-point one.
FLEETS_130 = "wizkids-2016"


class SurvivorResult:
    def __init__(self, winner: int, ships_left: int):
        self.winner, self.ships_left = winner, ships_left

    def to_json(self) -> dict:
        return {"winner": self.winner, "ships_left": self.ships_left}

    def __eq__(self, other) -> bool:
        return isinstance(other, SurvivorResult) and other.to_json() == self.to_json()

    def __hash__(self) -> int:
        return hash((self.winner, self.ships_left))


class SurvivorForm(forms.Form):
    winner = forms.ChoiceField(label=_("Whose ships still fly"), widget=forms.RadioSelect)
    ships_left = forms.IntegerField(label=_("How many of their ships still fly"), min_value=1, max_value=MAX_SURVIVORS)

    def __init__(self, *args, names: dict[int, str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["winner"].choices = [(str(seat), names[seat]) for seat in SEATS]

    def result(self) -> SurvivorResult:
        return SurvivorResult(int(self.cleaned_data["winner"]), self.cleaned_data["ships_left"])


class SurvivorSettings(GameSettingsForm):
    """The game's one event setting, which the shared apps know nothing of."""

    points_per_ship = WholeNumberField(
        label=_("Survivor points per ship still flying"),
        min_value=1,
        max_value=100,
        initial=POINTS_PER_SURVIVOR,
        required=False,
        help_text=_("Leave blank for the game's 10."),
    )


class LastShipEvents(FleetGame):
    key = KEY
    settings_form = SurvivorSettings
    frozen_settings = ("points_per_ship",)
    result_help = _("Choose whose ships still fly, and how many.")
    points_label = _("survivor points")

    def formats(self):
        return {FLEETS_130: EventFormat(FLEETS_130, _("Last ship standing, 130-point fleets"), 130)}

    def tiebreakers(self, event):
        return POINTS_TIEBREAKERS

    def tiebreaker_name(self, key):
        return "survivor points" if key == BATTLE_POINTS else super().tiebreaker_name(key)

    def fleet_items(self, version):
        return []  # nothing a fleet loses is scored: only the survivors count

    def result_from_json(self, data):
        return SurvivorResult(int(data["winner"]), int(data["ships_left"]))

    def result_form(self, match, data=None, *, result=None, staff=False):
        names = {seat: side.registration.name for seat, side in seats_of(match).items()}
        initial = {"winner": str(result.winner), "ships_left": result.ships_left} if result else None
        return SurvivorForm(data, initial=initial, names=names)

    def outcomes(self, event, sides, result):
        return outcomes_by_winner(result.winner)

    def score_sides(self, event, sides, result):
        super().score_sides(event, sides, result)
        per_ship = self.settings(event)["points_per_ship"]
        sides[result.winner].battle_points = survivor_points(result.ships_left, per_ship)

    def settings_lines(self, event):
        return [("Survivor points", f"{self.settings(event)['points_per_ship']} per ship still flying")]
