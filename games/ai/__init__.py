"""AI seats: bots that decide from one seat's view (docs/ai.md). Pure Python, no Django.

    >>> from games.ai import get_bot
    >>> bot = get_bot("heuristic")
    >>> bot.actor
    'ai:heuristic@9'

Every bot is ``decide(view, seed=...) -> decision`` where ``view = engine.view(state, seat)``
(the seat being asked) and ``seed`` comes from ``decision_seed(secret=<the game's secret seed>, seq=..., seat=...)``;
the same view and seed always give the same decision. ``BOTS`` maps a name to its bot.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from games.ai import heuristic, mcts
from games.ai.common import Decision, decision_seed, rng_for
from games.ai.default import default_decision


def _random_decide(view: dict, *, seed: str) -> Decision:
    from games.simulation import random_decision
    prompt = view["prompt"]
    return dict(random_decision(_Offer(prompt["decisions"], prompt.get("subsets") or []), rng_for(seed, "random")))


@dataclass(frozen=True)
class _Offer:
    decisions: list
    subsets: list


@dataclass(frozen=True)
class Bot:
    name: str
    version: int
    decide: Callable[..., Decision]
    summary: str

    @property
    def label(self) -> str:
        return f"{self.name}@{self.version}"

    @property
    def actor(self) -> str:
        """The event actor of this bot's decisions."""
        return f"ai:{self.label}"


BOTS: dict[str, Bot] = {
    "random": Bot("random", 1, _random_decide, "uniform over the legal decisions"),
    "heuristic": Bot(heuristic.NAME, heuristic.VERSION, heuristic.decide, "rules of thumb (games/ai/heuristic.py)"),
    "mcts": Bot(mcts.NAME, mcts.VERSION, mcts.decide,
                "determinized Monte Carlo search with a leaf value of boosted trees fitted on self-play, "
                "weighing more discards than the heuristic's own, four times the rollouts at two seats "
                "(games/ai/mcts.py)"),
}
DEFAULT_BOT = "heuristic"
#: Earlier versions still playable by label: recorded games name the version that decided.
OLDER: dict[str, Bot] = {
    "mcts@12": Bot("mcts", 12, mcts.decide_v12,
                   "determinized search, a leaf value of boosted trees, the same budget at every table "
                   "(games/ai/mcts.py)"),
    "mcts@11": Bot("mcts", 11, mcts.decide_v11,
                   "determinized search, a logistic leaf value that reads the hands (games/ai/mcts.py)"),
    "mcts@10": Bot("mcts", 10, mcts.decide_v10,
                   "determinized search, a leaf value of margins and Gold after 16 decisions (games/ai/mcts.py)"),
    "mcts@9": Bot("mcts", 9, mcts.decide_v9, "determinized search rolling out with heuristic@8 (games/ai/mcts.py)"),
    "heuristic@8": Bot("heuristic", 8, heuristic.decide_v8,
                       "rules of thumb, heals kept for the last chance (games/ai/heuristic.py)"),
    "mcts@8": Bot("mcts", 8, mcts.decide_v8, "determinized search rolling out with heuristic@7 (games/ai/mcts.py)"),
    "heuristic@7": Bot("heuristic", 7, heuristic.decide_v7,
                       "rules of thumb, the keep-worths before self-play tuning (games/ai/heuristic.py)"),
    "mcts@7": Bot("mcts", 7, mcts.decide_v7, "determinized search weighing only the heuristic's discard (games/ai/mcts.py)"),
    "heuristic@6": Bot("heuristic", 6, heuristic.decide_v6,
                       "rules of thumb, a stacked card's numbers read from its bare frame (games/ai/heuristic.py)"),
    "mcts@6": Bot("mcts", 6, mcts.decide_v6, "determinized search rolling out with heuristic@6 (games/ai/mcts.py)"),
    "heuristic@5": Bot("heuristic", 5, heuristic.decide_v5, "rules of thumb, the untuned margin curve (games/ai/heuristic.py)"),
    "mcts@5": Bot("mcts", 5, mcts.decide_v5, "determinized search rolling out with heuristic@5 (games/ai/mcts.py)"),
    "mcts@4": Bot("mcts", 4, mcts.decide_v4, "determinized search, hand-made leaf value (games/ai/mcts.py)"),
}


def get_bot(name: str) -> Bot:
    """A bot by name (``"mcts"``) or label (``"mcts@5"``, or an older one in ``OLDER``); ValueError for an
    unknown one."""
    if name in OLDER:
        return OLDER[name]
    base, _, version = name.partition("@")
    bot = BOTS.get(base)
    if bot is None or (version and version != str(bot.version)):
        raise ValueError(f"Unknown bot {name!r}; choose one of {', '.join(b.label for b in BOTS.values())}.")
    return bot


__all__ = ["BOTS", "Bot", "OLDER", "DEFAULT_BOT", "decision_seed", "default_decision", "get_bot"]
