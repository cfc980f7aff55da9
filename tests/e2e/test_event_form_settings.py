"""The event form shows the settings of the game chosen in "Game and format" only, and follows the
select (static/js/event-form.js); without JavaScript every game's section shows, each saying which game
it is for. What is saved is the chosen game's settings. Desktop and a 390 px phone, axe-checked."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.accounts.factories import OrganizerFactory
from tests.e2e.conftest import log_in
from tests.e2e.test_accessibility import serious_violations
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)

ATTACK_WING = "attack-wing:wizkids-2016"
WING_COMMANDER = "wing-commander:tournament"


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_the_event_form_shows_the_chosen_games_settings_and_saves_them(page, width):
    page.set_viewport_size({"width": width, "height": 900})
    organizer = OrganizerFactory()
    log_in(page, organizer)
    page.goto("/events/new/")
    game = page.get_by_label("Game and format")
    attack_wing = page.locator('fieldset[data-game="attack-wing"]')
    by_table = page.get_by_label("Retired by the WizKids 2016 table on the event's day (and any banned above)")
    none_retired = page.get_by_label("None retired: every resource is allowed")

    game.select_option(WING_COMMANDER)
    expect(attack_wing).to_be_hidden()
    expect(page.locator("fieldset[data-game]:visible")).to_have_count(0)  # Wing Commander has no settings
    game.select_option(ATTACK_WING)
    expect(attack_wing).to_be_visible()
    expect(none_retired).to_be_checked()  # the default: no rule that refuses resources silently
    by_table.check()
    page.get_by_label("Fleet points for destroying a whole fleet").fill("120")
    game.select_option(WING_COMMANDER)  # away and back: what was typed stays
    game.select_option(ATTACK_WING)
    expect(by_table).to_be_checked()
    none_retired.check()
    assert not serious_violations(page), serious_violations(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    page.get_by_label("Event name").fill("Community Night")
    page.get_by_label("Date").fill((timezone.localdate() + timedelta(days=5)).isoformat())
    page.get_by_role("button", name="Create event").click()
    expect(page.get_by_role("heading", name="Community Night")).to_be_visible()
    expect(page.get_by_text("None retired: every resource is allowed")).to_be_visible()
    event = Event.objects.get(name="Community Night")
    assert (event.game_settings["resource_rule"], event.game_settings["fleet_point_base"]) == ("none", 120)

    page.goto(f"/events/{event.pk}/edit/")
    expect(attack_wing).to_be_visible()  # the event's game: its section shows what it keeps
    expect(none_retired).to_be_checked()
    game.select_option(WING_COMMANDER)
    expect(attack_wing).to_be_hidden()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Community Night")).to_be_visible()
    event.refresh_from_db()
    assert (event.game, event.game_settings) == ("wing-commander", {})


def test_without_javascript_every_games_settings_show(browser, live_server):
    """Progressive enhancement: with scripts off, the Attack Wing section shows whatever game is chosen
    (it says which game it is for; the server reads only the chosen game's)."""
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    log_in(page, OrganizerFactory())
    page.goto("/events/new/")
    page.get_by_label("Game and format").select_option(WING_COMMANDER)
    expect(page.locator('fieldset[data-game="attack-wing"]')).to_be_visible()
    expect(page.get_by_text("Used when the event plays Star Trek: Attack Wing.")).to_be_visible()
    context.close()
