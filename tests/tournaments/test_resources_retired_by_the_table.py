"""Seed 003 (/work/shared/seeds/003_6c6de163d61af4e0.txt), Additional Rules, Resources 4: "Resources are
retired from Organized Play on the 1st of the month shown in the table"; its last line retires Improved
Hull on December 2017, and a resource missing from it retires 18 months after its release. So at any
event of 2026 the table retires every resource of the real catalog, and the pages say so in those words
instead of "some resources"."""

from datetime import date

import pytest
from django.urls import reverse

from rules.attack_wing.catalog import RESOURCE
from tests.fleets.conftest import real_catalog, utopia_file  # noqa: F401 (fixtures)
from tests.tournaments.factories import EventFactory, fleet_for
from tournaments.services import registration_add

pytestmark = pytest.mark.django_db

EVENING = date(2026, 12, 5)


def resource_count(catalog) -> int:
    return sum(1 for card in catalog.cards.values() if card.kind == RESOURCE)


def test_the_event_page_says_the_table_retires_all_of_them_in_2026(client, real_catalog):  # noqa: F811
    total = resource_count(real_catalog)
    event = EventFactory(date=EVENING, resource_rule="table-2016")
    page = client.get(reverse("tournaments:event", args=[event.pk])).text
    assert f"Resources retired by the WizKids 2016 table: all {total} are retired on 5 December 2026" in page


def test_before_the_tables_last_line_it_says_how_many(client, real_catalog):  # noqa: F811
    """On 1 June 2015 the table has retired its first four lines (Elite Attack Die to Flagship Cards) and
    not Fleet Captain Cards (January 2016): some, not all."""
    total = resource_count(real_catalog)
    event = EventFactory(date=date(2015, 6, 1), resource_rule="table-2016")
    page = client.get(reverse("tournaments:event", args=[event.pk])).text
    words = page[page.index("Resources retired by the WizKids 2016 table: ") :].split("<")[0]
    retired = int(words.split(": ")[1].split(" of ")[0])
    assert 4 <= retired < total and words.endswith(f"{retired} of {total} are retired on 1 June 2015")


def test_the_builder_names_the_rule_in_the_same_words(client, player, real_catalog):  # noqa: F811
    total = resource_count(real_catalog)
    event = EventFactory(name="Winter Open", date=EVENING, resource_rule="table-2016")
    registration_add(event=event, player=player)
    fleet = fleet_for(player, {"format": "wizkids-2016", "ships": []})
    client.force_login(player)
    page = client.get(reverse("fleets:detail", args=[fleet.pk]), {"event": event.pk}).text
    assert f"Resources retired by the WizKids 2016 table: all {total} are retired on 5 December 2026." in page
    assert "retires some resources" not in page
