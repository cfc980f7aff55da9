"""A game Muster has never heard of runs a whole event through the site: the contract of "a game is a folder".

Coin Toss (``tests/games/coin_toss``) is installed by the test settings only. Nothing
outside its folder names it, yet an organizer creates its event, players build and
submit purses, rounds are paired, results entered, standings ranked and printed.
If this test needs an edit outside that folder to pass, a game has leaked into the
shared apps (docs/adding-a-game.md). This test is part of the folder, so a copy of
the folder under another key runs it as its own.
"""

import pytest
from django.urls import reverse

from fleets.models import Deck
from game_registry import get_game
from tests.accounts.factories import PlayerFactory
from tests.games.site import check_in_and_start, create_event
from tournaments.models import Event, Match, MatchSide, MatchStatus

from . import KEY, NAME
from .models import Coin

pytestmark = pytest.mark.django_db


def enter_with_a_purse(client, event: Event, player, penny: Coin) -> None:
    client.force_login(player)
    assert client.post(reverse("tournaments:register", args=[event.pk])).status_code == 302
    response = client.post(reverse("fleets:decks:create", args=[KEY]), {"name": "Lucky", "side": "heads"})
    deck = Deck.objects.get(owner=player)
    assert response.url == reverse("fleets:decks:builder", args=[deck.pk])
    client.post(reverse("fleets:decks:add", args=[deck.pk]), {"card": penny.pk, "count": 2})
    response = client.post(reverse("tournaments:submit_decks", args=[event.pk]), {"deck": deck.pk})
    assert response.status_code == 302, response.text
    assert event.registrations.get(player=player).decks.get().content["coins"] == [
        {"name": "Penny", "side": "heads", "count": 2}
    ]


def test_a_game_that_is_only_a_folder_runs_a_whole_event(client, organizer):
    assert get_game(KEY).name == NAME
    penny = Coin.objects.create(name="Penny", side="heads")
    event = create_event(client, organizer, name="Heads Up Open", game_format=f"{KEY}:standard")
    players = [PlayerFactory(username=f"tosser{number}") for number in range(4)]
    for player in players:
        enter_with_a_purse(client, event, player, penny)

    check_in_and_start(client, event)
    for number in (1, 2):
        assert client.post(reverse("tournaments:pair_next", args=[event.pk])).url == reverse(
            "tournaments:round", args=[event.pk, number]
        )
        for match in Match.objects.filter(round__number=number):
            page = reverse("tournaments:match", args=[event.pk, match.pk])
            assert "Who won the toss" in client.get(page).text
            client.post(page, {"winner": "1"})
            assert Match.objects.get(pk=match.pk).status == MatchStatus.CONFIRMED
        for kind in ("pairings-by-table", "match-slips"):
            printout = client.get(reverse("tournaments:round_printout", args=[event.pk, number, kind]))
            assert printout["Content-Type"] == "application/pdf" and printout.content.startswith(b"%PDF")
    client.post(reverse("tournaments:finish", args=[event.pk]))

    standings = client.get(reverse("tournaments:standings", args=[event.pk])).text
    assert "Purses" in client.get(reverse("tournaments:event", args=[event.pk])).text
    wins = {
        player.username: MatchSide.objects.filter(registration__player=player, outcome="win").count()
        for player in players
    }
    leader = max(wins, key=wins.get)
    assert wins[leader] == 2 and sorted(wins.values()) == [0, 1, 1, 2]  # seat 1 won every toss
    assert all(standings.index(leader) < standings.index(name) for name in wins if name != leader)
    pdf = client.get(reverse("tournaments:standings_printout", args=[event.pk]))
    assert pdf.content.startswith(b"%PDF")
    registration = event.registrations.first()
    deck = registration.decks.get()
    sheet = client.get(reverse("tournaments:deck_sheet", args=[event.pk, registration.pk, deck.pk]))
    assert sheet.content.startswith(b"%PDF")


def test_the_test_game_s_lists_are_judged_by_its_own_rule(client, player):
    """The list rule of the folder applies: a purse of four coins is refused at submission."""
    penny = Coin.objects.create(name="Penny", side="heads")
    client.force_login(player)
    client.post(reverse("fleets:decks:create", args=[KEY]), {"name": "Heavy", "side": "heads"})
    deck = Deck.objects.get(owner=player)
    client.post(reverse("fleets:decks:add", args=[deck.pk]), {"card": penny.pk, "count": 4})
    page = client.get(reverse("fleets:decks:builder", args=[deck.pk])).text
    assert "The purse holds 4 coins; it holds 1 to 3." in page
