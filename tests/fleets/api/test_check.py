"""The public STAW fleet check: the engine's report, its refusals and its rate limit."""

import pytest

from fleets.throttles import VALIDATE_RATE
from tests.fleets.api.helpers import post_json
from tests.fleets.factories import legal_content

pytestmark = pytest.mark.django_db


def test_validate_needs_no_login_and_returns_the_engine_report(client, cards):
    response = post_json(client, "/api/staw/validate", legal_content(cards))
    report = response.json()
    assert response.status_code == 200
    assert (report["legal"], report["total"], report["limit"], report["format"]) == (True, 78, 130, "wizkids-2016")
    assert report["ships"][0]["cards"][0] == {
        "id": cards.ships[0],
        "name": report["ships"][0]["name"],
        "role": "ship",
        "printed": 20,
        "penalty": 0,
        "adjustments": [],
        "cost": 20,
        "unapplied": [],
    }


def test_validate_reports_violations_with_ship_and_card(client, cards):
    content = legal_content(cards)
    del content["format"]
    content["ships"][0]["captain"] = cards.klingon_captain
    content["ships"][1]["upgrades"] = [cards.weapon, cards.weapon, cards.tech, cards.crew, cards.crew]
    report = post_json(client, "/api/staw/validate?format=wizkids-2014", content).json()
    assert report["format"] == "wizkids-2014" and report["ships"][0]["cards"][1]["penalty"] == 1
    [step] = report["ships"][0]["cards"][1]["adjustments"]  # every SP explained (issue 26)
    assert (step["amount"], step["kind"], step["card"]) == (1, "faction_penalty", None)
    assert "Additional Rules 20" in step["words"]
    assert report["ships"][1]["cost"] == 43 and report["legal"] is True  # 20 + 3 + 20: within 50
    content["ships"][1]["upgrades"].append(cards.crew)
    report = post_json(client, "/api/staw/validate", content).json()
    [violation] = report["violations"]
    assert violation["code"] == "SLOT_OVERFLOW" and violation["ship"] == 1 and violation["card"] == cards.crew


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ("{broken", "not valid JSON"),
        ('{"ships": []}', "non-empty list"),
        ('{"ships": [{"ship": "NOPE"}]}', "unknown card id"),
        ('{"format": "nope", "ships": [{"ship": "SHIP"}]}', "unknown format"),
        ("[" * 50_000, "not"),
    ],
    ids=["bad json", "no ships", "unknown card", "unknown format", "deep nesting"],
)
def test_validate_refuses_what_it_cannot_judge(client, cards, body, fragment):
    response = client.post("/api/staw/validate", body.replace("SHIP", cards.ships[0]), content_type="application/json")
    assert response.status_code == 400 and fragment in response.json()["detail"]


def test_validate_is_rate_limited_per_client_address(client, cards):
    limit = int(VALIDATE_RATE.split("/")[0])
    statuses = [
        client.post("/api/staw/validate", "{}", content_type="application/json").status_code for _ in range(limit + 1)
    ]
    assert statuses[:limit] == [400] * limit and statuses[limit] == 429
    spoofed = client.post("/api/staw/validate", "{}", content_type="application/json", HTTP_X_FORWARDED_FOR="10.9.8.7")
    assert spoofed.status_code == 429  # a forwarded-for header does not reset the count
    other = client.post("/api/staw/validate", "{}", content_type="application/json", REMOTE_ADDR="10.0.0.2")
    assert other.status_code == 400
