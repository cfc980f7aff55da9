"""Awards: the players' secret Best Sportsmanship vote, and the awards the organizer names."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from rules.inputs.text_input import text_problem

from ..access import may_vote_sportsmanship, votes_closed
from ..errors import TournamentError
from ..models import Award, Event, Registration, SportsmanshipVote
from .locking import lock_event

MAX_AWARD_NAME = Award._meta.get_field("name").max_length


@transaction.atomic
def sportsmanship_vote(*, voter: Registration, choice: Registration) -> SportsmanshipVote:
    """``voter`` casts their one vote for ``choice``, another player of the same event, once the
    event is finished (:func:`tournaments.access.may_vote_sportsmanship`)."""
    voter = Registration.objects.select_for_update(of=("self",)).select_related("event").get(pk=voter.pk)
    if choice.event_id != voter.event_id:
        raise TournamentError(gettext("Vote for a player of this event."))
    if choice.pk == voter.pk:
        raise TournamentError(gettext("You cannot vote for yourself."))
    if not may_vote_sportsmanship(voter):
        if SportsmanshipVote.objects.filter(voter=voter).exists():
            raise TournamentError(gettext("You have voted already."))
        if votes_closed(voter.event):
            raise TournamentError(gettext("Voting has closed."))
        raise TournamentError(gettext("Voting opens once the event is finished, for the players who played."))
    return SportsmanshipVote.objects.create(voter=voter, choice=choice)


@transaction.atomic
def award_set(*, event: Event, name: str, winner: Registration | None) -> Award:
    """Add the award ``name`` to ``event``, or name its winner (``None``: not yet): the organizer's."""
    name = " ".join((name or "").split())
    if not name:
        raise TournamentError(gettext("Name the award."))
    if problem := text_problem(name):
        raise TournamentError(gettext("The award's name: %(problem)s") % {"problem": problem})
    if len(name) > MAX_AWARD_NAME:
        raise TournamentError(gettext("An award's name has at most %(count)s characters.") % {"count": MAX_AWARD_NAME})
    event = lock_event(event)
    if winner is not None and winner.event_id != event.pk:
        raise TournamentError(gettext("The winner must be a player of this event."))
    award, _ = Award.objects.update_or_create(event=event, name=name, defaults={"winner": winner})
    return award


@transaction.atomic
def award_remove(*, award: Award) -> None:
    award.delete()
