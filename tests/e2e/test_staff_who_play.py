"""A judge who plays in their own event, in the browser at desktop and phone width (issue 24, item 1).

Their own table has no desk form, only a note; the other tables have theirs. Their match page
takes their report as a player's and says the opponent confirms it or another staff member
enters it. Both pages pass axe and fit a phone.
"""

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import log_in, overflows_sideways
from tests.e2e.test_accessibility import serious_violations
from tests.permissions.test_staff_who_play_and_revoked_roles import build
from tournaments.models import Match, MatchStatus


@pytest.fixture
def world(transactional_db):
    return build()


@pytest.mark.parametrize("screen", ["page", "phone"])
def test_a_playing_judge_reports_their_own_table_as_a_player(request, world, screen):
    browser_page = request.getfixturevalue(screen)
    own, other = world.own_match, world.other_match
    log_in(browser_page, world.users["playing_judge"])
    browser_page.goto(f"/events/{world.running.pk}/rounds/1/")
    expect(browser_page.locator(f"#match-{own.pk}")).to_contain_text("You play at this table")
    expect(browser_page.locator(f"#entry-{own.table}")).to_have_count(0)
    expect(browser_page.locator(f"#entry-{other.table}")).to_have_count(1)
    assert serious_violations(browser_page) == []
    assert not overflows_sideways(browser_page), "the round page scrolls sideways"

    browser_page.goto(f"/events/{world.running.pk}/matches/{own.pk}/")
    expect(browser_page.locator("#own-match-note")).to_contain_text("another of the event's staff enters it")
    expect(browser_page.get_by_role("heading", name="Report the result")).to_be_visible()
    assert serious_violations(browser_page) == []
    assert not overflows_sideways(browser_page), "the match page scrolls sideways"
    browser_page.locator('input[name="winner"]').first.check()
    browser_page.get_by_role("button", name="Report result").click()
    expect(browser_page.get_by_text("Result reported.")).to_be_visible()
    assert Match.objects.get(pk=own.pk).status == MatchStatus.REPORTED  # waits for the opponent
