"""The table's words (issue 43 item 8): a response window says what is waiting for answers
(whose card, which card, "you" for your own) and never names a card the viewer cannot see;
the Order phase's sentence follows the Drinks already ordered; a Boss's chip does not read as
a second hand count; the log says each target of a multi-Drink card once."""
import json
import re
from pathlib import Path

import pytest

from games import engine
from games.presentation import board, narration
from tests.web.test_labels import walk

GOLDEN = sorted((Path(__file__).parents[1] / "golden").glob("*.jsonl"))


def _all_titles(state) -> set[str]:
    """Every card title the game's content holds."""
    from games.engine.core.content import of
    return {c.title for c in of(state).cards.values()}


def _words(state, viewer, names):
    view = engine.view(state, viewer)
    asked = view["prompt"] and view["prompt"].get("seat") == viewer
    if asked:
        return view, board.prompt_words(view, view["prompt"].get("decisions") or [], names, viewer)
    return view, board._waiting(view, view.get("stack") or [], names, viewer)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_a_response_window_says_whose_card_it_is_to_every_seat(path):
    seen = {"asked": 0, "own": 0, "other": 0}
    names = None
    for seq, state, _ in walk(path):
        if state.over or engine.prompts(state)[0].kind != "respond" or state.stack[-1]["f"] != "card":
            continue
        names = names or narration.seat_names(engine.view(state, "spectator"))
        top = state.stack[-1]
        player, title = top["seat"], engine.view(state, "spectator")["stack"][-1]["card"]["title"]
        asked = engine.prompts(state)[0].seat
        for viewer in range(len(state.seats)):
            view, words = _words(state, viewer, names)
            assert "Something is happening" not in words
            where = f"{path.stem} seq {seq} as {names[viewer]}: {words!r}"
            if viewer == asked:
                who = "You" if viewer == player else names[player]
                assert words.startswith(f"{who} played “{title}”") and words.endswith(
                    "Play a response, or let it happen."), where
                seen["asked"] += 1
            elif viewer == player:
                assert words.startswith(f"You played “{title}”") and words.endswith(
                    "the others may respond to it…"), where
                seen["own"] += 1
            else:
                assert words.startswith(f"{names[player]} played “{title}”") and words.endswith(
                    "waiting for responses…"), where
                seen["other"] += 1
    assert all(seen.values()), seen


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_the_words_of_a_window_name_no_card_the_viewer_cannot_see(path):
    for seq, state, _ in walk(path):
        if state.over or engine.prompts(state)[0].kind != "respond":
            continue
        names = narration.seat_names(engine.view(state, "spectator"))
        titles = _all_titles(state)
        for viewer in range(len(state.seats)):
            view, words = _words(state, viewer, names)
            shown = json.dumps(view, ensure_ascii=False)
            named = set(re.findall(r"“([^”]+)”", words))
            hidden = {t for t in named if t in titles and f'"title": "{t}"' not in shown}
            assert not hidden, f"{path.stem} seq {seq} as {viewer}: {words!r} names {hidden}"


def test_a_card_the_view_does_not_show_is_a_card():
    """A frame whose card the viewer's view leaves out (face down) is told without a title."""
    fr = {"f": "card", "seat": 1, "card": None, "args": {"target": 0}}
    assert board.window_words(fr, ["Zot", "Gerki"], 0) == "Gerki played a card at you"
    assert board.window_words(fr, ["Zot", "Gerki"], 1) == "You played a card at Zot"
    view = {"prompt": {"kind": "respond", "seat": None}, "stack": [fr]}
    assert board._waiting(view, [fr], ["Zot", "Gerki"], 1) == "You played a card at Zot: the others may respond to it…"


def test_a_drink_window_says_whose_drink_and_which():
    fr = {"f": "drink", "revealer": 0, "mode": "phase",
          "reveals": [{"seat": 0, "cards": [{"id": 3, "title": "Dragon Breath Ale"}]}]}
    assert board.window_words(fr, ["Zot", "Gerki"], 0) == "Your Drink: “Dragon Breath Ale”"
    assert board.window_words(fr, ["Zot", "Gerki"], 1) == "Zot's Drink: “Dragon Breath Ale”"


def test_after_ordering_the_prompt_says_the_drink_is_ordered():
    decisions = [{"seat": 0, "type": "play", "card": 5}, {"seat": 0, "type": "pass"}]
    view = {"prompt": {"kind": "phase:order", "seat": 0}, "stack": [], "counts": {"drinks": 1}}
    words = board.prompt_words(view, decisions, ["Zot", "Gerki"], 0)
    assert "Order a Drink" not in words and words.startswith("You ordered your Drink.")
    before = {"prompt": {"kind": "phase:order", "seat": 0}, "stack": [], "counts": {}}
    assert board.prompt_words(before, [{"seat": 0, "type": "order", "target": 1}], ["Zot", "Gerki"], 0) \
        == engine.words.PROMPTS["phase:order"].words
    boss = {"prompt": {"kind": "phase:order", "seat": 0}, "stack": [], "counts": {"drinks": 1}}
    assert board.prompt_words(boss, [{"seat": 0, "type": "order", "target": 1}], ["Zot", "Gerki"], 0) \
        == "You ordered 1 Drink: order another for another player."


def test_a_boss_chip_says_the_hand_size_it_draws_up_to():
    view = {"bosses": [{"seat": 0, "hand_size": 9, "actions": 3, "drinks": 1, "played": 1}]}
    assert [said(view, 0) for said in engine.words.SEAT_LINES] == ["Boss · draws up to 9 · Actions 1 of 3"]


@pytest.mark.parametrize("targets, said", [
    ([1, 1], "sending 2 Drinks to Gerki."),
    ([1, 2], "sending Drinks to Gerki and Fiona."),
    ([1, 1, 2], "sending 2 Drinks to Gerki and a Drink to Fiona."),
])
def test_the_log_says_each_target_of_a_multi_drink_card_once(targets, said):
    state = engine.new_game({"seats": [{"character": "zot"}, {"character": "gerki"}, {"character": "fiona"}],
                             "variant": "base", "options": {}, "seed": "00" * 32})
    names = narration.seat_names(engine.view(state, "spectator"))
    line = engine.words.Teller(state, names, None).line(
        {"type": "played", "seat": 0, "card": None, "title": "Round on me", "effect": "order_extra",
         "args": {"targets": targets}})
    assert line.endswith(said) and "Gerki, Gerki" not in line, line


def test_a_button_for_two_drinks_to_one_player_says_two():
    label = board.label({"seat": 0, "type": "play", "card": 5, "targets": [1, 1]}, "phase:order", ["Zot", "Gerki"], [])
    assert label == "Play: 2 Drinks for Gerki"


def test_a_window_on_a_title_that_ends_with_a_full_stop_says_it_once_and_tells_the_mode():
    card = {"id": 7, "title": "Not now, I'm meditating.", "type": "Sometimes", "text": ""}
    view = {"prompt": {"kind": "respond", "seat": 1}, "stack": [{"f": "card", "seat": 0, "card": card, "args": {}}]}
    words = board.prompt_words(view, [], ["Zot", "Fiona"], 1)
    assert words == "Zot played “Not now, I'm meditating.” Play a response, or let it happen.", words
    view["stack"][0]["args"] = {"mode": "leave"}
    assert board.prompt_words(view, [], ["Zot", "Fiona"], 1).startswith(
        "Zot played “Not now, I'm meditating.” to leave the Round. Play")
