"""The stores part of the JSON API: the store list with its search, and one store's details.

A store's events are the events API's (``/api/events?store=<id>``): the store knows nothing of events.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from ninja import Field, Query, Router, Schema
from ninja.errors import HttpError

from accounts.api_schemas import Problem
from accounts.text_fields import CleanStr

from . import selectors
from .models import Store

router = Router(tags=["stores"])


class StoreOut(Schema):
    id: int
    name: str
    town: str
    address: str
    website: str
    timezone: str


class StoreSearch(Schema):
    q: CleanStr = Field("", max_length=120, description="Words of the store's name.")
    town: CleanStr = Field("", max_length=100, description="Words of the store's town.")


def store_out(store: Store) -> dict:
    return {
        "id": store.pk,
        "name": store.name,
        "town": store.town,
        "address": store.address,
        "website": store.website,
        "timezone": store.timezone,
    }


@router.get("/stores", response=list[StoreOut], summary="Stores, found by name and town")
def store_list(request, search: Query[StoreSearch]):
    """Every store (the first 100) whose name and town hold the words given, ignoring case, as on the store list."""
    return [store_out(store) for store in selectors.store_search(query=search.q, town=search.town)]


@router.get("/stores/{store_id}", response={200: StoreOut, 404: Problem}, summary="A store")
def store_detail(request, store_id: int):
    store = Store.objects.filter(pk=store_id).first()
    if store is None:
        raise HttpError(404, _("No such store."))
    return store_out(store)
