"""Cards that make a player discard at random (Daareka's "I've been known to break a mind
or two..." [001:480-483, 1291-1297, 2111-2112]).

`discard_random` makes each seat its `who` names discard `amount` cards chosen at random
from their hand (a seeded stream per game and discard, like every shuffle). A seat that
Ignores the card discards nothing, and a Minion has no hand: a card aimed at one does only
its Fortitude loss. It runs as the card resolves, before anyone may hit back (the hit-back
window waits on the stack until the card has finished), so a hit player discards first.
"""
from ..core import primitives
from ..core.ops import discard_card, emit
from ..core.rng import choice
from ..core.steps import seat_ignores, seats_of, why_of
from ..core.interpreter import behaviour
from ..core.words import plural, says

primitives.register("discard_random", "The seats named by `who` discard `amount` cards at random from their hand "
                    "(not a seat that Ignores the card).",
                    {"amount": primitives.nat}, {"who": primitives.selector})


def _run(state, fr, step):
    for v in seats_of(state, fr, step.get("who", "target")):
        s = state.seats[v]
        if s.out or seat_ignores(state, fr, v):
            continue
        gone = []
        for _ in range(min(step["amount"], len(s.hand))):
            n = state.shuffles.get("discard_random", 0) + 1
            state.shuffles["discard_random"] = n
            cid = s.hand.pop(choice(len(s.hand), state.seed, f"discard_random:{n}"))
            discard_card(state, cid)
            gone.append(cid)
        if gone:
            emit(state, "discarded", seat=v, cards=gone, at_random=True, **why_of(fr))


def _affects(state, fr, step, seat):
    # Discarding is not a change of Fortitude, Alcohol or Gold (§8); Ignore cards answer the
    # card through its Fortitude loss.
    return set()


behaviour("discard_random", run=_run, affects=_affects)


# --- words (core/words.py) ---

@says("discarded", at_random=True)
def _told(fx, s, t):
    return f"{s} discarded {plural(len(fx.get('cards', [])), 'card')} at random{t.because(fx)}."
