"""The fleets part of the JSON API: catalog search, the owner's fleets, fleet sheets, and the
public STAW fleet check.

Scripts authenticate with a personal token (``Authorization: Bearer <token>``,
see :class:`~fleets.models.ApiToken`); the site's own pages use the session,
with Django's CSRF check on every write. A fleet the caller may not see is
404, exactly as on the site. The endpoints call the same services and
selectors as the pages, so a fleet changed here is versioned, checked and
locked the same way.

One router per resource, joined here: :mod:`.cards` (the catalog search), :mod:`.fleets`
(the caller's fleets and imports) and :mod:`.check` (the public fleet check); their
schemas are :mod:`.schemas`, the authentication :mod:`.auth`.
"""

from ninja import Router

from . import cards, check, fleets
from .auth import AUTH, BearerToken

router = Router(tags=["fleets"])
router.add_router("", cards.router)
router.add_router("", fleets.router)
router.add_router("", check.router)

__all__ = ["AUTH", "BearerToken", "router"]
