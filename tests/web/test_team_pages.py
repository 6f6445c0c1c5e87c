"""A Two-Headed Dragon table (docs/teams.md) through the service and the pages: the variant is
offered and checked at table creation, and every page of a game in progress shows a player
their teammate's hand (its own panel) and nobody else's; the API view does the same."""
import random

import pytest

from games import engine, selectors, services, store
from games.errors import ServiceError
from games.models import Game
from tests.replay.conftest import client_for

pytestmark = pytest.mark.django_db(transaction=True)
VARIANT = "two-headed-dragon"


@pytest.fixture(autouse=True)
def _fresh_cache():
    store.cache.clear()
    yield
    store.cache.clear()


@pytest.fixture
def team_game(django_user_model):
    users = [django_user_model.objects.create_user(username=n, password="a long enough password 1")
             for n in ("ana", "bob", "cid", "dee")]
    table = services.table_create(owner=users[0], player_count=4, variant=VARIANT)
    for user, character in zip(users, ("zot", "fiona", "gerki", "deirdre")):
        services.seat_take(table_id=table.pk, user=user, character=character)
    game = services.table_start(table_id=table.pk, user=users[0], seed="cd" * 32)
    return game, users


@pytest.mark.parametrize("count", [2, 3, 5])
def test_a_team_table_needs_teams_of_two(django_user_model, count):
    owner = django_user_model.objects.create_user(username="owner", password="a long enough password 1")
    with pytest.raises(ServiceError) as e:
        services.table_create(owner=owner, player_count=count, variant=VARIANT)
    assert e.value.code == "invalid_player_count"


def test_the_api_creates_a_team_table_and_refuses_an_unknown_variant(django_user_model):
    owner = django_user_model.objects.create_user(username="owner", password="a long enough password 1")
    client = client_for(owner)
    ok = client.post("/api/tables/", {"player_count": 6, "variant": VARIANT}, content_type="application/json")
    assert ok.status_code == 201 and ok.json()["variant"] == VARIANT
    bad = client.post("/api/tables/", {"player_count": 4, "variant": "three-headed"}, content_type="application/json")
    assert bad.status_code == 400 and bad.json()["code"] == "unknown_variant"


def test_the_lobby_offers_the_variant(django_user_model):
    owner = django_user_model.objects.create_user(username="owner", password="a long enough password 1")
    html = client_for(owner).get("/").content.decode()
    assert 'value="two-headed-dragon"' in html


def _cards(view, seat):
    return view["seats"][seat].get("hand", [])


def test_pages_show_the_teammates_hand_and_no_other(team_game):
    game, users = team_game
    rng = random.Random(5)
    for _ in range(5):
        game.refresh_from_db()
        state = selectors.game_state(game=game)
        omni = engine.view(state, "omniscient")
        public = {c["title"] for s in omni["seats"] for c in s["discard"]} | {c["title"] for c in omni["drink_discard"]}
        for me, user in enumerate(users):
            partner = me ^ 1
            client = client_for(user)
            html = client.get(f"/games/{game.pk}/board/").content.decode()
            api = client.get(f"/api/games/{game.pk}/").json()
            assert 'id="partner-hand"' in html and "Potions" in html and "Team " in html
            mine = {c["id"] for c in _cards(omni, me)}
            for c in _cards(omni, partner):
                assert f'data-card="{c["id"]}"' in html, "the teammate's hand is on the page"
            shown = {s["seat"] for s in api["view"]["seats"] if "hand" in s}
            assert shown == {me, partner}
            for other in range(4):
                if other in (me, partner):
                    continue
                for c in _cards(omni, other):
                    assert f'data-card="{c["id"]}"' not in html
                    if c["title"] not in public and c["id"] not in mine:
                        assert c["title"] not in html or any(
                            c["title"] == x["title"] for x in _cards(omni, me) + _cards(omni, partner))
        for _ in range(12):
            game.refresh_from_db()
            if game.status == Game.Status.OVER:
                return
            state = selectors.game_state(game=game)
            prompt = engine.prompts(state)[0]
            services.submit_decision(game_id=game.pk, seat=prompt.seat, decision=rng.choice(prompt.decisions),
                                     actor="test", expected_seq=game.seq)


def test_a_replay_frame_during_the_game_shows_a_seat_its_teammates_hand_only(team_game):
    game, users = team_game
    rng = random.Random(9)
    for _ in range(10):
        game.refresh_from_db()
        state = selectors.game_state(game=game)
        prompt = engine.prompts(state)[0]
        services.submit_decision(game_id=game.pk, seat=prompt.seat, decision=rng.choice(prompt.decisions),
                                 actor="test", expected_seq=game.seq)
    game.refresh_from_db()
    for me, user in enumerate(users):
        body = client_for(user).get(f"/api/games/{game.pk}/replay/", {"at": game.seq, "as": me})
        assert body.status_code == 200
        seats = body.json()["view"]["seats"]
        assert {s["seat"] for s in seats if "hand" in s} == {me, me ^ 1}
        assert client_for(user).get(f"/api/games/{game.pk}/replay/", {"at": game.seq, "as": me ^ 1}).status_code in (403, 404)
