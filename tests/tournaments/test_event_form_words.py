"""The event form speaks to an organizer who has never seen the site: every field has a plain label
and a help text, and the number of rounds comes with the number the site would pick."""

import pytest
from django.urls import reverse
from django.utils import translation

from rules.attack_wing import FORMATS
from tournaments.formats import format_choices, format_name
from tournaments.forms import EventForm, rounds_help

pytestmark = pytest.mark.django_db


def test_every_field_of_the_event_form_has_a_label_and_help_without_formulas():
    form = EventForm()
    for name, field in form.fields.items():
        assert field.help_text, f"{name} has no help text"
        assert "_" not in str(field.label), name
        assert "log2" not in field.help_text and "ceil" not in field.help_text, name


def test_the_rounds_help_suggests_the_number_for_the_players():
    assert rounds_help(None).startswith("Suggested: 2 for 4, 3 for 8, 4 for 16, 5 for 32 players.")
    assert rounds_help(5).startswith("Suggested: 3 for the 5 players registered so far.")
    assert rounds_help(1).startswith("Suggested: 1 for the 1 player registered so far.")


def test_the_edit_page_suggests_rounds_for_the_players_registered(event_staff, enter, client):
    event = event_staff["event"]
    for _ in range(9):
        enter(event)
    client.force_login(event.organizer)
    page = client.get(reverse("tournaments:edit", args=[event.pk])).content.decode()
    assert "Number of Swiss rounds" in page and "Suggested: 4 for the 9 players registered so far." in page
    page = client.get(reverse("tournaments:create")).content.decode()
    assert "Suggested: 2 for 4, 3 for 8" in page and "log2" not in page


def test_the_wizkids_formats_are_named_in_the_readers_language():
    """The rules keep the presets' English names (the API and stored formats use them); the event form's
    choices and the event page name them in the reader's language."""
    with translation.override("de"):
        assert format_name("attack-wing", "wizkids-2016") == "WizKids Organized Play 2016 (130 Punkte)"
        names = [name for _game, choices in format_choices() for _key, name in choices]
        assert "WizKids Organized Play 2014 (120 Punkte)" in names
    assert format_name("attack-wing", "wizkids-2016") == "WizKids Organized Play 2016 (130 points)"
    assert FORMATS["wizkids-2016"].name == "WizKids Organized Play 2016 (130 points)"
