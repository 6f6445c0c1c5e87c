"""Verify an exported game file (`GET /api/games/{id}/export/`, JSON lines) on any machine,
without the database: the format, the seed against its commitment, the hash chain under the
scheme the game declares (keyed by the seed since games/chain.py's scheme 2, so a keyed
chain is checked only once the export carries the seed), and a re-fold through the engine compared with every event's `state_hash`. It names the first bad
seq (or line). Used by `python manage.py verify_export FILE`; see docs/replay.md.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

import orjson

from games import chain, engine, standings, store
from replay.export import FORMAT


@dataclass
class ExportCheck:
    ok: bool = True
    game: int | None = None
    events: int = 0
    rules_version: str | None = None
    first_bad_seq: int | None = None
    problem: str | None = None
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return asdict(self)

    def bad(self, seq: int | None, problem: str) -> "ExportCheck":
        self.ok, self.first_bad_seq, self.problem = False, seq, problem
        return self


def _apply(state, kind: str, payload):
    apply_event = getattr(store, "apply_event", None)       # staff-folded kinds, when the store has them
    if apply_event is not None:
        return apply_event(state, kind, payload)
    return engine.apply(state, payload)


#: The fields every exported event has (the chain covers all but `hash` and `prev_hash`'s own).
EVENT_FIELDS = frozenset({"seq", "kind", "seat", "actor", "payload", "at", "prev_hash", "hash", "state_hash"})


def _chain_break(result: ExportCheck, header: dict, events: list, key: bytes | None) -> ExportCheck | None:
    broken = chain.first_break(header.get("game"), events, key)
    if broken is None:
        return None
    index, problem = broken
    if events[index]["payload"] == {"redacted": True}:
        return result.bad(index, f"seq {index} is redacted: this export was made during the game for one seat; only "
                                 "a finished game's export can be verified.")
    return result.bad(index, problem)


def verify_export_bytes(data: bytes) -> ExportCheck:
    result = ExportCheck()
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    if not lines:
        return result.bad(None, "The file is empty: an export starts with a header line.")
    parsed = []
    for number, raw in enumerate(lines):
        try:
            parsed.append(orjson.loads(raw))
        except orjson.JSONDecodeError:
            seq = number - 1 if number else None
            where = "the header (line 1)" if number == 0 else f"seq {seq} (line {number + 1})"
            return result.bad(seq, f"{where} is not valid JSON: the file was damaged or altered.")
    header, events = parsed[0], parsed[1:]
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        return result.bad(None, f"Line 1 is not an export header (format {FORMAT!r} expected).")
    result.game, result.events, result.rules_version = header.get("game"), len(events), header.get("rules_version")
    state_kinds = getattr(store, "STATE_KINDS", store.FOLDED_KINDS)
    for index, e in enumerate(events):
        if not isinstance(e, dict) or not EVENT_FIELDS <= e.keys():
            return result.bad(index, f"seq {index} (line {index + 2}) lacks a field every event has.")
    if not events or events[0]["kind"] != "game_created" or not isinstance(events[0]["payload"], dict):
        return result.bad(0, "seq 0 is not a game_created event.")
    created = events[0]["payload"]
    if header.get("seq") is not None and header["seq"] != len(events) - 1:
        result.notes.append(f"The header says seq {header['seq']}; the file holds events 0 to {len(events) - 1}.")
    # 1. the seed against its commitment: a keyed chain's key comes from it
    commitment = created.get("seed_sha256")
    if header.get("seed_sha256") != commitment:
        return result.bad(0, "The header's seed_sha256 differs from the one committed in game_created.")
    seed = header.get("seed")
    scheme = chain.scheme_of(created)
    if seed is None:
        if scheme != chain.PLAIN:
            return result.bad(None, "The export has no seed: the game was not over when it was exported. Its hash "
                                    "chain is keyed by the seed, so neither the chain nor the states can be checked "
                                    "until the game is over; export it again then.")
        broken = _chain_break(result, header, events, None)
        if broken:
            return broken
        return result.bad(None, "The export has no seed: the game was not over when it was exported, so its states "
                                "cannot be re-folded (the hash chain was checked and is intact).")
    if not isinstance(seed, str) or store.seed_commitment(seed) != commitment:
        return result.bad(0, "The seed does not match the seed_sha256 committed in game_created at seq 0.")
    for e in events:
        if e["kind"] == "game_ended" and store.seed_commitment(str(e["payload"].get("seed") if isinstance(e["payload"], dict) else None)) != commitment:
            return result.bad(e["seq"], f"seq {e['seq']}: the seed revealed by game_ended does not match the "
                                        "commitment.")
    # 2. the chain, under the scheme game_created declares
    try:
        key = chain.key_for(scheme, seed)
    except ValueError:
        return result.bad(0, f"game_created declares an unknown hash chain scheme {created.get('chain')!r}.")
    broken = _chain_break(result, header, events, key)
    if broken:
        return broken
    # 3. the re-fold
    pinned = created.get("rules_version")
    if pinned != store.rules_version():
        return result.bad(None, f"The game was recorded under rules {pinned}; this checkout runs "
                                f"{store.rules_version()}, so its states cannot be re-folded here (chain and seed "
                                "are intact). Check it out at a commit with that RULES_VERSION.")
    if created.get("setup") != header.get("setup"):
        return result.bad(0, "The header's setup differs from the one recorded in game_created.")
    try:
        state = engine.new_game({**created["setup"], "seed": seed})
    except Exception as exc:  # noqa: BLE001 - a damaged setup is a finding
        return result.bad(0, f"The recorded setup cannot start a game ({exc}).")
    current = engine.state_hash(state)
    outs = standings.Outs(state.turn)
    for e in events:
        if e["kind"] in state_kinds:
            try:
                state, effects = _apply(state, e["kind"], e["payload"])
            except engine.IllegalDecision as exc:
                return result.bad(e["seq"], f"seq {e['seq']}: the engine refuses the recorded decision "
                                            f"({exc.code}: {exc.message}).")
            except Exception as exc:  # noqa: BLE001
                return result.bad(e["seq"], f"seq {e['seq']}: the recorded decision cannot be applied ({exc!r}).")
            current = engine.state_hash(state)
            outs.see(e["seq"], effects)
        if current != e["state_hash"]:
            return result.bad(e["seq"], f"seq {e['seq']}: the re-folded state differs from the recorded state_hash.")
    if header.get("status") == "over" and not state.over:
        result.notes.append("The header says the game is over but the re-folded game is not.")
    # The header is outside the hash chain, so its standings are checked against the fold.
    # Exports made before the header had them simply have none.
    if "standings" in header and header["standings"] != standings.rank(
            seats=len(state.seats), winners=list(state.winners), outs=outs.result()):
        return result.bad(None, "The header's standings differ from the re-folded game's (who went out when).")
    return result
