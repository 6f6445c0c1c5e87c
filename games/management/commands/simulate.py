"""python manage.py simulate --games N --players K --seed S [--policy random|greedy|heuristic|mcts]
                             [--variant V]
                             [--packs FILE,...] [--characters a,b,c]

Plays whole games with bots through the engine's public surface and prints a summary.
`--packs` plays the content of those pack files (after the engine's base pack unless one is a
base pack); `--characters` seats exactly those characters at every table (`--players` is
then their number). Exits non-zero when any game errored (an exception, a stall or the
decision cap).
"""
import sys

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from games import engine
from games.simulation import DEFAULT_MAX_DECISIONS, content_from_files, policy_names, simulate


def split(text: str | None) -> list[str]:
    return [x.strip() for x in (text or "").split(",") if x.strip()]


def content_option(packs: str | None) -> list[dict] | None:
    """The pack documents `--packs` names, or None; a CommandError says what is wrong."""
    files = split(packs)
    if not files:
        return None
    try:
        return content_from_files(files)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    except engine.ContentError as exc:
        lines = [f"  {p['pack'] or '?'}{', card ' + p['card'] if p['card'] else ''}"
                 f"{', field ' + p['field'] if p['field'] else ''}: {p['message']}" for p in exc.problems]
        raise CommandError("These packs cannot be played:\n" + "\n".join(lines)) from None


class Command(BaseCommand):
    help = "Play N bot games with the rules engine and print finished/errors/wins/speed."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
        parser.add_argument("--players", type=int, default=4, help="seats per game, 2..8 (default 4)")
        parser.add_argument("--seed", default="0", help="run seed; game i uses a seed derived from it")
        parser.add_argument("--policy", choices=policy_names(), default="random")
        parser.add_argument("--packs", help="comma-separated pack files to play (docs/packs.md)")
        parser.add_argument("--characters", help="comma-separated characters: every table seats exactly these")
        parser.add_argument("--max-decisions", type=int, default=DEFAULT_MAX_DECISIONS,
                            help="decisions after which a game counts as an error")
        parser.add_argument("--variant", choices=sorted(engine.VARIANTS), default="base",
                            help="the game's variant (two-headed-dragon: teams of two, 4, 6 or 8 players)")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")

    def handle(self, *args, games, players, seed, policy, packs, characters, max_decisions, variant,
               no_progress,
               **options):
        if games < 1:
            raise CommandError("--games must be at least 1")
        content = content_option(packs)
        characters = split(characters) or None
        if characters:
            players = len(characters)
        if not 2 <= players <= 8:
            raise CommandError("--players (or the number of --characters) must be between 2 and 8")
        problem = engine.VARIANTS[variant].check_seats(players)
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
            summary = simulate(games, players, seed, policy, max_decisions=max_decisions, content=content,
                               characters=characters, variant=variant, on_game=on_game)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        finally:
            bar.close()
        self.stdout.write(summary.format())
        if summary.errors:
            raise CommandError(f"{summary.errors} of {games} games errored", returncode=1)
