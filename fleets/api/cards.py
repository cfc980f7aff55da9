"""The STAW card catalog's search: public, no login."""

from __future__ import annotations

from ninja import Query, Router

from ..selectors import card_search
from .schemas import CardOut, CardQuery

router = Router()


@router.get("/cards", response=list[CardOut], auth=None, summary="Search the STAW card catalog")
def cards(request, query: Query[CardQuery]):
    return card_search(
        query=query.q, kind=query.kind, faction=query.faction, upgrade_type=query.upgrade_type, limit=query.limit
    )
