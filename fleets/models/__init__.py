"""The fleets app's models, one module per concern."""

from .api_token import ApiToken  # noqa: F401
from .card_database import CardDatabase  # noqa: F401
from .catalog import Admiral, Captain, Card, CardSet, Resource, Ship, Upgrade  # noqa: F401
from .collection import OwnedExpansion  # noqa: F401
from .deck import Deck  # noqa: F401
from .fleet import Fleet, FleetVersion, SharedVersion  # noqa: F401
from .judged_price import JudgedPrice  # noqa: F401
