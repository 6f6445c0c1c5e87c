"""How strong would the search bot be if it knew what it cannot see? (docs/lab/ai-notes.md, "Where the gap is")

    .venv/bin/python lab/search_ceiling.py --knows nothing|history|hands|everything --games 100 --seed 9001
        [--jobs 2] [--search mcts|VARIANT] [--opponent heuristic|BOT] [--record FILE] [--versus FILE]

Plays the search bot (today's, or `--search` a variant of lab/variants.py) against the heuristic
bot (or `--opponent` another of today's bots or a variant) in two-seat base games, seated and
dealt as `manage.py tournament` does, with the search told more than its view:

- `nothing`: the bot as it plays (the baseline, on the same deals);
- `history`: told the heuristic seat's decisions as the table saw them (each with the search
  seat's view of that moment), it deals only hands with which the heuristic would have
  decided the same (lab/hand_inference.py; it assumes the opponent plays like the heuristic,
  as the rollouts do);
- `hands`: its opponents' hands are added to its view, so every sample deals them as they are;
- `everything`: every sample *is* the true state (hands and every deck order, so it also knows
  what will be drawn).

An experiment, not a bot: a table never plays it. The rollouts' turns, budget and cap come from
the usual `RDI_MCTS_*` settings, so a run can ask, say, what longer rollouts would gain with
full knowledge (`RDI_MCTS_TURNS=6 RDI_MCTS_SECONDS=20`). Prints the win rate with its 95 %
interval and the search's mean processor time per decision. `--record FILE` writes each game's
result (one JSON line a game); `--versus FILE`, a record of another run on the same seed, adds
the difference between the two on the same deals with its 95 % interval (a paired comparison
tells a few points apart where two win rates' intervals cannot).
"""
from __future__ import annotations

import argparse
import copy
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games import engine  # noqa: E402
from games.ai import heuristic, mcts  # noqa: E402
from games.ai.common import decision_seed  # noqa: E402
from games.ai.determinize import Skeleton  # noqa: E402
from games.ai.match import MatchResult, cast_characters, seating  # noqa: E402
from games.engine.core.state import clone  # noqa: E402
from lab import variants  # noqa: E402
from lab.hand_inference import TRIES, Inference, Seen  # noqa: E402

KNOWS = ("nothing", "history", "hands", "everything")


def _told(view: dict, state, knows: str) -> dict:
    """The view with the opponents' hands in it (a teammate's is there already)."""
    if knows == "hands":
        for i, s in enumerate(view["seats"]):
            if "hand" not in s:
                s["hand"] = engine.view(state, i)["seats"][i]["hand"]
    return view


def _search(view: dict, state, seed: str, knows: str, history=(), search: str = "mcts"):
    decide = variants.get(search).decide
    if knows in ("nothing", "hands"):
        return decide(_told(view, state, knows), seed=seed)
    mcts.Skeleton = _sampler(state, knows, history, view["prompt"]["seat"])
    try:
        return decide(view, seed=seed)
    finally:
        mcts.Skeleton = Skeleton


def _sampler(state, knows: str, history, me: int) -> type:
    if knows == "everything":
        class Known(Skeleton):          # every sample is the true state
            def sample(self, rng):
                return clone(state)
        return Known

    class Inferring(Skeleton):          # deals that agree with the history (lab/hand_inference.py)
        def __init__(self, view, options=None):
            super().__init__(view, options)
            # hands with which the heuristic would have decided the same
            self.inference = Inference(self, history, me, heuristic.TUNING)

        def sample(self, rng):
            for _ in range(TRIES):
                sample = super().sample(rng)
                if self.inference.agrees(sample):
                    break
            return sample
    return Inferring


def play(game: int, seed: int, knows: str, search: str = "mcts", opponent: str = "heuristic") -> tuple[float, list[float]]:
    """One game: the search's share of the win and its processor time per decision."""
    other = variants.get(opponent)
    names = seating("search", "heuristic", game, 2)
    chars = cast_characters("base", game, 2, None, None)
    game_seed = f"tournament-{seed}-{game // 2}"      # the deals `tournament --seed` plays
    state = engine.new_game({"seats": [{"character": c} for c in chars], "seed": game_seed})
    cpu, seq, history = [], 0, []
    while not state.over and seq < 5000:
        prompt = engine.prompts(state)[0]
        view = engine.view(state, prompt.seat)
        seed_for = decision_seed(secret=game_seed, seq=seq, seat=prompt.seat)
        if names[prompt.seat] == "search":
            started = time.process_time()
            decision = _search(view, state, seed_for, knows, history, search)
            cpu.append(time.process_time() - started)
        else:
            decision = other.decide(view, seed=seed_for)
            if knows == "history":      # a copy: a view shares the state's frames, which later decisions change
                history.append(Seen(copy.deepcopy(engine.view(state, names.index("search"))), decision))
        state, _ = engine.apply(state, decision)
        seq += 1
    winners = [names[w] for w in state.winners] if state.over else []
    return (winners.count("search") / len(winners) if winners else 0.0), cpu


def paired(mine: dict[int, float], theirs: dict[int, float]) -> tuple[int, float, float]:
    """Deals both runs played, the mean of (mine − theirs) over them and its 95 % half-width."""
    games = sorted(set(mine) & set(theirs))
    diffs = [mine[g] - theirs[g] for g in games]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else float("inf")
    return n, mean, 1.96 * spread


def _record(path: str, seed: int) -> dict[int, float]:
    """Each game's result in a `--record` file, of the runs on `seed`."""
    with open(path) as f:
        rows = [json.loads(line) for line in f]
    return {r["game"]: r["won"] for r in rows if r["seed"] == seed}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--knows", choices=KNOWS, default="nothing")
    parser.add_argument("--search", default="mcts",
                        help=f"the search: mcts (today's) or a lab variant ({', '.join(variants.VARIANTS)})")
    parser.add_argument("--opponent", default="heuristic",
                        help="the other seat: heuristic (today's), another of today's bots or a lab variant")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=9001)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--record", help="write each game's result to this file (JSON lines)")
    parser.add_argument("--versus", help="another run's --record on the same seed: print the paired difference")
    args = parser.parse_args()
    try:
        variants.get(args.search)  # an unknown label or record fails before any game
        variants.get(args.opponent)
        theirs = _record(args.versus, args.seed) if args.versus else None
    except (ValueError, OSError) as e:
        parser.error(str(e))
    result, cpu, won_by_game = MatchResult(a="search", b="heuristic"), [], {}
    games = range(args.games)
    with ProcessPoolExecutor(args.jobs) as pool:
        for game, (won, times) in zip(games, pool.map(play, games, [args.seed] * args.games,
                                                      [args.knows] * args.games, [args.search] * args.games,
                                                      [args.opponent] * args.games)):
            result.games += 1
            result.wins["search"] += won
            cpu += times
            won_by_game[game] = won
            print(f"\r{result.games}/{args.games} games", end="", file=sys.stderr, flush=True)
    low, high = result.interval("search")
    print(f"\n{args.search} knowing {args.knows}: {result.rate('search'):.1%} [{low:.1%}, {high:.1%}] of "
          f"{result.games} games against {variants.get(args.opponent).label} (seed {args.seed}); "
          f"{1000 * sum(cpu) / max(1, len(cpu)):.0f} ms processor per decision")
    if args.record:
        with open(args.record, "w") as out:
            out.writelines(json.dumps({"seed": args.seed, "game": g, "won": w}) + "\n" for g, w in won_by_game.items())
    if theirs is not None:
        n, mean, half = paired(won_by_game, theirs)
        print(f"against {args.versus} on the same {n} deals: {100 * mean:+.1f} points ± {100 * half:.1f} (95 %)")


if __name__ == "__main__":
    main()
