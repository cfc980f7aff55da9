"""Sign-up, log in and out, password change and reset, throttling: through the real views."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from accounts.roles import PLAYER
from tests.accounts.factories import PASSWORD
from tests.on_commit import committed

pytestmark = pytest.mark.django_db


def test_roles_exist_after_migrations():
    from django.contrib.auth.models import Group

    assert set(Group.objects.values_list("name", flat=True)) >= {"Organizer", "Judge", "Player"}


def sign_up(client, data: dict):
    """The sign-up form sent, and its transaction committed: the mail it queued is sent."""
    with committed():
        return client.post(reverse("sign_up"), data)


def sign_up_link(message) -> str:
    match = re.search(r"(/accounts/sign-up/\?link=[\w-]+)", message.body)
    assert match, message.body
    return match.group(1)


def test_sign_up_mails_a_link_that_creates_a_player_and_logs_in(client):
    response = sign_up(
        client, {"username": "kira", "email": "Kira@Example.org", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 200
    assert "Check your e-mail" in response.text
    assert not User.objects.filter(username="kira").exists()
    assert [m.to for m in mail.outbox] == [["kira@example.org"]]
    link = sign_up_link(mail.outbox[0])
    assert link.startswith("/accounts/sign-up/?link=")
    assert mail.outbox[0].body.count("http://testserver/accounts/sign-up/?link=") == 1

    # Following the link asks first (a mail scanner's GET makes nothing), the button makes the account.
    page = client.get(link)
    assert page.status_code == 200 and "Create my account" in page.text
    assert not User.objects.filter(username="kira").exists()
    token = link.split("link=")[1]
    response = client.post(reverse("sign_up"), {"link": token})
    assert response.status_code == 302
    user = User.objects.get(username="kira")
    assert user.email == "kira@example.org"
    assert user.check_password(PASSWORD)
    assert list(user.groups.values_list("name", flat=True)) == [PLAYER]
    assert client.get(reverse("home")).context["user"] == user


def test_a_sign_up_link_works_once(client):
    sign_up(client, {"username": "odo", "email": "odo@example.org", "password1": PASSWORD, "password2": PASSWORD})
    token = sign_up_link(mail.outbox[0]).split("link=")[1]
    assert client.post(reverse("sign_up"), {"link": token}).status_code == 302
    client.logout()
    again = client.post(reverse("sign_up"), {"link": token})
    assert again.status_code == 404 and "already used or is too old" in again.text
    assert User.objects.filter(username="odo").count() == 1


def test_an_old_sign_up_link_no_longer_works(client):
    from accounts.models import PendingSignUp

    sign_up(client, {"username": "odo", "email": "odo@example.org", "password1": PASSWORD, "password2": PASSWORD})
    PendingSignUp.objects.update(created_at=timezone.now() - timedelta(days=4))
    link = sign_up_link(mail.outbox[0])
    assert client.get(link).status_code == 404
    assert client.post(reverse("sign_up"), {"link": link.split("link=")[1]}).status_code == 404
    assert not User.objects.filter(username="odo").exists()


def test_a_name_taken_before_the_link_is_followed_is_refused_then(client):
    data = {"username": "odo", "email": "odo@example.org", "password1": PASSWORD, "password2": PASSWORD}
    sign_up(client, data)
    sign_up(client, data | {"email": "changeling@example.org"})
    first, second = (sign_up_link(m).split("link=")[1] for m in mail.outbox)
    assert client.post(reverse("sign_up"), {"link": second}).status_code == 302
    client.logout()
    response = client.post(reverse("sign_up"), {"link": first})
    assert response.status_code == 409 and "taken meanwhile" in response.text
    assert User.objects.get(username="odo").email == "changeling@example.org"


def test_sign_up_with_bad_input_creates_nothing(client, player):
    response = sign_up(
        client, {"username": "odo", "email": player.email, "password1": PASSWORD, "password2": "different"}
    )
    assert response.status_code == 200
    assert "didn&#x27;t match" in response.text
    assert not User.objects.filter(username="odo").exists()
    assert mail.outbox == []


def test_signed_in_user_is_sent_home_from_sign_up(client, player):
    client.force_login(player)
    assert client.get(reverse("sign_up")).url == reverse("home")


def test_log_in_and_out(client, player):
    response = client.post(reverse("login"), {"username": player.username, "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"] == player
    client.post(reverse("logout"))
    assert not client.get(reverse("home")).context["user"].is_authenticated


def test_password_change_needs_login_then_works(client, player):
    url = reverse("password_change")
    assert client.get(url).status_code == 302
    client.force_login(player)
    new = "another-long-passphrase-42"
    response = client.post(url, {"old_password": PASSWORD, "new_password1": new, "new_password2": new})
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.check_password(new)


def test_password_reset_sends_a_link(client, player, django_capture_on_commit_callbacks):
    """The link is mailed by a background job queued once the request's work is committed."""
    with django_capture_on_commit_callbacks(execute=False) as queued:
        client.post(reverse("password_reset"), {"email": player.email})
    assert len(queued) == 1 and mail.outbox == []  # the request did not wait for the mail server
    queued[0]()
    assert len(mail.outbox) == 1
    assert "/accounts/reset/" in mail.outbox[0].body and "\n" not in mail.outbox[0].subject


def test_login_is_throttled_after_five_failures(client, player):
    for _ in range(5):
        client.post(reverse("login"), {"username": player.username, "password": "wrong"})
    response = client.post(reverse("login"), {"username": player.username, "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many attempts" in response.text
