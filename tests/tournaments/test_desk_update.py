"""A result saved at the desk with htmx answers that table's rows, the round's state and the
message: not the whole desk again, whose other tables' forms are most of a large round's cost."""

import pytest
from django.urls import reverse

from tournaments.models import Match
from tournaments.services import event_start, round_pair_next

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def running(event_staff, enter):
    event = event_staff["event"]
    for _ in range(8):
        enter(event)
    event_start(event=event)
    round_pair_next(event=event, by=event.organizer)
    return event


def post_result(client, event, table: int, data: dict):
    match = Match.objects.get(round__event=event, round__number=1, table=table)
    client.force_login(event.organizer)
    url = reverse("tournaments:enter_result", args=[event.pk, 1, match.pk])
    return match, client.post(url, {f"table-{table}-{key}": value for key, value in data.items()}, **HTMX)


def test_a_saved_result_answers_its_table_the_state_and_the_message(running, client):
    match, response = post_result(client, running, 2, {"winner": "1"})
    page = response.content.decode()
    assert response.status_code == 200 and "<html" not in page
    assert f'id="match-{match.pk}"' in page and "win" in page
    assert 'id="round-state" class="mb-3" hx-swap-oob="true"' in page and "3 results still missing" in page
    assert 'id="desk-messages" hx-swap-oob="true"' in page and "Table 2: result saved." in page
    assert "Enter the result of table" not in page  # no other table's form is rendered again


def test_a_refused_entry_brings_back_the_whole_desk(running, client):
    _match, response = post_result(client, running, 1, {})
    assert response["HX-Retarget"] == "#round-desk" and response["HX-Reselect"] == "#round-desk"
    assert "Enter the result of table 4" in response.content.decode()
