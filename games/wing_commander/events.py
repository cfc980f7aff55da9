"""Wing Commander CCG events: a Terran and a Kilrathi deck per player, sides by table, results by ending.

Setup step 1 of the manual (seed 001): "One player plays with the Terran deck.
The other player plays with the Kilrathi deck." So every player registers one
deck of each side, and each round's pairing is seated by
:func:`rules.wing_commander.assign_sides` from every player's side history, so
their Terran and Kilrathi games stay balanced (alternating where possible).
Seat 1 of a table plays Terran, seat 2 Kilrathi, and each side records the side
played, so the history is read back from the event's own tables.

A result is how the game ended -- a carrier destroyed, one side's Power Points
at 0, or both at 0 (a draw) -- turned into a win, loss or draw for each side by
:func:`rules.wing_commander.match_result`. The game has no points beside the
outcome, so the standings rank by match points, then strength of schedule,
then head-to-head (:data:`~tournaments.games.base.PLAIN_TIEBREAKERS`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from fleets.decks.deck_kind import label
from rules import wing_commander
from rules.wing_commander import KILRATHI, SIDES, TERRAN, Ending, SideRecord
from tournaments.errors import TournamentError
from tournaments.games import PLAIN_TIEBREAKERS, DeckGame, EventFormat, seats_of
from tournaments.models import MatchSide, Outcome, Stage

from . import KEY

TOURNAMENT = "tournament"
OUTCOMES = {
    wing_commander.Outcome.WIN: Outcome.WIN,
    wing_commander.Outcome.LOSS: Outcome.LOSS,
    wing_commander.Outcome.DRAW: Outcome.TIE,
}


@dataclass(frozen=True, slots=True)
class WingCommanderResult:
    """How the game ended; ``side`` is the side whose carrier was destroyed or whose Power Points reached 0
    (``None`` when both sides reached 0)."""

    ending: Ending
    side: str | None = None

    def __post_init__(self) -> None:
        if (self.ending == Ending.BOTH_POWER_POINTS) != (self.side is None):
            raise ValueError("name the side that lost its carrier or its Power Points, and no side for a draw")
        if self.side is not None and self.side not in SIDES:
            raise ValueError(f"side must be one of {SIDES}, got {self.side!r}")

    def rules_result(self) -> wing_commander.MatchResult:
        """The manual's verdict; a side still in the game is given 1 Power Point (any amount above 0 reads the same)."""
        if self.ending == Ending.CARRIER_DESTROYED:
            return wing_commander.match_result(
                terran_power_points=1, kilrathi_power_points=1, carrier_destroyed=self.side
            )
        return wing_commander.match_result(
            terran_power_points=0 if self.side in (TERRAN, None) else 1,
            kilrathi_power_points=0 if self.side in (KILRATHI, None) else 1,
        )

    def to_json(self) -> dict:
        return {"ending": str(self.ending), "side": self.side}

    @classmethod
    def from_json(cls, data: dict) -> WingCommanderResult:
        return cls(Ending(data["ending"]), data.get("side"))


class WingCommanderResultForm(forms.Form):
    """One choice: how the game ended, naming the players by their sides at this table."""

    ending = forms.ChoiceField(label=gettext_lazy("How the game ended"), widget=forms.RadioSelect)

    def __init__(self, *args, names: dict[str, str], allow_draw: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        terran, kilrathi = f"{names[TERRAN]} (Terran)", f"{names[KILRATHI]} (Kilrathi)"
        destroyed, at_zero = _("Carrier destroyed by %(player)s"), _("Power Points at 0 for %(player)s")
        choices = [
            (choice_of(WingCommanderResult(Ending.CARRIER_DESTROYED, KILRATHI)), destroyed % {"player": terran}),
            (choice_of(WingCommanderResult(Ending.CARRIER_DESTROYED, TERRAN)), destroyed % {"player": kilrathi}),
            (choice_of(WingCommanderResult(Ending.POWER_POINTS, KILRATHI)), at_zero % {"player": kilrathi}),
            (choice_of(WingCommanderResult(Ending.POWER_POINTS, TERRAN)), at_zero % {"player": terran}),
        ]
        if allow_draw:
            choices.append(
                (choice_of(WingCommanderResult(Ending.BOTH_POWER_POINTS)), _("Both at 0 Power Points: a draw"))
            )
        self.fields["ending"].choices = choices

    def result(self) -> WingCommanderResult:
        ending, _sep, side = self.cleaned_data["ending"].partition(":")
        return WingCommanderResult(Ending(ending), side or None)


def choice_of(result: WingCommanderResult) -> str:
    return f"{result.ending}:{result.side or ''}"


class WingCommanderEvents(DeckGame):
    key = KEY
    list_noun = gettext_lazy("both decks")
    list_name = gettext_lazy("decks")
    list_heading = gettext_lazy("Decks")
    slots = SIDES
    result_help = gettext_lazy("Choose how the game ended; the rules of the manual decide who won.")

    def formats(self):
        return {
            TOURNAMENT: EventFormat(
                TOURNAMENT,
                _("Tournament: a Terran and a Kilrathi deck of %(min)s–%(max)s cards")
                % {"min": wing_commander.MIN_DECK_CARDS, "max": wing_commander.TOURNAMENT_MAX_DECK_CARDS},
            )
        }

    def tiebreakers(self, event):
        return PLAIN_TIEBREAKERS

    def seat_pairs(self, event, round_, pairs):
        """Terran at seat 1, Kilrathi at seat 2, as :func:`rules.wing_commander.assign_sides` balances them."""
        records = side_records(event, before_round=round_.number)
        sided = wing_commander.assign_sides([(str(a), str(b)) for a, b in pairs], records)
        seated = [(int(table.terran), int(table.kilrathi)) for table in sided]
        return seated, {registration: SIDES[seat] for pair in seated for seat, registration in enumerate(pair)}

    def result_from_json(self, data):
        return WingCommanderResult.from_json(data)

    def result_form(self, match, data=None, *, result=None, staff=False):
        names = {side.side: side.registration.name for side in seats_of(match).values()}
        return WingCommanderResultForm(
            data,
            initial={"ending": choice_of(result)} if result is not None else None,
            names=names,
            allow_draw=match.round.stage != Stage.CUT,
        )

    def outcomes(self, event, sides, result):
        by_side = {side.side: seat for seat, side in sides.items()}
        if set(by_side) != set(SIDES):
            raise TournamentError(_("This table has no Terran and Kilrathi sides; pair the round again."))
        verdict = result.rules_result()
        return {by_side[side]: OUTCOMES[verdict.outcome(side)] for side in SIDES}

    def describe(self, event, sides, result):
        names = {side.side: side.registration.name for side in sides.values()}
        if result.ending == Ending.BOTH_POWER_POINTS:
            return _("both at 0 Power Points: a draw")
        if result.ending == Ending.CARRIER_DESTROYED:
            other = KILRATHI if result.side == TERRAN else TERRAN
            return _("%(player)s (%(side)s) destroyed the %(other)s carrier") % {
                "player": names[other],
                "side": label(other),
                "other": label(result.side),
            }
        return _("%(player)s (%(side)s) reached 0 Power Points") % {
            "player": names[result.side],
            "side": label(result.side),
        }


def side_records(event, *, before_round: int) -> dict[str, SideRecord]:
    """Each player's games on each side in the rounds before ``before_round`` (registration ids as text)."""
    played = (
        MatchSide.objects.filter(round__event=event, round__number__lt=before_round, match__table__isnull=False)
        .exclude(side="")
        .order_by("round__number")
        .values_list("registration_id", "side")
    )
    records: dict[str, SideRecord] = {}
    for registration_id, side in played:
        record = records.get(str(registration_id), SideRecord())
        records[str(registration_id)] = SideRecord(
            terran=record.terran + (side == TERRAN), kilrathi=record.kilrathi + (side == KILRATHI), last=side
        )
    return records
