"""The step interpreter: the registry of what each step primitive does, and how a list of steps
runs and offers its arguments. It sits below every rule, so that anything may run steps (a
card, a hook, an Event) without importing the rules that define them.

`primitives.PRIMITIVES` registers a primitive's name and parameters (what a pack may say);
`BEHAVIOUR` registers, under the same name and by the same module, everything the engine
derives from it:

    args(state, seat, card, step, ctx, chosen) -> [dict]   the decision arguments with which
        this step can act in `ctx` ([] = it can't, so the card is not offered; [{}] = no
        arguments). `chosen` holds the arguments earlier steps and the target picked.
    run(state, fr, step)                          what happens when the card resolves
    affects(state, fr, step, seat) -> set         attributes it would change for `seat` (§8)
    payers(state, fr, step) -> list               seats it would make pay or ante
    answers                                       the frame kinds it can answer ("card", "drink", "change")
    flags: "drink" (changes a Drink, R-WENCH-STOP), "ante" / "ante_as_action" (an ante card),
        "ends_round", "round" (concerns everyone in the Round), "everyone" (everyone drinks)

    runs                                          {box: run} for steps written elsewhere than on a
        card (an Event, Otto's boxes: `behaviour_in`), or read by someone else (Otto's part in
        an Event)

Contexts: ("phase", name), ("window", frame), ("gamble", round) (responses.py).
"""
from dataclasses import dataclass, field, replace

from . import primitives


def _none(*_):
    return set()


def _nobody(*_):
    return []


def always(*_):
    return [{}]


def _nothing(state, fr, step):
    return None


@dataclass(frozen=True)
class Behaviour:
    run: object = _nothing
    on_play: object = None                 # runs when the card is played (a cost), not when it resolves
    args: object = always
    affects: object = _none
    payers: object = _nobody
    flags: frozenset = frozenset()
    answers: frozenset = frozenset()       # the frame kinds (card, drink) it can answer
    played: object = None                  # (state, fr, step) run as the card is played: a cost paid
                                           # then (Glare), a mark made then (a Mix-in's Drink)
    runs: dict = field(default_factory=dict)


BEHAVIOUR: dict[str, Behaviour] = {}


def behaviour(name, **kw):
    """What primitive `name` does on a card (its other boxes' runs are kept)."""
    runs = BEHAVIOUR[name].runs if name in BEHAVIOUR else {}
    BEHAVIOUR[name] = Behaviour(**{k: (frozenset(v) if k in ("flags", "answers") else v) for k, v in kw.items()},
                                runs=runs)


def behaviour_in(box: str, name: str, run, doc: str = "", required=None, optional=None, reading=False) -> None:
    """What `name` does when written in `box` (with its parameters, when the word is new to the
    language): the word may then be written there. A `reading` is how someone other than the
    box's usual performer runs steps written in another box (Otto's part in an Event): it lets
    nothing new be written."""
    if not reading:
        primitives.allow(name, box, doc, required, optional)
    b = BEHAVIOUR.get(name) or Behaviour()
    BEHAVIOUR[name] = replace(b, runs={**b.runs, box: run})


#: step name -> frame kinds a plug-in adds that count as a played card for that step (Otto's
#: Sometimes box for `negate`, his Cheating box for `catch_cheater`).
AS_CARD: dict[str, frozenset] = {}


def counts_as_card(name: str, kind: str) -> None:
    """Frames of `kind` count as a played card for step `name`: it answers them, and reads them
    as the card it answers."""
    BEHAVIOUR[name] = replace(BEHAVIOUR[name], answers=BEHAVIOUR[name].answers | {kind})
    AS_CARD[name] = AS_CARD.get(name, frozenset()) | {kind}


def step_args(state, seat, card, steps, ctx, start: dict, chosen: dict) -> list[dict]:
    """Every way `steps` can act, as argument dicts extending `start`."""
    if len(steps) == 1 and not start:
        return BEHAVIOUR[steps[0]["do"]].args(state, seat, card, steps[0], ctx, chosen)
    opts = [start]
    for step in steps:
        gen = BEHAVIOUR[step["do"]].args
        nxt = []
        for o in opts:
            for a in gen(state, seat, card, step, ctx, {**chosen, **o}):
                nxt.append({**o, **a})
        opts = nxt
        if not opts:
            break
    return opts


def run_steps(state, fr, steps, box: str | None = None) -> None:
    """Run `steps` for frame `fr`: a card's (box None), or steps written in (or read as) `box`."""
    if box is None:
        for step in steps:
            BEHAVIOUR[step["do"]].run(state, fr, step)
    else:
        for step in steps:
            BEHAVIOUR[step["do"]].runs[box](state, fr, step)

