"""Bot against bot through the engine: win rates with 95 % intervals and decision times.

    python manage.py tournament --a heuristic --b random --games 200 --players 2
    python manage.py tournament --a mcts --b heuristic --games 100 --jobs 2
    python manage.py tournament --a heuristic --b random --packs my-pack.json --characters vlazlo,zot,gerki
    python manage.py tournament --a heuristic --b random --players 4 --variant two-headed-dragon
    python manage.py tournament --a heuristic --b random --players 3 --variant boss-battle
    python manage.py tournament --ladder random,heuristic,mcts --games 20 --seed 7 --jobs 2

Bots are the names in games.ai.BOTS (docs/ai.md). Nothing is written to the database.
``--ladder`` plays a round robin at 2, 3 and 4 seats and rates every bot (games/ai/ladder.py).
"""
import itertools
import os

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from games import engine
from games.ai import BOTS, get_bot
from games.ai.ladder import SIZES, play_ladder
from games.ai.match import play_match
from games.bosses import content_with_villains
from games.management.commands.simulate import content_option, installed_content_for, split
from games.simulation import check_characters


class Command(BaseCommand):
    help = "Play bot A against bot B for N games of K players and print win rates and decision times."

    def add_arguments(self, parser):
        parser.add_argument("--a", help=f"first bot: {', '.join(BOTS)}")
        parser.add_argument("--b", help="second bot")
        parser.add_argument("--ladder", help="comma-separated bots: a round robin at 2, 3 and 4 seats, rated "
                                             "(--games is then per pairing and table size)")
        parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="ladder table sizes (default 2,3,4)")
        parser.add_argument("--bootstrap", type=int, default=200, help="ladder: bootstrap resamples for the intervals")
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--players", type=int, default=2)
        parser.add_argument("--seed", type=int, default=0, help="tournament seed (game shuffles)")
        parser.add_argument("--jobs", type=int, default=1, help="processes playing games in parallel")
        parser.add_argument("--packs", help="comma-separated pack files to play (docs/packs.md)")
        parser.add_argument("--characters", help="comma-separated characters: every table seats exactly these "
                            "(ladder: the pool tables rotate through, installed packs' characters included)")
        parser.add_argument("--variant", choices=sorted(engine.VARIANTS), default="base",
                            help="two-headed-dragon: teams of two (4, 6 or 8 players), each bot playing whole teams; "
                                 "boss-battle and its family: villains cast for the Boss seats from the installed "
                                 "villain packs when --packs has none, one bot the Boss, the other the Challengers")
        parser.add_argument("--no-progress", "--quiet", action="store_true",
                            help="no progress bar (there is none either when stderr is not a terminal)")

    def handle(self, *args, a, b, games, players, seed, jobs, packs, characters, variant,
               no_progress, ladder=None, sizes="2,3,4", bootstrap=200, **options):
        if ladder:
            return self.ladder(split(ladder), games=games, seed=seed, jobs=jobs, packs=packs, characters=characters,
                               sizes=sizes, samples=bootstrap, quiet=no_progress)
        if not a or not b:
            raise CommandError("Name two bots with --a and --b, or several with --ladder.")
        try:
            labels = {name: get_bot(name).label for name in (a, b)}
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if a == b:
            raise CommandError("Choose two different bots.")
        content = content_option(packs)
        if engine.VARIANTS[variant].needs_villains:   # Bosses are villains: the installed villain packs (docs/boss.md)
            content = content_with_villains(content)
        characters = split(characters) or None
        if characters:
            players = len(characters)
            try:
                check_characters(characters, content)
            except ValueError as exc:
                raise CommandError(str(exc)) from None
        if not 2 <= players <= 8 or games < 1:
            raise CommandError("--players (or the number of --characters) must be 2 to 8 and --games at least 1.")
        rules = engine.VARIANTS[variant]
        problem = rules.check_seats(players) or self.cast_problem(variant, players, content, characters)
        if problem:
            raise CommandError(problem)
        out = self.stderr._out
        bar = tqdm(total=games, unit="game", file=out,
                   disable=no_progress or not (hasattr(out, "isatty") and out.isatty()))

        def progress(result):
            bar.update(1)
            bar.set_postfix({a: f"{result.rate(a):.0%}", b: f"{result.rate(b):.0%}"})

        result = play_match(a=a, b=b, games=games, players=players, seed=seed, jobs=jobs, progress=progress,
                            content=content, characters=characters, variant=variant)
        bar.close()
        self.stdout.write(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at the end")
        self.stdout.write(f"{games} games, {players} players (seed {seed})"
                          + ("" if variant == "base" else f", variant {variant}") + f"; unfinished: {result.unfinished}")
        for name in (a, b):
            low, high = result.interval(name)
            self.stdout.write(
                f"{labels[name]:<14} wins {result.wins[name]:7.1f}  rate {result.rate(name):6.1%}"
                f"  95% CI [{low:.1%}, {high:.1%}]  decision time mean {result.mean_time(name) * 1000:8.2f} ms"
                f"  worst {result.worst_time(name) * 1000:8.1f} ms  (processor time mean {result.mean_cpu(name) * 1000:.2f} ms)")

    @staticmethod
    def cast_problem(variant, players, content, characters):
        """The sentence refusing these characters in these seats (a non-villain Boss), or None."""
        offered = engine.load_content(content or [engine.BASE_PACK]).characters
        for seat, name in enumerate(characters or ()):
            problem = engine.VARIANTS[variant].check_character(seat, players, offered[name])
            if problem:
                return f"--characters: {problem}"
        if not characters:          # a Boss variant's cast needs a villain
            try:
                engine.VARIANTS[variant].cast(players, list(offered.values()))
            except ValueError as exc:
                return str(exc)
        return None

    def ladder(self, bots, *, games, seed, jobs, packs, characters, sizes, samples, quiet):
        try:
            bots = [get_bot(name).name if "@" not in name else name for name in bots]
            sizes = tuple(int(n) for n in split(sizes))
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if len(set(bots)) < 2 or len(set(bots)) != len(bots):
            raise CommandError("--ladder needs at least two different bots.")
        if games < 1 or not sizes or not all(2 <= n <= 8 for n in sizes):
            raise CommandError("--games must be at least 1 and --sizes between 2 and 8.")
        content = content_option(packs)
        characters = split(characters) or None
        if characters:
            if content is None:
                content = installed_content_for(characters)
            try:
                check_characters(characters, content)
            except ValueError as exc:
                raise CommandError(str(exc)) from None
            if len(set(characters)) < max(sizes):
                raise CommandError(f"--characters: a {max(sizes)}-seat table needs {max(sizes)} different characters.")
        total = games * len(sizes) * len(bots) * (len(bots) - 1) // 2
        out = self.stderr._out
        bar = tqdm(total=total, unit="game", file=out, mininterval=0.5,
                   disable=quiet or not (hasattr(out, "isatty") and out.isatty()))
        result = play_ladder(bots, games=games, seed=seed, sizes=sizes, jobs=jobs, content=content,
                             characters=characters, progress=lambda r: bar.update(1))
        bar.close()
        ratings, intervals = result.ratings(), result.intervals(samples=samples, seed=seed)
        unfinished = sum(not g.finished for g in result.games)
        self.stdout.write(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at the end")
        self.stdout.write(f"Ladder: {len(result.games)} games ({games} per pairing and size, sizes "
                          f"{','.join(map(str, sizes))}), seed {seed}; unfinished: {unfinished}")
        self.stdout.write(f"Ratings (Bradley-Terry, Elo scale, {result.bots[0]} = 0; 95% bootstrap "
                          f"interval over games, {samples} resamples):")
        width = max(len(b) for b in result.bots)
        for bot in sorted(result.bots, key=lambda b: -ratings[b]):
            low, high = intervals[bot]
            rates = "  ".join(f"{n}p {result.win_rate(bot, n):6.1%}" for n in sizes)
            self.stdout.write(
                f"  {bot:<{width}} {ratings[bot]:7.0f}  [{low:7.0f}, {high:7.0f}]  wins {rates}"
                f"  decision time mean {result.mean_time(bot) * 1000:7.2f} ms  worst {result.worst_time(bot) * 1000:7.1f} ms"
                f"  (processor {result.mean_cpu(bot) * 1000:.2f} ms)")
        self.stdout.write("Head to head (share of pairwise comparisons won by the first bot):")
        for x, y in itertools.combinations(result.bots, 2):
            cells = []
            for n in sizes:
                share, count = result.score(x, y, n)
                cells.append(f"{n}p {share:6.1%} of {count:4d}")
            share, count = result.score(x, y)
            self.stdout.write(f"  {x:<{width}} vs {y:<{width}}  " + "  ".join(cells) + f"  all {share:6.1%} of {count}")
