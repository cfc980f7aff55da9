"""Who calls the API: a personal token's owner (``Authorization: Bearer <token>``) or the site's session."""

from __future__ import annotations

from django.utils import timezone
from ninja import security
from ninja.security import HttpBearer

from ..models import ApiToken
from ..models.api_token import token_digest


class BearerToken(HttpBearer):
    """``Authorization: Bearer <token>``: the token's owner, if the token exists and they are active."""

    def authenticate(self, request, token: str):
        record = (
            ApiToken.objects.select_related("user").filter(digest=token_digest(token), user__is_active=True).first()
        )
        if record is None:
            return None
        ApiToken.objects.filter(pk=record.pk).update(last_used_at=timezone.now())
        return record.user


class SessionAuth(security.SessionAuth):
    """The site's signed-in session, its writes checked against CSRF. The check runs only when there is a
    session to protect: a caller with no credentials at all gets the 401 the schema documents, not
    django-ninja's "CSRF check Failed" 403. (The name is the schema's security scheme's.)"""

    def _get_key(self, request):
        if not request.user.is_authenticated:
            return None
        return super()._get_key(request)


AUTH = [BearerToken(), SessionAuth()]
