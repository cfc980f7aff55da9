"""The builder's draft: edits change it in place, a version is made only when the player saves,
exports, prints or submits, and only if the draft differs from the current version."""

import pytest
from django.db import IntegrityError, transaction

from fleets.drafts import (
    fleet_discard_draft,
    fleet_edit_draft,
    fleet_edit_draft_details,
    fleet_save_draft,
    working_content,
    working_format,
)
from fleets.models import Fleet
from fleets.services import (
    FleetIllegal,
    FleetLocked,
    FleetStale,
    fleet_lock,
    fleet_submission_version,
    fleet_update,
)
from tests.fleets.factories import FleetFactory, fleet_catalog, legal_content, saved_fleet

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards():
    return fleet_catalog()


@pytest.fixture
def fleet(cards):
    return saved_fleet(cards)


def two_ships(cards) -> dict:
    content = legal_content(cards)
    content["ships"] = content["ships"][:2]
    return content


def edit(fleet, content) -> Fleet:
    return fleet_edit_draft(fleet=fleet, content=content, base=Fleet.objects.get(pk=fleet.pk).revision)


def test_an_edit_changes_the_draft_and_makes_no_version(cards, fleet):
    before = fleet.revision
    fleet = edit(fleet, two_ships(cards))
    fleet = edit(fleet, {**two_ships(cards), "ships": two_ships(cards)["ships"][:1]})
    assert fleet.versions.count() == 1 and len(fleet.draft["ships"]) == 1
    assert fleet.revision == before + 2
    assert working_content(fleet) == fleet.draft
    assert fleet.draft["ships"][0]["admiral"] is None  # stored canonical, as a version would be


def test_an_edit_back_to_the_current_version_leaves_no_draft(cards, fleet):
    fleet = edit(fleet, two_ships(cards))
    fleet = edit(fleet, legal_content(cards))
    assert fleet.draft is None and working_content(fleet) == fleet.current_version.content


def test_saving_makes_one_version_and_saving_again_makes_none(cards, fleet):
    fleet = edit(fleet, two_ships(cards))
    revision = Fleet.objects.get(pk=fleet.pk).revision
    saved = fleet_save_draft(fleet=fleet, by=fleet.owner, base=revision)
    again = fleet_save_draft(fleet=fleet, by=fleet.owner, base=revision)
    fleet.refresh_from_db()
    assert (saved.number, saved.total, saved.created_by) == (2, 52, fleet.owner)
    assert again == saved and fleet.versions.count() == 2 and fleet.draft is None
    # The working copy did not change, so a builder page open on it is not stale.
    assert fleet.revision == revision


def test_saving_a_draft_equal_to_the_current_version_makes_none(cards, fleet):
    Fleet.objects.filter(pk=fleet.pk).update(draft=fleet.current_version.content)
    fleet.refresh_from_db()
    assert fleet_save_draft(fleet=fleet, by=fleet.owner, base=None) == fleet.current_version
    fleet.refresh_from_db()
    assert fleet.versions.count() == 1 and fleet.draft is None


def test_a_fleet_never_saved_gets_version_1_from_its_draft(cards, player):
    fleet = FleetFactory(owner=player)
    assert fleet_save_draft(fleet=fleet, by=player, base=0) is None  # nothing to save yet
    fleet = edit(fleet, legal_content(cards))
    assert fleet.current_version is None
    assert fleet_save_draft(fleet=fleet, by=player, base=None).number == 1
    emptied = edit(FleetFactory(owner=player), {"ships": []})
    assert emptied.draft is None  # an empty draft of a fleet never saved is no change


def test_a_stale_edit_save_or_discard_is_refused_and_changes_nothing(cards, fleet):
    stale = fleet.revision
    fleet = edit(fleet, two_ships(cards))
    draft = fleet.draft
    for change in (
        lambda: fleet_edit_draft(fleet=fleet, content=legal_content(cards), base=stale),
        lambda: fleet_save_draft(fleet=fleet, by=fleet.owner, base=stale),
        lambda: fleet_discard_draft(fleet=fleet, base=stale),
    ):
        with pytest.raises(FleetStale):
            change()
    fleet.refresh_from_db()
    assert fleet.draft == draft and fleet.versions.count() == 1


def test_a_new_format_is_a_draft_edit_that_other_pages_do_not_follow(cards, fleet):
    fleet = fleet_edit_draft_details(fleet=fleet, name="Renamed", faction="federation", format_key="wizkids-2014")
    assert fleet.name == "Renamed" and working_format(fleet) == "wizkids-2014"
    assert fleet.draft["format"] == "wizkids-2014" and fleet.versions.count() == 1  # a format is part of the list
    # The fleet row keeps the saved version's format: sheets and the API judge version 1 by it.
    assert Fleet.objects.get(pk=fleet.pk).format_key == "wizkids-2016"
    saved = fleet_save_draft(fleet=fleet, by=fleet.owner, base=None)
    assert saved.content["format"] == Fleet.objects.get(pk=fleet.pk).format_key == "wizkids-2014"


def test_discard_brings_back_the_current_version_and_its_format(cards, fleet):
    fleet = fleet_edit_draft_details(fleet=fleet, name="Renamed", faction="federation", format_key="wizkids-2014")
    fleet = fleet_discard_draft(fleet=fleet, base=fleet.revision)
    assert fleet.draft is None and working_format(fleet) == "wizkids-2016" and fleet.name == "Renamed"


def test_a_fleet_never_saved_changes_format_without_a_draft(player):
    fleet = fleet_edit_draft_details(
        fleet=FleetFactory(owner=player, format_key="wizkids-2016"), name="N", faction="", format_key="wizkids-2014"
    )
    assert fleet.draft is None and Fleet.objects.get(pk=fleet.pk).format_key == "wizkids-2014"


def test_a_locked_fleet_has_no_draft_and_refuses_every_draft_change(cards, fleet):
    fleet = edit(fleet, two_ships(cards))
    fleet = fleet_lock(fleet=fleet)
    assert fleet.draft is None  # the lock drops unsaved edits: the event plays the submitted version
    for change in (
        lambda: fleet_edit_draft(fleet=fleet, content=legal_content(cards), base=None),
        lambda: fleet_save_draft(fleet=fleet, by=fleet.owner, base=None),
        lambda: fleet_discard_draft(fleet=fleet, base=None),
        lambda: fleet_edit_draft_details(fleet=fleet, name="X", faction="", format_key="wizkids-2014"),
    ):
        with pytest.raises(FleetLocked):
            change()
    assert fleet.versions.count() == 1
    with pytest.raises(IntegrityError), transaction.atomic():  # the trigger holds whatever code path tries
        Fleet.objects.filter(pk=fleet.pk).update(draft=two_ships(cards))


def test_submitting_saves_the_draft_as_the_submitted_version(cards, fleet):
    content = legal_content(cards)
    content["ships"][0]["upgrades"].append(cards.weapon)
    fleet = edit(fleet, content)
    version = fleet_submission_version(fleet=fleet, format="wizkids-2016", on_date=None)
    assert version.number == 2 and version.content == fleet.draft
    assert fleet_submission_version(fleet=fleet, format="wizkids-2016", on_date=None) == version  # twice: one


def test_an_illegal_draft_is_not_submitted_and_makes_no_version(cards, fleet):
    fleet = edit(fleet, two_ships(cards))  # two ships: too few for the format
    with pytest.raises(FleetIllegal):
        fleet_submission_version(fleet=fleet, format="wizkids-2016", on_date=None)
    fleet.refresh_from_db()
    assert fleet.versions.count() == 1 and fleet.draft is not None


def test_a_whole_fleet_save_replaces_the_draft(cards, fleet):
    """What the API's PUT does: the stated fleet is the new version, the builder's draft is gone and
    a builder page still showing it is stale."""
    fleet = edit(fleet, two_ships(cards))
    revision = fleet.revision
    content = legal_content(cards)
    content["ships"][1]["upgrades"] = []
    version = fleet_update(fleet=fleet, content=content, by=fleet.owner)
    fleet.refresh_from_db()
    assert version.number == 2 and fleet.draft is None and fleet.revision == revision + 1
