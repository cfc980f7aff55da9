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
