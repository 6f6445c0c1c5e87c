"""Search variants for experiments: today's search (games/ai/mcts.py) with other settings.

Each is ``mcts.searcher`` with a ``mcts.Settings`` and plays wherever a lab script takes a bot
label (``--search``): ``get`` knows today's bots by name or label, then these by name. Three
decide exactly as an older version did, since everything else they used is today's (the
heuristic@9 they rank and roll out with among it; tests/lab/test_variants.py pins their
decisions to the hashes the older versions had):

- ``flat-budget``: mcts@12, today's search without the fourfold budget at two seats;
- ``hands-value``: mcts@11, judging with the logistic value that reads the hands;
- ``margins-value``: mcts@10, judging with the logistic value of margins and Gold after
  ``ROLLOUT_DEPTH`` decisions.

Two more change one thing of today's search:

- ``heuristic-discard``: weighing only the heuristic's discard (as mcts@7 and older did);
- ``handmade-value``: judging with mcts@4's hand-made value after mcts@4's 30 decisions.

mcts@4 to mcts@9 themselves rolled out with older heuristics, which are not kept here: they come
back from the tag ``bots-before-lab`` (lab/__init__.py).
"""
from __future__ import annotations

from dataclasses import replace

from games.ai import Bot, get_bot, mcts
from lab.evaluation import HANDS, handmade, win_chance

#: Decisions a rollout of mcts@5 to mcts@10 played before the leaf value judged it: the fitted
#: value reads a position well enough that half of mcts@4's 30 decisions do, and rollouts cost half.
ROLLOUT_DEPTH = 16

_FLAT = replace(mcts.SETTINGS, budget=lambda seats: 1.0)
SETTINGS: dict[str, mcts.Settings] = {
    "flat-budget": _FLAT,
    "hands-value": replace(_FLAT, value=HANDS),
    "margins-value": replace(_FLAT, value=win_chance, depth=ROLLOUT_DEPTH, turns=0),
    "heuristic-discard": replace(mcts.SETTINGS, other_discards=False),
    "handmade-value": replace(mcts.SETTINGS, value=handmade, depth=30, turns=0),
}

VARIANTS: dict[str, Bot] = {
    name: Bot(name, 0, mcts.searcher(settings), f"today's search with {name} settings (lab/variants.py)")
    for name, settings in SETTINGS.items()}


def get(label: str) -> Bot:
    """Today's bot by name or label (``games.ai.get_bot``), else a variant by name; ValueError
    for anything else."""
    if label in VARIANTS:
        return VARIANTS[label]
    try:
        return get_bot(label)
    except ValueError:
        raise ValueError(f"Unknown bot {label!r}; choose one of random, heuristic, mcts or a lab variant: "
                         f"{', '.join(VARIANTS)}.") from None
