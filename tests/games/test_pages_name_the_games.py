"""The pages that say which games the site runs read the registry: no template lists the games, so the
test-only games, which no template could know, are named like the real ones."""

import pytest
from django.urls import reverse

from game_registry import all_games, deck_games, fleet_games, names_in_words

pytestmark = pytest.mark.django_db


def test_the_home_page_names_every_registered_game(client):
    page = client.get(reverse("home")).text
    assert f"printed sheets for {names_in_words(all_games())}." in page
    assert {"Coin Toss", "Last Ship Standing", "Star Trek: Attack Wing"} <= {game.name for game in all_games()}


def test_the_deck_list_names_the_deck_games_and_sends_the_fleet_games_to_their_builder(client, player):
    client.force_login(player)
    page = client.get(reverse("fleets:decks:list")).text
    decks = [f"{game.name} {game.lists.noun}s" for game in deck_games()]
    assert ", ".join(decks[:-1]) + f" and {decks[-1]}." in page
    assert "Coin Toss purses" in decks and "Frontline General: Spearpoint 1943 reserves decks" in decks
    fleets = names_in_words(fleet_games())
    assert f'{fleets} fleets are under <a href="{reverse("fleets:list")}">My fleets</a>.' in page
    assert fleets == "Star Trek: Attack Wing and Last Ship Standing"


def test_a_list_of_games_reads_as_a_sentence():
    games = all_games()[:3]
    assert names_in_words(games) == f"{games[0].name}, {games[1].name} and {games[2].name}"
    assert names_in_words(games[:1]) == games[0].name
    assert names_in_words([]) == ""
