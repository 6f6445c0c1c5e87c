"""The search weighs other discards than the heuristic's (docs/lab/ai-notes.md, "mcts@8")."""
import json

from games import engine
from games.ai import heuristic, mcts
from games.ai.common import decision_seed


def _discard_positions(games: int = 3):
    """(view, seed, prompt) at the discards of heuristic games."""
    for g in range(games):
        secret = f"discards-{g}"
        chars = ("deirdre", "fiona", "gerki", "zot")
        state = engine.new_game({"seats": [{"character": chars[g % 4]}, {"character": chars[(g + 1) % 4]}],
                                 "seed": secret})
        seq = 0
        while not state.over and seq < 600:
            prompt = engine.prompts(state)[0]
            view = engine.view(state, prompt.seat)
            seed = decision_seed(secret=secret, seq=seq, seat=prompt.seat)
            if prompt.kind == "phase:discard":
                yield view, seed, prompt
            state, _ = engine.apply(state, heuristic.decide(view, seed=seed))
            seq += 1


def _own_discard(view) -> set:
    """The cards the heuristic would throw back (none when it offers no discard but keeping all)."""
    return next((set(d["cards"]) for _, d in heuristic.ranked(view) if d["type"] == "discard" and d["cards"]),
                set())


def test_the_discards_nearby_differ_from_the_heuristics_by_one_card_and_are_on_offer():
    checked = 0
    for view, _, prompt in _discard_positions(2):
        offer = view["prompt"]["subsets"][0]
        own = _own_discard(view)
        nearby = heuristic.discards_nearby(view)
        assert len(nearby) == len(offer["cards"])     # one per card: thrown back or kept otherwise
        for _, d in nearby:
            assert prompt.offers(d), d
            assert len(set(d["cards"]) ^ own) == 1
        assert [s for s, _ in nearby] == sorted((s for s, _ in nearby), reverse=True)
        checked += 1
    assert checked > 10


def test_the_search_keeps_the_heuristics_discard_first_and_weighs_others():
    for view, _, prompt in _discard_positions(1):
        v7 = mcts._candidates(view, mcts.Settings(None, 0))
        v8 = mcts._candidates(view, mcts.Settings(None, 0, other_discards=True))
        assert v8[0] == v7[0] == heuristic.ranked(view)[0][1]
        assert len(v8) > len(v7) and len(v8) <= mcts.MAX_CANDIDATES
        assert len({json.dumps(d, sort_keys=True) for d in v8}) == len(v8)      # none weighed twice
        assert all(prompt.offers(d) for d in v8)


def test_the_search_throws_back_otherwise_than_the_heuristic():
    """With its full budget (no time cap, so it is deterministic) the search often keeps or
    throws back other cards than the heuristic would."""
    otherwise = 0
    for view, seed, prompt in _discard_positions(3):
        named = [[], sorted(_own_discard(view))]
        decision = mcts.decide(view, seed=seed, max_seconds=1000)
        assert prompt.offers(decision)
        otherwise += decision["type"] == "discard" and decision["cards"] not in named
        if otherwise >= 3:
            break
    assert otherwise >= 3
