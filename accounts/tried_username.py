"""The username a log-in tried, as the log-in lockout (django-axes, ``AXES_USERNAME_CALLABLE``) records it.

Axes keeps it in a column of ``LOCKOUT_USERNAME_LENGTH`` characters, and on PostgreSQL a longer value
fails the insert: a server error instead of a refused log-in. The log-in form already refuses a name
longer than an account's (150); this cut keeps any other way to ``authenticate()`` from reaching the
column with more. No account has so long a name, so names cut alike share a count and lose nothing.
"""

from __future__ import annotations

from axes.models import AccessAttempt

LOCKOUT_USERNAME_LENGTH = AccessAttempt._meta.get_field("username").max_length
USERNAME_FIELD = "username"  # the log-in form's field, and the credential authenticate() is given


def tried_username(request, credentials: dict | None = None) -> str | None:
    """The tried username (from the credentials, else the posted form), at most the lockout column's length."""
    if credentials:
        username = credentials.get(USERNAME_FIELD)
    else:
        username = getattr(request, "data", getattr(request, "POST", {})).get(USERNAME_FIELD)
    return username[:LOCKOUT_USERNAME_LENGTH] if isinstance(username, str) else username
