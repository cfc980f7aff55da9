"""A finished event updates its game's ratings once the finishing transaction commits, and the meta's
faction and card tallies whenever its final standings are stored (finishing, a correction after the finish).

The tournaments app knows nothing of seasons (the import layers forbid it), so the
ratings listen for the event being saved as finished, and the tallies for
:data:`tournaments.signals.final_standings_stored`, rather than being called.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from tournaments.models import Event, EventStatus
from tournaments.signals import final_standings_stored

from .services import meta_tallies_store, ratings_after_event


@receiver(post_save, sender=Event, dispatch_uid="seasons_ratings_after_event")
def event_saved(sender, instance: Event, update_fields=None, **kwargs):
    if instance.status != EventStatus.FINISHED or (update_fields is not None and "status" not in update_fields):
        return
    pk = instance.pk
    transaction.on_commit(lambda: ratings_after_event(event=Event.objects.get(pk=pk)))


@receiver(final_standings_stored, dispatch_uid="seasons_faction_tallies")
def final_standings_saved(sender, events, **kwargs):
    meta_tallies_store(events=events)
