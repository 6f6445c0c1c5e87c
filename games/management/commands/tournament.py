"""Bot against bot through the engine: win rates with 95 % intervals and decision times.

    python manage.py tournament --a heuristic --b random --games 200 --players 2
    python manage.py tournament --a mcts --b heuristic --games 100 --jobs 2
    python manage.py tournament --a heuristic --b random --packs my-pack.json --characters vlazlo,zot,gerki
    python manage.py tournament --a heuristic --b random --players 4 --variant two-headed-dragon

Bots are the names in games.ai.BOTS (docs/ai.md). Nothing is written to the database.
"""
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from games import engine
from games.ai import BOTS
from games.ai.match import play_match
from games.management.commands.simulate import content_option, split
from games.simulation import check_characters


class Command(BaseCommand):
    help = "Play bot A against bot B for N games of K players and print win rates and decision times."

    def add_arguments(self, parser):
        parser.add_argument("--a", required=True, help=f"first bot: {', '.join(BOTS)}")
        parser.add_argument("--b", required=True, help="second bot")
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--players", type=int, default=2)
        parser.add_argument("--seed", type=int, default=0, help="tournament seed (game shuffles)")
        parser.add_argument("--jobs", type=int, default=1, help="processes playing games in parallel")
        parser.add_argument("--packs", help="comma-separated pack files to play (docs/packs.md)")
        parser.add_argument("--characters", help="comma-separated characters: every table seats exactly these")
        parser.add_argument("--variant", choices=sorted(engine.VARIANTS), default="base",
                            help="two-headed-dragon: teams of two (4, 6 or 8 players), each bot playing whole teams")
        parser.add_argument("--no-progress", action="store_true")

    def handle(self, *args, a, b, games, players, seed, jobs, packs, characters, variant,
               no_progress, **options):
        if a not in BOTS or b not in BOTS:
            raise CommandError(f"Unknown bot; choose from {', '.join(BOTS)}.")
        if a == b:
            raise CommandError("Choose two different bots.")
        content = content_option(packs)
        characters = split(characters) or None
        if characters:
            players = len(characters)
            try:
                check_characters(characters, content)
            except ValueError as exc:
                raise CommandError(str(exc)) from None
        if not 2 <= players <= 8 or games < 1:
            raise CommandError("--players (or the number of --characters) must be 2 to 8 and --games at least 1.")
        problem = engine.VARIANTS[variant].check_seats(players)
        if problem:
            raise CommandError(problem)
        bar = tqdm(total=games, unit="game", disable=no_progress, file=self.stderr._out)

        def progress(result):
            bar.update(1)
            bar.set_postfix({a: f"{result.rate(a):.0%}", b: f"{result.rate(b):.0%}"})

        result = play_match(a=a, b=b, games=games, players=players, seed=seed, jobs=jobs, progress=progress,
                            content=content, characters=characters, variant=variant)
        bar.close()
        self.stdout.write(f"{games} games, {players} players (seed {seed})"
                          + ("" if variant == "base" else f", variant {variant}") + f"; unfinished: {result.unfinished}")
        for name in (a, b):
            low, high = result.interval(name)
            self.stdout.write(
                f"{BOTS[name].label:<14} wins {result.wins[name]:7.1f}  rate {result.rate(name):6.1%}"
                f"  95% CI [{low:.1%}, {high:.1%}]  decision time mean {result.mean_time(name) * 1000:8.2f} ms"
                f"  worst {result.worst_time(name) * 1000:8.1f} ms")
