"""The event pages through Django's test client: forms, messages and what each page shows."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from fleets.drafts import fleet_edit_draft
from fleets.services import fleet_update
from games.attack_wing.results import MatchResult
from tests.accounts.factories import PlayerFactory
from tests.tournaments.factories import EventFactory, illegal_fleet_content, legal_fleet_content
from tournaments.models import Event, EventStatus, MatchSide, MatchStatus
from tournaments.services import event_finish, event_start, registration_add, result_enter, round_pair_next

pytestmark = pytest.mark.django_db


def event_form(**changes) -> dict:
    data = {
        "name": "Dominion War Open",
        "game_format": "attack-wing:wizkids-2016",
        "date": (timezone.localdate() + timedelta(days=3)).isoformat(),
        "venue": "Starbase 375",
        "round_minutes": 90,
        "top_cut": 0,
        "win_points": 3,
        "tie_points": 1,
        "loss_points": 0,
        "tiebreaks": "default",
        "attack-wing-bye_fleet_points": 60,  # Attack Wing's own settings, under its key
        "attack-wing-resource_rule": "table-2016",
    }
    data.update(changes)
    return data


def test_an_organizer_creates_an_event_run_by_them(client, organizer, judge):
    client.force_login(organizer)
    response = client.post(reverse("tournaments:create"), event_form(judges=[judge.pk]))
    event = Event.objects.get(name="Dominion War Open")
    assert response.url == reverse("tournaments:event", args=[event.pk])
    assert event.organizer == organizer and list(event.judges.all()) == [judge]
    assert (event.game, event.format, event.status) == ("attack-wing", "wizkids-2016", EventStatus.REGISTRATION)


@pytest.mark.parametrize(("format_key", "base"), [("wizkids-2016", 130), ("wizkids-2014", 120)])
def test_the_fleet_point_base_defaults_to_the_formats_fleet_limit(client, organizer, format_key, base):
    """Seed 003 prints "120 MINUS" for 130-point fleets; the base follows the format's limit instead."""
    client.force_login(organizer)
    client.post(reverse("tournaments:create"), event_form(game_format=f"attack-wing:{format_key}"))
    assert Event.objects.get().game_settings["fleet_point_base"] == base


def test_an_unknown_format_is_refused(client, organizer):
    client.force_login(organizer)
    response = client.post(reverse("tournaments:create"), event_form(game_format="attack-wing:no-such-format"))
    assert response.status_code == 200 and "Select a valid choice" in response.text
    assert not Event.objects.exists()


def test_the_format_cannot_change_once_the_event_runs(client, enter):
    event = EventFactory()
    enter(event), enter(event)
    event_start(event=event)
    client.force_login(event.organizer)
    response = client.post(
        reverse("tournaments:edit", args=[event.pk]),
        event_form(name="Renamed", game_format="attack-wing:wizkids-2014", **{"attack-wing-fleet_point_base": 130}),
        follow=True,
    )
    assert "cannot change once the event has started" in response.text
    event.refresh_from_db()
    assert (event.name, event.format) != ("Renamed", "wizkids-2014")
    client.post(
        reverse("tournaments:edit", args=[event.pk]),
        event_form(name="Renamed", **{"attack-wing-fleet_point_base": 130}),
    )
    event.refresh_from_db()
    assert event.name == "Renamed"


def test_the_home_page_lists_upcoming_events(client):
    EventFactory(name="Tomorrow's Skirmish", date=timezone.localdate() + timedelta(days=1))
    EventFactory(name="Long Ago Battle", date=timezone.localdate() - timedelta(days=30), status=EventStatus.FINISHED)
    page = client.get(reverse("home")).text
    assert "Tomorrow&#x27;s Skirmish" in page and "Long Ago Battle" not in page


def test_the_event_list_groups_events_by_state(client):
    EventFactory(name="Open Registration")
    EventFactory(name="Done Already", status=EventStatus.FINISHED)
    page = client.get(reverse("tournaments:list")).text
    assert page.index("Open Registration") < page.index("Done Already")


def test_staff_add_a_player_by_account_name(client, event_staff, player):
    event = event_staff["event"]
    client.force_login(event_staff["judge"])
    client.post(reverse("tournaments:add_player", args=[event.pk]), {"username": player.username.upper()})
    assert event.registrations.filter(player=player, added_by=event_staff["judge"]).exists()
    response = client.post(reverse("tournaments:add_player", args=[event.pk]), {"username": "nobody"}, follow=True)
    assert "No account is called" in response.text


def test_an_illegal_fleet_shows_its_violations(client, player, make_fleet, catalog):
    event = EventFactory()
    registration_add(event=event, player=player)
    fleet = make_fleet(player, illegal_fleet_content(catalog), name="Lone Raider")
    client.force_login(player)
    response = client.post(reverse("tournaments:submit_fleet", args=[event.pk]), {"fleet": fleet.pk})
    assert "not legal for the event" in response.text
    assert 'class="violation"' in response.text


def test_a_player_reports_through_the_match_page_and_the_opponent_is_asked_to_confirm(client, enter):
    event = EventFactory()
    enter(event), enter(event)
    event_start(event=event)
    match = round_pair_next(event=event, by=event.organizer).matches.get()
    seats = {s.seat: s.registration.player for s in match.sides.select_related("registration__player")}
    page = reverse("tournaments:match", args=[event.pk, match.pk])
    client.force_login(seats[1])
    form = client.get(page).text
    assert 'name="lost_2" value="s0"' in form and "Tie" in form
    client.post(page, {"winner": "1", "lost_2": ["s0"]})
    match.refresh_from_db()
    assert match.status == MatchStatus.REPORTED
    client.force_login(seats[2])
    assert "Confirm my opponent's report" in client.get(page).text
    client.post(reverse("tournaments:confirm", args=[event.pk, match.pk]))
    assert MatchSide.objects.get(match=match, seat=1).fleet_points == 60


def test_the_swap_page_warns_about_a_rematch(client, enter):
    event = EventFactory()
    entries = [enter(event) for _ in range(4)]
    event_start(event=event)
    first = round_pair_next(event=event, by=event.organizer)
    for match in first.matches.all():
        result_enter(match=match, by=event.organizer, result=MatchResult(1))
    second = round_pair_next(event=event, by=event.organizer)
    met = {s.registration_id: s.match_id for s in MatchSide.objects.filter(round=first)}
    now = {s.registration_id: s.match_id for s in MatchSide.objects.filter(round=second)}
    a = entries[0].pk
    old_opponent = next(r for r in met if r != a and met[r] == met[a])
    partner = next(r for r in now if r not in (a, old_opponent) and now[r] == now[old_opponent])
    client.force_login(event.organizer)
    response = client.post(reverse("tournaments:swap", args=[event.pk, 2]), {"first": a, "second": partner})
    assert "already played each other" in response.text
    assert MatchSide.objects.get(round=second, registration_id=a).match_id == now[a]


def test_the_timer_state_follows_the_round_clock(client, enter):
    event = EventFactory(round_minutes=75)
    enter(event), enter(event)
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    state = reverse("tournaments:timer_state", args=[event.pk, 1])
    assert client.get(state).json()["started"] is None
    client.force_login(event.organizer)
    client.post(reverse("tournaments:clock", args=[event.pk, 1]), {"action": "start"})
    data = client.get(state).json()
    assert data["minutes"] == 75 and data["started"] is not None
    client.post(reverse("tournaments:clock", args=[event.pk, 1]), {"action": "reset"})
    assert client.get(state).json()["started"] is None


def test_standings_are_published_when_the_event_starts(client, player, enter):
    event = EventFactory()
    enter(event), enter(event)
    client.force_login(player)
    assert client.get(reverse("tournaments:standings", args=[event.pk])).status_code == 403
    event_start(event=event)
    assert client.get(reverse("tournaments:standings", args=[event.pk])).status_code == 200


def test_pages_carry_no_inline_script_or_style(client, enter):
    event = EventFactory()
    enter(event), enter(event, PlayerFactory())
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    client.force_login(event.organizer)
    for name, args in [
        ("event", [event.pk]),
        ("round", [event.pk, 1]),
        ("timer", [event.pk, 1]),
        ("standings", [event.pk]),
        ("fleets", [event.pk]),
        ("edit", [event.pk]),
    ]:
        html = client.get(reverse(f"tournaments:{name}", args=args)).text
        assert "<script>" not in html and " style=" not in html and "onclick" not in html, name


def test_navigation_offers_new_event_to_organizers_only(client, player, organizer):
    new_event = reverse("tournaments:create")
    assert reverse("tournaments:list") in client.get(reverse("home")).text
    client.force_login(player)
    assert new_event not in client.get(reverse("home")).text
    client.force_login(organizer)
    assert new_event in client.get(reverse("home")).text


def test_a_player_who_changed_the_submitted_fleet_is_told_to_submit_again(client, enter, catalog):
    event = EventFactory()
    registration = enter(event)
    client.force_login(registration.player)
    page = reverse("tournaments:event", args=[event.pk])
    assert "changed this fleet since you submitted it" not in client.get(page).text
    changed = legal_fleet_content(catalog)
    changed["ships"][0]["upgrades"] = []
    fleet_update(fleet=registration.fleet_version.fleet, content=changed, by=registration.player)
    assert "changed this fleet since you submitted it" in client.get(page).text


def test_unsaved_builder_edits_count_as_a_change_of_the_submitted_fleet(client, enter, catalog):
    event = EventFactory()
    registration = enter(event)
    client.force_login(registration.player)
    changed = legal_fleet_content(catalog)
    changed["ships"][0]["upgrades"] = []
    fleet_edit_draft(fleet=registration.fleet_version.fleet, content=changed, base=None)
    assert "changed this fleet since you submitted it" in client.get(reverse("tournaments:event", args=[event.pk])).text


def test_starting_asks_the_organizer_first_and_says_what_it_will_do(client, enter):
    """Starting locks every list and cannot be undone: the GET only asks, the POST starts."""
    event = EventFactory()
    enter(event), enter(event), enter(event, check_in=False)
    client.force_login(event.organizer)
    page = client.get(reverse("tournaments:start", args=[event.pk]))
    assert "2 of 3 registered players are checked in" in page.text
    assert "cannot be undone" in page.text
    event.refresh_from_db()
    assert event.status == EventStatus.REGISTRATION
    client.post(reverse("tournaments:start", args=[event.pk]))
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING


def test_attack_wings_settings_are_set_on_the_event_form_and_shown_on_its_page(client, organizer):
    """Attack Wing's own settings, under its name on the event form, become the event's game settings."""
    client.force_login(organizer)
    form = event_form(
        **{
            "attack-wing-fleet_point_base": 125,
            "attack-wing-bye_fleet_points": 45,
            "attack-wing-banned_resources": "Sick Bay, Captain's Chair",
            "attack-wing-resource_rule": "list",
        }
    )
    client.post(reverse("tournaments:create"), form)
    event = Event.objects.get()
    assert event.game_settings == {
        "fleet_point_base": 125,
        "bye_fleet_points": 45,
        "banned_resources": "Sick Bay, Captain's Chair",
        "resource_rule": "list",
    }
    page = client.get(reverse("tournaments:event", args=[event.pk])).text
    assert "fleet points out of 125, a bye scores 45" in page and "Sick Bay, Captain&#x27;s Chair" in page
    assert "Only the resources banned above are refused" in page
    edit = client.get(reverse("tournaments:edit", args=[event.pk])).text
    assert 'name="attack-wing-fleet_point_base" value="125"' in edit


def test_a_bad_attack_wing_setting_is_refused_and_nothing_saved(client, organizer):
    client.force_login(organizer)
    response = client.post(reverse("tournaments:create"), event_form(**{"attack-wing-bye_fleet_points": 40000}))
    assert response.status_code == 200 and "less than or equal to 32767" in response.text
    assert not Event.objects.exists()


def test_attack_wings_resource_settings_freeze_once_the_event_runs(client, enter):
    event = EventFactory()
    enter(event), enter(event)
    event_start(event=event)
    client.force_login(event.organizer)
    response = client.post(
        reverse("tournaments:edit", args=[event.pk]),
        event_form(**{"attack-wing-fleet_point_base": 130, "attack-wing-banned_resources": "Sick Bay"}),
        follow=True,
    )
    assert "cannot change once the event has started: banned_resources" in response.text
    event.refresh_from_db()
    assert event.game_settings["banned_resources"] == ""


def test_the_event_page_offers_a_list_change_only_while_the_service_takes_it(client, player, make_fleet):
    """Past the submission deadline the player may no longer change their list (the service refuses,
    so the page offers no button either: both ask :func:`tournaments.access.may_change_list`)."""
    event = EventFactory(submission_deadline=timezone.now() + timedelta(hours=1))
    registration_add(event=event, player=player)
    client.force_login(player)
    url = reverse("tournaments:event", args=[event.pk])
    assert "Submit fleet" in client.get(url).text
    Event.objects.filter(pk=event.pk).update(submission_deadline=timezone.now() - timedelta(minutes=1))
    page = client.get(url).text
    assert "Submit fleet" not in page and "Change fleet" not in page


def finished_event(enter):
    event = EventFactory(planned_rounds=1)
    for _ in range(2):
        enter(event)
    event_start(event=event)
    for match in round_pair_next(event=event, by=event.organizer).matches.all():
        result_enter(match=match, by=event.organizer, result=MatchResult(1))
    return event_finish(event=event)


def test_who_may_reopen_a_finished_event_is_asked_once(client, enter, judge):
    """Only the organizer reopens a finished event: the round page offers it to them and not to a judge,
    and the judge's post is refused, both by :func:`tournaments.access.may_reopen`."""
    event = finished_event(enter)
    event.judges.add(judge)
    round_url = reverse("tournaments:round", args=[event.pk, 1])
    reopen_url = reverse("tournaments:reopen", args=[event.pk, 1])
    client.force_login(judge)
    assert "Reopen for corrections" not in client.get(round_url).text
    assert client.post(reopen_url, {"confirm": "yes"}).status_code == 403
    client.force_login(event.organizer)
    assert "Reopen for corrections" in client.get(round_url).text
    client.post(reopen_url, {"confirm": "yes"})
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING
