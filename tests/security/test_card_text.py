"""Card text is hostile input (the browser proof is ``tests/e2e/test_hostile_card_text.py``).

The filter's own allow-list tests are ``tests/fleets/test_catalog_card_text.py``;
these add what an attacker who controls a card database would try next.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from fleets.services import fleet_create
from fleets.templatetags.card_text import ALLOWED_TAGS, card_html
from tests.fleets.factories import ShipFactory
from tests.security.hostile import PAYLOADS

MARKUP = st.lists(
    st.sampled_from(["<", ">", '"', "'", "=", "img", "script", "a", "href", "on", "error", "title", "src", " ", "/"])
    | st.sampled_from(PAYLOADS),
    max_size=30,
).map("".join)


def test_words_inside_an_event_handler_never_become_an_icon_label():
    """``title = 'x'`` inside an ``onerror`` is part of that attribute's value, not a title."""
    assert card_html("""<img src=x onerror="document.title = 'pwned'">Fire""") == "Fire"
    assert card_html("""<img onerror='a title="pwned"' title="Klingon">""") == "<em>Klingon</em>"


class Tags(HTMLParser):
    """Every start tag of a piece of HTML, with its attributes, as a browser's parser reads them."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.found: list[tuple[str, list]] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, attrs))


@given(text=MARKUP)
def test_no_markup_soup_comes_out_with_an_attribute_or_an_active_tag(text):
    for tag, attributes in Tags(card_html(text)).found:
        assert tag in ALLOWED_TAGS and attributes == [], (tag, attributes)


@pytest.mark.django_db
def test_the_builder_search_shows_card_text_through_the_allow_list(player):
    ShipFactory(name="U.S.S. Payload", text="<script>alert(1)</script><b>WHEN ATTACKING:</b> roll [evade]")
    fleet = fleet_create(owner=player, name="Searcher", faction="federation")
    client = Client()
    client.force_login(player)
    page = client.get(reverse("fleets:search", args=[fleet.pk]), {"search": "1", "q": "Payload"}).text
    assert "<b>WHEN ATTACKING:</b> roll <em>Evade</em>" in page
    assert "<script>alert(1)" not in page and "alert(1)" not in page
