"""``seed_seasons_demo`` plays a season for every registered game that gives one (``season_demo``,
:class:`game_registry.GameSeasonDemo`): the seasons app makes the season, its nights and their results from
what the game hands it, and names no game. Coin Toss, a game the seasons app has never heard of, gets one
here by that hook alone."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from game_registry import get_game, register, season_demo_games
from seasons.demo import demo, demo_season
from seasons.models import Season
from seasons.selectors import season_table
from stores.services import store_create
from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.games.coin_toss.events import STANDARD
from tests.games.coin_toss.samples import CoinTossSamples
from tournaments.models import Event, EventStatus

pytestmark = pytest.mark.django_db

NIGHTS = ("Toss night 1", "Toss night 2")


class TossCup:
    """Coin Toss's demo season: its lists are the samples' purses, a won toss is the winner's seat."""

    name = "Heads or Tails Cup"
    nights = NIGHTS
    players: int | None = 4
    format = STANDARD
    rounds = 2
    first_night = 30
    days_between = 7
    season_days = 14
    hidden_nights = (1,)
    standings = {"best_events": None, "qualify_top": 2, "win_points": 3, "placing_points": "5, 3, 1"}
    missing = "No purses; no Coin Toss season."
    has_purses = True

    def lists(self, players):
        return {player.pk: CoinTossSamples().decks(player) for player in players} if self.has_purses else None

    def result(self, match, winner: int) -> dict:
        return {"winner": winner}


@pytest.fixture
def toss_cup() -> Iterator[TossCup]:
    """Coin Toss registered with a demo season for the test, as it was after."""
    game = get_game("coin-toss")
    cup = TossCup()
    register(dataclasses.replace(game, season_demo=cup))
    yield cup
    register(game)


@pytest.fixture
def home():
    organizer = OrganizerFactory()
    store = store_create(name="Promenade Games", town="Bajor", first_organizer=organizer, by=organizer)
    return store, organizer


def test_a_game_with_a_demo_season_gets_its_nights_played_and_its_season(toss_cup, home):
    store, organizer = home
    players = [PlayerFactory(first_name=name) for name in ("Ada", "Ben", "Cy", "Di", "Ed")]
    said = []
    demo_season(get_game("coin-toss"), store, organizer, players, said.append)
    season = Season.objects.get(name="Heads or Tails Cup")
    assert (season.game, season.best_events, season.qualify_top, season.placing_points) == (
        "coin-toss",
        None,
        2,
        "5, 3, 1",
    )
    events = list(Event.objects.filter(game="coin-toss").order_by("date"))
    assert [event.name for event in events] == list(NIGHTS)
    assert [event.status for event in events] == [EventStatus.FINISHED] * 2
    assert [event.lists_public for event in events] == [True, False]  # the hidden night's lists stay hidden
    assert [(event.date - season.starts_on).days for event in events] == [0, 7]
    assert (season.ends_on - season.starts_on).days == 14
    assert {r.player for r in events[0].registrations.all()} == set(players[:4])  # the first four: Ed sits out
    leader = season_table(season).lines[0]
    assert leader.player_id == players[0].pk  # the strongest wins every table (no third table: no upset)
    assert said == ["Played the demo season 'Heads or Tails Cup': 2 finished Coin Toss events at Promenade Games."]


def test_a_demo_season_already_there_or_without_lists_makes_nothing(toss_cup, home):
    store, organizer = home
    players = [PlayerFactory() for _ in range(4)]
    toss_cup.has_purses = False
    said = []
    demo_season(get_game("coin-toss"), store, organizer, players, said.append)
    assert said == ["No purses; no Coin Toss season."]
    assert not Season.objects.exists() and not Event.objects.exists()
    toss_cup.has_purses = True
    demo_season(get_game("coin-toss"), store, organizer, players, said.append)
    demo_season(get_game("coin-toss"), store, organizer, players, said.append)
    assert Season.objects.count() == 1 and Event.objects.count() == len(NIGHTS)


def test_the_demo_plays_every_game_that_gives_a_season(toss_cup, home):
    """Without the STAW catalog or the demo decks the two shipped seasons say why they are missing; Coin Toss
    still gets its own, with the demo players and the four the demo adds."""
    store, organizer = home
    assert get_game("coin-toss") in season_demo_games()
    said = []
    player = PlayerFactory(username="player")
    demo(accounts={"organizer": organizer, "player": player, "judge": PlayerFactory()}, log=said.append)
    assert [season.name for season in Season.objects.all()] == ["Heads or Tails Cup"]
    entered = {r.player.username for r in Event.objects.get(name=NIGHTS[0]).registrations.all()}
    assert entered == {"player", "ensign-ro", "ensign-kim", "ensign-sato"}  # its four: the player, then the added
    assert said[-1].startswith("Played the demo season 'Heads or Tails Cup'")
    assert len(said) == 3  # the two shipped games' reasons, then Coin Toss's season
