"""Auto-pass choices and taking a seat back, without a worker: the service functions the
tasks call, step by step."""
import random
from datetime import datetime, timedelta, timezone

import pytest

from games import appends, engine, services, timers
from games.models import GameEvent, Seat
from replay.verification import verify_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def two_players(django_user_model):
    users = [django_user_model.objects.create_user(username=f"u{i}", password="a long enough password 1")
             for i in range(2)]
    table = services.table_create(owner=users[0], player_count=2, turn_seconds=30, window_seconds=10)
    for user, character in zip(users, ("deirdre", "gerki")):
        services.seat_take(table_id=table.pk, user=user, character=character)
    game = services.table_start(table_id=table.pk, user=users[0], seed="auto-seed")
    return game, users


def _play_until(game, users, want, rng):
    state = engine.new_game({**game.setup, "seed": "auto-seed"})
    seq = game.seq
    for _ in range(2000):
        prompt = engine.prompts(state)[0]
        if want(prompt, state):
            return state, seq
        decision = rng.choice(prompt.decisions)
        result = appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=decision,
                                          actor=f"user:{users[prompt.seat].pk}", expected_seq=seq)
        state, _ = engine.apply(state, decision)
        seq = result.seq
    raise AssertionError("no such prompt")


def test_autopass_windows_passes_for_the_player(two_players):
    game, users = two_players
    seq = services.autopass_set(game_id=game.pk, seat=1, mode="windows", actor=f"user:{users[1].pk}")
    assert GameEvent.objects.get(game_id=game.pk, seq=seq).payload == {"seat": 1, "mode": "windows"}
    assert services.autopass_set(game_id=game.pk, seat=1, mode="windows", actor="x") is None   # unchanged
    game.refresh_from_db()
    state, seq = _play_until(game, users, lambda p, s: p.seat == 1 and p.kind == "respond", random.Random(4))
    seat, decision, actor, key = timers.automatic_decision(game.pk, seq)
    assert (seat, decision, actor, key) == (1, {"seat": 1, "type": "pass"}, "autopass", f"autopass:{seq}:1")
    assert timers.play_automatic(game.pk, seq) >= 1
    event = GameEvent.objects.get(game_id=game.pk, seq=seq + 1)
    assert event.actor == "autopass" and event.payload["type"] == "pass"
    assert verify_game(game.pk).as_dict()["ok"]


def test_autopass_off_never_decides_for_a_player(two_players):
    game, users = two_players
    state, seq = _play_until(game, users, lambda p, s: p.kind == "respond", random.Random(5))
    assert timers.automatic_decision(game.pk, seq) is None


def test_untargeted_mode_skips_only_what_does_not_concern_the_seat():
    """The rule comes from the engine (engine.concerns, derived from the card data)."""
    from tests.engine.helpers import card_ids, position

    rot = "oh-no-i-think-that-growth-on-your-arm-might-be-mummy-rot"
    st = position([{"character": "deirdre", "hand": [rot]}, {"character": "gerki"},
                   {"character": "zot", "hand": ["the-stars-say-no"]}], phase="action")
    engine.apply(st, {"seat": 0, "type": "play", "card": card_ids(st, 0, rot)[0], "target": 2})
    assert engine.prompts(st)[0].kind == "respond"       # Zot may Ignore it: the window is open
    assert engine.concerns(st, 0) and engine.concerns(st, 2) and not engine.concerns(st, 1)
    st = position([{"character": "gerki", "drink_me": ["light-ale"]},
                   {"character": "deirdre", "hand": ["water-into-wine"]}, {"character": "zot"}], phase="drink")
    engine.apply(st, {"seat": 0, "type": "drink"})
    assert st.stack[-1]["f"] == "drink"                   # Deirdre may answer it: the window is open
    assert engine.concerns(st, 0) and not engine.concerns(st, 1) and not engine.concerns(st, 2)


def test_acting_on_a_handed_over_seat_takes_it_back(two_players):
    game, users = two_players
    services.seat_control_change(game_id=game.pk, seat=0, to="bot", reason="timeouts", actor="timeout")
    assert Seat.objects.get(table_id=game.table_id, index=0).bot == "heuristic"
    game.refresh_from_db()
    assert game.deadline is None or engine  # a bot's prompt has no deadline
    state, seq = _play_until(game, users, lambda p, s: p.seat == 0, random.Random(6))
    prompt = engine.prompts(state)[0]
    result = appends.submit_decision(game_id=game.pk, seat=0, decision=prompt.decisions[0],
                                      actor=f"user:{users[0].pk}", expected_seq=seq)
    back = GameEvent.objects.get(game_id=game.pk, seq=result.seq + 1)
    assert back.kind == "seat_control_changed" and back.payload["to"] == "player"
    assert Seat.objects.get(table_id=game.table_id, index=0).bot == ""
    assert verify_game(game.pk).as_dict()["ok"]


def test_expire_times_out_only_after_the_deadline_then_hands_over(two_players, settings):
    settings.RDI_TIMEOUTS_BEFORE_HANDOVER = 2
    game, users = two_players
    game.refresh_from_db()
    assert game.deadline is not None
    assert timers.expire(game.pk, game.seq + 5) == "stale"
    later = datetime.now(timezone.utc) + timedelta(hours=1)
    outcomes = []
    for _ in range(6):
        game.refresh_from_db()
        if game.status == "over" or "handed_over" in outcomes:
            break
        prompt_seat = game.prompt_seats[0]
        if prompt_seat != 0:      # the other player acts at once
            state = engine.new_game({**game.setup, "seed": "auto-seed"})
            from games import selectors
            state = selectors.game_state(game=game)
            appends.submit_decision(game_id=game.pk, seat=prompt_seat, decision=engine.prompts(state)[0].decisions[0],
                                     actor=f"user:{users[prompt_seat].pk}", expected_seq=game.seq)
            continue
        outcomes.append(timers.expire(game.pk, game.seq, now=later))
    assert outcomes[:2] == ["timed_out", "handed_over"]
    assert Seat.objects.get(table_id=game.table_id, index=0).bot == "heuristic"
