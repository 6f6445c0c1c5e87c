"""Tune the heuristic's keep-worths by self-play (docs/lab/ai-notes.md, "heuristic@8 and mcts@9").

    .venv/bin/python lab/tune_keep.py --games 4000 --seed 21 \
        [--start '{"damage": 4}'] [--steps=-2,2] [--players 2] [--jobs 2]

A coordinate search over `heuristic.KEEP`: each effect word of the base game's decks in turn,
changed by each of `--steps`, plays `--games` base games (each deal from both seats, dealt as
`manage.py tournament --seed` deals them) against today's heuristic, keeping a change that
wins more than `--margin` above the best so far and moving on to the next word. The
challenger is today's heuristic with the keep-worths changed, nothing else. Prints every
trial and, at the end, the best keep-worths as JSON. A heuristic game takes a few
milliseconds, so 4,000 games are about 20 seconds on two processes; the tuning seed is then
not a fair measure of the result: measure the winner on fresh seeds (`tournament`).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games import engine  # noqa: E402
from games.ai import heuristic  # noqa: E402
from games.ai.common import decision_seed  # noqa: E402
from games.ai.match import MAX_DECISIONS, cast_characters  # noqa: E402


def play(game: int, seed: int, players: int, base: heuristic.Tuning, keep: dict) -> float:
    """One game: the share of the win of the seats (every other one) whose keep-worths are `keep`.
    Game 2k and 2k+1 play the same deal with the seats swapped."""
    challenger = replace(base, keep=base.keep + tuple(sorted(keep.items())))
    game_seed = f"tournament-{seed}-{game // 2}"
    chars = cast_characters("base", game, players, None, None)
    state = engine.new_game({"seats": [{"character": c} for c in chars], "seed": game_seed})
    mine = game % 2
    seq = 0
    while not state.over and seq < MAX_DECISIONS:
        seat = engine.prompts(state)[0].seat
        tuning = challenger if seat % 2 == mine else base
        state, _ = engine.apply(state, heuristic.decide(
            engine.view(state, seat), seed=decision_seed(secret=game_seed, seq=seq, seat=seat), tuning=tuning))
        seq += 1
    if not state.winners:
        return 0.5
    return sum(1 for w in state.winners if w % 2 == mine) / len(state.winners)


def trial(pool, keep: dict, games: int, seed: int, players: int, base: heuristic.Tuning) -> tuple[float, float]:
    """The challenger's win rate and its standard error over the deals (a deal is both seatings)."""
    n = games // 2 * 2
    won = list(pool.map(play, range(n), [seed] * n, [players] * n, [base] * n, [keep] * n, chunksize=25))
    deals = [(won[i] + won[i + 1]) / 2 for i in range(0, n, 2)]
    mean = sum(deals) / len(deals)
    spread = math.sqrt(sum((d - mean) ** 2 for d in deals) / max(1, len(deals) - 1) / len(deals))
    return mean, spread


def base_effects() -> list[str]:
    """The effect words of the base game's decks that `KEEP` prices."""
    content = engine.load_content([engine.BASE_PACK])
    return sorted({content.cards[k].effect for c in content.characters.values() for k in content.deck_list(c.deck)}
                  & set(heuristic.KEEP))


def search(pool, start: dict, steps: list[int], games: int, seed: int, players: int, base: heuristic.Tuning,
           margin: float, effects: list[str], out=print) -> dict:
    """The keep-worths (changes from `base`'s) that won most, `effects` tried in turn from `start`."""
    best = dict(start)
    best_rate, spread = trial(pool, best, games, seed, players, base)
    out(f"start {json.dumps(best)}: {100 * best_rate:.1f} % ± {100 * spread:.1f}")
    worth = heuristic.keep_worths(base)
    for effect in effects:
        now = best.get(effect, worth[effect])
        for step in steps:
            keep = {**best, effect: now + step}
            rate, spread = trial(pool, keep, games, seed, players, base)
            kept = rate > best_rate + margin
            out(f"{effect} {now} -> {now + step}: {100 * rate:.1f} % ± {100 * spread:.1f}{'  kept' if kept else ''}")
            if kept:
                best, best_rate = keep, rate
                break
    out(f"best {json.dumps(best)}: {100 * best_rate:.1f} %")
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000, help="games a trial (each deal from both seats)")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--start", default="{}", help='keep-worths to start from, JSON: {"damage": 4}')
    parser.add_argument("--steps", default="-2,2",
                        help='changes tried for each effect word, written --steps=-1,1 (without "=" a value '
                             'starting with "-" is read as an option)')
    parser.add_argument("--margin", type=float, default=0.006, help="win rate a change must add to be kept")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    try:
        start = json.loads(args.start)
        steps = [int(x) for x in args.steps.split(",")]
        if args.games < 2:
            raise ValueError("--games must be at least 2: each deal is played from both seats")
    except (ValueError, json.JSONDecodeError) as e:
        parser.error(str(e))
    with ProcessPoolExecutor(args.jobs) as pool:
        search(pool, start, steps, args.games, args.seed, args.players, heuristic.TUNING, args.margin,
               base_effects(), out=lambda line: print(line, flush=True))


if __name__ == "__main__":
    main()
