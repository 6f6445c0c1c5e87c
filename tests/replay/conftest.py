"""Games for the replay tests, played to the end through `submit_decision` (so snapshots and
the hash chain are exactly what a real game writes)."""
import random

import pytest
from django.test import Client

from games import appends, engine, selectors, services, store
from replay import frames


@pytest.fixture(autouse=True)
def _fresh_caches():
    store.cache.clear()
    frames.clear_caches()
    yield
    store.cache.clear()
    frames.clear_caches()


def make_user(django_user_model, name, **extra):
    return django_user_model.objects.create_user(username=name, password="a long enough password 1", **extra)


def client_for(user=None) -> Client:
    """A test client, logged in as `user` when given (anonymous otherwise)."""
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def play(game, *, rng_seed=1, steps=None):
    """Random legal decisions through the service until the game ends (or `steps` run out)."""
    rng = random.Random(rng_seed)
    n = 0
    while steps is None or n < steps:
        game.refresh_from_db()
        if game.status == "over":
            break
        state = selectors.game_state(game=game)
        prompt = engine.prompts(state)[0]
        decision = rng.choice(prompt.decisions)
        appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=decision,
                                 actor="ai:random@1" if prompt.seat else f"user:{game.table.owner_id}",
                                 expected_seq=game.seq)
        n += 1
    game.refresh_from_db()
    return game


def start_game(owner, other, characters=("zot", "fiona", "gerki"), seed="ab" * 32):
    table = services.table_create(owner=owner, player_count=len(characters), turn_seconds=None)
    services.seat_take(table_id=table.pk, user=owner, character=characters[0])
    services.seat_take(table_id=table.pk, user=other, character=characters[1])
    for c in characters[2:]:
        services.seat_take(table_id=table.pk, user=owner, character=c, ai=True)
    return services.table_start(table_id=table.pk, user=owner, seed=seed)


@pytest.fixture
def players(django_user_model):
    return make_user(django_user_model, "ana"), make_user(django_user_model, "bob")


@pytest.fixture
def finished_game(players):
    return play(start_game(*players))
