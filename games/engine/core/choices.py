"""A seat's choice the rules ask for outside any card: a `pick` frame.

Some mechanics ask one seat to choose between a few named options with nothing else going
on (digest §14.5-§14.7): where Farai puts his token or works his mash paddle, which Heat
penalty Lucky takes, which card from your hand you Petrify. A mechanic module registers a
handler under a name (`handler`) and pushes a frame with `ask`; the seat is prompted with
the frame's `kind` and `{"type": "pick", "option": ...}` decisions (docs/decisions.md); the
frame is popped and the handler runs with the option chosen. A choice with one option is
taken without asking (flow.advance), like every prompt with one decision.

    {"f": "pick", "seat": 2, "kind": "heat", "options": ["alcohol", "gold", "fortitude"],
     "then": "heat", ...handler data}

A choice among the cards of the seat's hand (Petrify) stores no options (`"from_hand": true`):
they are the hand as it is when asked, which only that seat sees in its prompt.
"""
from . import extensions
from .content import of
from .frames import pop, push
from .prompt import Prompt
from .state import State

HANDLERS: dict = {}


def handler(name: str):
    """Register `fn(state, frame, option)` to run when a `pick` frame named `name` is answered."""
    def wrap(fn):
        HANDLERS[name] = fn
        return fn
    return wrap


def ask(state: State, seat: int, kind: str, options, then: str, **data) -> dict:
    """`options`: a list of names, or "hand" for the cards of the seat's hand."""
    fr = {"f": "pick", "seat": seat, "kind": kind, "then": then, **data}
    if options == "hand":
        fr["from_hand"] = True
    else:
        fr["options"] = list(options)
    return push(state, fr)


def option_list(state: State, fr: dict) -> list:
    if not fr.get("from_hand"):
        return fr["options"]
    hand = sorted(state.seats[fr["seat"]].hand)
    if fr.get("types"):                 # only cards of these types ("discard a Sometimes Card")
        cards, keys = of(state).cards, state.cards
        hand = [c for c in hand if cards[keys[c]].type in fr["types"]]
    return hand


def options(state: State, fr: dict) -> list[dict]:
    return [{"seat": fr["seat"], "type": "pick", "option": o} for o in option_list(state, fr)]


def pick(state: State, fr: dict, option) -> None:
    pop(state)
    HANDLERS[fr["then"]](state, fr, option)


def prompt(state: State, fr: dict):
    """None (after taking the choice's default) when the seat is out or has nothing to pick."""
    if state.seats[fr["seat"]].out or not option_list(state, fr):
        pick(state, fr, None)
        return None
    return Prompt(fr["seat"], fr["kind"], options(state, fr))


extensions.FRAMES["pick"] = prompt
extensions.DECISIONS["pick"] = lambda state, d, fr: pick(state, fr, d["option"])
