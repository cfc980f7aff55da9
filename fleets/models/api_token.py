"""Personal API tokens: how scripts call the JSON API without a browser session.

Only a SHA-256 digest of each token is stored, so a leaked database does not
leak working tokens; the token itself is shown once, when it is created.
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class ApiToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens", verbose_name=_("user")
    )
    name = models.CharField(
        max_length=60, help_text=_("What the token is for, e.g. the script that uses it."), verbose_name=_("name")
    )
    digest = models.CharField(max_length=64, unique=True, editable=False, verbose_name=_("digest"))
    prefix = models.CharField(
        max_length=8,
        editable=False,
        help_text=_("The token's first characters, to recognise it."),
        verbose_name=_("prefix"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False, verbose_name=_("last used at"))

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("api token")
        verbose_name_plural = _("api tokens")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    def set_new_token(self) -> str:
        """Give this record a fresh random token and return it: the only time its text exists."""
        token = secrets.token_urlsafe(32)
        self.digest = token_digest(token)
        self.prefix = token[:8]
        return token
