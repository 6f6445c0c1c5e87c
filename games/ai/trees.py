"""The value of mcts@13: boosted decision trees over both seats' features, fitted on self-play.

A logistic model over the *difference* between the seat's features and its strongest
opponent's (mcts@11's, lab/evaluation.py) counts every feature the same whatever the
rest of the position: a saver in hand is worth as much at twenty Fortitude as at one. The trees
read both seats' features side by side, so what a card, a Drink waiting or a point of margin is
worth can depend on the margins (on the turn starts of 24,000 held-out heuristic games the
log-loss falls from mcts@11's 0.617 to 0.603; docs/lab/ai-notes.md "mcts@12").

A model is a JSON file written by ``lab/fit_trees.py`` (scikit-learn's histogram gradient
boosting, walked here in pure Python): the names of the features it reads (``seat_features``:
``features``'s numbers, the hand by kind and by effect word, the character, whose turn it is,
and the Drinks in the seat's Drink Me! pile, which a search's sample has dealt), the trees, and
the command that fitted it. A feature the model does not name is ignored; one it names that a
seat lacks (an expansion's effect word, another character) reads as 0.
"""
from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path

from games import engine
from games.ai.evaluation import KINDS, NAMES, features, judge, sigmoid

MODEL = Path(__file__).with_name("data") / "value-trees.json"


def seat_features(state, i: int) -> dict[str, float]:
    """Seat i's numbers by name, as the trees read them."""
    seat = state.seats[i]
    cards = engine.content_of(state.content).cards
    out = dict(zip(NAMES, features(seat)))
    effects: dict[str, int] = {}
    for cid in seat.hand:
        effect = cards[state.cards[cid]].effect or "plain"
        effects[effect] = effects.get(effect, 0) + 1
    for kind, words in KINDS.items():
        out[kind] = sum(effects.get(w, 0) for w in words)
    for effect, n in effects.items():
        out[f"effect:{effect}"] = n
    out[f"character:{seat.character}"] = 1
    out["active"] = 1 if state.active == i else 0
    out["fortitude"] = seat.fortitude
    # The pile is face down at the table but dealt in a search's sample: the Drinks the seat
    # will drink next are what its margin is about to lose (the top is the pile's end).
    drinks = [cards[state.cards[cid]] for cid in seat.drink_me]
    out["drink_me_alcohol"] = sum(d.facts.alcohol for d in drinks)
    out["drink_me_top_alcohol"] = drinks[-1].facts.alcohol if drinks else 0
    out["drink_me_fortitude"] = sum(d.facts.fortitude for d in drinks)
    return out


def vector(named: dict[str, float], names: list[str]) -> list[float]:
    """A seat's named features in the order `names` gives, 0 for a name the seat lacks."""
    return [named.get(n, 0) for n in names]


class Model:
    """A model file's content: the features it reads (a seat's, then its opponent's), the trees
    as (feature, threshold, left, right, value) lists per node (feature -1 at a leaf), and the
    command that fitted it."""

    def __init__(self, data: dict):
        self.features: list[str] = data["features"]
        self.base: float = data["base"]
        self.fitted: str = data["fitted"]
        # One tuple of parallel lists per tree: the walk is then plain list indexing.
        self.walk = [tuple(map(list, zip(*tree))) for tree in data["trees"]]

    def raw(self, row: list[float]) -> float:
        """The log-odds the trees give for a row of both seats' features."""
        total = self.base
        for feature, threshold, left, right, value in self.walk:
            node = 0
            while feature[node] >= 0:
                node = left[node] if row[feature[node]] <= threshold[node] else right[node]
            total += value[node]
        return total

    def chance(self, mine: dict, theirs: dict) -> float:
        """The chance of the seat whose features are `mine` against `theirs`, both orders averaged."""
        a, b = vector(mine, self.features), vector(theirs, self.features)
        return (sigmoid(self.raw(a + b)) + 1 - sigmoid(self.raw(b + a))) / 2


class Trees:
    """The chance the seat wins, read from a whole state by a model file's trees: the seat (its
    team's strongest) against its strongest opponent, so that in a two-seat game the two seats'
    chances add up to one."""

    def __init__(self, path: Path = MODEL):
        self.path = path

    @cached_property
    def model(self) -> Model:
        """Read on first use: a process that never searches never reads the file."""
        with open(self.path) as f:
            return Model(json.load(f))

    @property
    def fitted(self) -> str:
        return self.model.fitted

    def __call__(self, state, me: int) -> float:
        return judge(state, me, lambda mine, theirs: self.model.chance(
            seat_features(state, mine), seat_features(state, theirs)))


#: mcts@13's value (lab/fit_trees.py; the command and its held-out score in `TREES.fitted`).
TREES = Trees()
