"""Coin Toss events: one purse per player; a result is who won the toss."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.games import PLAIN_TIEBREAKERS, SEATS, DeckGame, EventFormat, outcomes_by_winner, seats_of

from . import KEY

STANDARD = "standard"


class TossResult:
    def __init__(self, winner: int):
        self.winner = winner

    def to_json(self) -> dict:
        return {"winner": self.winner}

    def __eq__(self, other) -> bool:
        return isinstance(other, TossResult) and other.winner == self.winner

    def __hash__(self) -> int:
        return self.winner


class TossForm(forms.Form):
    winner = forms.ChoiceField(label=_("Who won the toss"), widget=forms.RadioSelect)

    def __init__(self, *args, names: dict[int, str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["winner"].choices = [(str(seat), names[seat]) for seat in SEATS]

    def result(self) -> TossResult:
        return TossResult(int(self.cleaned_data["winner"]))


class CoinTossEvents(DeckGame):
    key = KEY
    list_noun = _("a purse")
    list_name = _("purse")
    list_heading = _("Purses")
    result_help = _("Choose who won the toss.")

    def formats(self):
        return {STANDARD: EventFormat(STANDARD, _("Standard toss: a purse of 1 to 3 coins"))}

    def tiebreakers(self, event):
        return PLAIN_TIEBREAKERS

    def result_from_json(self, data):
        return TossResult(int(data["winner"]))

    def result_form(self, match, data=None, *, result=None, staff=False):
        names = {seat: side.registration.name for seat, side in seats_of(match).items()}
        return TossForm(data, initial={"winner": str(result.winner)} if result else None, names=names)

    def outcomes(self, event, sides, result):
        return outcomes_by_winner(result.winner)
