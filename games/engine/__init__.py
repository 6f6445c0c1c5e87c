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
combine with any variant (games/engine/core/extensions.py); games/engine/core/table_setup.py is
the one validation of a table's setup.
words: how the game is told to people (the sentence for each Effect, a prompt's words, a
frame's title, a counter's name and limits), registered by each mechanic beside its rules.
"""
from .core.flow import apply, current
from .core import base_words, words  # noqa: F401  (words: how the game is told; base_words: the base game's)
# The plug-ins register themselves with the core's points as they are imported; the core imports
# none of them. Their order among themselves is data of their own (a table option's `order`).
from .mechanics import (brawl, brews, chi, costs, discards, events, heat, items, minions, mixins, naps,  # noqa: F401
                        petrify, purchases, redirects, scarabs, treasure)
from .options import bar_deck, dares, dungeon, otto, prize, pub_crawl, starting_gold  # noqa: F401
from .variants import boss, team_play, villainy  # noqa: F401
from .core.admin import correct, void
from .core.cards import CARDS, CHARACTERS
from .core.content import BASE_PACK, HOOKS, TARGETS, TIMINGS, Content, ContentError, content_of, load_content
from .core.errors import IllegalDecision
from .core.extensions import OPTIONS as TABLE_OPTIONS
from .core.prompt import Prompt
from .core.primitives import PRIMITIVES
from .core.responses import concerns
from .core.setup import new_game
from .core.state import State, clone, dump_state, load_state, state_hash
from .core.variants import VARIANTS
from .core.view import RULES_VERSION, effects_view, prompt_view, view


def prompts(state: State) -> list[Prompt]:
    """Who may decide now and exactly what they may decide; [] once the game is over."""
    p = current(state)
    return [] if p is None else [p]


__all__ = ["BASE_PACK", "CARDS", "CHARACTERS", "Content", "ContentError", "HOOKS", "IllegalDecision", "PRIMITIVES",
           "TABLE_OPTIONS", "TARGETS", "TIMINGS", "VARIANTS", "concerns", "content_of", "load_content", "Prompt", "RULES_VERSION", "State",
           "apply", "clone", "correct", "dump_state", "load_state", "new_game", "prompt_view", "prompts", "state_hash", "view",
           "void"]
