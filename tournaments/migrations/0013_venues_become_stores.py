"""Every event's free-text venue becomes a store, keeping what it can.

Venues are grouped by the text before their first comma, ignoring case and spaces
("Tiger's Claw, flight deck" and "tiger's claw, rec room" are one store, "Tiger's
Claw"); the rest of the first such venue becomes the store's address. The town is
not known, so it stays blank for an administrator to fill in. Whoever organized an
event there becomes an organizer of the store, so nobody loses an event they ran.
The venue text itself stays on each event: nothing typed is lost.
"""

from django.db import migrations


def store_name(venue: str) -> tuple[str, str]:
    name, _, rest = venue.partition(",")
    return " ".join(name.split()), " ".join(rest.split())


def venues_to_stores(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    Store = apps.get_model("stores", "Store")
    StoreRole = apps.get_model("stores", "StoreRole")
    stores = {}
    for event in Event.objects.filter(store__isnull=True).exclude(venue="").order_by("date", "pk"):
        name, address = store_name(event.venue)
        if not name:
            continue
        key = name.casefold()
        if key not in stores:
            stores[key] = Store.objects.filter(name__iexact=name, town="").first() or Store.objects.create(
                name=name[:120], address=address[:200]
            )
        store = stores[key]
        event.store = store
        event.save(update_fields=["store"])
        if not StoreRole.objects.filter(
            store=store, person_id=event.organizer_id, role="organizer", ended_at__isnull=True
        ).exists():
            StoreRole.objects.create(store=store, person_id=event.organizer_id, role="organizer")


def stores_to_venues(apps, schema_editor):
    """Back: events forget their store (their venue text was never changed)."""
    apps.get_model("tournaments", "Event").objects.update(store=None)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0012_event_store"),
        ("stores", "0001_stores_and_their_people"),
    ]

    operations = [migrations.RunPython(venues_to_stores, stores_to_venues)]
