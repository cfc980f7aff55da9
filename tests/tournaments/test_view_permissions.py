"""Every event view, asked by each kind of user: who gets through and who is refused.

The users: anonymous, a player of the match under test, another player of the
event (at another table), the event's judge, another event's judge, the event's
organizer and another organizer. Only the event's organizer and judges pair
rounds, enter results and see hidden fleets; a player reports only their own match.
"""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.urls import URLPattern, reverse

from stores.models import Store
from tests.accounts.factories import PlayerFactory
from tests.tournaments.access_check import got_through
from tests.tournaments.conftest import entered, staffed_event
from tests.tournaments.factories import small_catalog
from tests.tournaments.test_deck_view_permissions import COVERED as DECK_VIEWS_COVERED
from tests.tournaments.test_walk_in_views import COVERED as WALK_IN_VIEWS_COVERED
from tournaments.models import Award, MatchSide, WaitlistEntry
from tournaments.services import event_start, round_pair_next, round_swap_players, sheets_job_request
from tournaments.tasks import make_fleet_sheets
from tournaments.urls import urlpatterns

pytestmark = pytest.mark.django_db

EVERYONE = {"anonymous", "player", "other_player", "judge", "other_judge", "organizer", "other_organizer"}
SIGNED_IN = EVERYONE - {"anonymous"}
STAFF = {"judge", "organizer"}
ORGANIZER = {"organizer"}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """A running event with hidden lists, round 1 paired with ``player`` and ``other_player`` at different tables.

    Built once for the module in a transaction rolled back after it; each test runs in its own savepoint
    inside it, so what a test's requests write (a start, a result) is gone before the next test."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield running_event()
        transaction.set_rollback(True)


def running_event() -> dict:
    event_staff, catalog = staffed_event(), small_catalog()
    player, other_player = PlayerFactory(), PlayerFactory()
    event = event_staff["event"]
    entries = {"player": entered(event, player, catalog=catalog)}
    entries["other_player"] = entered(event, other_player, catalog=catalog)
    entries["third"] = entered(event, PlayerFactory(), catalog=catalog)
    entries["fourth"] = entered(event, PlayerFactory(), catalog=catalog)
    event_start(event=event)
    round_ = round_pair_next(event=event, by=event.organizer)
    sides = {side.registration_id: side for side in MatchSide.objects.filter(round=round_).select_related("match")}
    match = sides[entries["player"].pk].match
    other_match = sides[entries["other_player"].pk].match
    if match == other_match:  # keep the two players apart: swap other_player with a third player
        third = next(r for r in (entries["third"], entries["fourth"]) if sides[r.pk].match != match)
        round_swap_players(round_=round_, first=entries["other_player"], second=third, allow_rematch=True)
        other_match = MatchSide.objects.get(round=round_, registration=entries["other_player"]).match
    users = {
        "anonymous": AnonymousUser(),
        "player": player,
        "other_player": other_player,
        **{key: event_staff[key] for key in ("judge", "other_judge", "organizer", "other_organizer")},
    }
    job = sheets_job_request(event=event, by=event.organizer, site_url="http://testserver/")
    make_fleet_sheets.call(job.pk)
    return {
        "event": event,
        "store": Store.objects.create(name="Corner Shop", town="Riverside"),
        "sheets_job": job,
        "round": round_,
        "match": match,
        "other_match": other_match,
        "entries": entries,
        "users": users,
        "waiting": WaitlistEntry.objects.create(event=event, player=PlayerFactory()),
    }


def url(world, name):
    event, entries = world["event"], world["entries"]
    pk = event.pk
    own = entries["player"].pk
    return {
        "list": reverse("tournaments:list"),
        "create": reverse("tournaments:create"),
        "event": reverse("tournaments:event", args=[pk]),
        "edit": reverse("tournaments:edit", args=[pk]),
        "start": reverse("tournaments:start", args=[pk]),
        "finish": reverse("tournaments:finish", args=[pk]),
        "appoint_judge": reverse("tournaments:appoint_judge", args=[pk]),
        "remove_judge": reverse("tournaments:remove_judge", args=[pk, world["users"]["judge"].pk]),
        "register": reverse("tournaments:register", args=[pk]),
        "withdraw": reverse("tournaments:withdraw", args=[pk]),
        "add_player": reverse("tournaments:add_player", args=[pk]),
        "submit_fleet": reverse("tournaments:submit_fleet", args=[pk]),
        "check_in": reverse("tournaments:check_in", args=[pk, own]),
        "check_in_all": reverse("tournaments:check_in_all", args=[pk]),
        "check_in_self": reverse("tournaments:check_in_self", args=[pk]),
        "open_check_in": reverse("tournaments:open_check_in", args=[pk]),
        "close_check_in": reverse("tournaments:close_check_in", args=[pk]),
        "check_in_qr": reverse("tournaments:check_in_qr", args=[pk]),
        "vote": reverse("tournaments:vote", args=[pk]),
        "award_set": reverse("tournaments:award_set", args=[pk]),
        # made again for each user: the organizer's request removes it
        "award_remove": reverse(
            "tournaments:award_remove", args=[pk, Award.objects.get_or_create(event=event, name="Best Painted")[0].pk]
        ),
        "grant_bye": reverse("tournaments:grant_bye", args=[pk, own]),
        "set_paid": reverse("tournaments:set_paid", args=[pk, own]),
        "waitlist_promote": reverse("tournaments:waitlist_promote", args=[pk, world["waiting"].pk]),
        "waitlist_remove": reverse("tournaments:waitlist_remove", args=[pk, world["waiting"].pk]),
        "drop": reverse("tournaments:drop", args=[pk, own]),
        "undrop": reverse("tournaments:undrop", args=[pk, own]),
        "pair_next": reverse("tournaments:pair_next", args=[pk]),
        "round": reverse("tournaments:round", args=[pk, 1]),
        "repair": reverse("tournaments:repair", args=[pk, 1]),
        "reopen": reverse("tournaments:reopen", args=[pk, 1]),
        "swap": reverse("tournaments:swap", args=[pk, 1]),
        "enter_result": reverse("tournaments:enter_result", args=[pk, 1, world["match"].pk]),
        "timer": reverse("tournaments:timer", args=[pk, 1]),
        "preview_result": reverse("tournaments:preview_result", args=[pk, 1, world["match"].pk]),
        "live": reverse("tournaments:live", args=[pk, 1]),
        "projector": reverse("tournaments:projector", args=[pk, 1]),
        "timer_state": reverse("tournaments:timer_state", args=[pk, 1]),
        "clock": reverse("tournaments:clock", args=[pk, 1]),
        "pairings_pdf": reverse("tournaments:round_printout", args=[pk, 1, "pairings-by-table"]),
        "slips_pdf": reverse("tournaments:round_printout", args=[pk, 1, "match-slips"]),
        "compact_slips_pdf": reverse("tournaments:round_printout", args=[pk, 1, "match-slips-4-per-page"]),
        "match": reverse("tournaments:match", args=[pk, world["match"].pk]),
        "confirm": reverse("tournaments:confirm", args=[pk, world["match"].pk]),
        "verify_build": reverse("tournaments:verify_build", args=[pk, world["match"].pk]),
        "history": reverse("tournaments:history", args=[pk]),
        "standings": reverse("tournaments:standings", args=[pk]),
        "standings_pdf": reverse("tournaments:standings_printout", args=[pk]),
        "fleets": reverse("tournaments:fleets", args=[pk]),
        "other_fleet": reverse("tournaments:fleet", args=[pk, entries["other_player"].pk]),
        "other_fleet_sheet": reverse("tournaments:fleet_sheet", args=[pk, entries["other_player"].pk]),
        "fleet_sheets": reverse("tournaments:fleet_sheets", args=[pk]),
        "export_csv": reverse("tournaments:export_csv", args=[pk]),
        "export_json": reverse("tournaments:export_json", args=[pk]),
        "export_standings_csv": reverse("tournaments:export_standings_csv", args=[pk]),
        "calendar": reverse("tournaments:calendar"),
        "event_ics": reverse("tournaments:event_ics", args=[pk]),
        "store_calendar": reverse("tournaments:store_calendar", args=[world["store"].pk]),
        "sheets_job_start": reverse("tournaments:sheets_job_start", args=[pk]),
        "sheets_job": reverse("tournaments:sheets_job", args=[pk, world["sheets_job"].pk]),
        "sheets_job_pdf": reverse("tournaments:sheets_job_pdf", args=[pk, world["sheets_job"].pk]),
    }[name]


# (view, method, who gets through). Refused means 403, 404 or, for anonymous, the log-in page.
CASES = [
    ("list", "get", EVERYONE),
    ("create", "get", {"organizer", "other_organizer"}),
    ("event", "get", EVERYONE),
    ("edit", "get", ORGANIZER),
    ("start", "get", ORGANIZER),
    ("start", "post", ORGANIZER),
    ("finish", "get", ORGANIZER),
    ("appoint_judge", "post", ORGANIZER),
    ("remove_judge", "post", ORGANIZER),
    ("finish", "post", ORGANIZER),
    ("register", "post", {"player", "other_player"}),
    ("withdraw", "post", {"player", "other_player"}),
    ("add_player", "post", STAFF),
    ("submit_fleet", "get", {"player", "other_player"}),
    ("check_in", "post", STAFF),
    ("check_in_all", "post", STAFF),
    ("grant_bye", "post", STAFF),
    ("set_paid", "post", STAFF),
    ("waitlist_promote", "post", ORGANIZER),
    ("waitlist_remove", "post", ORGANIZER),
    ("drop", "post", STAFF | {"player"}),
    ("check_in_self", "post", {"player", "other_player"}),  # their own entry: the one signed in
    ("open_check_in", "post", ORGANIZER),
    ("close_check_in", "post", ORGANIZER),
    ("check_in_qr", "get", EVERYONE),
    ("vote", "post", {"player", "other_player"}),  # their own vote: the one signed in
    ("award_set", "post", ORGANIZER),
    ("award_remove", "post", ORGANIZER),
    ("undrop", "post", STAFF),
    ("pair_next", "post", STAFF),
    ("round", "get", EVERYONE),
    ("repair", "get", STAFF),
    ("repair", "post", STAFF),
    ("reopen", "post", STAFF),
    ("enter_result", "post", STAFF),
    ("swap", "get", STAFF),
    ("timer", "get", EVERYONE),
    ("preview_result", "post", STAFF),
    ("live", "get", EVERYONE),
    ("projector", "get", EVERYONE),
    ("timer_state", "get", EVERYONE),
    ("clock", "post", STAFF),
    ("pairings_pdf", "get", STAFF),
    ("slips_pdf", "get", STAFF),
    ("compact_slips_pdf", "get", STAFF),
    ("match", "get", STAFF | {"player"}),
    ("match", "post", STAFF | {"player"}),
    ("confirm", "post", {"player"}),
    ("verify_build", "post", {"player"}),
    ("history", "get", STAFF),
    ("standings", "get", EVERYONE),
    ("standings_pdf", "get", STAFF),
    ("fleets", "get", EVERYONE),
    ("other_fleet", "get", STAFF | {"other_player"}),
    ("other_fleet_sheet", "get", STAFF | {"other_player"}),
    ("fleet_sheets", "get", STAFF),
    ("export_csv", "get", STAFF),
    ("export_json", "get", STAFF),
    ("export_standings_csv", "get", STAFF),
    ("calendar", "get", EVERYONE),
    ("event_ics", "get", EVERYONE),
    ("store_calendar", "get", EVERYONE),
    ("sheets_job_start", "post", STAFF),
    ("sheets_job", "get", STAFF),
    ("sheets_job_pdf", "get", STAFF),
]


@pytest.mark.parametrize(("view", "method", "allowed"), CASES, ids=[f"{v}-{m}" for v, m, _ in CASES])
def test_who_may_use_each_view(world, view, method, allowed):
    through = {who for who in sorted(EVERYONE) if got_through(world["users"][who], method, url(world, view))}
    assert through == allowed


# Cases named after what they ask for rather than after the URL they use.
URL_NAMES = {
    "pairings_pdf": "round_printout",
    "slips_pdf": "round_printout",
    "compact_slips_pdf": "round_printout",
    "standings_pdf": "standings_printout",
    "other_fleet": "fleet",
    "other_fleet_sheet": "fleet_sheet",
}


def test_every_url_of_the_app_is_covered():
    """Every view of the app's own URL list; included URL sets (campaigns) have their own tests."""
    covered = {URL_NAMES.get(view, view) for view, _, _ in CASES} | DECK_VIEWS_COVERED | WALK_IN_VIEWS_COVERED
    assert {pattern.name for pattern in urlpatterns if isinstance(pattern, URLPattern)} == covered


def test_hidden_fleets_show_only_to_staff_and_their_owner(world, client):
    hidden = world["entries"]["other_player"].fleet_version.fleet.name
    for who, sees in (
        ("player", False),
        ("other_player", True),
        ("judge", True),
        ("other_judge", False),
        ("organizer", True),
        ("other_organizer", False),
    ):
        client.force_login(world["users"][who])
        assert (hidden in client.get(url(world, "fleets")).text) is sees, who
    client.logout()
    assert hidden not in client.get(url(world, "fleets")).text


def test_a_paired_opponent_sees_the_fleet_once_the_event_runs(world, client):
    opponent = next(s for s in world["match"].sides.all() if s.registration.player != world["users"]["player"])
    client.force_login(world["users"]["player"])
    page = client.get(reverse("tournaments:fleet", args=[world["event"].pk, opponent.registration_id]))
    assert page.status_code == 200
    assert opponent.registration.fleet_version.fleet.name in page.text


def test_public_lists_show_every_fleet_once_the_event_runs(world, client):
    type(world["event"]).objects.filter(pk=world["event"].pk).update(lists_public=True)
    assert world["entries"]["other_player"].fleet_version.fleet.name in client.get(url(world, "fleets")).text


def test_a_player_cannot_report_another_tables_match(world, client):
    client.force_login(world["users"]["player"])
    other = reverse("tournaments:match", args=[world["event"].pk, world["other_match"].pk])
    assert client.post(other, {"winner": "1"}).status_code == 403
    assert not world["other_match"].reports.exists()
