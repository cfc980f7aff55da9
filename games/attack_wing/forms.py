"""The Attack Wing result form: who won, and what each fleet lost."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.number_fields import WholeNumberField

from .results import SEATS, Losses, MatchResult
from .scoring import FleetItem

TIE = "tie"

# Seed 003, "Fleet Points": a surviving fleet includes the upgrades placed under its ship cards, and
# an upgrade a player discards to use its own text ability is placed under the ship card it was on.
REMOVED_HELP = gettext_lazy(
    "Tick a card as removed only when the opponent took it off the ship (for example by a critical hit or "
    "a steal). An upgrade the player discarded themselves to use its ability goes under the ship card "
    "and still counts as surviving: do not tick it. Cards on a destroyed ship are lost with it: tick only the ship."
)


class ResultForm(forms.Form):
    """Who won, and a tick for each ship destroyed and each upgrade removed, per fleet.

    Field names are ``lost_<seat>`` and carry item keys; fleet points are then computed from
    them. The desk (``staff``) may instead type the fleet points a seat scored
    (``fleet_points_<seat>``) when a slip gives only the number.
    """

    winner = forms.ChoiceField(label=gettext_lazy("Winner"), widget=forms.RadioSelect)

    def __init__(
        self,
        *args,
        names: dict[int, str],
        items: dict[int, list[FleetItem]],
        allow_tie=True,
        battle_points=False,
        staff=False,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        choices = [(str(seat), _("%(name)s won") % {"name": names[seat]}) for seat in SEATS]
        if allow_tie:
            choices.append((TIE, _("Tie")))
        self.fields["winner"].choices = choices
        self.items = items
        for seat in SEATS:
            self.fields[f"lost_{seat}"] = forms.MultipleChoiceField(
                label=_("%(name)s's fleet: ships destroyed and cards removed") % {"name": names[seat]},
                choices=[(item.key, item.loss_label) for item in items[seat]],
                required=False,
                widget=forms.CheckboxSelectMultiple,
                help_text=REMOVED_HELP,
            )
            if battle_points:
                self.fields[f"battle_points_{seat}"] = WholeNumberField(
                    label=_("%(name)s's battle points") % {"name": names[seat]}, min_value=0, max_value=1000, initial=0
                )
        self.typed = staff
        if staff:
            for seat in SEATS:
                self.fields[f"fleet_points_{seat}"] = forms.IntegerField(
                    label=_("%(name)s's fleet points, as the slip gives them") % {"name": names[seat]},
                    min_value=0,
                    max_value=1000,
                    required=False,
                    help_text=_(
                        "Only when the slip gives a number instead of what %(opponent)s's fleet lost: "
                        "leave blank to compute it from the ticks."
                    )
                    % {"opponent": names[3 - seat]},
                )

    def clean(self):
        data = super().clean()
        for seat in SEATS:
            if data.get(f"fleet_points_{seat}") is not None and data.get(f"lost_{3 - seat}"):
                self.add_error(
                    f"fleet_points_{seat}",
                    _("Either tick what the opponent's fleet lost or type these fleet points, not both."),
                )
        return data

    @classmethod
    def initial_from(cls, result: MatchResult) -> dict:
        initial = {"winner": TIE if result.winner is None else str(result.winner)}
        for seat in SEATS:
            lost = result.lost_by(seat)
            initial[f"lost_{seat}"] = [*lost.ships, *lost.upgrades]
            initial[f"battle_points_{seat}"] = result.battle_points_of(seat)
            initial[f"fleet_points_{seat}"] = result.typed_points.get(seat)
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
        typed = {
            seat: points for seat in SEATS if (points := self.cleaned_data.get(f"fleet_points_{seat}")) is not None
        }
        return MatchResult(None if winner == TIE else int(winner), losses, battle, typed)
