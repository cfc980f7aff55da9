"""The shapes every game's list check shares: the report, its JSON and text, reading the file."""

from dataclasses import dataclass

import pytest

from rules.inputs.list_check import (
    EXIT_ILLEGAL,
    EXIT_LEGAL,
    MAX_FILE_BYTES,
    ListFileError,
    ListReport,
    Violation,
    file_record,
    read_list_file,
    tally,
)


@dataclass(frozen=True, slots=True)
class SampleReport(ListReport):
    points: int
    violations: tuple[Violation, ...]

    def totals(self):
        return {"points": self.points, "side_name": "terran"}


def test_report_dict_puts_legal_first_then_totals_then_violations():
    report = SampleReport(points=7, violations=(Violation("TOO_FEW", "Too few.", "Arrow"), Violation("X", "Y.")))
    assert list(report.to_dict()) == ["legal", "points", "side_name", "violations"]
    assert report.to_dict() == {
        "legal": False,
        "points": 7,
        "side_name": "terran",
        "violations": [
            {"code": "TOO_FEW", "message": "Too few.", "card": "Arrow"},
            {"code": "X", "message": "Y.", "card": None},
        ],
    }
    assert report.exit_code == EXIT_ILLEGAL


def test_report_text_gives_verdict_totals_and_coded_violations():
    report = SampleReport(points=7, violations=(Violation("TOO_FEW", "Too few."),))
    assert report.to_text() == "illegal (1 violation)\npoints: 7\nside name: terran\nTOO_FEW: Too few."
    legal = SampleReport(points=7, violations=())
    assert legal.to_text().splitlines()[0] == "legal"
    assert legal.legal and legal.exit_code == EXIT_LEGAL


def test_tally_adds_lines_naming_the_same_card():
    assert tally([("Arrow", 2), ("Rapier", 1), ("Arrow", 3)]) == {"Arrow": 5, "Rapier": 1}


def test_reads_a_json_file(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text('{"side": "terran"}')
    assert read_list_file(path) == {"side": "terran"}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"side": "terran",', "is not valid JSON: Expecting property name enclosed in double quotes (line 1"),
        (b"", "is not valid JSON: Expecting value (line 1, column 1)"),
        (b'{"side": "\xff"}', "is not UTF-8 text"),
        (b"[" * 100_000 + b"]" * 100_000, "too deeply nested"),
        (b'{"count": ' + b"9" * 5000 + b"}", "oversized numbers"),
    ],
)
def test_unreadable_content_is_one_clear_line(tmp_path, content, message):
    path = tmp_path / "deck.json"
    path.write_bytes(content)
    with pytest.raises(ListFileError) as caught:
        read_list_file(path)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_huge_file_is_refused_unparsed(tmp_path):
    path = tmp_path / "deck.json"
    path.write_bytes(b" " * MAX_FILE_BYTES + b"{}")
    with pytest.raises(ListFileError, match="larger than"):
        read_list_file(path)
    path.write_bytes(b" " * (MAX_FILE_BYTES - 2) + b"{}")
    assert read_list_file(path) == {}


def test_a_missing_file_or_a_folder_is_refused(tmp_path):
    with pytest.raises(ListFileError, match="cannot read .*No such file"):
        read_list_file(tmp_path / "absent.json")
    with pytest.raises(ListFileError, match="cannot read"):
        read_list_file(tmp_path)


def test_record_names_nested_places():
    top = file_record({"units": [{"name": "Tiger", "cost": "21"}]}, ("units",))
    [unit] = top.records("units", ("name", "cost"))
    assert unit.text("name") == "Tiger"
    with pytest.raises(ListFileError, match=r"^units\[0\]\.cost must be a whole number of at least 1, got a string$"):
        unit.number("cost", minimum=1)


def test_record_texts_reads_name_lists_and_optional_absence():
    top = file_record({"hand": ["Tiger", " Sherman "]}, ("hand", "destroyed"))
    assert top.texts("hand") == ["Tiger", "Sherman"]
    assert top.texts("destroyed", required=False) == []
    with pytest.raises(ListFileError, match="missing 'destroyed'"):
        top.texts("destroyed")
    with pytest.raises(ListFileError, match=r"^hand\[1\] must be a non-empty string, got a number$"):
        file_record({"hand": ["Tiger", 3]}, ("hand",)).texts("hand")


def test_a_long_wrong_choice_is_shortened_in_the_message():
    with pytest.raises(ListFileError) as caught:
        file_record({"side": "x" * 5000}, ("side",)).text("side", choices=("terran", "kilrathi"))
    assert str(caught.value) == f"side must be one of terran, kilrathi; got '{'x' * 40}...'"
