"""``manage.py restriction_coverage``: every restriction printed on a real card is modelled or has a reason."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def run(*args) -> str:
    out = StringIO()
    call_command("restriction_coverage", *args, stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("which", ["utopia_path", "spacedock_path"])
def test_no_restriction_on_a_real_card_is_left_without_a_reason(request, which):
    report = run("--cards", str(request.getfixturevalue(which)))
    summary = report.splitlines()[-1]
    assert summary.endswith("(0 without a reason)") and int(summary.split()[0]) > 300
    assert "Hideki Class" in report or "Galor Class Phaser Banks" in report


def test_the_unmodelled_lines_each_say_why(utopia_path):
    lines = run("--cards", str(utopia_path), "--unmodelled").splitlines()[:-1]
    assert lines and all("\tnot modelled: " in line and not line.split("\t")[3].endswith(": ") for line in lines)


def test_an_unreadable_card_file_is_refused_with_exit_2(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_bytes(b"[" * 100_000)
    with pytest.raises(CommandError) as refused:
        run("--cards", str(bad))
    assert refused.value.returncode == 2
