"""The stores of ``seed_demo``: two stores, each with its own organizer and judge, safe to run again."""

from __future__ import annotations

from collections.abc import Callable

from .models import Store, StoreRoleKind
from .services import store_appoint, store_create

# (name, town, address, web page, organizer account, judge account)
DEMO_STORES = (
    (
        "Promenade Games",
        "Deep Space Nine",
        "Promenade, upper level",
        "https://example.org/promenade",
        "organizer",
        "judge",
    ),
    ("Starbase Hobbies", "Yorktown", "Ring 4, bay 12", "", "organizer2", "judge2"),
)


def demo(*, accounts: dict, log: Callable[[str], None]) -> list[Store]:
    """The demo stores, in the order of :data:`DEMO_STORES`; each made once, with its organizer and judge."""
    stores = []
    for name, town, address, website, organizer, judge in DEMO_STORES:
        store = Store.objects.filter(name=name, town=town).first()
        if store is None:
            store = store_create(
                name=name,
                town=town,
                address=address,
                website=website,
                first_organizer=accounts[organizer],
                by=accounts[organizer],
            )
            store_appoint(store=store, person=accounts[judge], role=StoreRoleKind.JUDGE, by=accounts[organizer])
            log(f"Opened the demo store {name!r}: {organizer} organizes it, {judge} judges.")
        stores.append(store)
    return stores
