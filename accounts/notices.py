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


def wants_notice(user, kind: str) -> bool:
    """Whether ``user`` gets ``kind`` notices: an address to send to, and the kind not turned off."""
    if kind not in KINDS:
        raise ValueError(f"No such notice: {kind}")
    if not user.email or not user.is_active:
        return False
    chosen = NoticePreferences.objects.filter(user=user).values_list(kind, flat=True).first()
    return chosen is None or chosen


def send_notice(*, user, kind: str, subject: str, template: str, context: dict) -> bool:
    """Mail ``user`` a ``kind`` notice once the current transaction commits, if they want it; the
    body (``template``) gets ``off_url``, the link that turns notices off, and ``site_url``. Returns whether it goes."""
    if not wants_notice(user, kind):
        return False
    off_url = settings.SITE_URL + reverse("notices_off", args=[notices_off_token(user)])
    body = render_to_string(template, {**context, "user": user, "off_url": off_url, "site_url": settings.SITE_URL})
    mail_on_commit(to=user.email, subject=subject, body=body)
    return True
