"""A username nobody could tell from an existing one on a pairing sheet is taken (issue 24, item 10).

``plаyer`` (a Cyrillic ``а``) signed up while ``player`` existed and showed identically on
pairings. Names are compared by their Unicode TR39 skeleton (:mod:`rules.inputs.confusables`).
"""

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import TestCase
from django.urls import reverse

from accounts.models import PendingSignUp
from rules.inputs.confusables import confusable
from tests.accounts.factories import PASSWORD, PlayerFactory

from .test_accounts_views import sign_up_link

pytestmark = pytest.mark.django_db


def sign_up(client, data):
    """Post the sign-up form; its mail goes when the request's transaction commits."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client.post(reverse("sign_up"), data)


@pytest.mark.parametrize(
    "look_alike",
    ["plаyer", "PLAYER", "p1ayer", "ｐｌａｙｅｒ", "рlayer", "pIayer", "𝐩𝐥𝐚𝐲𝐞𝐫"],
    ids=["cyrillic a", "upper case", "digit one", "fullwidth", "cyrillic er", "capital i", "bold maths"],
)
def test_a_look_alike_of_an_existing_name_is_told_to_choose_another(client, look_alike):
    PlayerFactory(username="player")
    data = {"username": look_alike, "email": "new@example.org", "password1": PASSWORD, "password2": PASSWORD}
    response = sign_up(client, data)
    assert response.status_code == 200 and "Check your e-mail" in response.text  # the same answer as ever
    assert [m.subject for m in mail.outbox] == ["Choose another account name"]
    assert "looks just like one" in mail.outbox[0].body
    assert not PendingSignUp.objects.exists()


def test_a_look_alike_made_before_the_link_is_followed_is_refused_then(client):
    data = {"username": "plаyer", "email": "new@example.org", "password1": PASSWORD, "password2": PASSWORD}
    sign_up(client, data)
    PlayerFactory(username="player")
    response = sign_up(client, {"link": sign_up_link(mail.outbox[0]).split("link=")[1]})
    assert response.status_code == 409 and "taken meanwhile" in response.text
    assert list(User.objects.values_list("username", flat=True)) == ["player"]


def test_different_names_stay_different(client):
    PlayerFactory(username="player")
    assert not confusable("player", "players") and not confusable("anna", "anne") and not confusable("worf", "dax")
    data = {"username": "players", "email": "new@example.org", "password1": PASSWORD, "password2": PASSWORD}
    sign_up(client, data)
    assert [m.subject for m in mail.outbox] == ["Finish signing up to Muster"]
