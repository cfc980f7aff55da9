"""``manage.py check_list --game starship-command|spearpoint FILE.json [--json]``.

Checks a Starship Command campaign fleet or a Spearpoint 1943 reserves deck,
with the output and exit status of ``check_deck``; the file formats and the
violation codes are in ``docs/other-games-rules.md``.
"""

from __future__ import annotations

from fleets.management.commands.check_deck import ListCheckCommand
from rules.list_check import ListReport
from rules.registry import get_game

GAMES = ("starship-command", "spearpoint")


class Command(ListCheckCommand):
    help = (
        "Check a Starship Command fleet file or a Spearpoint 1943 reserves deck file. "
        "Exit status: 0 legal, 1 illegal, 2 unreadable file."
    )

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--game", required=True, choices=GAMES, help="the game whose rules apply")

    def judge(self, data: object, options: dict) -> ListReport:
        return get_game(options["game"]).rules().check_list_data(data)
