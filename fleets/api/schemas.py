"""What the fleets endpoints read and answer: the fleet file, cards, fleets and their versions, imports."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from ninja import Field, Schema
from pydantic import ConfigDict

from accounts.text_fields import CleanStr
from rules.attack_wing import interchange
from rules.attack_wing.catalog import KINDS, UPGRADE_TYPES

from ..selectors import MAX_SEARCH_RESULTS


class FleetFileShip(Schema):
    model_config = ConfigDict(extra="forbid")

    ship: str = Field(description="Ship card id, e.g. S273.")
    captain: str | None = Field(None, description="Captain card id; an admiral id here is played face down.")
    admiral: str | None = Field(None, description="Face-up admiral card id.")
    upgrades: list[str] = Field(default_factory=list, description="Upgrade, officer, construction card ids.")
    blind_booster: bool = False
    beneath: dict[str, list[str]] = Field(
        default_factory=dict,
        description="Cards placed face down at setup, by the id of the card of the ship they lie beneath: "
        '{"C114": ["T021"]}.',
    )


class FleetFile(Schema):
    """The fleet file: the same JSON as manage.py check_fleet reads and the site exports."""

    model_config = ConfigDict(extra="forbid")

    format: str | None = Field(None, description="Format key, e.g. wizkids-2016.")
    date: str | None = Field(None, description="Event date YYYY-MM-DD (resource retirement).")
    resources: list[str] = Field(default_factory=list, description="Resource card ids (at most one is legal).")
    ships: list[FleetFileShip]


def fleet_file_schema() -> dict:
    """FleetFile's JSON schema with the ship schema inlined (a local ``$ref`` would point at the API document)."""
    schema = FleetFile.model_json_schema()
    schema.pop("$defs")
    schema["properties"]["ships"]["items"] = FleetFileShip.model_json_schema()
    return schema


FLEET_FILE_BODY = {"requestBody": {"required": True, "content": {"application/json": {"schema": fleet_file_schema()}}}}


class CardOut(Schema):
    id: str = Field(alias="source_id")
    kind: str
    name: str
    cost: int
    factions: list[str]
    unique: bool
    ship_class: str
    upgrade_type: str


class CardQuery(Schema):
    q: CleanStr = Field("", max_length=100, description="Part of the card's name, or its exact id.")
    kind: CleanStr | None = Field(None, description=f"One of: {', '.join(KINDS)}.")
    faction: CleanStr | None = Field(None, description="Faction key, e.g. federation.")
    upgrade_type: CleanStr | None = Field(None, description=f"One of: {', '.join(UPGRADE_TYPES)}.")
    limit: int = Field(20, ge=1, le=MAX_SEARCH_RESULTS)


class VersionOut(Schema):
    number: int
    code: str
    total: int = Field(description="Its SP: as judged when it was submitted to an event, else as saved.")
    legal: bool
    created_at: datetime

    @staticmethod
    def resolve_total(version) -> int:
        return version.listed_total


class FleetOut(Schema):
    id: int
    name: str
    faction: str
    format: str
    locked: bool
    created_at: datetime
    updated_at: datetime
    version: VersionOut | None


class FleetDetailOut(FleetOut):
    content: dict[str, Any] | None = Field(description="The current version's fleet file.")
    report: dict[str, Any] | None = Field(
        description="The engine's report on it: as judged when it was submitted to an event, else for the fleet's "
        "format with today's cards."
    )
    priced_with: str | None = Field(None, description="The edition of the cards that priced the report.")


class FleetIn(Schema):
    name: CleanStr = Field(max_length=100)
    faction: CleanStr = Field("", max_length=40)
    format: CleanStr | None = Field(None, description="Format key; default: the content's, else the default format.")
    content: dict[str, Any] | None = Field(None, description="A fleet file; omit for an empty fleet.")


class FleetPatch(Schema):
    name: CleanStr | None = Field(None, max_length=100)
    faction: CleanStr | None = Field(None, max_length=40)
    format: CleanStr | None = None
    content: dict[str, Any] | None = Field(None, description="A fleet file: saved as the next version.")
    base: int | None = Field(None, description="The version number the change was made on; a newer one refuses it.")


IMPORT_BODY = {
    "requestBody": {
        "required": True,
        "description": (
            "A fleet in any format Muster reads: a Muster fleet file (JSON, below), a Space Dock squad file "
            "(JSON), a Utopia share link, Utopia's text or Tabletop Simulator export, Space Dock's text, "
            "or Muster's text export (as text/plain)."
        ),
        "content": {
            "application/json": {"schema": fleet_file_schema()},
            "text/plain": {"schema": {"type": "string", "maxLength": interchange.MAX_INPUT_BYTES}},
        },
    }
}


class ImportOut(Schema):
    """What an import recognised: ``rules.attack_wing.interchange.result_to_dict``."""

    format: str = Field(description=f"The format read: one of {', '.join(interchange.FORMATS)}.")
    name: str | None
    fleet: dict[str, Any] = Field(description="The fleet file the import makes.")
    complete: bool = Field(description="Every card of the source was recognised and placed.")
    source_total: int | None = Field(description="The fleet total the source printed, if it printed one.")
    source_ship_totals: list[int | None]
    total: int | None = Field(description="Muster's total for the fleet.")
    ship_totals: list[int] | None
    cards: list[dict[str, Any]] = Field(
        description="Card by card: status (matched, ambiguous, not_found, unplaced), role (ship, captain, admiral, "
        "upgrade, beneath, resource, sideboard for the Reinforcements Sideboard's cards, card when the source does "
        "not say), source (as written), id, name, ship, position, how, note, alternatives, candidates (for an "
        "ambiguous or near-miss line: each card it may mean with id, name, type, sets, factions, cost, chosen and "
        "fits), source_cost (printed by the source), cost (Muster's)."
    )
    problems: list[str]
    notes: list[str]


SourceFormat = Literal[interchange.FORMATS]  # type: ignore[valid-type]


class ImportQuery(Schema):
    name: CleanStr = Field("", max_length=100, description="The new fleet's name; default: the source's.")
    source_format: SourceFormat | None = Field(None, description="The body's format; default: detected.")
    squad: int = Field(0, ge=0, le=1000, description="Which squad of a Space Dock file (0 = the first).")
    preview: bool = Field(False, description="Only read the fleet and report what was recognised: nothing is saved.")


class FleetImportedOut(FleetDetailOut):
    imported: ImportOut = Field(description="What the import recognised, card by card.")
