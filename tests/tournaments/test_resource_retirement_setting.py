"""The organizer chooses which resources an event refuses: none retired (the default), the WizKids 2016
table (seed 003, Additional Rules, Resources 4), or only the resources on its banned list (Resources 2)."""

import re
from datetime import date

import pytest
from django.urls import reverse

from fleets.services import fleet_update
from tests.fleets.factories import ResourceFactory
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tests.tournaments.test_event_views import event_form
from tournaments.errors import FleetRefused
from tournaments.games import event_game
from tournaments.models import Event
from tournaments.services import event_create, registration_add, registration_submit_fleet

pytestmark = pytest.mark.django_db


@pytest.fixture
def fleet_with_retired_resource(player):
    """Command Tokens retired on 1 April 2015 by the 2016 table; every event of the tests is later."""
    resource = ResourceFactory(name="Command Tokens", cost=3)
    content = legal_fleet_content(small_catalog())
    fleet = fleet_for(player, content)
    fleet_update(fleet=fleet, content={**content, "resources": [resource.source_id]}, by=player)
    return fleet


def test_by_the_2016_table_a_retired_resource_is_refused(player, fleet_with_retired_resource):
    registration = registration_add(event=EventFactory(), player=player)
    with pytest.raises(FleetRefused) as refused:
        registration_submit_fleet(registration=registration, fleet=fleet_with_retired_resource)
    assert any("Command Tokens" in message and "retired" in message for message in refused.value.violations)


def test_with_none_retired_the_same_list_is_accepted(player, fleet_with_retired_resource):
    registration = registration_add(event=EventFactory(resource_rule="none"), player=player)
    assert registration_submit_fleet(registration=registration, fleet=fleet_with_retired_resource).fleet_version


def test_with_none_retired_the_banned_list_still_refuses(player, fleet_with_retired_resource):
    event = EventFactory(resource_rule="list", banned_resources="Command Tokens")
    registration = registration_add(event=event, player=player)
    with pytest.raises(FleetRefused):
        registration_submit_fleet(registration=registration, fleet=fleet_with_retired_resource)


@pytest.mark.parametrize(
    ("rule", "banned", "shown"),
    [
        ("none", "", "None retired: every resource is allowed"),
        ("list", "Command Tokens", "Only the resources banned above are refused"),
    ],
)
def test_the_event_page_names_the_rule(client, rule, banned, shown):
    event = EventFactory(resource_rule=rule, banned_resources=banned)
    page = client.get(reverse("tournaments:event", args=[event.pk])).text
    assert f"<dt>Resources</dt><dd>{shown}</dd>" in page


def test_a_new_event_retires_no_resource_unless_its_organizer_chooses_a_rule(client, organizer):
    """No rule refuses resources by default (the 2016 table, ticked by default before, retired every
    resource at any event after its last line, seed 003 Resources 4): the form offers the three rules
    with "none retired" chosen, and an event created without settings judges no retirement."""
    client.force_login(organizer)
    form = client.get(reverse("tournaments:create")).text
    for rule in ("none", "table-2016", "list"):
        assert f'name="attack-wing-resource_rule" value="{rule}"' in form
    assert re.search(r'name="attack-wing-resource_rule" value="none"[^>]*checked', form)
    event = event_create(
        organizer=organizer, name="Quiet Night", game="attack-wing", format="wizkids-2016", date=date(2026, 12, 5)
    )
    assert event.game_settings["resource_rule"] == "none"
    assert event_game(event.game).fleet_check(event).on_date is None


@pytest.mark.parametrize(
    ("rule", "banned", "problem"),
    [
        ("list", "", "Name the resources to refuse, or choose another rule."),
        ("none", "Command Tokens", "Resources are banned above: choose &quot;only the resources banned above&quot;."),
    ],
)
def test_a_banned_list_goes_with_the_rule_that_reads_it(client, organizer, rule, banned, problem):
    client.force_login(organizer)
    data = event_form(**{"attack-wing-resource_rule": rule, "attack-wing-banned_resources": banned})
    response = client.post(reverse("tournaments:create"), data)
    assert response.status_code == 200 and not Event.objects.exists()
    assert problem in response.text
