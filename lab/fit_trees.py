"""Fit the value of mcts@13 (games/ai/trees.py) on heuristic-against-heuristic games.

    .venv/bin/pip install scikit-learn        # this tool only: the service and its tests do not need it
    .venv/bin/python lab/fit_trees.py --games 48000 --seed 4102 --jobs 2 [--out games/ai/data/value-trees.json]

Plays `--games` two-seat base games between heuristic bots (characters rotating, game seeds
from `--seed`), records at the start of every turn both seats' `trees.seat_features` (the
positions the search's rollouts stop at), each seat's row labelled with whether it won,
and fits scikit-learn's histogram gradient boosting on the pair (the seat's features, then its
opponent's). It fits on the even games and prints the held-out log-loss on the odd ones
(beside mcts@11's logistic value, lab/evaluation.py's `HANDS`, on the same rows), then fits
again on all the games and writes the trees to `--out`, the command and the scores in its `fitted`.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games import engine  # noqa: E402
from games.ai import evaluation, trees  # noqa: E402
from lab import fit_evaluation  # noqa: E402
from lab.evaluation import HANDS  # noqa: E402

#: The trees' shape: 150 trees of depth 5 scored 0.6028 held out, 300 0.6011 at twice the
#: walking time and file, 100 of depth 4 0.6059; in play 150 smaller trees did as well as 300
#: (docs/lab/ai-notes.md "mcts@12").
SHAPE = {"max_iter": 150, "max_depth": 5, "learning_rate": 0.07}


def feature_names() -> list[str]:
    """Every name `seat_features` can give in a base game, in a fixed order."""
    effects = sorted({c.effect for c in engine.CARDS.values() if c.deck != "drink"})
    return (list(evaluation.NAMES) + list(evaluation.KINDS) + [f"effect:{e or 'plain'}" for e in effects]
            + [f"character:{c}" for c in engine.CHARACTERS]
            + ["active", "fortitude", "drink_me_alcohol", "drink_me_top_alcohol", "drink_me_fortitude"])


def positions(game: int, seed: int) -> list[tuple[list[float], list[float], float, int]]:
    """(seat's features, opponent's, mcts@11's value of the seat, won) at each turn's start of
    one two-seat game, for both seats; none when the game did not end."""
    names = feature_names()
    rows = []

    def record(state, seq, starting):
        if starting and not any(s.out for s in state.seats):
            f = [trees.vector(trees.seat_features(state, i), names) for i in (0, 1)]
            rows.extend((f[me], f[1 - me], HANDS(state, me), me) for me in (0, 1))
    end = fit_evaluation.selfplay(game, seed, 2, record)
    if not end.over:
        return []
    return [(a, b, hands, int(me in end.winners)) for a, b, hands, me in rows]


def _chunk(args) -> list:
    games, seed = args
    return [row for g in games for row in positions(g, seed)]


def _loss(ys, ps) -> float:
    return -sum(math.log(min(max(p if y else 1 - p, 1e-12), 1.0)) for y, p in zip(ys, ps)) / len(ys)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=48000)
    parser.add_argument("--seed", type=int, default=4102)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=str(trees.MODEL))
    args = parser.parse_args()
    import numpy as np
    from sklearn.ensemble import HistGradientBoostingClassifier

    halves = ([g for g in range(args.games) if g % 2 == 0], [g for g in range(args.games) if g % 2 == 1])
    data = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for games in halves:
            chunks = [(games[i:i + 500], args.seed) for i in range(0, len(games), 500)]
            data.append([row for rows in pool.map(_chunk, chunks) for row in rows])

    def pairs(rows, swapped=False):
        """Each row's seat's features then its opponent's (or the other way round)."""
        return np.array([theirs + mine if swapped else mine + theirs for mine, theirs, _, _ in rows], float)

    def fit(rows):
        y = np.array([won for *_, won in rows])
        # Fixed: no early stopping on a random split, so the same command writes the same trees.
        return HistGradientBoostingClassifier(**SHAPE, early_stopping=False, random_state=0).fit(pairs(rows), y)

    def chances(model, rows):
        mine = model.predict_proba(pairs(rows))[:, 1]
        theirs = model.predict_proba(pairs(rows, swapped=True))[:, 1]
        return (mine + 1 - theirs) / 2

    train, test = data
    ys = [won for *_, won in test]
    held_out = _loss(ys, chances(fit(train), test))
    hands = _loss(ys, [h for _, _, h, _ in test])
    summary = (f"python lab/fit_trees.py --games {args.games} --seed {args.seed}: fitted on the even games' "
               f"{len(train):,} rows, held-out log-loss {held_out:.4f} on the odd games' {len(test):,} "
               f"(mcts@11's HANDS {hands:.4f} on the same rows, a constant 0.6931); written fitted on all "
               f"{len(train) + len(test):,}")
    print(summary)
    model = fit(train + test)
    names = feature_names()
    out = {"fitted": summary, "features": names, "base": float(np.ravel(model._baseline_prediction)[0]),
           "trees": [[[-1 if n["is_leaf"] else int(n["feature_idx"]), round(float(n["num_threshold"]), 6),
                       int(n["left"]), int(n["right"]), round(float(n["value"]), 7)] for n in predictor.nodes]
                     for (predictor,) in model._predictors]}
    check = pairs(test[:200])
    walked = trees.Model(out)
    worst = max(abs(evaluation.sigmoid(walked.raw(list(row))) - p) for row, p in zip(check, model.predict_proba(check)[:, 1]))
    print(f"{len(out['trees'])} trees, the pure-Python walk within {worst:.1e} of scikit-learn's")
    with open(args.out, "w") as f:
        json.dump(out, f, separators=(",", ":"))


if __name__ == "__main__":
    main()
