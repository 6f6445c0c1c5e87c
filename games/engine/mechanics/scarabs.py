"""Cards about the Scarabs players already hold (Amundyr's "Eat up my pretties! We don't
have all night!" [001:2066-2067]).

The Scarab supply, giving and returning Scarabs are the core's token primitives (`give_token`,
`return_token`); the end-of-turn bite is `scarab_bite` here [001:1089-1103]; `feed_scarabs` is the card that
makes every Scarab count at once: each other player holding at least one `token` returns
one to the player's `supply` and loses `amount` Fortitude from the card, however many
they hold. A player who Ignores the card keeps its Scarab and loses nothing.
"""
from ..core import changes, primitives
from ..core.changes import pending
from ..core.ops import change_token
from ..core.steps import seat_ignores, submit_hits, why_of
from ..core.interpreter import behaviour
from ..core.teams import opponents
from ..core.words import REASONS, SERIES

primitives.register("feed_scarabs", "Each other player holding at least one `token` returns one to the player's "
                    "`supply` and loses `amount` Fortitude, however many they hold.",
                    {"token": primitives.short_name, "supply": primitives.short_name, "amount": primitives.nat})


def _holders(state, fr, step) -> list[int]:
    return [v for v in opponents(state, fr["seat"])
            if not state.seats[v].out and state.seats[v].tokens.get(step["token"], 0) > 0]


def _run(state, fr, step):
    chs = []
    for v in _holders(state, fr, step):
        if seat_ignores(state, fr, v):
            continue
        change_token(state, v, step["token"], -1, **why_of(fr))
        change_token(state, fr["seat"], step["supply"], 1, **why_of(fr))
        chs.append(changes.change(fr["seat"], v, "fortitude", -step["amount"], card=fr["card"],
                                  as_type=fr.get("type", "")))
    return submit_hits(state, fr, chs)


def _affects(state, fr, step, seat):
    return {"fortitude"} if seat in _holders(state, fr, step) else set()


behaviour("feed_scarabs", run=_run, affects=_affects)


primitives.register("reclaim_tokens", "The hook's seat (`target`: one leaving the game, on_elimination) returns every "
                    "`token` it holds to the player's `supply` (a player who loses returns their Scarabs).",
                    {"token": primitives.short_name, "supply": primitives.short_name})


def _run_reclaim(state, fr, step):
    """[001:1112-1115]: a player with Scarabs who loses the game returns them to Amundyr."""
    v = fr["args"].get("target")
    if v is None or v == fr["seat"]:
        return
    n = state.seats[v].tokens.get(step["token"], 0)
    if n:
        change_token(state, v, step["token"], -n, reason="eliminated")
        change_token(state, fr["seat"], step["supply"], n, reason="eliminated")


behaviour("reclaim_tokens", run=_run_reclaim)


primitives.register("scarab_bite", "Amundyr's Scarabs (a registered rule): the turn's seat, holding a `token`, returns one to the "
                    "player's `supply` and loses `amount` Fortitude as though from the player's Action (Ignorable; never "
                    "redirected or hit back).", {"token": primitives.short_name, "supply": primitives.short_name, "amount": primitives.nat})


def _run_scarab_bite(state, fr, step):
    """Amundyr's Scarabs [001:1089-1103]: at the end of a turn, a seat other than hers that
    holds a Scarab returns one to her supply and loses 1 Fortitude as though from an Action
    she played — Ignorable, but never redirected or hit back."""
    owner, t = fr["seat"], fr["args"]["target"]
    if t == owner or state.seats[t].out or state.seats[t].tokens.get(step["token"], 0) < 1:
        return
    change_token(state, t, step["token"], -1, reason="scarab")
    change_token(state, owner, step["supply"], 1, reason="scarab")
    pending(state, source=owner, target=t, stat="fortitude", amount=step["amount"], as_type="Action",
            reason="scarab")


behaviour("scarab_bite", run=_run_scarab_bite)


# --- words (core/words.py) ---

REASONS["scarab"] = "Scarab"
SERIES.update({"scarab": "Scarabs", "scarab_supply": "Scarabs in Amundyr's supply"})
