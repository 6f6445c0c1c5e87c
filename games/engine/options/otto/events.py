"""Otto in a Dungeon Event or a Tavern Event (Allies; digest §18.2, §19, §22; R-OTTO-EVENTS).

An event that happens to every player happens to him too, on both of his tracks: "Tavern
Events always affect both of Otto's tracks, regardless of which player Crawled" [003:973],
and a Dungeon Event's example has him "lose 2 Alcohol Content on both tracks" [002:456].
dungeon.py resolves both kinds and calls `take_part` once everyone's part has been run, with
the event's steps (its `each`, in dungeon.py's vocabulary):

- `lose` / `gain`: on every live track (`otto.hit`); an event is no Action, Sometimes,
  Anytime card or Drink, so his Sometimes box does not answer it [002:440];
- `pay`: Gold he pays to the Inn comes from the Inn [002:414]: nothing;
- `discard`, `discard_drink_me`: he has no hand and no Drink Me! pile; a forced discard does
  nothing [002:454];
- `reveal_drink`: he turns over a Drink (Drink Events set aside, as the players do) and drinks
  it on both tracks with everyone else's, his portion in the event's one `drink` frame
  (drinks.py), so his Sometimes box may answer it as a Drink;
- `by_alignment`: he is a Hero (a Villain is an RDI 6 character, digest §18.2);
- `choose`: `choice` below.

No event we hold says it may be affected "as though it were an Action or a Drink", so none
makes him reveal a Sometimes box [003:973; 002:448] (not built).
"""
from ...core.ops import emit
from .turn import hit
from .drinks import _his, turn_over
from ...core.state import State

#: steps of an option he declines when another option is open [002:452]: paying Gold,
#: discarding, losing Fortitude, gaining Alcohol Content
DECLINES = (("pay", None), ("discard", None), ("lose", "fortitude"), ("gain", "alcohol"))


def _declined(steps) -> bool:
    return any((st["do"], st.get("stat")) in DECLINES for st in steps)


def choice(options: dict) -> str:
    """His option of a `choose`: the first one he doesn't decline (he chooses not to pay Gold,
    discard, lose Fortitude or gain Alcohol Content, "suffering the consequences" [002:452]);
    when he declines them all, or none, the first option [002:456]."""
    modes = list(options)
    return next((m for m in modes if not _declined(options[m])), modes[0])


def take_part(state: State, fr: dict, steps: list, drink: dict, why: dict) -> None:
    """His part in the event of frame `fr` (called by dungeon._resolve when he is in the game)."""
    tracks = [s for s in state.living() if f"otto:fortitude:{s}" in state.tokens]
    if tracks:
        _run(state, fr, tracks, steps, drink, why)


def _run(state, fr, tracks, steps, drink, why) -> None:
    for st in steps:
        do = st["do"]
        if do == "choose":
            mode = choice(st["options"])
            emit(state, "otto_event_choice", mode=mode, card=fr["event_card"])
            _run(state, fr, tracks, st["options"][mode], drink, why)
        elif do == "by_alignment":
            _run(state, fr, tracks, st["hero"], drink, why)
        elif do in ("lose", "gain"):
            for seat in tracks:
                hit(state, seat, st["stat"], st["amount"] if do == "gain" else -st["amount"], **why)
        elif do == "reveal_drink":
            r = turn_over(state, skip_events=True)
            if r is not None:
                drink["reveals"].append(r)
                drink["portions"].append(_his(r, len(drink["reveals"]) - 1, tracks, None))
        # pay, discard, discard_drink_me: nothing to him (the Inn's Gold; no hand, no pile)
