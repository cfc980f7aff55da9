"""Properties of the stored list file: canonical form is stable, and both file formats give the deck back."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fleets.decks.deck_kind import get_kind
from fleets.decks.text_format import export_text, parse_text

pytestmark = pytest.mark.django_db

copies = st.integers(min_value=0, max_value=60)
# 25 examples whatever the profile: each one builds and checks whole decks through the database.
examples = settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])


@examples
@given(arrows=copies, lucks=st.integers(min_value=0, max_value=2), darkets=copies, mustered=st.integers(0, 3))
def test_wing_commander_deck_survives_both_formats(arrow, capture_pilot, darket, arrows, lucks, darkets, mustered):
    kind = get_kind("wing-commander")
    content = kind.empty("terran")
    for card, count in ((arrow, arrows), (capture_pilot, lucks), (darket, darkets)):
        if count:
            content = kind.add(content, card, count)
    if mustered:
        content = kind.set_chosen(content, name="Arrow", count=mustered)
    assert kind.canonical(content) == content
    assert kind.canonical(json.loads(json.dumps(content))) == content
    assert parse_text(kind, export_text(kind, "Deck", content)) == content
    # what the builder stored is what the rules judge: the counts add up
    assert kind.report(content).counted == arrows + lucks + darkets


@examples
@given(shermans=copies, squads=copies, hand=st.lists(st.sampled_from(["M4 Sherman", "Rifle Squad"]), max_size=6))
def test_spearpoint_deck_survives_both_formats(sherman, rifle_squad, shermans, squads, hand):
    kind = get_kind("spearpoint")
    content = kind.empty("american")
    for card, count in ((sherman, shermans), (rifle_squad, squads)):
        if count:
            content = kind.add(content, card, count)
    for name in hand:
        content = kind.add_to_section(content, name=name, count=1)
    assert sorted(content["starting_hand"]) == sorted(hand)
    assert parse_text(kind, export_text(kind, "Deck", content)) == content
    assert kind.report(content).points == 12 * shermans + 6 * squads
