"""Otto in a Dungeon Event or a Tavern Event (Allies; digest §18.2, §19, §22; R-OTTO-EVENTS).

An event that happens to every player happens to him too, on both of his tracks: "Tavern
Events always affect both of Otto's tracks, regardless of which player Crawled" [003:973],
and a Dungeon Event's example has him "lose 2 Alcohol Content on both tracks" [002:456].
dungeon.py resolves both kinds and calls `take_part` once everyone's part has been run, with
the event's steps (its `each`, written in the Event box), which he reads his own way
(`READING`, registered with the interpreter beside the Event box's own runs):

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
from ...core.interpreter import behaviour_in, run_steps
from ...core.ops import emit
from ..dungeon import EVENT
from .turn import hit
from .drinks import his_portion, turn_over
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
        run_steps(state, {"event_card": fr["event_card"], "tracks": tracks, "drink": drink, "why": why}, steps, READING)


def _run_choose(state, part, step):
    mode = choice(step["options"])
    emit(state, "otto_event_choice", mode=mode, card=part["event_card"])
    run_steps(state, part, step["options"][mode], READING)


def _run_change(sign):
    def run(state, part, step):
        for seat in part["tracks"]:
            hit(state, seat, step["stat"], sign * step["amount"], **part["why"])
    return run


def _run_reveal_drink(state, part, step):
    r = turn_over(state, skip_events=True)
    if r is not None:
        part["drink"]["reveals"].append(r)
        part["drink"]["portions"].append(his_portion(r, len(part["drink"]["reveals"]) - 1, part["tracks"], None))


def _nothing(state, part, step):
    """Gold he pays comes from the Inn [002:414]; he has no hand and no Drink Me! pile [002:454]."""


READING = EVENT + ":otto"       # how he reads an Event's steps: his part, on every live track
for _word, _run in {"choose": _run_choose, "by_alignment": lambda s, part, st: run_steps(s, part, st["hero"], READING),
                    "lose": _run_change(-1), "gain": _run_change(1), "reveal_drink": _run_reveal_drink,
                    "pay": _nothing, "discard": _nothing, "discard_drink_me": _nothing}.items():
    behaviour_in(READING, _word, _run, reading=True)
