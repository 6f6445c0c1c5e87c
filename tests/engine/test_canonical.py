"""One canonical encoder (games/engine/core/canonical.py) for the state hash, snapshots, clones and
the event chain: orjson and the standard-library fallback write the same bytes, so no hash
depends on which one ran (issue 15)."""
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games import engine
from games.engine.core import canonical
from games.engine.core.state import dump_state, load_state, state_hash
from replay.export import parse_export

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.jsonl"))
AWKWARD = ["", "plain", "é and ü", "\u2028\u2029", "😀 astral", "\x00\x01\x08\t\n\x0b\x0c\r\x1f\x7f", '"\\/',
           "\ud7ff\ue000\uffff", "<script>&amp;</script>"]


def played_states(players: int, seed: int, steps: int = 120):
    state = engine.new_game({"seats": [{"character": engine.CHARACTERS[i % len(engine.CHARACTERS)]}
                                       for i in range(players)], "variant": "base", "options": {},
                             "seed": f"{seed:064x}"})
    rng = random.Random(seed)
    for _ in range(steps):
        yield state
        if state.over:
            return
        state, _ = engine.apply(state, rng.choice(engine.prompts(state)[0].decisions))


@pytest.mark.parametrize("players", [2, 5, 8])
def test_orjson_and_the_standard_library_write_the_same_state_bytes(players):
    for state in played_states(players, seed=players):
        blob = dump_state(state)
        assert blob == canonical.std_dumps(state.to_dict())
        assert state_hash(state) == canonical.digest(blob)


def test_the_same_bytes_for_every_recorded_event_and_awkward_strings():
    values = [{key: key for key in AWKWARD}, AWKWARD, {"n": [0, -1, 2**63 - 1, -2**63], "t": True, "f": False,
                                                        "none": None, "nested": {"b": [], "a": {}}}]
    for path in GOLDEN:
        header, events = parse_export(path.read_text())
        values += [header] + events
    for value in values:
        assert canonical.dumps(value) == canonical.std_dumps(value)
        assert canonical.loads(canonical.dumps(value)) == value


def test_a_snapshot_stores_the_bytes_the_hash_covers_and_a_clone_round_trips_them():
    for state in played_states(4, seed=11, steps=60):
        blob = dump_state(state)
        assert json.loads(blob) == state.to_dict()
        assert list(json.loads(blob)) == sorted(state.to_dict())     # sorted keys: canonical
        copy = engine.clone(state)
        assert copy is not state and dump_state(copy) == blob and dump_state(load_state(blob)) == blob


def test_the_engine_without_orjson_hashes_a_recorded_game_the_same():
    """The fallback really runs: a fresh interpreter where orjson cannot be imported re-folds
    a golden game, printing every state hash, and recomputes its chain (the store writes the
    chain with orjson): all as recorded."""
    path = GOLDEN[0]
    code = (
        "import sys; sys.modules['orjson'] = None\n"
        "import json\n"
        "from games.engine import new_game, apply, state_hash\n"
        "from games.engine.core import canonical\n"
        "assert canonical.orjson is None\n"
        "lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]\n"
        "header, events = lines[0], lines[1:]\n"
        "state = new_game({**header['setup'], 'seed': header['seed']})\n"
        "out = [state_hash(state)]\n"
        "for e in events:\n"
        "    if e['kind'] in ('decision', 'timeout'):\n"
        "        state, _ = apply(state, e['payload'])\n"
        "        out.append(state_hash(state))\n"
        "    event = {k: e[k] for k in ('seq', 'kind', 'seat', 'actor', 'payload', 'at', 'state_hash')}\n"
        "    out.append(canonical.digest(e['prev_hash'].encode() + canonical.dumps({**event, 'game': header['game']})))\n"
        "print(json.dumps(out))\n"
    )
    run = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, capture_output=True, text=True,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}, timeout=120)
    assert run.returncode == 0, run.stderr
    without = json.loads(run.stdout)
    header, events = parse_export(path.read_text())
    state = engine.new_game({**header["setup"], "seed": header["seed"]})
    expected = [state_hash(state)]
    for event in events:
        if event["kind"] in ("decision", "timeout"):
            state, _ = engine.apply(state, event["payload"])
            expected.append(state_hash(state))
            assert expected[-1] == event["state_hash"]
        expected.append(event["hash"])
    assert without == expected
