"""Every part of the engine says what it does (games/engine/core/words.py): each Effect type
the engine can emit has a sentence (or is registered as told by others), registered by the
module that emits it, so the log, the board and the replay name no mechanic themselves."""
import ast
import importlib
import random
from pathlib import Path

import pytest

from games.ai.policies import random_decision
from games.engine import BASE_PACK, apply, new_game, prompts, words
from games.engine.core.words import PRESENT, Teller, says
from tests.engine.helpers import game
from tests.engine.test_dungeon import DUNGEON, FIXTURES as DUNGEON_FIXTURES
from tests.engine.test_otto import CONTENT as OTTO
from tests.engine.test_rdi8 import FIXTURES as RDI8_FIXTURES, RDI8, SAMPLERS as RDI8_PACKS

ENGINE = Path(__file__).resolve().parents[2] / "games" / "engine"


def _emits() -> tuple[set[str], list[str]]:
    """The Effect types named where the engine emits them, and the emits whose type is built
    at run time (where they are)."""
    named, built = set(), []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "emit" and len(node.args) >= 2:
                kind = node.args[1]
                if isinstance(kind, ast.Constant):
                    named.add(kind.value)
                else:
                    built.append(f"{path.relative_to(ENGINE)}:{node.lineno}")
    return named, built


def test_every_effect_the_engine_emits_has_words():
    named, built = _emits()
    assert len(named) > 90
    # Dungeon and Tavern Events emit "<their frame>_choice" for a player's choice
    assert [b.split(":")[0] for b in built] == ["options/dungeon.py"], built
    named |= {"dungeon_choice", "tavern_event_choice"}
    missing = sorted(t for t in named if not words.described(t))
    assert not missing, f"Effect types with no words (register them with words.says beside their rules): {missing}"


def test_every_frame_the_engine_pushes_by_name_has_words():
    """Every frame kind written where a frame is made (`{"f": ...}`), as a string or as a
    module's constant."""
    pushed = set()
    for path in ENGINE.rglob("*.py"):
        module = ".".join(("games", "engine") + path.relative_to(ENGINE).with_suffix("").parts)
        names = vars(importlib.import_module(module.removesuffix(".__init__")))
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Dict):
                kinds = [v for k, v in zip(node.keys, node.values) if isinstance(k, ast.Constant) and k.value == "f"]
                pushed |= {v.value if isinstance(v, ast.Constant) else names.get(v.id) for v in kinds
                           if isinstance(v, (ast.Constant, ast.Name))}
    pushed.discard(None)
    assert len(pushed) > 8
    assert not pushed - set(words.FRAMES) - UNSTACKED, pushed - set(words.FRAMES)


def test_no_sentence_is_for_an_effect_nobody_emits():
    named, _ = _emits()
    named |= {"dungeon_choice", "tavern_event_choice"}
    ours = {t for t, told in words.SENTENCES.items() if any(fn.__module__.startswith("games.") for _, fn in told)}
    assert not ours - named


#: frames the board shows in a panel of their own (the Round of Gambling's)
UNSTACKED = {"round"}
TABLES = {
    "base": ({}, None, ("deirdre", "fiona", "gerki")),
    "dungeon": ({"dungeon_events": True}, [BASE_PACK, DUNGEON, DUNGEON_FIXTURES], ("deirdre", "fiona", "gerki")),
    "otto": ({"otto": True}, OTTO, ("deirdre", "fiona", "gerki")),
    "rdi8": ({}, [BASE_PACK, *RDI8_PACKS, RDI8_FIXTURES], RDI8[:3]),
}


@pytest.mark.parametrize("table", TABLES)
def test_random_games_tell_every_effect_in_words_of_its_own(table):
    """No Effect of a played game falls through to the Teller's "seat: type." fallback, and
    every prompt and stack frame met has its words."""
    options, content, chars = TABLES[table]
    told, asked, stacked = [], set(), set()
    for seed in range(2):
        rng = random.Random(seed)
        state = new_game({"seats": [{"character": c} for c in chars], "seed": f"words-{seed}", "options": options,
                          **({"content": content} if content else {})})
        teller = Teller(state, ["A", "B", "C"], None, over=True)
        for _ in range(500):
            if state.over:
                break
            prompt = prompts(state)[0]
            asked.add(prompt.kind)
            stacked |= {fr["f"] for fr in state.stack}
            _, effects = apply(state, random_decision(prompt, rng))
            told.extend((fx["type"], teller.line(fx)) for fx in effects)
    fallbacks = [(t, line) for t, line in told if line and line.endswith(f": {t.replace('_', ' ')}.")]
    assert not fallbacks
    assert not asked - set(words.PROMPTS), f"prompt kinds with no words (words.asks): {asked - set(words.PROMPTS)}"
    assert not stacked - set(words.FRAMES) - UNSTACKED, f"frames with no words (words.shows): {stacked - set(words.FRAMES)}"
    assert sum(1 for _, line in told if line) > 50


def test_a_sentence_is_chosen_by_the_effects_fields_the_most_particular_first():
    state = game()
    teller = Teller(state, ["Deirdre", "Fiona", "Gerki", "Zot"], None)
    hand = state.seats[0].hand
    assert teller.line({"type": "discarded", "seat": 0, "cards": hand[:2]}) == \
        "Deirdre discarded 2 cards and drew back up."
    assert teller.line({"type": "discarded", "seat": 0, "cards": hand[:2], "at_random": True, "card": hand[3], "by": 1}) \
        .startswith("Deirdre discarded 2 cards at random (Fiona's “")
    assert teller.line({"type": "discarded", "seat": 0, "cards": hand[:1], "by": 2}).startswith("Deirdre threw away “")


def test_the_same_words_cannot_be_registered_twice():
    with pytest.raises(ValueError, match="already has a sentence"):
        says("discarded", by=PRESENT, at_random=None)(lambda fx, s, t: "twice")


def test_a_window_pass_is_told_only_to_its_own_seat_until_the_end():
    state = game()
    fx = {"type": "pass", "seat": 1}
    assert Teller(state, ["A", "B", "C", "D"], 0).line(fx) is None
    assert Teller(state, ["A", "B", "C", "D"], 1).line(fx) == "B let it happen."
    assert Teller(state, ["A", "B", "C", "D"], 0, over=True).line(fx) == "B let it happen."
