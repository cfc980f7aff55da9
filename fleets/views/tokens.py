"""API tokens: a signed-in user creates and revokes the tokens their scripts use."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from .. import services
from ..forms import ApiTokenForm
from ..models import ApiToken


@never_cache
@require_http_methods(["GET", "POST"])
@login_required
def api_tokens(request):
    """List one's tokens and create one; a new token is shown on this response only."""
    form = ApiTokenForm(request.POST or None)
    new_token = None
    if request.method == "POST" and form.is_valid():
        _record, new_token = services.api_token_create(user=request.user, name=form.cleaned_data["name"])
        form = ApiTokenForm()
    tokens = ApiToken.objects.filter(user=request.user)
    return render(request, "fleets/api_tokens.html", {"form": form, "tokens": tokens, "new_token": new_token})


@require_POST
@login_required
def api_token_revoke(request, pk: int):
    """Only one's own tokens: anyone else's is answered as missing."""
    token = get_object_or_404(ApiToken, pk=pk, user=request.user)
    services.api_token_revoke(token=token)
    messages.success(request, _("Revoked the token “%(name)s”.") % {"name": token.name})

    return redirect("fleets:api_tokens")
