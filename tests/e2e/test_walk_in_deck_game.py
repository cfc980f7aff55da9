"""A walk-in at a Wing Commander event, in a real browser at desktop and phone width: the organizer
registers them by name and pastes the two decks they brought, one per side (seed 001, "Deck
construction"); a deck that cannot be read is refused by name and nothing is kept."""

import pytest
from playwright.sync_api import expect

from tests.accounts.factories import OrganizerFactory
from tests.e2e.conftest import log_in, overflows_sideways
from tests.e2e.test_accessibility import serious_violations
from tests.tournaments.deck_games import deck_event
from tests.tournaments.test_walk_ins import wing_commander_texts
from tournaments.models import Registration

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_an_organizer_enters_a_walk_ins_decks(page, width):
    page.set_viewport_size({"width": width, "height": 900})
    organizer = OrganizerFactory(username="eisen")
    event = deck_event("wing-commander", organizer=organizer, name="Tiger's Claw Cup")
    decks = {side: text.decode() for side, text in wing_commander_texts().items()}
    log_in(page, organizer)
    page.goto(f"/events/{event.pk}/")
    page.get_by_label("…or a walk-in's name").fill("Maverick")
    page.get_by_role("button", name="Add player").click()
    expect(page.get_by_text("Maverick is registered.")).to_be_visible()

    page.get_by_role("link", name="Enter the decks of Maverick").click()
    expect(page.get_by_label("…or paste the terran deck")).to_be_visible()
    assert serious_violations(page) == []
    page.get_by_label("…or paste the terran deck").fill(decks["terran"])
    page.get_by_label("…or paste the kilrathi deck").fill("3 Nothing Known")
    page.get_by_role("button", name="Submit decks").click()
    expect(page.locator("#walk-in-refusal")).to_contain_text("Kilrathi deck: This file cannot be imported")
    assert not Registration.objects.get(event=event).decks.exists()
    page.get_by_label("…or paste the kilrathi deck").fill(decks["kilrathi"])
    page.get_by_role("button", name="Submit decks").click()
    expect(page.get_by_text("Submitted: Maverick's decks.")).to_be_visible()
    assert sorted(Registration.objects.get(event=event).decks.values_list("slot", flat=True)) == [
        "kilrathi",
        "terran",
    ]
    assert not overflows_sideways(page)
