"""The public list checker in a real browser, signed out, on a desktop and a 390 px phone."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.fleets.factories import fleet_catalog, legal_content
from tests.snapshots import load_real_catalog

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_anyone_checks_a_pasted_fleet(page, width):
    from django.core.cache import cache

    cache.clear()
    cards = fleet_catalog()
    content = legal_content(cards)
    content["ships"].append({"ship": cards.heavy, "captain": cards.captains[3]})
    page.set_viewport_size({"width": width, "height": 900})
    page.goto("/")
    if width < 768:
        page.get_by_role("button", name="Toggle navigation").click()
    page.get_by_role("link", name="Check a fleet").click()
    page.get_by_label("…or paste a Utopia link, a text export or a fleet file").fill(json.dumps(content))
    page.get_by_label("Tournament format").select_option("wizkids-2014")
    page.get_by_role("button", name="Check", exact=True).click()
    expect(page.get_by_text("Not submitted", exact=True)).to_be_visible()
    expect(page.get_by_test_id("fleet-total")).to_have_text("121")
    expect(page.get_by_text("FLEET_OVER_LIMIT").first).to_be_visible()
    expect(page.get_by_role("heading", name="Read as: Muster fleet file")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width + 1  # nothing wider than the screen
    with page.expect_download() as download:
        page.get_by_role("button", name="Printable sheet").click()
    assert download.value.suggested_filename == "fleet-not-submitted.pdf"


def test_an_unreadable_link_gets_one_sentence(page):
    from django.core.cache import cache

    cache.clear()
    page.goto("/check/")
    page.get_by_label("…or paste a Utopia link, a text export or a fleet file").fill(
        "https://example.com/#QUJDREVGR0hJSktMTU5PUA"
    )
    page.get_by_role("button", name="Check", exact=True).click()
    expect(page.get_by_text("not to the Utopia fleet builder")).to_be_visible()


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_each_cost_is_explained_step_by_step(page, width):
    """Issue 26: the checker shows each card's adjustments (here a faction penalty) with the rule that says so,
    readable on a phone, with no serious accessibility violation."""
    from django.core.cache import cache

    from tests.e2e.test_accessibility import serious_violations

    cache.clear()
    cards = fleet_catalog()
    content = legal_content(cards)
    content["ships"][0]["upgrades"] = [cards.klingon_crew]
    page.set_viewport_size({"width": width, "height": 900})
    page.goto("/check/")
    page.get_by_label("…or paste a Utopia link, a text export or a fleet file").fill(json.dumps(content))
    page.get_by_role("button", name="Check", exact=True).click()
    steps = page.get_by_test_id("adjustments")
    expect(steps).to_have_count(1)
    expect(steps).to_contain_text("+1 Faction penalty: a Klingon upgrade on the Federation ship (Additional Rules 20).")
    expect(page.get_by_role("columnheader", name="Adjustments").first).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width + 1
    assert serious_violations(page) == []


def test_an_organizer_answers_a_doubtful_card_with_one_click_on_a_phone(page, utopia_path):
    """A walk-in's typed list on a 390 px phone: Jean-Luc Picard has six printings, so the checker asks; one click
    on U.S.S. Stargazer's takes him, and the rest of the list stays as read."""
    from django.core.cache import cache

    cache.clear()
    load_real_catalog(origin=str(utopia_path))  # imported once per test process, then copied
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto("/check/")
    page.get_by_label("…or paste a Utopia link, a text export or a fleet file").fill(
        "Federation Starship (Galaxy Class) - 22\nJean-Luc Picard\nKell Peirm (3)\n"
    )
    page.get_by_role("button", name="Check", exact=True).click()
    expect(page.get_by_role("heading", name="Read as: Typed list (card names)")).to_be_visible()
    expect(page.get_by_text("Which card is it?").first).to_be_visible()
    page.get_by_role("button", name="Take Cap629").click()
    expect(page.get_by_text("chosen by hand among 6 cards")).to_be_visible()
    expect(page.get_by_text("read as 'Kell Perim', the nearest name", exact=False).first).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 391  # nothing wider than the screen
