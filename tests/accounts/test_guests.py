"""Walk-in guests: accounts an organizer makes by name, and how a sign-up claims one.

A guest cannot log in; whoever confirms a sign-up with the e-mail the organizer entered
takes the guest's account over, entries and fleets included. An address that already
belongs to an account never makes or claims a guest, and the sign-up page answers the
same whatever the address (``docs/security.md``).
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import TestCase
from django.urls import reverse

from accounts.models import GuestPlayer, PendingSignUp
from accounts.roles import PLAYER
from accounts.selectors import find_people
from accounts.services import AccountError, guest_create, sign_up_confirm, sign_up_request
from tests.on_commit import committed
from tests.security.test_account_enumeration import answer, ask

pytestmark = pytest.mark.django_db

SITE = "http://testserver"
PASSWORD = "walk-in-passphrase-1701"


def sign_up(username: str, email: str) -> str:
    """Ask for an account as the sign-up page does; the token of the link mailed, if one was."""
    mail.outbox.clear()
    with committed():
        sign_up_request(username=username, email=email, password=PASSWORD, site_url=SITE)
    body = mail.outbox[-1].body
    return body.split("link=")[1].split()[0] if "link=" in body else ""


def test_a_guest_is_an_account_that_cannot_log_in(organizer):
    guest = guest_create(name="  Kira   Nerys ", email="Kira@Bajor.example", created_by=organizer)
    assert guest.username == f"guest-{guest.pk}" and guest.get_full_name() == "Kira Nerys"
    assert not guest.is_active and not guest.has_usable_password() and guest.email == ""
    record = GuestPlayer.objects.get(user=guest)
    assert record.email == "kira@bajor.example" and record.created_by == organizer and record.claimed_at is None


@pytest.mark.parametrize(
    ("name", "email", "says"),
    [
        ("", "", "Give the walk-in's name"),
        ("x" * 151, "", "at most 150"),
        ("Odo\u202e", "", "walk-in's name"),
        ("Odo", "not-an-address", "not an e-mail address"),
    ],
    ids=["no-name", "too-long", "direction-character", "bad-email"],
)
def test_bad_input_makes_no_guest(organizer, name, email, says):
    with pytest.raises(AccountError, match=says):
        guest_create(name=name, email=email, created_by=organizer)
    assert not GuestPlayer.objects.exists() and User.objects.count() == 1


def test_an_address_of_an_account_is_not_kept_and_not_told(organizer, player):
    """Issue 24, item 7: the form told any organizer whether an address has an account. Now the
    walk-in is made under the typed name, without the address, which could never claim anything."""
    guest = guest_create(name="Someone", email=player.email.upper(), created_by=organizer)
    assert guest != player and guest.get_full_name() == "Someone"
    assert GuestPlayer.objects.get(user=guest).email == ""
    nobody = guest_create(name="Someone Else", email="nobody@nowhere.example", created_by=organizer)
    assert nobody.is_active == guest.is_active  # both answered alike


def test_an_address_entered_again_with_the_same_name_gives_the_same_walk_in(organizer, other_player):
    first = guest_create(name="Quark", email="quark@ferenginar.example", created_by=organizer)
    again = guest_create(name=" quark ", email="QUARK@ferenginar.example", created_by=other_player)
    assert again == first and GuestPlayer.objects.count() == 1
    without_email = [guest_create(name="Rom", created_by=organizer) for _ in range(2)]
    assert without_email[0] != without_email[1]


def test_a_sign_up_confirmed_with_the_entered_address_claims_the_guest(organizer):
    guest = guest_create(name="Nog", email="nog@ferenginar.example", created_by=organizer)
    user = sign_up_confirm(token=sign_up("nog", "Nog@Ferenginar.example"))
    assert user.pk == guest.pk
    user.refresh_from_db()
    assert (user.username, user.email, user.is_active) == ("nog", "nog@ferenginar.example", True)
    assert user.check_password(PASSWORD) and user.get_full_name() == "Nog"
    assert user.groups.filter(name=PLAYER).exists()
    assert GuestPlayer.objects.get(user=user).claimed_at is not None


def test_an_unconfirmed_sign_up_claims_nothing(organizer):
    guest = guest_create(name="Leeta", email="leeta@bajor.example", created_by=organizer)
    assert sign_up("leeta", "leeta@bajor.example")
    guest.refresh_from_db()
    assert not guest.is_active and guest.username.startswith("guest-")
    assert GuestPlayer.objects.get(user=guest).claimed_at is None


def test_a_claimed_guest_is_never_claimed_again(organizer):
    guest_create(name="Jake", email="jake@earth.example", created_by=organizer)
    first, second = sign_up("jake", "jake@earth.example"), sign_up("jakesisko", "jake@earth.example")
    sign_up_confirm(token=first)
    with pytest.raises(AccountError, match="made meanwhile"):
        sign_up_confirm(token=second)
    assert User.objects.get(email="jake@earth.example").username == "jake"


def test_an_account_made_with_the_address_meanwhile_never_claims(organizer):
    """An administrator gives someone the address after the organizer entered it: the sign-up is refused."""
    guest = guest_create(name="Ezri", email="ezri@trill.example", created_by=organizer)
    token = sign_up("ezri", "ezri@trill.example")
    User.objects.create_user("dax", "ezri@trill.example", "symbiont-passphrase-9")
    with pytest.raises(AccountError, match="made meanwhile"):
        sign_up_confirm(token=token)
    guest.refresh_from_db()
    assert not guest.is_active and GuestPlayer.objects.get(user=guest).claimed_at is None


def test_sign_up_answers_the_same_for_a_walk_ins_address(organizer):
    guest_create(name="Vic", email="vic@holosuite.example", created_by=organizer)
    given = [("singer1962", "vic@holosuite.example"), ("lounge1962", "fontaine@holosuite.example")]
    assert len({answer(ask(*case), *case) for case in given}) == 1
    assert PendingSignUp.objects.count() == 2


def test_nobody_signs_up_with_a_walk_in_name(client):
    response = client.post(
        reverse("sign_up"),
        {"username": "Guest-12", "email": "g@example.org", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert "kept for walk-ins" in response.text and not PendingSignUp.objects.exists()


def test_the_confirm_page_names_the_walk_in_it_claims(client, organizer):
    guest_create(name="Kira Nerys", email="kira@bajor.example", created_by=organizer)
    claiming = client.get(reverse("sign_up"), {"link": sign_up("kira", "kira@bajor.example")}).text
    assert "walk-in <strong>Kira Nerys</strong>" in claiming
    other = client.get(reverse("sign_up"), {"link": sign_up("odo", "odo@bajor.example")}).text
    assert "Create my account" in other and "walk-in" not in other


def test_the_people_page_lists_a_walk_in_once_claimed(organizer):
    guest = guest_create(name="Ziyal", email="ziyal@cardassia.example", created_by=organizer)
    assert guest not in find_people("")
    sign_up_confirm(token=sign_up("ziyal", "ziyal@cardassia.example"))
    assert guest in find_people("ziyal")


def test_an_address_entered_at_the_same_moment_elsewhere_is_refused_cleanly(organizer, monkeypatch):
    """Two desks enter one address at once: the unique constraint decides, the second desk is told."""
    guest_create(name="Rom", email="rom@ferenginar.example", created_by=organizer)
    unclaimed = GuestPlayer.objects.filter(email__iexact="nobody@example.org")  # the first desk not yet seen
    monkeypatch.setattr(GuestPlayer.objects, "select_for_update", lambda: unclaimed)
    with pytest.raises(AccountError, match="a moment ago"):
        guest_create(name="Rom", email="rom@ferenginar.example", created_by=organizer)
    assert GuestPlayer.objects.count() == 1 and User.objects.count() == 2


def test_an_address_entered_again_under_another_name_is_refused_without_naming_the_walk_in(organizer, other_player):
    """Issue 24, item 7: another organizer's walk-in e-mail registered that walk-in under the name the
    other organizer recorded, the typed name ignored."""
    guest_create(name="Quark", email="quark@ferenginar.example", created_by=organizer)
    with pytest.raises(AccountError, match="given for a walk-in under another name") as refused:
        guest_create(name="Brunt", email="quark@ferenginar.example", created_by=other_player)
    assert "Quark" not in str(refused.value)
    assert GuestPlayer.objects.count() == 1


def test_the_sign_up_mail_waits_for_the_sign_up_to_be_stored():
    """The link is mailed when the request's transaction commits; a request rolled back mails nothing."""
    with TestCase.captureOnCommitCallbacks(execute=False) as waiting:
        sign_up_request(username="jake", email="jake@bajor.example", password=PASSWORD, site_url=SITE)
        assert mail.outbox == [] and PendingSignUp.objects.filter(username="jake").exists()
    assert len(waiting) == 1
    waiting[0]()
    assert [message.to for message in mail.outbox] == [["jake@bajor.example"]]
