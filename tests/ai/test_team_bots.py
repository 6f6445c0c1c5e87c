"""Bots in team games (docs/teams.md, docs/ai.md "Team games"): legal whole games, and the
heuristic's team sense — never at its partner, defends its partner, picks Champions by hand,
keeps Potions for the last chance."""
import pytest

from games import engine
from games.ai import decision_seed, default_decision, get_bot
from games.ai.determinize import Skeleton
from games.ai.match import play_match
from games.engine.core.scenario import decision_from, setup_from

VARIANT = "two-headed-dragon"
CHARS = ["deirdre", "zot", "fiona", "gerki"]


def _decide(name, state, seq=0, **kw):
    prompt = engine.prompts(state)[0]
    d = get_bot(name).decide(engine.view(state, prompt.seat), seed=decision_seed(secret="t", seq=seq, seat=prompt.seat), **kw)
    assert prompt.offers(d)
    return d


@pytest.mark.parametrize("name", ["random", "heuristic"])
@pytest.mark.parametrize("n", [4, 6, 8])
def test_bots_play_whole_team_games_legally(name, n):
    state = engine.new_game({"seats": [{"character": CHARS[i % 4]} for i in range(n)], "seed": f"tb-{n}",
                             "variant": VARIANT})
    seq = 0
    while not state.over:
        state, _ = engine.apply(state, _decide(name, state, seq))
        seq += 1
    assert state.winners and all(w ^ 1 in state.winners for w in state.winners)


def test_search_decides_legally_in_a_team_game():
    state = engine.new_game({"seats": [{"character": c} for c in CHARS], "seed": "tb-mcts", "variant": VARIANT})
    for seq in range(25):
        if state.over:
            break
        state, _ = engine.apply(state, _decide("mcts", state, seq, iterations=8, max_seconds=30))


def test_search_samples_keep_the_shared_mat_and_the_partners_hand():
    state = engine.new_game({"seats": [{"character": c} for c in CHARS], "seed": "tb-sample", "variant": VARIANT})
    prompt = engine.prompts(state)[0]
    view = engine.view(state, prompt.seat)
    sample = Skeleton(view).sample(__import__("random").Random(1))
    partner = prompt.seat ^ 1
    assert sample.seats[prompt.seat].m is sample.seats[partner].m
    assert sample.seats[partner].hand == state.seats[partner].hand
    assert engine.prompts(sample)[0].decisions == prompt.decisions


def _position(seats, steps=(), **pos):
    spec = {"variant": VARIANT, "seats": seats, **pos}
    state = engine.new_game(setup_from(spec))
    for step in steps:
        engine.apply(state, decision_from(state, step))
    return state


def test_the_heuristic_defends_its_partner():
    state = _position([
        {"character": "zot"},
        {"character": "fiona", "hand": ["luckily-for-me-i-was-wearing-my-armor"]},
        {"character": "gerki", "hand": ["have-you-seen-my-poison-i-left-it-in-a-mug-right-here"]},
        {"character": "deirdre"}], active=2, phase="action",
        steps=[{"seat": 2, "play": "have-you-seen-my-poison-i-left-it-in-a-mug-right-here", "target": 0}])
    d = _decide("heuristic", state)
    assert d["seat"] == 1 and d["type"] == "play", "Fiona Ignores the card aimed at her partner Zot"


def test_the_heuristic_never_tips_the_wench_for_its_own_team():
    state = _position([
        {"character": "gerki", "hand": ["tip-the-wench"]}, {"character": "fiona"},
        {"character": "zot", "gold": 1}, {"character": "deirdre"}], active=0, phase="action")
    d = _decide("heuristic", state)
    assert d.get("target") not in (0, 1)


def test_the_heuristic_chooses_the_teammate_with_gambling_cards_as_champion():
    state = _position([
        {"character": "zot", "hand": ["gambling-im-in"]}, {"character": "gerki"},
        {"character": "deirdre", "hand": ["lets-toast-the-goddess"]},
        {"character": "fiona", "hand": ["i-raise", "winning-hand"]}], active=0, phase="action",
        steps=[{"seat": 0, "play": "gambling-im-in"}])
    prompt = engine.prompts(state)[0]
    assert prompt.kind == "champion"
    assert _decide("heuristic", state)["champion"] == 3


def test_the_heuristic_keeps_potions_for_the_last_chance_and_drinks_the_one_that_saves():
    fresh = _position([{"character": "zot", "fortitude": 12, "alcohol": 3}, {"character": "gerki"},
                       {"character": "fiona"}, {"character": "deirdre"}], active=0, phase="discard")
    assert _decide("heuristic", fresh)["type"] != "potion"
    doomed = _position([{"character": "deirdre", "fortitude": 5, "alcohol": 4, "drink_me": ["wine"]},
                        {"character": "fiona"}, {"character": "gerki"}, {"character": "zot"}],
                       active=0, phase="drink", steps=[{"seat": 0, "type": "drink"}])
    assert engine.prompts(doomed)[0].kind == "respond"
    assert _decide("heuristic", doomed) == {"seat": 1, "type": "potion", "effect": "alcohol"}
    view = engine.view(doomed, 1)
    assert default_decision(view)["type"] == "potion", "a timed-out seat still saves its team"


def test_a_team_tournament_gives_each_bot_whole_teams():
    result = play_match(a="heuristic", b="random", games=4, players=4, variant=VARIANT)
    assert result.games == 4 and result.unfinished == 0
    assert result.wins["heuristic"] + result.wins["random"] == pytest.approx(4)
    assert result.wins["heuristic"] >= 3
