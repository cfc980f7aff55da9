"""Sign-up does not tell whether a name or an e-mail address is in use.

Before, a taken address was answered "An account with this e-mail address already exists."
and a taken name "A user with that username already exists.", so anyone could test whether
someone had an account. Now every valid sign-up gets the same page, and the mail (to the
address given, or to the account's owner) says what happened; the account is made only
from the mailed link, so even logging in afterwards tells the asker nothing about an
address they do not read.
"""

from __future__ import annotations

import re
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts import services
from accounts.models import PendingSignUp
from tests.on_commit import committed

pytestmark = pytest.mark.django_db

ASKER_PASSWORD = "asker-passphrase-1701"


def ask(username: str, email: str):
    data = {"username": username, "email": email, "password1": ASKER_PASSWORD, "password2": ASKER_PASSWORD}
    with committed():
        return Client().post(reverse("sign_up"), data)


def answer(response, username: str, email: str) -> tuple:
    """What the asker sees, with what they typed taken out: status, headers, cookies, page."""
    text = response.content.decode()
    text = text.replace(email.lower(), "EMAIL").replace(email, "EMAIL").replace(username, "USERNAME")
    text = re.sub(r'csrf-token="[^"]+"', "csrf", text)  # a fresh mask on every page, and in every form
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "csrf", text)
    return response.status_code, tuple(sorted(response.headers)), tuple(sorted(response.cookies)), text


@pytest.fixture
def owner():
    return User.objects.create_user("garak", "garak@cardassia.example", "tailor-of-the-promenade-2")


def cases(owner):
    return {
        "new name, new address": ("newname", "new@example.org"),
        "new name, the owner's address": ("othername", owner.email.upper()),
        "the owner's name, new address": (owner.username, "spy@example.org"),
        "the owner's name in other case, new address": (owner.username.upper(), "spy2@example.org"),
        "the owner's name and address": (owner.username, owner.email),
    }


def test_every_sign_up_gets_the_same_answer(owner):
    answers = {case: answer(ask(*given), *given) for case, given in cases(owner).items()}
    assert len(set(answers.values())) == 1, answers
    status, _, _, text = answers["new name, new address"]
    assert status == 200 and "Check your e-mail" in text
    assert "already" not in text and "exists" not in text and "taken" not in text


def test_asking_with_an_address_in_use_tells_its_owner_and_makes_nothing(owner, mailoutbox):
    ask("othername", owner.email.upper())
    assert [m.to for m in mailoutbox] == [[owner.email]]
    body = mailoutbox[0].body
    assert "You already have one: its name is garak" in body
    assert "http://testserver/accounts/password_reset/" in body
    assert "link=" not in body
    assert not PendingSignUp.objects.exists()
    assert list(User.objects.values_list("username", flat=True)) == ["garak"]


def test_asking_for_a_name_in_use_tells_the_address_given_and_makes_nothing(owner, mailoutbox):
    ask(owner.username, "spy@example.org")
    assert [m.to for m in mailoutbox] == [["spy@example.org"]]
    assert "That name is already taken" in mailoutbox[0].body
    assert owner.email not in mailoutbox[0].body
    assert not PendingSignUp.objects.exists()


def test_only_a_new_name_and_address_get_a_link(owner, mailoutbox):
    ask("newname", "new@example.org")
    assert [m.to for m in mailoutbox] == [["new@example.org"]]
    assert "/accounts/sign-up/?link=" in mailoutbox[0].body
    assert PendingSignUp.objects.get().username == "newname"


def test_logging_in_after_asking_tells_nothing_either(owner):
    """Before, an asker who saw no error could log in with the name they chose; with a taken
    address they could not, and so learnt the address was in use. Now no case makes an
    account until the mailed link is followed."""
    outcomes = set()
    for username, email in cases(owner).values():
        ask(username, email)
        client = Client()
        response = client.post(reverse("login"), {"username": username, "password": ASKER_PASSWORD})
        outcomes.add((response.status_code, client.session.get("_auth_user_id")))
    assert outcomes == {(200, None)}


def test_the_password_is_hashed_whatever_the_case(owner):
    """Hashing is the slow step: done in every case, the answer takes about as long in each."""
    for given in cases(owner).values():
        with mock.patch.object(services, "make_password", wraps=services.make_password) as hashed:
            ask(*given)
        assert hashed.call_count == 1
