"""A full game played through the API alone by two accounts, with every response of every
endpoint checked for hidden information; forbidden and malformed requests."""
import random

import orjson
import pytest
from rest_framework.test import APIClient

from games import engine, selectors
from games.models import Game
from replay.export import parse_export, refold_export

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery"
HIDDEN_KEYS = {"deck", "drink_me", "drink_deck", "box", "shuffles", "seed"}


def _account(name):
    client = APIClient()
    token = client.post("/api/accounts/signup/", {"username": name, "password": PASSWORD}, format="json").json()["token"]
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return api


def _table(owner, guest, characters=("deirdre", "zot")):
    table_id = owner.post("/api/tables/", {"player_count": 2}, format="json").json()["id"]
    assert owner.post(f"/api/tables/{table_id}/seats/", {"character": characters[0]}, format="json").status_code == 201
    assert guest.post(f"/api/tables/{table_id}/seats/", {"character": characters[1]}, format="json").status_code == 201
    started = owner.post(f"/api/tables/{table_id}/start/")
    assert started.status_code == 201, started.json()
    return table_id, started.json()


def _secrets(game_id, viewer):
    """What `viewer` must not see now: other hands, decks, Drink Me! piles, the drink deck."""
    game = Game.objects.get(pk=game_id)
    omni = engine.view(selectors.game_state(game=game), "omniscient")
    hidden = {c["id"] for c in omni.get("drink_deck", []) + omni.get("box", [])}
    for seat in omni["seats"]:
        hidden |= {c["id"] for c in seat.get("deck", []) + seat.get("drink_me", [])}
        if seat["seat"] != viewer:
            hidden |= {c["id"] for c in seat.get("hand", [])}
    return hidden, game.status == "over", game.secret.seed


def _walk(node, path=""):
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _walk(value, f"{path}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, f"{path}[{index}]")


def _check_hidden(body, raw: bytes, viewer, hidden, over, seed, where):
    if over:
        return
    assert seed.encode() not in raw, f"{where}: the seed leaked"
    for path, node in _walk(body):
        if not isinstance(node, dict):
            continue
        leaked = HIDDEN_KEYS & node.keys()
        assert not leaked, f"{where}{path}: shows {leaked}"
        if "id" in node and "key" in node:
            assert node["id"] not in hidden, f"{where}{path}: shows hidden card {node['id']}"
        if "hand" in node:
            assert node.get("seat") == viewer, f"{where}{path}: shows seat {node.get('seat')}'s hand"
        if "decisions" in node:
            assert node.get("seat") == viewer, f"{where}{path}: shows seat {node.get('seat')}'s decisions"
        if node.get("kind") in ("decision", "timeout") and node.get("seat") != viewer and "payload" in node:
            assert node["payload"] == {"redacted": True} and node["seat"] is None and node["actor"] is None, \
                f"{where}{path}: unredacted decision"


def _look(api, game_id, table_id, viewer):
    """Every GET endpoint as `viewer`, each response checked."""
    hidden, over, seed = _secrets(game_id, viewer)
    bodies = {}
    for name, url in [("game", f"/api/games/{game_id}/"), ("events", f"/api/games/{game_id}/events/"),
                      ("events-after", f"/api/games/{game_id}/events/?after=1"),
                      ("verify", f"/api/games/{game_id}/verify/"), ("table", f"/api/tables/{table_id}/"),
                      ("tables", "/api/tables/"), ("export", f"/api/games/{game_id}/export/")]:
        response = api.get(url)
        assert response.status_code == 200, (name, response.content[:300])
        raw = response.content
        body = [orjson.loads(line) for line in raw.splitlines()] if name == "export" else response.json()
        _check_hidden(body, raw, viewer, hidden, over, seed, f"{name} as {viewer}")
        bodies[name] = body
    assert bodies["verify"]["ok"], bodies["verify"]
    return bodies


def test_two_accounts_play_a_full_game_through_the_api():
    owner, guest, spectator = _account("owner"), _account("guest"), APIClient()
    table_id, started = _table(owner, guest)
    game_id = started["id"]
    assert started["your_seat"] == 0 and started["seq"] == 0
    players = {0: owner, 1: guest}
    rng = random.Random(2026)
    for step in range(2000):
        views = {seat: _look(api, game_id, table_id, seat) for seat, api in players.items()}
        _look(spectator, game_id, table_id, None)
        game = views[0]["game"]
        if game["over"]:
            break
        asked = [seat for seat, v in views.items() if v["game"]["your_prompt"]]
        assert len(asked) == 1, asked
        mine = views[asked[0]]["game"]["view"]["prompt"]
        decision = rng.choice(mine["decisions"])
        response = players[asked[0]].post(
            f"/api/games/{game_id}/decisions/",
            {"expected_seq": game["seq"], "idempotency_key": f"step-{step}", "decision": decision}, format="json")
        assert response.status_code == 201, response.json()
        assert response.json()["seq"] == game["seq"] + 1
        assert response.json().keys() == {"game", "seq", "state_hash", "over"}
    else:
        pytest.fail("the game did not end")
    final = _look(owner, game_id, table_id, 0)
    header, events = final["export"][0], final["export"][1:]
    assert header["seed"] and events[-1]["kind"] == "game_ended" and events[-1]["payload"]["seed"] == header["seed"]
    assert refold_export(header, events) is None
    assert final["verify"]["seed_revealed"] and final["game"]["winners"]
    assert "seed" in final["game"]["view"]
    text = owner.get(f"/api/games/{game_id}/export/").content.decode()
    assert refold_export(*parse_export(text)) is None


@pytest.fixture
def game_setup():
    owner, guest = _account("owner"), _account("guest")
    table_id, started = _table(owner, guest)
    return owner, guest, started


def _post(api, game_id, body, **kwargs):
    return api.post(f"/api/games/{game_id}/decisions/", body, format="json", **kwargs)


def test_forbidden_decisions(game_setup):
    owner, guest, started = game_setup
    game_id, seq = started["id"], started["seq"]
    actor = owner if owner.get(f"/api/games/{game_id}/").json()["your_prompt"] else guest
    other = guest if actor is owner else owner
    decision = actor.get(f"/api/games/{game_id}/").json()["view"]["prompt"]["decisions"][0]
    as_other_seat = _post(other, game_id, {"expected_seq": seq, "decision": decision})
    assert as_other_seat.status_code == 403 and as_other_seat.json()["code"] == "forbidden"
    anonymous = _post(APIClient(), game_id, {"expected_seq": seq, "decision": decision})
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "not_authenticated"
    stranger = _post(_account("stranger"), game_id, {"expected_seq": seq, "decision": decision})
    assert stranger.status_code == 403 and stranger.json()["code"] == "forbidden"
    not_yet = _post(other, game_id, {"expected_seq": seq, "decision": {"type": decision["type"]}})
    assert not_yet.status_code == 400 and not_yet.json()["code"] == "not_your_turn"
    ok = _post(actor, game_id, {"expected_seq": seq, "decision": decision, "idempotency_key": "a"})
    assert ok.status_code == 201 and ok["Idempotent-Replayed"] == "false"
    again = _post(actor, game_id, {"expected_seq": seq, "decision": decision, "idempotency_key": "a"})
    assert again.status_code == 201 and again.json() == ok.json() and again["Idempotent-Replayed"] == "true"
    stale = _post(actor, game_id, {"expected_seq": seq, "decision": decision})
    assert stale.status_code == 409 and stale.json()["code"] == "stale_seq"


@pytest.mark.parametrize("body, status, code", [
    ({}, 400, "invalid_input"),
    ({"expected_seq": "zero", "decision": {"type": "pass"}}, 400, "invalid_input"),
    ({"expected_seq": -1, "decision": {"type": "pass"}}, 400, "invalid_input"),
    ({"expected_seq": 10**40, "decision": {"type": "pass"}}, 400, "invalid_input"),
    ({"expected_seq": 0, "decision": "pass"}, 400, "invalid_input"),
    ({"expected_seq": 0, "decision": [1, 2]}, 400, "invalid_input"),
    ({"expected_seq": 0, "decision": {"kind": "pass"}}, 400, "invalid_input"),
    ({"expected_seq": 0, "decision": {"type": 7}}, 400, "invalid_input"),
    ({"expected_seq": 0, "decision": {"type": "summon_dragon"}}, 400, "illegal_decision"),
    ({"expected_seq": 0, "decision": {"type": "play", "card": 10**30}}, 400, "invalid_input"),
    ({"expected_seq": 0, "decision": {"type": "play", "card": 10**9}}, 400, "illegal_decision"),
    ({"expected_seq": 0, "decision": {"type": "pass", "junk": "x" * 10_000}}, 400, "invalid_input"),
    ({"expected_seq": 0, "idempotency_key": "k" * 500, "decision": {"type": "pass"}}, 400, "invalid_input"),
])
def test_malformed_decisions_are_4xx_with_a_code(game_setup, body, status, code):
    owner, guest, started = game_setup
    actor = owner if started["your_prompt"] else guest
    response = _post(actor, started["id"], body)
    assert response.status_code == status, response.content[:300]
    assert response.json()["code"] == code and response.json()["message"]


def test_raw_garbage_and_unknown_games(game_setup):
    owner, _, started = game_setup
    url = f"/api/games/{started['id']}/decisions/"
    for raw in (b"{not json", b"[" * 100_000, b"\xff\xfe", b'{"expected_seq": 0, "decision": ' + b"[" * 5000 + b"]" * 5000 + b"}"):
        response = owner.generic("POST", url, raw, content_type="application/json")
        assert 400 <= response.status_code < 500, (raw[:20], response.status_code)
        assert response.json()["code"]
    huge = owner.generic("POST", url, b'{"x": "' + b"a" * 3_000_000 + b'"}', content_type="application/json")
    assert huge.status_code in (400, 413) and huge.json()["code"]
    for path in ("/api/games/999999999/", "/api/games/999999999/events/", f"/api/games/{10**25}/verify/",
                 "/api/games/999999999/export/"):
        response = owner.get(path)
        assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert _post(owner, 999999999, {"expected_seq": 0, "decision": {"type": "pass"}}).status_code == 404
    assert owner.get(f"/api/games/{started['id']}/events/?after=x").json()["code"] == "invalid_input"
    assert owner.delete(f"/api/games/{started['id']}/").json()["code"] == "method_not_allowed"
