"""``seed_demo`` given a card file imports it instead of the shipped one."""

import pytest

from fleets.models import CardDatabase
from tests.tournaments.test_seed_demo import seed

pytestmark = pytest.mark.django_db


@pytest.mark.slow(reason="builds the whole demo from the card file it is given")
def test_seed_demo_imports_the_card_file_it_is_given_instead(utopia_path):
    output = seed("--cards", str(utopia_path))
    assert f"Imported Utopia cards from {utopia_path}" in output
    assert CardDatabase.objects.get(source="utopia").origin == str(utopia_path)
