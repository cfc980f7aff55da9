"""Who may see and run what of seasons, player records and the meta.

A season is run by the organizers of its stores (any of them, for a region's season;
superusers too); everyone sees every season. A player's record page is public unless
the player hid it or the player is a walk-in who never claimed their account; the
player always sees their own. Which submitted lists a record or the meta may show is
:func:`tournaments.access.may_see_list`'s decision, asked for each list, never restated here.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _

from stores.access import organized_stores
from tournaments.access import Viewer, may_see_list

from .models import RecordSetting, Season

PUBLIC = Viewer(user=AnonymousUser(), is_staff=False, is_organizer=False, registration=None)


def list_viewer(user) -> Viewer:
    """Who looks at lists across many events: the public, or a player (who also sees their own lists).

    Never staff: a record or the meta spans many events, and what an event's staff see of
    it stays on that event's own pages.
    """
    return Viewer(user=user, is_staff=False, is_organizer=False, registration=None)


def list_shown(registration, viewer: Viewer = PUBLIC) -> bool:
    """Whether ``registration``'s list may be shown to ``viewer`` outside its event (opponents do not count)."""
    return may_see_list(event=registration.event, viewer=viewer, registration=registration, opponents=set())


def unlisted_players(player_ids) -> set[int]:
    """Of ``player_ids``, those without a public record: hidden by the player, or unclaimed walk-ins."""
    people = get_user_model().objects.filter(pk__in=set(player_ids))
    hidden = set(RecordSetting.objects.filter(player__in=people, hidden=True).values_list("player_id", flat=True))
    walk_ins = set(people.filter(guest__isnull=False, guest__claimed_at__isnull=True).values_list("pk", flat=True))
    return hidden | walk_ins


def may_see_record(user, player) -> bool:
    return (user.is_authenticated and user.pk == player.pk) or player.pk not in unlisted_players([player.pk])


def may_run_season(user, season: Season) -> bool:
    return organized_stores(user).filter(pk__in=season.stores.values("pk")).exists()


def load_season(pk: int) -> Season:
    try:
        return Season.objects.prefetch_related("stores").get(pk=pk)
    except Season.DoesNotExist:
        raise Http404(_("No such season.")) from None


def season_organizer_required(view):
    """The organizers of the season's stores (and superusers); the view gets ``(request, season, ...)``."""

    @wraps(view)
    def wrapped(request, pk: int, *args, **kwargs):
        season = load_season(pk)
        if not may_run_season(request.user, season):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied(_("Only the organizers of the season's stores may do this."))
        return view(request, season, *args, **kwargs)

    return wrapped
