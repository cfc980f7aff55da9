"""Every fleet page: anonymous visitors log in first, other players get 404, owners get the page,
and a locked fleet refuses every edit."""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from fleets.models import ApiToken, Fleet
from fleets.services import api_token_create, fleet_lock
from tests.accounts.factories import PlayerFactory, UserFactory
from tests.fleets.factories import FleetFactory, fleet_catalog, legal_content, saved_fleet


def all_versions(fleet) -> list[int]:
    """A grant of every version of ``fleet`` (what an event grants is its submitted version)."""
    return list(fleet.versions.values_list("pk", flat=True))


pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def cards():
    return fleet_catalog()


@pytest.fixture
def fleet(cards, player):
    return saved_fleet(cards, owner=player)


def login(client, user):
    client.force_login(user)
    return client


def builder_post(fleet, action: str, **data):
    """One builder change, made on the fleet's working copy as stored now (its ``revision``)."""
    data.setdefault("base", Fleet.objects.get(pk=fleet.pk).revision)
    return reverse("fleets:edit", args=[fleet.pk, action]), data


def save_post(fleet, **data):
    """The builder's "Save version" (or, with ``then``, an export that saves first)."""
    data.setdefault("base", Fleet.objects.get(pk=fleet.pk).revision)
    return reverse("fleets:save", args=[fleet.pk]), data


# (url name, method, extra path args, POST data) of every view about one fleet.
FLEET_VIEWS = [
    ("fleets:detail", "get", [], None),
    ("fleets:search", "get", [], {"search": "1", "q": "U.S.S."}),
    ("fleets:history", "get", [], None),
    ("fleets:sheet", "get", [], None),
    ("fleets:export_json", "get", [], None),
    ("fleets:export_text", "get", [], None),
    ("fleets:rename", "get", [], None),
    ("fleets:rename", "post", [], {"name": "Renamed"}),
    ("fleets:delete", "get", [], None),
    ("fleets:delete", "post", [], {}),
    ("fleets:duplicate", "post", [], {}),
    ("fleets:edit_details", "post", [], {"name": "N", "faction": "federation", "format_key": "wizkids-2016"}),
    ("fleets:edit", "post", ["remove-ship"], {"base": "1", "ship": "0"}),
    ("fleets:save", "post", [], {"base": "1"}),
    ("fleets:discard", "post", [], {"base": "1"}),
]
VIEW_IDS = [f"{name}-{method}-{''.join(args)}" for name, method, args, _ in FLEET_VIEWS]


def call(client, fleet, name, method, args, data):
    url = reverse(name, args=[fleet.pk, *args])
    return client.get(url, data or {}) if method == "get" else client.post(url, data or {})


@pytest.mark.parametrize(("name", "method", "args", "data"), FLEET_VIEWS, ids=VIEW_IDS)
def test_anonymous_visitors_are_sent_to_log_in(client, fleet, name, method, args, data):
    response = call(client, fleet, name, method, args, data)
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.mark.parametrize(("name", "method", "args", "data"), FLEET_VIEWS, ids=VIEW_IDS)
def test_other_players_get_404_and_change_nothing(client, fleet, other_player, name, method, args, data):
    response = call(login(client, other_player), fleet, name, method, args, data)
    assert response.status_code == 404
    fleet.refresh_from_db()
    assert fleet.name.startswith("Task Force") and fleet.versions.count() == 1
    assert Fleet.objects.count() == 1


@pytest.mark.parametrize(("name", "method", "args", "data"), FLEET_VIEWS, ids=VIEW_IDS)
def test_the_owner_may_use_every_view(client, fleet, player, name, method, args, data):
    response = call(login(client, player), fleet, name, method, args, data)
    assert response.status_code == (302 if method == "post" else 200)


def test_a_missing_fleet_is_404_too(client, player):
    assert login(client, player).get(reverse("fleets:detail", args=[999_999])).status_code == 404


def test_someone_granted_a_view_sees_but_cannot_change(client, fleet, monkeypatch):
    """A judge of the fleet's event (a registered grant) may look, not edit."""
    from fleets import access

    judge = PlayerFactory()
    monkeypatch.setattr(access, "_version_grants", [lambda user, seen: all_versions(seen) if user == judge else ()])
    login(client, judge)
    page = client.get(reverse("fleets:detail", args=[fleet.pk]))
    assert page.status_code == 200 and b"Add a ship" not in page.content
    assert client.post(*builder_post(fleet, "remove-ship", ship=0)).status_code == 403
    assert fleet.versions.count() == 1


@pytest.mark.parametrize(
    ("action", "data"),
    [
        ("remove-ship", {"ship": 0}),
        ("add-ship", {"card": "SHIP"}),
        ("assign", {"ship": 0, "role": "upgrade", "card": "CREW"}),
        ("remove-card", {"ship": 0, "role": "captain"}),
        ("booster", {"ship": 0, "blind_booster": "on"}),
        ("resource", {"resource": "RESOURCE"}),
    ],
)
def test_a_locked_fleet_refuses_every_builder_change(client, cards, fleet, player, action, data):
    fleet_lock(fleet=fleet)
    replace = {"SHIP": cards.ships[0], "CREW": cards.crew, "RESOURCE": cards.resource}
    data = {key: replace.get(value, value) for key, value in data.items()}
    login(client, player)
    response = client.post(*builder_post(fleet, action, **data), **HTMX)
    assert response.status_code == 200 and "is locked" in response.content.decode()
    response = client.post(*builder_post(fleet, action, **data), follow=True)
    assert "is locked" in response.content.decode()
    assert fleet.versions.count() == 1


def test_a_locked_fleet_cannot_be_renamed_or_deleted_and_shows_no_edit_controls(client, fleet, player):
    fleet_lock(fleet=fleet)
    login(client, player)
    page = client.get(reverse("fleets:detail", args=[fleet.pk])).content.decode()
    assert "Locked" in page and "Add a ship" not in page and "Remove ship" not in page
    listing = client.get(reverse("fleets:list")).content.decode()
    assert "Locked" in listing and reverse("fleets:delete", args=[fleet.pk]) not in listing
    client.post(reverse("fleets:rename", args=[fleet.pk]), {"name": "Changed"})
    client.post(reverse("fleets:delete", args=[fleet.pk]))
    fleet.refresh_from_db()
    assert fleet.name != "Changed"
    assert client.get(reverse("fleets:sheet", args=[fleet.pk])).status_code == 200  # printable
    assert client.post(reverse("fleets:duplicate", args=[fleet.pk])).status_code == 302  # duplicable
    assert Fleet.objects.filter(owner=player).count() == 2


# --- Pages without a fleet ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["fleets:list", "fleets:create", "fleets:import", "fleets:api_tokens"], ids=lambda n: n.split(":")[1]
)
def test_account_pages_need_a_login(client, player, name):
    url = reverse(name)
    assert client.get(url).url.startswith(reverse("login"))
    assert login(client, player).get(url).status_code == 200


def test_my_fleets_lists_only_my_fleets_with_their_verdict(client, cards, fleet, player):
    saved_fleet(cards, name="Someone Else's")
    page = login(client, player).get(reverse("fleets:list")).content.decode()
    assert fleet.name in page and "Someone Else" not in page and "Legal" in page and "78" in page


def test_create_then_the_builder_opens(client, cards, player):
    response = login(client, player).post(
        reverse("fleets:create"), {"name": "Fresh", "faction": "federation", "format_key": "wizkids-2016"}
    )
    fleet = Fleet.objects.get(owner=player)
    assert response.url == reverse("fleets:detail", args=[fleet.pk])
    assert (fleet.name, fleet.faction) == ("Fresh", "federation")


def test_create_refuses_an_unknown_format(client, cards, player):
    response = login(client, player).post(
        reverse("fleets:create"), {"name": "Fresh", "faction": "federation", "format_key": "nope"}
    )
    assert response.status_code == 200 and not Fleet.objects.exists()


def test_import_by_upload_and_by_paste(client, cards, player):
    from django.core.files.uploadedfile import SimpleUploadedFile

    login(client, player)
    data = json.dumps(legal_content(cards)).encode()
    for fields in (
        {"file": SimpleUploadedFile("fleet.json", data), "name": "Uploaded"},
        {"text": data.decode(), "name": "Pasted"},
    ):
        page = client.post(reverse("fleets:import"), fields).content.decode()
        assert not Fleet.objects.filter(name=fields["name"]).exists()  # a preview first
        token = re.search(r'name="source" value="([^"]+)"', page).group(1)
        client.post(reverse("fleets:import"), {"confirm": "1", "source": token, "name": fields["name"]})
    assert sorted(Fleet.objects.values_list("name", flat=True)) == ["Pasted", "Uploaded"]


def test_import_of_a_bad_file_shows_why_and_creates_nothing(client, player):
    response = login(client, player).post(reverse("fleets:import"), {"text": '{"ships": [{"ship": "NOPE"}]}'})
    assert response.status_code == 200 and "NOPE" in response.content.decode()
    assert not Fleet.objects.exists()


def test_delete_asks_first_then_deletes(client, fleet, player):
    login(client, player)
    confirm = client.get(reverse("fleets:delete", args=[fleet.pk]))
    assert b"Delete the fleet" in confirm.content and Fleet.objects.exists()
    client.post(reverse("fleets:delete", args=[fleet.pk]))
    assert not Fleet.objects.exists()


def test_history_lists_every_version(client, cards, fleet, player):
    login(client, player)
    client.post(*builder_post(fleet, "remove-ship", ship=2))
    client.post(*save_post(fleet))
    page = client.get(reverse("fleets:history", args=[fleet.pk])).content.decode()
    assert "v1" in page and "v2" in page and fleet.versions.get(number=1).code in page


# --- The builder -----------------------------------------------------------------------------------


def test_each_builder_change_returns_the_fresh_fragment_with_costs(client, cards, player):
    fleet = FleetFactory(owner=player)
    login(client, player)

    response = client.post(*builder_post(fleet, "add-ship", card=cards.ships[0]), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="fleet-builder"' in html and "<html" not in html
    assert "TOO_FEW_SHIPS" in html and "20</span> / 130 SP" in html

    fleet.refresh_from_db()
    response = client.post(*builder_post(fleet, "assign", ship=0, role="captain", card=cards.klingon_captain), **HTMX)
    html = response.content.decode()
    assert 'data-testid="penalty">+1<' in html  # seed 003 Additional Rules 20: +1 for an off-faction captain
    assert "24</span> / 130 SP" in html


def test_ship_over_limit_appears_and_disappears_with_the_card(client, cards, player):
    """Seed 003, Suggested tournament format: 50 points maximum per ship."""
    fleet = saved_fleet(cards, owner=player, content={"ships": [{"ship": cards.heavy, "captain": cards.captains[0]}]})
    login(client, player)
    html = client.post(*builder_post(fleet, "assign", ship=0, role="upgrade", card=cards.weapon), **HTMX).content
    assert b"SHIP_OVER_LIMIT" not in html  # 40 + 3 + 5 = 48
    fleet.refresh_from_db()
    html = client.post(*builder_post(fleet, "assign", ship=0, role="upgrade", card=cards.tech), **HTMX).content
    assert b"SHIP_OVER_LIMIT" in html  # 52
    fleet.refresh_from_db()
    html = client.post(*builder_post(fleet, "remove-card", ship=0, role="upgrade", position=1), **HTMX).content
    assert b"SHIP_OVER_LIMIT" not in html
    assert fleet.versions.count() == 1  # the edits changed the draft; no version until the player saves


def test_builder_works_without_javascript(client, cards, player):
    fleet = FleetFactory(owner=player)
    login(client, player)
    response = client.post(*builder_post(fleet, "add-ship", card=cards.ships[1]))
    assert response.status_code == 302 and response.url.endswith(f"/fleets/{fleet.pk}/#fleet-builder")
    page = client.get(reverse("fleets:detail", args=[fleet.pk])).content.decode()
    assert "Ship 1:" in page and "Class 1" in page


def test_every_builder_change_is_kept_in_the_draft_until_saved(client, cards, player):
    fleet = FleetFactory(owner=player)
    login(client, player)
    steps = [
        ("add-ship", {"card": cards.ships[0]}),
        ("assign", {"ship": 0, "role": "captain", "card": cards.captains[0]}),
        ("assign", {"ship": 0, "role": "admiral", "card": cards.admiral}),
        ("assign", {"ship": 0, "role": "upgrade", "card": cards.crew}),
        ("booster", {"ship": 0, "blind_booster": "on"}),
        ("resource", {"resource": cards.resource}),
    ]
    for action, data in steps:
        client.post(*builder_post(fleet, action, **data))
    fleet.refresh_from_db()
    assert fleet.versions.count() == 0 and fleet.draft is not None
    client.post(*save_post(fleet))
    assert fleet.current_version.number == 1 and fleet.current_version.content == fleet.draft
    fleet.refresh_from_db()
    assert fleet.draft is None
    assert fleet.current_version.content["ships"] == [
        {
            "ship": cards.ships[0],
            "captain": cards.captains[0],
            "admiral": cards.admiral,
            "upgrades": [cards.crew],
            "blind_booster": True,
        }
    ]
    assert fleet.current_version.content["resources"] == [cards.resource]


@pytest.mark.parametrize(
    ("action", "data", "message"),
    [
        ("add-ship", {"card": "NOPE"}, "No such ship card"),
        ("assign", {"ship": 0, "role": "captain", "card": "CREW"}, "No such captain or admiral card"),
        ("assign", {"ship": 5, "role": "upgrade", "card": "CREW"}, "no longer in the fleet"),
        ("remove-card", {"ship": 0, "role": "upgrade", "position": 9}, "no longer on the ship"),
        ("remove-ship", {"ship": 0, "base": 0}, "changed in another window"),
        ("resource", {"resource": "CREW"}, "Select a valid choice"),
    ],
)
def test_bad_builder_input_is_refused_with_a_message(client, cards, fleet, player, action, data, message):
    data = {key: cards.crew if value == "CREW" else value for key, value in data.items()}
    response = login(client, player).post(*builder_post(fleet, action, **data), **HTMX)
    assert message in response.content.decode()
    assert fleet.versions.count() == 1


def test_unknown_builder_action_is_404(client, fleet, player):
    assert login(client, player).post(*builder_post(fleet, "self-destruct")).status_code == 404


def test_card_search_fragment_for_ships_and_for_a_slot(client, cards, fleet, player):
    login(client, player)
    url = reverse("fleets:search", args=[fleet.pk])
    ships = client.get(url, {"search": "1", "q": "heavy"}, **HTMX).content.decode()
    assert "U.S.S. Heavy" in ships and "<html" not in ships and f'name="card" value="{cards.heavy}"' in ships
    crew = client.get(url, {"search": "1", "ship": "0", "slot": "weapon", "q": ""}, **HTMX).content.decode()
    assert "Photon Torpedoes" in crew and "Sensor Array" not in crew and 'name="role" value="upgrade"' in crew
    assert client.get(url).status_code == 404  # no search asked


def test_card_search_without_javascript_shows_results_in_the_page(client, cards, fleet, player):
    page = login(client, player).get(reverse("fleets:detail", args=[fleet.pk]), {"search": "1", "q": "heavy"})
    assert "U.S.S. Heavy" in page.content.decode()


def test_every_control_of_the_builder_has_a_label(client, fleet, player):
    html = login(client, player).get(reverse("fleets:detail", args=[fleet.pk])).content.decode()
    ids = set(re.findall(r'<(?:input|select|textarea)(?![^>]*type="hidden")[^>]*\bid="([^"]+)"', html))
    labelled = set(re.findall(r'<label[^>]*\bfor="([^"]+)"', html))
    assert ids and ids <= labelled
    unnamed = re.findall(r"<(?:input|select)(?![^>]*type=\"hidden\")(?![^>]*\bid=)[^>]*>", html)
    assert not unnamed


# --- Exports and verification ----------------------------------------------------------------------


def test_json_export_is_the_fleet_file_and_picks_a_version(client, cards, fleet, player):
    login(client, player)
    client.post(*builder_post(fleet, "remove-ship", ship=2))
    response = client.get(reverse("fleets:export_json", args=[fleet.pk]), {"version": "1"})
    assert response["Content-Type"] == "application/json" and "attachment" in response["Content-Disposition"]
    assert json.loads(response.content) == fleet.versions.get(number=1).content
    assert client.get(reverse("fleets:export_json", args=[fleet.pk]), {"version": "9"}).status_code == 404
    assert client.get(reverse("fleets:export_json", args=[fleet.pk]), {"version": "x"}).status_code == 404


def test_an_empty_fleet_has_nothing_to_export(client, player):
    fleet = FleetFactory(owner=player)
    assert login(client, player).get(reverse("fleets:export_json", args=[fleet.pk])).status_code == 404


def test_text_export_is_the_forum_list(client, cards, fleet, player):
    text = login(client, player).get(reverse("fleets:export_text", args=[fleet.pk])).content.decode()
    assert text.startswith(f"{fleet.name} (Federation): 78/130 SP")
    assert "Ship 1: 26 SP" in text and "Total: 78 SP" in text and fleet.current_version.code in text


def test_sheet_prints_the_email_only_for_the_owner(client, fleet, player, monkeypatch):
    from fleets import access

    seen = []
    monkeypatch.setattr("fleets.views.exports.render_fleet_sheet", lambda **kw: seen.append(kw) or b"%PDF-")
    monkeypatch.setattr(access, "_version_grants", [lambda user, f: all_versions(f)])
    login(client, player).get(reverse("fleets:sheet", args=[fleet.pk]))
    login(client, PlayerFactory()).get(reverse("fleets:sheet", args=[fleet.pk]))
    assert [kw["email"] for kw in seen] == [player.email, ""]
    assert seen[0]["site_url"] == "http://testserver/"


def test_verify_page_shows_match_owner_and_events_never_the_list(client, cards, fleet, monkeypatch):
    from fleets import access

    version = fleet.current_version
    monkeypatch.setattr(access, "_submission_lookups", [lambda f: [access.Submission("Spring Open", version.pk)]])
    page = client.get(reverse("fleets:verify", args=[version.pk, version.code.lower()])).content.decode()
    assert "matches version 1" in page and fleet.owner.username in page and "Spring Open" in page
    assert "this is the version submitted" in page
    assert "U.S.S." not in page and fleet.name not in page and cards.ships[0] not in page


def test_verify_page_says_when_another_version_was_submitted(client, cards, fleet, player, monkeypatch):
    from fleets import access

    first = fleet.current_version
    login(client, player).post(*builder_post(fleet, "remove-ship", ship=2))
    client.post(*save_post(fleet))
    monkeypatch.setattr(
        access, "_submission_lookups", [lambda f: [access.Submission("Spring Open", f.current_version.pk)]]
    )
    page = client.get(reverse("fleets:verify", args=[first.pk, first.code])).content.decode()
    assert "a different version was submitted" in page


@pytest.mark.parametrize("wrong", ["code", "version"])
def test_verify_page_reveals_nothing_for_a_wrong_code(client, fleet, wrong):
    version = fleet.current_version
    args = [version.pk, "AAAAAAAA"] if wrong == "code" else [version.pk + 100, version.code]
    page = client.get(reverse("fleets:verify", args=args)).content.decode()
    assert "does not match" in page and fleet.owner.username not in page


# --- API tokens -------------------------------------------------------------------------------------


def test_a_token_is_shown_once_and_stored_as_a_digest(client, player):
    page = login(client, player).post(reverse("fleets:api_tokens"), {"name": "my script"}).content.decode()
    token = re.search(r'id="new-token">([^<]+)<', page).group(1)
    record = ApiToken.objects.get(user=player)
    assert record.prefix == token[:8] and token not in record.digest
    assert token not in client.get(reverse("fleets:api_tokens")).content.decode()


def test_tokens_are_revoked_by_their_owner_only(client, player, other_player):
    mine, _ = api_token_create(user=player, name="mine")
    theirs, _ = api_token_create(user=other_player, name="theirs")
    login(client, player)
    assert client.post(reverse("fleets:api_token_revoke", args=[theirs.pk])).status_code == 404
    assert client.post(reverse("fleets:api_token_revoke", args=[mine.pk])).status_code == 302
    assert list(ApiToken.objects.values_list("name", flat=True)) == ["theirs"]
    client.logout()
    assert client.post(reverse("fleets:api_token_revoke", args=[theirs.pk])).url.startswith(reverse("login"))


# --- Content Security Policy --------------------------------------------------------------------------


def test_fleet_templates_have_no_inline_script_or_style():
    """CSP forbids them; htmx attributes are fine, hx-on (an inline handler) is not."""
    folder = Path(settings.BASE_DIR) / "templates" / "fleets"
    for template in folder.glob("*.html"):
        text = template.read_text()
        assert not re.search(r"\sstyle=|<style|\son\w+=|hx-on|javascript:", text), template.name
        assert not re.search(r"<script(?![^>]*\bsrc=)", text), template.name


def test_superuser_sees_any_fleet(client, fleet):
    admin = UserFactory(is_superuser=True)
    assert login(client, admin).get(reverse("fleets:detail", args=[fleet.pk])).status_code == 200


def test_my_fleets_costs_the_same_queries_for_one_fleet_or_many(client, cards, player, django_assert_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    login(client, player)
    saved_fleet(cards, owner=player)
    with CaptureQueriesContext(connection) as one:
        client.get(reverse("fleets:list"))
    for _ in range(4):
        saved_fleet(cards, owner=player)
    with django_assert_num_queries(len(one)):
        assert client.get(reverse("fleets:list")).content.decode().count("Legal") == 5
