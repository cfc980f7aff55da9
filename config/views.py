"""Site-level pages that belong to no single app."""

from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from accounts import shared_cache
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


@never_cache
@require_safe
def healthz(request):
    """Public: whether the site can serve, for a load balancer. 200 while the database answers (the site
    cannot work without it: 503 ``down``), ``ok`` or ``degraded`` by whether the services it can do
    without (the shared cache) answer too. Staff (``is_staff``) also see which service failed and how;
    anyone else sees only the status. The database is asked first, so a request with it down never
    reads the session."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        return JsonResponse({"status": "down"}, status=503)
    faults = {"cache": shared_cache.probe()}
    degraded = sorted(name for name, fault in faults.items() if fault)
    answer = {"status": "degraded" if degraded else "ok"}
    if request.user.is_staff:
        answer |= {"degraded": degraded, "services": {"database": "ok"} | {n: f or "ok" for n, f in faults.items()}}
    return JsonResponse(answer)
