"""The heuristic bot uses the RDI 8 mechanics sensibly (docs/ai.md), and every decision it
makes with them is legal (tests/engine/test_rdi8.py plays them at random; `simulate` with
the heuristic plays them in full games)."""
from pathlib import Path

from games.ai import heuristic
from games.engine import apply, new_game, prompts, view
from games.engine.core.scenario import setup_from

HERE = Path(__file__).parent.parent / "scenarios" / "rdi8"
PACKS = [f"../../../packs/{c}.json" for c in ("farai", "lucky", "nerodia", "phyll", "samantha")]
FX = "../../packs/rdi8/fixtures.json"


def _state(seats, **pos):
    return new_game(setup_from({"packs": PACKS + [FX], "seats": seats, **pos}, HERE))


def _decide(state):
    p = prompts(state)[0]
    d = heuristic.decide(view(state, p.seat), seed="rdi8")
    assert p.offers(d)
    return d


def test_heat_penalty_pays_gold_when_rich_and_not_when_broke():
    for gold, want in ((10, "gold"), (2, "fortitude")):
        state = _state([{"character": "lucky", "hand": ["look-out-rolling-barrels"], "tokens": {"heat": 2}, "gold": gold},
                        {"character": "gerki"}, {"character": "zot"}], active=0, phase="action")
        apply(state, {"seat": 0, "type": "play", "card": state.seats[0].hand[0], "targets": [1, 2]})
        assert prompts(state)[0].kind == "heat"
        d = _decide(state)
        assert d["option"] in (want, "alcohol" if want == "fortitude" else want)


def test_petrify_gives_the_least_useful_card():
    state = _state([{"character": "nerodia", "hand": ["which-one-of-you-called-this-place-a-sssnake-pit"]},
                    {"character": "gerki", "hand": ["grab-a-coin-while-no-ones-lookin", "hey-whered-the-little-guy-go"]}],
                   active=0, phase="action")
    apply(state, {"seat": 0, "type": "play", "card": state.seats[0].hand[0]})
    apply(state, {"seat": 1, "type": "pass"})          # he could Ignore it; he lets it happen
    assert prompts(state)[0].kind == "petrify"
    d = _decide(state)
    assert state.cards[d["option"]] == "gerki/grab-a-coin-while-no-ones-lookin"


def test_mix_in_goes_on_an_opponents_drink_not_its_own():
    state = _state([{"character": "gerki", "drink_me": ["wine"]},
                    {"character": "phyll", "zones": {"shelf": ["organic-mindflower-nectar"]}}], active=0, phase="drink")
    apply(state, {"seat": 0, "type": "drink"})
    p = prompts(state)[0]
    assert p.seat == 1 and p.kind == "respond"
    assert _decide(state)["type"] == "play"
    state = _state([{"character": "phyll", "drink_me": ["wine"], "zones": {"shelf": ["pixie-spun-candy-floss"]}},
                    {"character": "gerki"}], active=0, phase="drink")
    apply(state, {"seat": 0, "type": "drink"})
    assert _decide(state)["type"] == "pass"


def test_farai_works_on_his_brew_rather_than_move():
    state = _state([{"character": "farai", "hand": ["fixture-mash-paddle"], "tokens": {"farai": 1, "beer": 1}},
                    {"character": "gerki"}], active=0, phase="action")
    apply(state, {"seat": 0, "type": "play", "card": state.seats[0].hand[0], "target": 1})
    assert prompts(state)[0].kind == "brew"
    assert _decide(state)["option"] == "work"


def test_the_search_bot_plays_the_rdi8_characters_to_the_end():
    """mcts samples the hidden cards (games/ai/determinize.py): a Petrification Pile, Brew
    decks, a Shelf and a pending Petrify choice must rebuild into states the engine plays."""
    import json
    from games.ai import mcts
    from games.engine import BASE_PACK
    root = Path(__file__).parent.parent.parent
    packs = [BASE_PACK] + [json.loads((root / "packs" / f"{c}.json").read_text())
                           for c in ("farai", "lucky", "nerodia", "phyll", "samantha")]
    packs.append(json.loads((root / "tests" / "packs" / "rdi8" / "fixtures.json").read_text()))
    state = new_game({"seats": [{"character": c} for c in ("nerodia", "phyll", "farai", "samantha")],
                      "seed": "search", "content": packs})
    for n in range(3000):
        if state.over:
            break
        p = prompts(state)[0]
        d = mcts.decide(view(state, p.seat), seed=f"s{n}", iterations=4)
        assert p.offers(d)
        apply(state, d)
    assert state.over
