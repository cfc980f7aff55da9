"""What accounts keep besides Django's users: sign-ups waiting for their e-mail, and
the password-change throttle."""

from django.conf import settings
from django.db import models


class PendingSignUp(models.Model):
    """A sign-up waiting for its owner to follow the link mailed to ``email``.

    The account is made only then, so the sign-up page answers the same whether or not
    the name or the address is already in use (see ``docs/security.md``). The link's
    secret is kept only as its SHA-256; the password only as Django's hash.
    """

    token_hash = models.CharField(max_length=64, unique=True)
    username = models.CharField(max_length=150)
    email = models.EmailField()
    password = models.CharField(max_length=128)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return f"{self.username} <{self.email}> (waiting since {self.created_at:%Y-%m-%d %H:%M})"


class PasswordCheckThrottle(models.Model):
    """Wrong current passwords given to the password-change form, per user.

    Log-in failures are django-axes's; this counter keeps its limits
    (``AXES_FAILURE_LIMIT`` within ``AXES_COOLOFF_TIME``) for the one other form that
    checks a password.
    """

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    failures = models.PositiveIntegerField(default=0)
    last_failure_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.failures} wrong password(s) for user {self.user_id}"
