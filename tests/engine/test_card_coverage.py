"""Across the suite every card of every base deck is played (or, for Drinks, revealed).

Two sources count: the scenario files, which aim at each card on purpose, and a
fixed batch of seeded random games, which reach every deck's copy of the common
cards in the situations real play produces.
"""
import random

from games.engine import CARDS, CHARACTERS, apply, new_game, prompts
from games.engine.core.scenario import run_file

from .test_scenarios import FILES


def _random_games(count: int) -> set:
    used = set()
    for g in range(count):
        n = 2 + g % 7
        rng = random.Random(g)
        st = new_game({"seats": [{"character": CHARACTERS[(g + i) % 4]} for i in range(n)], "seed": f"cover{g}"})
        while not st.over:
            _, fx = apply(st, rng.choice(prompts(st)[0].decisions))
            used.update(st.cards[e["card"]] for e in fx if e["type"] in ("played", "revealed"))
    return used


def test_every_card_of_every_deck_is_played_somewhere_in_the_suite():
    used = _random_games(120)
    for f in FILES:
        used |= run_file(f).used
    in_decks = {key for key, c in CARDS.items() if c.quantity > 0}
    missing = sorted(in_decks - used)
    assert not missing, f"{len(missing)} cards never played or revealed: {missing}"
