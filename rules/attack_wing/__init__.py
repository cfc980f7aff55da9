"""Star Trek: Attack Wing: card catalogs, fleet legality, costs and match scoring.

Public names (the site uses only these):

- ``read_catalog(data, source=None) -> Catalog``, ``CatalogFormatError``
- ``validate_fleet(fleet, catalog, fmt, on=None, banned=None) -> Report``
- ``Fleet``, ``FleetShip``, ``ResourceOption``, ``Report``, ``Violation``, ``FleetInputError``, ``VIOLATION_CODES``
- ``Format``, ``FORMATS``, ``get_format``, ``DEFAULT_FORMAT``
- ``parse_fleet``, ``fleet_to_dict``, ``canonical_json``, ``report_to_dict``, ``report_from_dict``, ``FleetFileError``
- ``fleet_points``, ``bye``, ``FleetPoints``
- ``restriction_coverage(catalog) -> list[CoverageLine]``, ``coverage_summary``
"""

from rules.attack_wing.catalog import Card, CardSet, Catalog, Restriction, Skipped
from rules.attack_wing.coverage import CoverageLine, coverage_summary, restriction_coverage
from rules.attack_wing.engine import validate_fleet
from rules.attack_wing.fleet import (
    VIOLATION_CODES,
    BarSlot,
    CardCost,
    Fleet,
    FleetInputError,
    FleetShip,
    Report,
    ResourceCost,
    ResourceOption,
    ShipReport,
    Violation,
)
from rules.attack_wing.fleet_file import (
    FleetFileError,
    canonical_json,
    fleet_to_dict,
    parse_fleet,
    report_from_dict,
    report_to_dict,
)
from rules.attack_wing.formats import DEFAULT_FORMAT, FORMATS, Format, get_format
from rules.attack_wing.scoring import FleetPoints, bye, fleet_points
from rules.attack_wing.sources import CatalogFormatError, read_catalog

__all__ = [
    "DEFAULT_FORMAT",
    "FORMATS",
    "VIOLATION_CODES",
    "Card",
    "BarSlot",
    "CardCost",
    "CardSet",
    "Catalog",
    "CatalogFormatError",
    "CoverageLine",
    "Fleet",
    "FleetFileError",
    "FleetInputError",
    "FleetPoints",
    "FleetShip",
    "Format",
    "Report",
    "ResourceCost",
    "ResourceOption",
    "Restriction",
    "ShipReport",
    "Skipped",
    "Violation",
    "bye",
    "canonical_json",
    "coverage_summary",
    "fleet_points",
    "fleet_to_dict",
    "get_format",
    "parse_fleet",
    "read_catalog",
    "report_from_dict",
    "report_to_dict",
    "restriction_coverage",
    "validate_fleet",
]
