"""Top cut shows the cut: once a top cut is played the standings show its bracket and the final
placing first (the champion first, whatever the Swiss records), with the Swiss standings below."""

import pytest
from django.urls import reverse

from tests.tournaments.factories import EventFactory
from tests.tournaments.top_cut import finish_round, names, play_top_4
from tournaments import selectors
from tournaments.models import FinalStanding
from tournaments.services import event_start, round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def top_4(enter):
    return play_top_4(enter)


def test_the_final_placing_puts_the_champion_first(top_4):
    event, swiss, semi, final = top_4
    placing = [(row.label, row.name) for row in selectors.final_standings(event).cut_rows]
    champion, finalist = names(final.matches.get())[1], names(final.matches.get())[0]
    semi_losers = sorted((names(m)[0] for m in semi.matches.all()), key=swiss.index)
    assert placing == [("1", champion), ("2", finalist), ("3–4", semi_losers[0]), ("3–4", semi_losers[1])]
    assert [r.name for r in selectors.cut_bracket(event)] == ["Semifinal", "Final"]
    assert swiss[0] != champion  # the Swiss leader lost the semifinal: the Swiss order alone would mislead


def test_the_standings_page_shows_the_cut_above_the_swiss_standings(top_4, client):
    event, _swiss, _semi, final = top_4
    page = client.get(reverse("tournaments:standings", args=[event.pk])).text
    champion = names(final.matches.get())[1]
    assert page.index('id="cut-placing"') < page.index("Swiss standings") < page.index('class="table')
    assert f"<strong>1.</strong> {champion}" in page
    bracket = page[page.index('id="cut-bracket"') : page.index("Swiss standings")]
    assert '<h3 class="h6">Semifinal</h3>' in bracket and '<h3 class="h6">Final</h3>' in bracket


def test_an_event_without_a_cut_shows_its_standings_as_before(enter, client):
    event = EventFactory(planned_rounds=1)
    enter(event), enter(event)
    event_start(event=event)
    finish_round(round_pair_next(event=event, by=event.organizer), 1)
    assert selectors.cut_bracket(event) is None
    page = client.get(reverse("tournaments:standings", args=[event.pk])).text
    assert "Top cut" not in page and '<h2 class="h4">Standings</h2>' in page


def test_the_stored_final_places_follow_the_cut_then_the_swiss_order(top_4):
    """What seasons and records read: the champion 1st, the finalist 2nd, the semifinal losers 3rd and
    4th in Swiss order, then the players who missed the cut in Swiss order."""
    event, swiss, semi, final = top_4
    champion, finalist = names(final.matches.get())[1], names(final.matches.get())[0]
    semi_losers = sorted((names(m)[0] for m in semi.matches.all()), key=swiss.index)
    stored = FinalStanding.objects.filter(event=event).order_by("rank").select_related("registration__player")
    in_cut = {name for match in semi.matches.all() for name in names(match)}
    expected = [champion, finalist, *semi_losers, *(name for name in swiss if name not in in_cut)]
    assert [(line.rank, line.registration.name) for line in stored] == list(enumerate(expected, start=1))
