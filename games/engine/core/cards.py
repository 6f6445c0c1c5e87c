"""The built-in base game's content, under the names the rest of the project reads.

Card definitions live in pack documents (`data/base-pack.json`, docs/content-model.md)
and are built by `content.load_content`, here once the base game's words are registered
(steps.py); this module exposes the base pack's catalogue: `CARDS` (key -> Card),
`CHARACTERS`, `CHARACTER_INFO` and `deck_list`.
"""
from . import steps  # noqa: F401  (the base game's words, which the base pack is written in)
from .content import load_base

BASE = load_base()
CARDS = BASE.cards
CHARACTER_INFO = {cid: {"name": ch.name, "race": ch.race} for cid, ch in BASE.characters.items()}
CHARACTERS = tuple(CHARACTER_INFO)


def deck_list(deck: str) -> list[str]:
    """Every physical card of a base deck, as keys, in catalogue order."""
    return BASE.deck_list(deck)
