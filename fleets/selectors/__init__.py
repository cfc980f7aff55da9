"""Reads for the fleets app, by subject; every public name is importable from ``fleets.selectors``.

- :mod:`.catalog`: :func:`~.catalog.load_catalog` hands the engine the whole card catalog as its
  own records; the API's card search; faction names.
- :mod:`.card_index`: the card finder (search, filters, sorting, pages) of the builder and the catalog pages.
- :mod:`.card_view`: what a card's page shows beside its text (stats, dial, actions, cost rules).
- :mod:`.collection`: the expansions a player owns.
- :mod:`.builder`: what the fleet builder shows one viewer (the working copy, its slots, its share link).
- :mod:`.checks`: a fleet's content read and checked, ready to show or print.
- :mod:`.dates`: the day the builder judges a fleet on, and the resources retired by then.
- :mod:`.fleets`: a player's fleets and a fleet's history.
- :mod:`.prices`: the price of a version, as judged when it was submitted (the one answer every output gives).
- :mod:`.other_builders`: Utopia and Space Dock: their card database, an import's preview, exports.
"""

from .builder import (
    BuilderPage,
    SlotOffer,
    builder_page,
    share_refusal,
    slot_offers,
    working_content,
    working_format,
)
from .catalog import (
    MAX_SEARCH_RESULTS,
    UPGRADE_TYPE_LABELS,
    card_search,
    catalog_factions,
    faction_choices,
    faction_label,
    load_catalog,
)
from .checks import (
    FLEET_FILE_KEYS,
    CardLine,
    FleetCheck,
    ShipLines,
    card_type_label,
    content_fleet,
    fleet_check,
    resource_choices,
)
from .dates import JudgedOn, builder_date, retired_resources, table_retirement_words
from .fleets import HistoryRow, fleet_history, history_rows, user_fleets
from .other_builders import (
    FleetUnreadable,
    ImportPreview,
    ImportRow,
    catalog_edition,
    catalog_source,
    held_catalog,
    read_import,
    reference_catalogs,
    utopia_export,
)
from .prices import PriceToday, VersionPrice, price_today, version_price

__all__ = [
    "BuilderPage",
    "SlotOffer",
    "builder_page",
    "share_refusal",
    "slot_offers",
    "working_content",
    "working_format",
    "FleetUnreadable",
    "CardLine",
    "FLEET_FILE_KEYS",
    "FleetCheck",
    "ImportPreview",
    "ImportRow",
    "PriceToday",
    "VersionPrice",
    "JudgedOn",
    "MAX_SEARCH_RESULTS",
    "ShipLines",
    "UPGRADE_TYPE_LABELS",
    "builder_date",
    "card_search",
    "card_type_label",
    "catalog_factions",
    "catalog_edition",
    "catalog_source",
    "held_catalog",
    "content_fleet",
    "faction_choices",
    "faction_label",
    "fleet_check",
    "fleet_history",
    "HistoryRow",
    "history_rows",
    "load_catalog",
    "price_today",
    "read_import",
    "reference_catalogs",
    "resource_choices",
    "retired_resources",
    "table_retirement_words",
    "user_fleets",
    "utopia_export",
    "version_price",
]
