"""The organizer answers a walk-in's doubtful cards with one click, as on /check/ and the import page.

A list typed or exported by name may name a card printed several times (Jean-Luc Picard has six printings): the
report lists each with its set and cost, and a "Take …" button posts the list again, signed as it was read, with
that answer; the walk-in's submission is replaced by the answered list. Only the event's staff get through; a
changed or stale list, or an answer that answers no doubt, is refused and changes nothing.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from fleets.forms import ImportConfirmForm
from rules.attack_wing import Fleet, FleetShip, validate_fleet
from rules.attack_wing.interchange import muster_text
from tests.conftest import UTOPIA_FILE
from tests.snapshots import load_real_catalog
from tests.tournaments.factories import EventFactory
from tournaments.models import Registration
from tournaments.services import registration_add_walk_in

pytestmark = pytest.mark.django_db

# The engine tests' 130 SP fleet (Utopia ids) as Muster's own text without ids: by name, so Picard (line 2) and
# Kirk (line 8) are doubtful, each among its printings at the same cost
_FLEET = Fleet(
    ships=(
        FleetShip("S273", "Cap049", upgrades=("T259", "W202", "C462", "C469")),
        FleetShip("S363", "Cap043", upgrades=("T259", "T149", "W202", "C464", "C474")),
        FleetShip("S341", "Cap051", upgrades=("W202", "W159", "W158")),
    )
)


@pytest.fixture
def kasidy(db):
    load_real_catalog(origin=str(UTOPIA_FILE))
    event = EventFactory(format="wizkids-2016")
    return registration_add_walk_in(event=event, name="Kasidy Yates", added_by=event.organizer)


def typed_list() -> str:
    """Muster's text of the fleet as written before it carried card ids: by name, type and cost only."""
    from fleets.selectors import load_catalog

    catalog = load_catalog()
    text = muster_text(_FLEET, validate_fleet(_FLEET, catalog, "wizkids-2016"), catalog, name="Kasidy")
    return re.sub(r" \[[^\[\]]+\] - ", " - ", text)


def url(registration) -> str:
    return reverse("tournaments:walk_in_list", args=[registration.event_id, registration.pk])


def captains(registration) -> list[str]:
    registration = Registration.objects.get(pk=registration.pk)
    return [ship["captain"] for ship in registration.fleet_version.content["ships"]]


def signed(page: str) -> str:
    return re.search(r'<form method="post" id="walk-in-answers" hidden>.*?name="source" value="([^"]+)"', page, re.S)[1]


def organizer(registration) -> Client:
    client = Client()
    client.force_login(registration.event.organizer)
    return client


def test_the_report_names_each_printing_and_one_click_takes_it(kasidy):
    client = organizer(kasidy)
    page = unescape(client.post(url(kasidy), {"text": typed_list()}).content.decode())
    assert "Submitted: Kasidy Yates's fleet." in page and captains(kasidy) == ["Cap049", "Cap043", "Cap051"]
    # names, sets and costs of every printing, and a button for each but the one taken
    assert 'Jean-Luc Picard <small class="text-body-secondary">Cap818</small>: captain, 6 SP, federation, 2017' in page
    assert 'form="walk-in-answers" name="choose" value="1=Cap818"' in page
    page = unescape(
        client.post(url(kasidy), {"source": signed(page), "choices": "", "choose": "1=Cap818"}).content.decode()
    )
    assert "chosen by hand among 6 cards" in page and captains(kasidy) == ["Cap818", "Cap043", "Cap051"]
    # the next answer keeps the first
    assert '<input type="hidden" name="choices" value="1=Cap818" form="walk-in-answers">' in page
    client.post(url(kasidy), {"source": signed(page), "choices": "1=Cap818", "choose": "7=Cap809"})
    assert captains(kasidy) == ["Cap818", "Cap809", "Cap051"]


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        ({"choose": "1=C462"}, "C462 answers no doubt on line 2 of this list; nothing changed."),
        ({"choose": "99=Cap818"}, "Cap818 answers no doubt on line 100 of this list; nothing changed."),
        ({"choose": "one=Cap818"}, "The choice of a card is damaged; check the list again."),
        ({"source": "tampered"}, "This preview has expired or was changed"),
    ],
)
def test_a_bad_answer_is_refused_and_changes_nothing(kasidy, answer, says):
    client = organizer(kasidy)
    page = client.post(url(kasidy), {"text": typed_list()}).content.decode()
    before = Registration.objects.get(pk=kasidy.pk).fleet_version_id
    page = unescape(client.post(url(kasidy), {"source": signed(page), "choices": "", **answer}).content.decode())
    assert says in page
    assert Registration.objects.get(pk=kasidy.pk).fleet_version_id == before


def test_only_the_event_staff_answer(kasidy, player):
    """Another organizer, a player and anyone signed out cannot post the signed list back."""
    page = organizer(kasidy).post(url(kasidy), {"text": typed_list()}).content.decode()
    answer = {"source": signed(page), "choices": "", "choose": "1=Cap818"}
    before = Registration.objects.get(pk=kasidy.pk).fleet_version_id
    other = Client()
    other.force_login(EventFactory().organizer)
    mine = Client()
    mine.force_login(player)
    assert other.post(url(kasidy), answer).status_code in (403, 404)
    assert mine.post(url(kasidy), answer).status_code in (403, 404)
    assert "/accounts/login/" in Client().post(url(kasidy), answer).url
    assert Registration.objects.get(pk=kasidy.pk).fleet_version_id == before


def test_the_signed_list_is_the_one_read(kasidy):
    """The buttons post the list back signed (``ImportConfirmForm``): its bytes, format and squad, nothing else."""
    page = organizer(kasidy).post(url(kasidy), {"text": typed_list()}).content.decode()
    form = ImportConfirmForm({"source": signed(page)})
    assert form.is_valid() and form.source_data().decode() == typed_list().strip()
