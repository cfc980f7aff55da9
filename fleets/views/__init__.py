"""The fleet pages: my fleets, the builder, the card finder and card pages, a player's collection, exports and
the public verification page."""

from .builder import (
    fleet_builder,
    fleet_card_search,
    fleet_discard,
    fleet_edit,
    fleet_edit_details,
    fleet_save,
    fleet_undo,
)
from .cards import card_detail, card_finder, collection, collection_export
from .checker import public_check, public_check_sheet
from .exports import (
    fleet_export_json,
    fleet_export_text,
    fleet_export_utopia_link,
    fleet_export_utopia_text,
    fleet_sheet,
)
from .fleets import (
    fleet_create,
    fleet_delete,
    fleet_duplicate,
    fleet_history,
    fleet_import,
    fleet_list,
    fleet_rename,
)
from .share import fleet_share, fleet_unshare, shared_fleet
from .tokens import api_token_revoke, api_tokens
from .verify import fleet_verify, fleet_verify_code

__all__ = [
    "api_token_revoke",
    "api_tokens",
    "card_detail",
    "card_finder",
    "collection",
    "collection_export",
    "fleet_builder",
    "fleet_card_search",
    "fleet_create",
    "fleet_delete",
    "fleet_discard",
    "fleet_duplicate",
    "fleet_edit",
    "fleet_edit_details",
    "fleet_export_json",
    "fleet_export_text",
    "fleet_export_utopia_link",
    "fleet_export_utopia_text",
    "fleet_history",
    "fleet_import",
    "fleet_list",
    "fleet_rename",
    "fleet_save",
    "fleet_share",
    "fleet_undo",
    "fleet_unshare",
    "fleet_sheet",
    "fleet_verify",
    "fleet_verify_code",
    "public_check",
    "public_check_sheet",
    "shared_fleet",
]
