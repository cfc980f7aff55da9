"""Every printout made in German: German words are longer, and still no two words are drawn over
each other, no word is cut (broken inside itself, or run off the page or out of its fixed row), on
A4 and Letter, however long the event's and the players' names.

Each PDF is made inside ``translation.override("de")``, as a store whose language is German makes
it, and read back with poppler (``tests/pdf_layout.py``).
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.utils import translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4, letter

from accounts.paper import page_size
from fleets import sheets
from fleets.decks.selectors import deck_view
from fleets.decks.services import deck_add_card, deck_create, deck_set_line
from fleets.decks.sheets import render_deck_sheet, render_deck_sheets
from fleets.selectors import version_price
from fleets.sheets import render_check_sheet, render_fleet_sheet
from games.attack_wing.results import Losses, MatchResult
from seasons.exports import season_pdf
from seasons.selectors import season_table
from seasons.services import season_save
from stores.services import store_create
from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.fleets.decks.factories import SpearpointUnitFactory
from tests.fleets.factories import fleet_catalog, legal_content, saved_fleet
from tests.pdf_layout import Word, assert_printed_on, overlapping_words, page_sizes, words_by_page
from tests.seasons.conftest import play_event
from tests.tournaments.conftest import entered
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tests.tournaments.top_cut import finish_round
from tournaments import printouts, selectors
from tournaments.games import event_game
from tournaments.models import Match
from tournaments.services import event_finish, event_start, registration_drop, result_enter, round_pair_next

pytestmark = pytest.mark.django_db

LONG_EVENT = "Grand Nagus Invitational of the Alpha and Beta Quadrants, Deep Space Nine Promenade Store Championship"
PAPERS = {"A4": A4, "Letter": letter}
SITE = "https://muster.example.org/"
PUNCTUATION = "().,:;!?„“”\"'·—–/"


def long_username(n: int) -> str:
    """60 characters and no space to break at: the longest names the printouts must hold."""
    return f"Commander{n}_" + "Tkolrakstraamilqrshpanoliwatertonsvanderbilt"[: 60 - len(f"Commander{n}_")]


def german(text: str) -> str:
    with translation.override("de"):
        return _(text)


def words_of(text: str) -> list[str]:
    """The words of a printed sentence as poppler reads them back, markup and punctuation aside."""
    text = re.sub(r"<[^>]+>", " ", text)
    return [word.strip(PUNCTUATION) for word in text.split() if word.strip(PUNCTUATION)]


def assert_laid_out(
    pdf: bytes, paper: str | None, sentences: list[str], *, pages: int | None = None, ink: bool = True
) -> list[Word]:
    """The layout checks in German: no overlap, every page on ``paper`` (None: the site's) with ink
    on it, every word inside its page, and every word of ``sentences`` (German, as printed) read
    back whole: a word broken inside itself reads back as two pieces, neither of them the word.
    Every word printed, page after page."""
    size = page_size(paper)
    assert overlapping_words(pdf) == []
    if ink:
        assert_printed_on(pdf, size)
    else:
        assert all(got == pytest.approx(size, abs=0.5) for got in page_sizes(pdf))
    if pages is not None:
        assert len(page_sizes(pdf)) == pages
    every_page = words_by_page(pdf)
    for words in every_page:
        outside = [w for w in words if w.x_min < 0 or w.y_min < 0 or w.x_max > size[0] or w.y_max > size[1]]
        assert outside == []
    printed = {word.text.strip(PUNCTUATION) for words in every_page for word in words}
    for sentence in sentences:
        cut = [word for word in words_of(sentence) if word not in printed]
        assert cut == [], f"{sentence!r}: {cut} not read back whole"
    return [word for words in every_page for word in words]


def text_of(words: list[Word]) -> str:
    return " ".join(word.text for word in words)


# The event's printouts -------------------------------------------------------------------------


def play(round_, winner: int = 1) -> None:
    for match in Match.objects.filter(round=round_, table__isnull=False):
        result_enter(match=match, by=round_.event.organizer, result=MatchResult(winner, {2: Losses.of(ships=["s0"])}))


@pytest.fixture
def swiss():
    """Seven players with 60-character usernames (one gets the bye each round) at an event with a long
    name; round 1 played, round 2 paired."""

    def make(paper: str):
        catalog = small_catalog()
        event = EventFactory(
            name=LONG_EVENT,
            paper_size=paper,
            date=date(2026, 11, 28),
        )
        for n in range(7):
            entered(event, PlayerFactory(username=long_username(n)), catalog=catalog)
        event_start(event=event)
        play(round_pair_next(event=event, by=event.organizer))
        return event, round_pair_next(event=event, by=event.organizer)

    return make


def names_of(event) -> dict[int, str]:
    return {pk: player.name for pk, player in selectors.printed_players(event).items()}


def round_printout(event, round_, kind: str) -> bytes:
    """The round's printout ``kind`` made in German, as the round page's links make it."""
    matches = selectors.round_matches(round_)
    live_url = f"http://testserver/events/{event.pk}/rounds/{round_.number}/live/"
    common = {"event": event, "round_": round_, "matches": matches, "names": names_of(event)}
    with translation.override("de"):
        if kind == "pairings-by-table":
            return printouts.pairings_by_table(**common, live_url=live_url)
        if kind == "pairings-by-name":
            standing = selectors.event_standings(event, before_round=round_.number).rows
            return printouts.pairings_by_name(
                **common, live_url=live_url, standing={row.registration_id: row for row in standing}
            )
        if kind == "match-slips":
            return printouts.match_slips(**common, checklists=event_game(event.game).slip_checklists(matches))
        return printouts.match_slips_per_page(**common, per_page=int(kind.split("-")[2]))


def standings_printout(event) -> bytes:
    final = selectors.final_standings(event)
    with translation.override("de"):
        return printouts.standings(
            event=event, final=final, names=names_of(event), prizes=selectors.place_prizes(event, final)
        )


PAIRINGS = ["Table", "Player", "Opponent", "Bye"]
SLIP = ["Player", "Win / Tie / Loss", "Fleet points", "Opponent's build verified", "Signature"]
FLEET_SLIP = [
    *SLIP,
    "Tick what each player destroyed; write the fleet points above only if you tick nothing.",
    "Ship / card",
    "Destroyed",
    "Removed",
]
ROUND_PRINTOUTS = {
    "pairings-by-table": PAIRINGS,
    "pairings-by-name": [*PAIRINGS, "Points", "W-T-L"],
    "match-slips": FLEET_SLIP,
    "match-slips-2-per-page": SLIP,
    "match-slips-4-per-page": SLIP,
}


@pytest.mark.parametrize("kind", ROUND_PRINTOUTS)
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_every_round_printout_fits_in_german(swiss, kind, paper):
    event, round_ = swiss(paper)
    pdf = round_printout(event, round_, kind)
    printed = assert_laid_out(pdf, paper, [german(text) for text in ROUND_PRINTOUTS[kind]])
    text = text_of(printed)
    assert "Grand" in text and "Commander" in text
    assert "Tisch" in text and "Spieler" in text and "Table" not in text and "Player" not in text
    if not kind.startswith("match-slips-"):  # the compact slips have no heading
        with translation.override("de"):
            assert date_format(event.date, "l") in text  # "Samstag"


def test_the_german_slip_headings_each_stand_in_their_own_column(swiss):
    event, round_ = swiss("A4")
    pages = words_by_page(round_printout(event, round_, "match-slips"))
    words = next(words for words in pages if any(word.text == "Unterschrift" for word in words))
    first = {
        w.text: w for w in reversed(words) if w.text in {"Spieler", "Sieg", "Flottenpunkte", "Flotte", "Unterschrift"}
    }
    assert first["Spieler"].x_max < first["Sieg"].x_min < first["Flottenpunkte"].x_min < first["Flotte"].x_min
    assert first["Flotte"].x_min < first["Unterschrift"].x_min
    checked = next(w for w in words if w.text == "geprüft")
    assert checked.x_max < first["Unterschrift"].x_min


def test_the_german_pairings_by_name_give_points_and_a_record_with_byes(swiss):
    event, round_ = swiss("A4")
    text = text_of(words_by_page(round_printout(event, round_, "pairings-by-name"))[0])
    assert "S-U-N" in text and "Punkte" in text and "(Freilos)" in text
    assert "+1 Freilos" in text  # round 1's bye beside the record


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_german_final_standings_fit_with_every_column(paper):
    """A top 4 after the Swiss: place, player, record, the Swiss rank, the tie-breakers and the prizes,
    the widest table of all; players with long names, one of them dropped."""
    catalog = small_catalog()
    event = EventFactory(
        name=LONG_EVENT,
        paper_size=paper,
        planned_rounds=2,
        top_cut=4,
        prize_support="1st: booster box and an acrylic template set\n2nd: playmat\n3rd: dice\n4th: dice",
    )
    registrations = [entered(event, PlayerFactory(username=long_username(n)), catalog=catalog) for n in range(9)]
    event_start(event=event)
    finish_round(round_pair_next(event=event, by=event.organizer), 1)
    registration_drop(registration=registrations[8])
    finish_round(round_pair_next(event=event, by=event.organizer), 1)
    for _cut_round in range(2):
        finish_round(round_pair_next(event=event, by=event.organizer), 2)
    event = event_finish(event=event)
    final = selectors.final_standings(event)
    assert final.cut_decided
    pdf = standings_printout(event)
    headings = ["Place", "Player", "W-T-L", "Swiss rank", "Prize"]
    printed = assert_laid_out(pdf, paper, [german(text) for text in headings])
    text = text_of(printed)
    assert "Abschlusstabelle" in text and "Platz" in text and "Preis" in text
    assert "(ausgestiegen)" in text and "Freilos" in text


# The Fleet Build Sheets ------------------------------------------------------------------------

ROUND_ROWS = [str(label) for label in sheets.ROUND_ROWS]
FLEET_SHEET = [
    *ROUND_ROWS,
    "Type",
    "Card Title",
    "Faction",
    "Resource",
    "Totals",
    "Other",
    "Total",
    "Date",
    "Event",
    "Name",
    "E-mail",
    "Star Trek: Attack Wing — Fleet Build Sheet",
]


@pytest.fixture
def cards():
    return fleet_catalog()


def full_fleet(cards):
    """Four ships (the sheet holds four blocks) with a captain and upgrades each, and a resource."""
    content = legal_content(cards)
    ships = content["ships"]
    ships.append({"ship": cards.heavy, "captain": cards.captains[3], "upgrades": [cards.weapon, cards.tech]})
    return saved_fleet(cards, content={**content, "ships": ships, "resources": [cards.resource]}).current_version


def german_labels_of_the_rounds_stay_in_their_column(words: list[Word]) -> None:
    """The battle rounds' labels (German's are the longest) end before the first round's column: a
    label too long for its fixed row would run into the boxes players write in."""
    columns = [w for w in words if w.text == "Runde"]
    assert len(columns) == 3
    label_words = {word for label in ROUND_ROWS for word in words_of(german(label))}
    below = [w for w in words if w.y_min > columns[0].y_max and w.text.strip(PUNCTUATION) in label_words]
    assert below and max(w.x_max for w in below) < min(c.x_min for c in columns)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_german_fleet_build_sheet_fits_one_page(cards, paper):
    version = full_fleet(cards)
    with translation.override("de"):
        pdf = render_fleet_sheet(
            version=version,
            player_name=long_username(1),
            email="kathryn.janeway.of.the.uss.voyager@starfleet-command.example.org",
            site_url=SITE,
            event_name=LONG_EVENT,
            event_date=date(2026, 11, 28),
            paper=paper,
        )
    words = assert_laid_out(pdf, paper, [german(text) for text in FLEET_SHEET], pages=1)
    text = text_of(words)
    assert "Flottenbogen" in text and "Runde" in text and "Prüfcode" in text
    german_labels_of_the_rounds_stay_in_their_column(words)


def test_the_german_check_sheet_of_an_illegal_list_fits(cards):
    version = saved_fleet(
        cards, content={**legal_content(cards), "resources": [cards.resource], "format": "wizkids-2016"}
    ).current_version
    check = version_price(version).check()
    with translation.override("de"):
        pdf = render_check_sheet(check=check, title="Checked fleet", checked_on=date(2026, 11, 28), format_name="2016")
    words = assert_laid_out(
        pdf, None, [german(text) for text in ["NOT SUBMITTED", "Type", "Card Title", "Faction", "Totals"]], pages=1
    )
    assert "EINGEREICHT" in text_of(words) and "geprüft" in text_of(words)


# The deck registration sheets ------------------------------------------------------------------

DECK_SHEET = [
    "Copies",
    "Details",
    "Cost",
    "Subtotal",
    "Player",
    "Date",
    "Event",
    "Verification code",
    "Judge's initials: ____________",
]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_german_deck_registration_sheet_fits_one_page(paper):
    player = PlayerFactory()
    sherman = SpearpointUnitFactory(name="M4 Sherman", unit_type="vehicle", cost=12, crew="tank-crew")
    deck = deck_create(owner=player, game="spearpoint", name="Easy Company", side="american")
    deck = deck_add_card(deck=deck, card=sherman, count=4)
    deck = deck_add_card(deck=deck, card=SpearpointUnitFactory(name="Rifle Squad", cost=6), count=6)
    deck = deck_set_line(deck=deck, name="M4 Sherman", side="american", count=4, chosen=4)
    with translation.override("de"):
        pdf = render_deck_sheet(
            view=deck_view(deck),
            player_name=long_username(2),
            email="ann.lee@example.org",
            event_name=LONG_EVENT,
            on_date=date(2026, 11, 28),
            paper=paper,
        )
        empty = render_deck_sheets([], title="Anmeldebögen", paper=paper)
    words = assert_laid_out(pdf, paper, [german(text) for text in DECK_SHEET], pages=1)
    assert "Anmeldebogen" in text_of(words) and "Prüfcode" in text_of(words)
    assert "Liste" in text_of(assert_laid_out(empty, paper, [german("No list has been submitted.")], ink=False))


# The season table ------------------------------------------------------------------------------


def test_the_german_season_table_fits():
    organizer = OrganizerFactory()
    store = store_create(name="Quark's Bar", town="Bajor", first_organizer=organizer, by=organizer)
    catalog = small_catalog()
    players = [PlayerFactory(username=long_username(n)) for n in range(4)]
    fleets = {p.pk: fleet_for(p, legal_fleet_content(catalog), name=f"Fleet of {p.pk}") for p in players}
    league = {"organizer": organizer, "store": store, "players": players, "fleets": fleets}
    play_event(league, date(2026, 3, 7), name=LONG_EVENT)
    season = season_save(
        by=organizer,
        name="Alpha Quadrant Grand Championship Qualifying Season 2026",
        stores=[store],
        game="attack-wing",
        formats=[],
        starts_on=date(2026, 3, 1),
        ends_on=date(2026, 10, 31),
        every_event=True,
        qualify_top=2,
        placing_points="10, 7, 5, 3",
    )
    with translation.override("de"):
        pdf = season_pdf(season_table(season))
    headings = ["Rank", "Player", "Points", "Event wins", "Best place", "Wins", "Events", "Qualified"]
    text = text_of(assert_laid_out(pdf, None, [german(text) for text in headings]))
    assert "Saisontabelle" in text and "März" in text and "bis" in text
