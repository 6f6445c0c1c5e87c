"""Cards about the Scarabs players already hold (Amundyr's "Eat up my pretties! We don't
have all night!" [001:2066-2067]).

The Scarab supply, giving and returning Scarabs and the end-of-turn bite are primitives of
steps.py (`give_token`, `return_token`, `scarab_bite`); `feed_scarabs` is the card that
makes every Scarab count at once: each other player holding at least one `token` returns
one to the player's `supply` and loses `amount` Fortitude from the card, however many
they hold. A player who Ignores the card keeps its Scarab and loses nothing.
"""
from ..core import changes, primitives
from ..core.ops import change_token
from ..core.steps import _ignores, _submit, _why, behaviour
from ..core.teams import opponents

primitives.register("feed_scarabs", "Each other player holding at least one `token` returns one to the player's "
                    "`supply` and loses `amount` Fortitude, however many they hold.",
                    {"token": primitives._name, "supply": primitives._name, "amount": primitives._nat})


def _holders(state, fr, step) -> list[int]:
    return [v for v in opponents(state, fr["seat"])
            if not state.seats[v].out and state.seats[v].tokens.get(step["token"], 0) > 0]


def _run(state, fr, step):
    chs = []
    for v in _holders(state, fr, step):
        if _ignores(state, fr, v):
            continue
        change_token(state, v, step["token"], -1, **_why(fr))
        change_token(state, fr["seat"], step["supply"], 1, **_why(fr))
        chs.append(changes.change(fr["seat"], v, "fortitude", -step["amount"], card=fr["card"],
                                  as_type=fr.get("type", "")))
    return _submit(state, fr, chs)


def _affects(state, fr, step, seat):
    return {"fortitude"} if seat in _holders(state, fr, step) else set()


behaviour("feed_scarabs", run=_run, affects=_affects)


primitives.register("reclaim_tokens", "The hook's seat (`target`: one leaving the game, on_elimination) returns every "
                    "`token` it holds to the player's `supply` (a player who loses returns their Scarabs).",
                    {"token": primitives._name, "supply": primitives._name})


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
