"""Card text is hostile input: a catalog whose texts carry a script, an image with an event handler
and a ``javascript:`` link is imported, and every page that shows card text is opened in Chromium.

The payloads would set ``window.__pwned`` and change the page title. They must
not run (the nh3 allow-list of ``card_html`` drops them, and the
Content-Security-Policy would block an inline script; a blocked one would also
show as a console error, which fails the test), while the text around them is
shown as plain text.
"""

import json
import re

import pytest
from playwright.sync_api import expect

from fleets.catalog_import import import_catalog
from fleets.models import Card
from fleets.services import fleet_create, fleet_update
from tests.accounts.factories import PlayerFactory, UserFactory
from tests.e2e.conftest import log_in
from tests.fleets.factories import utopia_document

SCRIPT = "<script>window.__pwned = 'script'; document.title = 'pwned';</script>"
IMAGE = "<img src=x onerror=\"window.__pwned = 'image'; document.title = 'pwned';\">"
LINK = "<a href=\"javascript:window.__pwned = 'link'; document.title = 'pwned';\">Hail the Enterprise</a>"
TEXTS = {
    "S001": f"{SCRIPT}Fire in any direction.",
    "Cap001": f"{IMAGE}Perform an Evade Action as a free Action.",
    "C001": f"{LINK} and add 1 [weapon_text].",
}
# What each text shows: the words, with the icon named, and nothing of the payload.
SHOWN = {
    "S001": "Fire in any direction.",
    "Cap001": "Perform an Evade Action as a free Action.",
    "C001": "Hail the Enterprise and add 1 Weapon.",
}


@pytest.fixture
def hostile_catalog(transactional_db):
    document = utopia_document()
    for kind in ("ships", "captains", "upgrades"):
        for card in document[kind]:
            card["text"] = TEXTS[card["id"]]
    import_catalog(data=json.dumps(document).encode())
    assert {card.source_id: card.text for card in Card.objects.all()}.items() >= TEXTS.items()


@pytest.fixture
def fleet(hostile_catalog):
    player = PlayerFactory()
    fleet = fleet_create(owner=player, name="Hostile Test Fleet", faction="federation")
    fleet_update(fleet=fleet, content={"format": "wizkids-2016", "ships": [{"ship": "S001"}]}, by=player)
    return fleet


def assert_nothing_ran(page) -> None:
    assert page.evaluate("() => window.__pwned") is None
    assert "pwned" not in page.title()
    assert page.locator("main script, main img, main a[href^='javascript']").count() == 0


def test_card_text_in_the_builder_search_is_shown_inert(page, fleet):
    log_in(page, fleet.owner)
    page.goto(f"/fleets/{fleet.pk}/?search=1&q=Enterprise#add-ship")
    results = page.locator("#results-fleet")
    expect(results.locator(".card-text")).to_have_text(SHOWN["S001"])
    assert_nothing_ran(page)

    # Typing into a ship's card search fetches results with htmx: the same text, swapped in live.
    page.get_by_label("Card type for ship 1").select_option("captain")
    page.get_by_label("Search cards for ship 1").fill("Picard")
    expect(page.locator("#results-ship-1 .card-text")).to_have_text(SHOWN["Cap001"])
    assert_nothing_ran(page)

    page.get_by_label("Card type for ship 1").select_option("crew")
    page.get_by_label("Search cards for ship 1").fill("Khan")
    text = page.locator("#results-ship-1 .card-text")
    expect(text).to_have_text(SHOWN["C001"])
    assert text.locator("a").count() == 0
    text.get_by_text("Hail the Enterprise").click()  # no link: clicking the words does nothing
    assert_nothing_ran(page)


def test_card_text_on_the_fleet_page_and_in_the_admin_is_inert(page, fleet):
    admin = UserFactory(is_staff=True, is_superuser=True)
    log_in(page, admin)
    page.goto(f"/fleets/{fleet.pk}/")
    expect(page.get_by_role("heading", name=re.compile("Hostile Test Fleet"))).to_be_visible()
    assert_nothing_ran(page)
    for card in Card.objects.filter(source_id__in=TEXTS):
        page.goto(f"/admin/fleets/card/{card.pk}/change/")
        assert page.evaluate("() => window.__pwned") is None
        assert "pwned" not in page.title()
        shown = page.locator(".field-rendered_text .readonly")
        expect(shown).to_have_text(SHOWN[card.source_id])
        assert shown.locator("script, img, a").count() == 0
