"""The deck pages list every problem their Legal badge counts, each in words with its code small beside it."""

import re

import pytest
from django.urls import reverse

from fleets.decks.services import deck_add_card, deck_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def thin_deck(player, arrow):
    """Two Arrows: seed 001, play deck restriction 1, a deck holds at least 40 cards."""
    return deck_add_card(
        deck=deck_create(owner=player, game="wing-commander", name="Thin", side="terran"), card=arrow, count=2
    )


@pytest.mark.parametrize("page", ["fleets:decks:list", "fleets:decks:builder"])
def test_the_count_of_problems_lists_each_of_them(client, thin_deck, page):
    client.force_login(thin_deck.owner)
    args = [thin_deck.pk] if page.endswith("builder") else []
    html = client.get(reverse(page, args=args)).text
    count = int(re.search(r"Not legal: (\d+) problems?", html).group(1))
    block = re.search(r'<ul[^>]*aria-label="Every problem with[^"]*"[^>]*>(.*?)</ul>', html, re.S).group(1)
    items = re.findall(r'<li class="violation">(.*?)</li>', block, re.S)
    assert len(items) == count
    assert any('<small class="text-body-secondary violation-code">DECK_TOO_SMALL</small>' in item for item in items)
