"""Small builders for engine unit tests."""
from games.ai.policies import random_decision
from games.engine import apply, clone, new_game, prompts, state_hash, view
from games.engine.core.invariants import check, total_gold
from games.engine.core.scenario import run, setup_from
from tests.cards import shown_card_ids
from tests.engine.test_expansion_packs import _hidden_ids


def game(chars=("deirdre", "fiona", "gerki", "zot"), seed="unit", **kw):
    return new_game({"seats": [{"character": c} for c in chars], "seed": seed, **kw})


def position(seats, **pos):
    """A game at a scenario position (see docs/scenarios.md)."""
    return new_game(setup_from({"seats": seats, **pos}))


def play(spec_setup, steps):
    return run({"setup": spec_setup, "steps": steps}).state


def decisions(state):
    return prompts(state)[0].decisions


def card_ids(state, seat, slug):
    return [c for c in state.seats[seat].hand if state.cards[c].endswith("/" + slug)]


def random_play(setup, rng, steps=2500, on_fx=None, check_view=None):
    """Random legal play from `setup` with every check the property tests share: invariants
    after each decision, no seat's view shows a card hidden from it (its teammates' hands and
    its own zones excepted), a clone hashes the same, and the log refolds to the same hashes.
    `on_fx(state, effects)` sees each decision's effects; `check_view(view, seat)` adds a
    mechanic's own view checks. Returns the state and what was reached: prompt kinds,
    decision and effect types, `token:<name>` for token changes."""
    state = new_game(setup)
    gold = total_gold(state)
    log, hashes, seen = [], [], set()
    for _ in range(steps):
        if state.over:
            break
        p = prompts(state)[0]
        d = random_decision(p, rng)
        _, fx = apply(state, d)
        if on_fx:
            on_fx(state, fx)
        seen |= {p.kind, d["type"]} | {f["type"] for f in fx}
        seen |= {f"token:{f.get('token')}" for f in fx if f["type"] == "token"}
        check(state, gold)
        omni, spectator = view(state, "omniscient"), view(state, "spectator")
        for seat in range(len(state.seats)):
            mine = view(state, seat)
            mat = omni["seats"][seat]["mat"]
            hidden = _hidden_ids(omni, spectator, seat)
            hidden -= {c["id"] for s in omni["seats"] if s["mat"] == mat for c in s["hand"]}   # R-TEAM-SEE
            hidden -= {c["id"] for z in (mine["seats"][seat].get("zones") or {}).values() for c in z.get("cards", [])}
            assert not (shown_card_ids(mine) & hidden), f"seat {seat} sees a hidden card"
            if check_view:
                check_view(mine, seat)
        log.append(d)
        hashes.append(state_hash(state))
        assert state_hash(clone(state)) == hashes[-1]
    refold = new_game(setup)
    for d, h in zip(log, hashes):
        apply(refold, d)
        assert state_hash(refold) == h
    return state, seen
