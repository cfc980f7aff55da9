"""A new fleet declares no faction until its player chooses one.

The tournament rules charge faction penalties card by card against each ship's
faction (seed 003, Additional Rules 20) and never ask a fleet to declare one, so
"No faction declared" is a choice of its own, the one a new fleet starts on.
"""

import re

import pytest
from django.urls import reverse

from fleets.models import Fleet
from tests.fleets.factories import FleetFactory

pytestmark = pytest.mark.django_db


def options(html: str, select_name: str) -> list[tuple[str, str, bool]]:
    """(value, label, selected) of each option of the form's ``<select name=...>``."""
    select = re.search(rf'<select name="{select_name}"[^>]*>(.*?)</select>', html, re.S).group(1)
    return [
        (value, label.strip(), bool(selected))
        for value, selected, label in re.findall(r'<option value="([^"]*)"( selected)?>([^<]*)</option>', select)
    ]


def test_the_new_fleet_form_starts_on_no_faction_declared_seed_003_rule_20(client, player, real_catalog):
    client.force_login(player)

    choices = options(client.get(reverse("fleets:create")).content.decode(), "faction")

    assert choices[0] == ("", "No faction declared", True)
    assert ("bajoran", "Bajoran", False) in choices
    assert [value for value, _label, selected in choices if selected] == [""]


def test_a_fleet_created_without_a_faction_declares_none(client, player, real_catalog):
    client.force_login(player)

    response = client.post(
        reverse("fleets:create"), {"name": "Open Fleet", "faction": "", "format_key": "wizkids-2016"}
    )

    fleet = Fleet.objects.get(owner=player)
    assert response.status_code == 302 and response.url == reverse("fleets:detail", args=[fleet.pk])
    assert (fleet.name, fleet.faction) == ("Open Fleet", "")
    page = client.get(response.url).content.decode()
    assert "Declared faction: none" in page
    assert options(page, "faction")[0] == ("", "No faction declared", True)


def test_a_declared_faction_is_kept(client, player, real_catalog):
    client.force_login(player)

    client.post(reverse("fleets:create"), {"name": "Bajor", "faction": "bajoran", "format_key": "wizkids-2016"})

    assert Fleet.objects.get(owner=player).faction == "bajoran"


def test_an_unknown_faction_is_refused_and_creates_nothing(client, player, real_catalog):
    client.force_login(player)

    response = client.post(
        reverse("fleets:create"), {"name": "X", "faction": "no-such-faction", "format_key": "wizkids-2016"}
    )

    assert response.status_code == 200
    assert "Select a valid choice. no-such-faction is not one of the available choices." in response.content.decode()
    assert not Fleet.objects.exists()


def test_the_ship_search_filter_starts_on_any_faction_whatever_the_fleet_declares(client, player, real_catalog):
    """The fleet's own faction comes first in the results; the filter no longer hides the others."""
    fleet = FleetFactory(owner=player, faction="klingon")
    client.force_login(player)

    page = client.get(reverse("fleets:detail", args=[fleet.pk])).content.decode()

    details = options(page, "faction")
    assert ("klingon", "Klingon", True) in details  # what the fleet declares
    search = re.search(
        r'<select class="form-select form-select-sm" id="faction-fleet" name="faction">(.*?)</select>', page, re.S
    )
    assert search.group(1).count("<option") == len(details)  # "Any faction", then each faction once
    assert '<option value="">Any faction</option>' in search.group(1) and "selected" not in search.group(1)
