"""A stored catalog follows the card reader: ``import_cards`` with no file reads the site's held card file again.

The catalog stores what the reader made of each card. After a release that reads more of the text (the cards
placed face down beneath Quark, docs/attack-wing-rules.md "No silent gaps"), a site's stored Quark would still
lack the rule, and a fleet naming the card beneath him would be refused, until the file was read again.
"""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from fleets.models import Card, CardDatabase
from fleets.selectors import load_catalog
from rules.attack_wing import parse_fleet, validate_fleet

pytestmark = pytest.mark.django_db

QUARK_FLEET = {"ships": [{"ship": "S013", "captain": "Cap201", "upgrades": ["C114"], "beneath": {"C114": ["T021"]}}]}


def _import_cards() -> str:
    out = StringIO()
    call_command("import_cards", stdout=out)
    return out.getvalue()


def _quark_verdicts() -> list[str]:
    catalog = load_catalog()
    report = validate_fleet(parse_fleet(QUARK_FLEET, catalog)[0], catalog, "wizkids-2016")
    return [v.message for v in report.violations if v.card == "T021"]


@pytest.mark.slow(reason="imports the real catalog, then reads it again from the held file")
def test_a_catalog_read_by_an_older_reader_is_read_again_from_the_held_file():
    _import_cards()
    held = CardDatabase.objects.get(source="utopia")
    quark = Card.objects.get(source_id="C114")
    Card.objects.filter(pk=quark.pk).update(restrictions=[])  # as an earlier reader stored it
    assert _quark_verdicts() == [
        "Maximum Shields on Ship 1 (Quark's Treasure): Quark places no card face down beneath it."
    ]

    out = _import_cards()

    assert "again with this release's card reader: 1 cards and 0 sets read differently" in out
    assert Card.objects.get(pk=quark.pk).restrictions == quark.restrictions
    assert _quark_verdicts() == []
    after = CardDatabase.objects.get(source="utopia")
    assert (after.sha256, after.imported_at) == (held.sha256, held.imported_at)  # the file is as it was


def test_a_catalog_the_reader_reads_the_same_is_left_alone():
    _import_cards()
    assert _import_cards() == "The site already holds the card files Muster ships.\n"


@pytest.mark.slow(reason="imports the real catalog, then reads it again from the held file")
def test_a_ship_stored_without_its_dial_moves_and_arcs_gains_them_when_read_again(client):
    """A site's U.S.S. Enterprise-D (S207), stored before the reader kept each move and arc, shows the kinds
    only; after ``import_cards`` its page draws the Galaxy Class dial and arcs (docs/fleets.md, card pages)."""
    _import_cards()
    ship = Card.objects.get(source_id="S207")
    older = [row for row in ship.restrictions if row[0] not in ("dial_move", "firing_arc")]
    assert len(older) < len(ship.restrictions)
    Card.objects.filter(pk=ship.pk).update(restrictions=older)
    assert 'data-testid="dial"' not in client.get(f"/fleets/cards/{ship.source_id}/").content.decode()

    _import_cards()

    html = client.get(f"/fleets/cards/{ship.source_id}/").content.decode()
    assert '<th scope="row">Speed 1</th><td>bank left (green), forward (green), bank right (green)</td>' in html
    assert "<li>90° forward firing arc.</li><li>90° rear firing arc.</li>" in html
