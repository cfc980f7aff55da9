"""Reads of the accounts app: finding people for the People page."""

from __future__ import annotations

from django.contrib.auth.models import Group, User
from django.db.models import Prefetch, Q

PEOPLE_PAGE_SIZE = 50


def find_people(query: str = "") -> list[User]:
    """Accounts whose username, name or e-mail address contains ``query`` (everyone when empty),
    by username, at most a page of them, each with ``role_names`` (two queries)."""
    people = User.objects.order_by("username")
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
