"""The builder judges resource retirement on the date of the event the fleet is prepared for, else today,
and says which (the judge-grade STAW issue, item 8; seed 003, Resources 4)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from fleets.models import Fleet
from fleets.selectors import builder_date
from tests.tournaments.factories import EventFactory, fleet_for, legal_fleet_content, small_catalog
from tournaments.services import registration_add, registration_submit_fleet

pytestmark = pytest.mark.django_db


def test_a_fleet_submitted_to_no_event_is_judged_today(player):
    fleet = fleet_for(player, legal_fleet_content(small_catalog()))
    judged = builder_date(fleet, today=timezone.localdate())
    assert (judged.day, judged.reason) == (timezone.localdate(), "today")


def test_a_fleet_submitted_to_upcoming_events_is_judged_on_the_first_of_them(client, player):
    fleet = fleet_for(player, legal_fleet_content(small_catalog()))
    soon = timezone.localdate() + timedelta(days=9)
    for name, day in (("Later Cup", soon + timedelta(days=30)), ("Spring Open", soon)):
        registration = registration_add(event=EventFactory(name=name, date=day), player=player)
        registration_submit_fleet(registration=registration, fleet=fleet)
    judged = builder_date(Fleet.objects.get(pk=fleet.pk), today=timezone.localdate())
    assert judged.day == soon and "Spring Open" in judged.reason
    client.force_login(player)
    page = client.get(reverse("fleets:detail", args=[fleet.pk])).text
    assert f"Resources judged on {soon.day} {soon:%B %Y} (the date of Spring Open" in page


def test_a_fleet_for_an_event_that_retires_none_is_judged_with_none_retired(client, player):
    """Issue 26, item 4: the organizer of a community event retires no resource; the builder follows."""
    fleet = fleet_for(player, legal_fleet_content(small_catalog()))
    event = EventFactory(name="Community Night", retire_resources=False)
    registration_submit_fleet(registration=registration_add(event=event, player=player), fleet=fleet)
    judged = builder_date(Fleet.objects.get(pk=fleet.pk), today=timezone.localdate())
    assert judged.day is None and judged.reason == "Community Night, the event it is submitted to, retires no resource"
    client.force_login(player)
    page = client.get(reverse("fleets:detail", args=[fleet.pk])).text
    assert "No resource retired: Community Night, the event it is submitted to, retires no resource" in page


def test_the_builder_asks_the_date_when_resources_are_retired_and_judges_on_the_one_given(client, player):
    """A resource retired today (Command Tokens, 1 April 2015) but allowed at an earlier event is legal there."""
    from fleets.services import fleet_update
    from tests.fleets.factories import ResourceFactory

    resource = ResourceFactory(name="Command Tokens", cost=3)
    content = legal_fleet_content(small_catalog())
    fleet = fleet_for(player, content)
    fleet_update(fleet=fleet, content={**content, "resources": [resource.source_id]}, by=player)
    client.force_login(player)
    today = client.get(reverse("fleets:detail", args=[fleet.pk])).text
    assert 'data-testid="judge-date"' in today and "RESOURCE_RETIRED" in today
    earlier = client.get(reverse("fleets:detail", args=[fleet.pk]), {"on": "2015-03-14"}).text
    assert "Resources judged on 14 March 2015 (the date you chose)" in earlier and "RESOURCE_RETIRED" not in earlier
    unreadable = client.get(reverse("fleets:detail", args=[fleet.pk]), {"on": "soon"}).text
    assert "(today)" in unreadable
