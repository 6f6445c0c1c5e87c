"""20 threads race on one game with the same expected_seq: exactly one decision lands, the
others get the conflict; seqs have no gaps and the chain verifies. Real Postgres, real locks."""
import random
import threading

import pytest
from django.db import connection

from games import appends
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
            outcomes[index] = appends.submit_decision(
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
        wins = [o for o in outcomes if isinstance(o, appends.DecisionResult)]
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
    assert all(isinstance(o, appends.DecisionResult) for o in outcomes), outcomes
    assert {(o.seq, o.state_hash, o.over) for o in outcomes} == {(1, outcomes[0].state_hash, outcomes[0].over)}
    assert sum(not o.replayed for o in outcomes) == 1
    assert GameEvent.objects.filter(game=game).count() == 2
    assert verify_game(game.pk).ok


def test_the_hot_path_plays_a_whole_game(start_game, settings):
    """Outside a test transaction commits happen, so the cached state and the one-statement
    compare-and-set append are used; the result is the engine's own fold."""
    from games import store
    from games.models import GameSnapshot
    from .conftest import play
    settings.RDI_SNAPSHOT_EVERY = 10
    game, _ = start_game(("deirdre", "zot", "gerki", "fiona"))
    state = twin(game)
    results = play(game, state, random.Random(21))
    assert results[-1].over and store.cache.clone(game.pk, results[-1].seq + 1, results[-1].state_hash) is not None
    game.refresh_from_db()
    assert game.status == "over" and GameSnapshot.objects.filter(game=game).count() == game.seq // 10
    assert verify_game(game.pk).ok


@pytest.mark.parametrize("expected", ["given", "omitted"])
def test_a_stale_cache_entry_never_wins(start_game, expected):
    """Another process appended meanwhile: this process's cached state is behind. The append
    must still land on the real latest state (fast-forward or compare-and-set miss)."""
    from games import engine, store
    game, _ = start_game()
    state = twin(game)
    rng = random.Random(5)
    results = []
    for _ in range(2):
        decision = pick(state, rng)
        results.append(appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision,
                                                 actor="test", expected_seq=len(results)))
        state, _ = engine.apply(state, decision)
        if len(results) == 1:
            stale = store.cache.take(game.pk)  # keep seq 1 aside; seq 2 goes the locked way
            stale = store.CachedState(stale.seq, stale.state_hash, stale.rules_version, engine.clone(stale.state),
                                      stale.last_hash, stale.turn_seconds, stale.human_seats)
    store.cache.clear()
    store.cache.put(game.pk, stale)
    decision = pick(state, rng)
    result = appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision, actor="test",
                                      expected_seq=2 if expected == "given" else None)
    state, _ = engine.apply(state, decision)
    assert (result.seq, result.state_hash) == (3, engine.state_hash(state))
    assert verify_game(game.pk).ok
