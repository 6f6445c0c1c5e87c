"""Bot against bot through the engine alone (``manage.py tournament``). Pure Python.

Seats alternate between the two bots (a, b, a, b...), the first seat swapping every game,
and characters rotate, so neither bot keeps a seat or a character. In a team variant whole
teams alternate (a, a, b, b...): each bot plays both seats of its teams; in Boss Battle one
bot is the Boss and the other every Challenger (they share a mat), and the variant casts the
rotation onto the seats (villains for the Boss seats), as it does at a table. A game won by
several seats (a tie, or a team) gives each winner's bot an equal share of one win. Games
play the base game or `content` (pack documents: characters rotate through all of its
characters), and `characters` seats exactly those at every table (in rotating order).
"""
from __future__ import annotations

import math
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from games import engine
from games.ai import get_bot
from games.ai.common import decision_seed

#: Decisions after which a game is abandoned (counted as a draw for nobody).
MAX_DECISIONS = 5000


@dataclass
class MatchResult:
    a: str
    b: str
    games: int = 0
    wins: dict = field(default_factory=lambda: defaultdict(float))
    times: dict = field(default_factory=lambda: defaultdict(list))
    cpu: dict = field(default_factory=lambda: defaultdict(list))
    unfinished: int = 0

    def rate(self, name: str) -> float:
        return self.wins[name] / self.games if self.games else 0.0

    def interval(self, name: str, z: float = 1.96) -> tuple[float, float]:
        """Wilson 95 % interval of the win rate."""
        n = self.games
        if not n:
            return (0.0, 1.0)
        p = self.rate(name)
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def mean_time(self, name: str) -> float:
        t = self.times[name]
        return sum(t) / len(t) if t else 0.0

    def worst_time(self, name: str) -> float:
        return max(self.times[name], default=0.0)

    def mean_cpu(self, name: str) -> float:
        """Mean processor time per decision: what a decision costs on a core of its own, which
        wall time on a machine shared with other work overstates."""
        t = self.cpu[name]
        return sum(t) / len(t) if t else 0.0


def seating(a: str, b: str, game: int, players: int, team_of=lambda seat: seat) -> list[str]:
    """Each seat's bot: whole teams (`team_of(seat)`, the variant's mat) alternate in the order
    they first sit, so a Boss is one bot and the Challengers sharing a mat the other."""
    first, second = (a, b) if game % 2 == 0 else (b, a)
    teams = list(dict.fromkeys(team_of(i) for i in range(players)))
    return [first if teams.index(team_of(i)) % 2 == 0 else second for i in range(players)]


def cast_characters(variant: str, game: int, players: int, content: list | None, characters: tuple | None) -> list[str]:
    """The characters of one game: `characters` or the content's, rotating so both seatings of
    a pair play the same ones; the variant casts the content's rotation onto the seats
    (villains for a Boss variant's Boss seats, as at a table), and a variant that needs
    villains seats `characters` as given (a rotation would put a Hero in a Boss seat; the bots
    swap sides every game anyway)."""
    rules = engine.VARIANTS[variant]
    if characters and rules.needs_villains:
        return list(characters)
    if characters:
        return [characters[(game // 2 + i) % len(characters)] for i in range(players)]
    catalogue = engine.load_content(content) if content else engine.content_of("")     # the base game's, loaded once
    offered = list(catalogue.characters.values())
    k = (game // 2) % len(offered)
    return rules.cast(players, offered[k:] + offered[:k])


def play_one(a: str, b: str, game: int, players: int, seed: int, content: list | None = None,
             characters: tuple | None = None, variant: str = "base") -> dict:
    """One game; returns the winners' bot names and each bot's decision times."""
    rules = engine.VARIANTS[variant]
    names = seating(a, b, game, players, lambda seat: rules.mat_of(seat, players))
    bots = [get_bot(n) for n in names]
    chars = cast_characters(variant, game, players, content, characters)
    game_seed = f"tournament-{seed}-{game // 2}"   # both seatings of a pair share the shuffles
    setup = {"seats": [{"character": c} for c in chars], "seed": game_seed, "variant": variant}
    if content:
        setup["content"] = content
    state = engine.new_game(setup)
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    left_at: dict[int, int] = {}     # seat -> the decision after which it was out (the ladder ranks by it)
    seq = 0
    while not state.over and seq < MAX_DECISIONS:
        prompt = engine.prompts(state)[0]
        bot = bots[prompt.seat]
        started, started_cpu = time.perf_counter(), time.process_time()
        decision = bot.decide(bot.sees(state, prompt.seat),
                              seed=decision_seed(secret=game_seed, seq=seq, seat=prompt.seat))
        times[names[prompt.seat]].append(time.perf_counter() - started)
        cpu[names[prompt.seat]].append(time.process_time() - started_cpu)
        state, _ = engine.apply(state, decision)
        seq += 1
        for s, seat in enumerate(state.seats):
            if seat.out and s not in left_at:
                left_at[s] = seq
    winners = [names[w] for w in state.winners] if state.over else []
    return {"winners": winners, "times": dict(times), "cpu": dict(cpu), "finished": state.over, "names": names,
            "winner_seats": list(state.winners) if state.over else [], "left_at": left_at}


def play_match(*, a: str, b: str, games: int, players: int = 2, seed: int = 0, jobs: int = 1,
               progress=None, content: list | None = None, characters: list | None = None,
               variant: str = "base") -> MatchResult:
    get_bot(a), get_bot(b)   # unknown names fail before any game
    if characters:
        players = len(characters)
        characters = tuple(characters)
    result = MatchResult(a=a, b=b)

    def add(outcome):
        result.games += 1
        if not outcome["finished"]:
            result.unfinished += 1
        for w in outcome["winners"]:
            result.wins[w] += 1 / len(outcome["winners"])
        for name, ts in outcome["times"].items():
            result.times[name].extend(ts)
        for name, ts in outcome["cpu"].items():
            result.cpu[name].extend(ts)
        if progress:
            progress(result)

    result.wins[a] += 0.0
    result.wins[b] += 0.0
    if jobs <= 1:
        for g in range(games):
            add(play_one(a, b, g, players, seed, content, characters, variant))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for outcome in pool.map(play_one, [a] * games, [b] * games, range(games), [players] * games,
                                    [seed] * games, [content] * games, [characters] * games, [variant] * games):
                add(outcome)
    return result
