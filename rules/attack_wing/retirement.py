"""When a resource leaves Organized Play (seed 003, "Resources" rule 4 and its table).

"Resources are retired from Organized Play on the 1st of the month shown in the table."
The table names resources as WizKids printed them ("Emergency Power Resource", "Fleet
Captain Cards", "Master Strategist Tokens"); the card databases name them differently
("Emergency Power", "Fleet Captain", "Master Strategist Tokens (MST)"). Both sides go
through :func:`resource_key`, and every row is tested against both real databases.

Every row of the table retires a resource 18 months after its release month. A resource
released after the table was printed is retired the same way from its earliest set's
release date; such a date is reported as derived.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

# (name as printed in the table, released (year, month), retired (year, month))
RETIREMENT_TABLE: tuple[tuple[str, tuple[int, int], tuple[int, int]], ...] = (
    ("Elite Attack Die", (2013, 9), (2015, 3)),
    ("Command Tokens", (2013, 10), (2015, 4)),
    ("Reinforcement Sideboard", (2013, 11), (2015, 5)),
    ("Flagship Cards", (2013, 12), (2015, 6)),
    ("Hideki Class Attack Fighters", (2014, 2), (2015, 8)),
    ("Federation Attack Fighters", (2014, 3), (2015, 9)),
    ("Skilled Helmsman", (2014, 4), (2015, 10)),
    ("Chief Engineer", (2014, 5), (2015, 11)),
    ("Counter Attack Die", (2014, 6), (2015, 12)),
    ("Fleet Captain Cards", (2014, 7), (2016, 1)),
    ("Officer Cards", (2014, 8), (2016, 2)),
    ("Improved Shields", (2014, 9), (2016, 3)),
    ("Advanced Targeting Systems", (2014, 10), (2016, 4)),
    ("High Yield Photon Torpedoes", (2014, 11), (2016, 5)),
    ("Officer Exchange Program", (2015, 1), (2016, 7)),
    ("Master Strategist Tokens", (2015, 3), (2016, 9)),
    ("Evasive Action Template", (2015, 4), (2016, 10)),
    ("Damage Control Team Cards", (2015, 5), (2016, 11)),
    ("Ready Room Card", (2015, 6), (2016, 12)),
    ("Emergency Force Fields", (2015, 7), (2017, 1)),
    ("Condition Alert", (2015, 8), (2017, 2)),
    ("Sabotage", (2015, 9), (2017, 3)),
    ("Protocol Resource", (2015, 10), (2017, 4)),
    ("Advanced Technology Resource", (2015, 11), (2017, 5)),
    ("Main Power Grid Resource", (2015, 12), (2017, 6)),
    ("Tactics", (2016, 1), (2017, 7)),
    ("Structural Damage Check", (2016, 2), (2017, 8)),
    ("General Orders Resource", (2016, 3), (2017, 9)),
    ("Emergency Power Resource", (2016, 4), (2017, 10)),
    ("Improved Hull Resource", (2016, 6), (2017, 12)),
)

# Words the two naming schemes add or drop without changing which resource is meant.
_NOISE_WORDS = frozenset({"resource", "card", "cards"})


def resource_key(name: str) -> str:
    """A resource name reduced to what identifies it.

    Lower-cased; a parenthesised abbreviation ("(MST)"), punctuation and the words
    "resource"/"card(s)" dropped; plural "s" trimmed from each word, so "Reinforcement
    Sideboard" meets "Reinforcements Sideboard" and "Emergency Force Fields" meets
    "Emergency Force Field".
    """
    text = re.sub(r"\([^)]*\)", " ", name.lower())
    words = re.findall(r"[a-z0-9]+", text.replace("'", ""))
    return " ".join(w.removesuffix("s") if len(w) > 3 else w for w in words if w not in _NOISE_WORDS)


@dataclass(frozen=True, slots=True)
class Retirement:
    """The first day a resource is no longer legal, and where that date comes from."""

    retired_on: date
    table_name: str | None  # the table row used, or None when derived from the release date

    @property
    def derived(self) -> bool:
        return self.table_name is None


_TABLE_BY_KEY = {resource_key(name): (name, date(*retired, 1)) for name, _released, retired in RETIREMENT_TABLE}


def add_months(day: date, months: int) -> date:
    """The first day of the month ``months`` after ``day``'s month."""
    index = day.year * 12 + day.month - 1 + months
    return date(index // 12, index % 12 + 1, 1)


def retirement_for(name: str, released: date | None, months: int) -> Retirement | None:
    """When the resource called ``name`` retires; None when it is not in the table and has no release date."""
    row = _TABLE_BY_KEY.get(resource_key(name))
    if row is not None:
        return Retirement(retired_on=row[1], table_name=row[0])
    if released is None:
        return None
    return Retirement(retired_on=add_months(released, months), table_name=None)
