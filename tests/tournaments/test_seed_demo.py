"""``seed_demo``: demo accounts and event, passwords printed once, safe to run twice."""

from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from games.attack_wing.demo import DEMO_EVENT_NAME
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def seed(*args) -> str:
    out = StringIO()
    call_command("seed_demo", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_seed_demo_creates_accounts_once_and_prints_passwords_once():
    first = seed()
    assert "organizer" in first and "password" in first
    organizer = User.objects.get(username="organizer")
    assert organizer.groups.filter(name="Organizer").exists()
    assert Event.objects.get(name=DEMO_EVENT_NAME).judges.filter(username="judge").exists()
    assert "import_cards" in first  # no catalog yet: it says how to import one
    second = seed()
    assert "password" not in second
    assert Event.objects.filter(name=DEMO_EVENT_NAME).count() == 1
    assert User.objects.filter(username__in=["organizer", "judge", "player"]).count() == 3


def test_seed_demo_imports_cards_and_registers_players_with_legal_fleets(utopia_path):
    output = seed("--cards", str(utopia_path))
    event = Event.objects.get(name=DEMO_EVENT_NAME)
    registrations = list(event.registrations.select_related("fleet_version"))
    assert len(registrations) >= 4 and all(r.fleet_version.legal for r in registrations)
    assert "legal fleet" in output and "No STAW card catalog" not in output
    seed("--cards", str(utopia_path))
    assert event.registrations.count() == len(registrations)
