"""The event's paper travels with its export: written, read back, refused when it is not a paper,
and an export older than the setting takes the importing site's paper."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tests.tournaments.factories import EventFactory
from tests.tournaments.test_event_import_refusals import refusal
from tournaments.models import Event
from tournaments.services import event_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def exported(enter):
    event = EventFactory(name="Letter Open", paper_size="Letter")
    enter(event), enter(event)
    out = StringIO()
    call_command("export_event", str(event.pk), stdout=out)
    return event, json.loads(out.getvalue())


def test_the_paper_is_exported_and_imported(exported, settings):
    settings.MUSTER_PAPER_SIZE = "A4"
    event, data = exported
    assert data["event"]["paper_size"] == "Letter"
    copy = event_import(data=data)
    assert copy.pk != event.pk and copy.paper_size == "Letter"


def test_an_export_without_a_paper_takes_the_site_paper(exported, settings):
    settings.MUSTER_PAPER_SIZE = "A4"
    _event, data = exported
    del data["event"]["paper_size"]
    assert event_import(data=data).paper_size == "A4"


def test_a_paper_that_is_not_offered_is_refused_and_nothing_is_imported(exported, tmp_path):
    _event, data = exported
    data["event"]["paper_size"] = "B5"
    lines = refusal(tmp_path, data)
    assert any("event.paper_size" in line and "B5" in line for line in lines), lines
    assert Event.objects.count() == 1
