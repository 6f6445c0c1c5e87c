"""Record the golden corpus: a few complete games as export-format JSON lines (header with
setup and seed, then every event with its state_hash and chain hash).

    python -m tests.golden.record      # rewrites tests/golden/*.jsonl

Re-record only when RULES_VERSION was bumped on purpose (docs/event-store.md, "Golden
corpus"); a changed hash under the same version is a bug or a missing version bump.
"""
from __future__ import annotations

import os
import random
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rdi_service.settings")
django.setup()

import orjson  # noqa: E402

from games import engine, store  # noqa: E402
from replay.export import FORMAT  # noqa: E402

HERE = Path(__file__).parent
AT = "2026-11-22T00:00:00.000000+00:00"
GAMES = [
    ("two-players", ("deirdre", "zot"), 1),
    ("three-players", ("fiona", "gerki", "zot"), 2),
    ("four-players", ("deirdre", "fiona", "gerki", "zot"), 3),
]


def record(characters, policy_seed: int) -> list[dict]:
    seed = f"{policy_seed:02d}" * 32
    setup = {"seats": [{"character": c} for c in characters], "variant": "base", "options": {}}
    state = engine.new_game({**setup, "seed": seed})
    header = {"format": FORMAT, "game": 0, "rules_version": store.rules_version(), "setup": setup,
              "seed_sha256": store.seed_commitment(seed), "status": "over", "seed": seed}
    events, prev = [], store.GENESIS_HASH

    def add(kind, seat, actor, payload):
        nonlocal prev
        event = {"seq": len(events), "kind": kind, "seat": seat, "actor": actor, "payload": payload, "at": AT,
                 "prev_hash": prev, "state_hash": engine.state_hash(state)}
        event["hash"] = store.chain_hash(prev, store.canonical_event(
            game_id=0, seq=event["seq"], kind=kind, seat=seat, actor=actor, payload=payload, at=AT,
            state_hash=event["state_hash"]))
        prev = event["hash"]
        events.append(event)

    add("game_created", None, "system", {"setup": setup, "seed_sha256": header["seed_sha256"],
                                         "rules_version": store.rules_version()})
    rng = random.Random(policy_seed)
    while not state.over:
        decision = rng.choice(engine.prompts(state)[0].decisions)
        state, _ = engine.apply(state, decision)
        add("decision", decision["seat"], "ai:random", decision)
    add("game_ended", None, "system", {"winners": list(state.winners), "seed": seed})
    header.update(winners=list(state.winners), seq=len(events) - 1)
    return [header, *events]


def main():
    for name, characters, policy_seed in GAMES:
        lines = record(characters, policy_seed)
        path = HERE / f"{name}.jsonl"
        path.write_bytes(b"".join(orjson.dumps(line) + b"\n" for line in lines))
        print(f"{path}: {len(lines) - 1} events")


if __name__ == "__main__":
    main()
