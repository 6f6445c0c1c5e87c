"""Small builders for engine unit tests."""
from games.engine import new_game, prompts
from games.engine.scenario import run, setup_from


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
