"""The organizer chooses retirement (issue 26, item 4): the WizKids 2016 table (seed 003, Additional Rules,
Resources 4), or none retired for a community event, the banned resources then being the explicit list."""

import pytest
from django.urls import reverse

from fleets.services import fleet_update
from tests.fleets.factories import ResourceFactory
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.errors import FleetRefused
from tournaments.services import registration_add, registration_submit_fleet

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
    registration = registration_add(event=EventFactory(retire_resources=False), player=player)
    assert registration_submit_fleet(registration=registration, fleet=fleet_with_retired_resource).fleet_version


def test_with_none_retired_the_banned_list_still_refuses(player, fleet_with_retired_resource):
    event = EventFactory(retire_resources=False, banned_resources="Command Tokens")
    registration = registration_add(event=event, player=player)
    with pytest.raises(FleetRefused):
        registration_submit_fleet(registration=registration, fleet=fleet_with_retired_resource)


@pytest.mark.parametrize(
    ("retire", "shown"),
    [(True, "By the WizKids 2016 table"), (False, "None retired: every resource is allowed unless banned")],
)
def test_the_event_page_says_which_resources_retire(client, retire, shown):
    event = EventFactory(retire_resources=retire)
    page = client.get(reverse("tournaments:event", args=[event.pk])).text
    assert "Resource retirement" in page and shown in page
