"""Pages of a table with Dungeon Events (the `dungeon_events` table option) and The Wench
Dares You...: the lobby offers the option marked as a sampler, a table made with it plays the
installed sampler's events, the table and game pages show the Progress Counters and the last
event, the new prompts have labelled buttons, the log narrates every event, and the replay
charts the counters with a mark at every event."""
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
from tests.web.autoplay import bot_turns, play_out

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).parents[2]
SAMPLER = "Sampler deck: rulebook cards only, not the printed deck"


@pytest.fixture
def with_dungeon(packs_dir):  # noqa: F811
    for name in ("dungeon-events", "wench-dares-you"):
        shutil.copy(ROOT / "packs" / f"{name}.json", packs_dir / f"{name}.json")
    return packs_dir


def test_the_lobby_offers_dungeon_events_and_card_packs_marked_as_samplers(with_dungeon, make_user):
    page = client_for(make_user("ana")).get("/").content.decode()
    assert 'name="dungeon_events"' in page and "Dungeon Events (RDI 6) <span class=\"muted note\">sampler deck" in page
    assert page.count(SAMPLER) == 1
    assert 'name="packs" value="wench-dares-you"' in page
    assert 'name="packs" value="dungeon-events"' not in page      # chosen through the option


def test_without_an_events_pack_the_lobby_does_not_offer_the_option(packs_dir, make_user):  # noqa: F811
    assert 'name="dungeon_events"' not in client_for(make_user("ana")).get("/").content.decode()


def test_a_table_made_with_the_option_plays_the_sampler_and_shows_its_deck(with_dungeon, make_user):
    ana = make_user("ana")
    client = client_for(ana)
    r = client.post("/tables/new/", {"player_count": 3, "character": "zot", "ai_seats": 2, "dungeon_events": "1",
                                     "packs": ["wench-dares-you"], "start": 1})
    game = Game.objects.get()
    assert r.status_code == 302
    assert Table.objects.get().options == {"packs": ["wench-dares-you", "dungeon-events"], "dungeon_events": True}
    assert game.setup["options"] == {"dungeon_events": True}
    assert [d["pack"]["id"] for d in game.setup["content"]] == ["base", "wench-dares-you", "dungeon-events"]
    page = client.get(f"/games/{game.pk}/board/").content.decode()
    assert 'id="dungeon"' in page and "2 Progress Counters" in page and SAMPLER in page
    assert 'id="dungeon-progress"' in page and "Dungeon: 2 counters" in page


def test_the_table_page_says_the_table_plays_dungeon_events(with_dungeon, make_user):
    ana = make_user("ana")
    table = services.table_create(owner=ana, player_count=2, options={"packs": ["dungeon-events", "wench-dares-you"],
                                                                      "dungeon_events": True})
    page = client_for(ana).get(f"/tables/{table.pk}/").content.decode()
    assert f"Dungeon Events (RDI 6) — {SAMPLER}" in page
    assert "The Wench Dares You..." in page


def test_the_option_needs_an_events_pack_and_a_boolean(with_dungeon, make_user):
    ana = make_user("ana")
    with pytest.raises(ServiceError) as e:
        services.table_create(owner=ana, player_count=2, options={"dungeon_events": True})
    assert e.value.code == "invalid_option" and "dungeon-events" in e.value.message
    with pytest.raises(ServiceError):
        services.table_create(owner=ana, player_count=2, options={"dungeon_events": "yes", "packs": ["dungeon-events"]})
    r = client_for(ana).post("/api/tables/", {"player_count": 2, "options": {"dungeon_events": True}},
                             content_type="application/json")
    assert r.status_code == 400 and r.json()["code"] == "invalid_option"


def _dungeon_game(make_user, seed):
    ana = make_user("ana")
    table = services.table_create(owner=ana, player_count=3, turn_seconds=None,
                                  options={"packs": ["dungeon-events"], "dungeon_events": True})
    for character in ("deirdre", "gerki", "zot"):
        services.seat_take(table_id=table.pk, user=ana, character=character, ai=True)
    return services.table_start(table_id=table.pk, user=ana, seed=seed)


def test_a_dungeon_game_is_narrated_labelled_and_charted(with_dungeon, make_user):
    game = _dungeon_game(make_user, "5d" * 32)
    lines, labels, shown_now = [], [], False
    for _, prompt, view in bot_turns(game, told={None: lines}):
        if prompt.kind == "dungeon":
            panel = board.panels(view, narration.seat_names(view)).get("dungeon")     # the event being chosen about, not the one before it
            pending = next(fr for fr in view["stack"] if fr["f"] == "dungeon")
            assert panel["now"] and panel["last"]["title"] == pending["event_card"]["title"]
            shown_now = True
            names = narration.seat_names(view)
            labels += [board.label(d, prompt.kind, names, view["stack"],
                                   {c["id"]: c["title"] for c in view["seats"][prompt.seat]["hand"]})
                       for d in prompt.decisions]
    text = "\n".join(lines)
    assert "a Progress Counter comes off the Dungeon Event Deck" in text
    assert "Dungeon Event: “" in text and "Progress Counters go back on the Dungeon Event Deck" in text
    assert ": dungeon" not in text and "dungeon_" not in text            # no effect left untold
    assert labels and all(label and label != "dungeon" for label in labels)
    assert "Reveal a Drink and drink it" in labels and shown_now
    view = engine.view(selectors.game_state(game=game), None)
    last = board.panels(view, narration.seat_names(view)).get("dungeon")
    assert not last["now"] and last["last"]["title"]
    data = frames.timeline(game=game)
    assert data["dungeon"] and len(data["progress"]) == len(data["series"])
    drawn = charts.charts(data)
    assert [c["stat"] for c in drawn] == ["fortitude", "alcohol", "gold", "dungeon"]
    assert all("dungeon-mark" in c["svg"] for c in drawn)
    page = client_for(make_user("watcher")).get(f"/games/{game.pk}/replay/").content.decode()
    assert 'id="next-dungeon"' in page and "Dungeon Event Progress Counters" in page


def test_a_dungeon_game_forks_with_its_dungeon_deck_as_it_was(with_dungeon, make_user):
    from replay import fork
    game = _dungeon_game(make_user, "5e" * 32)
    play_out(game)
    at = next(seq for seq in range(1, game.seq)
              if (s := fork.state_at(game=game, at=seq)).zones.get("dungeon:discard") and fork.forkable(s) is None)
    source = fork.state_at(game=game, at=at)
    new = fork.game_fork(game=game, at=at, user=Game.objects.get(pk=game.pk).table.owner, seat=0)
    forked = selectors.game_state(game=new)
    assert new.setup["options"] == {"dungeon_events": True}
    assert forked.tokens == source.tokens
    for zone in ("dungeon", "dungeon:discard"):
        assert [forked.cards[c] for c in forked.zones[zone]] == [source.cards[c] for c in source.zones[zone]]


def doom_at_my_table(ana):
    """The rulebook-position scenario "Drink or Meet Your Doom!" with Ana playing Gerki (seat
    1, four cards): she drinks, her turn ends on the last counter, and she is asked first."""
    import json

    from games.engine.core.scenario import setup_from
    path = ROOT / "tests" / "scenarios" / "dungeon" / "doom-choices-in-turn-order.json"
    position = setup_from(json.loads(path.read_text())["setup"], path.parent)["position"]
    table = services.table_create(owner=ana, player_count=3, turn_seconds=None,
                                  options={"packs": ["dungeon-events"], "dungeon_events": True})
    services.seat_take(table_id=table.pk, user=ana, character="deirdre", ai=True, index=0)
    services.seat_take(table_id=table.pk, user=ana, character="gerki", index=1)
    services.seat_take(table_id=table.pk, user=ana, character="zot", ai=True, index=2)
    game = services.table_start(table_id=table.pk, user=ana, position=position)
    appends.submit_decision(game_id=game.pk, seat=1, decision={"type": "drink"}, actor="test", expected_seq=game.seq)
    game.refresh_from_db()
    return game


def test_a_discard_of_n_cards_is_ticked_on_the_hand_not_chosen_among_every_set(with_dungeon, make_user):
    import json
    import re
    ana = make_user("ana")
    game = doom_at_my_table(ana)
    prompt = engine.prompts(selectors.game_state(game=game))[0]
    assert (prompt.seat, prompt.kind, prompt.subsets[0]["count"]) == (1, "dungeon", 3)
    client = client_for(ana)
    html = client.get(f"/games/{game.pk}/board/").content.decode()
    buttons = re.findall(r'name="decision" value="([^"]*)"', html)
    assert [json.loads(b.replace("&quot;", '"')) for b in buttons] == [{"mode": "drink", "seat": 1, "type": "dungeon"}]
    assert 'id="pick-form"' in html and "Reveal a Drink and drink it" in html
    offers = re.findall(r'name="offer" value="([^"]*)"[^>]*data-count="(\d)"', html)
    assert [(json.loads(o.replace("&quot;", '"')), n) for o, n in offers] == [({"mode": "discard", "type": "dungeon"}, "3")]
    assert ">Discard 3 cards</button>" in html
    hand = sorted(selectors.game_state(game=game).seats[1].hand)
    assert sorted(map(int, re.findall(r'name="cards" value="(\d+)" form="pick-form"', html))) == hand
    body = {"offer": json.dumps({"type": "dungeon", "mode": "discard"}), "expected_seq": str(game.seq)}
    for wrong in (hand[:2], hand, [hand[0], hand[0], hand[1]]):
        answer = client.post(f"/games/{game.pk}/decide/", {**body, "key": f"w{len(wrong)}", "cards": [str(c) for c in wrong]},
                             HTTP_ACCEPT="application/json")
        assert answer.status_code == 400 and answer.json()["code"] == "illegal_decision", answer.content
    seq = game.seq
    titles = {c["id"]: c["title"] for c in engine.view(selectors.game_state(game=game), 1)["seats"][1]["hand"]}
    answer = client.post(f"/games/{game.pk}/decide/", {**body, "key": "ok", "cards": [str(c) for c in hand[1:]]},
                         HTTP_ACCEPT="application/json")
    assert answer.status_code == 201, answer.content
    game.refresh_from_db()
    state = selectors.game_state(game=game)
    assert game.seq == seq + 1 and next(fr for fr in state.stack if fr["f"] == "dungeon")["chosen"]["1"]["cards"] == hand[1:]
    # the others must choose before anything happens; Zot holds exactly three: one button each way
    zot = engine.prompts(state)[0]
    assert zot.seat == 2 and zot.subsets == [] and len(zot.decisions) == 2
    appends.submit_decision(game_id=game.pk, seat=2, decision={"type": "dungeon", "mode": "drink"}, actor="test",
                             expected_seq=game.seq)
    game.refresh_from_db()
    text = "\n".join(line for step in narration.narration_for(game=game, seat=1, after=0)["steps"] for line in step["lines"])
    assert "Gerki chose to discard." in text
    said = next(line for line in text.splitlines() if "discarded 3 cards to" in line)
    for cid in hand[1:]:
        assert f"“{titles[cid]}”" in said, said
    assert "Drink or Meet Your Doom!" in said and said.count("“") == 4, said


def test_the_pick_form_without_javascript_posts_the_pressed_option_and_the_ticked_cards(with_dungeon, make_user):
    import json
    ana = make_user("ana")
    game = doom_at_my_table(ana)
    hand = sorted(selectors.game_state(game=game).seats[1].hand)
    answer = client_for(ana).post(f"/games/{game.pk}/decide/", {
        "offer": json.dumps({"type": "dungeon", "mode": "discard"}), "expected_seq": str(game.seq), "key": "form",
        "cards": [str(c) for c in hand[:3]]})
    assert answer.status_code == 302
    game.refresh_from_db()
    assert next(fr for fr in selectors.game_state(game=game).stack if fr["f"] == "dungeon")["chosen"]["1"] == \
        {"mode": "discard", "cards": hand[:3]}
    bad = client_for(ana).post(f"/games/{game.pk}/decide/", {"offer": "[1]", "expected_seq": str(game.seq), "key": "x"},
                               HTTP_ACCEPT="application/json")
    assert bad.status_code == 400
