"""Fixtures of the event store and API tests: accounts with tokens, API clients, and a game
row with a hand-written event log for tests that must not depend on the engine."""
import itertools
import random

import pytest

from games import appends, engine, services, store


@pytest.fixture(autouse=True)
def _fresh_state_cache():
    store.cache.clear()
    yield
    store.cache.clear()


_names = itertools.count()


@pytest.fixture
def start_game(make_user):
    """start_game(characters, seed) -> (game, users): a started table of human seats."""
    def start(characters=("deirdre", "zot"), seed="5eed" * 16, turn_seconds=None):
        users = [make_user(f"player{next(_names)}") for _ in characters]
        table = services.table_create(owner=users[0], player_count=len(characters), turn_seconds=turn_seconds)
        for user, character in zip(users, characters):
            services.seat_take(table_id=table.pk, user=user, character=character)
        return services.table_start(table_id=table.pk, user=users[0], seed=seed), users
    return start


def twin(game, seed="5eed" * 16):
    """The engine's own fold of the game, kept beside the store's."""
    return engine.new_game({**game.setup, "seed": seed})


def pick(state, rng: random.Random) -> dict:
    """A random legal decision of whoever is prompted."""
    prompt = engine.prompts(state)[0]
    return dict(rng.choice(prompt.decisions))


def play(game, state, rng, steps=None):
    """Submit random legal decisions through the store, applying them to `state` too; returns
    the results. Stops after `steps` decisions or at the end."""
    results = []
    seq = game.seq
    while not state.over and (steps is None or len(results) < steps):
        decision = pick(state, rng)
        result = appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision,
                                          actor="test", expected_seq=seq)
        state, _ = engine.apply(state, decision)
        assert result.state_hash == engine.state_hash(state), f"store and engine differ at seq {result.seq}"
        results.append(result)
        seq = result.seq + (1 if result.over else 0)
    return results
