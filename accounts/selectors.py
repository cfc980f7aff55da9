"""Reads of the accounts app: finding people for the People page, the walk-in a sign-up claims, and
who printouts say a person is."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import Group, User
from django.db.models import Prefetch, Q, QuerySet

from rules.inputs.confusables import skeleton

from .models import GuestPlayer, NoticePreferences, PrintPreferences

PEOPLE_PAGE_SIZE = 50


def username_taken(username: str) -> bool:
    """Whether ``username``, or a name nobody could tell from it on a pairing sheet, has an account:
    ``plаyer`` (a Cyrillic ``а``), ``PLAYER`` or ``p1ayer`` while ``player`` exists
    (:func:`rules.inputs.confusables.skeleton`). Every username is compared: a site has thousands at most."""
    wanted = skeleton(username)
    return any(skeleton(name) == wanted for name in User.objects.values_list("username", flat=True).iterator())


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


@dataclass(frozen=True)
class PrintIdentity:
    """Who a printout says a person is: ``email`` is empty unless they chose to print it."""

    name: str
    email: str


def print_identities(users: QuerySet[User]) -> dict[int, PrintIdentity]:
    """Each user's :class:`PrintIdentity` by id, in one query however many there are:
    their chosen name, else their full name, else their username."""
    rows = users.order_by().values_list(
        "pk",
        "username",
        "first_name",
        "last_name",
        "email",
        "print_preferences__print_name",
        "print_preferences__print_email",
    )
    return {
        pk: PrintIdentity(name=chosen or f"{first} {last}".strip() or username, email=email if print_email else "")
        for pk, username, first, last, email, chosen, print_email in rows
    }


def print_identity(user: User) -> PrintIdentity:
    return print_identities(User.objects.filter(pk=user.pk))[user.pk]


def print_preferences(user: User) -> dict:
    """``user``'s printout settings as the Printouts form shows them (the defaults when never set)."""
    row = PrintPreferences.objects.filter(user=user).values("print_name", "print_email").first()
    return row or {"print_name": "", "print_email": False}


def unclaimed_walk_in(email: str) -> GuestPlayer | None:
    """The walk-in a sign-up confirmed with ``email`` would claim, for the confirm page to say so."""
    return GuestPlayer.objects.filter(email__iexact=email, claimed_at=None).select_related("user").first()


def notice_preferences(user: User) -> dict:
    """The notices ``user`` gets, as the settings form shows them (every kind on without a row)."""
    row = NoticePreferences.objects.filter(user=user).values("pairings", "disputes").first()
    return row or {"pairings": True, "disputes": True}
