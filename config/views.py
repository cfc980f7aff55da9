"""Site-level pages that belong to no single app."""

from django.shortcuts import render
from django.views.decorators.http import require_safe

from tournaments.selectors import upcoming_events


@require_safe
def home(request):
    """Public: what Muster is, where to go next, and the events coming up."""
    return render(request, "home.html", {"upcoming_events": upcoming_events()})
