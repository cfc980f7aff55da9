"""Tournament formats as data: the numbers an organizer can change, with the WizKids presets.

Sources: seed 003 "Suggested tournament format" (2016, 130 points, Blind Booster 40 + 90,
resource retirement table) and the 2014 FAQ "Suggested tournament format" (120 points,
Blind Booster 30 + 90, no retirement table). A custom format is a dict an organizer
saves in the site; :meth:`Format.from_dict` checks it field by field.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from rules.translation import gettext_noop

HEAVY_UPGRADE_TYPES = ("crew", "tech", "weapon", "talent", "borg")


@dataclass(frozen=True, slots=True)
class Format:
    """Fleet-building limits. ``None`` for a limit means "no limit"."""

    key: str
    name: str
    fleet_limit: int = 130
    min_ships: int = 3
    ship_limit: int | None = 50
    # A ship whose printed cost is at least ``heavy_ship_base`` may exceed ``ship_limit`` through
    # its captain, admiral and up to ``heavy_ship_allowance`` SP of upgrades of HEAVY_UPGRADE_TYPES.
    heavy_ship_base: int | None = 43
    heavy_ship_allowance: int = 8
    max_oversized: int | None = 1
    blind_booster_points: int = 40  # reserved out of fleet_limit for the Blind Booster; 0: no booster
    max_resources: int | None = 1
    resource_retirement: bool = True
    retirement_months: int = 18  # for a resource missing from the table: retired this long after release
    max_admirals: int = 1  # face-up admirals
    banned_resources: tuple[str, ...] = ()  # resource ids or names the venue bans (Resources rule 2)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Format:
        """Build a format from plain data, refusing unknown keys and wrongly typed values."""
        if not isinstance(data, dict):
            raise ValueError("a format must be an object")
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(data) - known.keys())
        if unknown:
            raise ValueError(f"unknown format field(s): {', '.join(unknown)}")
        for required in ("key", "name"):
            if not isinstance(data.get(required), str) or not data[required].strip():
                raise ValueError(f"format field '{required}' must be a non-empty text")
        for name, value in data.items():
            if name in ("key", "name"):
                continue
            if name == "banned_resources":
                if not isinstance(value, list | tuple) or not all(isinstance(v, str) and v.strip() for v in value):
                    raise ValueError("format field 'banned_resources' must be a list of resource ids or names")
                continue
            if name == "resource_retirement":
                if not isinstance(value, bool):
                    raise ValueError("format field 'resource_retirement' must be true or false")
                continue
            optional = name in ("ship_limit", "heavy_ship_base", "max_oversized", "max_resources")
            if value is None and optional:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"format field '{name}' must be a whole number of 0 or more")
        made = cls(**{**data, "banned_resources": tuple(data.get("banned_resources", ()))})
        if made.blind_booster_points > made.fleet_limit:
            raise ValueError("the Blind Booster reserve cannot exceed the fleet limit")
        return made

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["banned_resources"] = list(self.banned_resources)
        return data


# The presets' names are marked for the catalog; a page shows them through gettext (a format read from data
# keeps the name it was given).
WIZKIDS_2016 = Format(key="wizkids-2016", name=gettext_noop("WizKids Organized Play 2016 (130 points)"))
WIZKIDS_2014 = Format(
    key="wizkids-2014",
    name=gettext_noop("WizKids Organized Play 2014 (120 points)"),
    fleet_limit=120,
    blind_booster_points=30,
    resource_retirement=False,
    max_oversized=None,  # the 2014 FAQ has no one-oversized-base rule
)

FORMATS: dict[str, Format] = {f.key: f for f in (WIZKIDS_2016, WIZKIDS_2014)}
DEFAULT_FORMAT = WIZKIDS_2016.key


def get_format(key: str) -> Format:
    """The preset called ``key``; ``KeyError`` names the known keys."""
    try:
        return FORMATS[key]
    except KeyError:
        raise KeyError(f"unknown format {key!r}; known formats: {', '.join(FORMATS)}") from None
