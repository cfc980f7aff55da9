"""One question, one answer: where each player finished at an event with a top cut is decided by
:func:`tournaments.selectors.final_standings` (the cut's placing first, then the Swiss order) and the
standings PDF, the CSV, the API and the lines records and seasons read all ask it; each record counts
the cut's games. The cut's rounds are named by what they decide (Semifinal, Final) wherever a round
is named, a cut match offers no tie, and a Swiss correction that would change the paired cut is refused."""

import csv
import io

import pytest
from django.urls import reverse

from games.attack_wing.results import Losses, MatchResult
from seasons.models import Season
from seasons.selectors import player_placings, season_table
from tests.tournaments.test_printouts_and_exports import pdf_text
from tests.tournaments.top_cut import pair_semifinals, play_top_4
from tournaments import selectors
from tournaments.errors import TournamentError
from tournaments.models import FinalStanding, Match, MatchSide, Registration, ResultChange, cut_round_name
from tournaments.services import result_enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def top_4(enter):
    return play_top_4(enter)


def final_order(event, semi, final) -> list[int]:
    """The registration ids as they finished: champion, finalist, the semifinal losers in Swiss order,
    then the players who missed the cut in Swiss order (seat 2 won every cut match)."""
    swiss = [row.registration_id for row in selectors.event_standings(event).rows]
    finalist, champion = final.matches.get().sides.order_by("seat").values_list("registration_id", flat=True)
    losers = sorted(
        MatchSide.objects.filter(round=semi, seat=1).values_list("registration_id", flat=True), key=swiss.index
    )
    placed = [champion, finalist, *losers]
    return placed + [pk for pk in swiss if pk not in placed]


def whole_record(event, pk: int, won: int, lost: int) -> tuple[int, int, int]:
    """The Swiss record of registration ``pk`` with ``won`` and ``lost`` cut games added."""
    row = next(row for row in selectors.event_standings(event).rows if row.registration_id == pk)
    return row.wins + row.byes + won, row.ties, row.losses + lost


def test_the_final_standings_pdf_ranks_the_champion_first_with_the_cut_games_counted(client, top_4):
    event, _swiss, semi, final = top_4
    order = final_order(event, semi, final)
    printed = {pk: person.name for pk, person in selectors.printed_players(event).items()}
    client.force_login(event.organizer)
    text = pdf_text(client.get(reverse("tournaments:standings_printout", args=[event.pk])))
    assert "final standings" in text and "Swiss" in text
    at = [text.index(printed[pk]) for pk in order]
    assert at == sorted(at)  # the champion first, whatever the Swiss order
    wins, ties, losses = whole_record(event, order[0], 2, 0)
    assert f"{wins}-{ties}-{losses}" in text[at[0] : at[1]]


def test_the_standings_csv_ranks_the_champion_first_with_the_cut_games_counted(client, top_4):
    event, _swiss, semi, final = top_4
    order = final_order(event, semi, final)
    client.force_login(event.organizer)
    response = client.get(reverse("tournaments:export_standings_csv", args=[event.pk]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    name = {r.pk: r.name for r in Registration.objects.filter(event=event).select_related("player")}
    assert [row["player"] for row in rows] == [name[pk] for pk in order]
    assert [row["rank"] for row in rows] == [str(n) for n in range(1, 9)]
    assert [row["place"] for row in rows[:5]] == ["1", "2", "3–4", "3–4", "5"]
    assert rows[0]["swiss_rank"] != "1"  # the Swiss leader lost a semifinal
    champion = whole_record(event, order[0], 2, 0)
    assert (int(rows[0]["wins"]) + int(rows[0]["byes"]), int(rows[0]["ties"]), int(rows[0]["losses"])) == champion


def test_the_api_ranks_the_champion_first_and_names_the_cut_rounds(client, top_4):
    event, _swiss, semi, final = top_4
    order = final_order(event, semi, final)
    standings = client.get(f"/api/events/{event.pk}/standings").json()
    assert [row["registration"] for row in standings] == order
    assert [row["rank"] for row in standings[:4]] == [1, 2, 3, 4]
    assert [row["place"] for row in standings[:4]] == ["1", "2", "3–4", "3–4"]
    finalist = whole_record(event, order[1], 1, 1)
    assert (standings[1]["wins"] + standings[1]["byes"], standings[1]["ties"], standings[1]["losses"]) == finalist
    detail = client.get(f"/api/events/{event.pk}").json()
    assert [r["name"] for r in detail["rounds"]] == ["Round 1", "Round 2", "Semifinal", "Final"]
    assert client.get(f"/api/events/{event.pk}/rounds/{semi.number}").json()["name"] == "Semifinal"


def test_a_players_record_counts_the_cut_games_and_the_final_place(client, top_4):
    event, _swiss, semi, final = top_4
    order = final_order(event, semi, final)
    champion = Registration.objects.select_related("player").get(pk=order[0])
    wins, ties, losses = whole_record(event, champion.pk, 2, 0)
    [placing] = player_placings(champion.player)
    assert (placing.rank, placing.wins, placing.ties, placing.losses) == (1, wins, ties, losses)
    page = client.get(reverse("seasons:player", args=[champion.player.pk])).content.decode()
    assert f"<td>1</td><td>{wins}-{ties}-{losses}</td>" in page
    semi_loser = FinalStanding.objects.get(registration_id=order[2])
    assert (semi_loser.wins + semi_loser.byes, semi_loser.ties, semi_loser.losses) == whole_record(
        event, order[2], 0, 1
    )


def test_a_season_table_counts_the_champions_event_win_and_cut_games(top_4):
    event, _swiss, semi, final = top_4
    order = final_order(event, semi, final)
    season = Season.objects.create(
        name="Bajor league",
        game=event.game,
        starts_on=event.date,
        ends_on=event.date,
        every_event=False,
        created_by=event.organizer,
    )
    season.events.add(event)
    champion = Registration.objects.get(pk=order[0])
    line = next(line for line in season_table(season).lines if line.player_id == champion.player_id)
    assert (line.row.event_wins, line.row.best_placing) == (1, 1)
    assert line.row.wins == whole_record(event, champion.pk, 2, 0)[0]


def test_cut_rounds_are_named_by_the_players_they_start():
    assert [cut_round_name(n) for n in (2, 4, 8, 16)] == ["Final", "Semifinal", "Quarterfinal", "Top 16"]


def test_the_cut_rounds_are_named_on_the_desk_live_page_slips_pairings_and_history(client, top_4):
    event, _swiss, semi, final = top_4
    assert (semi.name, final.name) == ("Semifinal", "Final")
    client.force_login(event.organizer)
    assert '<h2 class="h4">Semifinal</h2>' in client.get(reverse("tournaments:round", args=[event.pk, 3])).text
    assert "Final" in client.get(reverse("tournaments:live", args=[event.pk, 4])).text
    assert "Round 4" not in client.get(reverse("tournaments:live", args=[event.pk, 4])).text
    slips = pdf_text(client.get(reverse("tournaments:round_printout", args=[event.pk, 3, "match-slips"])))
    assert "Semifinal match slips" in slips and "Semifinal · table 1" in slips and "round 3" not in slips
    pairings = pdf_text(client.get(reverse("tournaments:round_printout", args=[event.pk, 4, "pairings-by-table"])))
    assert "Final pairings by table" in pairings
    history = client.get(reverse("tournaments:history", args=[event.pk])).text
    assert "Semifinal, table 1" in history and "Final, table 1" in history and "Round 3" not in history


def test_cut_slips_and_the_cut_result_form_offer_no_tie(client, enter):
    event, semi = pair_semifinals(enter)
    client.force_login(event.organizer)
    slips = pdf_text(client.get(reverse("tournaments:round_printout", args=[event.pk, semi.number, "match-slips"])))
    swiss_slips = pdf_text(client.get(reverse("tournaments:round_printout", args=[event.pk, 1, "match-slips"])))
    assert "Win / Loss" in slips and "Tie" not in slips and "Win / Tie / Loss" in swiss_slips
    desk = client.get(reverse("tournaments:round", args=[event.pk, semi.number])).text
    assert 'name="table-1-winner"' in desk and 'value="tie"' not in desk
    match = semi.matches.get(table=1)
    client.force_login(match.sides.get(seat=1).registration.player)
    own = client.get(reverse("tournaments:match", args=[event.pk, match.pk])).text
    assert 'name="winner"' in own and 'value="tie"' not in own
    with pytest.raises(TournamentError, match="cannot end in a tie"):
        result_enter(match=match, by=event.organizer, result=MatchResult(None))


def round_2_table(event, *, leaders: bool) -> Match:
    """A round 2 table between two players who both won round 1 (``leaders``), or both lost it."""
    won_1 = set(
        MatchSide.objects.filter(round__event=event, round__number=1, outcome="win").values_list(
            "registration_id", flat=True
        )
    )
    for match in Match.objects.filter(round__event=event, round__number=2, table__isnull=False):
        players = set(match.sides.values_list("registration_id", flat=True))
        if (players <= won_1) if leaders else not (players & won_1):
            return match
    raise AssertionError("no such table")


def test_a_swiss_correction_that_would_change_the_cut_is_refused_and_changes_nothing(top_4):
    """The tester's finding: flipping a Swiss table after the cut moved the champion to 6th in the Swiss
    and put a player who never made the cut 4th, silently."""
    event, *_ = top_4
    match = round_2_table(event, leaders=True)
    lines = list(FinalStanding.objects.filter(event=event).values_list("registration_id", "rank", "wins"))
    outcomes = list(MatchSide.objects.filter(round__event=event).values_list("pk", "outcome"))
    changes = ResultChange.objects.count()
    with pytest.raises(TournamentError, match="would change the top cut") as refused:
        result_enter(match=match, by=event.organizer, result=MatchResult(2))
    assert "cannot be undone" in str(refused.value) and f"Round 2, table {match.table}" in str(refused.value)
    assert list(FinalStanding.objects.filter(event=event).values_list("registration_id", "rank", "wins")) == lines
    assert list(MatchSide.objects.filter(round__event=event).values_list("pk", "outcome")) == outcomes
    assert ResultChange.objects.count() == changes


def test_a_swiss_correction_that_keeps_the_cut_goes_through_into_the_history(client, top_4):
    event, *_ = top_4
    match = round_2_table(event, leaders=False)  # its loser ends 0-2, far from the cut
    seeds = selectors.cut_seeds(event)
    result_enter(match=match, by=event.organizer, result=MatchResult(1, {1: Losses.of(ships=["s0"])}))
    assert selectors.cut_seeds(event) == seeds
    change = ResultChange.objects.filter(match=match).latest("pk")
    assert change.action == "corrected after finish"
    client.force_login(event.organizer)
    assert f"Round 2, table {match.table}" in client.get(reverse("tournaments:history", args=[event.pk])).text
