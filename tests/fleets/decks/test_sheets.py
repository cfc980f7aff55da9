"""The registration sheet: one page with player, event, date, the list, its totals and verification code."""

import json
from datetime import date
from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader

from fleets.codes import deck_code, verification_code
from fleets.decks.selectors import deck_view
from fleets.decks.services import deck_add_card, deck_create, deck_set_line
from fleets.decks.sheets import render_deck_sheet
from tests.accounts.factories import PlayerFactory

from .factories import SpearpointUnitFactory

pytestmark = pytest.mark.django_db


def pdf_text(pdf: bytes) -> tuple[int, str]:
    reader = PdfReader(BytesIO(pdf))
    return len(reader.pages), " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def test_sheet_shows_player_event_list_totals_and_code(player, sherman, rifle_squad):
    deck = deck_create(owner=player, game="spearpoint", name="Easy <Company> & Co", side="american")
    deck = deck_add_card(deck=deck, card=sherman, count=4)
    deck = deck_add_card(deck=deck, card=rifle_squad, count=6)
    deck = deck_set_line(deck=deck, name="M4 Sherman", side="american", count=4, chosen=4)
    pages, text = pdf_text(
        render_deck_sheet(
            view=deck_view(deck), player_name="Ann Lee", event_name="Spring Open", on_date=date(2025, 4, 5)
        )
    )
    assert pages == 1
    for expected in ("Ann Lee", "Spring Open", "2025-04-05", "Easy <Company> & Co", "American", deck.code):
        assert expected in text
    assert "4 M4 Sherman Vehicle, needs tank crew 12 48 4" in text  # copies, unit, details, cost, subtotal, hand
    assert "Points (80–100) 84" in text and "Legal" in text


def test_an_illegal_deck_lists_its_violations(player, arrow):
    deck = deck_add_card(
        deck=deck_create(owner=player, game="wing-commander", name="Thin", side="terran"), card=arrow, count=2
    )
    _pages, text = pdf_text(render_deck_sheet(view=deck_view(deck), player_name="Ann", on_date=date(2025, 1, 1)))
    assert "Not legal" in text and "DECK_TOO_SMALL" in text and "Event —" in text


def test_a_long_list_still_fits_one_page(player):
    deck = deck_create(owner=player, game="spearpoint", name="Everything", side="american")
    for number in range(120):
        deck = deck_add_card(deck=deck, card=SpearpointUnitFactory(name=f"Unit {number:03}"), count=1)
    pages, text = pdf_text(render_deck_sheet(view=deck_view(deck), player_name="Ann", on_date=date(2025, 1, 1)))
    assert pages == 1 and "Unit 119" in text


def test_the_code_is_a_short_keyed_hash_of_the_deck_and_its_canonical_file(settings):
    content = {"side": "terran", "cards": [], "muster": []}
    code = deck_code(deck_id=1, content=content)
    assert code == deck_code(deck_id=1, content=dict(reversed(content.items())))
    assert code != deck_code(deck_id=1, content={**content, "side": "kilrathi"})
    assert len(code) == 8 and code.isalnum() and code.isupper()
    assert code != deck_code(deck_id=2, content=content)  # another player's identical deck
    settings.SECRET_KEY = "another key"  # nobody without the site's key works out a guessed list's code
    assert code != deck_code(deck_id=1, content=content)


def test_identical_decks_of_two_players_carry_different_codes(player):
    """Issue 24, item 9: the four demo Kilrathi decks all carried ``ARS64O5W``, an unkeyed hash of the list."""
    first = deck_create(owner=player, game="wing-commander", name="Red", side="kilrathi")
    second = deck_create(owner=PlayerFactory(), game="wing-commander", name="Red", side="kilrathi")
    assert first.content == second.content and first.code != second.code
    assert verification_code(json.dumps(first.content, sort_keys=True, separators=(",", ":"))) not in {
        first.code,
        second.code,
    }


def test_sheet_view_downloads_the_pdf_with_the_chosen_event_and_date(client, player, arrow):
    deck = deck_create(owner=player, game="wing-commander", name="Blue", side="terran")
    client.force_login(player)
    url = reverse("fleets:decks:sheet", args=[deck.pk])
    response = client.get(url, {"event": "Regional", "date": "2025-06-01"})
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="blue-registration.pdf"'
    _pages, text = pdf_text(response.content)
    assert "Regional" in text and "2025-06-01" in text and player.username in text
    assert client.get(url, {"date": "not a date"}).status_code == 302
