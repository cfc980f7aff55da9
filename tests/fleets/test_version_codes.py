"""A verification code names one version of one fleet, cannot be worked out from a guessed list,
and stays valid once printed."""

import pytest
from django.test import override_settings
from django.urls import reverse

from fleets.codes import clean_code, is_code, version_code
from fleets.drafts import fleet_edit_draft, fleet_save_draft
from tests.fleets.factories import fleet_catalog, legal_content, saved_fleet

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards():
    return fleet_catalog()


def test_two_players_with_identical_lists_get_different_codes(cards):
    """A judge's match must point at one player's sheet, not at every copy of a popular list."""
    one, two = saved_fleet(cards), saved_fleet(cards)
    assert one.owner != two.owner and one.current_version.content == two.current_version.content
    assert one.current_version.code != two.current_version.code


def test_the_same_list_saved_again_as_a_new_version_gets_a_new_code(cards):
    """Version 3 holds version 1's list; its sheet is still another sheet (printed later, maybe
    submitted elsewhere), so the codes differ."""
    fleet = saved_fleet(cards)
    fewer = legal_content(cards)
    fewer["ships"] = fewer["ships"][:2]
    for content in (fewer, legal_content(cards)):
        fleet_edit_draft(fleet=fleet, content=content, base=None)
        fleet_save_draft(fleet=fleet, by=fleet.owner, base=None)
    first, third = fleet.versions.get(number=1), fleet.versions.get(number=3)
    assert first.content == third.content and first.code != third.code


def test_the_code_is_keyed_so_a_guessed_list_s_code_cannot_be_worked_out(cards):
    version = saved_fleet(cards).current_version
    ids = {"fleet_id": version.fleet_id, "number": version.number, "content": version.content}
    assert version_code(**ids) == version.code
    with override_settings(SECRET_KEY="another deployment's key"):
        assert version_code(**ids) != version.code


def test_a_printed_code_stays_valid_when_the_key_changes(client, cards):
    """The stored code is compared, never recomputed: sheets printed before a key change verify."""
    version = saved_fleet(cards).current_version
    with override_settings(SECRET_KEY="a rotated key"):
        page = client.get(reverse("fleets:verify", args=[version.pk, version.code])).content.decode()
    assert f"matches version {version.number}" in page


@pytest.mark.parametrize(
    ("typed", "code", "valid"),
    [("ab2c-de3f", "AB2CDE3F", True), (" AB2C DE3F\n", "AB2CDE3F", True), ("AB2CDE3", "AB2CDE3", False)],
)
def test_a_typed_code_is_read_as_people_type_it(typed, code, valid):
    assert clean_code(typed) == code and is_code(code) is valid
    assert not is_code("AB2CDE31")  # 1 is not a base32 digit
