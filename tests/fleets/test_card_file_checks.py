"""Trust under faults: a card file with a field of the wrong type or out of range is refused before any of
it is read into the catalog, in one line naming the card, the field and the value, with exit status 2 and
nothing written. Imported unchecked, a ship cost of "twelve" or NaN became 0, a ship replaced by a string
was reported gone, and a cost of 10^30 or a NUL in a name ended in a database traceback."""

from __future__ import annotations

import json
import math
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fleets.bundled_cards import read_bundled
from fleets.card_file_checks import check_spacedock, check_utopia
from fleets.catalog_import import read_card_file
from fleets.models import Card, CardDatabase, CardSet

pytestmark = pytest.mark.django_db

SHIPPED = json.loads(read_bundled("utopia"))
ATLAS = next(i for i, ship in enumerate(SHIPPED["ships"]) if ship["id"] == "S415")
ENTERPRISE_E = next(i for i, ship in enumerate(SHIPPED["ships"]) if ship["name"] == "U.S.S. Enterprise NCC-1701-E")
ATLAS_CARD = "card 'S415' ('U.S.S. Atlas') in 'ships'"
CAPTAIN = 0
NO_WRITES = "nothing was imported"


def update_cards(path) -> tuple[int, str]:
    """``update_cards FILE --yes``: its exit status and what it said (the error's one line, or its output)."""
    out = StringIO()
    try:
        call_command("update_cards", str(path), "--yes", stdout=out, stderr=StringIO())
    except CommandError as error:
        return error.returncode, str(error)
    return 0, out.getvalue()


def nothing_written() -> bool:
    return not (Card.objects.exists() or CardSet.objects.exists() or CardDatabase.objects.exists())


def mutated(section: str, index: int, change) -> dict:
    document = json.loads(json.dumps(SHIPPED))
    change(document[section], index)
    return document


def set_field(field, value):
    def change(records, index):
        records[index][field] = value

    return change


def replace_record(value):
    def change(records, index):
        records[index] = value

    return change


def test_the_shipped_files_pass_the_checks():
    check_utopia(read_bundled("utopia"))
    check_spacedock(read_bundled("spacedock"))


@pytest.mark.parametrize(
    ("section", "index", "change", "named"),
    [
        (
            "ships",
            ATLAS,
            set_field("cost", "twelve"),
            f"{ATLAS_CARD}: field 'cost' is 'twelve'",
        ),
        ("ships", ATLAS, set_field("cost", math.nan), "field 'cost' is nan"),
        ("ships", ATLAS, set_field("cost", 10**30), f"field 'cost' is {10**30}"),
        ("ships", ATLAS, set_field("cost", 12.0), "field 'cost' is 12.0"),
        ("ships", ATLAS, set_field("name", "U.S.S.\x00Atlas"), "field 'name' is 'U.S.S.\\x00Atlas'"),
        (
            "ships",
            ENTERPRISE_E,
            replace_record("U.S.S. Enterprise-E"),
            f"ships[{ENTERPRISE_E}]: the record is 'U.S.S. Enterprise-E'",
        ),
        ("captains", CAPTAIN, set_field("skill", {"value": 9}), "field 'skill' is {'value': 9}"),
        ("captains", CAPTAIN, set_field("name", 7), "field 'name' is 7"),
        (
            "ships",
            ATLAS,
            lambda records, i: records[i].pop("hull"),
            f"{ATLAS_CARD}: field 'hull' is missing",
        ),
    ],
    ids=["word", "nan", "huge", "float", "nul", "string-record", "object-skill", "number-name", "missing"],
)
def test_a_wrong_field_is_refused_in_one_line_with_exit_2_and_nothing_written(tmp_path, section, index, change, named):
    path = tmp_path / "data.json"
    path.write_text(json.dumps(mutated(section, index, change)))
    status, said = update_cards(path)
    assert status == 2 and named in said and said.endswith(NO_WRITES) and "\n" not in said
    assert nothing_written()


def test_a_space_dock_file_with_a_wrong_cost_is_refused(tmp_path):
    xml = read_bundled("spacedock").decode()
    first = xml.index("<Cost>", xml.index("<Ship>"))
    path = tmp_path / "Data.xml"
    path.write_text(xml[:first] + "<Cost>twelve</Cost>" + xml[xml.index("</Cost>", first) + len("</Cost>") :])
    status, said = update_cards(path)
    assert status == 2 and "field 'Cost' is 'twelve', not a whole number from 0 to 99" in said and nothing_written()


GALAXY_CLASS = next(i for i, record in enumerate(SHIPPED["shipClasses"]) if record["name"] == "Galaxy Class")
GALAXY_RECORD = "ship class '5000' ('Galaxy Class') in 'shipClasses'"


def set_dial(speed: str, kind: str, colour):
    def change(records, index):
        records[index]["maneuvers"][speed][kind] = colour

    return change


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (
            set_dial("2", "bank", "blue"),
            "field 'maneuvers.2.bank' is 'blue', not a maneuver colour: white, green or red",
        ),
        (set_dial("2", "Bank Left", "white"), "field 'maneuvers.2' is 'Bank Left', not a maneuver kind"),
        (set_dial("2", "bank", 3), "field 'maneuvers.2.bank' is 3, not a maneuver colour"),
        (
            set_field("frontArc", "400"),
            "field 'frontArc' is '400', not an arc in whole degrees from 1 to 360, or blank",
        ),
        (set_field("rearArc", 90), "field 'rearArc' is 90, not an arc in whole degrees"),
        (lambda records, i: records[i]["maneuvers"].update({"12": {}}), "field 'maneuvers' is"),
    ],
    ids=["colour", "kind", "colour-number", "arc-range", "arc-number", "speed"],
)
def test_a_wrong_dial_or_arc_is_refused_naming_the_ship_class(tmp_path, change, named):
    """The dial's colours and the arcs reach the card's page; a colour or arc the page cannot say is refused."""
    path = tmp_path / "data.json"
    path.write_text(json.dumps(mutated("shipClasses", GALAXY_CLASS, change)))
    status, said = update_cards(path)
    assert status == 2 and f"{GALAXY_RECORD}: {named}" in said and said.endswith(NO_WRITES) and "\n" not in said
    assert nothing_written()


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        (
            '<Maneuver speed="3" kind="left-turn" color="red" />',
            '<Maneuver speed="3" kind="left-turn" color="blue" />',
            "ship class 'Galaxy Class': the speed 3 left-turn maneuver's colour is 'blue', not white, green or red",
        ),
        ("<FrontArc>90</FrontArc>", "<FrontArc>ninety</FrontArc>", "field 'FrontArc' is 'ninety', not an arc"),
        (
            '<Maneuver speed="5" kind="straight" color="white" />',
            '<Maneuver speed="fast" kind="straight" color="white" />',
            "ship class 'Galaxy Class': a maneuver's speed is 'fast', not a whole number from -9 to 9",
        ),
    ],
    ids=["colour", "arc", "speed"],
)
def test_a_space_dock_file_with_a_wrong_dial_or_arc_is_refused(tmp_path, old, new, named):
    xml = read_bundled("spacedock").decode()
    galaxy = xml.index("<Name>Galaxy Class</Name>")  # the first class record; its first such line is changed
    first = xml.index(old, galaxy)
    path = tmp_path / "Data.xml"
    path.write_text(xml[:first] + new + xml[first + len(old) :])
    status, said = update_cards(path)
    assert status == 2 and named in said and said.endswith(NO_WRITES) and nothing_written()


# The property: take one card of the shipped Utopia file, bend one field (type, range, missing, NUL, huge
# numbers) or the whole record, and import a file of that card alone. Either it is refused in one line
# naming the card and the field, or it is imported with exactly the value the file gives.
NUMBER_FIELDS = {"ships": ["cost", "hull", "shields", "attack", "agility"], "captains": ["cost", "skill"]}
NUMBER_OF = {"cost": "cost", "hull": "hull", "shields": "shields", "attack": "attack", "agility": "agility"}
NUMBER_OF["skill"] = "skill"

wrong_values = st.one_of(
    st.integers(min_value=-(10**31), max_value=10**31),
    st.integers(min_value=-200, max_value=200),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.integers(min_value=-200, max_value=200).map(str),
    st.sampled_from(["*", "?", "+3", "twelve", "", "1e3", "\x00"]),
    st.none(),
    st.booleans(),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.lists(st.integers(), max_size=2),
)
wrong_names = st.one_of(
    st.text(max_size=250), st.integers(), st.none(), st.lists(st.text(max_size=3), max_size=2), st.just("A\x00B")
)


def read_as(value) -> int | None:
    """What the file's value means as a whole number, or None where it means none."""
    if isinstance(value, bool) or value is None:
        return 0 if value is None else None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value in ("*", "?"):
        return 0
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value)
    return None


@st.composite
def bent_cards(draw):
    section = draw(st.sampled_from(sorted(NUMBER_FIELDS)))
    index = draw(st.integers(min_value=0, max_value=len(SHIPPED[section]) - 1))
    record = json.loads(json.dumps(SHIPPED[section][index]))
    how = draw(st.sampled_from(["number", "name", "missing", "record"]))
    if how == "number":
        field = draw(st.sampled_from(NUMBER_FIELDS[section]))
        record[field] = draw(wrong_values)
    elif how == "name":
        field = "name"
        record[field] = draw(wrong_names)
    elif how == "missing":
        field = draw(st.sampled_from(["id", "name", "type", *NUMBER_FIELDS[section]]))
        del record[field]
    else:
        field, record = "", draw(st.one_of(st.text(max_size=5), st.integers(), st.none(), st.lists(st.none())))
    return section, SHIPPED[section][index], field, record


def as_file(section: str, record) -> bytes:
    """A Utopia file of ``record`` alone, with the sets it names."""
    names = set(record.get("set", [])) if isinstance(record, dict) and isinstance(record.get("set"), list) else set()
    sets = [s for s in SHIPPED["sets"] if s["id"] in names]
    return json.dumps({"sets": sets, "ships": [], section: [record]}).encode()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bent=bent_cards())
def test_a_bent_card_is_refused_cleanly_or_imported_exactly(tmp_path, bent):
    section, original, field, record = bent
    baseline = read_card_file(as_file(section, original))[2].cards[original["id"]]
    if field in NUMBER_OF:
        assume(getattr(baseline, NUMBER_OF[field]) == read_as(original[field]))  # no erratum on this card
    path = tmp_path / "data.json"
    path.write_bytes(as_file(section, record))
    with transaction.atomic():
        status, said = update_cards(path)
        if status == 2:
            assert "\n" not in said and said.endswith(NO_WRITES) and nothing_written()
            where = f"card {original['id']!r}" if isinstance(record, dict) and "id" in record else f"{section}[0]"
            assert where in said and (f"'{field}'" in said or not field or "id" in field), said
        else:
            assert status == 0 and field not in ("", "id", "type"), (field, said)
            card = Card.objects.get(source_id=original["id"])
            if field == "name":
                assert card.name == record["name"].strip() != ""
            elif field in NUMBER_OF and field in record:
                assert getattr(card, NUMBER_OF[field]) == read_as(record[field])
            else:
                pytest.fail(f"a card without its {field!r} was imported")
        transaction.set_rollback(True)
