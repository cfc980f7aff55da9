"""``seed_demo``: demo accounts and event, passwords printed once, safe to run twice.

Its first run on an empty site is made once for the module (:func:`first_run`); the run with a card file of its
own is in ``test_seed_demo_card_file.py``.
"""

from collections.abc import Iterator
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import transaction
from django.urls import reverse

from fleets.models import Card, CardDatabase
from games.attack_wing.demo import DEMO_EVENT_NAME
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def seed(*args) -> str:
    out = StringIO()
    call_command("seed_demo", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


@pytest.fixture(scope="module")
def first_run(django_db_setup, django_db_blocker) -> Iterator[str]:
    """What ``seed_demo`` printed on its first run on an empty site, its rows in the database.

    Run once for the module in a transaction rolled back after it; each test runs in its own savepoint inside it,
    so what a test writes (a second run) is gone before the next test."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield seed()
        transaction.set_rollback(True)


def test_seed_demo_creates_accounts_once_and_prints_passwords_once(first_run):
    first = first_run
    assert "organizer" in first and "password" in first
    organizer = User.objects.get(username="organizer")
    assert organizer.groups.filter(name="Organizer").exists()
    assert Event.objects.get(name=DEMO_EVENT_NAME).judges.filter(username="judge").exists()
    second = seed()
    assert "password" not in second and "Imported" not in second
    assert Event.objects.filter(name=DEMO_EVENT_NAME).count() == 1
    assert User.objects.filter(username__in=["organizer", "judge", "player"]).count() == 3


def test_seed_demo_creates_a_site_administrator_who_can_open_the_people_page(client, first_run):
    output = first_run
    admin = User.objects.get(username="admin")
    assert admin.is_superuser and admin.is_staff and "Created admin (site administrator" in output
    client.force_login(admin)
    assert client.get(reverse("people")).status_code == 200


@pytest.mark.slow(reason="reads the demo's real catalog and fleets back from the database")
def test_seed_demo_on_an_empty_site_imports_the_shipped_cards_and_registers_legal_fleets(first_run):
    """A bare clone: no card file given, the demo STAW event still gets real, legal fleets."""
    output = first_run
    assert Card.objects.count() > 2000
    assert set(CardDatabase.objects.values_list("source", flat=True)) == {"utopia", "spacedock"}
    event = Event.objects.get(name=DEMO_EVENT_NAME)
    registrations = list(event.registrations.select_related("fleet_version"))
    assert len(registrations) >= 4 and all(r.fleet_version.legal for r in registrations)
    assert "Imported the Utopia cards bundled with Muster" in output and "legal fleet" in output
    seed()
    assert event.registrations.count() == len(registrations)


def test_seed_demo_gives_every_deck_game_something_to_look_at(first_run):
    """Seeds 001, 002, 004: a finished Wing Commander event with balanced sides, a Starship Command campaign
    two battles in, a Spearpoint event pairing American against German reserves decks; all safe to run again."""
    from games.spearpoint.demo import EVENT as SPEARPOINT_EVENT
    from games.spearpoint.models import SpearpointUnit
    from games.starship_command.demo import CAMPAIGN
    from games.starship_command.models import Campaign, CampaignEntry
    from games.wing_commander.demo import FINISHED_EVENT, OPEN_EVENT
    from tournaments.models import EventStatus, MatchSide

    cup = Event.objects.get(name=FINISHED_EVENT)
    assert cup.status == EventStatus.FINISHED and cup.registrations.count() == 4
    for registration in cup.registrations.all():
        sides = list(MatchSide.objects.filter(registration=registration).values_list("side", flat=True))
        assert sorted(sides) == ["kilrathi", "terran"]
    assert Event.objects.get(name=OPEN_EVENT).registrations.filter(decks__isnull=False).distinct().count() == 4
    skirmish = Event.objects.get(name=SPEARPOINT_EVENT)
    assert skirmish.status == EventStatus.RUNNING
    for match in skirmish.rounds.get(number=1).matches.filter(table__isnull=False):
        assert [side.side for side in match.sides.order_by("seat")] == ["american", "german"]
    assert set(SpearpointUnit.objects.values_list("notes", flat=True)) == {
        "Placeholder — replace with your cards. The player aid (seed 004) lists no units; this cost is made up."
    }
    campaign = Campaign.objects.get(name=CAMPAIGN)
    assert campaign.entries.filter(kind="battle").count() == 2
    entries = CampaignEntry.objects.count()
    seed()
    assert CampaignEntry.objects.count() == entries
    assert Event.objects.filter(name__in=[FINISHED_EVENT, OPEN_EVENT, SPEARPOINT_EVENT]).count() == 3


def test_seed_demo_opens_two_stores_each_run_by_its_own_organizer(first_run):
    """The demo events of ``organizer`` are held at the first store; the second store's event is
    ``organizer2``'s to run and not ``organizer``'s."""
    from stores.models import Store
    from tournaments.access import viewer_of

    seed()
    home, other = Store.objects.get(name="Promenade Games"), Store.objects.get(name="Starbase Hobbies")
    assert Store.objects.count() == 2
    assert {r.person.username for r in home.roles.current()} == {"organizer", "judge"}
    assert {r.person.username for r in other.roles.current()} == {"organizer2", "judge2"}
    assert Event.objects.get(name=DEMO_EVENT_NAME).store == home
    league_night = other.events.get()
    organizer, organizer2 = User.objects.get(username="organizer"), User.objects.get(username="organizer2")
    assert viewer_of(organizer2, league_night).is_organizer
    assert not viewer_of(organizer, league_night).is_staff
