"""The game log: the engine's Effects told as one seat may read them (docs/engine.md).

The sentences are the engine's (`engine.words`): each mechanic, option and variant
registers the words for what it emits beside its rules, so nothing here names one.

Effects are not stored: `narration_for` re-applies the latest stored decisions to the
state before them and turns each decision's Effects into short sentences. Every effect the
engine emits is public (played and revealed cards, discards, gauges, Gold) except who passed
in a response window: "seat 2 passed" would tell that seat 2 held a legal response, so a
window pass is only told to the seat that passed (the same rule as the event log's
redaction in `games.selectors.redact_event`). After the end everything is public.

Card titles come from the game's own content (`engine.content_of`), pack cards included.
"""
from __future__ import annotations

from typing import Any

import orjson
from django.db import connection

from games import engine, store
from games.engine import words
from games.models import Game
from games.selectors import viewer_for

#: How many of the latest decisions the log re-narrates at most per request.
MAX_STEPS = 40

seat_names = words.seat_names


def narrate_effects(effects: list[dict], *, state, names: list[str], seat: int | None, over: bool) -> list[str]:
    teller = words.Teller(state, names, seat, over)
    return [line for fx in effects if (line := teller.line(fx))]


def narration_for(*, game: Game, seat: int | None, after: int) -> dict[str, Any]:
    """`{seq, steps: [{seq, lines}]}`: the log of the decisions after seq `after` (at most the
    last MAX_STEPS of them), each narrated for `seat` (None: a spectator)."""
    upto = game.seq
    over = game.status == Game.Status.OVER
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT seq, kind, payload::text, state_hash FROM games_event WHERE game_id = %s AND seq >= %s"
            " AND seq <= %s ORDER BY seq",
            [game.pk, max(after, upto - MAX_STEPS, 0), upto],
        )
        rows = cursor.fetchall()
        if not rows:
            return {"seq": upto, "steps": []}
        start_seq, _, _, start_hash = rows[0]
        state = store.state_for_read(cursor, game_id=game.pk, seq=start_seq, expected_hash=start_hash)
    names = seat_names(engine.view(state, "spectator"))
    steps = []
    if start_seq == 0 and after < 0:
        opening = openings(state, names, from_position=bool((game.setup or {}).get("position")))
        if opening:
            steps.append({"seq": 0, "lines": opening})
    viewer = "omniscient" if over else viewer_for(seat)
    for seq, kind, payload, _ in rows[1:]:
        if kind == "seat_resigned":     # a service event: the state does not change
            left = orjson.loads(payload)
            who = names[left["seat"]] if 0 <= left["seat"] < len(names) else f"Seat {left['seat']}"
            steps.append({"seq": seq, "lines": [f"{who} resigned; a bot plays their seat." if left["reason"] == "resigned"
                                                else f"{who} left; a bot plays their seat."]})
            continue
        if kind not in store.STATE_KINDS:
            continue
        before = engine.clone(state)
        state, effects = store.apply_event(state, kind, orjson.loads(payload))
        # the Effects pass the viewer's redaction first, as a replay frame's do: the narrator's
        # own discretion ("bought the top card") is the second line, not the only one
        lines = narrate_effects(engine.effects_view(before, state, effects, viewer), state=state, names=names,
                                seat=seat, over=over)
        if lines:
            steps.append({"seq": seq, "lines": lines})
    return {"seq": upto, "steps": steps}


def openings(state, names: list[str], from_position: bool = False) -> list[str]:
    """What is told before the first decision, from the state at seq 0: a first turn taken
    while the game was created (Otto's, docs/otto.md), whose Effects are not kept."""
    return [line for told in words.OPENINGS for line in told(state, names, from_position)]
