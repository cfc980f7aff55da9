"""What accounts keep besides Django's users: the password-change throttle."""

from django.conf import settings
from django.db import models


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
