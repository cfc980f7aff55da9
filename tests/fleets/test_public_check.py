"""The public list checker at /check/: no account, any format, nothing stored, rate-limited."""

from __future__ import annotations

import json
from html import unescape
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from fleets.models import Fleet, FleetVersion
from fleets.throttles import VALIDATE_RATE
from tests.fleets.factories import fleet_catalog, legal_content
from tests.snapshots import load_real_catalog

SAMPLES = Path(__file__).resolve().parent.parent / "rules" / "attack_wing" / "interchange" / "samples"

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards():
    return fleet_catalog()


def check(client, **fields):
    response = client.post("/check/", fields)
    return response, unescape(response.content.decode())


def test_anyone_checks_a_fleet_file_and_sees_costs_and_violations(client, cards):
    content = legal_content(cards)
    content["ships"][0]["upgrades"] = [cards.klingon_crew]  # a faction penalty
    content["ships"].append({"ship": cards.heavy, "captain": cards.captains[3]})
    response, page = check(client, text=json.dumps(content), format_key="wizkids-2014")  # 122 of 120 SP
    assert response.status_code == 200
    assert "Not submitted" in page and "FLEET_OVER_LIMIT" in page and "+1" in page
    assert "Read as: Muster fleet file" in page
    assert not Fleet.objects.exists() and not FleetVersion.objects.exists()


def test_the_check_writes_nothing_to_the_database(client, cards):
    with CaptureQueriesContext(connection) as queries:
        check(client, text=json.dumps(legal_content(cards)))
    writes = [q["sql"] for q in queries if q["sql"].split()[0].upper() in {"INSERT", "UPDATE", "DELETE"}]
    assert writes == []


def test_a_utopia_link_on_the_real_cards(client, utopia_path):
    load_real_catalog(origin=str(utopia_path))
    _response, page = check(client, text=(SAMPLES / "romulans.utopia-link").read_text(), format_key="wizkids-2016")
    assert "Read as: Utopia link" in page and "I.R.W. Valdore" in page and "Letant" in page


@pytest.mark.parametrize(
    "text",
    [
        "https://kfnexus.github.io/staw-utopia/index.html#eyJzaGlwcyI6W3siaWQiOiJzaGl",
        "https://example.com/#AAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "[" * 5000,
        "Nothing like a fleet.",
    ],
)
def test_unreadable_input_gets_one_sentence(client, cards, text):
    response, page = check(client, text=text)
    assert response.status_code == 200 and "Read as:" not in page and "alert" in page


def test_the_printable_sheet_is_marked_not_submitted(client, cards):
    import re

    _response, page = check(client, text=json.dumps(legal_content(cards)))
    token = re.search(r'name="source" value="([^"]+)"', page).group(1)
    sheet = client.post("/check/sheet.pdf", {"source": token})
    assert sheet.status_code == 200 and sheet["Content-Type"] == "application/pdf"
    from io import BytesIO

    from pypdf import PdfReader

    text = PdfReader(BytesIO(sheet.content)).pages[0].extract_text()
    assert "NOT SUBMITTED" in text and "Verification code" not in text
    assert client.post("/check/sheet.pdf", {"source": token + "x"}).status_code == 400


def test_checks_share_the_public_validate_rate_limit(client, cards):
    limit = int(VALIDATE_RATE.split("/")[0])
    for _ in range(limit):
        assert client.post("/api/staw/validate", "{}", content_type="application/json").status_code != 429
    response, page = check(client, text=json.dumps(legal_content(cards)))
    assert response.status_code == 429 and "Too many checks" in page


def test_a_typed_list_on_the_real_cards_asks_about_each_card_it_cannot_tell_apart(client, utopia_path):
    """A walk-in's list of names: read, priced, and each doubtful line offers the cards it may be."""
    load_real_catalog(origin=str(utopia_path))
    text = "Federation Starship (Galaxy Class) - 22\nJean-Luc Picard\nKell Peirm (3)\n"
    _response, page = check(client, text=text, format_key="wizkids-2016")
    assert "Read as: Typed list (card names)" in page
    assert "Which card is it?" in page and "Is this the card?" in page
    assert "U.S.S. Stargazer" in page and "4 SP, federation" in page  # Jean-Luc Picard Cap629, one of six
    assert "read as 'Kell Perim', the nearest name" in page


def test_a_doubtful_card_is_answered_with_one_click_and_the_rest_stays_as_read(client, utopia_path):
    """The button beside Jean-Luc Picard of U.S.S. Stargazer posts the list again with that answer: he is taken,
    the near miss Kell Perim stays as it was read, and earlier answers travel with the next click."""
    import re

    load_real_catalog(origin=str(utopia_path))
    text = "Federation Starship (Galaxy Class) - 22\nJean-Luc Picard\nKell Peirm (3)\n"
    _response, page = check(client, text=text, format_key="wizkids-2016")
    choice = re.search(r'name="choose" value="(\d+=Cap629)"', page).group(1)
    _response, page = check(client, text=text, format_key="wizkids-2016", choose=choice)
    assert "chosen by hand among 6 cards" in page
    assert f'name="choices" value="{choice}"' in page  # kept for the next click
    assert "read as 'Kell Perim', the nearest name" in page
    _response, page = check(client, text=text, format_key="wizkids-2016", choices="x=Cap629")
    assert "The choice of a card is damaged" in page and "Read as:" not in page


def test_a_choice_that_answers_no_doubt_is_said_so(client, utopia_path):
    load_real_catalog(origin=str(utopia_path))
    _response, page = check(client, text="I.K.S. Rotarran - 22\nKorok - 4\n", choose="1=Cap629")
    assert "The choice of 'Cap629' for line 2 answers no doubt of this list." in page
