"""Forms of the fleet pages, by subject: the builder's changes (``builder``), a fleet's own details
(``fleet``), and lists read from a file or text to import or check (``sources``)."""

from .builder import (
    BENEATH_SLOT,
    BUILDER_FORMS,
    EXPORT_CHOICES,
    SLOT_CHOICES,
    SLOTS,
    CardSearchForm,
    DraftForm,
    JudgeDayForm,
    ResourceForm,
)
from .fleet import ApiTokenForm, FleetDetailsForm, RenameForm, VerifyCodeForm
from .sources import CheckForm, CheckSheetForm, FleetImportForm, FleetSourceForm, ImportConfirmForm, PickForm

__all__ = [
    "BENEATH_SLOT",
    "BUILDER_FORMS",
    "EXPORT_CHOICES",
    "SLOT_CHOICES",
    "SLOTS",
    "ApiTokenForm",
    "CardSearchForm",
    "CheckForm",
    "CheckSheetForm",
    "PickForm",
    "DraftForm",
    "FleetDetailsForm",
    "FleetImportForm",
    "FleetSourceForm",
    "ImportConfirmForm",
    "JudgeDayForm",
    "RenameForm",
    "ResourceForm",
    "VerifyCodeForm",
]
