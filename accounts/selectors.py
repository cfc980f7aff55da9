"""Reads of the accounts app: finding people for the People page, and the walk-in a sign-up claims."""

from __future__ import annotations

from django.contrib.auth.models import Group, User
from django.db.models import Prefetch, Q

from .models import GuestPlayer

PEOPLE_PAGE_SIZE = 50


def find_people(query: str = "") -> list[User]:
    """Accounts whose username, name or e-mail address contains ``query`` (everyone when empty),
    by username, at most a page of them, each with ``role_names`` (two queries). Walk-ins who have
    not claimed their account are left out: they cannot log in, so a role would do nothing."""
    people = User.objects.exclude(guest__isnull=False, guest__claimed_at=None).order_by("username")
    if query:
        people = people.filter(
            Q(username__icontains=query)
            | Q(email__icontains=query)
            | Q(first_name__icontains=query)
            | Q(last_name__icontains=query)
        )
    people = list(people.prefetch_related(Prefetch("groups", queryset=Group.objects.only("name")))[:PEOPLE_PAGE_SIZE])
    for person in people:
        person.role_names = {group.name for group in person.groups.all()}
    return people


def unclaimed_walk_in(email: str) -> GuestPlayer | None:
    """The walk-in a sign-up confirmed with ``email`` would claim, for the confirm page to say so."""
    return GuestPlayer.objects.filter(email__iexact=email, claimed_at=None).select_related("user").first()
