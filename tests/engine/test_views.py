"""Hidden information (DESIGN §4): what each viewer may see."""
import json

import pytest

from games.engine import IllegalDecision, apply, prompts, view

from .helpers import game


def _ids(cards):
    return {c["id"] for c in cards}


def test_a_seat_sees_its_hand_and_nobody_elses_and_no_pile_or_deck_order():
    st = game(first_seat=0)
    omni = view(st, "omniscient")
    for seat in range(4):
        v = view(st, seat)
        text = json.dumps(v)
        assert _ids(v["seats"][seat]["hand"]) == set(st.seats[seat].hand)
        for other in range(4):
            if other != seat:
                assert "hand" not in v["seats"][other]
            assert "deck" not in v["seats"][other] and "drink_me" not in v["seats"][other]
        hidden = set()
        for other in range(4):
            if other != seat:
                hidden |= set(st.seats[other].hand)
            hidden |= set(st.seats[other].deck) | set(st.seats[other].drink_me)
        hidden |= set(st.drink_deck)
        for cid in hidden:
            assert f'"id": {cid},' not in text
        assert "drink_deck" not in v and "seed" not in v
    assert _ids(omni["seats"][1]["drink_me"]) == set(st.seats[1].drink_me)


def test_only_the_deciding_seat_sees_its_choices():
    st = game(first_seat=0)
    assert "decisions" in view(st, 0)["prompt"]
    assert view(st, 1)["prompt"] == {"seat": 0, "kind": "phase:discard"}
    assert "decisions" not in view(st, "spectator")["prompt"]


def test_the_seed_is_shown_only_once_the_game_is_over():
    st = game(("zot", "gerki"), first_seat=0)
    import random
    rng = random.Random(1)
    while not st.over:
        assert "seed" not in view(st, "spectator")
        apply(st, rng.choice(prompts(st)[0].decisions))
    assert view(st, "spectator")["seed"] == st.seed


def test_others_see_that_responses_are_awaited_but_not_who_holds_one():
    from .helpers import position
    st = position([{"character": "gerki", "drink_me": ["light-ale"]},
                   {"character": "deirdre", "hand": ["water-into-wine"]},
                   {"character": "zot"}], phase="drink")
    apply(st, {"seat": 0, "type": "drink"})
    assert prompts(st)[0].seat == 1
    assert view(st, 2)["prompt"] == {"seat": None, "kind": "respond"}
    assert "i" not in view(st, 2)["stack"][0]
    assert view(st, 1)["prompt"]["seat"] == 1 and view(st, "omniscient")["stack"][0]["i"] == 1


def test_a_decision_out_of_turn_in_a_window_does_not_say_who_is_asked():
    """Issue 12, defect 3: the error said "Seat 1 is deciding now", i.e. that seat 1 holds a
    legal response, which the views hide."""
    from .helpers import position
    st = position([{"character": "gerki", "drink_me": ["light-ale"]},
                   {"character": "deirdre", "hand": ["water-into-wine"]},
                   {"character": "zot"}], phase="drink")
    apply(st, {"seat": 0, "type": "drink"})
    with pytest.raises(IllegalDecision) as caught:
        apply(st, {"seat": 2, "type": "pass"})
    assert caught.value.code == "not_your_turn"
    assert "1" not in caught.value.message and "seat" not in caught.value.message.lower()
