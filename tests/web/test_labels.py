"""The table's words against the engine's truth: every recorded game of the golden corpus is
re-folded with the engine, and after every event the header must say what the engine's
prompt is waiting for (not merely the phase it happens in), and every narrated Effect must
name the seats the Effect is about, with the right one paying.

The expectations here are written from the engine's Effects and prompts, independently of
games/web (a header computed from the phase, or a payer taken from the wrong field, fails)."""
import re
from pathlib import Path

import pytest

from games import engine, store
from games.engine.core.ops import INN, POT
from games.presentation import board, narration
from replay.export import parse_export

GOLDEN = sorted((Path(__file__).parents[1] / "golden").glob("*.jsonl"))
PHASES = {"discard": "Discard and draw", "action": "Action", "order": "Order a Drink", "drink": "Drink"}
#: Effect fields that hold the seat(s) a sentence must name.
SEAT_FIELDS = ("seat", "to", "target", "by", "holder", "winner", "target_seat")
LIST_FIELDS = ("seats", "winners")
SILENT = {"resolved", "drink", "drew", "round_over", "mead"}


def walk(path):
    """(state, effects) after every event of a recorded game, folded by the engine alone."""
    header, events = parse_export(path.read_text())
    state = engine.new_game({**header["setup"], "seed": header["seed"]})
    for event in events:
        effects = []
        if event["kind"] in store.STATE_KINDS:
            state, effects = store.apply_event(state, event["kind"], event["payload"])
        yield event["seq"], state, effects


def expected_header(state, names) -> str | re.Pattern:
    if state.over:
        return "Game over"
    kind = engine.prompts(state)[0].kind
    whose = f"{names[state.active]}'s turn · "
    if kind.startswith("phase:"):
        return whose + PHASES[kind.split(":", 1)[1]]
    return re.compile(re.escape(whose) + {"respond": "waiting for responses", "gamble": "Round of Gambling",
                                          "mead": "Mead"}[kind])


def named_seats(fx: dict) -> set[int]:
    fields = [k for k in SEAT_FIELDS if not (fx["type"] == "negated" and k == "target")]  # there a card id
    seats = {fx[k] for k in fields if isinstance(fx.get(k), int) and not isinstance(fx.get(k), bool)}
    for k in LIST_FIELDS:
        seats.update(fx.get(k) or [])
    args = fx.get("args") or {}
    if isinstance(args.get("target"), int):
        seats.add(args["target"])
    seats.update(args.get("targets") or [])
    return seats


def check_gold(fx: dict, line: str, names: list[str]) -> None:
    who = {INN: "the Inn", POT: "the pot"}
    payer = who.get(fx["seat"]) or names[fx["seat"]]
    payee = who.get(fx["to"]) or names[fx["to"]]
    if fx.get("by_inn"):
        # the Inn paid for a seat: the sentence says for whom, and never "the Inn paid the Inn"
        assert line.startswith("The Inn paid") and payer in line, line
        assert not re.search(r"The Inn paid .* to the Inn", line), line
    elif fx["seat"] == POT:
        assert "pot" in line and payee.lower() in line.lower(), line
    else:
        assert line.lower().startswith(payer.lower()) and f"to {payee}" in line, line
    if fx["to"] != INN or not fx.get("by_inn"):
        assert payee.lower() in line.lower(), line


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_the_header_follows_the_engines_prompt_at_every_event(path):
    names = None
    for seq, state, _ in walk(path):
        names = names or narration.seat_names(engine.view(state, "spectator"))
        want = expected_header(state, names)
        for viewer in ["spectator", *range(len(state.seats))]:
            got = board.headline(engine.view(state, viewer), names)
            if isinstance(want, str):
                assert got == want, f"{path.stem} seq {seq} as {viewer}: {got!r}, the engine says {want!r}"
            else:
                assert want.fullmatch(got) or want.match(got), \
                    f"{path.stem} seq {seq} as {viewer}: {got!r}, the engine's prompt is {engine.prompts(state)[0].kind}"


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_the_narration_names_who_each_effect_is_about(path):
    names = None
    for seq, state, effects in walk(path):
        names = names or narration.seat_names(engine.view(state, "spectator"))
        teller = engine.words.Teller(state, names, None, over=True)
        for fx in effects:
            line = teller.line(fx)
            if fx["type"] in SILENT or (fx["type"] in ("fortitude", "alcohol") and not fx.get("delta")) \
                    or (fx["type"] == "gold" and not fx["amount"]):
                assert line is None, f"{path.stem} seq {seq}: {fx['type']} is not told, got {line!r}"
                continue
            assert line, f"{path.stem} seq {seq}: nothing said for {fx}"
            assert not line.endswith(f": {fx['type'].replace('_', ' ')}."), f"{path.stem} seq {seq}: raw {line!r}"
            if fx["type"] == "gold":
                check_gold(fx, line, names)
                continue
            for s in named_seats(fx):
                if fx["type"] == "round_started" and s in fx.get("participants", []):
                    continue
                assert names[s] in line, f"{path.stem} seq {seq}: {line!r} does not name {names[s]} ({fx})"


def test_a_tip_the_inn_pays_says_for_whom():
    state = engine.new_game({"seats": [{"character": "zot"}, {"character": "fiona"}], "variant": "base",
                             "options": {}, "seed": "00" * 32})
    names = narration.seat_names(engine.view(state, "spectator"))
    line = engine.words.Teller(state, names, None).line(
        {"type": "gold", "seat": 0, "to": "inn", "amount": 1, "asked": 1, "by_inn": True})
    assert line == "The Inn paid 1 Gold for Zot."


def test_a_response_window_inside_the_action_phase_is_not_called_ordering():
    view = {"over": False, "active": 1, "phase": "order", "prompt": {"kind": "respond", "seat": None}}
    assert board.headline(view, ["Zot", "Fiona"]) == "Fiona's turn · waiting for responses"
