"""The public hash chain does not undo redaction (docs/security.md "The hash chain and
verification", issue 37 item 1).

Until the end another seat's decision is shown as `{"redacted": true}`, but its `hash`,
`prev_hash`, `at` and `state_hash` are public. On the plain chain an anonymous caller found
23 of 27 redacted events of a live game by hashing every candidate (kind, seat, actor, a small
decision). Here the same attack runs over the whole plausible space of each redacted event and
finds nothing, while the same candidates *with* the chain key do contain the true event (so
the space is not too small to matter: only the key stands in the way).
"""
import json
import random

import pytest
from django.db import connection

from games import appends, chain, engine, selectors, services, store
from games.models import Game, GameSeed
from replay.offline import verify_export_bytes
from replay.verification import verify_game
from tests.owner import owner_role

pytestmark = pytest.mark.django_db

KINDS = store.FOLDED_KINDS
#: Every actor a decision can have besides the seated users (bots, the timer, auto-pass).
OTHER_ACTORS = ("timeout", "autopass", "system", "ai:heuristic", "ai:mcts", "ai:random")


def _live_game(make_user, steps=30, seed=3):
    users = [make_user(f"chain{seed}x{i}") for i in range(3)]
    table = services.table_create(owner=users[0], player_count=3, turn_seconds=None)
    for user, character in zip(users, ("zot", "fiona", "gerki")):
        services.seat_take(table_id=table.pk, user=user, character=character)
    game = services.table_start(table_id=table.pk, user=users[0])
    rng = random.Random(seed)
    candidates = {}          # seq -> every decision payload any seat could have sent there
    for _ in range(steps):
        game = Game.objects.get(pk=game.pk)
        state = selectors.game_state(game=game)
        if state.over:
            break
        offered = [d for p in engine.prompts(state) for d in p.decisions]
        candidates[game.seq + 1] = [{**d, "seat": s} for d in offered for s in range(3)]
        prompt = rng.choice(engine.prompts(state))
        appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=rng.choice(prompt.decisions),
                                 actor=f"user:{users[prompt.seat].pk}")
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.ACTIVE, "the attack is on a game still being played"
    actors = [f"user:{u.pk}" for u in users] + list(OTHER_ACTORS)
    return game, candidates, actors


def _search(game_id, event, payloads, actors, key):
    """Every (kind, seat, actor, payload) whose link under `key` is the event's public hash."""
    found = []
    for kind in KINDS:
        for seat in (0, 1, 2, None):
            for actor in actors:
                for payload in payloads:
                    canonical = store.canonical_event(game_id=game_id, seq=event["seq"], kind=kind, seat=seat,
                                                      actor=actor, payload=payload, at=event["at"],
                                                      state_hash=event["state_hash"])
                    if store.chain_hash(event["prev_hash"], canonical, key) == event["hash"]:
                        found.append((kind, seat, actor, payload))
    return found


def test_brute_force_of_redacted_events_finds_nothing_before_the_end(make_user, api_for):
    game, candidates, actors = _live_game(make_user)
    feed = api_for().get(f"/api/games/{game.pk}/events/").json()
    events = feed["events"] if isinstance(feed, dict) else feed
    redacted = [e for e in events if e["payload"] == {"redacted": True}]
    assert len(redacted) >= 10, "the game has redacted events to attack"
    key = chain.key_for(game.chain, GameSeed.objects.get(game=game).seed)
    tried = 0
    for event in redacted:
        payloads = candidates[event["seq"]]
        tried += len(KINDS) * 4 * len(actors) * len(payloads)
        assert _search(game.pk, event, payloads, actors, None) == [], \
            f"seq {event['seq']} was recovered from its public hash on the plain chain"
        # the same space holds the truth: with the key (revealed only by the end) it is found
        assert len(_search(game.pk, event, payloads, actors, key)) == 1
    assert tried > 10_000


def test_the_key_comes_from_the_seed_alone_and_is_not_the_commitment():
    seed = "ab" * 32
    key = chain.key_for(chain.KEYED, seed)
    assert len(key) * 8 == 256 and key == chain.key_for(chain.KEYED, seed)
    assert key != chain.key_for(chain.KEYED, "ab" * 31 + "ac")
    assert key.hex() != store.seed_commitment(seed), "the public seed_sha256 must not be the key"
    assert chain.key_for(chain.PLAIN, seed) is None
    with pytest.raises(ValueError):
        chain.key_for(3, seed)


def test_a_state_hash_depends_on_the_secret_seed():
    """The public `state_hash` covers the whole state, the 256-bit seed included, so it
    cannot be used to test guesses either: two games that differ only in their seed never
    share a state hash."""
    setups = [{"seats": [{"character": c} for c in ("zot", "fiona")], "variant": "base", "options": {}}] * 2
    a, b = (engine.new_game({**s, "seed": seed}) for s, seed in zip(setups, ("01" * 32, "02" * 32)))
    assert engine.state_hash(a) != engine.state_hash(b)


def test_a_new_game_declares_the_keyed_chain_and_verifies(make_user, api_for):
    game, _, _ = _live_game(make_user, steps=12, seed=5)
    created = selectors.events_raw(game_id=game.pk, limit=1)[0]
    assert created["payload"]["chain"] == chain.KEYED == game.chain
    assert verify_game(game.pk).ok
    # a live export (no seed) cannot check a keyed chain, and says when it can
    check = verify_export_bytes(api_for().get(f"/api/games/{game.pk}/export/").content)
    assert not check.ok and "keyed by the seed" in check.problem and "game is over" in check.problem


def _tamper(*statements):
    """Run (sql, params) pairs behind the append-only trigger's back, as the owner."""
    with owner_role(), connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("ALTER TABLE games_event DISABLE TRIGGER games_event_append_only")
        for sql, params in statements:
            cursor.execute(sql, params)
        cursor.execute("ALTER TABLE games_event ENABLE TRIGGER games_event_append_only")


def test_a_game_on_the_plain_chain_still_verifies_under_its_own_scheme(make_user):
    """Games recorded before the keyed chain (no `chain` in game_created, `Game.chain` 1)
    verify as they were written; the golden corpus checks the same for exports."""
    game, _, _ = _live_game(make_user, steps=12, seed=7)
    statements, prev = [], chain.GENESIS_HASH
    for e in selectors.events_raw(game_id=game.pk):
        if e["seq"] == 0:
            e["payload"] = {k: v for k, v in e["payload"].items() if k != "chain"}
        e["prev_hash"] = prev
        e["hash"] = prev = chain.event_hash(game.pk, e, None)
        statements.append(("UPDATE games_event SET payload = %s::jsonb, prev_hash = %s, hash = %s"
                           " WHERE game_id = %s AND seq = %s",
                           [json.dumps(e["payload"]), e["prev_hash"], e["hash"], game.pk, e["seq"]]))
    statements.append(("UPDATE games_game SET chain = 1, last_hash = %s WHERE id = %s", [prev, game.pk]))
    _tamper(*statements)
    check = verify_game(game.pk)
    assert check.ok, check.problem
    # and a plain game is still held to its chain: one altered actor is caught
    _tamper(("UPDATE games_event SET actor = 'timeout' WHERE game_id = %s AND seq = 3", [game.pk]))
    check = verify_game(game.pk)
    assert not check.ok and check.first_bad_seq == 3


def test_a_log_that_swaps_its_scheme_is_caught(make_user):
    """Claiming the plain scheme for a keyed game (to make its hashes checkable without the
    key) breaks the chain at seq 0: game_created's own hash covers its `chain`."""
    game, _, _ = _live_game(make_user, steps=6, seed=9)
    _tamper(("UPDATE games_event SET payload = payload - 'chain' WHERE game_id = %s AND seq = 0", [game.pk]),
            ("UPDATE games_game SET chain = 1 WHERE id = %s", [game.pk]))
    check = verify_game(game.pk)
    assert not check.ok and check.first_bad_seq == 0
