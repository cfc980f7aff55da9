"""Notices by mail: a player learns their table, opponent and the opponent's faction when a round is
paired, and that a result at their table is disputed; each chooses which they get, and one link in
every mail turns them off without logging in. Mail goes only once the pairing commits."""

import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import LanguagePreference, NoticePreferences
from accounts.notices import notices_off_token
from games.attack_wing.results import Losses, MatchResult
from stores.services import store_create
from tournaments.models import Match
from tournaments.services import (
    event_start,
    registration_add_walk_in,
    registration_submit_fleet,
    result_report,
    round_pair_next,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def started(event_staff, enter):
    event = event_staff["event"]
    registrations = [enter(event) for _ in range(2)]
    for registration in registrations:
        registration.player.email = f"{registration.player.username}@example.org"
        registration.player.save(update_fields=["email"])
    event_start(event=event)
    return event, registrations


def test_a_paired_player_is_told_table_opponent_and_faction_once_it_commits(
    started, django_capture_on_commit_callbacks
):
    event, (first, second) = started
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        round_pair_next(event=event, by=event.organizer)
        assert not mail.outbox  # nothing before the pairing commits
    assert callbacks
    to_first = next(message for message in mail.outbox if message.to == [first.player.email])
    faction = second.fleet_version.fleet.faction
    assert "table 1" in to_first.body and second.name in to_first.body and f"({faction})" in to_first.body
    assert len(mail.outbox) == 2


def test_a_player_who_turned_pairings_off_gets_none(started, django_capture_on_commit_callbacks):
    event, (first, second) = started
    NoticePreferences.objects.create(user=first.player, pairings=False)
    with django_capture_on_commit_callbacks(execute=True):
        round_pair_next(event=event, by=event.organizer)
    assert [message.to for message in mail.outbox] == [[second.player.email]]


def test_a_disputed_result_tells_both_players(started, django_capture_on_commit_callbacks):
    event, (first, second) = started
    round_pair_next(event=event, by=event.organizer)
    match = Match.objects.get(round__event=event, table=1)
    seats = {side.seat: side.registration.player for side in match.sides.select_related("registration__player")}
    result_report(match=match, by=seats[1], result=MatchResult(1, {2: Losses.of(ships=["s0"])}))
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        result_report(match=match, by=seats[2], result=MatchResult(2, {1: Losses.of(ships=["s0"])}))
    assert sorted(message.to[0] for message in mail.outbox) == sorted([first.player.email, second.player.email])
    assert all("disputed" in message.subject for message in mail.outbox)


def test_the_link_in_every_mail_turns_notices_off_without_logging_in(
    started, client, django_capture_on_commit_callbacks
):
    event, (first, _) = started
    with django_capture_on_commit_callbacks(execute=True):
        round_pair_next(event=event, by=event.organizer)
    body = next(message.body for message in mail.outbox if message.to == [first.player.email])
    off_path = reverse("notices_off", args=[notices_off_token(first.player)])
    assert off_path in body
    assert client.get(off_path).status_code == 200  # asks first: a mail scanner turns nothing off
    assert not NoticePreferences.objects.filter(user=first.player).exists()
    client.post(off_path)
    preferences = NoticePreferences.objects.get(user=first.player)
    assert not preferences.pairings and not preferences.disputes


def test_a_forged_link_turns_nothing_off(client, started):
    _, (first, _) = started
    forged = notices_off_token(first.player)[:-2] + "xx"
    assert client.post(reverse("notices_off", args=[forged])).status_code == 404
    assert not NoticePreferences.objects.exists()


def test_each_person_chooses_their_notices_in_their_account(client, player):
    client.force_login(player)
    assert client.get(reverse("notices")).context["form"].initial == {"pairings": True, "disputes": True}
    client.post(reverse("notices"), {"disputes": "on"})
    preferences = NoticePreferences.objects.get(user=player)
    assert not preferences.pairings and preferences.disputes


def test_a_walk_in_the_desk_entered_by_name_gets_no_notice(started, make_fleet, django_capture_on_commit_callbacks):
    """Notices go to accounts one logs in to: a walk-in's address was given to the desk, not to us."""
    event, registrations = started
    walk_in = registration_add_walk_in(
        event=event, name="Kira Nerys", email="kira@example.org", added_by=event.organizer
    )
    registration_submit_fleet(registration=walk_in, fleet=make_fleet(walk_in.player), by=event.organizer)
    with django_capture_on_commit_callbacks(execute=True):
        round_pair_next(event=event, by=event.organizer)
    assert "kira@example.org" not in [message.to[0] for message in mail.outbox]
    assert len(mail.outbox) == len(registrations)


def test_each_player_is_told_in_the_language_they_chose_else_in_the_stores(started, django_capture_on_commit_callbacks):
    """stores.languages.mail_languages: a player's own choice, else the language of the store's event."""
    event, (chose_english, never_chose) = started
    event.store = store_create(
        name="Spielwiese", town="Berlin", language="de", first_organizer=event.organizer, by=event.organizer
    )
    event.save(update_fields=["store"])
    LanguagePreference.objects.create(user=chose_english.player, language="en")
    with django_capture_on_commit_callbacks(execute=True):
        round_pair_next(event=event, by=event.organizer)
    subjects = {message.to[0]: message.subject for message in mail.outbox}
    assert subjects[chose_english.player.email].endswith("Round 1: table 1")
    assert subjects[never_chose.player.email].endswith("Runde 1: Tisch 1")
