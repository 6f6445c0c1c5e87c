"""Record the golden corpus: a few complete games as export-format JSON lines (header with
setup and seed, then every event with its state_hash and chain hash).

    python -m tests.golden.record          # writes missing games, re-records games of an older RULES_VERSION
    python -m tests.golden.record --force  # rewrites every file, even one that folds differently now

Re-record only when RULES_VERSION was bumped on purpose (docs/event-store.md, "Golden
corpus"); a changed hash under the same version is a bug or a missing version bump, so the
command refuses to overwrite such a file without --force.
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
from games.ai.policies import random_decision  # noqa: E402
from replay.export import FORMAT  # noqa: E402

HERE = Path(__file__).parent
AT = "2026-11-22T00:00:00.000000+00:00"
#: (file name, characters in seat order, policy seed). The seed picks the game's seed and the
#: random decisions; together the games cover every character, 2 to 6 players, Rounds of
#: Gambling, Drinking Contests (won and tied), eliminations and tied endings
#: (tests/golden/test_golden.py checks that coverage).
GAMES = [
    ("two-players", ("deirdre", "zot"), 1),
    ("three-players", ("fiona", "gerki", "zot"), 2),
    ("four-players", ("deirdre", "fiona", "gerki", "zot"), 3),
    ("two-players-tie", ("zot", "deirdre"), 59),
    ("four-players-tie", ("zot", "deirdre", "fiona", "gerki"), 42),
    ("five-players-contest-tie", ("fiona", "gerki", "zot", "deirdre", "fiona"), 13),
    ("six-players-tie", ("gerki", "zot", "deirdre", "fiona", "gerki", "zot"), 39),
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
        # the corpus was recorded on the plain chain (games/chain.py PLAIN) and stays so: it
        # is also what shows that games from before the keyed chain still verify
        event["hash"] = store.chain_hash(prev, store.canonical_event(
            game_id=0, seq=event["seq"], kind=kind, seat=seat, actor=actor, payload=payload, at=AT,
            state_hash=event["state_hash"]))
        prev = event["hash"]
        events.append(event)

    add("game_created", None, "system", {"setup": setup, "seed_sha256": header["seed_sha256"],
                                         "rules_version": store.rules_version()})
    rng = random.Random(policy_seed)
    while not state.over:
        decision = random_decision(engine.prompts(state)[0], rng)
        state, _ = engine.apply(state, decision)
        add("decision", decision["seat"], "ai:random", decision)
    add("game_ended", None, "system", {"winners": list(state.winners), "seed": seed})
    header.update(winners=list(state.winners), seq=len(events) - 1)
    return [header, *events]


def main(argv=None):
    import argparse
    import sys

    from replay.export import parse_export, refold_export

    parser = argparse.ArgumentParser(description="Record the golden corpus (tests/golden/*.jsonl).")
    parser.add_argument("--force", action="store_true",
                        help="rewrite every file, even one recorded under this RULES_VERSION that now folds differently")
    args = parser.parse_args(argv)
    refused = 0
    for name, characters, policy_seed in GAMES:
        path = HERE / f"{name}.jsonl"
        if path.exists() and not args.force:
            header, events = parse_export(path.read_text())
            if header["rules_version"] == store.rules_version():
                bad = refold_export(header, events)
                if bad is None:
                    print(f"{path}: current (rules {header['rules_version']}), left as is")
                    continue
                print(f"{path}: recorded under this RULES_VERSION ({header['rules_version']}) but folds differently "
                      f"from seq {bad}: bump RULES_VERSION if the rules change is intended, or fix the regression; "
                      "--force overwrites it anyway", file=sys.stderr)
                refused += 1
                continue
        lines = record(characters, policy_seed)
        path.write_bytes(b"".join(orjson.dumps(line) + b"\n" for line in lines))
        print(f"{path}: recorded, {len(lines) - 1} events")
    if refused:
        sys.exit(1)


if __name__ == "__main__":
    main()
