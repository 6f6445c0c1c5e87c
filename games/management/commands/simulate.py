"""python manage.py simulate --games N --players K --seed S [--policy random|greedy] [--variant V]

Plays whole games with bots through the engine's public surface and prints a summary.
Exits non-zero when any game errored (an exception, a stall or the decision cap).
"""
import sys

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from games.engine import VARIANTS
from games.simulation import DEFAULT_MAX_DECISIONS, POLICIES, simulate


class Command(BaseCommand):
    help = "Play N bot games with the rules engine and print finished/errors/wins/speed."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
        parser.add_argument("--players", type=int, default=4, help="seats per game, 2..8 (default 4)")
        parser.add_argument("--seed", default="0", help="run seed; game i uses a seed derived from it")
        parser.add_argument("--policy", choices=sorted(POLICIES), default="random")
        parser.add_argument("--max-decisions", type=int, default=DEFAULT_MAX_DECISIONS,
                            help="decisions after which a game counts as an error")
        parser.add_argument("--variant", choices=sorted(VARIANTS), default="base",
                            help="the game's variant (two-headed-dragon: teams of two, 4, 6 or 8 players)")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")

    def handle(self, *args, games, players, seed, policy, max_decisions, variant, no_progress, **options):
        if games < 1:
            raise CommandError("--games must be at least 1")
        if not 2 <= players <= 8:
            raise CommandError("--players must be between 2 and 8")
        problem = VARIANTS[variant].check_seats(players)
        if problem:
            raise CommandError(problem)
        bar = tqdm(total=games, unit="game", file=sys.stderr, disable=no_progress, mininterval=0.5)
        errors = 0

        def on_game(number, result):
            nonlocal errors
            errors += result.error is not None
            bar.update(1)
            bar.set_postfix(errors=errors, refresh=False)

        try:
            summary = simulate(games, players, seed, policy, max_decisions=max_decisions, on_game=on_game,
                               variant=variant)
        finally:
            bar.close()
        self.stdout.write(summary.format())
        if summary.errors:
            raise CommandError(f"{summary.errors} of {games} games errored", returncode=1)
