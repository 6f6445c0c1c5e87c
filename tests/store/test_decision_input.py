"""One validation of a decision request for every way in: the same bad input gets the same
400 `invalid_input` from the API and from the web page's decide form (with or without
JavaScript), never a 500, and nothing is appended."""
import json

import pytest
from django.test import Client

from games import engine, selectors
from games.decision_input import MAX_INT, InvalidDecisionRequest, parse
from games.models import Game, GameEvent

pytestmark = pytest.mark.django_db

BAD = {
    "key over 100 characters": {"idempotency_key": "k" * 101},
    "NUL in the key": {"idempotency_key": "retry\x00-1"},
    "a control character in the key": {"idempotency_key": "retry\n1"},
    "NUL in a decision string": {"decision": {"type": "pass\x00"}},
    "NUL in a decision name": {"decision": {"type": "pass", "\x00": 1}},
    "an unpaired surrogate in a decision string": {"decision": {"type": "\ud800"}},
    "a list, not an object": {"decision": [1, 2]},
    "a string, not an object": {"decision": "pass"},
    "a number, not an object": {"decision": 5},
    "a float card id": {"decision": {"type": "play", "card": 5.0}},
    "a boolean card id": {"decision": {"type": "play", "card": True}},
    "a float inside a list": {"decision": {"type": "discard", "cards": [1.0]}},
    "a boolean inside a list": {"decision": {"type": "discard", "cards": [True]}},
    "a null card": {"decision": {"type": "play", "card": None}},
    "a huge card id": {"decision": {"type": "play", "card": 10**30}},
    "a card id just out of range": {"decision": {"type": "play", "card": MAX_INT + 1}},
    "deep nesting": {"decision": {"type": "pass", "x": [[[[[[[[1]]]]]]]]}},
    "no type": {"decision": {"kind": "pass"}},
    "a boolean seq": {"expected_seq": True},
    "a float seq": {"expected_seq": 0.0},
    "a huge seq": {"expected_seq": 10**30},
    "a negative seq": {"expected_seq": -1},
}


@pytest.fixture
def game_at_prompt(start_game):
    """(game, the asked user, their legal decision)."""
    game, users = start_game()
    prompt = engine.prompts(selectors.game_state(game=game))[0]
    return game, users[prompt.seat], prompt.decisions[0]


def _body(game, decision, bad):
    return {"expected_seq": game.seq, "idempotency_key": "fresh", "decision": decision, **bad}


def _form(body):
    seq = body["expected_seq"]
    return {"expected_seq": str(seq).lower() if not isinstance(seq, str) else seq,
            "key": body["idempotency_key"], "decision": json.dumps(body["decision"])}


def _api_post(api, game, body):
    """As JSON text with escapes, so that even an unpaired surrogate can be sent."""
    return api.generic("POST", f"/api/games/{game.pk}/decisions/", json.dumps(body), content_type="application/json")


@pytest.mark.parametrize("case", BAD)
def test_every_way_in_refuses_the_same_bad_input_alike(game_at_prompt, api_for, case):
    game, user, decision = game_at_prompt
    body = _body(game, decision, BAD[case])
    events = GameEvent.objects.filter(game=game).count()
    api = _api_post(api_for(user), game, body)
    assert (api.status_code, api.json()["code"]) == (400, "invalid_input"), api.json()
    assert api.json()["message"]
    web = Client()
    web.force_login(user)
    page = web.post(f"/games/{game.pk}/decide/", _form(body), HTTP_ACCEPT="application/json")
    assert (page.status_code, page.json()["code"]) == (400, "invalid_input"), page.content[:300]
    no_script = web.post(f"/games/{game.pk}/decide/", _form(body), follow=True)
    assert no_script.status_code == 200 and no_script.redirect_chain
    assert GameEvent.objects.filter(game=game).count() == events
    assert Game.objects.get(pk=game.pk).seq == game.seq


def test_the_same_good_request_passes_every_way_in(game_at_prompt, api_for):
    game, user, decision = game_at_prompt
    web = Client()
    web.force_login(user)
    page = web.post(f"/games/{game.pk}/decide/", _form(_body(game, decision, {})), HTTP_ACCEPT="application/json")
    assert page.status_code == 201, page.content[:300]
    again = api_for(user).post(f"/api/games/{game.pk}/decisions/", _body(game, decision, {}), format="json")
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"


def test_undecodable_bodies_are_400_every_way_in(game_at_prompt, api_for):
    game, user, _ = game_at_prompt
    deep = "[" * 100_000 + "]" * 100_000
    api = api_for(user).generic("POST", f"/api/games/{game.pk}/decisions/",
                                f'{{"expected_seq": 0, "decision": {deep}}}', content_type="application/json")
    assert api.status_code == 400 and api.json()["code"]
    web = Client()
    web.force_login(user)
    for form in ({"expected_seq": "0", "decision": deep}, {"expected_seq": "0", "decision": "{not json"},
                 {"expected_seq": "0", "decision": '{"type": "pass", "n": NaN}'},
                 {"expected_seq": "0", "discard": "1", "cards": ["1.0"]},
                 {"expected_seq": "9" * 5000, "decision": '{"type": "pass"}'}, {"decision": '{"type": "pass"}'}):
        page = web.post(f"/games/{game.pk}/decide/", form, HTTP_ACCEPT="application/json")
        assert (page.status_code, page.json()["code"]) == (400, "invalid_input"), (form, page.content[:200])
    assert GameEvent.objects.filter(game=game).count() == 1


def test_another_seat_is_forbidden_every_way_in(game_at_prompt, api_for):
    game, user, decision = game_at_prompt
    other = {**decision, "seat": 1 - decision["seat"]}
    api = api_for(user).post(f"/api/games/{game.pk}/decisions/", _body(game, other, {}), format="json")
    web = Client()
    web.force_login(user)
    page = web.post(f"/games/{game.pk}/decide/", _form(_body(game, other, {})), HTTP_ACCEPT="application/json")
    assert (api.status_code, api.json()["code"]) == (page.status_code, page.json()["code"]) == (403, "forbidden")


def test_the_validation_names_the_field_and_keeps_good_values():
    checked = parse({"expected_seq": 3, "decision": {"type": "discard", "cards": [4, 9]}})
    assert (checked.expected_seq, checked.idempotency_key, checked.for_seat(1)) == \
        (3, None, {"type": "discard", "cards": [4, 9], "seat": 1})
    with pytest.raises(InvalidDecisionRequest) as raised:
        parse({"expected_seq": 3, "decision": {"type": "play", "card": True}})
    assert raised.value.field == "decision" and "decision.card" in raised.value.message
    assert raised.value.status == 400 and raised.value.code == "invalid_input"
