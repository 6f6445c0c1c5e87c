"""submit_decision: the fold through the store equals the engine's own fold; stale seqs,
idempotency keys, illegal decisions; snapshots; verification names a tampered seq."""
import random

import pytest
from django.db import connection

from games import appends, chain, engine, selectors, services, store
from games.errors import Conflict, Illegal, IntegrityFailure
from games.models import Game, GameEvent, GameSeed, GameSnapshot
from replay.verification import verify_game
from tests.owner import owner_role

from .conftest import pick, play, twin

pytestmark = pytest.mark.django_db
SEED = "5eed" * 16


@pytest.fixture(autouse=True)
def _small_snapshots(settings):
    settings.RDI_SNAPSHOT_EVERY = 10


def test_fold_through_the_store_equals_the_engine_fold(start_game):
    game, _ = start_game(("deirdre", "zot", "gerki"))
    state = twin(game)
    results = play(game, state, random.Random(7))
    assert state.over and results[-1].over
    game.refresh_from_db()
    events = list(GameEvent.objects.filter(game=game).order_by("seq"))
    assert [e.seq for e in events] == list(range(len(events)))
    assert events[0].kind == "game_created" and "seed" not in events[0].payload["setup"]
    assert events[0].payload["seed_sha256"] == store.seed_commitment(SEED)
    assert events[-1].kind == "game_ended" and events[-1].payload["seed"] == SEED
    assert events[-1].payload["winners"] == list(state.winners) == game.winners
    assert game.status == "over" and game.seq == events[-1].seq and game.prompt_seats == []
    assert GameSnapshot.objects.filter(game=game).count() == game.seq // 10
    check = verify_game(game.pk)
    assert check.ok and check.seed_revealed and check.first_bad_seq is None, check


def test_loading_from_a_snapshot_equals_the_full_fold(start_game):
    game, _ = start_game()
    state = twin(game)
    play(game, state, random.Random(3), steps=25)
    game.refresh_from_db()
    store.cache.clear()
    with connection.cursor() as cursor:
        loaded = store.load_state(cursor, game_id=game.pk, seq=game.seq, expected_hash=game.state_hash)
        full = store.load_state(cursor, game_id=game.pk, seq=game.seq, expected_hash=game.state_hash,
                                use_snapshot=False)
    assert engine.state_hash(loaded) == engine.state_hash(full) == engine.state_hash(state)


def test_a_snapshot_that_disagrees_is_discarded_and_rebuilt(start_game):
    game, _ = start_game()
    state = twin(game)
    play(game, state, random.Random(3), steps=25)
    game.refresh_from_db()
    snapshot = GameSnapshot.objects.filter(game=game).order_by("-seq").first()
    other = twin(game, seed="0" * 64)  # a different state, same shape
    with owner_role():   # the service role may not edit a snapshot
        GameSnapshot.objects.filter(pk=snapshot.pk).update(state=engine.dump_state(other))
    store.cache.clear()
    loaded = selectors.game_state(game=game)
    assert engine.state_hash(loaded) == engine.state_hash(state)
    assert not GameSnapshot.objects.filter(pk=snapshot.pk).exists()
    rebuilt = GameSnapshot.objects.get(game=game, seq=game.seq)
    assert rebuilt.state_hash == game.state_hash
    assert engine.state_hash(engine.load_state(bytes(rebuilt.state))) == game.state_hash
    # and play goes on from the rebuilt state
    play(game, state, random.Random(4), steps=3)


def test_stale_expected_seq_is_a_conflict_and_appends_nothing(start_game):
    game, _ = start_game()
    state = twin(game)
    decision = pick(state, random.Random(1))
    appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision, actor="test", expected_seq=0)
    with pytest.raises(Conflict) as raised:
        appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision, actor="test",
                                 expected_seq=0)
    assert raised.value.code == "stale_seq" and raised.value.status == 409
    assert GameEvent.objects.filter(game=game).count() == 2


def test_the_same_idempotency_key_returns_the_first_result(start_game):
    game, _ = start_game()
    state = twin(game)
    decision = pick(state, random.Random(1))
    first = appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision, actor="test",
                                     expected_seq=0, idempotency_key="k-1")
    again = appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision, actor="test",
                                     expected_seq=0, idempotency_key="k-1")
    assert (again.game, again.seq, again.state_hash, again.over) == (first.game, first.seq, first.state_hash,
                                                                      first.over)
    assert again.replayed and not first.replayed
    assert GameEvent.objects.filter(game=game).count() == 2
    with pytest.raises(Conflict) as raised:
        appends.submit_decision(game_id=game.pk, seat=1 - decision["seat"], decision=decision, actor="test",
                                 expected_seq=1, idempotency_key="k-1")
    assert raised.value.code == "idempotency_key_reused"


def test_illegal_decisions_carry_the_engine_code(start_game):
    game, _ = start_game()
    state = twin(game)
    decision = pick(state, random.Random(1))
    other = 1 - decision["seat"]
    with pytest.raises(Illegal) as raised:
        appends.submit_decision(game_id=game.pk, seat=other, decision=decision, actor="test", expected_seq=0)
    assert raised.value.code == "not_your_turn"
    with pytest.raises(Illegal) as raised:
        appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision={"type": "fly"}, actor="test",
                                 expected_seq=0)
    assert raised.value.code in {"illegal_decision", "malformed_decision"}
    assert GameEvent.objects.filter(game=game).count() == 1
    # the state used for the refused decisions was not kept: the legal one still applies
    appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision, actor="test", expected_seq=0)


def test_a_finished_game_takes_no_more_decisions(start_game):
    game, _ = start_game()
    state = twin(game)
    play(game, state, random.Random(2))
    with pytest.raises(Illegal) as raised:
        appends.submit_decision(game_id=game.pk, seat=0, decision={"type": "pass"}, actor="test")
    assert raised.value.code == "game_over"


def _tamper(sql, params):
    with owner_role(), connection.cursor() as cursor:   # only the owner may touch the trigger
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # no pending FK checks, or ALTER TABLE refuses
        cursor.execute("ALTER TABLE games_event DISABLE TRIGGER games_event_append_only")
        cursor.execute(sql, params)
        cursor.execute("ALTER TABLE games_event ENABLE TRIGGER games_event_append_only")


def test_verify_names_a_payload_altered_behind_the_triggers_back(start_game):
    game, _ = start_game()
    state = twin(game)
    play(game, state, random.Random(5), steps=12)
    assert verify_game(game.pk).ok
    _tamper("UPDATE games_event SET payload = jsonb_set(payload, '{type}', '\"forged\"') WHERE game_id = %s AND seq = 7",
            [game.pk])
    check = verify_game(game.pk)
    assert not check.ok and check.first_bad_seq == 7 and "altered" in check.problem


def test_verify_names_a_rehashed_forgery_by_its_state(start_game):
    """Someone who also recomputes the chain (with the seed, and so the chain key, read from
    the database) is still caught by the re-fold."""
    game, _ = start_game()
    key = chain.key_for(game.chain, GameSeed.objects.get(game=game).seed)
    state = twin(game)
    play(game, state, random.Random(5), steps=12)
    events = selectors.events_raw(game_id=game.pk)
    forged = events[5]
    forged_state_hash = "f" * 64
    prev = forged["prev_hash"]
    for e in events[5:]:
        state_hash = forged_state_hash if e["seq"] == 5 else e["state_hash"]
        canonical = store.canonical_event(game_id=game.pk, seq=e["seq"], kind=e["kind"], seat=e["seat"],
                                          actor=e["actor"], payload=e["payload"], at=e["at"], state_hash=state_hash)
        digest = store.chain_hash(prev, canonical, key)
        _tamper("UPDATE games_event SET state_hash = %s, prev_hash = %s, hash = %s WHERE game_id = %s AND seq = %s",
                [state_hash, prev, digest, game.pk, e["seq"]])
        prev = digest
    Game.objects.filter(pk=game.pk).update(last_hash=prev)
    check = verify_game(game.pk)
    assert not check.ok and check.first_bad_seq == 5 and "state hash" in check.problem


def test_a_damaged_log_is_an_integrity_failure_not_a_wrong_state(start_game):
    game, _ = start_game()
    state = twin(game)
    play(game, state, random.Random(5), steps=4)
    _tamper("UPDATE games_event SET payload = %s::jsonb WHERE game_id = %s AND seq = 2",
            ['{"seat": 0, "type": "forged"}', game.pk])
    store.cache.clear()
    game.refresh_from_db()
    with pytest.raises(IntegrityFailure):
        selectors.game_state(game=game)


def test_the_cache_fast_forwards_a_stale_entry(start_game):
    game, _ = start_game()
    state = twin(game)
    play(game, state, random.Random(6), steps=3)
    game.refresh_from_db()
    old = selectors.game_state(game=game)  # a state at seq 3
    store.cache.put(game.pk, store.CachedState(game.seq, game.state_hash, store.rules_version(), old))
    # another process appends: simulate by dropping this process's knowledge of the newer seqs
    play(game, state, random.Random(8), steps=2)
    store.cache.clear()
    store.cache.put(game.pk, store.CachedState(3, engine.state_hash(old), store.rules_version(), old))
    game.refresh_from_db()
    with connection.cursor() as cursor:
        fresh = store.state_for_write(cursor, game_id=game.pk, seq=game.seq, expected_hash=game.state_hash)
    assert engine.state_hash(fresh) == engine.state_hash(state)


def test_the_verify_game_command(start_game):
    from django.core.management import CommandError, call_command
    from io import StringIO
    game, _ = start_game()
    state = twin(game)
    play(game, state, random.Random(9))
    out = StringIO()
    call_command("verify_game", game.pk, stdout=out)
    assert f"game {game.pk}: OK" in out.getvalue() and "seed revealed" in out.getvalue()
    _tamper("UPDATE games_event SET actor = 'forged' WHERE game_id = %s AND seq = 3", [game.pk])
    out = StringIO()
    with pytest.raises(CommandError, match="1 of 1 games failed"):
        call_command("verify_game", game.pk, stdout=out)
    assert "FAILED first bad seq 3" in out.getvalue()
    with pytest.raises(CommandError, match="There is no game"):
        call_command("verify_game", 987654321)


def test_a_player_who_ends_the_game_on_a_seat_a_bot_took_over_gets_the_result(start_game,
                                                                             django_capture_on_commit_callbacks):
    """Acting on a seat a bot took over gives the seat back after the commit; when that very
    decision ends the game, nothing about the seats may change any more, so the decision's
    result comes back and no seat event follows (it used to raise game_over after the commit)."""
    game, users = start_game()
    rng = random.Random(4)
    while True:
        game.refresh_from_db()
        state = selectors.game_state(game=game)
        prompt = engine.prompts(state)[0]
        ending = [d for d in prompt.decisions if engine.apply(engine.clone(state), dict(d))[0].over]
        if ending:
            break
        appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=pick(state, rng),
                                 actor=f"user:{users[prompt.seat].pk}", expected_seq=game.seq)
    services.seat_control_change(game_id=game.pk, seat=prompt.seat, to="bot", reason="timeouts", actor="server")
    game.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        result = appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=ending[0],
                                           actor=f"user:{users[prompt.seat].pk}", expected_seq=game.seq)
    assert result.over
    game.refresh_from_db()
    assert game.status == Game.Status.OVER
    assert GameEvent.objects.filter(game=game).order_by("-seq").first().kind == "game_ended"
