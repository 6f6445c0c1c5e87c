"""The Boss Battle family (docs/boss.md) through the lobby, the service and the pages: each
variant is offered, a table of one plays the villains' packs, a seat that must be a Boss
refuses a non-villain with a stable code, the owner's character decides whether it is the Boss,
AI seats take villains where a Boss sits; every variant starts from the lobby form, plays to the
end against AI seats, and its export and verification pass; the table shows the Boss's hand
size and Actions."""
import random

import pytest

from games import appends, engine, selectors, services, timers
from games.errors import ServiceError
from games.models import Game
from replay.verification import verify_game
from tests.replay.conftest import _fresh_caches, client_for  # noqa: F401 (autouse fixture)

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a long enough password 1"
VARIANTS = {"boss-battle": 4, "two-headed-boss-battle": 4, "leaders-and-lackeys": 4, "boss-versus-boss": 3}


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user(username="owner", password=PASSWORD)


def test_the_lobby_offers_every_boss_variant(owner):
    html = client_for(owner).get("/").content.decode()
    for variant in VARIANTS:
        assert f'value="{variant}"' in html


def test_a_boss_table_plays_the_villains_packs_and_the_boss_cards(owner):
    table = services.table_create(owner=owner, player_count=3, variant="boss-battle")
    chosen = table.options["packs"]
    assert {"rdi6-daareka", "rdi6-vlazlo", "boss-cards"} <= set(chosen)
    from games.packs import registry
    assert {"daareka", "nerodia", "zot"} <= set(registry.characters(chosen))


@pytest.mark.parametrize("count", [2, 6])
def test_boss_battle_refuses_a_table_without_two_to_four_challengers(owner, count):
    with pytest.raises(ServiceError) as e:
        services.table_create(owner=owner, player_count=count, variant="boss-battle")
    assert e.value.code == "invalid_player_count" and "Challengers" in e.value.message


def test_a_boss_seat_refuses_a_hero_with_a_sentence(owner):
    table = services.table_create(owner=owner, player_count=3, variant="boss-battle")
    with pytest.raises(ServiceError) as e:
        services.seat_take(table_id=table.pk, user=owner, character="zot", index=0)
    assert e.value.code == "boss_not_villain" and "must be a villain" in e.value.message
    services.seat_take(table_id=table.pk, user=owner, character="zot", index=1)    # a Challenger may be anyone
    api = client_for(owner).post(f"/api/tables/{table.pk}/seats/", {"character": "fiona", "ai": True, "index": 0},
                                 content_type="application/json")
    assert api.status_code == 400 and api.json()["code"] == "boss_not_villain"


def _create(owner, variant, character, players):
    client = client_for(owner)
    r = client.post("/tables/new/", {"variant": variant, "player_count": players, "character": character,
                                     "ai_seats": players - 1, "start": "1", "bot": "heuristic"})
    assert r.status_code == 302 and "/games/" in r["Location"], r.get("Location")
    return Game.objects.get(pk=int(r["Location"].rstrip("/").split("/")[-1]))


def test_a_hero_owner_is_a_challenger_and_an_ai_villain_the_boss(owner):
    game = _create(owner, "boss-battle", "fiona", 3)
    seats = {s.index: s for s in game.table.seats.all()}
    assert seats[1].user_id == owner.pk and not seats[1].is_ai and seats[1].character == "fiona"
    assert seats[0].is_ai
    content = engine.content_of(selectors.game_state(game=game).content)
    assert content.characters[seats[0].character].alignment == "villain"


def test_the_table_names_the_boss_and_the_challengers(owner):
    """In Boss Battle the two teams are a lone Boss and the Challengers: the mats, the Potions
    and the headline say so rather than "Team A" and "Team B"; a team variant keeps its letters."""
    game = _create(owner, "boss-battle", "fiona", 3)
    html = client_for(owner).get(f"/games/{game.pk}/").content.decode()
    assert ">The Boss<" in html and "The Challengers · yours" in html and "Team A" not in html
    assert "The Challengers&#x27; Potions: 2" in html        # the apostrophe, escaped
    from games.presentation.board import headline
    view = engine.view(selectors.game_state(game=game), 1)
    names = [s.character for s in sorted(game.table.seats.all(), key=lambda s: s.index)]
    if view["active"] != 0:
        assert headline(view, names).startswith("The Challengers' turn")
    else:
        assert headline(view, names).startswith("The Boss's turn")
    data = {"names": names, "teams": [[0], [1, 2]], "team_names": ["The Boss", "The Challengers"], "last": 0,
            "series": [[[20, 0, 10]] * 3], "eliminations": []}
    from replay import charts
    assert [ln["name"].split(":")[0] for ln in charts.legend(data)] == ["The Boss", "The Challengers"]
    two_headed = _create(owner, "two-headed-boss-battle", "daareka", 4)
    assert "Team A" in client_for(owner).get(f"/games/{two_headed.pk}/").content.decode()


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_starts_from_the_lobby_plays_to_the_end_and_verifies(owner, variant):
    game = _create(owner, variant, "daareka", VARIANTS[variant])
    seats = {s.index: s for s in game.table.seats.all()}
    assert seats[0].user_id == owner.pk, "a villain owner takes the first seat (the Boss's)"
    content = engine.content_of(selectors.game_state(game=game).content)
    rules = engine.VARIANTS[variant]
    for i, s in seats.items():
        if rules.boss_seat(i, len(seats)):
            assert content.characters[s.character].alignment == "villain", (i, s.character)
    html = client_for(owner).get(f"/games/{game.pk}/").content.decode()
    assert "Boss · draws up to" in html, "the Boss's hand size and Actions are on the table"
    rng = random.Random(variant)
    for _ in range(3000):
        game.refresh_from_db()
        if game.status == "over":
            break
        timers.play_automatic(game.pk, game.seq, budget=30)
        game.refresh_from_db()
        if game.status == "over":
            break
        state = selectors.game_state(game=game)
        prompt = engine.prompts(state)[0]
        if seats[prompt.seat].is_ai:
            continue
        choices = [d for d in prompt.decisions if d["type"] != "potion"] or prompt.decisions
        appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=rng.choice(choices),
                                 actor=f"user:{owner.pk}", expected_seq=game.seq)
    game.refresh_from_db()
    assert game.status == "over"
    result = verify_game(game.pk)
    assert result.ok, result.problem
    export = client_for(owner).get(f"/api/games/{game.pk}/export/")
    assert export.status_code == 200
    from replay.offline import verify_export_bytes
    assert verify_export_bytes(export.content).ok
    replay = client_for(owner).get(f"/games/{game.pk}/replay/", {"at": 5})
    assert replay.status_code == 200
