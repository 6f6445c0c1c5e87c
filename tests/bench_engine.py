"""Engine benchmark: prints figures, never passes or fails on time (DESIGN.md §9).

    bin/bench                                   # defaults: 20,000 playout decisions, 1,000-decision fold
    bin/bench --decisions 5000 --fold-decisions 500 --players 6

Two figures, each with a baseline measured in the same run on the same states, so the ratio
means something on any machine:

1. random playout: decisions per second (prompts + random choice + apply, single process),
   against ``clone(state)`` per decision (the orjson round trip every snapshot, AI search and
   copy-before-apply pays);
2. fold: the time to re-apply a 1,000-decision log from ``new_game`` (what loading a game with
   no snapshot costs), against loading the final state from its snapshot bytes.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from games.ai.policies import random_policy
from games.engine import apply, clone, dump_state, load_state, new_game, prompts
from games.simulation import game_seed, make_setup


def record_games(total_decisions: int, players: int, seed: int):
    """Random legal games until `total_decisions` decisions: list of (setup, decisions, states)."""
    games = []
    done = 0
    number = 0
    while done < total_decisions:
        setup = make_setup(players, game_seed(f"bench:{seed}", number))
        rng = random.Random(setup["seed"])
        state = new_game(setup)
        log: list[dict] = []
        while not state.over and done < total_decisions:
            ps = prompts(state)
            if not ps:
                break
            decision = random_policy(state, ps, rng)
            apply(state, decision)
            log.append(decision)
            done += 1
        games.append((setup, log, state))
        number += 1
    return games


def bench_playout(decisions: int, players: int, seed: int) -> dict:
    started = time.perf_counter()
    games = record_games(decisions, players, seed)
    playout = time.perf_counter() - started
    n = sum(len(log) for _, log, _ in games)

    # Baseline: one clone per decision, on the final state of each game (same sizes).
    finals = [state for _, _, state in games]
    started = time.perf_counter()
    for i in range(n):
        clone(finals[i % len(finals)])
    baseline = time.perf_counter() - started
    return {"decisions": n, "games": len(games), "seconds": playout, "per_second": n / playout,
            "clone_seconds": baseline, "ratio": playout / baseline if baseline else float("inf")}


def bench_fold(fold_decisions: int, players: int, seed: int, repeat: int = 3) -> dict:
    games = record_games(fold_decisions, players, seed + 1)
    n = sum(len(log) for _, log, _ in games)
    snapshots = [dump_state(state) for _, _, state in games]

    best_fold = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for setup, log, _ in games:
            state = new_game(setup)
            for decision in log:
                apply(state, decision)
        best_fold = min(best_fold, time.perf_counter() - started)

    best_load = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for blob in snapshots:
            load_state(blob)
        best_load = min(best_load, time.perf_counter() - started)
    return {"decisions": n, "games": len(games), "seconds": best_fold, "snapshot_seconds": best_load,
            "ratio": best_fold / best_load if best_load else float("inf")}


def run(decisions: int = 20_000, fold_decisions: int = 1_000, players: int = 4, seed: int = 0,
        out=sys.stdout) -> dict:
    p = bench_playout(decisions, players, seed)
    print(f"playout: {p['decisions']} decisions in {p['games']} games ({players} players): "
          f"{p['per_second']:,.0f} decisions/s; {p['seconds'] / p['decisions'] * 1e6:.1f} µs per decision "
          f"= {p['ratio']:.1f}x one clone(state) ({p['clone_seconds'] / p['decisions'] * 1e6:.1f} µs)",
          file=out)
    f = bench_fold(fold_decisions, players, seed)
    print(f"fold: {f['decisions']} decisions ({f['games']} games) re-applied from new_game in "
          f"{f['seconds'] * 1e3:.1f} ms = {f['ratio']:.1f}x loading the same final states from snapshots "
          f"({f['snapshot_seconds'] * 1e3:.2f} ms)", file=out)
    return {"playout": p, "fold": f}


def count_part(part: str, decisions: int, players: int = 4, seed: int = 0) -> int:
    """One part once, untimed and with no baseline, for an instruction counter:

        valgrind --tool=callgrind python -m tests.bench_engine --only setup
        valgrind --tool=callgrind python -m tests.bench_engine --only playout --decisions 3000
        valgrind --tool=callgrind python -m tests.bench_engine --only fold --decisions 3000

    (playout - setup) / N is the instructions per random-playout decision, (fold - playout) / N
    per folded decision. Unlike wall-clock time the counts repeat exactly whatever else runs on
    the machine (with PYTHONHASHSEED fixed and the .pyc files already written)."""
    if part == "setup":
        return 0
    games = record_games(decisions, players, seed)
    if part == "fold":
        for setup, log, _ in games:
            state = new_game(setup)
            for decision in log:
                apply(state, decision)
    return sum(len(log) for _, log, _ in games)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=20_000, help="playout decisions (default 20,000)")
    parser.add_argument("--fold-decisions", type=int, default=1_000, help="decisions to fold (default 1,000)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", choices=("setup", "playout", "fold"),
                        help="run one part once, untimed, for an instruction counter (count_part)")
    args = parser.parse_args(argv)
    if args.only:
        count_part(args.only, args.decisions, args.players, args.seed)
        return 0
    run(args.decisions, args.fold_decisions, args.players, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
