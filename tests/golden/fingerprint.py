"""A behaviour fingerprint of the golden corpus that survives a change of the state's shape.

The state hash changes whenever the state's representation does, so it cannot show that a
refactoring left behaviour alone. This folds every golden game and records, after each
decision, what a player could observe through the omniscient view, in a form that does not
depend on how the state is stored: every seat's numbers, cards by key in each zone, the
piles, the stack as (kind, card) pairs, and the prompt with its decisions sorted (a discard
decision is recorded as the set of cards it may name, whatever the prompt's format).

    python -m tests.golden.fingerprint record FILE   # write the fingerprint of every game
    python -m tests.golden.fingerprint check FILE    # compare; prints the first difference
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent


def _keys(cards):
    return [c["key"] for c in cards]


def observe(engine, state) -> dict:
    v = engine.view(state, "omniscient")
    seats = [{"f": s["fortitude"], "a": s["alcohol"], "g": s["gold"], "status": s["status"],
              "hand": sorted(_keys(s["hand"])), "deck": _keys(s["deck"]), "discard": _keys(s["discard"]),
              "drink_me": _keys(s["drink_me"])} for s in v["seats"]]
    stack = [[fr["f"], fr["card"]["key"] if isinstance(fr.get("card"), dict) else None] for fr in v["stack"]]
    prompt = None
    if v["prompt"] is not None:
        p = v["prompt"]
        ds = []
        for d in p["decisions"]:
            d = dict(d)
            if d["type"] == "discard":
                continue        # the format of the discard offer changes; the hand says what it may name
            ds.append(json.dumps(d, sort_keys=True))
        prompt = {"seat": p["seat"], "kind": p["kind"], "decisions": sorted(ds),
                  "discard": any(d["type"] == "discard" for d in p["decisions"])}
    return {"turn": v["turn"], "active": v["active"], "phase": v["phase"], "over": v["over"],
            "winners": v["winners"], "inn": v["inn"], "pot": v["pot"], "seats": seats,
            "drink_deck": _keys(v["drink_deck"]), "drink_discard": _keys(v["drink_discard"]),
            "stack": stack, "prompt": prompt}


def fingerprints(engine) -> dict:
    from replay.export import parse_export

    out = {}
    for path in sorted(HERE.glob("*.jsonl")):
        header, events = parse_export(path.read_text())
        state = engine.new_game({**header["setup"], "seed": header["seed"]})
        marks = [hashlib.sha256(json.dumps(observe(engine, state), sort_keys=True).encode()).hexdigest()]
        for e in events:
            if e["kind"] in ("decision", "timeout"):
                state, _ = engine.apply(state, e["payload"])
                marks.append(hashlib.sha256(json.dumps(observe(engine, state), sort_keys=True).encode()).hexdigest())
        out[path.stem] = marks
    for n in range(RANDOM_GAMES):
        out[f"random-{n}"] = _random_game(engine, n)
    return out


#: Seeded random games on top of the corpus: more characters, counts and rare moments.
RANDOM_GAMES = 60


def _random_game(engine, n: int) -> list[str]:
    import random

    rng = random.Random(n)
    chars = ["deirdre", "fiona", "gerki", "zot"]
    seats = [{"character": rng.choice(chars)} for _ in range(2 + n % 5)]
    state = engine.new_game({"seats": seats, "seed": f"fp{n}", "variant": "base", "options": {}})
    marks = []
    for _ in range(3000):
        marks.append(hashlib.sha256(json.dumps(observe(engine, state), sort_keys=True).encode()).hexdigest())
        if state.over:
            break
        p = engine.prompts(state)[0]
        others = sorted((x for x in p.decisions if x["type"] != "discard"), key=lambda x: json.dumps(x, sort_keys=True))
        if p.kind == "phase:discard" and (not others or rng.random() < 0.5):
            hand = sorted(c["id"] for c in engine.view(state, "omniscient")["seats"][p.seat]["hand"])
            d = {"seat": p.seat, "type": "discard", "cards": [c for c in hand if rng.random() < 0.3]}
        else:
            d = rng.choice(others)
        state, _ = engine.apply(state, d)
    return marks


def main(argv):
    import os

    import django
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rdi_service.settings")
    django.setup()
    from games import engine

    mode, target = argv
    got = fingerprints(engine)
    if mode == "record":
        Path(target).write_text(json.dumps(got, indent=0))
        print(f"{target}: {sum(len(v) for v in got.values())} positions")
        return 0
    want = json.loads(Path(target).read_text())
    for name, marks in want.items():
        if got.get(name) != marks:
            first = next((i for i, (a, b) in enumerate(zip(marks, got.get(name, []))) if a != b), None)
            print(f"{name}: differs at position {first}")
            return 1
    print(f"same behaviour in {len(want)} games, {sum(len(v) for v in want.values())} positions")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
