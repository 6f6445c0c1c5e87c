"""Every kind of game the lobby offers, as engine setups: the base game, each later box's
characters (their sampler packs), the team and Boss variants and every table option. Tests
that must hold "for every box and variant" (hidden information, effects) run over these.

Where the rulebooks print no card a mechanic needs (Tavern Drinks, Otto's deck), the setups
play the fixture packs under tests/packs/, as the owner's own packs would be played.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from games import bosses, engine
from games.simulation import make_setup

ROOT = Path(__file__).parents[1]


@cache
def _doc(path: str) -> str:
    return (ROOT / path).read_text()


def pack(name: str) -> dict:
    """A shipped pack (packs/<name>.json) or a test fixture pack (a path under tests/packs/)."""
    return json.loads(_doc(name if name.startswith("tests/") else f"packs/{name}.json"))


def _with(*names):
    return lambda: [engine.BASE_PACK, *(pack(n) for n in names)]


#: name -> (players, content (a function: fresh documents) or None for the base game, the
#: characters in seat order or None for a seeded pick, variant, options)
KINDS = {
    "base": (3, None, None, "base", {}),
    "rdi6": (4, _with("vlazlo", "amundyr", "torglesnarf", "daareka"),
             ("vlazlo", "amundyr", "torglesnarf", "daareka"), "base", {}),
    "rdi8": (5, _with("farai", "lucky", "nerodia", "phyll", "samantha"),
             ("farai", "lucky", "nerodia", "phyll", "samantha"), "base", {}),
    "allies": (3, _with("spyke-and-flower"), ("spyke", "flower", "zot"), "base", {}),
    "rdi5": (4, _with("zakhan", "sera", "joran", "lizwick"), ("zakhan", "sera", "joran", "lizwick"), "base", {}),
    "two-headed-dragon": (4, None, None, "two-headed-dragon", {}),
    "boss-battle": (3, "villains", None, "boss-battle", {}),
    "two-headed-boss-battle": (4, "villains", None, "two-headed-boss-battle", {}),
    "leaders-and-lackeys": (4, "villains", None, "leaders-and-lackeys", {}),
    "boss-versus-boss": (4, "villains", None, "boss-versus-boss", {}),
    "dungeon-events": (3, _with("dungeon-events", "wench-dares-you"), None, "base", {"dungeon_events": True}),
    "bar-deck": (3, _with("bar-drinks"), None, "base", {"bar_deck": True}),
    "prize": (3, _with("prizes"), None, "base", {"prize": True}),
    "pub-crawl": (3, _with("taverns", "tests/packs/pub-crawl/fixtures.json"), None, "base", {"pub_crawl": True}),
    "otto": (3, _with("tests/packs/otto/fixtures.json"), None, "base", {"otto": True}),
}


def setup_of(name: str, seed_hex: str) -> dict:
    """The engine setup of kind `name` with this seed (the seed also picks unnamed characters)."""
    players, content, characters, variant, options = KINDS[name]
    if content == "villains":
        docs = bosses.content_with_villains(None)
    else:
        docs = content() if content else None
    return make_setup(players, seed_hex, characters=characters, content=docs, variant=variant, options=options)
