"""The notices an event mails its players (each person chooses which: :mod:`accounts.notices`):
their table, opponent and the opponent's faction when a round is paired, and a result disputed
at their table. Mail goes once the pairing or the report commits, never for a rolled-back one, and in
each reader's language (:func:`stores.languages.mail_languages`)."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext

from accounts.notices import mail_notice, wanting
from stores.languages import mail_languages

from .. import selectors
from ..models import Match, MatchSide, Round


def notify_round_paired(round_: Round) -> None:
    """Each player of ``round_`` with an account who wants it: where they sit, against whom."""
    event = round_.event
    sides = list(MatchSide.objects.filter(round=round_).select_related("match", "registration__player"))
    lists = selectors.registration_lists([side.registration for side in sides])
    by_match: dict[int, list[MatchSide]] = {}
    for side in sides:
        by_match.setdefault(side.match_id, []).append(side)
    told = wanting([side.registration.player for side in sides], "pairings")
    languages = mail_languages(users=told, store=event.store)
    for side in sides:
        if side.registration.player_id not in languages:
            continue
        opponent = next((other for other in by_match[side.match_id] if other.pk != side.pk), None)
        with translation.override(languages[side.registration.player_id]):
            _mail_paired(round_, side, opponent, lists)


def _mail_paired(round_: Round, side: MatchSide, opponent: MatchSide | None, lists: dict) -> None:
    """One player's notice of ``round_``, in the language active (theirs, or their store's)."""
    event = round_.event
    mail_notice(
        user=side.registration.player,
        subject=(
            gettext("%(event)s, %(round)s: table %(table)s")
            if side.match.table
            else gettext("%(event)s, %(round)s: you have a bye")
        )
        % {"event": event.name, "round": round_.name, "table": side.match.table},
        template="tournaments/notices/paired.txt",
        context={
            "event": event,
            "round": round_,
            "table": side.match.table,
            "opponent": opponent.registration.name if opponent else "",
            "faction": lists[opponent.registration_id][1] if opponent else "",
        },
    )


def notify_result_disputed(match: Match) -> None:
    """Both players of ``match``: the two reports differ, a judge settles it."""
    round_ = match.round
    sides = match.sides.select_related("registration__player")
    players = wanting([side.registration.player for side in sides], "disputes")
    languages = mail_languages(users=players, store=round_.event.store)
    for player in players:
        with translation.override(languages[player.pk]):
            mail_notice(
                user=player,
                subject=gettext("%(event)s, %(round)s: the result at table %(table)s is disputed")
                % {"event": round_.event.name, "round": round_.name, "table": match.table},
                template="tournaments/notices/disputed.txt",
                context={"event": round_.event, "round": round_, "table": match.table},
            )
