"""Site-level pages that belong to no single app."""

from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.http import require_safe

from tournaments.selectors import upcoming_events


@require_safe
def home(request):
    """Public: what Muster is, where to go next, and the events coming up."""
    return render(request, "home.html", {"upcoming_events": upcoming_events()})


@require_safe
def favicon(request):
    """Public: browsers ask for /favicon.ico whatever the page links; send them to the static file
    (its name carries a hash in production, so the redirect is not permanent)."""
    return redirect(static("favicon.ico"))
