"""The site's frame in a real browser: pages load their static files under the CSP, log-in works."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_home_page_loads_bootstrap_and_htmx_under_csp(page):
    page.goto("/")
    expect(page.get_by_role("heading", name="Muster", exact=True)).to_be_visible()
    # Bootstrap's CSS applied (navbar is dark) and htmx loaded from our own static files.
    assert page.evaluate("() => typeof window.htmx") == "object"
    background = page.locator("nav.navbar").evaluate("el => getComputedStyle(el).backgroundColor")
    assert background != "rgba(0, 0, 0, 0)"


def test_player_logs_in_and_out(page, player):
    log_in(page, player)
    expect(page.get_by_text(player.username)).to_be_visible()
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="Log in")).to_be_visible()


def test_wrong_password_shows_a_clear_error(page, player):
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(player.username)
    page.get_by_label("Password").fill("not-the-password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text(re.compile("enter a correct username and password"))).to_be_visible()


def test_sign_up_in_the_browser(page):
    page.goto("/accounts/sign-up/")
    page.get_by_label("Username").fill("ezri")
    page.get_by_label("Email").fill("ezri@example.org")
    page.locator("#id_password1").fill("trill-symbiont-2375")
    page.locator("#id_password2").fill("trill-symbiont-2375")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_text("ezri", exact=True)).to_be_visible()


def test_unknown_page_is_friendly(page):
    page.goto("/no/such/page/")
    expect(page.get_by_role("heading", name="Nothing here")).to_be_visible()
