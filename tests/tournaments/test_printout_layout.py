"""The venue printouts as a person sees them: no two words drawn over each other, however
long the event's or the players' names, on the event's paper, with ink on the page.

Read back with poppler (``pdftotext -bbox-layout``, ``pdftoppm``): see ``tests/pdf_layout.py``.
"""

import pytest
from django.urls import reverse
from reportlab.lib.pagesizes import A4, letter

from games.attack_wing.results import Losses, MatchResult
from tests.accounts.factories import PlayerFactory
from tests.pdf_layout import assert_printed_on, overlapping_words, words_by_page
from tests.tournaments.factories import EventFactory
from tournaments.models import Match
from tournaments.services import event_start, result_enter, round_pair_next

pytestmark = pytest.mark.django_db

LONG_EVENT = "Grand Nagus Invitational of the Alpha and Beta Quadrants, Deep Space Nine Promenade Store Championship"
PAPERS = {"A4": A4, "Letter": letter}


def long_username(n: int) -> str:
    """60 characters and no space to break at: the longest names the slips must hold."""
    return f"Commander{n}_" + "Tkolrakstraamilqrshpanoliwatertonsvanderbilt"[: 60 - len(f"Commander{n}_")]


@pytest.fixture
def long_names(enter):
    """Five players with 60-character usernames (one gets the bye), round 1 played."""

    def played(paper: str):
        event = EventFactory(name=LONG_EVENT, paper_size=paper)
        for n in range(5):
            enter(event, PlayerFactory(username=long_username(n)))
        event_start(event=event)
        round_ = round_pair_next(event=event, by=event.organizer)
        for match in Match.objects.filter(round=round_, table__isnull=False):
            result_enter(match=match, by=event.organizer, result=MatchResult(1, {2: Losses.of(ships=["s0"])}))
        return event

    return played


PRINTOUTS = [
    ("tournaments:round_printout", "match-slips"),
    ("tournaments:round_printout", "match-slips-2-per-page"),
    ("tournaments:round_printout", "match-slips-4-per-page"),
    ("tournaments:round_printout", "pairings-by-table"),
    ("tournaments:round_printout", "pairings-by-name"),
    ("tournaments:standings_printout", None),
]


def printout(client, event, name: str, kind: str | None) -> bytes:
    client.force_login(event.organizer)
    args = [event.pk, 1, kind] if kind else [event.pk]
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return response.content


@pytest.mark.parametrize(("name", "kind"), PRINTOUTS)
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_no_two_words_of_a_printout_overlap_with_long_names(client, long_names, name, kind, paper):
    """The slip's "Opponent's build verified" once ran over "Signature"; long names over the next column."""
    event = long_names(paper)
    pdf = printout(client, event, name, kind)
    assert overlapping_words(pdf) == []
    text = " ".join(word.text for page in words_by_page(pdf) for word in page)
    assert "Grand" in text
    assert sum(f"Commander{n}" in text for n in range(5)) >= 4  # the slips leave out the bye, whoever has it


@pytest.mark.parametrize(("name", "kind"), PRINTOUTS)
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_printout_is_a_picture_of_the_event_paper(client, long_names, name, kind, paper):
    event = long_names(paper)
    assert_printed_on(printout(client, event, name, kind), PAPERS[paper])


def test_slip_headers_each_stand_in_their_own_column(client, long_names):
    """Every heading of the slip is read back whole, left to right, none drawn over another."""
    pdf = printout(client, long_names("A4"), "tournaments:round_printout", "match-slips")
    words = words_by_page(pdf)[0]
    firsts = {w.text: w for w in words if w.text in {"Player", "Fleet", "Opponent's", "Signature"}}
    assert set(firsts) == {"Player", "Fleet", "Opponent's", "Signature"}
    assert firsts["Player"].x_max < firsts["Fleet"].x_min < firsts["Opponent's"].x_min < firsts["Signature"].x_min
    verified = next(w for w in words if w.text == "verified")
    assert verified.x_max < firsts["Signature"].x_min


@pytest.mark.parametrize("kind", ["pairings-by-table", "pairings-by-name"])
def test_the_pairings_sheet_leads_phones_to_the_live_page(client, long_names, kind):
    """The sheet players crowd around prints the live page's address beside its QR code (the code's own
    content is reportlab's, tested with the fleet sheet's): a phone shows its owner their table."""
    event = long_names("A4")
    pdf = printout(client, event, "tournaments:round_printout", kind)
    text = " ".join(word.text for page in words_by_page(pdf) for word in page)
    assert f"http://testserver/events/{event.pk}/rounds/1/live/" in text
    assert overlapping_words(pdf) == []
