"""Older bot versions stay what they were: recorded games name the version that decided.

The @5 hashes were taken from the commit before heuristic@6 and mcts@6 (9f93511), where
`heuristic` was heuristic@5 and `mcts` was mcts@5; the @6 ones from the commit before
heuristic@7 and mcts@7 (bb30451); mcts@7's from the commit before mcts@8 (47214b3); heuristic@7's
and mcts@8's from the commit before heuristic@8 and mcts@9 (6cfc7de); heuristic@8's and mcts@9's
from the commit before heuristic@9 and mcts@10 (5d26352); mcts@10's from the commit before mcts@11
(69f32de); mcts@11's from the commit before mcts@12 (3f88a9f); mcts@12's from the commit before mcts@13
(e952755); each over the same games and seeds."""
import hashlib
import json

from games import engine
from games.ai import get_bot, heuristic
from games.ai.common import decision_seed


def _decisions_hash(label: str, games: int, cap: int, **budget) -> str:
    bot = get_bot(label)
    digest = hashlib.sha256()
    names = list(engine.CHARACTERS)
    for g in range(games):
        state = engine.new_game({"seats": [{"character": names[(g + i) % 4]} for i in range(2 + g % 3)],
                                 "seed": f"pin-{g}"})
        seq = 0
        while not state.over and seq < cap:
            prompt = engine.prompts(state)[0]
            decision = bot.decide(engine.view(state, prompt.seat),
                                  seed=decision_seed(secret=f"pin-{g}", seq=seq, seat=prompt.seat), **budget)
            digest.update(json.dumps(decision, sort_keys=True).encode())
            state, _ = engine.apply(state, decision)
            seq += 1
    return digest.hexdigest()[:16]


def test_heuristic_5_decides_as_it_did_before_heuristic_6():
    assert _decisions_hash("heuristic@5", 20, 3000) == "bdd2aae0f2958a63"


def test_mcts_5_decides_as_it_did_before_mcts_6():
    # a fixed budget and no time cap: the search is then deterministic
    assert _decisions_hash("mcts@5", 2, 40, iterations=24, max_seconds=1000) == "664b25a58a3329e8"


def test_heuristic_6_weighs_margins_by_its_own_curve():
    assert heuristic.CURVE != heuristic.CURVE_5
    assert _decisions_hash("heuristic@6", 20, 3000) != "bdd2aae0f2958a63"


def test_heuristic_6_decides_as_it_did_before_heuristic_7():
    assert _decisions_hash("heuristic@6", 20, 3000) == "9169fbe30852800b"


def test_mcts_6_decides_as_it_did_before_mcts_7():
    assert _decisions_hash("mcts@6", 2, 40, iterations=24, max_seconds=1000) == "2081b360132c733b"


def test_heuristic_7_decides_otherwise_where_a_card_on_the_stack_changes_a_drink():
    assert _decisions_hash("heuristic@7", 20, 3000) != "9169fbe30852800b"


def _drink_changes_against_me():
    """Positions of heuristic games where a seat is asked to answer an opponent's Drink
    change on the stack that falls on its own Drink (Deirdre's Water into Wine...)."""
    for g in range(40):
        other = ("fiona", "gerki", "zot")[g % 3]
        state = engine.new_game({"seats": [{"character": "deirdre"}, {"character": other}], "seed": f"mod-{g}"})
        seq = 0
        while not state.over and seq < 3000:
            prompt = engine.prompts(state)[0]
            view = engine.view(state, prompt.seat)
            top = view["stack"][-1] if view["stack"] else {}
            if (prompt.kind == "respond" and top.get("effect") == "drink_mod" and top.get("seat") != prompt.seat
                    and len(prompt.decisions) > 1):
                yield view, top
            state, _ = engine.apply(state, heuristic.decide(
                view, seed=decision_seed(secret=f"mod-{g}", seq=seq, seat=prompt.seat)))
            seq += 1


def test_heuristic_7_weighs_an_opponents_drink_change_by_the_cards_numbers():
    """heuristic@6 read a stacked card's numbers from its frame, which the engine leaves bare,
    so an opponent's "+2 Alcohol" on its Drink cost it nothing; heuristic@7 reads the card."""
    hurt = answered = 0
    for view, top in _drink_changes_against_me():
        now, before = heuristic.Scoring(view, heuristic.TUNING_7), heuristic.Scoring(view, heuristic.TUNING_6)
        assert heuristic._threat(before, top) == 0
        threat = heuristic._threat(now, top)
        drink = heuristic._frame_by_id(now, top.get("on")) or now.drink_frame()
        portion = (drink.get("portions") or [{}])[top["args"]["portion"]]
        if portion.get("holder") == now.me and not portion.get("ignored"):
            assert threat > 0, "more Alcohol on my own Drink is a threat"
            hurt += 1
            if heuristic.decide_v7(view, seed="s")["type"] == "play" and heuristic.decide_v6(view, seed="s")["type"] == "pass":
                answered += 1
    assert hurt > 0 and answered > 0


def test_mcts_7_decides_as_it_did_before_mcts_8():
    # taken at 47214b3, where `mcts` was mcts@7
    assert _decisions_hash("mcts@7", 4, 80, iterations=24, max_seconds=1000) == "e4a1eef19bf5c08a"


def test_heuristic_7_decides_as_it_did_before_heuristic_8():
    assert _decisions_hash("heuristic@7", 20, 3000) == "fafd9e40f17b5c46"


def test_mcts_8_decides_as_it_did_before_mcts_9():
    # 96 iterations: at 24 a discard's many candidates never reach the samples a challenger
    # needs, and mcts@8 decides as mcts@7
    assert _decisions_hash("mcts@8", 2, 60, iterations=96, max_seconds=1000) == "b9222e16cebfeb62"


def test_heuristic_8_keeps_by_its_tuned_worths():
    """heuristic@8 differs from heuristic@7 only in its keep-worths (`KEEP_8`, `KEEP_7`): where a
    card's worth changed, its discards and so its games do."""
    assert _decisions_hash("heuristic@8", 20, 3000) != "fafd9e40f17b5c46"
    view = engine.view(engine.new_game({"seats": [{"character": "fiona"}, {"character": "zot"}], "seed": "k"}), 0)
    for tuning, old in ((heuristic.TUNING_7, heuristic.KEEP_7), (heuristic.TUNING_8, heuristic.KEEP_8)):
        old = dict(old)
        assert set(old) <= set(heuristic.KEEP) and all(heuristic.KEEP[k] != v for k, v in old.items())
        assert heuristic.Scoring(view, tuning).keep == heuristic.keep_worths(tuning) == {**heuristic.KEEP, **old}
    assert heuristic.Scoring(view, heuristic.TUNING).keep == heuristic.KEEP


def test_heuristic_9_heals_early_and_keeps_by_its_worths():
    """heuristic@9 is heuristic@8 with early heals and three keep-worths changed: its games differ."""
    assert heuristic.TUNING.heal_early and not heuristic.TUNING_8.heal_early
    assert _decisions_hash("heuristic", 20, 3000) != "3c845b1c27060c24"


def test_heuristic_8_decides_as_it_did_before_heuristic_9():
    assert _decisions_hash("heuristic@8", 20, 3000) == "3c845b1c27060c24"


def test_mcts_9_decides_as_it_did_before_mcts_10():
    assert _decisions_hash("mcts@9", 2, 60, iterations=96, max_seconds=1000) == "9787eb908354d7e2"


def test_mcts_10_decides_as_it_did_before_mcts_11():
    assert _decisions_hash("mcts@10", 2, 60, iterations=96, max_seconds=1000) == "2099ea649c1ebd30"


def test_mcts_11_decides_as_it_did_before_mcts_12():
    assert _decisions_hash("mcts@11", 2, 60, iterations=96, max_seconds=1000) == "34d2637dfebc089c"


def test_mcts_12_decides_otherwise():
    assert _decisions_hash("mcts@12", 2, 60, iterations=96, max_seconds=1000) != "34d2637dfebc089c"


def test_mcts_12_decides_as_it_did_before_mcts_13():
    assert _decisions_hash("mcts@12", 2, 60, iterations=96, max_seconds=1000) == "6991be07f58e6c5b"
