"""The table page's words for the RDI 8 characters (games/presentation/board.py), from real views:
Farai's Brew decks (top card only), Heat, the Brawl count, the Petrification Pile as a count,
Phyll's Shelf, and the labels of their choices."""
from pathlib import Path

from games.engine import apply, content_of, new_game, prompts, view
from games.engine.core.scenario import setup_from
from games.presentation import board

HERE = Path(__file__).parent.parent / "scenarios" / "rdi8"
PACKS = [f"../../../packs/{c}.json" for c in ("farai", "lucky", "nerodia", "phyll", "samantha")]
FX = "../../packs/rdi8/fixtures.json"


def _state(seats, **pos):
    return new_game(setup_from({"packs": PACKS + [FX], "seats": seats, **pos}, HERE))


def test_each_rdi8_tracker_in_words_and_nothing_hidden():
    state = _state([{"character": "farai", "tokens": {"farai": 3, "wine": 2}},
                    {"character": "lucky", "tokens": {"heat": 2}},
                    {"character": "nerodia", "zones": {"petrified": [{"seat": 1, "card": "help-an-old-lady-out-with-these-barrels"}]}},
                    {"character": "phyll", "zones": {"shelf": ["pixie-spun-candy-floss"]}},
                    {"character": "samantha", "tokens": {"brawl": 5}}], active=0, phase="action")
    v = view(state, 1)
    content = content_of(v["content"])
    c = [board._counters(s, character=content.characters[s["character"]]) for s in v["seats"]]
    brews = {x["name"]: x for x in c[0]["extras"]}
    assert brews["Wine Brew"]["here"] and "2 Progress" in brews["Wine Brew"]["text"]
    assert "Wine Brew (3)" in brews["Wine Brew"]["text"] and "4 in the deck" in brews["Wine Brew"]["text"]
    assert not c[0]["tokens"] and not c[0]["zones"]          # all told as Brews, none twice
    assert c[1]["extras"][0]["text"].startswith("2 / 3")
    assert c[2]["extras"][0]["text"].startswith("1 card face down")
    assert c[3]["extras"][0]["text"] == "Pixie-Spun Candy Floss"
    assert "at 7 she gains 1 Gold" in c[4]["extras"][0]["text"]
    assert "cards" not in v["seats"][2]["zones"]["petrified"]


def test_rule_choices_are_labelled():
    def pick_label(option, kind, titles):
        return board.label({"type": "pick", "option": option}, kind, [], [], {}, titles)
    assert pick_label("gold", "heat", {}) == "Heat penalty: pay 2 Gold to the Inn"
    assert pick_label("work", "brew", {}) == "Add a Progress Token to this Brew"
    assert pick_label("wine", "brew", {}) == "Work on the Wine Brew"
    assert pick_label(7, "petrify", {7: "“Mine now!”"}) == "Petrify “Mine now!”"
    names = ["Lucky", "Gerki", "Zot"]
    assert board.label({"type": "play", "card": 1, "targets": [1, 2]}, "phase:action", names, []) == "Play: at Gerki and Zot"
    assert board.label({"type": "play", "card": 1, "target": 1, "glare": 1}, "phase:action", names, []) == \
        "Play: at Gerki, with its Glare"


def test_a_sampler_character_is_marked_on_the_table():
    state = _state([{"character": "lucky"}, {"character": "zot"}], active=0, phase="action")
    assert board._samplers(board._content(view(state, 0))) == {"farai", "lucky", "nerodia", "phyll", "samantha"}


def test_the_log_tells_the_rdi8_mechanics_without_telling_a_hidden_card():
    from games.presentation.narration import narrate_effects, seat_names
    state = _state([{"character": "nerodia", "hand": ["which-one-of-you-called-this-place-a-sssnake-pit"]},
                    {"character": "lucky", "hand": ["help-an-old-lady-out-with-these-barrels", "never-pour-your-own-dragon-breath-ale"],
                     "tokens": {"heat": 2}},
                    {"character": "farai", "hand": ["fixture-mash-paddle"], "tokens": {"farai": 1}}], active=0, phase="action")
    names = seat_names(view(state, "spectator"))
    assert names == ["Nerodia", "Lucky", "Farai"]          # not "Father"
    lines = []
    _, fx = apply(state, {"seat": 0, "type": "play", "card": state.seats[0].hand[0]})
    p = prompts(state)[0]
    assert p.kind == "petrify"
    _, fx2 = apply(state, p.decisions[0])
    lines = narrate_effects(fx + fx2, state=state, names=names, seat=2, over=False)
    text = " ".join(lines)
    assert "Lucky Petrified a card, face down, into Nerodia's Petrification Pile." in text
    assert "Never pour" not in text and "Help an old lady" not in text
