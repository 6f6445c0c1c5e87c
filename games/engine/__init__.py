"""The Red Dragon Inn rules engine: pure, deterministic, standard library only.

The whole public surface (DESIGN.md §2):

    new_game(setup) -> State
    prompts(state) -> list[Prompt]            every legal decision, fully enumerated
    apply(state, decision) -> (State, effects) raises IllegalDecision(code, message)
    view(state, viewer) -> dict               viewer: a seat, "spectator" or "omniscient"
    state_hash(state) -> str
    RULES_VERSION

and for staff only: correct(state, correction) and void(state, reason).

Content (docs/content-model.md): load_content(packs) -> Content, raising ContentError with
located problems; new_game(setup) plays setup["content"] (pack documents) or the built-in
base pack; PRIMITIVES, HOOKS, TIMINGS and TARGETS name everything a pack may use;
view(...)["content"] is the state's content id and content_of(id) its Content.
concerns(state, seat): whether the thing on top of the stack concerns a seat (auto-pass, bots).
VARIANTS: the variants `setup["variant"]` may name (docs/teams.md for the team variants).
TABLE_OPTIONS: the table options `setup["options"]` may switch on (`dungeon_events`), which
combine with any variant (games/engine/extensions.py); games/engine/table_setup.py is the one
validation of a table's setup.
"""
from .flow import apply, current  # first: the core loads its modules in an order their import cycle allows
from . import team_play  # noqa: F401  (registers the team variants)
from . import boss, villainy  # noqa: F401  (register the Boss Battle family and its Boss cards' primitives)
from . import starting_gold  # noqa: F401  (the first table option: its Gold is on the mats before the others set up)
from . import dares, dungeon, events  # noqa: F401  (register The Wench Dares You..., Dungeon Events, Ignoring an Event)
from . import pub_crawl, bar_deck, prize  # noqa: F401  (the tavern table options; the Pub Crawl first: its
#                                              Drinks leave the discard pile before a Bar Deck takes it)
from . import brews, heat, mixins, petrify  # noqa: F401  (register the RDI 8 mechanics' primitives)
from . import otto  # noqa: F401  (registers the Otto table option, after Dungeon Events: his turn takes its counter)
from .admin import correct, void
from .cards import CARDS, CHARACTERS
from .content import BASE_PACK, HOOKS, TARGETS, TIMINGS, Content, ContentError, content_of, load_content
from .errors import IllegalDecision
from .extensions import OPTIONS as TABLE_OPTIONS
from .prompt import Prompt
from .primitives import PRIMITIVES
from .responses import concerns
from .setup import new_game
from .state import State, clone, dump_state, load_state, state_hash
from .variants import VARIANTS
from .view import RULES_VERSION, effects_view, view


def prompts(state: State) -> list[Prompt]:
    """Who may decide now and exactly what they may decide; [] once the game is over."""
    p = current(state)
    return [] if p is None else [p]


__all__ = ["BASE_PACK", "CARDS", "CHARACTERS", "Content", "ContentError", "HOOKS", "IllegalDecision", "PRIMITIVES",
           "TABLE_OPTIONS", "TARGETS", "TIMINGS", "VARIANTS", "concerns", "content_of", "load_content", "Prompt", "RULES_VERSION", "State",
           "apply", "clone", "correct", "dump_state", "load_state", "new_game", "prompts", "state_hash", "view", "void"]
