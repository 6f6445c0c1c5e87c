"""Ignoring an Event before it starts (digest §18.2; [001:943-952, 2190-2196; 003:452, 929]).

"Once an Event Card starts resolving, it can no longer be Negated or Ignored": an Event may
be Ignored only in its window, before it starts. The step `ignore_event` (optional `kinds`:
`drink` for Drink Events, `dungeon` for Dungeon Events, `tavern` for the Pub Crawl's Tavern
Events; all of them by default, since "cards that say that they affect Event cards can
affect" every kind [001:948-952]) answers a revealed Drink Event (`event` frame), Dungeon
Event (`dungeon` frame) or Tavern Event (`tavern_event` frame): the player (and, by shared
defence, its team) takes no part in it (`seating.taking_part`). If the revealer of "The Wench
Dares You..." Ignores it, nothing is revealed and nobody drinks [001:2192-2194] (`dares.py`).
No card of the base game says this, so no base window offers it.
"""
from ..core.frames import find
from ..core.ops import emit
from ..core.primitives import list_of, register
from ..core.steps import top_frame_kind
from ..core.interpreter import behaviour
from ..core.teams import team
from ..core.words import says

KINDS = {"event": "drink", "dungeon": "dungeon", "tavern_event": "tavern"}   # frame kind -> the Event kind it holds

register("ignore_event", "Ignore an Event before it starts (a Drink Event, a Dungeon Event, a Tavern Event; `kinds` "
         "limits it): you take no part in it.", optional={"kinds": list_of(*KINDS.values())})


def _args(state, seat, card, step, ctx, chosen):
    kind = top_frame_kind(ctx)
    if KINDS.get(kind) not in step.get("kinds", tuple(KINDS.values())):
        return []
    return [] if seat in ctx[1].get("ignored_event", ()) else [{}]


def _run(state, fr, step):
    target = find(state, fr["on"])
    if target is None:
        return
    ignored = target.setdefault("ignored_event", [])
    ignored.extend(s for s in team(state, fr["seat"]) if s not in ignored)
    emit(state, "event_ignored", seat=fr["seat"], card=fr["card"], event=target.get("event_card", target.get("card")))


behaviour("ignore_event", answers=set(KINDS), run=_run, args=_args)


def ignores(fr: dict, seat: int) -> bool:
    return seat in fr.get("ignored_event", ())


# --- words (core/words.py) ---

@says("event_ignored")
def _told(fx, s, t):
    return f"{s} ignored {t.title(fx.get('event'))} before it started{t.because(fx)}."
