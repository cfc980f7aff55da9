"""Frontline General: Spearpoint 1943 events: one reserves deck per player, results in Victory Points.

The format is the Standard Game of the player aid (seed 004): "Select Units for
Reserves Deck (100 points max; 80 points min.)", and "the first player to score
51 Victory Points or Overrun their opponent ... is the victor". A result gives
each player's Victory Points and, where it happened, the Overrun -- which
depends on the table, not on points, so only the event's staff record it
(:class:`rules.spearpoint.Overrun` is "the judge's record"). Since the first to
51 ends the game, at most one player can have reached it, and not the player
who was overrun. A game the round's time cut short goes to the player with
more Victory Points, a tie when level.

Victory Points, summed over the event, are the first tie-breaker after match
points (:data:`~tournaments.games.base.POINTS_TIEBREAKERS`); a bye scores none.
"""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.number_fields import WholeNumberField
from rules.spearpoint import AMERICAN, GERMAN, RESERVES_MAX_POINTS, RESERVES_MIN_POINTS, SIDES, WINNING_POINTS, Victory
from rules.tournament import standings
from tournaments.errors import TournamentError
from tournaments.games import POINTS_TIEBREAKERS, SEATS, DeckGame, EventFormat, outcomes_by_winner, seats_of
from tournaments.models import SubmittedDeck

from . import KEY

STANDARD = "standard"
MAX_VICTORY_POINTS = 999
NO_OVERRUN = ""


@dataclass(frozen=True, slots=True)
class SpearpointResult:
    """Victory Points of seat 1 and seat 2, and the seat that overran its opponent, if one did."""

    victory_points: tuple[int, int]
    overrun: int | None = None

    def __post_init__(self) -> None:
        if len(self.victory_points) != len(SEATS) or min(self.victory_points) < 0:
            raise ValueError(_("give both players' Victory Points, none below 0"))
        if self.overrun not in (None, *SEATS):
            raise ValueError(_("the overrun is by seat 1 or seat 2, got %(seat)r") % {"seat": self.overrun})

    def points_of(self, seat: int) -> int:
        return self.victory_points[seat - 1]

    def decision(self) -> tuple[int | None, Victory | None]:
        """The winning seat (``None``: a tie) and how it won (``None``: the time ran out).

        Raises ``ValueError`` for what cannot have happened: both players at 51,
        or an Overrun against a player who had already won on points.
        """
        reached = [seat for seat in SEATS if self.points_of(seat) >= WINNING_POINTS]
        if len(reached) > 1:
            raise ValueError(
                _("only one player can reach %(points)s Victory Points; the game ends there")
                % {"points": WINNING_POINTS}
            )
        if self.overrun is not None:
            if reached and reached[0] != self.overrun:
                raise ValueError(
                    _("a player who reached %(points)s Victory Points had already won; no Overrun follows")
                    % {"points": WINNING_POINTS}
                )
            return self.overrun, Victory.OVERRUN
        if reached:
            return reached[0], Victory.POINTS
        first, second = self.victory_points
        return (None if first == second else (1 if first > second else 2)), None

    def to_json(self) -> dict:
        return {"victory_points": list(self.victory_points), "overrun": self.overrun}

    @classmethod
    def from_json(cls, data: dict) -> SpearpointResult:
        first, second = data["victory_points"]
        overrun = data.get("overrun")
        return cls((int(first), int(second)), None if overrun is None else int(overrun))


class SpearpointResultForm(forms.Form):
    """Both players' Victory Points; the staff's form also records an Overrun."""

    def __init__(self, *args, names: dict[int, str], staff: bool, **kwargs):
        super().__init__(*args, **kwargs)
        for seat in SEATS:
            self.fields[f"victory_points_{seat}"] = WholeNumberField(
                label=_("%(name)s's Victory Points") % {"name": names[seat]}, min_value=0, max_value=MAX_VICTORY_POINTS
            )
        if staff:
            self.fields["overrun"] = forms.ChoiceField(
                label=_("Overrun"),
                choices=[(NO_OVERRUN, _("No Overrun"))]
                + [(str(seat), _("%(name)s overran the opponent") % {"name": names[seat]}) for seat in SEATS],
                required=False,
            )

    @classmethod
    def initial_from(cls, result: SpearpointResult) -> dict:
        initial = {f"victory_points_{seat}": result.points_of(seat) for seat in SEATS}
        initial["overrun"] = NO_OVERRUN if result.overrun is None else str(result.overrun)
        return initial

    def result(self) -> SpearpointResult:
        overrun = self.cleaned_data.get("overrun") or NO_OVERRUN
        return SpearpointResult(
            tuple(self.cleaned_data[f"victory_points_{seat}"] for seat in SEATS),
            int(overrun) if overrun else None,
        )


class SpearpointEvents(DeckGame):
    key = KEY
    list_noun = gettext_lazy("a reserves deck")
    list_name = gettext_lazy("reserves deck")
    list_heading = gettext_lazy("Reserves decks")
    result_help = format_lazy(
        gettext_lazy(
            "Give each player's Victory Points: {points} wins the game. "
            "A game won by an Overrun is recorded by a judge."
        ),
        points=WINNING_POINTS,
    )
    points_label = gettext_lazy("victory points")

    def formats(self):
        return {
            STANDARD: EventFormat(
                STANDARD,
                _("Standard Game: %(min)s–%(max)s point reserves decks")
                % {"min": RESERVES_MIN_POINTS, "max": RESERVES_MAX_POINTS},
                RESERVES_MAX_POINTS,
            )
        }

    def tiebreakers(self, event):
        return POINTS_TIEBREAKERS

    def tiebreaker_name(self, key):
        return _("victory points") if key == standings.BATTLE_POINTS else super().tiebreaker_name(key)

    def scoring_summary(self, event):
        return _("%(scoring)s; Victory Points add up over the event (a bye scores none)") % {
            "scoring": super().scoring_summary(event)
        }

    def pairing_sides(self, event, registrations):
        """Each player's side is their reserves deck's: the game pits an American deck against a German one
        (seed 004), so Swiss pairing meets the sides across wherever the field allows."""
        decks = SubmittedDeck.objects.filter(registration__in=[getattr(r, "pk", r) for r in registrations]).values_list(
            "registration_id", "content"
        )
        return {registration: content.get("side") for registration, content in decks if content.get("side") in SIDES}

    def seat_pairs(self, event, round_, pairs):
        """The American player at seat 1, the German at seat 2; a same-side table (the field forced it) keeps
        its order. Each seat records its deck's side."""
        sides = self.pairing_sides(event, [pk for pair in pairs for pk in pair])
        seated = [(b, a) if sides.get(a) == GERMAN and sides.get(b) == AMERICAN else (a, b) for a, b in pairs]
        return seated, {pk: sides[pk] for pair in seated for pk in pair if pk in sides}

    def result_from_json(self, data):
        return SpearpointResult.from_json(data)

    def result_form(self, match, data=None, *, result=None, staff=False):
        return SpearpointResultForm(
            data,
            initial=SpearpointResultForm.initial_from(result) if result is not None else None,
            names={seat: side.registration.name for seat, side in seats_of(match).items()},
            staff=staff,
        )

    def check_report(self, result):
        if result.overrun is not None:
            raise TournamentError(_("An Overrun is recorded by a judge: ask one to enter the result."))

    def outcomes(self, event, sides, result):
        try:
            winner, _how = result.decision()
        except ValueError as error:
            raise TournamentError(_("This result cannot be: %(error)s.") % {"error": error}) from None
        return outcomes_by_winner(winner)

    def score_sides(self, event, sides, result):
        super().score_sides(event, sides, result)
        for seat, side in sides.items():
            side.battle_points = result.points_of(seat)

    def describe(self, event, sides, result):
        _winner, victory = result.decision()
        how = {
            Victory.OVERRUN: _("by Overrun"),
            Victory.POINTS: _("at %(points)s Victory Points") % {"points": WINNING_POINTS},
        }.get(victory, _("on time"))
        first, second = result.victory_points
        return _("%(result)s %(how)s, %(first)s–%(second)s Victory Points") % {
            "result": super().describe(event, sides, result),
            "how": how,
            "first": first,
            "second": second,
        }
