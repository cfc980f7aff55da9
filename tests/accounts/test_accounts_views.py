"""Sign-up, log in and out, password change and reset, throttling: through the real views."""

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.urls import reverse

from accounts.roles import PLAYER
from tests.accounts.factories import PASSWORD

pytestmark = pytest.mark.django_db


def test_roles_exist_after_migrations():
    from django.contrib.auth.models import Group

    assert set(Group.objects.values_list("name", flat=True)) >= {"Organizer", "Judge", "Player"}


def test_sign_up_creates_a_player_and_logs_in(client):
    response = client.post(
        reverse("sign_up"),
        {"username": "kira", "email": "Kira@Example.org", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    user = User.objects.get(username="kira")
    assert user.email == "kira@example.org"
    assert list(user.groups.values_list("name", flat=True)) == [PLAYER]
    assert client.get(reverse("home")).context["user"] == user


def test_sign_up_with_bad_input_creates_nothing(client, player):
    response = client.post(
        reverse("sign_up"),
        {"username": "odo", "email": player.email, "password1": PASSWORD, "password2": "different"},
    )
    assert response.status_code == 200
    assert "already exists" in response.text
    assert not User.objects.filter(username="odo").exists()


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


def test_password_reset_sends_a_link(client, player):
    client.post(reverse("password_reset"), {"email": player.email})
    assert len(mail.outbox) == 1
    assert "/accounts/reset/" in mail.outbox[0].body


def test_login_is_throttled_after_five_failures(client, player):
    for _ in range(5):
        client.post(reverse("login"), {"username": player.username, "password": "wrong"})
    response = client.post(reverse("login"), {"username": player.username, "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many attempts" in response.text
