"""Starship Command events: one fleet per player, games of several battles scored in value points.

The formats are the game lengths the rules recommend (seed 002, "Victory –
Winning the Game": "either 2 battles or 250 points for a shorter game ... or 4
battles or 500 points for a longer game"), each played with a fleet bought with
the 150 points of a first campaign fleet ("Each player is given 150 points to
buy a fleet"): whatever budget a fleet file names, the event judges it against 150.

A result is each player's value points in each battle played, as the players
add them up by "Scoring Points"; :func:`rules.starship_command.game_standing`
adds them and decides the game by the format's victory condition. A game the
round's time cut short (the battles or the points target not reached) goes to
the player with more points, a tie when level. The points, summed over the
event, are the first tie-breaker after match points
(:data:`~tournaments.games.base.POINTS_TIEBREAKERS`); a bye scores none.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts.number_fields import WholeNumberField
from rules import starship_command
from rules.starship_command import FLEET_BUDGET, PRESETS, VictoryCondition
from tournaments.errors import TournamentError
from tournaments.games import POINTS_TIEBREAKERS, SEATS, DeckGame, EventFormat, outcomes_by_winner, seats_of

from . import KEY

# Rows of the result form where the format sets a points target but no number of battles.
MAX_BATTLES = 6
MAX_BATTLE_POINTS = 2000  # far above any battle of a 150-point fleet


def format_name(condition: VictoryCondition) -> str:
    ends = []
    if condition.battles is not None:
        ends.append(ngettext("%(count)s battle", "%(count)s battles", condition.battles) % {"count": condition.battles})
    if condition.points is not None:
        ends.append(_("first to %(points)s points") % {"points": condition.points})
    ending = _("%(first)s or %(second)s") % {"first": ends[0], "second": ends[1]} if len(ends) > 1 else "".join(ends)
    return _("%(ending)s, %(budget)s-point fleets") % {"ending": capfirst(ending), "budget": FLEET_BUDGET}


@dataclass(frozen=True, slots=True)
class StarshipCommandResult:
    """Value points of seat 1 and seat 2 in each battle played, in order."""

    battles: tuple[tuple[int, int], ...]

    def __post_init__(self) -> None:
        if not self.battles:
            raise ValueError("a game has at least one battle")
        if any(len(battle) != len(SEATS) or min(battle) < 0 for battle in self.battles):
            raise ValueError("each battle gives both players' points, none below 0")

    def standing(self, condition: VictoryCondition) -> starship_command.GameStanding:
        """The rules' verdict; raises ``ValueError`` for a battle played after the game was won."""
        return starship_command.game_standing(
            [{str(seat): points for seat, points in zip(SEATS, battle, strict=True)} for battle in self.battles],
            condition,
        )

    def winner(self, condition: VictoryCondition) -> int | None:
        """The winning seat, or ``None`` for a tie; a game cut short by time goes to the higher total."""
        standing = self.standing(condition)
        if standing.over:
            return int(standing.winners[0]) if len(standing.winners) == 1 else None
        first, second = (standing.totals[str(seat)] for seat in SEATS)
        return None if first == second else (1 if first > second else 2)

    def total(self, seat: int) -> int:
        return sum(battle[seat - 1] for battle in self.battles)

    def to_json(self) -> dict:
        return {"battles": [list(battle) for battle in self.battles]}

    @classmethod
    def from_json(cls, data: dict) -> StarshipCommandResult:
        return cls(tuple((int(a), int(b)) for a, b in data["battles"]))


class StarshipCommandResultForm(forms.Form):
    """One row per battle, each player's value points in it; rows are filled in order, blank ones ignored."""

    def __init__(self, *args, names: dict[int, str], rows: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = rows
        for battle in range(1, rows + 1):
            for seat in SEATS:
                self.fields[f"battle_{battle}_{seat}"] = WholeNumberField(
                    label=_("Battle %(battle)s: %(name)s's value points") % {"battle": battle, "name": names[seat]},
                    min_value=0,
                    max_value=MAX_BATTLE_POINTS,
                    required=False,
                )

    @classmethod
    def initial_from(cls, result: StarshipCommandResult) -> dict:
        return {
            f"battle_{battle}_{seat}": points[seat - 1]
            for battle, points in enumerate(result.battles, start=1)
            for seat in SEATS
        }

    def clean(self):
        data = super().clean()
        battles, ended = [], False
        for battle in range(1, self.rows + 1):
            points = [data.get(f"battle_{battle}_{seat}") for seat in SEATS]
            if all(value is None for value in points):
                ended = True
                continue
            if None in points or ended:
                raise forms.ValidationError(
                    _("Give both players' points for battle %(battle)s, and fill battles in order.")
                    % {"battle": battle}
                )
            battles.append(tuple(points))
        if not battles and not self.errors:
            raise forms.ValidationError(_("Give the points of at least one battle."))
        self.battles = tuple(battles)
        return data

    def result(self) -> StarshipCommandResult:
        return StarshipCommandResult(self.battles)


class StarshipCommandEvents(DeckGame):
    key = KEY
    list_noun = gettext_lazy("a fleet")
    list_name = gettext_lazy("fleet")
    list_heading = gettext_lazy("Fleets")
    result_help = gettext_lazy("Give each player's value points in each battle played, as the rules score them.")
    points_label = gettext_lazy("battle points")

    def formats(self):
        return {key: EventFormat(key, format_name(condition), FLEET_BUDGET) for key, condition in PRESETS.items()}

    def tiebreakers(self, event):
        return POINTS_TIEBREAKERS

    def scoring_summary(self, event):
        return _("%(scoring)s; value points scored add up as battle points (a bye scores none)") % {
            "scoring": super().scoring_summary(event)
        }

    def report(self, format_key, content):
        """The fleet as bought with the event's budget, whatever budget the fleet file names."""
        fleet = self.kind.read(content)
        return starship_command.check_fleet(replace(fleet, budget=self.formats()[format_key].fleet_limit))

    def result_from_json(self, data):
        return StarshipCommandResult.from_json(data)

    def result_form(self, match, data=None, *, result=None, staff=False):
        condition = PRESETS[match.round.event.format]
        return StarshipCommandResultForm(
            data,
            initial=StarshipCommandResultForm.initial_from(result) if result is not None else None,
            names={seat: side.registration.name for seat, side in seats_of(match).items()},
            rows=condition.battles or MAX_BATTLES,
        )

    def outcomes(self, event, sides, result):
        condition = PRESETS[event.format]
        try:
            return outcomes_by_winner(result.winner(condition))
        except ValueError as error:
            raise TournamentError(_("This result cannot be: %(error)s.") % {"error": error}) from None

    def score_sides(self, event, sides, result):
        super().score_sides(event, sides, result)
        for seat, side in sides.items():
            side.battle_points = result.total(seat)

    def describe(self, event, sides, result):
        return _("%(result)s, %(first)s–%(second)s value points") % {
            "result": super().describe(event, sides, result),
            "first": result.total(1),
            "second": result.total(2),
        }
