"""A finished event's ratings and the meta's faction and card tallies follow its results.

The tournaments app knows nothing of seasons (the import layers forbid it), so it tells: the
services that make a finished event's results what they are (finishing, a correction after the
finish, the import of a finished event) send :data:`tournaments.signals.final_results_changed`,
on which the event is rated again once their transaction commits; storing final standings sends
:data:`tournaments.signals.final_standings_stored`, on which the tallies are stored. Saving an
event is no such call: it never touches the ratings.
"""

from __future__ import annotations

from django.db import transaction
from django.dispatch import receiver

from tournaments.models import Event
from tournaments.signals import final_results_changed, final_standings_stored

from .services import meta_tallies_store, ratings_after_event


@receiver(final_results_changed, dispatch_uid="seasons_ratings_after_event")
def final_results_rated(sender, event: Event, **kwargs):
    pk = event.pk
    transaction.on_commit(lambda: ratings_after_event(event=Event.objects.get(pk=pk)))


@receiver(final_standings_stored, dispatch_uid="seasons_faction_tallies")
def final_standings_saved(sender, events, **kwargs):
    meta_tallies_store(events=events)
