"""The pages render from the caller's view only: no page of a game in progress contains
another seat's hidden cards (hand, deck, Drink Me! pile); decisions from the page go through
`submit_decision`; the log narrates Effects without telling who passed a response window."""
import json
import random
import re

import pytest
from django.test import Client

from games import appends, engine, selectors, services, store
from games.models import Game
from games.presentation import narration
from tests.replay.conftest import client_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fresh_cache():
    store.cache.clear()
    yield
    store.cache.clear()


def _user(django_user_model, name):
    return django_user_model.objects.create_user(username=name, password="a long enough password 1")


@pytest.fixture
def two_player_game(django_user_model):
    ana, bob = _user(django_user_model, "ana"), _user(django_user_model, "bob")
    table = services.table_create(owner=ana, player_count=3)
    services.seat_take(table_id=table.pk, user=ana, character="zot")
    services.seat_take(table_id=table.pk, user=bob, character="fiona")
    services.seat_take(table_id=table.pk, user=ana, character="gerki", ai=True)
    game = services.table_start(table_id=table.pk, user=ana, seed="ab" * 32)
    return game, [ana, bob]


def _omniscient(game):
    game.refresh_from_db()
    return engine.view(selectors.game_state(game=game), "omniscient")


def _hidden_titles_of(omni, seat, own_titles):
    """Titles of cards only `seat`'s owner (or nobody) may see, minus titles also public."""
    public = {c["title"] for s in omni["seats"] for c in s["discard"]} | {c["title"] for c in omni["drink_discard"]}
    for fr in omni["stack"]:
        if isinstance(fr.get("card"), dict):
            public.add(fr["card"]["title"])
        for r in fr.get("reveals", []):
            public |= {c["title"] for c in r["cards"]}
    s = omni["seats"][seat]
    hidden = {c["title"] for c in s["hand"] + s["deck"] + s["drink_me"]}
    return hidden - public - own_titles


def _page_urls(game):
    return [f"/games/{game.pk}/", f"/games/{game.pk}/board/", f"/games/{game.pk}/log/?after=-1", "/", "/history/"]


def _assert_no_leak(game, users):
    omni = _omniscient(game)
    hands = {i: {c["title"] for c in s["hand"]} for i, s in enumerate(omni["seats"])}
    ids = {i: {c["id"] for c in s["hand"]} for i, s in enumerate(omni["seats"])}
    for me, user in enumerate(users):
        client = client_for(user)
        for url in _page_urls(game):
            html = client.get(url).content.decode()
            for other in range(len(omni["seats"])):
                if other == me:
                    continue
                for title in _hidden_titles_of(omni, other, hands[me]):
                    assert title not in html and title.replace("'", "&#x27;") not in html, (url, me, other, title)
                for cid in ids[other]:
                    assert f'data-card="{cid}"' not in html and f'name="cards" value="{cid}"' not in html
    spectator = Client()
    for url in _page_urls(game)[:3]:
        html = spectator.get(url).content.decode()
        for other in range(len(omni["seats"])):
            for title in _hidden_titles_of(omni, other, set()):
                assert title not in html and title.replace("'", "&#x27;") not in html, (url, "spectator", title)


def _play(game, rng, steps):
    for _ in range(steps):
        game.refresh_from_db()
        if game.status == Game.Status.OVER:
            return
        state = selectors.game_state(game=game)
        prompt = engine.prompts(state)[0]
        decision = rng.choice(prompt.decisions)
        appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=decision, actor="test",
                                 expected_seq=game.seq)


def test_every_page_of_a_game_in_progress_hides_other_hands(two_player_game):
    game, users = two_player_game
    rng = random.Random(3)
    for _ in range(6):
        _assert_no_leak(game, users)
        _play(game, rng, 15)
        game.refresh_from_db()
        if game.status == Game.Status.OVER:
            break


def test_the_table_page_offers_exactly_the_prompts_decisions(two_player_game):
    game, users = two_player_game
    rng = random.Random(5)
    for _ in range(80):
        game.refresh_from_db()
        if game.status == Game.Status.OVER:
            break
        state = selectors.game_state(game=game)
        prompt = engine.prompts(state)[0]
        if prompt.seat in (0, 1):
            html = client_for(users[prompt.seat]).get(f"/games/{game.pk}/board/").content.decode()
            offered = [json.loads(m.replace("&quot;", '"'))
                       for m in re.findall(r'name="decision" value="([^"]*)"', html)]
            expected = [d for d in prompt.decisions if d["type"] != "discard"]
            assert sorted(map(json.dumps, offered)) == sorted(json.dumps(d, sort_keys=True) for d in expected)
            if any(d["type"] == "discard" for d in prompt.decisions):
                assert 'id="discard-form"' in html
            other = client_for(users[1 - prompt.seat]).get(f"/games/{game.pk}/board/").content.decode()
            assert 'name="decision"' not in other
        _play(game, rng, 1)


def test_a_decision_from_the_page_is_appended(two_player_game):
    game, users = two_player_game
    rng = random.Random(1)
    while True:
        game.refresh_from_db()
        prompt = engine.prompts(selectors.game_state(game=game))[0]
        if prompt.seat in (0, 1):
            break
        _play(game, rng, 1)
    client, seq = client_for(users[prompt.seat]), game.seq
    decision = prompt.decisions[-1]
    if decision["type"] == "discard":
        body = {"discard": "1", "expected_seq": str(seq), "key": "k1", "cards": [str(c) for c in decision["cards"]]}
    else:
        body = {"decision": json.dumps(decision), "expected_seq": str(seq), "key": "k1"}
    answer = client.post(f"/games/{game.pk}/decide/", body, HTTP_ACCEPT="application/json")
    assert answer.status_code == 201, answer.content
    game.refresh_from_db()
    assert game.seq >= seq + 1
    stale = client.post(f"/games/{game.pk}/decide/", {**body, "key": "k2"}, HTTP_ACCEPT="application/json")
    assert stale.status_code in (400, 409)
    outsider = Client()
    assert outsider.post(f"/games/{game.pk}/decide/", body, HTTP_ACCEPT="application/json").status_code == 403


def test_window_passes_are_narrated_only_to_the_seat_that_passed():
    names = ["Zot", "Fiona"]
    state = engine.new_game({"seats": [{"character": "zot"}, {"character": "fiona"}], "seed": "s", "variant": "base",
                             "options": {}})
    fx = [{"type": "pass", "seat": 1}, {"type": "fortitude", "seat": 0, "delta": -2, "now": 18}]
    assert narration.narrate_effects(fx, state=state, names=names, seat=0, over=False) == ["Zot lost 2 Fortitude, now 18."]
    assert len(narration.narrate_effects(fx, state=state, names=names, seat=1, over=False)) == 2


def test_lobby_signup_play_now_and_history(client, django_user_model):
    assert client.get("/").status_code == 200
    answer = client.post("/signup/", {"username": "carol", "password1": "a long passphrase 9",
                                      "password2": "a long passphrase 9"})
    assert answer.status_code == 302
    answer = client.post("/play-now/")
    assert answer.status_code == 302 and answer["Location"].startswith("/games/")
    page = client.get(answer["Location"])
    assert page.status_code == 200 and b"data-card=" in page.content       # your cards, in the prompt or below it
    assert b"Continue" in client.get("/history/").content
    assert client.get("/login/").status_code == 200


def test_create_join_and_start_a_table(django_user_model):
    ana, bob = _user(django_user_model, "ana2"), _user(django_user_model, "bob2")
    a, b = client_for(ana), client_for(bob)
    answer = a.post("/tables/new/", {"player_count": "3", "character": "zot", "ai_seats": "1", "turn_seconds": "60"})
    assert answer.status_code == 302
    table_url = answer["Location"]
    assert b"Table" in b.get(table_url).content
    b.post(table_url + "join/", {"character": "fiona"})
    started = a.post(table_url + "start/")
    assert started["Location"].startswith("/games/")
    page = b.get(started["Location"]).content.decode()
    assert "Fiona the Volatile" in page
