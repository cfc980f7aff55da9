"""Catalog reads: ``load_catalog`` (the engine's view, cached per process) and the builder's search."""

import json
from datetime import date

import pytest

from fleets.catalog_import import import_catalog
from fleets.models import Card, CardSet
from fleets.models.catalog import CARD_RECORD_FIELDS, SET_RECORD_FIELDS
from fleets.selectors import MAX_SEARCH_RESULTS, card_search, catalog_factions, load_catalog
from rules.attack_wing import catalog as records
from tests.fleets.factories import (
    AdmiralFactory,
    CaptainFactory,
    CardSetFactory,
    ShipFactory,
    UpgradeFactory,
    utopia_document,
)

pytestmark = pytest.mark.django_db


def test_every_record_field_has_a_column():
    """A field added to the engine's records needs a column (and a migration) before it can be stored."""
    assert set(CARD_RECORD_FIELDS) <= {field.name for field in Card._meta.get_fields()}
    assert set(SET_RECORD_FIELDS) <= {field.name for field in CardSet._meta.get_fields()}


def test_load_catalog_returns_the_stored_cards_as_engine_records():
    CardSetFactory(source_id="71120", name="Starter Set", release_date=date(2013, 5, 1), blind_booster=True)
    ShipFactory(
        source_id="S001",
        name="U.S.S. Enterprise-D",
        factions=["federation", "independent"],
        set_ids=["71120"],
        restrictions=[["oversized_base", None, 0], ["discount", "crew", 1]],
        grants_slots=["tech|weapon"],
    )
    UpgradeFactory(source_id="C001", alias_ids=["C001a"])

    catalog = load_catalog()

    ship = catalog.get("S001")
    assert ship == records.Card(
        id="S001",
        kind="ship",
        name="U.S.S. Enterprise-D",
        cost=28,
        factions=("federation", "independent"),
        unique=True,
        set_ids=("71120",),
        ship_class="Galaxy Class",
        hull=5,
        shields=4,
        attack=4,
        agility=1,
        slots=("crew", "crew", "crew", "weapon", "weapon"),
        restrictions=(records.Restriction("oversized_base"), records.Restriction("discount", "crew", 1)),
        grants_slots=("tech|weapon",),
    )
    assert catalog.sets["71120"] == records.CardSet("71120", "Starter Set", date(2013, 5, 1), blind_booster=True)
    assert catalog.get("C001a").id == "C001"
    assert catalog.release_date(ship) == date(2013, 5, 1)


def test_load_catalog_is_cached_until_the_catalog_changes(django_assert_num_queries):
    ShipFactory(source_id="S001")
    load_catalog()

    with django_assert_num_queries(2):  # the version check only: cards and sets
        assert set(load_catalog().cards) == {"S001"}

    CaptainFactory(source_id="Cap001")
    assert set(load_catalog().cards) == {"S001", "Cap001"}
    Card.objects.filter(source_id="S001").delete()
    assert set(load_catalog().cards) == {"Cap001"}


def test_engine_lookups_are_built_once_per_catalog_version():
    ShipFactory(source_id="S001")
    load_catalog().lookup_cache["index"] = "built"

    assert load_catalog().lookup_cache == {"index": "built"}
    CaptainFactory()
    assert load_catalog().lookup_cache == {}


def test_load_catalog_sees_an_import_that_changes_a_card():
    document = utopia_document()
    import_catalog(data=_json(document))
    assert load_catalog().get("S001").cost == 28

    document["ships"][0]["cost"] = 30
    import_catalog(data=_json(document))

    assert load_catalog().get("S001").cost == 30


def test_changing_the_returned_catalog_does_not_spoil_the_cached_one():
    ShipFactory(source_id="S001")
    mine = load_catalog()
    mine.cards.clear()
    mine.aliases["X"] = "S001"

    fresh = load_catalog()

    assert set(fresh.cards) == {"S001"}
    assert fresh.aliases == {}


def test_search_matches_part_of_the_name_case_blind_with_prefix_matches_first():
    ShipFactory(name="I.K.S. Enterprise Hunter")
    ShipFactory(name="U.S.S. Enterprise")
    ShipFactory(name="Enterprise NX-01")
    ShipFactory(name="U.S.S. Reliant")

    names = [card.name for card in card_search(query="enterprise")]

    assert names == ["Enterprise NX-01", "I.K.S. Enterprise Hunter", "U.S.S. Enterprise"]


def test_search_finds_a_card_by_its_source_id():
    ShipFactory(source_id="S415", name="U.S.S. Atlas")

    assert [card.name for card in card_search(query="s415")] == ["U.S.S. Atlas"]


def test_search_finds_ships_by_their_class():
    ShipFactory(name="U.S.S. Enterprise-D", ship_class="Galaxy Class")
    ShipFactory(name="U.S.S. Defiant", ship_class="Defiant Class")

    assert [card.name for card in card_search(query="galaxy", kind="ship")] == ["U.S.S. Enterprise-D"]


def test_search_narrows_by_kind_faction_and_upgrade_type():
    ShipFactory(name="Kirk's Ship", factions=["federation"])
    CaptainFactory(name="Kirk", factions=["federation"])
    AdmiralFactory(name="Kirk Admiral", factions=["mirror-federation"])
    UpgradeFactory(name="Kirk Crew", factions=["klingon", "federation"], upgrade_type="crew")
    UpgradeFactory(name="Kirk Tech", factions=["federation"], upgrade_type="tech")

    assert [c.name for c in card_search(query="kirk", kind="captain")] == ["Kirk"]
    assert [c.name for c in card_search(query="kirk", faction="mirror-federation")] == ["Kirk Admiral"]
    assert [c.name for c in card_search(query="kirk", faction="klingon")] == ["Kirk Crew"]
    assert len(card_search(query="kirk", faction="federation")) == 4  # not the mirror-federation admiral
    assert [c.name for c in card_search(query="", kind="upgrade", upgrade_type="tech")] == ["Kirk Tech"]


def test_search_returns_at_most_the_limit_and_never_more_than_the_cap():
    ShipFactory.create_batch(5)

    assert len(card_search(query="", limit=3)) == 3
    assert len(card_search(query="", limit=-1)) == 0
    ShipFactory.create_batch(MAX_SEARCH_RESULTS)
    assert len(card_search(query="", limit=10_000)) == MAX_SEARCH_RESULTS


def test_catalog_factions_lists_each_faction_once_sorted():
    ShipFactory(factions=["romulan"])
    UpgradeFactory(factions=["federation", "romulan"])

    assert catalog_factions() == ["federation", "romulan"]


def _json(document) -> bytes:
    return json.dumps(document).encode()
