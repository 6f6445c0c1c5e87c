"""A Two-Headed Dragon table (docs/teams.md) through the service and the pages: the variant is
offered and checked at table creation, and every page of a game in progress shows a player
their teammate's hand (its own panel) and nobody else's; the API view does the same. The table
shows one mat per team, whose half of the shared turn is pending, what a Champion is chosen
for; the replay charts one line per team and narrates Potions and Champions."""
import random
import re

import pytest
from django.utils.html import escape

from games import appends, engine, selectors, services
from games.errors import ServiceError
from games.models import Game
from games.presentation.narration import seat_names
from replay import charts
from tests.replay.conftest import _fresh_caches, client_for  # noqa: F401 (autouse fixture)

pytestmark = pytest.mark.django_db(transaction=True)
VARIANT = "two-headed-dragon"


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


def test_the_table_setup_page_shows_the_teams(django_user_model):
    owner = django_user_model.objects.create_user(username="owner", password="a long enough password 1")
    table = services.table_create(owner=owner, player_count=4, variant=VARIANT)
    services.seat_take(table_id=table.pk, user=owner, character="zot")
    html = client_for(owner).get(f"/tables/{table.pk}/").content.decode()
    seats = re.findall(r'<li><span class="chip team-([A-D])">Team ([A-D])</span>', html)
    assert seats == [("A", "A"), ("A", "A"), ("B", "B"), ("B", "B")]      # teammates sit together
    solo = services.table_create(owner=owner, player_count=4)
    assert "Team A" not in client_for(owner).get(f"/tables/{solo.pk}/").content.decode()


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
            appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=rng.choice(prompt.decisions),
                                     actor="test", expected_seq=game.seq)


def test_a_replay_frame_during_the_game_shows_a_seat_its_teammates_hand_only(team_game):
    game, users = team_game
    rng = random.Random(9)
    for _ in range(10):
        game.refresh_from_db()
        state = selectors.game_state(game=game)
        prompt = engine.prompts(state)[0]
        appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=rng.choice(prompt.decisions),
                                 actor="test", expected_seq=game.seq)
    game.refresh_from_db()
    for me, user in enumerate(users):
        body = client_for(user).get(f"/api/games/{game.pk}/replay/", {"at": game.seq, "as": me})
        assert body.status_code == 200
        seats = body.json()["view"]["seats"]
        assert {s["seat"] for s in seats if "hand" in s} == {me, me ^ 1}
        assert client_for(user).get(f"/api/games/{game.pk}/replay/", {"at": game.seq, "as": me ^ 1}).status_code in (403, 404)


def _names(state):
    return seat_names(engine.view(state, "omniscient"))


def _decide(game, rng, *, until=None, limit=400):
    """Random decisions (no Potions: they would end the game sooner) through the service until
    `until(prompt)` holds; returns that prompt."""
    for _ in range(limit):
        game.refresh_from_db()
        state = selectors.game_state(game=game)
        prompt = engine.prompts(state)[0]
        if until is not None and until(prompt):
            return prompt
        choices = [d for d in prompt.decisions if d["type"] != "potion"] or prompt.decisions
        appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=rng.choice(choices),
                                 actor="test", expected_seq=game.seq)
    raise AssertionError("never reached")


def _mats(html):
    return re.findall(r'<article class="mat team-mat[^"]*"[^>]*data-seats="([\d ]+)"', html)


def test_the_table_shows_one_mat_per_team_with_both_players_and_the_shared_numbers_once(team_game):
    game, users = team_game
    state = selectors.game_state(game=game)
    names = _names(state)
    html = client_for(users[2]).get(f"/games/{game.pk}/board/").content.decode()
    assert _mats(html) == ["0 1", "2 3"]
    assert html.count('aria-label="Fortitude"') == 2 and html.count('class="gold"') == 2
    mats = html.split('<article class="mat team-mat')[1:]
    mine, theirs = mats[1], mats[0]
    assert "Team B · yours" in mine and "Team A" in theirs and "yours" not in theirs
    for seat, role in ((2, "you"), (3, "your teammate")):
        character = engine.view(state, 2)["seats"][seat]["name"]
        assert re.search(rf'data-seat="{seat}">.*?<strong>{character}</strong><span class="muted">{role} · 7 in hand',
                         mine, re.S), role
    for seat in (0, 1):
        assert f'data-seat="{seat}"' in theirs and names[seat][0] in theirs
    assert re.search(r'<dt>Potions</dt><dd class="potions">2</dd>', mine)
    assert f'aria-valuenow="{state.seats[2].fortitude}"' in mine and f'<dd class="gold">{state.seats[2].gold}</dd>' in mine


def test_an_individual_table_keeps_one_mat_per_seat(django_user_model):
    users = [django_user_model.objects.create_user(username=n, password="a long enough password 1") for n in ("ann", "ben")]
    table = services.table_create(owner=users[0], player_count=2)
    for user, character in zip(users, ("zot", "fiona")):
        services.seat_take(table_id=table.pk, user=user, character=character)
    game = services.table_start(table_id=table.pk, user=users[0], seed="ef" * 32)
    html = client_for(users[0]).get(f"/games/{game.pk}/board/").content.decode()
    assert "team-mat" not in html and "Team " not in html
    assert re.findall(r'<article class="mat[^"]*" data-seat="(\d)"', html) == ["0", "1"]
    assert "&#x27;s turn · " in html


def test_the_headline_and_the_mat_say_whose_half_of_the_shared_turn_is_pending(team_game):
    game, users = team_game
    state = selectors.game_state(game=game)
    names, first = _names(state), state.active
    partner = first ^ 1
    letter = "AB"[first // 2]
    html = client_for(users[0]).get(f"/games/{game.pk}/board/").content.decode()
    assert escape(f"Team {letter}'s turn · Discard and draw · {names[first]} now, {names[partner]} still to play") in html
    assert re.search(rf'class="member[^"]*half-now" data-seat="{first}"', html)
    assert re.search(rf'class="member[^"]*half-next" data-seat="{partner}"', html)
    keep = next(d for d in engine.prompts(state)[0].decisions if d["type"] == "discard" and not d.get("cards"))
    appends.submit_decision(game_id=game.pk, seat=first, decision=keep, actor="test", expected_seq=game.seq)
    game.refresh_from_db()
    assert selectors.game_state(game=game).active == partner
    html = client_for(users[0]).get(f"/games/{game.pk}/board/").content.decode()
    assert f"{names[partner]} now, {names[first]} done" in html
    assert re.search(rf'class="member[^"]*half-done" data-seat="{first}"', html)
    other = "AB"[1 - first // 2]
    theirs = html.split(f'team-mat team-{other}')[1].split("</article>")[0]
    assert "half-" not in theirs, "only the team whose turn it is has a pending half"


def test_the_champion_prompt_says_what_it_is_for_and_names_the_candidates(team_game):
    game, users = team_game
    prompt = _decide(game, random.Random(0), until=lambda p: p.kind == "champion")
    state = selectors.game_state(game=game)
    names, view = _names(state), engine.view(state, "omniscient")
    chooser = next(s for s in view["stack"] if s["f"] == "champions")
    on = next(f for f in view["stack"] if f.get("id") == chooser["on"])
    title = (on.get("event_card") or on["card"])["title"]
    candidates = [names[d["champion"]] for d in prompt.decisions if d["type"] == "champion"]
    assert len(candidates) == 2
    html = client_for(users[prompt.seat]).get(f"/games/{game.pk}/board/").content.decode()
    assert f"Your team chooses its Champion for {escape(title)}" in html
    assert f"Choose {candidates[0]} or {candidates[1]}." in html
    for c in candidates:
        assert f"{c} is our Champion" in html
    other = next(i for i in range(4) if i // 2 != prompt.seat // 2)
    html = client_for(users[other]).get(f"/games/{game.pk}/board/").content.decode()
    assert f"Waiting for {names[prompt.seat]}&#x27;s team to choose its Champion for {escape(title)}" in html


def test_the_replay_draws_one_line_per_team_names_the_teams_and_narrates_potions_and_champions(team_game):
    game, users = team_game
    state = selectors.game_state(game=game)
    prompt = engine.prompts(state)[0]
    potion = next(d for d in prompt.decisions if d["type"] == "potion" and d["effect"] == "gold")
    appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=potion, actor="test", expected_seq=game.seq)
    game.refresh_from_db()
    potion_seq = game.seq
    prompt = _decide(game, random.Random(0), until=lambda p: p.kind == "champion")
    choice = next(d for d in prompt.decisions if d["type"] == "champion")
    appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=choice, actor="test", expected_seq=game.seq)
    game.refresh_from_db()
    champion_seq = game.seq
    names = _names(selectors.game_state(game=game))
    client = client_for(users[0])
    html = client.get(f"/games/{game.pk}/replay/", {"at": potion_seq, "as": 0}).content.decode()
    assert f"Team A: {names[0]} &amp; {names[1]}" in html and f"Team B: {names[2]} &amp; {names[3]}" in html
    for stat in ("fortitude", "alcohol", "gold"):
        svg = html.split(f'data-stat="{stat}"')[1].split("</svg>")[0]
        assert re.findall(r'<polyline[^>]*data-seats="([\d ]+)"', svg) == ["0 1", "2 3"], stat
    assert "of every team over the game" in html
    assert _mats(html) == ["0 1", "2 3"], "the replay's board shows the team mats"
    assert "drank one of the team&#x27;s Potions for 3 Gold from the Inn (1 left)" in html
    frame = client.get(f"/games/{game.pk}/replay/frame/", {"at": champion_seq, "as": 0}).content.decode()
    assert f"team chose {names[choice['champion']]} as its Champion" in frame


def test_team_charts_follow_the_shared_mat():
    data = {"names": ["Zot", "Fiona", "Gerki", "Deirdre"], "teams": [[0, 1], [2, 3]], "team_names": ["Team A", "Team B"], "last": 2,
            "series": [[[20, 0, 10]] * 2 + [[20, 0, 10]] * 2, [[18, 2, 10]] * 2 + [[20, 0, 13]] * 2,
                       [[18, 2, 10]] * 2 + [[0, 4, 0]] * 2],
            "eliminations": [{"seq": 2, "seat": 2}, {"seq": 2, "seat": 3}]}
    assert [ln["name"] for ln in charts.legend(data)] == ["Team A: Zot & Fiona", "Team B: Gerki & Deirdre"]
    gold = next(c for c in charts.charts(data) if c["stat"] == "gold")["svg"]
    assert gold.count("<polyline") == 2 and gold.count("✕ Team B") == 1
    solo = {**data, "teams": [], "eliminations": []}
    assert [ln["name"] for ln in charts.legend(solo)] == data["names"]
    assert next(c for c in charts.charts(solo) if c["stat"] == "gold")["svg"].count("<polyline") == 4


def test_the_inn_never_shows_less_than_no_gold(team_game):
    """The Inn never runs out of Gold (digest §3): a Potion's 3 Gold taken from an Inn holding
    none leaves the engine's count at -3, which the table shows as an empty Inn."""
    game, users = team_game
    prompt = _decide(game, random.Random(3), until=lambda p: any(d["type"] == "potion" and d.get("effect") == "gold"
                                                                for d in p.decisions))
    state = selectors.game_state(game=game)
    assert state.inn == 0
    potion = next(d for d in prompt.decisions if d["type"] == "potion" and d.get("effect") == "gold")
    appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=potion, actor="test", expected_seq=game.seq)
    game.refresh_from_db()
    assert selectors.game_state(game=game).inn == -3
    html = client_for(users[prompt.seat]).get(f"/games/{game.pk}/board/").content.decode()
    assert "Inn: 0 Gold" in html and "Inn: -3" not in html
