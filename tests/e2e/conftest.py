"""Browser tests: Playwright for Python driving Debian's Chromium against the live server.

Every test here is marked ``browser``. Without a Chromium they are skipped with
a reason, except under CI, where a missing browser fails the run.
Each page a test checks is saved as a screenshot under ``test-artifacts/``.
"""

import os
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.accounts.factories import PASSWORD

ARTIFACTS = Path(__file__).resolve().parent.parent.parent / "test-artifacts"
# Debian's Chromium, its headless shell where installed (Playwright's own choice for headless runs): on the same
# tests it used a third less CPU than the full browser in headless mode, which is most of a browser test's time.
CHROMIUM = (
    os.environ.get("CHROMIUM")
    or shutil.which("chromium-headless-shell")
    or shutil.which("chromium")
    or "/usr/bin/chromium-headless-shell"
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Playwright's sync API runs an event loop in this thread; the live server's
# database work happens in Django's own threads, so this only silences the guard.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# A check waits as long as an action (the pages' default timeout below): on a loaded machine a page that
# saves a result and answers with its message can take more than Playwright's 5 s for ``expect``.
EXPECT_TIMEOUT_MS = 10_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"Chromium not found at {CHROMIUM}: browser tests must run in CI")
        pytest.skip(f"Chromium not found at {CHROMIUM}; install it with: apt-get install -y chromium-headless-shell")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server, request):
    """A fresh browser context per test; the page's last state is saved as a screenshot."""
    context = browser.new_context(base_url=live_server.url, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(EXPECT_TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if is_page_error(msg) else None)
    yield page
    screenshot(page, request.node.name)
    context.close()
    assert not errors, f"the page logged errors: {errors}"


@pytest.fixture
def phone(browser, live_server, request):
    """A page as a phone shows it: 390 CSS pixels wide, touch; console errors fail the test as on ``page``."""
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(EXPECT_TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if is_page_error(msg) else None)
    yield page
    screenshot(page, request.node.name)
    context.close()
    assert not errors, f"the page logged errors: {errors}"


def settled(page) -> None:
    """Wait until htmx has finished a swap: new content gets its hx-* behaviour only once it settles
    (``htmx-added`` is removed then): typing before that goes unheard, and a click or Enter on a link or
    button does what it does without htmx (opens the page, posts the whole form)."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"
    )


def overflows_sideways(page) -> bool:
    """Whether the page is wider than the screen (a visitor would have to scroll sideways)."""
    return page.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth")


def is_page_error(message) -> bool:
    """Console errors fail the test (a CSP violation shows up here), except an HTTP error
    status the test asked for on purpose (a 403 or 404 page)."""
    return message.type == "error" and not message.text.startswith("Failed to load resource")


def screenshot(page, name: str) -> Path:
    """Save what the browser shows now; the file name comes from the test's name."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / (re.sub(r"[^\w.-]+", "_", name) + ".png")
    page.screenshot(path=str(path), full_page=True)
    return path


def log_in(page, user, password: str = PASSWORD):
    """Log in through the real form, as a person would."""
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r".*/$"))
