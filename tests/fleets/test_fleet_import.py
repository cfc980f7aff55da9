"""Importing a fleet from Utopia, Space Dock or Muster: preview, confirm, and every refusal."""

from __future__ import annotations

import json
import re
from collections import Counter
from html import unescape
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from fleets.models import Fleet
from tests.fleets.factories import fleet_catalog, legal_content
from tests.snapshots import load_shipped_site

SAMPLES = Path(__file__).resolve().parent.parent / "rules" / "attack_wing" / "interchange" / "samples"
URL = "/fleets/import/"


@pytest.fixture
def cards(db):
    return fleet_catalog()


@pytest.fixture
def utopia_site(db):
    """The site as ``make run`` sets it up: Utopia's cards imported, Space Dock's file held beside them (imported
    once per test process, then copied: :mod:`tests.snapshots`)."""
    load_shipped_site()


def preview(client, **fields):
    response = client.post(URL, fields)
    assert response.status_code == 200
    return response, unescape(response.content.decode())


def confirm(client, response):
    token = re.search(r'name="source" value="([^"]+)"', response.content.decode()).group(1)
    name = re.search(r'name="name" value="([^"]*)"', response.content.decode())
    choices = re.search(r'name="choices" value="([^"]*)"', response.content.decode())
    return client.post(
        URL,
        {
            "confirm": "1",
            "source": token,
            "name": name.group(1) if name else "",
            "choices": unescape(choices.group(1)) if choices else "",
        },
    )


def cards_of(fleet: Fleet):
    content = fleet.current_version.content
    return [
        (ship["ship"], Counter([*(c for c in (ship.get("captain"), ship.get("admiral")) if c), *ship["upgrades"]]))
        for ship in content["ships"]
    ], content.get("resources", [])


def names_of(fleet: Fleet):
    from fleets.selectors import load_catalog

    catalog = load_catalog()
    ships, resources = cards_of(fleet)
    return [
        (catalog.get(ship).name, sorted(catalog.get(card).name for card in cards.elements())) for ship, cards in ships
    ], [catalog.get(r).name for r in resources]


def test_the_page_needs_a_login(client):
    assert client.get(URL).url.startswith(reverse("login"))


def test_preview_stores_nothing_and_confirm_imports(client, cards, player):
    client.force_login(player)
    response, page = preview(client, text=json.dumps(legal_content(cards)), name="Pasted")
    assert "Read as: Muster fleet file" in page and "Nothing is saved yet" in page
    assert not Fleet.objects.exists()
    assert confirm(client, response).status_code == 302
    assert list(Fleet.objects.values_list("name", flat=True)) == ["Pasted"]


def test_a_changed_preview_token_is_refused(client, cards, player):
    client.force_login(player)
    response, _page = preview(client, text=json.dumps(legal_content(cards)))
    token = re.search(r'name="source" value="([^"]+)"', response.content.decode()).group(1)
    refused = client.post(URL, {"confirm": "1", "source": token[:-2] + "xx"}, follow=True)
    assert "expired or was changed" in unescape(refused.content.decode())
    assert not Fleet.objects.exists()


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("https://kfnexus.github.io/staw-utopia/index.html#eyJzaGlwcyI6W3siaWQiOiJzaGl", "Utopia"),
        ("https://example.com/#AAAAAAAAAAAAAAAAAAAAAAAAAAAA", ""),
        ("Just a sentence about my fleet.", "not a fleet Muster can read"),
        ("[" * 5000, ""),
        ('{"ships": [{"ship": "NOPE"}]}', "NOPE"),
    ],
    ids=["truncated-link", "other-site", "prose", "deep-json", "unknown-id"],
)
def test_unreadable_input_gets_one_sentence_and_stores_nothing(client, cards, player, text, says):
    client.force_login(player)
    _response, page = preview(client, text=text)
    errors = re.findall(r'class="[^"]*alert-block[^"]*"[^>]*>\s*(?:<ul[^>]*>)?\s*(?:<li>)?([^<]+)', page)
    assert "Read as:" not in page and 'name="source"' not in page
    assert errors or "invalid-feedback" in page or "alert" in page
    if says:
        assert says in page
    assert not Fleet.objects.exists()


def test_a_body_too_large_is_refused(client, cards, player):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(player)
    big = SimpleUploadedFile("fleet.txt", b"x" * (300 * 1024))
    _response, page = preview(client, file=big)
    assert "at most 256 KiB" in page and not Fleet.objects.exists()


def test_text_with_unknown_cards_and_a_wrong_total_is_reported_card_by_card(client, utopia_site, player):
    client.force_login(player)
    text = (SAMPLES / "romulans.utopia.txt").read_text().replace("Varel [10]", "Nobody Heard Of [10]")
    text = text.replace("Fleet Total: 105 SP", "Fleet Total: 99 SP")
    _response, page = preview(client, text=text)
    assert "Read as: Utopia text export" in page
    assert "Not found" in page and "Nobody Heard Of" in page
    assert "99" in page
    assert not Fleet.objects.exists()


def test_space_dock_file_with_unknown_ids_lists_them(client, utopia_site, player):
    client.force_login(player)
    squad = json.loads((SAMPLES / "romulans.spacedocksquad").read_text())
    squad["ships"][0]["captain"]["upgradeId"] = "999999"
    squad["ships"][0]["captain"]["upgradeTitle"] = "Nobody"
    _response, page = preview(client, text=json.dumps(squad))
    assert "Read as: Space Dock squad file" in page and "Not found" in page


def test_utopia_link_and_space_dock_file_import_the_same_fleet(client, utopia_site, player):
    """The done-when: the same fleet built in Utopia and in Space Dock, imported through the site."""
    client.force_login(player)
    fleets = []
    for sample, fmt_name in (("romulans.utopia-link", "Utopia link"), ("romulans.spacedocksquad", "Space Dock squad")):
        response, page = preview(client, text=(SAMPLES / sample).read_text())
        assert f"Read as: {fmt_name}" in page
        assert "Not found" not in page.split("</thead>", 1)[1]
        assert confirm(client, response).status_code == 302
        fleets.append(Fleet.objects.order_by("-pk").first())
    link, squad = fleets
    assert cards_of(link) == cards_of(squad)
    assert link.current_version.total == squad.current_version.total  # the same Muster costs


def test_every_utopia_sample_previews_with_utopia_costs_beside_musters(client, utopia_site, player):
    client.force_login(player)
    for sample in ("romulans.utopia.txt", "federation.utopia.txt", "federation.tts.txt", "federation.utopia-link"):
        _response, page = preview(client, text=(SAMPLES / sample).read_text())
        assert "Read as: Utopia" in page, sample
        assert "Muster SP" in page and "Source SP" in page
    assert not Fleet.objects.exists()


# --- The API ----------------------------------------------------------------------------------------


@pytest.fixture
def api(client, player):
    from django.core.cache import cache

    cache.clear()
    client.force_login(player)
    return client


def test_api_imports_a_utopia_link_and_a_space_dock_file_alike(api, utopia_site):
    link = (SAMPLES / "romulans.utopia-link").read_text()
    squad = (SAMPLES / "romulans.spacedocksquad").read_text()
    made = []
    for body, content_type in ((link, "text/plain"), (squad, "application/json")):
        response = api.post("/api/fleets/import", body, content_type=content_type)
        assert response.status_code == 201, response.content
        made.append(response.json())
    assert made[0]["imported"]["format"] == "utopia-link" and made[1]["imported"]["format"] == "spacedock-squad"
    link_ships, squad_ships = (
        [(s["ship"], s["captain"], sorted(s["upgrades"])) for s in m["content"]["ships"]] for m in made
    )
    assert link_ships == squad_ships  # the same cards (each builder lists a ship's cards in its own order)
    assert made[0]["version"]["total"] == made[1]["version"]["total"]
    assert all(card["status"] == "matched" for card in made[1]["imported"]["cards"])


def test_api_preview_saves_nothing_and_shows_source_costs(api, utopia_site):
    text = (SAMPLES / "romulans.utopia.txt").read_text()
    response = api.post("/api/fleets/import?preview=true", text, content_type="text/plain")
    assert response.status_code == 200
    body = response.json()
    assert body["format"] == "utopia-text" and body["source_total"] == 105
    assert all(card["source_cost"] is not None and card["cost"] is not None for card in body["cards"])
    assert not Fleet.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        "https://kfnexus.github.io/staw-utopia/index.html#eyJzaGlwcyI6W3siaWQiOiJzaGl",
        "https://example.com/#AAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "Just a sentence.",
        "[" * 5000,
        '{"a":' * 200 + "1" + "}" * 200,
        "",
    ],
    ids=["truncated-link", "other-site", "prose", "deep-list", "deep-object", "empty"],
)
def test_api_refuses_unreadable_bodies_with_one_sentence(api, cards, body):
    response = api.post("/api/fleets/import", body, content_type="text/plain")
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert isinstance(detail, str) and detail.endswith(".") and "\n" not in detail
    assert not Fleet.objects.exists()


def test_api_refuses_a_ten_megabyte_body(api, cards):
    response = api.post("/api/fleets/import", "x" * (10 * 1024 * 1024), content_type="text/plain")
    assert response.status_code == 413 and not Fleet.objects.exists()


# --- manage.py check_fleet ----------------------------------------------------------------------------


def run_check(*args):
    from io import StringIO

    out = StringIO()
    try:
        call_command("check_fleet", *map(str, args), stdout=out)
    except SystemExit as exited:
        return exited.code, out.getvalue()
    return 0, out.getvalue()


@pytest.mark.slow(reason="reads both real card files for its check_fleet run")
@pytest.mark.parametrize(
    ("sample", "read_as"),
    [
        ("romulans.utopia-link", "Utopia link"),
        ("romulans.utopia.txt", "Utopia text export"),
        ("romulans.tts.txt", "Utopia Tabletop Simulator export"),
        ("romulans.spacedocksquad", "Space Dock squad file"),
    ],
)
def test_check_fleet_detects_each_format(utopia_path, spacedock_path, sample, read_as):
    code, out = run_check(
        SAMPLES / sample, "--cards", utopia_path, "--reference-cards", spacedock_path, "--format", "wizkids-2014"
    )
    assert out.startswith(f"Read as: {read_as}") and "0 not found" in out
    assert "LEGAL" in out and code in (0, 1)


def test_check_fleet_translates_space_dock_ids_through_the_shipped_space_dock_file(utopia_path):
    code, out = run_check(SAMPLES / "romulans.spacedocksquad", "--cards", utopia_path)
    assert "13 matched, 0 ambiguous, 0 not found" in out and code == 1  # two ships: too few for the format


@pytest.mark.parametrize(
    "content",
    ["https://example.com/#AAAAAAAAAAAAAAAAAAAAAAAA", "[" * 5000, "garbled\x00\x01", "x" * (300 * 1024)],
    ids=["other-site", "deep", "binary", "too-large"],
)
def test_check_fleet_refuses_unreadable_files_with_status_2(utopia_path, tmp_path, content):
    from django.core.management.base import CommandError

    path = tmp_path / "fleet.txt"
    path.write_text(content)
    with pytest.raises(CommandError) as raised:
        call_command("check_fleet", str(path), cards=str(utopia_path))
    assert raised.value.returncode == 2 and "\n" not in str(raised.value)


# --- Export, then import again ------------------------------------------------------------------------

ROUND_TRIP = {
    "Muster fleet file": "fleets:export_json",
    "Muster text": "fleets:export_text",
    "Utopia link": "fleets:export_utopia_link",
    "Utopia text export": "fleets:export_utopia_text",
}


@pytest.mark.parametrize("read_as", sorted(ROUND_TRIP))
def test_every_export_imports_back_to_the_same_fleet(client, utopia_site, player, read_as):
    client.force_login(player)
    response, _page = preview(client, text=(SAMPLES / "federation.utopia-link").read_text(), name="Original")
    confirm(client, response)
    original = Fleet.objects.get(name="Original")
    exported = client.get(reverse(ROUND_TRIP[read_as], args=[original.pk]))
    assert exported.status_code == 200
    text = exported.content.decode()
    if read_as == "Utopia link":
        assert text.startswith("https://") and "Left out" not in text
    response, page = preview(client, text=text, name="Copy")
    assert f"Read as: {read_as}" in page
    confirm(client, response)
    copy = Fleet.objects.get(name="Copy")
    if read_as in ("Muster fleet file", "Utopia link"):  # ids: exactly the same cards
        assert cards_of(copy) == cards_of(original)
    else:  # names: a reprint of the same name and cost may stand for the card (reported as ambiguous)
        assert names_of(copy) == names_of(original)
    assert copy.current_version.total == original.current_version.total


def test_utopia_exports_show_only_the_version_a_non_owner_may_see(client, cards, player, other_player):
    from tests.fleets.factories import saved_fleet

    fleet = saved_fleet(cards, owner=player)
    client.force_login(other_player)
    for name in ("fleets:export_utopia_link", "fleets:export_utopia_text"):
        assert client.get(reverse(name, args=[fleet.pk])).status_code == 404
    client.force_login(player)
    for name in ("fleets:export_utopia_link", "fleets:export_utopia_text"):
        assert client.get(reverse(name, args=[fleet.pk])).status_code == 200


def test_an_ambiguous_name_shows_the_choice_made_why_and_the_others(client, utopia_site, player):
    client.force_login(player)
    _response, page = preview(client, text=(SAMPLES / "federation.utopia.txt").read_text())
    ambiguous = page.count("Ambiguous</span>")
    # every ambiguous card names the others it could be (a matched one may too: reprints told apart)
    assert ambiguous and page.count("Could also be:") >= ambiguous
    assert "Muster SP" in page and not Fleet.objects.exists()


def test_the_import_answers_a_doubtful_card_with_one_click_and_imports_the_answer(client, player):
    """As on /check/: each other printing of a doubtful name gets a "Take …" button; it posts the signed list back
    with the answer, the report says so, and the import takes the answered card (Picard Cap818, 2017 Starter Set)."""
    from tests.conftest import UTOPIA_FILE
    from tests.snapshots import load_real_catalog
    from tests.tournaments.test_walk_in_answers import typed_list

    load_real_catalog(origin=str(UTOPIA_FILE))
    client.force_login(player)
    response, page = preview(client, text=typed_list())
    assert 'form="import-confirm" name="choose" value="1=Cap818"' in page
    token = re.search(r'name="source" value="([^"]+)"', page).group(1)
    response = client.post(URL, {"source": token, "name": "", "choices": "", "choose": "1=Cap818"})
    page = unescape(response.content.decode())
    assert "chosen by hand among 6 cards" in page and not Fleet.objects.exists()
    assert '<input type="hidden" name="choices" value="1=Cap818" form="import-confirm">' in page
    fleet = confirm(client, response)
    assert fleet.status_code == 302
    assert Fleet.objects.get().current_version.content["ships"][0]["captain"] == "Cap818"


def test_a_changed_list_posted_with_an_answer_is_refused(client, cards, player):
    client.force_login(player)
    response = client.post(URL, {"source": "changed", "choices": "", "choose": "1=Cap818"}, follow=True)
    assert "This preview has expired or was changed" in response.content.decode() and not Fleet.objects.exists()
