"""Hostile input for hypothesis: text, JSON, files and form posts as an attacker would send them.

Not random noise only: the strategies mix the names and shapes the site expects
(fleet file keys, card ids of the catalog, form field names) with wrong types,
markup, control characters, huge numbers and deep nesting, so the input gets past
the first check and reaches the code behind it.
"""

from __future__ import annotations

import json

from hypothesis import strategies as st

PAYLOADS = [
    "",
    " ",
    "\x00",
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "javascript:alert(1)",
    "'; DROP TABLE fleets_fleet; --",
    "%s%s%n{0}{}",
    "../../../../etc/passwd",
    "\u202e\ufeff\u200b",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🚀",
    "9" * 400,
    "-1",
    "1e309",
    "NaN",
    "null",
    "[]",
    "{}",
    "x" * 5000,
]

text = st.one_of(st.sampled_from(PAYLOADS), st.text(max_size=40))
numbers = st.one_of(st.integers(), st.integers(min_value=-(10**30), max_value=10**30), st.floats())

FLEET_KEYS = ["format", "date", "resources", "ships", "ship", "captain", "admiral", "upgrades", "blind_booster"]
DECK_KEYS = ["game", "side", "race", "cards", "ships", "units", "name", "count", "muster", "hand", "budget"]


def json_values(keys: list[str], leaves: st.SearchStrategy | None = None) -> st.SearchStrategy:
    """Any JSON value, its objects keyed mostly by ``keys`` (and some junk)."""
    scalars = st.one_of(st.none(), st.booleans(), numbers, text, *([leaves] if leaves is not None else []))
    return st.recursive(
        scalars,
        lambda children: st.one_of(
            st.lists(children, max_size=5),
            st.dictionaries(st.one_of(st.sampled_from(keys), text), children, max_size=6),
        ),
        max_leaves=20,
    )


def fleet_files(card_ids: list[str]) -> st.SearchStrategy:
    """Fleet-file shaped dicts with real card ids in wrong places, and anything else JSON allows."""
    ids = st.sampled_from(card_ids) if card_ids else text
    ship = st.fixed_dictionaries(
        {"ship": st.one_of(ids, text, numbers)},
        optional={
            "captain": st.one_of(ids, st.none(), numbers),
            "admiral": st.one_of(ids, st.none()),
            "upgrades": st.one_of(st.lists(ids, max_size=8), text, st.none()),
            "blind_booster": st.one_of(st.booleans(), text),
        },
    )
    fleet = st.fixed_dictionaries(
        {"ships": st.one_of(st.lists(ship, max_size=6), json_values(FLEET_KEYS))},
        optional={
            "format": st.one_of(st.sampled_from(["wizkids-2016", "wizkids-2014", "nope"]), text, numbers),
            "date": st.one_of(st.sampled_from(["2016-01-01", "2099-13-45"]), text, numbers),
            "resources": st.one_of(st.lists(ids, max_size=3), text),
        },
    )
    return st.one_of(fleet, json_values(FLEET_KEYS, ids))


def as_bytes(values: st.SearchStrategy) -> st.SearchStrategy:
    """JSON documents of ``values``, raw bytes, and what no JSON reader should choke on."""
    return st.one_of(
        values.map(lambda value: json.dumps(value).encode()),
        st.binary(max_size=200),
        st.sampled_from(
            [
                b"[" * 100_000,
                b'{"ships": ' * 5_000,
                b"1" * 5_000,
                b'{"ships": [], "ships": [{"ship": 1}]}',
                "\ufeff{}".encode(),
                b"\xff\xfe{\x00}\x00",
            ]
        ),
    )


FORM_FIELDS = [
    "name", "faction", "format_key", "text", "q", "search", "base", "ship", "card", "role", "slot",
    "position", "blind_booster", "resource", "username", "fleet", "winner", "lost_1", "lost_2",
    "battle_points_1", "battle_points_2", "first", "second", "allow_rematch", "checked_in", "granted",
    "action", "confirm", "game", "game_format", "side", "count", "chosen", "event", "date", "venue",
    "planned_rounds", "round_minutes", "submission_deadline", "lists_public", "top_cut", "judges",
    "win_points", "tie_points", "loss_points", "attack-wing-bye_fleet_points", "attack-wing-fleet_point_base",
    "tiebreaks", "attack-wing-banned_resources", "attack-wing-resource_rule",
    "email", "password1", "password2", "club", "player_cap", "entry_fee", "prize_support", "paid",
]  # fmt: skip

form_values = st.one_of(text, numbers.map(str), st.lists(text, min_size=1, max_size=3))

form_posts = st.dictionaries(st.one_of(st.sampled_from(FORM_FIELDS), text), form_values, max_size=8)
