"""The rules speak through the translator the site installs: a refusal of the Attack Wing engine comes out in
the words the installed ``gettext`` gives it, its placeholders filled after translation."""

from __future__ import annotations

import pytest

import rules.translation
from rules.attack_wing import Fleet, FleetShip, read_catalog, validate_fleet
from rules.attack_wing.fleet import MISSING_CAPTAIN, TOO_FEW_SHIPS
from tests.conftest import UTOPIA_FILE

GERMAN = {
    "%(ship)s has no captain.": "%(ship)s hat keinen Captain.",
    "Ship %(number)d (%(name)s)": "Schiff %(number)d (%(name)s)",
}
GERMAN_PLURAL = {
    "The fleet has %(count)d ship(s); it needs at least %(least)d.": (
        "Die Flotte hat %(count)d Schiff; sie braucht mindestens %(least)d.",
        "Die Flotte hat %(count)d Schiffe; sie braucht mindestens %(least)d.",
    )
}


@pytest.fixture(scope="module")
def utopia():
    return read_catalog(UTOPIA_FILE.read_bytes())


@pytest.fixture
def fake_german():
    """A translator that knows a few sentences (the rest stay English), installed for the test and then the
    site's own put back."""
    saved = (rules.translation._gettext, rules.translation._ngettext)
    asked: list[str] = []

    def gettext(message: str) -> str:
        asked.append(message)
        return GERMAN.get(message, message)

    def ngettext(singular: str, plural: str, count: int) -> str:
        asked.append(singular)
        forms = GERMAN_PLURAL.get(singular)
        if forms is None:
            return singular if count == 1 else plural
        return forms[0] if count == 1 else forms[1]

    rules.translation.install(gettext=gettext, ngettext=ngettext)
    try:
        yield asked
    finally:
        rules.translation.install(gettext=saved[0], ngettext=saved[1])


def _captainless(utopia):
    """One Galaxy Class ship without its captain: two refusals, no captain and too few ships (3 are needed)."""
    return validate_fleet(Fleet(ships=(FleetShip(ship="S273"),)), utopia, "wizkids-2016")


def test_a_refusal_comes_out_through_the_installed_translator(utopia, fake_german):
    report = _captainless(utopia)
    name = report.ships[0].name
    missing = [v for v in report.violations if v.code == MISSING_CAPTAIN]
    assert [v.message for v in missing] == [f"Schiff 1 ({name}) hat keinen Captain."]
    assert "%(ship)s has no captain." in fake_german


def test_the_english_comes_back_once_the_translator_is_restored(utopia, fake_german):
    rules.translation.install(gettext=lambda m: m, ngettext=lambda s, p, n: s if n == 1 else p)
    report = _captainless(utopia)
    name = report.ships[0].name
    missing = [v.message for v in report.violations if v.code == MISSING_CAPTAIN]
    assert missing == [f"Ship 1 ({name}) has no captain."]


def test_a_count_is_asked_of_ngettext(utopia, fake_german):
    too_few = [v.message for v in _captainless(utopia).violations if v.code == TOO_FEW_SHIPS]
    assert too_few == ["Die Flotte hat 1 Schiff; sie braucht mindestens 3."]
