"""The collection's writes refuse what names no expansion and change nothing then."""

import pytest
from django.contrib.auth.models import AnonymousUser

from fleets.selectors.collection import collection_text, owned_set_ids
from fleets.services import FleetError, collection_import, collection_set
from tests.accounts.factories import PlayerFactory
from tests.fleets.factories import CardSetFactory

pytestmark = pytest.mark.django_db


def test_an_unknown_expansion_id_is_refused_and_the_collection_kept():
    player = PlayerFactory()
    owned = CardSetFactory(source_id="71120", name="U.S.S. Enterprise-D Expansion")
    collection_set(owner=player, set_ids=[owned.source_id])

    with pytest.raises(FleetError, match="No such expansion: 99999."):
        collection_set(owner=player, set_ids=["99999", owned.source_id])

    assert owned_set_ids(player) == {"71120"}


def test_a_control_character_in_an_imported_list_is_refused():
    player = PlayerFactory()
    CardSetFactory(source_id="71120", name="U.S.S. Enterprise-D Expansion")

    with pytest.raises(FleetError, match="control character"):
        collection_import(owner=player, text="71120\x00\n")

    assert owned_set_ids(player) == frozenset()


def test_the_text_reads_back_as_the_same_collection():
    player = PlayerFactory()
    CardSetFactory(source_id="71120", name="U.S.S. Enterprise-D Expansion")
    CardSetFactory(source_id="2017core", name="2017 Starter Set")
    collection_set(owner=player, set_ids=["2017core", "71120"])
    text = collection_text(player)
    collection_set(owner=player, set_ids=[])

    assert collection_import(owner=player, text=text) == ["2017core", "71120"]


def test_an_anonymous_visitor_owns_nothing():
    assert owned_set_ids(AnonymousUser()) == frozenset()
