"""Notices by mail: what a person asked to be told (:class:`accounts.models.NoticePreferences`), each
mail with one link that turns every notice off without logging in.

The link carries a signed token naming the account (:func:`notices_off_token`): no secret is kept,
and a token cannot be made for another account without the site's secret key.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.template.loader import render_to_string
from django.urls import reverse

from .models import NoticePreferences
from .tasks import mail_on_commit

KINDS = ("pairings", "disputes")
SALT = "accounts.notices-off"


def notices_off_token(user) -> str:
    return signing.dumps(user.pk, salt=SALT)


def user_of_notices_off_token(token: str):
    """The account a notices-off link names, or ``None`` for a token the site did not sign."""
    try:
        pk = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    return get_user_model().objects.filter(pk=pk).first()


def wanting(users, kind: str) -> list:
    """Those of ``users`` who get ``kind`` notices: an account one logs in to (not a walk-in the desk
    entered by name), an address to send to, and the kind not turned off (one query, whatever the
    number of users: a round of a large event asks at once)."""
    if kind not in KINDS:
        raise ValueError(f"No such notice: {kind}")
    users = [user for user in users if user.email and user.is_active and user.has_usable_password()]
    off = set(NoticePreferences.objects.filter(user__in=users, **{kind: False}).values_list("user_id", flat=True))
    return [user for user in users if user.pk not in off]


def mail_notice(*, user, subject: str, template: str, context: dict) -> None:
    """Mail ``user`` a notice (one :func:`wanting` let through) once the current transaction commits;
    the body (``template``) gets ``off_url``, the link that turns notices off, and ``site_url``."""
    off_url = settings.SITE_URL + reverse("notices_off", args=[notices_off_token(user)])
    body = render_to_string(template, {**context, "user": user, "off_url": off_url, "site_url": settings.SITE_URL})
    mail_on_commit(to=user.email, subject=subject, body=body)
