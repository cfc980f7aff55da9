"""The password-change form is throttled like log-in.

Before, someone at a signed-in browser (or with a stolen session) could try current
passwords without limit: eight wrong ones, then the right one was accepted. Now the form
allows django-axes's limits (``AXES_FAILURE_LIMIT`` wrong passwords, then nothing for
``AXES_COOLOFF_TIME``), per user, and once locked even the right password is refused.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from accounts import services
from accounts.models import PasswordCheckThrottle
from tests.accounts.factories import PASSWORD, PlayerFactory

pytestmark = pytest.mark.django_db

NEW = "another-long-passphrase-42"


def change(client, old: str):
    return client.post(reverse("password_change"), {"old_password": old, "new_password1": NEW, "new_password2": NEW})


def test_the_right_password_after_eight_wrong_ones_is_refused(client, player):
    client.force_login(player)
    statuses = [change(client, "wrong-guess").status_code for _ in range(8)]
    assert statuses == [200] * settings.AXES_FAILURE_LIMIT + [429] * (8 - settings.AXES_FAILURE_LIMIT)
    response = change(client, PASSWORD)
    assert response.status_code == 429
    assert "Too many wrong passwords" in response.text
    player.refresh_from_db()
    assert player.check_password(PASSWORD) and not player.check_password(NEW)


def test_the_limit_is_log_ins_limit(client, player):
    assert settings.AXES_FAILURE_LIMIT == 5
    client.force_login(player)
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        change(client, "wrong-guess")
    assert change(client, PASSWORD).status_code == 302
    player.refresh_from_db()
    assert player.check_password(NEW)


def test_the_limit_th_wrong_password_locks(client, player):
    client.force_login(player)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        assert change(client, "wrong-guess").status_code == 200
    assert change(client, PASSWORD).status_code == 429


def test_the_lock_lasts_the_cool_off_then_lifts(client, player):
    client.force_login(player)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        change(client, "wrong-guess")
    almost = timezone.now() - services.get_cool_off() + timezone.timedelta(minutes=1)
    PasswordCheckThrottle.objects.filter(user=player).update(last_failure_at=almost)
    assert change(client, PASSWORD).status_code == 429
    # A try during the lock starts the cool-off again, as django-axes does for log-in.
    throttle = PasswordCheckThrottle.objects.get(user=player)
    assert throttle.last_failure_at > almost + timezone.timedelta(minutes=1)
    PasswordCheckThrottle.objects.filter(user=player).update(last_failure_at=timezone.now() - services.get_cool_off())
    assert change(client, PASSWORD).status_code == 302


def test_the_lock_is_per_user(client, player):
    client.force_login(player)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        change(client, "wrong-guess")
    other = PlayerFactory()
    client.force_login(other)
    assert change(client, PASSWORD).status_code == 302


def test_a_right_password_forgives_earlier_mistakes(player):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert services.password_check(user=player, password="wrong") is False
    assert services.password_check(user=player, password=PASSWORD) is True
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        services.password_check(user=player, password="wrong")
    assert services.password_check(user=player, password=PASSWORD) is True


def test_each_check_is_counted_before_the_password_is_compared(player, monkeypatch):
    """Requests sent at once cannot get more guesses than the limit: a check is a failure
    until its password is found right."""
    seen = []
    real = type(player).check_password

    def check_password(user, raw):
        seen.append(PasswordCheckThrottle.objects.get(user=user).failures)
        return real(user, raw)

    monkeypatch.setattr(type(player), "check_password", check_password)
    services.password_check(user=player, password="wrong")
    services.password_check(user=player, password="wrong")
    assert seen == [1, 2]
