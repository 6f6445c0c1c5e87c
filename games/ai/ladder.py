"""The ladder: a round robin of today's bots at 2, 3 and 4 seats, rated by a Bradley–Terry fit.

    python manage.py tournament --ladder random,heuristic,mcts --games 20

Every pairing of two bots plays ``games`` games at each table size, seats alternating between
the two bots with the first seat swapping every game (``match.seating``), as ``tournament --a
--b`` does; characters rotate through the pool.

**A multi-seat result as pairwise comparisons.** A game ranks its seats: the winners first
(tied with each other), then the others by when they left the game, later better (seats leaving
on the same decision tie). Every pair of seats played by *different* bots is one comparison:
the better-placed seat's bot wins it, a tie is half a win each. A 2-seat game is one comparison;
a 4-seat game of two bots (two seats each) is four. Seats of the same bot compare nothing (the
bot beats itself as often as it loses). Ranking the losers by when they left uses what a table
shows (outlasting someone is doing better than they did) without inventing a score.

**Ratings.** The Bradley–Terry model says bot i beats bot j with probability
p_i / (p_i + p_j); ``fit`` finds the p that make the comparisons most likely (Hunter's MM
iteration), with ``prior`` virtual draws between every two bots that met so that a bot winning
every comparison keeps a finite rating. Ratings are on the Elo scale, 400·log10(p), the first
bot of the ladder at 0: 200 points apart means winning 76 % of comparisons, 400 points 91 %.

**Intervals.** Comparisons within a game are not independent (one deal decides all of them),
so the 95 % interval comes from a bootstrap over *games*: resample the games with replacement,
refit, and take the 2.5th and 97.5th percentiles of each rating (seeded: the same games give
the same intervals).
"""
from __future__ import annotations

import itertools
import math
import random
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from games.ai import get_bot
from games.ai.match import play_one

SIZES = (2, 3, 4)
ELO = 400 / math.log(10)


def comparisons(names: list[str], place: list[float]) -> list[tuple[str, str, float]]:
    """The pairwise comparisons of one game: (bot, bot, score of the first), one per pair of
    seats played by different bots. ``place[s]`` is seat s's placing, higher better (winners
    highest); equal placings are a draw."""
    out = []
    for i, j in itertools.combinations(range(len(names)), 2):
        if names[i] == names[j]:
            continue
        score = 1.0 if place[i] > place[j] else 0.0 if place[i] < place[j] else 0.5
        out.append((names[i], names[j], score))
    return out


def placing(players: int, winners: list[int], left_at: dict[int, int]) -> list[float]:
    """Each seat's placing: winners above everyone, then later-leaving seats above earlier ones.
    ``left_at[s]`` is the decision number at which seat s left; a seat in neither (an unfinished
    game's survivors) ranks with the winners' tier below them, above every seat that left."""
    top = max(left_at.values(), default=0) + 2
    return [top + 1 if s in winners else left_at.get(s, top) for s in range(players)]


def fit(bots: list[str], games: list[list[tuple[str, str, float]]], prior: float = 0.5,
        iterations: int = 2000, tol: float = 1e-10) -> dict[str, float]:
    """Bradley–Terry ratings (Elo scale, ``bots[0]`` at 0) of the comparisons of ``games``.

    ``prior`` adds that many virtual wins each way between every two bots that met. A bot that
    met nobody keeps 0; a set of bots that never met the first bot's group cannot be placed
    against it, and is pinned by the same iteration (its scale is then arbitrary)."""
    wins: dict = defaultdict(float)      # wins[i, j]: comparisons i won against j
    for game in games:
        for a, b, score in game:
            wins[a, b] += score
            wins[b, a] += 1.0 - score
    met = {(a, b) for a, b in list(wins)}
    for a, b in met:
        wins[a, b] += prior
    n = {(a, b): wins[a, b] + wins[b, a] for a, b in met}
    p = {b: 1.0 for b in bots}
    for _ in range(iterations):
        new = {}
        for i in bots:
            won = sum(wins[i, j] for j in bots if (i, j) in met)
            denom = sum(n[i, j] / (p[i] + p[j]) for j in bots if (i, j) in met)
            new[i] = won / denom if denom and won else (p[i] if not denom else 1e-12)
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {b: v / scale for b, v in new.items()}
        done = max(abs(math.log(new[b]) - math.log(p[b])) for b in bots) < tol
        p = new
        if done:
            break
    zero = math.log(p[bots[0]])
    return {b: ELO * (math.log(p[b]) - zero) for b in bots}


def bootstrap(bots: list[str], games: list[list], samples: int = 200, seed: int = 0,
              prior: float = 0.5) -> dict[str, tuple[float, float]]:
    """95 % percentile intervals of each rating, resampling whole games."""
    rng = random.Random(f"ladder-bootstrap-{seed}")
    runs = defaultdict(list)
    for _ in range(samples):
        resampled = [games[rng.randrange(len(games))] for _ in games]
        for b, r in fit(bots, resampled, prior=prior, iterations=300, tol=1e-7).items():
            runs[b].append(r)
    out = {}
    for b in bots:
        rs = sorted(runs[b])
        out[b] = (rs[int(0.025 * (len(rs) - 1))], rs[math.ceil(0.975 * (len(rs) - 1))]) if rs else (0.0, 0.0)
    return out


@dataclass
class Game:
    size: int
    pairing: tuple[str, str]
    names: list[str]
    winners: list[int]
    finished: bool
    comparisons: list


@dataclass
class LadderResult:
    bots: list[str]
    games: list[Game] = field(default_factory=list)
    times: dict = field(default_factory=lambda: defaultdict(list))
    cpu: dict = field(default_factory=lambda: defaultdict(list))

    def ratings(self, prior: float = 0.5) -> dict[str, float]:
        return fit(self.bots, [g.comparisons for g in self.games], prior=prior)

    def intervals(self, samples: int = 200, seed: int = 0, prior: float = 0.5) -> dict[str, tuple[float, float]]:
        return bootstrap(self.bots, [g.comparisons for g in self.games], samples, seed, prior)

    def win_rate(self, bot: str, size: int | None = None) -> float:
        """Share of its seats that won (a tie shares the win), over the games it played."""
        won = seats = 0.0
        for g in self.games:
            if size is not None and g.size != size:
                continue
            seats += g.names.count(bot)
            won += sum(1 / len(g.winners) for w in g.winners if g.names[w] == bot)
        return won / seats if seats else 0.0

    def score(self, a: str, b: str, size: int | None = None) -> tuple[float, int]:
        """a's share of its comparisons with b, and how many there were."""
        total = n = 0
        for g in self.games:
            if size is not None and g.size != size:
                continue
            for x, y, s in g.comparisons:
                if (x, y) == (a, b):
                    total, n = total + s, n + 1
                elif (x, y) == (b, a):
                    total, n = total + 1 - s, n + 1
        return (total / n if n else 0.0), n

    def mean_time(self, bot: str) -> float:
        t = self.times[bot]
        return sum(t) / len(t) if t else 0.0

    def worst_time(self, bot: str) -> float:
        return max(self.times[bot], default=0.0)

    def mean_cpu(self, bot: str) -> float:
        t = self.cpu[bot]
        return sum(t) / len(t) if t else 0.0


def schedule(bots: list[str], games: int, sizes=SIZES) -> list[tuple[int, tuple[str, str], int]]:
    """(size, pairing, game number) of every game of the round robin."""
    return [(size, pair, g) for size in sizes for pair in itertools.combinations(bots, 2) for g in range(games)]


def _play(args) -> tuple:
    size, (a, b), g, seed, content, characters = args
    outcome = play_one(a, b, g, size, f"ladder-{seed}-{size}p-{a}-{b}", content, characters)
    return size, (a, b), outcome


def play_ladder(bots: list[str], *, games: int, seed: int = 0, sizes=SIZES, jobs: int = 1,
                content: list | None = None, characters: list | None = None, progress=None) -> LadderResult:
    """Play the round robin of ``bots`` (names or labels) and return its result."""
    labels = [get_bot(b).label for b in bots]      # unknown names fail before any game
    if len(set(labels)) != len(labels) or len(labels) < 2:
        raise ValueError("A ladder needs at least two different bots.")
    characters = tuple(characters) if characters else None
    work = [(size, pair, g, seed, content, characters) for size, pair, g in schedule(bots, games, sizes)]
    result = LadderResult(bots=labels)
    label = dict(zip(bots, labels))

    def add(size, pair, outcome):
        names = [label[n] for n in outcome["names"]]
        place = placing(size, outcome["winner_seats"], outcome["left_at"])
        result.games.append(Game(size, (label[pair[0]], label[pair[1]]), names, outcome["winner_seats"],
                                 outcome["finished"], comparisons(names, place) if outcome["finished"] else []))
        for name, ts in outcome["times"].items():
            result.times[label[name]].extend(ts)
        for name, ts in outcome["cpu"].items():
            result.cpu[label[name]].extend(ts)
        if progress:
            progress(result)

    if jobs <= 1:
        for item in work:
            add(*_play(item))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for item in pool.map(_play, work):
                add(*item)
    return result
