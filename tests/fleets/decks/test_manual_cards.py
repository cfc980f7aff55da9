"""The Wing Commander cards seeded from the manual's examples (seed 001) say only what the manual says."""

import re

import pytest

from games.wing_commander.models import WingCommanderCard
from tests.conftest import DOCUMENTS_ABSENT, SEEDS_DIR

MANUAL = SEEDS_DIR / "001_81b2e807a363bebf.txt"
pytestmark = pytest.mark.django_db


def test_the_examples_cards_are_in_the_catalog():
    cards = {card.name: card for card in WingCommanderCard.objects.all()}
    assert {"Arrow", "Darket", "Maniac", "Stealth Technology", "Kickstop", "Tail Shot Off", "Excalibur"} <= set(cards)
    # "Example: an Arrow has a Mustering Cost of 2." / "Four Darkets at 1 point each."
    assert (cards["Arrow"].side, cards["Arrow"].card_type, cards["Arrow"].mustering_cost) == ("terran", "fighter", 2)
    assert (cards["Darket"].side, cards["Darket"].mustering_cost, cards["Darket"].medal_cost) == ("kilrathi", 1, 0)
    # "requires 4 Power Points nad 1 Medal Point" -- and no word of its side.
    stealth = cards["Stealth Technology"]
    assert (stealth.side, stealth.card_type, stealth.mustering_cost, stealth.medal_cost) == ("", "weapon", 4, 1)
    # Maneuver cards have no mustering cost at all; the manual gives no pilot cost for Maniac.
    assert cards["Kickstop"].mustering_cost is None and cards["Maniac"].mustering_cost is None


@pytest.mark.skipif(not MANUAL.exists(), reason=DOCUMENTS_ABSENT)
def test_every_quote_in_the_notes_is_the_manuals_own_text():
    manual = " ".join(MANUAL.read_text().split())
    quotes = [
        (card.name, quote) for card in WingCommanderCard.objects.all() for quote in re.findall(r"“(.+?)”", card.notes)
    ]
    assert len(quotes) >= 16
    missing = [(name, quote) for name, quote in quotes if " ".join(quote.split()) not in manual]
    assert not missing
    assert all(card.notes for card in WingCommanderCard.objects.all())
