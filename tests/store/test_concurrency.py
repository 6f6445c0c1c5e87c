"""20 threads race on one game with the same expected_seq: exactly one decision lands, the
others get the conflict; seqs have no gaps and the chain verifies. Real Postgres, real locks."""
import random
import threading

import pytest
from django.db import connection

from games import services
from games.errors import Conflict
from games.models import GameEvent
from replay.verification import verify_game

from .conftest import pick, twin

pytestmark = pytest.mark.django_db(transaction=True)
THREADS = 20


def _race(game_id, decision, expected_seq, keys):
    barrier = threading.Barrier(len(keys))
    outcomes = [None] * len(keys)

    def worker(index):
        try:
            barrier.wait()
            outcomes[index] = services.submit_decision(
                game_id=game_id, seat=decision["seat"], decision=decision, actor="test",
                expected_seq=expected_seq, idempotency_key=keys[index])
        except Conflict as exc:
            outcomes[index] = exc
        except Exception as exc:  # noqa: BLE001 - reported by the assertions
            outcomes[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(keys))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return outcomes


def test_twenty_writers_one_winner(start_game):
    game, _ = start_game()
    state = twin(game)
    rng = random.Random(11)
    seq = 0
    for _ in range(3):  # three rounds, each a 20-way race on the current seq
        decision = pick(state, rng)
        outcomes = _race(game.pk, decision, seq, [None] * THREADS)
        wins = [o for o in outcomes if isinstance(o, services.DecisionResult)]
        conflicts = [o for o in outcomes if isinstance(o, Conflict)]
        assert len(wins) == 1, outcomes
        assert len(conflicts) == THREADS - 1 and {c.code for c in conflicts} == {"stale_seq"}
        assert wins[0].seq == seq + 1
        seq = wins[0].seq
        from games import engine
        state, _ = engine.apply(state, decision)
    seqs = list(GameEvent.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(seq + 1))
    assert verify_game(game.pk).ok


def test_twenty_retries_with_one_idempotency_key_append_once(start_game):
    game, _ = start_game()
    state = twin(game)
    decision = pick(state, random.Random(12))
    outcomes = _race(game.pk, decision, 0, ["same-key"] * THREADS)
    assert all(isinstance(o, services.DecisionResult) for o in outcomes), outcomes
    assert {(o.seq, o.state_hash, o.over) for o in outcomes} == {(1, outcomes[0].state_hash, outcomes[0].over)}
    assert sum(not o.replayed for o in outcomes) == 1
    assert GameEvent.objects.filter(game=game).count() == 2
    assert verify_game(game.pk).ok
