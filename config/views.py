"""Site-level pages that belong to no single app."""

from django.shortcuts import render
from django.views.decorators.http import require_safe


@require_safe
def home(request):
    """Public: what Muster is and where to go next."""
    return render(request, "home.html")
