"""Problems in words: each violation a sentence naming its cards (never their ids), the rule's code a
small label beside it, and the count of the Legal badge ("2 problems") listing every one of them.

The uniqueness rule is seed 003's (docs/attack-wing-rules.md, DUPLICATE_UNIQUE): its message names the
card the fleet already has by its id, which the pages and sheets turn into the card's name.
"""

import re

import pytest
from django.urls import reverse

from fleets.sheets import render_fleet_text
from fleets.violation_words import Problem, in_words, sentence
from tests.fleets.factories import saved_fleet
from tests.snapshots import load_real_catalog

NAMES = {"Cap051": "William T. Riker", "S273": "Federation Starship"}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "William T. Riker on Ship 2 (U.S.S. Titan) is unique and the fleet already has a unique card "
            "of that name (Cap051).",
            "William T. Riker on Ship 2 (U.S.S. Titan) is unique and the fleet already has a unique card "
            "of that name (William T. Riker).",
        ),
        ("ship 1: Cap051 (William T. Riker) is a captain card", "ship 1: William T. Riker is a captain card"),
        ("The fleet costs 131 SP (5) over (Cap999).", "The fleet costs 131 SP (5) over (Cap999)."),
        ("ship 1: Cap051 (Data) is a captain card", "ship 1: Cap051 (Data) is a captain card"),
    ],
)
def test_a_message_names_cards_where_it_carried_their_ids(message, expected):
    """Only ids the catalog knows change; an id followed by another card's name is left as written."""
    assert sentence(message, NAMES) == expected


def test_texts_and_codes_come_through_and_print_with_the_code_after():
    assert [str(problem) for problem in in_words(["Pick a fleet."])] == ["Pick a fleet."]
    assert str(Problem("The fleet has 2 ship(s); it needs at least 3.", "TOO_FEW_SHIPS")) == (
        "The fleet has 2 ship(s); it needs at least 3. (TOO_FEW_SHIPS)"
    )


@pytest.fixture
def two_rikers(db, utopia_path):
    """Seed 003's 130 SP base fleet with a second William T. Riker (Cap655) as ship 2's captain: two
    unique cards of one name (DUPLICATE_UNIQUE), and a ship over its limit or the fleet over its own."""
    load_real_catalog(origin=str(utopia_path))
    content = {
        "format": "wizkids-2016",
        "ships": [
            {"ship": "S273", "captain": "Cap049", "upgrades": ["T259", "W202", "C462", "C469"]},
            {"ship": "S363", "captain": "Cap655", "upgrades": ["T259", "T149", "W202", "C464", "C474"]},
            {"ship": "S341", "captain": "Cap051", "upgrades": ["W202", "W159", "W158"]},
        ],
    }
    return saved_fleet(None, content=content)


def problems_list(page: str) -> list[str]:
    block = re.search(r'<ul[^>]*id="fleet-problems"[^>]*>(.*?)</ul>', page, re.S)
    assert block, "no list of the fleet's problems"
    return re.findall(r'<li class="violation">(.*?)</li>', block.group(1), re.S)


def test_the_builder_lists_every_problem_by_card_name_with_the_code_small(client, two_rikers):
    fleet = two_rikers
    client.force_login(fleet.owner)
    page = client.get(reverse("fleets:detail", args=[fleet.pk])).text
    count = int(re.search(r"Not legal: (\d+) problems?", page).group(1))
    items = problems_list(page)
    assert count >= 1 and len(items) == count  # the badge's count, every problem listed under it
    unique = next(item for item in items if "DUPLICATE_UNIQUE" in item)
    assert "William T. Riker" in unique and "Cap051" not in unique and "Cap655" not in unique
    assert '<small class="text-body-secondary violation-code">DUPLICATE_UNIQUE</small>' in unique
    assert not re.search(r"\(Cap\d+\)", page)


def test_the_text_export_names_the_cards_too(two_rikers):
    text = render_fleet_text(version=two_rikers.current_version)
    [problems] = [line for line in text.splitlines() if line.startswith("Not legal")]  # the cards carry ids, not it
    assert "of that name (William T. Riker). (DUPLICATE_UNIQUE)" in problems and "Cap051" not in problems
