"""The card catalogue: printed facts plus an effect from a small vocabulary.

Card data lives in `data/*.json`; this module only loads it. A card is keyed
`"<deck>/<slug>"` (the same title in two decks is two keys with the same
effect). Behaviour is looked up by `effect` in `resolve.py` and `responses.py`.
"""
import json
from dataclasses import dataclass, field
from pathlib import Path

# Card types as printed.
ACTION = "Action"
ACTION_GAMBLING = "Action - Gambling"
GAMBLING = "Gambling"
CHEATING = "Cheating"
SOMETIMES = "Sometimes"
ANYTIME = "Anytime"
DRINK = "Drink"
DRINK_EVENT = "Drink Event"


@dataclass(frozen=True)
class Card:
    key: str
    deck: str
    slug: str
    title: str
    type: str
    text: str
    quantity: int
    effect: str = ""                       # character cards: vocabulary word
    params: dict = field(default_factory=dict)
    alcohol: int = 0                       # drinks: printed numbers
    fortitude: int = 0
    chaser: bool = False
    event: str = ""                        # drink events: "contest" | "house"
    self_split: bool = False               # Mead
    races: dict = field(default_factory=dict)   # drinks that treat e.g. Orcs differently


def _load():
    raw = json.loads((Path(__file__).parent / "data" / "base.json").read_text())
    cards: dict[str, Card] = {}
    characters: dict[str, dict] = {}
    for name, deck in raw["characters"].items():
        characters[name] = {"name": deck["name"], "race": deck.get("race", "")}
        for c in deck["cards"]:
            key = f"{name}/{c['slug']}"
            cards[key] = Card(key=key, deck=name, slug=c["slug"], title=c["title"], type=c["type"],
                              text=c["text"], quantity=c["quantity"], effect=c["effect"], params=c["params"])
    for d in raw["drinks"]:
        key = f"drink/{d['slug']}"
        cards[key] = Card(key=key, deck="drink", slug=d["slug"], title=d["title"], type=d["type"],
                          text=d["text"], quantity=d["quantity"], alcohol=d.get("alcohol", 0),
                          fortitude=d.get("fortitude", 0), chaser=d.get("chaser", False),
                          event=d.get("event", ""), self_split=d.get("self_split", False),
                          races=d.get("as", {}))
    return cards, characters


CARDS, CHARACTER_INFO = _load()
CHARACTERS = tuple(CHARACTER_INFO)


def deck_list(deck: str) -> list[str]:
    """Every physical card of a deck, as keys, in catalogue order."""
    return [c.key for c in CARDS.values() if c.deck == deck for _ in range(c.quantity)]
