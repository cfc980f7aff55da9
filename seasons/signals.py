"""A finished event updates its game's ratings once the finishing transaction commits.

The tournaments app knows nothing of seasons (the import layers forbid it), so the
ratings listen for the event being saved as finished rather than being called.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from tournaments.models import Event, EventStatus

from .services import ratings_after_event


@receiver(post_save, sender=Event, dispatch_uid="seasons_ratings_after_event")
def event_saved(sender, instance: Event, update_fields=None, **kwargs):
    if instance.status != EventStatus.FINISHED or (update_fields is not None and "status" not in update_fields):
        return
    pk = instance.pk
    transaction.on_commit(lambda: ratings_after_event(event=Event.objects.get(pk=pk)))
