"""A store as an event export names it, and finding or opening that store when the file is imported.

An export carries the store's details (not its id, which means nothing on another site); the
import finds the store of the same name in the same town (ignoring case, as the store list does),
or opens it with those details. Who runs an event at a store is the store's business, so the
event's organizer must organize the store already when it exists (the events' rule,
``tournaments.services.event_rules.store_refusal``).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from .models import Store

DETAILS = ("name", "town", "address", "website", "timezone", "language")


def store_to_dict(store: Store | None) -> dict | None:
    """The store's details as an export writes them; ``None`` for an event held at no store."""
    if store is None:
        return None
    return {name: getattr(store, name) for name in DETAILS}


def store_from_dict(data: object) -> tuple[Store | None, list[str]]:
    """The unsaved store a file describes (``None`` for ``null``), and what is wrong with it, one line each.

    A file that names a store this site has gets that store back, saved; otherwise the returned
    store is new and unsaved, its details checked as the store form checks them.
    """
    if data is None:
        return None, []
    if not isinstance(data, dict):
        return None, [_("must be an object with the store's name and town, or null")]
    unknown = sorted(set(data) - set(DETAILS))
    if unknown:
        return None, [_("has keys a store does not have: %(keys)s") % {"keys": ", ".join(unknown)}]
    if not all(isinstance(value, str) for value in data.values()):
        return None, [_("every detail of a store must be text")]
    if any("\x00" in value for value in data.values()):
        return None, [_("holds a NUL character")]
    existing = Store.objects.filter(name__iexact=data.get("name", ""), town__iexact=data.get("town", "")).first()
    if existing is not None:
        return existing, []
    store = Store(**data)
    try:
        store.full_clean(validate_constraints=False)
    except ValidationError as error:
        return None, [f"{name}: {' '.join(messages)}" for name, messages in error.message_dict.items()]
    return store, []
