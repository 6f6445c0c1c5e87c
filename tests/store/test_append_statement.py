"""The append statement runs two ways (games/store.py): as a prepared statement straight on
libpq (the hot path, and inside the locked path's transaction), and through a psycopg cursor
(`RDI_PREPARE_APPEND=false`, behind a pooler that cannot keep prepared statements). Both
must write the same rows: the events, the snapshots and the game row's projection."""
import random

import psycopg
import pytest
from django.db import connection

from games import appends, engine, store
from games.models import Game, GameEvent, GameSnapshot
from replay.verification import verify_game

from .conftest import pick, twin

pytestmark = pytest.mark.django_db(transaction=True)   # autocommit, as the service runs

SAME = ("seq", "kind", "seat", "actor", "payload", "state_hash", "idempotency_key")


def played(start_game, settings, *, prepared: bool, decisions: int = 9):
    """A game of people with a turn timer, `decisions` random decisions submitted hot, with a
    snapshot every 4 events; returns the game row."""
    settings.RDI_PREPARE_APPEND, settings.RDI_SNAPSHOT_EVERY = prepared, 4
    game, _ = start_game(turn_seconds=60)
    state, rng = twin(game), random.Random(4)
    for seq in range(decisions):
        decision = pick(state, rng)
        result = appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision,
                                          actor="user:1", expected_seq=seq, idempotency_key=f"k{seq}")
        state, _ = engine.apply(state, decision)
        assert result.state_hash == engine.state_hash(state)
    return Game.objects.get(pk=game.pk)


def rows(game):
    events = list(GameEvent.objects.filter(game_id=game.pk, seq__gt=0).order_by("seq").values(*SAME))
    snapshots = [(s.seq, s.rules_version, bytes(s.state), s.state_hash)
                 for s in GameSnapshot.objects.filter(game_id=game.pk).order_by("seq")]
    projection = (game.seq, game.state_hash, game.status, game.prompt_seats, game.winners, game.deadline is None)
    return events, snapshots, projection


def spy_on_libpq(monkeypatch) -> list:
    """The names `store.run_prepared` is called with while the test runs."""
    calls, run = [], store.run_prepared

    def spy(conn, name, sql, params):
        calls.append(name)
        return run(conn, name, sql, params)

    monkeypatch.setattr(store, "run_prepared", spy)
    return calls


def test_libpq_and_the_psycopg_cursor_write_the_same_rows(start_game, settings, monkeypatch):
    calls = spy_on_libpq(monkeypatch)
    through_cursor = played(start_game, settings, prepared=False)
    assert calls == [], "RDI_PREPARE_APPEND=false: every append went through a psycopg cursor"
    on_libpq = played(start_game, settings, prepared=True)
    assert len(calls) == 9 and b"rdi_append_1_1" in calls, "the hot path ran the prepared statements"
    a, b = rows(through_cursor), rows(on_libpq)
    assert a == b
    assert len(a[1]) == 2 and a[2][-1] is False, "two snapshots (binary bytes) and a deadline (a time) were written"
    for game in (through_cursor, on_libpq):
        assert verify_game(game.pk).ok
        assert abs((game.deadline - game.updated_at).total_seconds() - 60) < 5


def test_a_refused_key_on_libpq_is_psycopgs_integrity_error(start_game, settings):
    """The hot path relies on it: a unique index refusing a key must be `psycopg.IntegrityError`,
    which sends the decision to the locked path; here an actor's key used again."""
    game = played(start_game, settings, prepared=True, decisions=2)
    row = GameEvent.objects.get(game_id=game.pk, seq=2)
    event = store.NewEvent("decision", row.seat, "user:1", row.payload, game.state_hash, "k0")
    projection = {"status": "active", "prompt_seats": game.prompt_seats, "deadline": None, "winners": []}
    with pytest.raises(psycopg.IntegrityError):
        store.append_events(connection, game_id=game.pk, after_seq=game.seq, after_hash=game.last_hash,
                            events=[event], projection=projection, key=None)
    assert Game.objects.get(pk=game.pk).seq == game.seq, "nothing was written"


def test_a_session_that_lost_its_prepared_statements_prepares_them_again(start_game, settings):
    """DEALLOCATE ALL (or a pooler's DISCARD ALL) under a connection this process prepared
    on: the next append prepares again instead of failing on every append after it."""
    game = played(start_game, settings, prepared=True, decisions=2)
    connection.connection.execute("DEALLOCATE ALL")
    entry = store.cache.peek(game.pk, game.seq)
    decision = dict(engine.prompts(entry.state)[0].decisions[0])
    result = appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision, actor="user:1",
                                      expected_seq=game.seq)
    assert result.seq == game.seq + 1 and verify_game(game.pk).ok
