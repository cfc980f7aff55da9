"""``manage.py recompute_ratings [GAME ...]``: every rating again from the finished events, from scratch."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from game_registry import all_games, is_game

from ...services import ratings_recompute


class Command(BaseCommand):
    help = "Recompute every player's rating history of the given games (all games by default) from scratch."

    def add_arguments(self, parser):
        parser.add_argument("games", nargs="*", metavar="GAME", help="game keys; all games when none is given")

    def handle(self, *args, games: list[str], **options):
        unknown = [key for key in games if not is_game(key)]
        if unknown:
            raise CommandError(f"Unknown game: {', '.join(unknown)}.")
        for key in games or [game.key for game in all_games()]:
            started = time.perf_counter()
            written = ratings_recompute(game=key)
            self.stdout.write(f"{key}: {written} rating points in {time.perf_counter() - started:.1f} s.")
