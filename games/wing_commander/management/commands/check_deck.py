"""``manage.py check_deck DECK.json [--json] [--casual]``: is a Wing Commander deck legal?

Tournament rules apply unless ``--casual`` lifts the 100-card maximum. The file
format and every violation code are in ``docs/other-games-rules.md``. Exit
status: 0 legal, 1 illegal, 2 the file could not be read as a deck (with one
line on stderr saying why).
"""

from __future__ import annotations

from fleets.decks.check_command import ListCheckCommand
from rules import wing_commander
from rules.inputs.list_check import ListReport


class Command(ListCheckCommand):
    help = (
        "Check a Wing Commander CCG deck file against the play deck and starting muster rules "
        "(tournament rules unless --casual). Exit status: 0 legal, 1 illegal, 2 unreadable file."
    )
    file_help = "the deck file (JSON), e.g. DECK.json"

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--casual", action="store_true", help="casual play: no 100-card maximum")

    def judge(self, data: object, options: dict) -> ListReport:
        return wing_commander.check_deck_data(data, tournament=not options["casual"])
