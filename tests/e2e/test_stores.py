"""Stores in a real browser, from ``make run``'s demo: the demo organizer finds the other store by the
store list's search, sees its event as any visitor does and cannot reach its desk, while their own
store's event opens its desk -- at desktop width and on a 390 px phone, with no serious axe violation."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect

from stores.models import Store
from tests.e2e.conftest import overflows_sideways
from tests.e2e.test_accessibility import log_in_as, serious_violations
from tests.snapshots import restore_world
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)
QUARKS = "Quark's Bar"
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def demo():
    restore_world("demo", lambda: call_command("seed_demo", stdout=StringIO()))
    return User.objects.get(username="organizer")


def no_serious_violations(page, name: str) -> None:
    assert not serious_violations(page), f"{name}: {serious_violations(page)}"
    assert not overflows_sideways(page), f"{name} is wider than the screen"


@pytest.mark.parametrize("width", WIDTHS)
def test_store_a_organizer_cannot_reach_store_b_desk(browser, live_server, demo, width):
    context = browser.new_context(base_url=live_server.url, viewport=WIDTHS[width], is_mobile=width == "phone")
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        log_in_as(page, demo)
        page.goto("/stores/")
        no_serious_violations(page, "store list")
        page.get_by_label("Town").fill("york")
        page.get_by_role("button", name="Find").click()
        expect(page.locator("ul.stores li")).to_have_count(1)
        page.get_by_role("link", name="Starbase Hobbies").click()
        expect(page.get_by_role("heading", name="Starbase Hobbies")).to_be_visible()
        no_serious_violations(page, "other store's page")
        expect(page.get_by_role("button", name="Appoint")).to_have_count(0)
        other_event = Store.objects.get(name="Starbase Hobbies").events.get()
        page.get_by_role("link", name=other_event.name).click()
        expect(page.get_by_role("heading", name=other_event.name)).to_be_visible()
        expect(page.get_by_role("link", name="Edit event")).to_have_count(0)
        expect(page.get_by_role("button", name="Add player")).to_have_count(0)
        refused = page.goto(f"/events/{other_event.pk}/edit/")
        assert refused.status == 403
        token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
        refused = page.request.post(f"/events/{other_event.pk}/players/check-in/", headers={"X-CSRFToken": token})
        assert refused.status == 403 and "You can't do that here" in refused.text()  # refused, not a CSRF failure

        own_event = Store.objects.get(name="Promenade Games").events.filter(status="registration").first()
        page.goto(f"/stores/{own_event.store_id}/")
        expect(page.get_by_role("button", name="Appoint")).to_be_visible()
        no_serious_violations(page, "own store's page")
        page.get_by_role("link", name=own_event.name).click()
        expect(page.get_by_role("link", name="Edit event")).to_be_visible()
        no_serious_violations(page, "own event's desk")
    finally:
        context.close()


def test_the_other_stores_organizer_runs_its_event(page, demo):
    """The same page, by store B's own organizer: the desk is there."""
    organizer2 = User.objects.get(username="organizer2")
    log_in_as(page, organizer2)
    event = Event.objects.get(store__name="Starbase Hobbies")
    page.goto(f"/events/{event.pk}/")
    expect(page.get_by_role("link", name="Edit event")).to_be_visible()
    expect(page.get_by_role("button", name="Add player")).to_be_visible()


def test_an_administrator_opens_a_store_and_its_organizer_appoints_a_judge(page, demo):
    admin = User.objects.create_superuser("admiral", "admiral@example.org")
    log_in_as(page, admin)
    page.get_by_role("link", name="People").click()
    form = page.get_by_role("form", name="New store")
    form.get_by_label("Name").fill(QUARKS)
    form.get_by_label("Town").fill("Deep Space Nine")
    form.get_by_label("First organizer").fill("organizer2")
    form.get_by_role("button", name="Open the store").click()
    expect(page.get_by_role("heading", name="Quark's Bar")).to_be_visible()
    log_in_as(page, User.objects.get(username="organizer2"))
    page.goto(f"/stores/{Store.objects.get(name=QUARKS).pk}/")
    page.get_by_label("Username").fill("judge")
    expect(page.locator("select[name=role]")).to_have_value("judge")  # the usual appointment is offered first
    page.get_by_role("button", name="Appoint").click()
    expect(page.get_by_text("judge is now a judge of Quark's Bar.")).to_be_visible()
    expect(page.locator(".store-history")).to_contain_text("appointed by organizer2")


@pytest.mark.parametrize("width", WIDTHS)
def test_a_stores_organizer_edits_its_details(browser, live_server, demo, width):
    """The store's page offers its organizer "Edit details"; the saved address shows on the store's page."""
    context = browser.new_context(base_url=live_server.url, viewport=WIDTHS[width], is_mobile=width == "phone")
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        log_in_as(page, demo)
        store = Store.objects.get(name="Promenade Games")
        page.goto(f"/stores/{store.pk}/")
        page.get_by_role("link", name="Edit details").click()
        expect(page.get_by_label("Address")).to_be_visible()
        no_serious_violations(page, "store details form")
        page.get_by_label("Address").fill("Promenade, upper level, next to the Replimat")
        page.get_by_role("button", name="Save").click()
        expect(page.get_by_text("Promenade Games's details are saved.")).to_be_visible()
        expect(page.get_by_text("Promenade, upper level, next to the Replimat")).to_be_visible()
        no_serious_violations(page, "store page after saving")
    finally:
        context.close()
