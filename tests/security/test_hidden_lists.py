"""Hidden lists: before an event starts, no player learns another player's fleet.

Every way a list can leave the site is tried by ``player``, registered in the
same event as ``other_player`` (whose fleet is the secret), and by an anonymous
visitor: the event's pages, the fleet's pages and files, the JSON API, the
event's exports, the verification page and the error pages. The secret fleet
uses cards no other fleet has, so finding any of its names, ids or its
verification code in a response is a leak. A hidden fleet is answered exactly
as a fleet that does not exist, so not even its existence is confirmed.
"""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from fleets.models import Fleet
from fleets.services import api_token_create
from tests.fleets.factories import CaptainFactory, ShipFactory, UpgradeFactory
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.services import registration_add, registration_submit_fleet

pytestmark = pytest.mark.django_db

MISSING = 999_999  # a primary key no row has


@pytest.fixture(params=[False, True], ids=["lists hidden", "lists public once started"])
def sealed(request, player, other_player, judge):
    """An event taking registrations; ``other_player``'s fleet is built from cards only it uses.
    Lists an event makes public are public only once it starts, so both kinds are sealed now."""
    event = EventFactory(name="Sealed Lists Open", lists_public=request.param)
    event.judges.add(judge)
    mine = registration_add(event=event, player=player)
    registration_submit_fleet(registration=mine, fleet=fleet_for(player, legal_fleet_content(small_catalog())))
    secret_cards = {
        "ships": [ShipFactory(name=f"I.K.S. Nightfall {n}").source_id for n in range(3)],
        "captains": [CaptainFactory(name=f"Commander Shadow {n}").source_id for n in range(3)],
        "upgrades": [UpgradeFactory(name=f"Cloaked Specialist {n}").source_id for n in range(3)],
    }
    theirs = registration_add(event=event, player=other_player)
    fleet = fleet_for(other_player, legal_fleet_content(secret_cards), name="Operation Nightfall")
    registration = registration_submit_fleet(registration=theirs, fleet=fleet)
    version = registration.fleet_version
    secrets = ["Operation Nightfall", "Nightfall", "Commander Shadow", "Cloaked Specialist", version.code]
    secrets += [card_id for ids in secret_cards.values() for card_id in ids]
    return {"event": event, "registration": registration, "fleet": fleet, "version": version, "secrets": secrets}


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def leaked(response, secrets: list[str]) -> list[str]:
    body = response.content.decode("utf-8", errors="replace")
    return [secret for secret in secrets if secret in body]


def without_csrf_token(response) -> str:
    """The page with its per-response CSRF tokens blanked, so two answers can be compared."""
    return re.sub(r'(data-csrf-token|name="csrfmiddlewaretoken" value)="[^"]*"', "", response.content.decode())


def site_pages(sealed) -> dict[str, str]:
    event, fleet = sealed["event"], sealed["fleet"]
    entry = {"pk": event.pk, "registration_pk": sealed["registration"].pk}
    return {
        "event page": reverse("tournaments:event", args=[event.pk]),
        "event fleet list": reverse("tournaments:fleets", args=[event.pk]),
        "event fleet detail": reverse("tournaments:fleet", kwargs=entry),
        "event fleet sheet": reverse("tournaments:fleet_sheet", kwargs=entry),
        "standings": reverse("tournaments:standings", args=[event.pk]),
        "event CSV": reverse("tournaments:export_csv", args=[event.pk]),
        "event JSON": reverse("tournaments:export_json", args=[event.pk]),
        "builder": reverse("fleets:detail", args=[fleet.pk]),
        "history": reverse("fleets:history", args=[fleet.pk]),
        "sheet PDF": reverse("fleets:sheet", args=[fleet.pk]),
        "sheet PDF of version 1": reverse("fleets:sheet", args=[fleet.pk]) + "?version=1",
        "fleet JSON": reverse("fleets:export_json", args=[fleet.pk]),
        "fleet text": reverse("fleets:export_text", args=[fleet.pk]),
        "Utopia link": reverse("fleets:export_utopia_link", args=[fleet.pk]),
        "Utopia text": reverse("fleets:export_utopia_text", args=[fleet.pk]),
        "card search": reverse("fleets:search", args=[fleet.pk]) + "?search=1&q=Nightfall",
        "my fleets": reverse("fleets:list"),
    }


@pytest.mark.parametrize("who", ["player", "anonymous"])
def test_no_page_or_file_of_the_site_shows_the_hidden_fleet(sealed, player, who):
    client = signed_in(player) if who == "player" else Client()
    leaks = {}
    for name, url in site_pages(sealed).items():
        response = client.get(url)
        assert response.status_code != 500, name
        if found := leaked(response, sealed["secrets"]):
            leaks[name] = found
    assert leaks == {}


def test_the_event_pages_refuse_a_player_what_is_hidden(sealed, player):
    client = signed_in(player)
    pages = site_pages(sealed)
    assert client.get(pages["event fleet detail"]).status_code == 404
    assert client.get(pages["event fleet sheet"]).status_code == 403
    assert client.get(pages["standings"]).status_code == 403
    assert client.get(pages["event CSV"]).status_code == 403
    assert client.get(pages["event JSON"]).status_code == 403
    assert "Hidden" in client.get(pages["event fleet list"]).text


def test_the_fleet_pages_answer_as_if_the_fleet_did_not_exist(sealed, player):
    """Same status, same page for the hidden fleet and for a fleet id no row has."""
    client = signed_in(player)
    for name in (
        "detail",
        "history",
        "sheet",
        "export_json",
        "export_text",
        "export_utopia_link",
        "export_utopia_text",
    ):
        hidden = client.get(reverse(f"fleets:{name}", args=[sealed["fleet"].pk]))
        missing = client.get(reverse(f"fleets:{name}", args=[MISSING]))
        assert hidden.status_code == missing.status_code == 404, name
        assert without_csrf_token(hidden) == without_csrf_token(missing), name


def test_duplicating_the_hidden_fleet_is_refused_and_copies_nothing(sealed, player):
    fleets = Fleet.objects.count()
    response = signed_in(player).post(reverse("fleets:duplicate", args=[sealed["fleet"].pk]))
    assert response.status_code == 404
    assert Fleet.objects.count() == fleets


def test_the_api_answers_as_if_the_fleet_did_not_exist(sealed, player):
    _record, token = api_token_create(user=player, name="scout")
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    for path in ("", "/versions", "/sheet.pdf", "/sheet.pdf?version=1"):
        hidden = client.get(f"/api/fleets/{sealed['fleet'].pk}{path}")
        missing = client.get(f"/api/fleets/{MISSING}{path}")
        assert hidden.status_code == missing.status_code == 404, path
        assert hidden.content == missing.content, path
    for method in ("patch", "delete"):
        hidden = getattr(client, method)(f"/api/fleets/{sealed['fleet'].pk}", "{}", content_type="application/json")
        assert hidden.status_code == 404 and not leaked(hidden, sealed["secrets"]), method
    listed = client.get("/api/fleets")
    assert not leaked(listed, sealed["secrets"])
    assert sealed["fleet"].pk not in {fleet["id"] for fleet in listed.json()}


def test_the_verification_page_does_not_confirm_a_guessed_list(sealed, player):
    """The code is a hash of the list: a player who guesses the list and its code learns nothing."""
    version = sealed["version"]
    client = signed_in(player)
    right = client.get(reverse("fleets:verify", args=[version.pk, version.code]))
    wrong = client.get(reverse("fleets:verify", args=[version.pk, "AAAAAAAA"]))
    assert "does not match" in right.text
    assert without_csrf_token(right).replace(version.code, "AAAAAAAA") == without_csrf_token(wrong)
    assert sealed["event"].name not in right.text


def test_the_owner_and_the_judge_may_verify_before_the_start(sealed, other_player, judge):
    version = sealed["version"]
    url = reverse("fleets:verify", args=[version.pk, version.code])
    for user in (other_player, judge):
        page = signed_in(user).get(url).text
        assert "matches version 1" in page and sealed["event"].name in page


def test_submitting_someone_elses_fleet_is_refused_without_naming_it(sealed, player):
    """The submission form offers the player's own fleets only; another's id is just "not a valid choice"."""
    event = sealed["event"]
    before = sealed["event"].registrations.get(player=player).fleet_version_id
    response = signed_in(player).post(
        reverse("tournaments:submit_fleet", args=[event.pk]), {"fleet": sealed["fleet"].pk}
    )
    assert response.status_code == 200
    assert "valid choice" in response.text and not leaked(response, sealed["secrets"])
    assert event.registrations.get(player=player).fleet_version_id == before


def test_the_json_export_is_complete_for_the_staff(sealed, judge):
    """The exports the players are refused do carry the list: the refusal above is what keeps it hidden."""
    response = signed_in(judge).get(reverse("tournaments:export_json", args=[sealed["event"].pk]))
    assert "Operation Nightfall" in json.dumps(response.json())


def events_api_routes(sealed) -> list[str]:
    event = sealed["event"].pk
    return ["/api/events", f"/api/events/{event}", f"/api/events/{event}/lists", f"/api/events/{event}/standings"]


@pytest.mark.parametrize("who", ["player with a token", "player signed in", "anonymous"])
def test_the_events_api_keeps_a_hidden_event_s_lists_hidden_before_it_starts(sealed, player, who):
    if who == "player with a token":
        _record, token = api_token_create(user=player, name="bot")
        client = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    else:
        client = signed_in(player) if who == "player signed in" else Client()
    for url in events_api_routes(sealed):
        response = client.get(url)
        assert response.status_code in (200, 403), url
        assert not leaked(response, sealed["secrets"]), url
    lists = client.get(f"/api/events/{sealed['event'].pk}/lists").json()
    theirs = next(row for row in lists if row["registration"] == sealed["registration"].pk)
    assert theirs["fleet"] is None and theirs["visible"] is False


def test_the_events_api_shows_the_event_s_staff_every_list(sealed, judge):
    _record, token = api_token_create(user=judge, name="judge bot")
    lists = Client(HTTP_AUTHORIZATION=f"Bearer {token}").get(f"/api/events/{sealed['event'].pk}/lists").json()
    theirs = next(row for row in lists if row["registration"] == sealed["registration"].pk)
    assert theirs["visible"] and theirs["fleet"]["ships"][0]["ship"] in sealed["secrets"]
