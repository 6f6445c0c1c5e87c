"""A clone shares `cards` and `owner` with its source (state.clone): that is only sound while
nothing after `new_game` changes them, which this checks over random games of every kind."""
import random

import pytest

from games import engine
from games.simulation import make_setup


@pytest.mark.parametrize("variant,players", [("base", 3), ("base", 6), ("two-headed-dragon", 4)])
def test_no_decision_changes_what_a_card_instance_is_or_who_owns_it(variant, players):
    for game in range(4):
        rng = random.Random(game)
        state = engine.new_game(make_setup(players, f"{game:032x}", variant=variant))
        cards, owner = list(state.cards), list(state.owner)
        for _ in range(600):
            prompts = engine.prompts(state)
            if not prompts:
                break
            before = state
            state, _ = engine.apply(state, rng.choice(prompts[0].decisions))
            assert state.cards is before.cards and state.owner is before.owner   # shared, not copied
            assert state.cards == cards and state.owner == owner
        other = engine.clone(state)
        other.seats[0].hand.append(-1)                 # a clone's own data is still its own
        assert -1 not in state.seats[0].hand
