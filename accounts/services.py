"""Writes for accounts: sign-up, and the password check of the password-change form
(throttled like log-in)."""

from __future__ import annotations

from axes.helpers import get_cool_off
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.db import transaction
from django.utils import timezone

from .models import PasswordCheckThrottle
from .roles import PLAYER


class AccountError(Exception):
    """A refused account action, with a message to show."""


class PasswordCheckLocked(AccountError):
    """Too many wrong current passwords: the check is refused until the cool-off has passed."""


@transaction.atomic
def user_sign_up(*, username: str, email: str, password: str) -> User:
    """Create an account; everyone who signs up is a Player (other roles are granted by staff)."""
    user = User.objects.create_user(username=username, email=email, password=password)
    # get_or_create: the roles migration made the group, but an admin may have deleted it since.
    user.groups.add(Group.objects.get_or_create(name=PLAYER)[0])
    return user


def password_check(*, user: User, password: str) -> bool:
    """Whether ``password`` is ``user``'s current password, throttled like log-in.

    At most ``AXES_FAILURE_LIMIT`` wrong passwords within ``AXES_COOLOFF_TIME`` of the last
    one; then every check (the right password too) raises :class:`PasswordCheckLocked`
    until the cool-off has passed. Each check is counted as a failure *before* the
    password is compared, and forgiven only once it is found right, so requests sent at
    once cannot get more guesses than the limit.
    """
    limit = settings.AXES_FAILURE_LIMIT
    cool_off = get_cool_off()
    now = timezone.now()
    with transaction.atomic():
        throttle, _ = PasswordCheckThrottle.objects.select_for_update().get_or_create(user=user)
        if cool_off is not None and throttle.last_failure_at and now - throttle.last_failure_at >= cool_off:
            throttle.failures = 0
        locked = throttle.failures >= limit
        if not locked:
            throttle.failures += 1
        if not locked or settings.AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT:
            throttle.last_failure_at = now
        throttle.save()
    if locked:
        raise PasswordCheckLocked("Too many wrong passwords: changing the password is locked for a while.")
    if not user.check_password(password):
        return False
    PasswordCheckThrottle.objects.filter(user=user).update(failures=0, last_failure_at=None)
    return True
