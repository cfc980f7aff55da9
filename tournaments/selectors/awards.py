"""An event's awards and the Best Sportsmanship count: what the event page, the player's record and
the export show of them."""

from __future__ import annotations

from django.db.models import Count

from ..models import Award, Event, Registration


def event_awards(event: Event) -> list[Award]:
    """The event's awards in the order the organizer added them, each with its winner loaded."""
    return list(event.awards.select_related("winner__player"))


def sportsmanship_counts(event: Event) -> list[tuple[str, int]]:
    """``(player name, votes)`` of every player with a Best Sportsmanship vote, most votes first:
    the organizer sees how many votes each got, never who cast them."""
    voted = (
        Registration.objects.filter(event=event)
        .annotate(votes=Count("sportsmanship_votes_received"))
        .filter(votes__gt=0)
        .select_related("player")
        .order_by("-votes", "player__username")
    )
    return [(registration.name, registration.votes) for registration in voted]


def player_awards(registrations) -> dict[int, list[str]]:
    """``registration pk -> names of the awards it won``, for the player's record."""
    won: dict[int, list[str]] = {}
    for award in Award.objects.filter(winner__in=registrations).order_by("pk"):
        won.setdefault(award.winner_id, []).append(award.name)
    return won
