"""Star Trek: Attack Wing events: fleet versions, the WizKids formats, fleet points from what each fleet lost."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext, pgettext

from fleets.selectors import load_catalog, table_retirement_words
from rules import attack_wing
from rules.tournament import standings
from tournaments.errors import TournamentError
from tournaments.games import FleetCheck, FleetGame, seats_of
from tournaments.models import MatchStatus, Outcome, Stage

from . import KEY, scoring
from .forms import ResultForm
from .results import SEATS, MatchResult
from .settings import BY_THE_2016_TABLE, RESOURCE_RULES, EventSettingsForm, banned_names, rule_of_older_settings


class AttackWingEvents(FleetGame):
    key = KEY
    result_help = gettext_lazy(
        "Tick every ship destroyed and every upgrade removed from a surviving ship. "
        "Fleet points are computed from them (the staff may type them instead when a slip gives only the number)."
    )

    settings_form = EventSettingsForm
    frozen_settings = ("fleet_point_base", "banned_resources", "resource_rule")
    # What the meta ranks of a fleet: each ship card, its captain and the upgrades it carries. The titles stay
    # English here (the API keys its meta by them); a page shows them through gettext.
    card_roles = (
        ("ship", gettext_noop("Ships")),
        ("captain", gettext_noop("Captains")),
        ("upgrades", gettext_noop("Upgrades")),
    )

    def formats(self):
        """The WizKids presets, each named in the reader's language (the rules keep the English name)."""
        return {key: replace(fmt, name=_(fmt.name)) for key, fmt in attack_wing.FORMATS.items()}

    def settings_lines(self, event):
        """The rule that refuses resources, named as it works out on the event's date (seed 003,
        Additional Rules, Resources 2 and 4), and the banned list where the rule reads one."""
        settings = self.settings(event)
        rule = settings["resource_rule"]
        if rule == BY_THE_2016_TABLE:
            refused = table_retirement_words(load_catalog(), event.format, event.date)
        else:
            refused = dict(RESOURCE_RULES)[rule]
        banned = [(_("Banned resources"), settings["banned_resources"])] if settings["banned_resources"] else []
        return [(_("Resources"), refused), *banned]

    def settings_of_older_export(self, event_data):
        """Files exported while the settings were the event's own columns: the scoring block held the
        fleet points; files older still have no retirement setting and retired by the 2016 table."""
        scoring = event_data.get("scoring")
        scoring = scoring if isinstance(scoring, dict) else {}
        banned = event_data.get("banned_resources", "")
        return {
            "fleet_point_base": scoring.get("fleet_point_base"),
            "bye_fleet_points": scoring.get("bye_fleet_points"),
            "banned_resources": banned,
            "resource_rule": rule_of_older_settings(event_data.get("retire_resources", True), banned),
        }

    def fleet_check(self, event):
        """Resources retire on the event's date only by the 2016 table (seed 003, Resources 4); the
        venue's bans apply under every rule that names any (Resources 2)."""
        settings = self.settings(event)
        on_date = event.date if settings["resource_rule"] == BY_THE_2016_TABLE else None
        return FleetCheck(on_date=on_date, banned=banned_names(settings["banned_resources"]))

    def fleet_point_base(self, event) -> int:
        """What destroying a whole fleet scores at ``event``."""
        return self.settings(event)["fleet_point_base"]

    def tiebreakers(self, event):
        return standings.TIEBREAK_PRESETS[event.tiebreaks]

    @property
    def fixed_tiebreakers(self):
        return False

    def tiebreak_description(self, event):
        return event.get_tiebreaks_display()

    def scoring_summary(self, event):
        return _("%(scoring)s; fleet points out of %(base)s, a bye scores %(bye)s") % {
            "scoring": super().scoring_summary(event),
            "base": self.fleet_point_base(event),
            "bye": self.bye_fleet_points(event),
        }

    def bye_fleet_points(self, event):
        return self.settings(event)["bye_fleet_points"]

    def fleet_items(self, version):
        """The ships and cards of a submitted fleet version, with their costs, as a result can lose them."""
        return scoring.fleet_items(version)

    def result_from_json(self, data):
        return MatchResult.from_json(data)

    def result_form(self, match, data=None, *, result=None, staff=False, catalog=None):
        sides = seats_of(match)
        return ResultForm(
            data,
            initial=ResultForm.initial_from(result) if result is not None else None,
            names={seat: side.registration.name for seat, side in sides.items()},
            items={seat: scoring.fleet_items(side.registration.fleet_version, catalog) for seat, side in sides.items()},
            allow_tie=match.round.stage != Stage.CUT,
            battle_points=match.round.event.uses_battle_points,
            staff=staff,
        )

    def desk_forms(self, matches):
        """Every table's form from one read of the catalog."""
        catalog = load_catalog()
        return {
            match.pk: self.result_form(match, result=self.current_result(match), staff=True, catalog=catalog)
            for match in matches
        }

    def current_result(self, match):
        """The official result is read back from the sides (events imported from older exports carry no
        match result), else the latest report."""
        if match.status != MatchStatus.CONFIRMED:
            return super().current_result(match)
        if match.result and match.result.get("typed_points"):  # the typed numbers are not on the sides alone
            return MatchResult.from_json(match.result)
        sides = seats_of(match)
        winner = next((seat for seat, side in sides.items() if side.outcome == "win"), None)
        return MatchResult.from_json(
            {
                "winner": winner,
                "losses": {str(s): sides[s].losses for s in SEATS},
                "battle_points": {str(s): sides[s].battle_points for s in SEATS},
            }
        )

    def outcomes(self, event, sides, result):
        return {seat: result.outcome(seat) for seat in SEATS}

    def check_report(self, result):
        """Players tick what was lost; only the desk types fleet points from a slip."""
        if result.typed_points:
            raise TournamentError(_("Fleet points are computed from what was lost; only the staff type them."))

    def check_result(self, sides, result):
        for seat in SEATS:
            scoring.check_losses(sides[seat].registration.fleet_version, result.lost_by(seat))

    def score_sides(self, event, sides, result):
        """Fleet points are computed from what the opponent lost (seed 003, "Fleet Points")."""
        base = self.fleet_point_base(event)
        for seat, side in sides.items():
            opponent = sides[3 - seat]
            side.losses = result.lost_by(seat).to_json()
            side.battle_points = result.battle_points_of(seat)
            side.fleet_points = scored_points(base, result, seat, opponent.registration.fleet_version)

    def result_words(self, event, sides, result):
        """Who won and how many ships and cards each fleet lost; the points come with the confirmed result."""
        words = [self.describe(event, sides, result)]
        for seat in SEATS:
            lost = result.lost_by(seat)
            parts = []
            if lost.ships:
                parts.append(
                    ngettext("%(count)s ship", "%(count)s ships", len(lost.ships)) % {"count": len(lost.ships)}
                )
            if lost.upgrades:
                count = len(lost.upgrades)
                parts.append(ngettext("%(count)s card", "%(count)s cards", count) % {"count": count})
            if parts:
                what = (
                    _("%(first)s and %(second)s") % {"first": parts[0], "second": parts[1]}
                    if len(parts) > 1
                    else parts[0]
                )
                words.append(_("%(name)s lost %(what)s") % {"name": sides[seat].registration.name, "what": what})
        return ", ".join(words)

    def claim_details(self, event, sides, result):
        """What each fleet lost, item by item, and the fleet points each player scores by it."""
        lines = []
        for seat in SEATS:
            side = sides[seat]
            lost = result.lost_by(seat)
            keys = {*lost.ships, *lost.upgrades}
            items = [item for item in scoring.fleet_items(side.registration.fleet_version) if item.key in keys]
            what = "; ".join(item.loss_label for item in items) if items else _("nothing destroyed or removed")
            lines.append(_("%(name)s's fleet: %(what)s") % {"name": side.registration.name, "what": what})
        points, base = [], self.fleet_point_base(event)
        for seat in SEATS:
            scored = scored_points(base, result, seat, sides[3 - seat].registration.fleet_version)
            points.append(f"{sides[seat].registration.name} {scored}")
        lines.append(_("Fleet points: %(points)s") % {"points": " · ".join(points)})
        if event.uses_battle_points:
            battle = " · ".join(f"{sides[seat].registration.name} {result.battle_points_of(seat)}" for seat in SEATS)
            lines.append(_("Battle points: %(points)s") % {"points": battle})
        return lines

    def side_result(self, side):
        outcome = outcome_word(side.outcome)
        if side.fleet_points is None:
            return outcome
        return _("%(outcome)s · %(points)s FP") % {"outcome": outcome, "points": side.fleet_points}


def scored_points(base: int, result: MatchResult, seat: int, opponent_version) -> int:
    """The fleet points ``seat`` scores: typed at the desk, else computed from what the opponent lost."""
    if seat in result.typed_points:
        return result.typed_points[seat]
    return scoring.fleet_points(base=base, opponent_version=opponent_version, opponent_losses=result.lost_by(3 - seat))


def outcome_word(outcome: str) -> str:
    """A side's outcome (``win``, ``tie``, ``loss``) as a result line writes it, in the reader's language."""
    words: dict[str, str] = {
        Outcome.WIN: pgettext("a side's result", "win"),
        Outcome.TIE: pgettext("a side's result", "tie"),
        Outcome.LOSS: pgettext("a side's result", "loss"),
    }
    return words.get(outcome, outcome)
