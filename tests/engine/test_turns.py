"""The four phases and the decision surface (digest §4; DESIGN §2)."""
import pytest

from games.engine import IllegalDecision, apply, clone, dump_state, load_state, prompts, state_hash, view

from .helpers import decisions, game, position


def test_a_turn_goes_discard_action_order_drink_then_the_next_seat():
    st = game(first_seat=1)
    kinds = []
    while st.active == 1:
        p = prompts(st)[0]
        kinds.append(p.kind)
        if p.kind == "respond" or p.kind == "gamble":
            apply(st, {"seat": p.seat, "type": "pass"})
        elif p.kind == "phase:discard":
            apply(st, {"seat": 1, "type": "discard", "cards": []})
        elif p.kind == "phase:action":
            apply(st, {"seat": 1, "type": "pass"})
        elif p.kind == "phase:order" and any(d["type"] == "order" for d in p.decisions):
            apply(st, {"seat": 1, "type": "order", "target": 3})
        elif p.kind in ("phase:order", "phase:end"):        # cards still playable after the phase's action
            apply(st, {"seat": 1, "type": "pass"})
        elif p.kind == "phase:drink":
            apply(st, {"seat": 1, "type": "drink"})
        else:
            apply(st, [d for d in p.decisions if d["type"] == "pass"][0])
    phases = [k for n, k in enumerate(kinds) if k.startswith("phase:") and k not in kinds[:n]]
    assert phases[:4] == ["phase:discard", "phase:action", "phase:order", "phase:drink"]
    assert st.active == 2 and st.phase == "discard" and st.turn == 2
    assert len(st.seats[3].drink_me) == 2


def test_discard_offers_the_hand_as_a_subset_and_refills_to_seven():
    st = game(first_seat=0)
    p = prompts(st)[0]
    hand = sorted(st.seats[0].hand)
    assert [d for d in p.decisions if d["type"] == "discard"] == [{"seat": 0, "type": "discard", "cards": []}]
    assert p.subsets == [{"seat": 0, "type": "discard", "cards": hand}]
    assert view(st, 0)["prompt"]["subsets"] == p.subsets and "subsets" not in view(st, 1)["prompt"]
    apply(st, {"seat": 0, "type": "discard", "cards": hand[:3]})
    assert len(st.seats[0].hand) == 7 and len(st.seats[0].discard) == 3


@pytest.mark.parametrize("cards", [[3, 1], [1, 1], [999], [1.0], [True], "1", None])
def test_a_discard_must_be_a_sorted_subset_of_the_hand(cards):
    st = game(first_seat=0, seed="s4")        # seat 0 holds cards 1 and 4
    before = state_hash(st)
    with pytest.raises(IllegalDecision) as caught:
        apply(st, {"seat": 0, "type": "discard", "cards": cards})
    assert caught.value.code == "illegal_decision" and state_hash(st) == before
    with pytest.raises(IllegalDecision):
        apply(st, {"seat": 0, "type": "discard", "cards": [1], "extra": 1})


def test_a_hand_of_any_size_is_offered_in_one_decision():
    st = game(first_seat=0)
    st.seats[0].hand.extend(st.seats[0].deck[:13])
    del st.seats[0].deck[:13]
    st._prompt = None
    p = prompts(st)[0]
    assert len(p.decisions) < 30 and len(p.subsets[0]["cards"]) == 20


def test_only_enumerated_decisions_are_accepted_with_stable_codes():
    st = game(first_seat=0)
    with pytest.raises(IllegalDecision) as e:
        apply(st, {"seat": 1, "type": "discard", "cards": []})
    assert e.value.code == "not_your_turn"
    with pytest.raises(IllegalDecision) as e:
        apply(st, {"seat": 0, "type": "order", "target": 1})
    assert e.value.code == "illegal_decision"
    for bad in (None, [], {"type": "pass"}, {"seat": "0", "type": "pass"}, {"seat": True, "type": "pass"}):
        with pytest.raises(IllegalDecision) as e:
            apply(st, bad)
        assert e.value.code == "malformed_decision"
    assert st.decisions == 0


def test_a_refused_decision_changes_nothing():
    st = game(first_seat=0)
    before = state_hash(st)
    with pytest.raises(IllegalDecision):
        apply(st, {"seat": 0, "type": "discard", "cards": [9999]})
    assert state_hash(st) == before


def test_clone_and_snapshot_round_trip_keep_the_hash_and_the_prompt():
    st = game(first_seat=0)
    apply(st, {"seat": 0, "type": "discard", "cards": []})
    for copy in (clone(st), load_state(dump_state(st))):
        assert state_hash(copy) == state_hash(st)
        assert prompts(copy)[0] == prompts(st)[0]


def test_the_action_phase_offers_actions_at_other_seats_and_a_pass():
    st = position([{"character": "zot", "hand": ["down-pooky", "tip-the-wench"]},
                   {"character": "gerki"}, {"character": "fiona", "out": "broke"}], phase="action")
    ds = decisions(st)
    down = [d for d in ds if d.get("type") == "play" and st.cards[d["card"]] == "zot/down-pooky"]
    assert [d["target"] for d in down] == [1]                    # not yourself, not a seat that is out
    tips = [d["target"] for d in ds if d.get("type") == "play" and st.cards[d["card"]] == "zot/tip-the-wench"]
    assert tips == [0, 1]                                        # Anytime, anyone still in, yourself too
    assert {"seat": 0, "type": "pass"} in ds


def test_empty_drink_me_pile_sobers_up():
    st = position([{"character": "zot", "alcohol": 3}, {"character": "gerki"}], phase="drink")
    apply(st, {"seat": 0, "type": "drink"})
    assert st.seats[0].alcohol == 2


def test_the_character_discard_is_reshuffled_the_moment_the_deck_runs_out():
    st = position([{"character": "zot", "hand": [], "deck": ["down-pooky", "down-pooky"], "deck_exact": True,
                    "discard": ["tip-the-wench", "i-dont-think-so"]}, {"character": "gerki"}], phase="discard")
    apply(st, {"seat": 0, "type": "discard", "cards": []})
    s = st.seats[0]
    assert len(s.hand) == 4 and s.deck == [] and s.discard == []     # drew all 4, nothing left anywhere


def test_the_canonical_encoding_is_the_same_with_or_without_orjson():
    import json
    import random

    from games.engine.core.state import canonical
    st = game(first_seat=0)
    rng = random.Random(3)
    for _ in range(150):
        if st.over:
            break
        plain = json.dumps(st.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
        assert canonical(st) == plain
        apply(st, rng.choice(prompts(st)[0].decisions))



@pytest.mark.parametrize("card, sloppy", [(1, True), (1, 1.0), (1, "1"), (4, 4.0)])
def test_card_ids_must_be_integers_not_values_python_calls_equal(card, sloppy):
    """Issue 12, defect 4: legality used ==, so 4.0 passed as card 4 and true as card 1 (and
    went into the log as true)."""
    st = game(first_seat=0, seed="s4")        # seat 0 holds cards 1 and 4
    assert card in prompts(st)[0].subsets[0]["cards"]
    before = state_hash(st)
    with pytest.raises(IllegalDecision) as caught:
        apply(st, {"seat": 0, "type": "discard", "cards": [sloppy]})
    assert caught.value.code == "illegal_decision"
    assert state_hash(st) == before
    apply(st, {"seat": 0, "type": "discard", "cards": [card]})    # the exact id still plays
    assert card in st.seats[0].discard
