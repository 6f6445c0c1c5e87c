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

from games import engine

# Each mechanic's bot hints register with games/ai/hints.py as their module is imported: here,
# every one of them, before any bot decides (docs/ai.md "Bot hints beside each mechanic").
from games.ai import boss, events, mechanics, otto, rdi6, rdi8, tavern, teams  # noqa: F401
from games.ai import heuristic, mcts
from games.ai.common import Decision, decision_seed, rng_for
from games.ai.default import default_decision
from games.ai.policies import random_decision


def _random_decide(view: dict, *, seed: str) -> Decision:
    prompt = view["prompt"]
    return dict(random_decision(_Offer(prompt["decisions"], prompt.get("subsets") or []), rng_for(seed, "random")))


@dataclass(frozen=True)
class _Offer:
    decisions: list
    subsets: list


def _prompt_only(state, seat: int) -> dict:
    return {"prompt": engine.prompt_view(state, seat)}


@dataclass(frozen=True)
class Bot:
    name: str
    version: int
    decide: Callable[..., Decision]
    summary: str
    #: What the bot is shown: `engine.view`, or only as much of it as it reads (a bot table
    #: decides thousands of times a second, and the random bot reads nothing but its prompt).
    sees: Callable[..., dict] = engine.view

    @property
    def label(self) -> str:
        return f"{self.name}@{self.version}"

    @property
    def actor(self) -> str:
        """The event actor of this bot's decisions."""
        return f"ai:{self.label}"


BOTS: dict[str, Bot] = {
    "random": Bot("random", 1, _random_decide, "uniform over the legal decisions", sees=_prompt_only),
    "heuristic": Bot(heuristic.NAME, heuristic.VERSION, heuristic.decide, "rules of thumb (games/ai/heuristic.py)"),
    "mcts": Bot(mcts.NAME, mcts.VERSION, mcts.decide,
                "determinized Monte Carlo search with a leaf value of boosted trees fitted on self-play, "
                "weighing more discards than the heuristic's own, four times the rollouts at two seats "
                "(games/ai/mcts.py)"),
}
DEFAULT_BOT = "heuristic"


def get_bot(name: str) -> Bot:
    """A bot by name (``"mcts"``) or current label (``"mcts@13"``); ValueError for any other. A seat
    stores only its bot's name, so no game reaches an older version; one comes back from the git
    tag ``bots-before-lab`` for an experiment (lab/__init__.py)."""
    base, _, version = name.partition("@")
    bot = BOTS.get(base)
    if bot is None or (version and version != str(bot.version)):
        raise ValueError(f"Unknown bot {name!r}; choose one of {', '.join(b.label for b in BOTS.values())}.")
    return bot


__all__ = ["BOTS", "Bot", "DEFAULT_BOT", "decision_seed", "default_decision", "get_bot"]
