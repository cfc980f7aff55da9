"""A second game Muster has never heard of, whose players bring fleets, runs a whole event through the site.

Last Ship Standing (``tests/games/last_ship``) is installed by the test settings only. Its
players build fleets in the fleets app and submit them as Attack Wing's players do, but a
result, its scoring and the ranking are the game's own. Nothing outside its folder names it:
if this test needs an edit outside that folder to pass, fleets have become one game's again
in the shared apps (docs/adding-a-game.md).
"""

import pytest
from django.urls import reverse

from fleets.models import Fleet
from game_registry import get_game
from tests.accounts.factories import PlayerFactory
from tests.games.site import check_in_and_start, create_event
from tests.tournaments.factories import fleet_for, legal_fleet_content, small_catalog
from tournaments.errors import TournamentError
from tournaments.models import Event, Match, MatchSide, MatchStatus
from tournaments.services import event_update

from . import KEY

pytestmark = pytest.mark.django_db


def enter_with_a_fleet(client, event: Event, player, catalog) -> None:
    client.force_login(player)
    assert client.post(reverse("tournaments:register", args=[event.pk])).status_code == 302
    fleet = fleet_for(player, legal_fleet_content(catalog), name=f"Fleet of {player.username}")
    response = client.post(reverse("tournaments:submit_fleet", args=[event.pk]), {"fleet": fleet.pk})
    assert response.status_code == 302, response.text
    assert event.registrations.get(player=player).fleet_version.fleet == fleet


def test_a_fleet_game_that_is_only_a_folder_runs_a_whole_event(client, organizer):
    assert get_game(KEY).name == "Last Ship Standing"
    catalog = small_catalog()
    event = create_event(
        client,
        organizer,
        name="Last Light Open",
        game_format=f"{KEY}:wizkids-2016",
        settings={f"{KEY}-points_per_ship": 7},  # the game's own setting, on the shared event form
    )
    assert "7 per ship still flying" in client.get(reverse("tournaments:event", args=[event.pk])).text
    players = [PlayerFactory(username=f"captain{number}") for number in range(4)]
    for player in players:
        enter_with_a_fleet(client, event, player, catalog)

    check_in_and_start(client, event)
    for number in (1, 2):
        assert client.post(reverse("tournaments:pair_next", args=[event.pk])).url == reverse(
            "tournaments:round", args=[event.pk, number]
        )
        for match in Match.objects.filter(round__number=number):
            page = reverse("tournaments:match", args=[event.pk, match.pk])
            assert "Whose ships still fly" in client.get(page).text
            client.post(page, {"winner": "1", "ships_left": str(number)})
            assert Match.objects.get(pk=match.pk).status == MatchStatus.CONFIRMED
        printout = client.get(reverse("tournaments:round_printout", args=[event.pk, number, "match-slips"]))
        assert printout["Content-Type"] == "application/pdf" and printout.content.startswith(b"%PDF")
    client.post(reverse("tournaments:finish", args=[event.pk]))

    # The game's own scoring: the event's 7 survivor points per ship left, for the winner only.
    points = {
        player.username: sum(
            MatchSide.objects.filter(registration__player=player).values_list("battle_points", flat=True)
        )
        for player in players
    }
    assert sorted(points.values()) == [0, 7, 14, 21]
    standings = client.get(reverse("tournaments:standings", args=[event.pk])).text
    assert "Survivor points" in standings
    ranked = sorted(points, key=lambda name: standings.index(name))
    assert ranked == sorted(points, key=points.get, reverse=True)  # two 1-1 players split by survivor points
    assert "Fleets" in client.get(reverse("tournaments:event", args=[event.pk])).text
    sheets = client.get(reverse("tournaments:fleet_sheets", args=[event.pk]))
    assert sheets.content.startswith(b"%PDF")
    assert Fleet.objects.count() == 4


def test_a_result_the_game_cannot_score_is_refused(client, organizer):
    """The game's form keeps a winner's survivors to its rule (1 to 3), and nothing is saved."""
    catalog = small_catalog()
    event = create_event(client, organizer, name="Last Light Open", game_format=f"{KEY}:wizkids-2016")
    for number in range(2):
        enter_with_a_fleet(client, event, PlayerFactory(username=f"pilot{number}"), catalog)
    check_in_and_start(client, event)
    client.post(reverse("tournaments:pair_next", args=[event.pk]))
    match = Match.objects.get()
    response = client.post(reverse("tournaments:match", args=[event.pk, match.pk]), {"winner": "1", "ships_left": "4"})
    assert response.status_code == 200 and "less than or equal to 3" in response.text
    assert Match.objects.get(pk=match.pk).status == MatchStatus.AWAITING


def test_the_games_own_setting_is_checked_by_the_event_form_and_nothing_is_saved(client, organizer):
    """The event form refuses the game's setting as the game's form does, and creates no event."""
    client.force_login(organizer)
    response = client.post(
        reverse("tournaments:create"),
        {
            "name": "Last Light Open",
            "game_format": f"{KEY}:wizkids-2016",
            "date": "2030-01-01",
            "round_minutes": 10,
            "top_cut": 0,
            "win_points": 3,
            "tie_points": 1,
            "loss_points": 0,
            "tiebreaks": "default",
            f"{KEY}-points_per_ship": 0,
        },
    )
    assert response.status_code == 200 and "greater than or equal to 1" in response.text
    assert not Event.objects.exists()


def test_the_games_setting_defaults_and_freezes_once_the_event_starts(client, organizer):
    """Not set on the form, the game's default scores (10 a ship); once started, it cannot change."""
    catalog = small_catalog()
    event = create_event(client, organizer, name="Last Light Open", game_format=f"{KEY}:wizkids-2016")
    assert event.game_settings == {"points_per_ship": 10}
    for number in range(2):
        enter_with_a_fleet(client, event, PlayerFactory(username=f"pilot{number}"), catalog)
    check_in_and_start(client, event)
    with pytest.raises(TournamentError, match="points_per_ship"):
        event_update(event=event, game_settings={"points_per_ship": 5})
    client.post(reverse("tournaments:pair_next", args=[event.pk]))
    match = Match.objects.get()
    client.post(reverse("tournaments:match", args=[event.pk, match.pk]), {"winner": "2", "ships_left": "2"})
    assert MatchSide.objects.get(match=match, seat=2).battle_points == 20
