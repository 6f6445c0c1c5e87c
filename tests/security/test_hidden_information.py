"""Hidden information never leaves through the API (docs/security.md "Redaction and views").

Random legal play through the one way in (`appends.submit_decision`), and after every
decision every way out a non-omniscient caller has is scanned, for each other seat and for an
anonymous caller: the game detail, the events feed, the replay frame of the latest event and
the export. None may list a card of another seat's hand, of any deck or of any Drink Me! pile
(nor the drink deck), show the seed before the end, or tell who is being asked in a response
window (the engine-level check of the same, for every seat and player count, is
tests/test_properties.py). Budget: a few seconds per game; RDI_HIDDEN_GAMES / RDI_HIDDEN_STEPS
make a longer hunt.
"""
import json
import os
import random

import pytest

from games import appends, engine, selectors, services
from games.models import Game
from tests.test_properties import _ids_in, _last_key, hidden_ids, list_paths

GAMES = int(os.environ.get("RDI_HIDDEN_GAMES", "2"))
STEPS = int(os.environ.get("RDI_HIDDEN_STEPS", "40"))

pytestmark = pytest.mark.django_db


def _body(response):
    if response["Content-Type"].startswith("application/x-ndjson"):
        return [json.loads(line) for line in response.content.splitlines() if line.strip()]
    return response.json()


def _scan(name, body, *, state, viewer, asked):
    """Fail when `body` (the answer to `viewer`: a seat, or None for anonymous) shows what that
    viewer may not know."""
    text = json.dumps(body)
    where = f"{name} as {'anonymous' if viewer is None else f'seat {viewer}'}"
    if not state.over:
        assert state.seed not in text, f"{where} shows the seed before the end"
    hidden = hidden_ids(state, "spectator" if viewer is None else viewer)
    for path, value in list_paths(body):
        leaked = _ids_in(value, _last_key(path)) & hidden
        assert not leaked, f"{where} lists hidden cards {sorted(leaked)} at {'.'.join(map(str, path))}"
    if state.over:
        return
    others_asked = asked - {viewer}
    for node in _dicts(body):
        if isinstance(node.get("prompt"), dict):
            assert node["prompt"].get("seat") not in others_asked, f"{where} names the seat asked to respond"
        if node.get("kind") in ("decision", "timeout") and node.get("seat") not in (None, viewer):
            assert False, f"{where} shows seat {node['seat']}'s decision at seq {node.get('seq')} while the game runs"


def _dicts(node):
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _dicts(value)
    elif isinstance(node, list):
        for value in node:
            yield from _dicts(value)


def _play_and_scan(seed, make_user, api_for):
    rng = random.Random(seed)
    users = [make_user(f"hidden{seed}x{i}") for i in range(3)]
    table = services.table_create(owner=users[0], player_count=3, turn_seconds=None)
    for user, character in zip(users, ("zot", "fiona", "gerki")):
        services.seat_take(table_id=table.pk, user=user, character=character)
    game = services.table_start(table_id=table.pk, user=users[0])
    clients = {i: api_for(u) for i, u in enumerate(users)} | {None: api_for()}
    for _ in range(STEPS):
        game = Game.objects.get(pk=game.pk)
        state = selectors.game_state(game=game)
        if state.over:
            break
        prompt = rng.choice(engine.prompts(state))
        appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=rng.choice(prompt.decisions),
                                 actor=f"user:{users[prompt.seat].pk}")
        game = Game.objects.get(pk=game.pk)
        state = selectors.game_state(game=game)
        asked = {p.seat for p in engine.prompts(state) if p.kind == "respond"}
        for viewer, client in clients.items():
            for name, url in (("game", f"/api/games/{game.pk}/"), ("events", f"/api/games/{game.pk}/events/"),
                              ("replay frame", f"/api/games/{game.pk}/replay/?at={game.seq}"),
                              ("export", f"/api/games/{game.pk}/export/")):
                response = client.get(url)
                assert response.status_code < 500, (name, response.content[:300])
                if response.status_code == 200:
                    _scan(name, _body(response), state=state, viewer=viewer, asked=asked)
                else:
                    _scan(name, response.json(), state=state, viewer=viewer, asked=asked)


@pytest.mark.parametrize("seed", range(GAMES))
def test_no_way_out_shows_what_the_caller_may_not_see(seed, make_user, api_for):
    _play_and_scan(seed, make_user, api_for)


def test_the_scan_is_not_vacuous():
    """An answer that shows another seat's hand, or names the seat asked to respond, fails."""
    state = engine.new_game(__import__("games.simulation", fromlist=["make_setup"]).make_setup(3, "ab" * 32))
    omniscient = engine.view(state, "omniscient")
    with pytest.raises(AssertionError, match="hidden cards"):
        _scan("game", {"view": omniscient}, state=state, viewer=1, asked=set())
    with pytest.raises(AssertionError, match="seed"):
        _scan("game", {"seed": state.seed}, state=state, viewer=None, asked=set())
    with pytest.raises(AssertionError, match="asked to respond"):
        _scan("game", {"prompt": {"seat": 2, "kind": "respond"}}, state=state, viewer=0, asked={2})
