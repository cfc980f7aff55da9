"""Venues may ban resources (Additional Rules, Resources 2, seed 003): an event's banned resources refuse a fleet."""

import pytest
from django.urls import reverse

from fleets.services import fleet_update
from tests.fleets.factories import ResourceFactory
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.errors import FleetRefused
from tournaments.models import Registration
from tournaments.services import registration_add, registration_submit_fleet

pytestmark = pytest.mark.django_db


@pytest.fixture
def fleet_with_resource(player):
    resource = ResourceFactory(name="Sick Bay", cost=4)
    content = legal_fleet_content(small_catalog())
    fleet = fleet_for(player, content)
    fleet_update(fleet=fleet, content={**content, "resources": [resource.source_id]}, by=player)
    return fleet, resource


@pytest.mark.parametrize("ban", ["sick bay", "Captain's Chair, Sick Bay", "{id}"])
def test_a_fleet_with_a_banned_resource_is_refused_with_resource_banned(player, fleet_with_resource, ban):
    fleet, resource = fleet_with_resource
    event = EventFactory(banned_resources=ban.format(id=resource.source_id))
    registration = registration_add(event=event, player=player)
    with pytest.raises(FleetRefused) as refused:
        registration_submit_fleet(registration=registration, fleet=fleet)
    assert any("Sick Bay is banned at this event" in message for message in refused.value.violations)
    assert Registration.objects.get(pk=registration.pk).fleet_version is None


def test_the_same_fleet_is_accepted_where_nothing_is_banned(player, fleet_with_resource):
    fleet, _ = fleet_with_resource
    registration = registration_add(event=EventFactory(banned_resources="Captain's Chair"), player=player)
    assert registration_submit_fleet(registration=registration, fleet=fleet).fleet_version is not None


def test_the_event_page_lists_what_it_bans(client, organizer):
    event = EventFactory(organizer=organizer, banned_resources="Sick Bay")
    assert "Banned resources" in client.get(reverse("tournaments:event", args=[event.pk])).text
