"""Personal API tokens: how scripts call the JSON API without a browser session.

Only a SHA-256 digest of each token is stored, so a leaked database does not
leak working tokens; the token itself is shown once, when it is created.
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class ApiToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60, help_text="What the token is for, e.g. the script that uses it.")
    digest = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(max_length=8, editable=False, help_text="The token's first characters, to recognise it.")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    def set_new_token(self) -> str:
        """Give this record a fresh random token and return it: the only time its text exists."""
        token = secrets.token_urlsafe(32)
        self.digest = token_digest(token)
        self.prefix = token[:8]
        return token
