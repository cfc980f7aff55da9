"""``manage.py check_list --game GAME FILE.json [--json]``: is a list of a points game legal?

Checks a list of any game whose rules read a list file by ``check_list_data``
(Starship Command campaign fleets, Spearpoint 1943 reserves decks), with the
output and exit status of ``check_deck``; the file formats and the violation
codes are in ``docs/other-games-rules.md``.
"""

from __future__ import annotations

from fleets.decks.check_command import ListCheckCommand
from game_registry import all_games, get_game
from rules.inputs.list_check import ListReport


def list_games() -> list[str]:
    """The keys of the games whose rules check a list file."""
    return [game.key for game in all_games() if hasattr(game.rules, "check_list_data")]


class Command(ListCheckCommand):
    help = (
        "Check a list file (a Starship Command fleet, a Spearpoint 1943 reserves deck). "
        "Exit status: 0 legal, 1 illegal, 2 unreadable file."
    )

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--game", required=True, choices=list_games(), help="the game whose rules apply")

    def judge(self, data: object, options: dict) -> ListReport:
        return get_game(options["game"]).rules.check_list_data(data)
