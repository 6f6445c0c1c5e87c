"""Idempotency keys are scoped to the actor: a retry gets its own first result back, another
actor's key is an unknown key (it can neither be taken away from its owner nor tell anyone
who used it), and the database holds (game, actor, key) unique."""
import random

import psycopg
import pytest
from django.db import connection, transaction

from games import appends, engine, selectors, store
from games.models import Game, GameEvent

from .conftest import pick, twin

pytestmark = pytest.mark.django_db


def _asked(game_id: int) -> int:
    state = selectors.game_state(game=Game.objects.get(pk=game_id))
    return engine.prompts(state)[0].seat


def _post(api, game_id, body):
    return api.post(f"/api/games/{game_id}/decisions/", body, format="json")


def test_another_actors_key_is_an_unknown_key(start_game):
    game, _ = start_game()
    state = twin(game)
    first = pick(state, random.Random(1))
    appends.submit_decision(game_id=game.pk, seat=first["seat"], decision=first, actor="user:1",
                             expected_seq=0, idempotency_key="shared")
    state, _ = engine.apply(state, first)
    second = pick(state, random.Random(2))
    result = appends.submit_decision(game_id=game.pk, seat=second["seat"], decision=second, actor="user:2",
                                      expected_seq=1, idempotency_key="shared")
    assert not result.replayed and result.seq == 2
    rows = list(GameEvent.objects.filter(game=game, idempotency_key="shared").values_list("seq", "actor"))
    assert rows == [(1, "user:1"), (2, "user:2")]
    again = appends.submit_decision(game_id=game.pk, seat=second["seat"], decision=second, actor="user:2",
                                     expected_seq=1, idempotency_key="shared")
    assert again.replayed and again.seq == 2


def test_the_database_refuses_a_second_key_of_one_actor_only(start_game):
    game, _ = start_game()
    state = twin(game)
    decision = pick(state, random.Random(1))
    result = appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision, actor="user:1",
                                      expected_seq=0, idempotency_key="k")
    row = Game.objects.get(pk=game.pk)
    projection = {"status": "active", "prompt_seats": row.prompt_seats, "deadline": None, "winners": []}

    def append(actor):
        event = store.NewEvent("autopass_changed", 0, actor, {"seat": 0, "mode": "off"}, result.state_hash, "k")
        with transaction.atomic(), connection.cursor() as cursor:
            current = Game.objects.get(pk=game.pk)
            return store.append_events(cursor.db, game_id=game.pk, after_seq=current.seq, after_hash=current.last_hash,
                                       events=[event], projection=projection, key=None)

    with pytest.raises(psycopg.IntegrityError):
        append("user:1")
    assert append("user:2") is not None


def test_a_guessed_key_answers_exactly_like_an_unknown_key(start_game, api_for):
    """The oracle: a key another seat used at seq s, tried with a stale seq, used to answer
    `idempotency_key_reused` and so told who made a redacted decision."""
    game, users = start_game()
    seat = _asked(game.pk)
    me, other = api_for(users[1 - seat]), api_for(users[seat])
    decision = selectors.game_detail(game=game, seat=seat)["view"]["prompt"]["decisions"][0]
    assert _post(other, game.pk, {"expected_seq": 0, "idempotency_key": f"ai:0:{seat}",
                                  "decision": decision}).status_code == 201
    for body in ({"expected_seq": 0, "decision": {"type": "pass"}},                # a stale seq
                 {"expected_seq": 1, "decision": {"type": "summon_dragon"}}):    # an illegal decision
        guessed = _post(me, game.pk, {**body, "idempotency_key": f"ai:0:{seat}"})
        unknown = _post(me, game.pk, {**body, "idempotency_key": "never-seen"})
        assert guessed.status_code == unknown.status_code and guessed.status_code in (400, 409)
        assert guessed.json() == unknown.json()


def test_a_retry_on_the_hot_path_at_the_next_seq_gets_its_first_result(start_game,
                                                                       django_capture_on_commit_callbacks):
    """The hot path looks up no key: the (game, actor, key) index refuses the retry's row and
    the locked path answers with the first result."""
    game, _ = start_game()
    state = twin(game)
    rng = random.Random(1)
    first = pick(state, rng)
    with django_capture_on_commit_callbacks(execute=True):   # the commit fills the cache
        result = appends.submit_decision(game_id=game.pk, seat=first["seat"], decision=first, actor="user:1",
                                          expected_seq=0, idempotency_key="k")
    state, _ = engine.apply(state, first)
    later = pick(state, rng)
    assert later["seat"] == first["seat"], "the test needs the same seat asked twice"
    assert store.cache.peek(game.pk, 1) is not None, "the test needs the hot path"
    again = appends.submit_decision(game_id=game.pk, seat=later["seat"], decision=later, actor="user:1",
                                     expected_seq=1, idempotency_key="k")
    assert again.replayed and (again.seq, again.state_hash) == (result.seq, result.state_hash)
    assert GameEvent.objects.filter(game=game).count() == 2
