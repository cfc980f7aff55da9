"""What every game's events share, and the points where one game's events differ from another's.

An :class:`EventGame` answers, for one game, the questions the event services,
selectors and views would otherwise ask with ``if event.game == ...``: which
formats an event can be played in, what a player submits to register, how the
tables are seated, what a result is (its form, its JSON, its outcome for each
seat, the points it writes on each side) and how the standings rank players.

A result object of any game is a frozen value with ``to_json()`` and equality
on its normalised JSON, so two players' reports can be compared and stored the
same way whatever the game (:mod:`tournaments.services.results`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from rules.tournament import standings
from rules.tournament.pairing import BYE_FEWEST_BYES, BYE_NO_REMATCH

from ..models import Match, MatchSide, MatchStatus, Outcome
from .settings import GameSettingsForm

SEATS = (1, 2)
# The ranking after match points when nothing else measures a game: the schedule, then who beat whom.
PLAIN_TIEBREAKERS = (standings.MATCH_POINTS, standings.STRENGTH_OF_SCHEDULE, standings.HEAD_TO_HEAD, standings.RANDOM)
# The same with the game's points (battle or victory points, summed over the rounds) first among the breakers.
POINTS_TIEBREAKERS = (
    standings.MATCH_POINTS,
    standings.BATTLE_POINTS,
    standings.STRENGTH_OF_SCHEDULE,
    standings.HEAD_TO_HEAD,
    standings.RANDOM,
)
TIEBREAKER_NAMES = {
    standings.MATCH_POINTS: gettext_lazy("match points"),
    standings.FLEET_POINTS: gettext_lazy("fleet points"),
    standings.BATTLE_POINTS: gettext_lazy("battle points"),
    standings.STRENGTH_OF_SCHEDULE: gettext_lazy("strength of schedule"),
    standings.HEAD_TO_HEAD: gettext_lazy("head-to-head"),
    standings.RANDOM: gettext_lazy("a seeded draw"),
}


# A side's outcome as a result line says it ("win, 54 victory points"): the stored code's own word in English.
OUTCOME_WORDS = {
    Outcome.WIN: pgettext_lazy("a side's outcome", "win"),
    Outcome.TIE: pgettext_lazy("a side's outcome", "tie"),
    Outcome.LOSS: pgettext_lazy("a side's outcome", "loss"),
}


@dataclass(frozen=True, slots=True)
class EventFormat:
    """A way to play the game at an event: its name and the points a list may cost (0 where none apply)."""

    key: str
    name: str
    fleet_limit: int = 0


class EventGame:
    """One game's answers; the base class holds what most games share."""

    key: str
    list_noun: str  # what a registration submits, as a sentence names it: "a fleet", "both decks"
    list_name: str  # what a player submits, as a button names it: "fleet", "decks"
    list_heading: str  # the event's tab and column heading: "Fleets", "Decks"
    submit_url: str  # the page where a player submits their list
    lists_template: str  # the event's tab of submitted lists
    my_list_template: str  # what the event page tells a registered player of their own list
    walk_in_help = ""  # the ways the staff may enter a walk-in's list, as the walk-in page lists them
    result_help = ""  # a line above the result form saying what to enter
    points_label = ""  # the game's points on a side, as a result line shows them ("battle points")

    # --- the event's settings ----------------------------------------------------------------------

    def formats(self) -> Mapping[str, Any]:
        """Format key -> format (with ``name`` and ``fleet_limit``)."""
        raise NotImplementedError

    # The game's own settings (``Event.game_settings``), or ``None`` when its events have none of their own.
    settings_form: type[GameSettingsForm] | None = None
    # The settings that decide how the event is played: they freeze once it starts.
    frozen_settings: tuple[str, ...] = ()

    def settings(self, event) -> dict:
        """The event's settings of this game: what the organizer set, the form's defaults for the rest."""
        if self.settings_form is None:
            return {}
        return {**self.settings_form(format_key=event.format).defaults(), **event.game_settings}

    def settings_lines(self, event) -> list[tuple[str, str]]:
        """The game's settings as the event page lists them: (term, what it is set to)."""
        return []

    def settings_of_older_export(self, event_data: dict) -> dict:
        """The settings an event file written before ``settings`` was exported holds elsewhere (none)."""
        return {}

    def tiebreakers(self, event) -> tuple[str, ...]:
        """The order :func:`rules.tournament.standings.standings` ranks by
        (keys of :data:`rules.tournament.standings.TIEBREAKERS`)."""
        raise NotImplementedError

    @property
    def fixed_tiebreakers(self) -> bool:
        """Whether the game ranks by its own order, so the event's tie-breaker setting does not apply."""
        return True

    def tiebreak_description(self, event) -> str:
        names = [self.tiebreaker_name(key) for key in self.tiebreakers(event)]
        return capfirst(gettext(", then ").join(names))

    def tiebreaker_name(self, key: str) -> str:
        """What the game calls a tie-breaker (its points have the game's own name)."""
        return str(TIEBREAKER_NAMES[key])

    def column_label(self, key: str) -> str:
        """The standings column heading of a tie-breaker."""
        return capfirst(self.tiebreaker_name(key))

    def describe_bye(self, reasons: tuple[str, ...]) -> str:
        """The bye rules of :func:`rules.tournament.standings.bye_reasons` in words,
        e.g. "fewest byes, lowest match points"."""
        words = {
            BYE_FEWEST_BYES: gettext("fewest byes"),
            BYE_NO_REMATCH: gettext("the players the bye rules prefer could only have been paired with a rematch"),
            standings.HEAD_TO_HEAD: gettext("lost to a player level on points (head-to-head)"),
            standings.RANDOM: gettext("then a seeded draw among players level on everything"),
        }
        return ", ".join(
            words.get(key) or gettext("lowest %(tiebreaker)s") % {"tiebreaker": self.tiebreaker_name(key)}
            for key in reasons
        )

    def scoring_summary(self, event) -> str:
        return gettext("Win %(win)s, tie %(tie)s, loss %(loss)s; a bye is a win") % {
            "win": event.win_points,
            "tie": event.tie_points,
            "loss": event.loss_points,
        }

    def bye_fleet_points(self, event) -> int | None:
        """Fleet points written on a bye's side and scored for it in the standings (``None``: the game has none)."""
        return None

    # --- registration ------------------------------------------------------------------------------

    def has_lists(self, registration) -> bool:
        """Whether the registration holds everything the game needs to play."""
        raise NotImplementedError

    def slot_label(self, slot: str) -> str:
        """How a page names the list of ``slot`` (see :class:`~tournaments.models.SubmittedDeck`)."""
        return slot.capitalize() or str(self.list_heading)

    def load_lists(self, registrations: Sequence) -> None:
        """Load what a page shows of each registration's lists, in at most one query, and set
        ``list_submitted`` on each."""
        for registration in registrations:
            registration.list_submitted = self.has_lists(registration)

    def slip_checklists(self, matches: Sequence[Match]) -> dict[int, list] | None:
        """What each player's list can lose, by registration id, for the match slips to print as
        boxes to tick (the desk's result form asks the same); ``None``: the game's slips ask only
        for the result and its points."""
        return None

    # --- pairing -----------------------------------------------------------------------------------

    def pairing_sides(self, event, registrations: Sequence) -> dict[int, str]:
        """Registration id -> the side its list plays, for a game whose players bring one side each and must
        meet the other (Swiss pairing keeps same-side games to what the field forces); empty: no such sides."""
        return {}

    def seat_pairs(self, event, round_, pairs: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], dict[int, str]]:
        """The pairs in seat order and each registration's side at its table (empty: the game has no sides)."""
        return pairs, {}

    # --- results -----------------------------------------------------------------------------------

    def result_from_json(self, data: dict):
        raise NotImplementedError

    def desk_forms(self, matches) -> dict:
        """The staff's result form of each of ``matches`` (the round page's desk), by match id, each
        starting from the match's current result. A game whose forms read shared data (a catalog)
        reads it once here."""
        return {match.pk: self.result_form(match, result=self.current_result(match), staff=True) for match in matches}

    def result_form(self, match: Match, data=None, *, result=None, staff: bool = False):
        """The form reporting or entering ``match``'s result, filled in from ``result`` when given.

        The form's ``result()`` gives the game's result object once it is valid.
        ``staff`` is whether the event's staff enter it (a game may leave a ruling to them).
        """
        raise NotImplementedError

    def current_result(self, match: Match):
        """What the form starts from: the official result, else the latest report, else ``None``."""
        if match.status == MatchStatus.CONFIRMED and match.result is not None:
            return self.result_from_json(match.result)
        reports = sorted(match.reports.all(), key=lambda report: report.reported_at)
        return self.result_from_json(reports[-1].result) if reports else None

    def outcomes(self, event, sides: Mapping[int, MatchSide], result) -> dict[int, str]:
        """Each seat's :class:`~tournaments.models.Outcome`; raises ``TournamentError`` for an impossible result."""
        raise NotImplementedError

    def check_report(self, result) -> None:
        """Refuse what a player may not report themselves, only the event's staff enter (``TournamentError``)."""

    def check_result(self, sides: Mapping[int, MatchSide], result) -> None:
        """Refuse a result that does not fit the table (raises ``TournamentError``); the outcomes are checked apart."""

    def score_sides(self, event, sides: Mapping[int, MatchSide], result) -> None:
        """Write the result's points on each side (``fleet_points``, ``battle_points``, ``losses``)."""
        for side in sides.values():
            side.losses, side.fleet_points, side.battle_points = {}, None, 0

    def describe(self, event, sides: Mapping[int, MatchSide], result) -> str:
        """The result in one line, as the match page lists reports."""
        outcomes = self.outcomes(event, sides, result)
        winner = next((seat for seat, outcome in outcomes.items() if outcome == Outcome.WIN), None)
        return (
            gettext("a tie") if winner is None else gettext("%(name)s won") % {"name": sides[winner].registration.name}
        )

    def result_words(self, event, sides: Mapping[int, MatchSide], result) -> str:
        """A result in a short clause, as the event's history tells a report: :meth:`describe`, and
        what a game counts beyond it."""
        return self.describe(event, sides, result)

    def claim_details(self, event, sides: Mapping[int, MatchSide], result) -> list[str]:
        """A reported result in full, one line per fact beyond :meth:`describe` (what each side lost,
        the points each scores), so the opponent and the judge see what they confirm."""
        return []

    def side_result(self, side: MatchSide) -> str:
        """A confirmed side's result as a short line: ``win, 54 victory points``."""
        outcome = outcome_word(side.outcome)
        if self.points_label and side.outcome:
            return f"{outcome}, {side.battle_points} {self.points_label}"
        return outcome


def outcome_word(outcome: str) -> str:
    """A side's stored outcome ("win", "tie", "loss", or "") as a result line says it, in the active language."""
    word = OUTCOME_WORDS.get(outcome)  # type: ignore[call-overload]
    return outcome if word is None else str(word)


def seats_of(match: Match) -> dict[int, MatchSide]:
    """The match's sides by seat, from the prefetched sides."""
    return {side.seat: side for side in match.sides.all()}


def outcomes_by_winner(winner: int | None) -> dict[int, str]:
    """Each seat's outcome when ``winner`` (a seat, or ``None`` for a tie) won."""
    if winner is None:
        return dict.fromkeys(SEATS, Outcome.TIE)
    return {seat: Outcome.WIN if seat == winner else Outcome.LOSS for seat in SEATS}
