"""The match page shows each report in full -- winner, what each fleet lost, the fleet points each
scores -- to the opponent who confirms it and to the judge; the result form says what counts as removed."""

import pytest
from django.urls import reverse

from games.attack_wing.results import Losses, MatchResult
from tournaments.models import MatchSide
from tournaments.services import event_start, result_report, round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def reported(event_staff, enter):
    event = event_staff["event"]
    for _ in range(2):
        enter(event)
    event_start(event=event)
    match = round_pair_next(event=event, by=event.organizer).matches.get(table=1)
    sides = {side.seat: side for side in MatchSide.objects.filter(match=match).select_related("registration__player")}
    result_report(match=match, by=sides[1].registration.player, result=MatchResult(1, {2: Losses.of(ships=["s0"])}))
    return event, match, sides


def test_the_opponent_sees_the_whole_claim_before_confirming(reported, client):
    event, match, sides = reported
    client.force_login(sides[2].registration.player)
    page = client.get(reverse("tournaments:match", args=[event.pk, match.pk])).content.decode()
    winner, loser = sides[1].registration.name, sides[2].registration.name
    assert f"Your opponent, {sides[1].registration.player.username}" in page
    assert f"{winner} won" in page
    assert f"{loser}&#x27;s fleet: " in page and "destroyed (" in page
    assert f"{winner}&#x27;s fleet: nothing destroyed or removed" in page
    assert f"Fleet points: {winner} 60 · {loser} 25" in page
    assert "Confirm my opponent's report" in page


def test_the_judge_sees_the_whole_claim(reported, client):
    event, match, sides = reported
    client.force_login(event_staff_judge(event))
    page = client.get(reverse("tournaments:match", args=[event.pk, match.pk])).content.decode()
    assert "Fleet points: " in page and "destroyed (" in page


def test_the_result_form_says_discarded_upgrades_still_survive(reported, client):
    event, match, sides = reported
    client.force_login(event.organizer)
    page = client.get(reverse("tournaments:match", args=[event.pk, match.pk])).content.decode()
    assert "discarded themselves to use its ability goes under the ship card" in page


def event_staff_judge(event):
    return event.judges.get()
