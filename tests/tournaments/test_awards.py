"""Awards: after the last round each player casts one secret Best Sportsmanship vote (never for
themselves), the organizer sees the count and names the winners of every award; awards show on the
event page, the player's record and in the event's export, and files without awards still import."""

import json
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from games.attack_wing.results import MatchResult
from tests.accounts.factories import OrganizerFactory
from tests.tournaments.factories import EventFactory
from tournaments.access import may_vote_sportsmanship
from tournaments.errors import TournamentError
from tournaments.exports import event_json
from tournaments.models import Award, Event, Match, SportsmanshipVote
from tournaments.models.awards import VOTING_DAYS
from tournaments.selectors import sportsmanship_counts
from tournaments.services import (
    award_set,
    event_finish,
    event_start,
    result_enter,
    round_pair_next,
    sportsmanship_vote,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(event_staff, enter):
    event = event_staff["event"]
    event.planned_rounds = 1
    event.save(update_fields=["planned_rounds"])
    registrations = [enter(event) for _ in range(4)]
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    for match in Match.objects.filter(round__event=event, table__isnull=False):
        result_enter(match=match, by=event.organizer, result=MatchResult(1))
    return event, registrations


@pytest.fixture
def finished(running):
    event, registrations = running
    event_finish(event=event)
    event.refresh_from_db()
    for registration in registrations:
        registration.refresh_from_db()
    return event, registrations


def test_voting_opens_once_the_event_is_finished(running):
    _, (first, second, *_) = running
    assert not may_vote_sportsmanship(first)
    with pytest.raises(TournamentError, match="once the event is finished"):
        sportsmanship_vote(voter=first, choice=second)
    assert not SportsmanshipVote.objects.exists()


def test_one_vote_never_for_oneself_and_the_organizer_sees_only_the_count(finished):
    event, (first, second, third, _) = finished
    with pytest.raises(TournamentError, match="yourself"):
        sportsmanship_vote(voter=first, choice=first)
    sportsmanship_vote(voter=first, choice=second)
    sportsmanship_vote(voter=third, choice=second)
    with pytest.raises(TournamentError, match="voted already"):
        sportsmanship_vote(voter=first, choice=third)
    assert sportsmanship_counts(event) == [(second.name, 2)]


def test_voting_closes_the_set_days_after_the_finish(finished, client):
    """Votes close ``VOTING_DAYS`` after the finish: the event page says when, and then offers no ballot."""
    event, (first, second, third, _) = finished
    assert event.votes_close_at is not None
    assert timedelta(days=VOTING_DAYS - 1) < event.votes_close_at - timezone.now() <= timedelta(days=VOTING_DAYS)
    client.force_login(first.player)
    assert 'id="votes-close"' in client.get(reverse("tournaments:event", args=[event.pk])).content.decode()
    sportsmanship_vote(voter=third, choice=second)
    Event.objects.filter(pk=event.pk).update(votes_close_at=timezone.now() - timedelta(seconds=1))
    first.refresh_from_db()
    assert not may_vote_sportsmanship(first)
    with pytest.raises(TournamentError, match="Voting has closed"):
        sportsmanship_vote(voter=first, choice=second)
    assert 'id="vote-choice"' not in client.get(reverse("tournaments:event", args=[event.pk])).content.decode()
    client.post(reverse("tournaments:vote", args=[event.pk]), {"choice": second.pk})
    assert list(SportsmanshipVote.objects.values_list("voter", flat=True)) == [third.pk]  # the vote before stays


def test_an_event_finished_before_votes_had_a_closing_time_keeps_them_open(finished):
    event, (first, second, *_) = finished
    Event.objects.filter(pk=event.pk).update(votes_close_at=None)
    first.refresh_from_db()
    assert sportsmanship_vote(voter=first, choice=second)


def test_a_vote_for_a_player_of_another_event_is_refused(finished, enter):
    _, (first, *_) = finished
    stranger = enter(EventFactory())
    with pytest.raises(TournamentError, match="this event"):
        sportsmanship_vote(voter=first, choice=stranger)
    assert not SportsmanshipVote.objects.exists()


def test_the_player_votes_on_the_event_page_and_the_organizer_sees_the_count(client, finished):
    event, (first, second, *_) = finished
    client.force_login(first.player)
    page = client.get(reverse("tournaments:event", args=[event.pk])).content.decode()
    assert (
        'id="vote-choice"' in page
        and f'value="{first.pk}"' not in page.split('id="vote-choice"')[1].split("</select>")[0]
    )
    client.post(reverse("tournaments:vote", args=[event.pk]), {"choice": second.pk})
    assert SportsmanshipVote.objects.get(voter=first).choice == second
    assert 'id="vote-choice"' not in client.get(reverse("tournaments:event", args=[event.pk])).content.decode()
    client.force_login(event.organizer)
    page = client.get(reverse("tournaments:event", args=[event.pk])).content.decode()
    assert f"{second.name} 1" in page


def test_a_player_votes_only_as_themselves(client, finished):
    """The voter is whoever is signed in: no field names another voter, and a non-player cannot vote."""
    event, (first, second, *_) = finished
    client.force_login(event.organizer)
    assert client.post(reverse("tournaments:vote", args=[event.pk]), {"choice": second.pk}).status_code == 404
    assert not SportsmanshipVote.objects.exists()


def test_the_organizer_names_winners_shown_on_the_page_the_record_and_the_export(client, finished):
    event, (first, second, *_) = finished
    client.force_login(event.organizer)
    client.post(reverse("tournaments:award_set", args=[event.pk]), {"name": "Best Painted", "winner": first.pk})
    award_set(event=event, name="Best Sportsmanship", winner=second)
    assert list(Award.objects.filter(event=event).values_list("name", "winner")) == [
        ("Best Painted", first.pk),
        ("Best Sportsmanship", second.pk),
    ]
    client.logout()
    page = client.get(reverse("tournaments:event", args=[event.pk])).content.decode()
    assert "Best Painted" in page and first.name in page
    record = client.get(reverse("seasons:player", args=[first.player.pk])).content.decode()
    assert "Best Painted" in record
    assert event_json(event)["awards"] == [
        {"name": "Best Painted", "winner": first.player.username},
        {"name": "Best Sportsmanship", "winner": second.player.username},
    ]


def test_a_player_cannot_add_awards(client, finished):
    event, (first, *_) = finished
    client.force_login(first.player)
    response = client.post(
        reverse("tournaments:award_set", args=[event.pk]), {"name": "Best Painted", "winner": first.pk}
    )
    assert response.status_code == 403 and not Award.objects.exists()


def test_awards_travel_with_the_export_and_older_files_still_import(finished, tmp_path):
    event, (first, *_) = finished
    award_set(event=event, name="Best Painted", winner=first)
    data = event_json(event)
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    call_command("import_event", str(path), "--organizer", OrganizerFactory().username, stdout=StringIO())
    copy = Event.objects.order_by("-pk").first()
    award = copy.awards.get()
    assert award.name == "Best Painted" and award.winner.player.username == first.player.username
    del data["awards"]
    path.write_text(json.dumps(data))
    call_command("import_event", str(path), "--organizer", OrganizerFactory().username, stdout=StringIO())
    older = Event.objects.order_by("-pk").first()
    assert older.pk != copy.pk and older.name == event.name and not older.awards.exists()
