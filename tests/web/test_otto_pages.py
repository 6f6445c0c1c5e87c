"""Pages of a table with Otto (the `otto` table option, games/engine/options/otto/turn.py): the lobby offers
him, refuses him in team variants and at more than 6 players with a stable code, the table page
shows his mat (two tracks, no Gold, his deck), the log narrates what he does and why, and the
replay charts his tracks (the per-seat `resources` series); the game exports and verifies."""
import shutil
from pathlib import Path

import pytest

from games import appends, engine, selectors, services
from games.errors import ServiceError
from games.models import Game, Table
from games.presentation import board, narration
from replay import charts, frames
from tests.packs.conftest import packs_dir  # noqa: F401 (fixture)
from tests.replay.conftest import _fresh_caches, client_for  # noqa: F401 (autouse fixture)
from tests.web.autoplay import bot_turns

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).parents[2]


@pytest.fixture
def with_otto_cards(packs_dir):  # noqa: F811
    """The fixture Otto deck installed as a game owner's pack would be (no Otto card is printed)."""
    shutil.copy(ROOT / "tests" / "packs" / "otto" / "fixtures.json", packs_dir / "test-otto.json")
    return packs_dir


def test_the_lobby_offers_otto(packs_dir, make_user):  # noqa: F811
    page = client_for(make_user("ana")).get("/").content.decode()
    assert 'name="otto"' in page and "With Otto, Our Mechanical Friend (Allies)" in page


def test_a_table_made_with_otto_starts_and_shows_his_mat(packs_dir, make_user):  # noqa: F811
    ana = make_user("ana")
    client = client_for(ana)
    r = client.post("/tables/new/", {"player_count": 2, "character": "zot", "ai_seats": 1, "otto": "1", "start": 1})
    assert r.status_code == 302
    game = Game.objects.get()
    assert Table.objects.get().options == {"otto": True} and game.setup["options"] == {"otto": True}
    page = client.get(f"/games/{game.pk}/board/").content.decode()
    assert 'id="otto-mat"' in page and "none (Inn)" in page and ">Facing<" in page
    assert page.count('<tr class="otto-track') == 2
    assert "his Action phase does nothing" in page                  # no Otto card is installed
    state = selectors.game_state(game=game)
    assert all(s.gold == 10 for s in state.seats)


def test_the_table_page_says_the_table_plays_with_otto(packs_dir, make_user):  # noqa: F811
    ana = make_user("ana")
    table = services.table_create(owner=ana, player_count=2, options={"otto": True})
    assert "With Otto, Our Mechanical Friend (Allies)" in client_for(ana).get(f"/tables/{table.pk}/").content.decode()


def test_otto_is_refused_in_a_team_variant_and_at_seven_players(packs_dir, make_user):  # noqa: F811
    ana = make_user("ana")
    with pytest.raises(ServiceError) as e:
        services.table_create(owner=ana, player_count=4, variant="two-headed-dragon", options={"otto": True})
    assert e.value.code == "otto_team_variant" and "team or Boss game" in e.value.message
    with pytest.raises(ServiceError) as e:
        services.table_create(owner=ana, player_count=7, options={"otto": True})
    assert e.value.code == "otto_player_count"
    r = client_for(ana).post("/api/tables/", {"player_count": 4, "variant": "two-headed-dragon",
                                              "options": {"otto": True}}, content_type="application/json")
    assert r.status_code == 400 and r.json()["code"] == "otto_team_variant"
    r = client_for(ana).post("/tables/new/", {"player_count": 4, "variant": "two-headed-dragon", "character": "zot",
                                              "otto": "1"})
    assert r.status_code == 302 and not Table.objects.exists()


def _otto_game(make_user, seed, players=("deirdre", "gerki")):
    ana = make_user("ana")
    table = services.table_create(owner=ana, player_count=len(players), turn_seconds=None,
                                  options={"packs": ["test-otto"], "otto": True})
    for character in players:
        services.seat_take(table_id=table.pk, user=ana, character=character, ai=True)
    return services.table_start(table_id=table.pk, user=ana, seed=seed)


def test_an_otto_game_is_narrated_labelled_charted_and_verifies(with_otto_cards, make_user):
    game = _otto_game(make_user, "07" * 32)
    lines, labels = [], []
    for step in narration.narration_for(game=game, seat=None, after=-1)["steps"]:
        lines.extend(step["lines"])
    for _, prompt, view in bot_turns(game, told={None: lines}):
        assert board.panels(view, narration.seat_names(view))["otto"]["tracks"]
        if prompt.kind == "otto_reward":
            labels += [board.label(d, prompt.kind, narration.seat_names(view), view["stack"], {})
                       for d in prompt.decisions]
    text = "\n".join(lines)
    assert "Otto joins the table (" in text and "Otto's first turn: he revealed “" in text   # told at seq 0
    assert "Otto's turn" in text and "Otto revealed “" in text and "on both of his tracks" in text
    assert "otto_" not in text                                          # no effect left untold
    if labels:
        assert set(labels) == {"Take 1 Gold from the Inn", "Draw 2 cards"}
    data = frames.timeline(game=game)
    assert all("otto_fortitude" in r for point in data["resources"] for r in point)
    stats = [c["stat"] for c in charts.charts(data)]
    assert "otto_alcohol" in stats
    client = client_for(make_user("watcher"))
    assert client.get(f"/games/{game.pk}/replay/").status_code == 200
    r = client.get(f"/api/games/{game.pk}/verify/")
    assert r.status_code == 200 and r.json()["ok"] is True
    from replay import fork
    # an Otto game forks where nothing is pending (tests/replay/test_fork_variants.py checks
    # what the fork carries); its log starts where the position left Otto, not with his first turn
    at = next(at for at in range(1, game.seq) if fork.forkable(fork.state_at(game=game, at=at)) is None)
    forked = fork.game_fork(game=game, at=at, user=game.table.owner, seat=0)
    opening = [line for step in narration.narration_for(game=forked, seat=0, after=-1)["steps"] for line in step["lines"]]
    assert opening[0].startswith("Otto is at the table (") and opening[1].startswith("Otto's tracks (")
    assert not any("Otto joins" in line or "first turn" in line for line in opening), opening
    export = client.get(f"/api/games/{game.pk}/export/")
    assert export.status_code == 200 and b"game_ended" in export.content


def test_a_drink_event_he_turns_over_in_his_first_turn_is_told_before_it_takes_place():
    """His first turn is taken while the game is created (its Effects are not kept): a Drink
    Event he turned over then waits on the stack for the players' answers, so the opening
    tells it before the first decision's log says it takes place."""
    for n in range(200):
        state = engine.new_game({"seats": [{"character": c} for c in ("deirdre", "zot")], "seed": f"first-{n}",
                                 "options": {"otto": True}})
        event = next((fr for fr in state.stack if fr.get("f") == "event" and fr.get("seat") == "otto"), None)
        if event:
            break
    assert event, "in 200 deals Otto's first turn turns over a Drink Event"
    title = engine.content_of(state.content).cards[state.cards[event["card"]]].title
    names = narration.seat_names(engine.view(state, "spectator"))
    opening = narration.openings(state, names)
    assert opening[1].startswith("Otto's first turn: he has no card to reveal")     # no Otto cards installed
    assert f"Otto turned over the Drink Event “{title}” from the Drink Deck; it takes place once" in opening[2]
    lines = []
    while not lines or not any("takes place" in line for line in lines):
        prompt = engine.prompts(state)[0]
        state, effects = engine.apply(state, next(d for d in prompt.decisions if d["type"] == "pass"))
        lines += narration.narrate_effects(effects, state=state, names=names, seat=None, over=False)
    assert any(line.startswith(f"The Drink Event “{title}” Otto turned over takes place") for line in lines)


def _sets_up(setup: dict) -> bool:
    try:
        engine.new_game(setup)
    except ValueError:
        return False
    return True


def test_a_round_his_action_box_starts_is_marked_and_explained_in_the_replay(with_otto_cards, make_user):
    """The replay marks every Round of Gambling for its "next Round" step: one Otto's Action box
    starts too (it emits `otto_starts_round`, not `round_started`), and explains its antes by it. The position
    is the scenario "gambling-otto-starts-a-round-adds-no-prize" one turn earlier: Gerki drinks,
    his turn ends, and Otto's turn starts the Round."""
    import copy
    import json

    from games.engine.core.scenario import setup_from
    here = ROOT / "tests" / "scenarios" / "otto"
    setup = copy.deepcopy(json.loads((here / "gambling-otto-starts-a-round-adds-no-prize.json").read_text())["setup"])
    setup.update(packs=["../../packs/otto/fixtures.json"], options={"otto": True}, active=1, phase="drink",
                 drink_deck=["wine", "wine", "wine"])
    setup["otto"]["turn"] = False
    setup["seats"][1]["drink_me"] = ["wine"]
    # a table picks Otto's two factions at random: a seed that picks the ones of his deck here
    seed = next(seed for seed in (f"{n:02x}" * 32 for n in range(256))
                if _sets_up(setup_from({**setup, "seed": seed}, here)))
    ana = make_user("ana")
    table = services.table_create(owner=ana, player_count=2, turn_seconds=None,
                                  options={"packs": ["test-otto"], "otto": True})
    services.seat_take(table_id=table.pk, user=ana, character="zot", ai=True, index=0)
    services.seat_take(table_id=table.pk, user=ana, character="gerki", index=1)
    game = services.table_start(table_id=table.pk, user=ana, seed=seed, position=setup_from(setup, here)["position"])
    appends.submit_decision(game_id=game.pk, seat=1, decision={"type": "drink"}, actor="test", expected_seq=game.seq)
    game.refresh_from_db()
    assert frames.timeline(game=game)["rounds"] == [1]
    page = client_for(ana).get(f"/games/{game.pk}/replay/").content.decode()
    assert '"rounds": [1]' in page                       # the replay's "next Round" (G) goes there
    # asked why their Gold fell, the replay names the Round he started
    antes = [c for c in frames.frame(game=game, at=1, viewer="omniscient")["changes"] if c["stat"] == "gold"]
    assert [c["seat"] for c in antes] == [0, 1]
    assert all(c["chain"][0].startswith("Otto's Action box starts a Round of Gambling") and
               c["chain"][1].endswith("paid 1 Gold to the pot as an ante.") for c in antes), antes


def test_while_otto_plays_the_header_and_the_stack_say_so():
    view = {"over": False, "active": 1, "phase": "discard", "prompt": {"kind": "respond"},
            "stack": [{"f": "otto", "step": "drink", "id": 1}], "seats": []}
    assert board.headline(view, ["Zot", "Gerki"]) == "Otto's turn · waiting for responses"
    assert board._frame(view["stack"][0], ["Zot", "Gerki"])["title"] == "Otto's turn"


def _narrated(*scenarios) -> str:
    """The log of these Otto scenarios' decisions, as the table page narrates it."""
    import json

    from games.engine.core.scenario import decision_from, setup_from
    here = Path(__file__).parents[1] / "scenarios" / "otto"
    text = []
    for name in scenarios:
        spec = json.loads((here / f"{name}.json").read_text())
        state = engine.new_game(setup_from(spec["setup"], here))
        names = narration.seat_names(engine.view(state, "spectator"))
        for step in spec["steps"]:
            if "seat" in step:
                _, effects = engine.apply(state, decision_from(state, step))
                text += narration.narrate_effects(effects, state=state, names=names, seat=None, over=False)
    return "\n".join(text)


def test_his_rounds_of_gambling_are_narrated():
    """[002:436-438]: the log tells his ante, his gambling turn, his play or pass, and a pot he wins."""
    text = _narrated("gambling-box-takes-control", "gambling-illegal-play-is-a-pass", "gambling-otto-wins-pot-to-the-inn",
                     "gambling-reshuffle-waits-for-the-round")
    assert "as Otto's ante (he antes with the Inn's Gold)" in text
    assert "Otto's gambling turn: he revealed “" in text
    assert "Otto raises: everyone in the Round antes 1 more" in text and "Otto cheats and takes control" in text
    assert "Otto can't make that play now" in text and "his deck is empty" in text
    assert "Otto won the Round: the pot of 3 Gold goes to the Inn" in text
    assert "otto_" not in text and "someone" not in text


def test_the_round_panel_names_otto_in_the_round_and_in_control():
    panel = board._round({"participants": [0, 1], "otto": True, "controller": "otto", "turn": 1,
                          "cheat_only": False}, ["Zot", "Gerki"])
    assert panel["participants"] == ["Zot", "Gerki", "Otto"] and panel["controller"] == "Otto"


def test_what_players_now_do_to_him_is_narrated_labelled_and_shown_on_the_stack():
    """Picking him, Negating his Sometimes box, changing his Drink, and his own new moves
    (a Drink Event he turns over, a Round he starts) read in plain English (docs/otto.md)."""
    import json
    from pathlib import Path

    from games.engine.core.scenario import decision_from, setup_from
    here = Path(__file__).parents[1] / "scenarios" / "otto"
    text, shown = [], []
    for name in ("pick-another-player-picks-otto", "sometimes-box-negated-by-i-dont-think-so",
                 "players-change-his-drink-both-tracks"):
        spec = json.loads((here / f"{name}.json").read_text())
        state = engine.new_game(setup_from(spec["setup"], here))
        names = narration.seat_names(engine.view(state, "spectator"))
        for step in spec["steps"]:
            if "seat" not in step:
                continue
            prompt = engine.prompts(state)[0]
            view = engine.view(state, "spectator")
            shown += [board.label(d, prompt.kind, names, view["stack"], {}) for d in prompt.decisions]
            shown += [" ".join(str(v) for v in board._frame(fr, names).values() if isinstance(v, str))
                      for fr in view["stack"]]
            _, effects = engine.apply(state, decision_from(state, step))
            text += narration.narrate_effects(effects, state=state, names=names, seat=None, over=False)
    teller = engine.words.Teller(state, names, None, over=True)
    text += [teller.line({"type": t, "title": "Round on the House!", "participants": [0, 1]})
             for t in ("otto_event", "otto_starts_round")]
    text, shown = "\n".join(text), "\n".join(shown)
    assert "Play: at Otto" in shown and "plays at Otto" in shown and "on Otto's Drink" in shown
    assert "Otto's Sometimes box answering Zot's card" in shown
    assert "at Otto" in text and "cancelled Otto's" in text
    assert "Otto turned over takes place" in text and "Otto's Action box starts a Round of Gambling" in text
    assert "otto_" not in text and "someone" not in text and "?" not in shown


def test_his_part_in_a_dungeon_or_tavern_event_is_narrated():
    """R-OTTO-EVENTS: the event's changes to his tracks name the event; his choice says why."""
    text = _narrated("dungeon-event-feats-of-heroism-both-tracks", "tavern-event-both-tracks-first-option")
    assert "Otto's Alcohol Content on Gerki's track rose by 1 (“Feats of Heroism”)" in text
    assert "Otto passed out on Gerki's track" in text
    assert "Otto chose to lose fortitude" in text and "Otto's Fortitude on Zot's track fell by 1 (" in text
    assert "otto_" not in text and "someone" not in text
