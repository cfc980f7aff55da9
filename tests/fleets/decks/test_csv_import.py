"""CSV import of the organizers' catalogs: every bad row reported by line, and all rows or none written."""

import pytest

from fleets.decks.csv_import import CatalogImportError, import_catalog_csv
from games.spearpoint.models import SpearpointUnit
from games.starship_command.models import StarshipCommandShip
from games.wing_commander.models import WingCommanderCard

pytestmark = pytest.mark.django_db


def errors_of(game, text):
    with pytest.raises(CatalogImportError) as caught:
        import_catalog_csv(game=game, data=text.encode())
    return [str(error) for error in caught.value.errors]


def test_wing_commander_rows_are_added_and_existing_cards_completed():
    """The manual leaves Guns Jammed's side unstated; an organizer's file completes it."""
    text = (
        "Name,Side,Type,Mustering_Cost,Medal_Cost,Notes\n"
        "Guns Jammed,Terran,Battle Damage,,,from the card\n"
        "Rapier,terran,fighter,3,1,\n"
    )
    result = import_catalog_csv(game="wing-commander", data=text.encode())
    assert (result.created, result.updated) == (1, 1)
    jammed = WingCommanderCard.objects.get(name="Guns Jammed")
    assert (jammed.side, jammed.card_type, jammed.mustering_cost, jammed.notes) == (
        "terran",
        "battle-damage",
        None,
        "from the card",
    )
    rapier = WingCommanderCard.objects.get(name="Rapier")
    assert (rapier.mustering_cost, rapier.medal_cost) == (3, 1)


def test_a_column_left_out_leaves_that_field_alone():
    before = WingCommanderCard.objects.get(name="Arrow").notes
    import_catalog_csv(
        game="wing-commander", data="name,side,type,mustering_cost,medal_cost\nArrow,terran,fighter,2,0\n"
    )
    assert WingCommanderCard.objects.get(name="Arrow").notes == before != ""


def test_every_bad_row_is_reported_and_nothing_is_written():
    text = (
        "name,side,type,mustering_cost,medal_cost\n"
        "Good One,terran,fighter,1,0\n"
        "Bad Side,purple,fighter,1,0\n"
        "\n"
        "Bad Cost,terran,fighter,-1,0\n"
        "Good One,terran,pilot,1,0\n"
        '"Multi\nLine",terran,wizard,1,0\n'
    )
    errors = errors_of("wing-commander", text)
    assert [error.split(":")[0] for error in errors] == ["line 3", "line 5", "line 6", "line 7"]
    assert "side" in errors[0] and "purple" in errors[0]
    assert "mustering_cost" in errors[1]
    assert "same name as line 2" in errors[2]
    assert "name" in errors[3] and "single line" in errors[3]  # a line break is a control character in a name
    assert not WingCommanderCard.objects.filter(name="Good One").exists()


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("name,side,kind,mustering_cost,medal_cost", "unknown column 'kind'"),
        ("name,side,type,mustering_cost", "missing column 'medal_cost'"),
        ("name,name,side,type,mustering_cost,medal_cost", "column 'name' appears twice"),
    ],
)
def test_a_bad_header_is_line_1(header, message):
    errors = errors_of("wing-commander", header + "\nX,terran,fighter,1,0\n")
    assert len(errors) == 1 and errors[0].startswith("line 1: ")
    assert (
        message in errors[0] and "(the columns are: name, side, type, mustering_cost, medal_cost, [notes])" in errors[0]
    )


def test_file_problems_are_reported_not_raised_as_crashes():
    assert errors_of("wing-commander", "") == ["line 1: the file is empty; it starts with a header row"]
    with pytest.raises(CatalogImportError, match="not UTF-8"):
        import_catalog_csv(game="wing-commander", data=b"name\n\xff\n")
    assert "unknown game" in errors_of("chess", "name\n")[0]
    assert "cells, but the header has" in errors_of("spearpoint", "name,side,type,cost\nA,german,crew,1,extra\n")[0]


def test_starship_command_ships_are_checked_by_the_rules():
    """Seed 002: weapons are phasers 1-4, torpedoes and plasma; a ship has Structure."""
    text = (
        "name,race,class,value,shields,structure,crippled,weapons,fighter_capacity\n"
        "Saratoga,Confederation,heavy cruiser,29,20,24,32,Phaser 1; torpedo,\n"
        "Hulk,packtons,wreck,1,0,0,0,,\n"
        "Laser Boat,shiltons,frigate,10,5,5,5,laser,\n"
    )
    errors = errors_of("starship-command", text)
    assert errors[0].startswith("line 3: ") and "Structure" in errors[0]
    assert errors[1].startswith("line 4: weapons: unknown weapon 'laser'")
    import_catalog_csv(game="starship-command", data="\n".join(text.splitlines()[:2]).encode())
    ship = StarshipCommandShip.objects.get()
    assert (ship.race, ship.weapons, ship.fighter_capacity) == ("confederation", ["phaser-1", "torpedo"], 0)


def test_spearpoint_units_are_keyed_by_name_and_side():
    text = "name,side,type,cost,crew\nRifle Squad,american,infantry,6,\nRifle Squad,german,infantry,5,\n"
    assert import_catalog_csv(game="spearpoint", data=text).created == 2  # a str works as well, for the shell
    assert set(SpearpointUnit.objects.values_list("side", "crew")) == {("american", "none"), ("german", "none")}
    again = import_catalog_csv(game="spearpoint", data=text.replace(",6,", ",7,"))
    assert (again.created, again.updated) == (0, 2)
    assert SpearpointUnit.objects.get(side="american").cost == 7


def test_a_short_row_is_refused_and_blanks_no_card():
    """Issue 24, item 6: ``Kickstop`` alone under the full header blanked Kickstop's side, type and notes."""
    kickstop = WingCommanderCard.objects.get(name="Kickstop")
    before = (kickstop.side, kickstop.card_type, kickstop.notes)
    text = "name,side,type,mustering_cost,medal_cost,notes\nKickstop\nRapier,terran,fighter,3,1\n"
    assert errors_of("wing-commander", text) == [
        "line 2: 1 cells, but the header has 6",
        "line 3: 5 cells, but the header has 6",
    ]
    kickstop.refresh_from_db()
    assert (kickstop.side, kickstop.card_type, kickstop.notes) == before and all(before)
    assert not WingCommanderCard.objects.filter(name="Rapier").exists()


@pytest.mark.parametrize(
    ("rows", "line"),
    [
        ('Rapier,terran,fighter,3,1\n"unterminated,terran,fighter,1,0\nArrow,terran,fighter,2,0\n', 3),
        ('"Rapier"x,terran,fighter,3,1\n', 2),
    ],
    ids=["unterminated quote", "text after a closing quote"],
)
def test_broken_quoting_is_refused_with_its_line_and_nothing_is_saved(rows, line):
    """Issue 24, item 6: an unterminated quote imported as a card named ``unterminated,terran``."""
    count = WingCommanderCard.objects.count()
    errors = errors_of("wing-commander", "name,side,type,mustering_cost,medal_cost\n" + rows)
    assert len(errors) == 1 and errors[0].startswith(f"line {line}: not a readable CSV file")
    assert WingCommanderCard.objects.count() == count
