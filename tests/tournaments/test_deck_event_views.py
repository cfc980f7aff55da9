"""The event pages of the deck games: creating the event, submitting decks, results, the decks tab and sheets."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from rules.wing_commander import KILRATHI, TERRAN
from tests.tournaments.deck_games import deck_event, enter_with_decks, wing_commander_deck, wing_commander_decks
from tests.tournaments.factories import EventFactory
from tournaments.models import Event, MatchSide, MatchStatus, SubmittedDeck
from tournaments.services import event_start, registration_add, round_pair_next

pytestmark = pytest.mark.django_db


def event_form(**overrides) -> dict:
    return {
        "name": "Vega Campaign",
        "game_format": "wing-commander:tournament",
        "date": (timezone.localdate() + timedelta(days=3)).isoformat(),
        "round_minutes": 60,
        "top_cut": 0,
        "win_points": 3,
        "tie_points": 1,
        "loss_points": 0,
        "tiebreaks": "default",
        "attack-wing-resource_rule": "table-2016",  # another game's setting, chosen as the form shows it: ignored
        **overrides,
    }


def test_an_organizer_creates_a_wing_commander_event(client, organizer):
    client.force_login(organizer)
    response = client.post(reverse("tournaments:create"), event_form())
    event = Event.objects.get()
    assert response.status_code == 302 and (event.game, event.format, event.game_settings) == (
        "wing-commander",
        "tournament",
        {},  # the game has no settings of its own
    )
    page = client.get(reverse("tournaments:event", args=[event.pk])).text
    assert "Match points, then strength of schedule, then head-to-head, then a seeded draw" in page
    assert "Tournament: a Terran and a Kilrathi deck of 40–100 cards" in page


def test_a_deck_game_event_ranks_by_its_own_tie_breakers(client, organizer):
    client.force_login(organizer)
    response = client.post(reverse("tournaments:create"), event_form(tiebreaks="faq-2014"))
    assert "This game ranks by its own tie-breakers" in response.text
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("game_format", "name"),
    [
        ("starship-command:short-points", "First to 250 points, 150-point fleets"),
        ("spearpoint:standard", "Standard Game: 80–100 point reserves decks"),
    ],
)
def test_the_other_deck_games_offer_their_formats(client, organizer, game_format, name):
    client.force_login(organizer)
    client.post(reverse("tournaments:create"), event_form(game_format=game_format))
    assert name in client.get(reverse("tournaments:event", args=[Event.objects.get().pk])).text


@pytest.fixture
def registered(player):
    event = deck_event("wing-commander")
    return event, registration_add(event=event, player=player)


def test_a_player_submits_both_decks_on_the_page(client, player, registered):
    event, entry = registered
    decks = wing_commander_decks(player)
    client.force_login(player)
    address = reverse("tournaments:submit_decks", args=[event.pk])
    page = client.get(address).text
    assert "Terran deck" in page and "Kilrathi deck" in page
    response = client.post(address, {"deck_terran": decks[TERRAN].pk, "deck_kilrathi": decks[KILRATHI].pk})
    assert response.status_code == 302
    assert set(SubmittedDeck.objects.filter(registration=entry).values_list("slot", flat=True)) == {TERRAN, KILRATHI}
    overview = client.get(reverse("tournaments:event", args=[event.pk])).text
    assert decks[TERRAN].code in overview and "Change decks" in overview


def test_an_illegal_deck_is_refused_on_the_page_with_its_violations(client, player, registered):
    event, entry = registered
    small = wing_commander_deck(player, TERRAN, cards=12, name="Short deck")
    kilrathi = wing_commander_deck(player, KILRATHI)
    client.force_login(player)
    response = client.post(
        reverse("tournaments:submit_decks", args=[event.pk]), {"deck_terran": small.pk, "deck_kilrathi": kilrathi.pk}
    )
    assert response.status_code == 200
    assert "The play deck has 12 cards" in response.text
    assert not SubmittedDeck.objects.exists()


def test_the_deck_choices_of_a_slot_are_the_players_decks_of_that_side(client, player, registered):
    event, _ = registered
    kilrathi = wing_commander_deck(player, KILRATHI, name="Claw")
    client.force_login(player)
    page = client.get(reverse("tournaments:submit_decks", args=[event.pk])).text
    assert "You have no Terran deck yet" in page
    response = client.post(
        reverse("tournaments:submit_decks", args=[event.pk]), {"deck_terran": kilrathi.pk, "deck_kilrathi": kilrathi.pk}
    )
    assert response.status_code == 200 and not SubmittedDeck.objects.exists()


def test_each_event_sends_players_to_its_own_submission_page(client, player, registered):
    event, _ = registered
    staw = EventFactory()
    registration_add(event=staw, player=player)
    client.force_login(player)
    assert client.get(reverse("tournaments:submit_fleet", args=[event.pk])).url == reverse(
        "tournaments:submit_decks", args=[event.pk]
    )
    assert client.get(reverse("tournaments:submit_decks", args=[staw.pk])).url == reverse(
        "tournaments:submit_fleet", args=[staw.pk]
    )


@pytest.fixture
def paired():
    event = deck_event("wing-commander")
    entries = [enter_with_decks(event, club=club) for club in ("Hangar", "Bridge")]
    event_start(event=event)
    round_ = round_pair_next(event=event, by=event.organizer)
    return event, entries, round_.matches.get()


def test_the_pairings_show_who_plays_which_side(client, paired):
    event, _, match = paired
    page = client.get(reverse("tournaments:round", args=[event.pk, 1])).text
    assert ">Terran</span>" in page and ">Kilrathi</span>" in page


def test_the_judge_enters_an_ending_on_the_match_page(client, paired):
    event, _, match = paired
    sides = {side.side: side for side in match.sides.select_related("registration__player")}
    client.force_login(event.organizer)
    address = reverse("tournaments:match", args=[event.pk, match.pk])
    page = client.get(address).text
    assert f"Carrier destroyed by {sides[TERRAN].registration.name} (Terran)" in page
    assert "Both at 0 Power Points: a draw" in page
    client.post(address, {"ending": "carrier-destroyed:kilrathi"})
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    assert MatchSide.objects.get(match=match, side=TERRAN).outcome == "win"
    assert client.get(address).context["form"].initial == {"ending": "carrier-destroyed:kilrathi"}


def test_a_players_report_is_described_by_its_ending(client, paired):
    event, _, match = paired
    kilrathi = match.sides.select_related("registration__player").get(side=KILRATHI).registration
    client.force_login(kilrathi.player)
    address = reverse("tournaments:match", args=[event.pk, match.pk])
    client.post(address, {"ending": "power-points:kilrathi"})
    assert f"{kilrathi.name} (Kilrathi) reached 0 Power Points" in client.get(address).text


def test_the_decks_tab_and_the_registration_sheet(client, paired):
    event, entries, _ = paired
    client.force_login(event.organizer)
    tab = client.get(reverse("tournaments:fleets", args=[event.pk])).text
    terran = entries[0].decks.get(slot=TERRAN)
    assert ">Decks</a>" in tab and terran.code in tab
    detail = client.get(reverse("tournaments:decks", args=[event.pk, entries[0].pk])).text
    assert "Terran deck: Terran deck" in detail and "Arrow" in detail
    sheet = client.get(reverse("tournaments:deck_sheet", args=[event.pk, entries[0].pk, terran.pk]))
    assert sheet["Content-Type"] == "application/pdf" and sheet.content.startswith(b"%PDF")


def test_the_desk_shows_and_sets_clubs(client, paired):
    event, entries, _ = paired
    client.force_login(event.organizer)
    page = client.get(reverse("tournaments:event", args=[event.pk])).text
    assert "· Hangar" in page and "· Bridge" in page
    client.post(reverse("tournaments:set_club", args=[event.pk, entries[0].pk]), {"club": "Flight deck"})
    entries[0].refresh_from_db()
    assert entries[0].club == "Flight deck"


def test_a_player_registers_with_a_club(client, player):
    event = deck_event("spearpoint")
    client.force_login(player)
    client.post(reverse("tournaments:register", args=[event.pk]), {"club": "Easy Company"})
    assert event.registrations.get().club == "Easy Company"


@pytest.mark.parametrize("address", ["event", "fleets", "round", "standings"])
def test_deck_event_pages_cost_the_same_queries_whatever_the_field(client, django_assert_max_num_queries, address):
    """Each registration's decks are loaded in one query, however many players the event has."""
    counts = []
    for players in (4, 12):
        event = deck_event("wing-commander")
        for _ in range(players):
            enter_with_decks(event)
        event_start(event=event)
        round_pair_next(event=event, by=event.organizer)
        client.force_login(event.organizer)
        args = [event.pk, 1] if address == "round" else [event.pk]
        with django_assert_max_num_queries(40) as queries:
            assert client.get(reverse(f"tournaments:{address}", args=args)).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
