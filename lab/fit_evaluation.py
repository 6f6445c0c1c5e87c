"""Fit lab/evaluation.py's logistic values on heuristic-against-heuristic games.

    .venv/bin/python lab/fit_evaluation.py --games 3000 --seed 2026 [--players 2]
    .venv/bin/python lab/fit_evaluation.py --value hands --at turns --games 12000 --seed 3303

Plays `--games` base games between heuristic bots (characters rotating, game seeds from
`--seed`), records every seat's features against its strongest opponent's, labels each row
with whether the seat won, and fits a logistic regression (Newton's method, a small ridge
penalty) on the differences. Half the games are held out: it prints the log-loss and accuracy
there, then the weights to paste into the value's weights.

- `--value margins` (mcts@5 to mcts@10, `evaluation.WEIGHTS`): games/ai/evaluation.py's
  `features`, at every `--every`-th decision;
- `--value hands` (mcts@11, `evaluation.HANDS`): `evaluation.hand_features` (the hand by kind
  of card, whose turn is starting too); with `--at turns`, only at the start of each turn, where
  mcts@11's rollouts stop.

Pure Python (no numpy in the venv).
"""
from __future__ import annotations

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games import engine  # noqa: E402
from games.ai import heuristic  # noqa: E402
from games.ai.common import decision_seed  # noqa: E402
from games.ai.evaluation import strength  # noqa: E402
from lab import evaluation  # noqa: E402


#: What `--value` fits: its features' names and how they are read from a state.
VALUES = {
    "margins": (evaluation.NAMES, evaluation.win_chance.features),
    "hands": (evaluation.HAND_NAMES, evaluation.HANDS.features),
}


def selfplay(game: int, seed: int, players: int, at_each) -> object:
    """Play game number `game` of `seed` between heuristic bots (characters rotating), calling
    `at_each(state, seq, starting)` before every decision (`starting`: the first decision of a
    turn, its discard); the state where it ended, or was cut off after 3,000 decisions."""
    pool = list(engine.CHARACTERS)
    setup_seed = f"fit-{seed}-{game}"
    state = engine.new_game({"seats": [{"character": pool[(game + i) % len(pool)]} for i in range(players)],
                             "seed": setup_seed})
    seq, turn = 0, None
    while not state.over and seq < 3000:
        at_each(state, seq, state.turn != turn)
        turn = state.turn
        prompt = engine.prompts(state)[0]
        view = engine.view(state, prompt.seat)
        state, _ = engine.apply(state, heuristic.decide(
            view, seed=decision_seed(secret=setup_seed, seq=seq, seat=prompt.seat)))
        seq += 1
    return state


def positions(game: int, seed: int, players: int, every: int, value: str = "margins",
              at: str = "every") -> list[tuple[list[float], int]]:
    """Rows of (features of a seat less its strongest opponent's, seat) through one game,
    labelled with whether the seat won; none when the game did not end."""
    features = VALUES[value][1]
    rows = []

    def record(state, seq, starting):
        if starting if at == "turns" else seq % every == 0:
            living = [i for i, s in enumerate(state.seats) if not s.out]
            for me in living:
                others = [i for i in living if i != me]
                if others:
                    opp = max(others, key=lambda i: strength(state.seats[i]))
                    rows.append(([a - b for a, b in zip(features(state, me), features(state, opp))], me))
    end = selfplay(game, seed, players, record)
    if not end.over:
        return []
    return [(x, int(me in end.winners)) for x, me in rows]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(rows, ridge: float = 1.0, steps: int = 25) -> list[float]:
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [ridge * wi for wi in w]
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in rows:
            p = 1 / (1 + math.exp(-max(-30, min(30, sum(wi * xi for wi, xi in zip(w, x))))))
            for i in range(k):
                grad[i] += (p - y) * x[i]
                pq = p * (1 - p) * x[i]
                for j in range(i, k):
                    hess[i][j] += pq * x[j]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def score(rows, w) -> tuple[float, float]:
    loss = hits = 0.0
    for x, y in rows:
        p = 1 / (1 + math.exp(-max(-30, min(30, sum(wi * xi for wi, xi in zip(w, x))))))
        p = min(max(p, 1e-9), 1 - 1e-9)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        hits += (p > 0.5) == bool(y)
    return loss / len(rows), hits / len(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--every", type=int, default=4, help="record every N-th decision")
    parser.add_argument("--value", choices=VALUES, default="margins", help="the features fitted")
    parser.add_argument("--at", choices=("every", "turns"), default="every",
                        help="record every --every-th decision, or each turn's start")
    args = parser.parse_args()
    train, test = [], []
    for g in range(args.games):
        (train if g % 2 == 0 else test).extend(positions(g, args.seed, args.players, args.every, args.value, args.at))
    w = fit(train)
    base_loss, base_acc = score(test, [0.0] * len(w))
    loss, acc = score(test, w)
    print(f"{len(train)} training rows, {len(test)} held out; held-out log-loss {loss:.4f} "
          f"(constant {base_loss:.4f}), accuracy {acc:.1%}")
    print("WEIGHTS = (" + ", ".join(f"{x:.4f}" for x in w) + ")")
    for name, x in zip(VALUES[args.value][0], w):
        print(f"  {name:<14} {x:+.4f}")


if __name__ == "__main__":
    main()
