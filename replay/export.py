"""Export of a game as JSON lines: a header (rules version, setup, seed commitment and, after
the end, the seed and the standings), then one line per event with its hash chain, redacted for the caller
until the game is over. A finished game's export is self-contained: anyone can re-run it
(`replay.export.refold_export`), and the golden corpus in tests/golden/ uses this format.
"""
from __future__ import annotations

from collections.abc import Iterator

import orjson

from games import chain, engine, standings, store
from games.models import Game, GameSeed
from games.selectors import events_raw, redact_event

FORMAT = "rdi-game-export/1"


def export_lines(*, game: Game, seat: int | None) -> Iterator[bytes]:
    over = game.status == Game.Status.OVER
    header = {
        "format": FORMAT,
        "game": game.pk,
        "rules_version": game.rules_version,
        "setup": game.setup,
        "seed_sha256": game.seed_sha256,
        "chain": game.chain,
        "status": game.status,
        "winners": game.winners,
        "seq": game.seq,
    }
    samplers = sampler_packs(game.setup)
    if samplers:
        header["samplers"] = samplers
    if over:
        header["seed"] = GameSeed.objects.get(game=game).seed
        if game.rules_version == store.rules_version():       # else this server can't fold it to rank it
            header["standings"] = standings.of_game(game)
    yield orjson.dumps(header) + b"\n"
    for event in events_raw(game_id=game.pk, after=-1):
        if event["seq"] > game.seq:
            break
        yield orjson.dumps(redact_event(event, seat=seat, over=over)) + b"\n"


def sampler_packs(setup: dict) -> list[dict]:
    """The sampler packs a game plays, each with the note a player sees on every page (an
    export is read outside our pages, so it says it too): `[{"pack", "title", "characters",
    "note"}]`."""
    out = []
    for doc in setup.get("content") or []:
        header = doc.get("pack") or {}
        if header.get("kind") == "sampler":
            out.append({"pack": header.get("id"), "title": header.get("title"),
                        "characters": [c.get("name") for c in doc.get("characters") or []], "note": engine.words.SAMPLER_NOTE})
    return out


def parse_export(text: str) -> tuple[dict, list[dict]]:
    lines = [orjson.loads(line) for line in text.splitlines() if line.strip()]
    return lines[0], lines[1:]


def refold_export(header: dict, events: list[dict]) -> int | None:
    """Check a finished game's export without any database: the chain and every state hash.
    Returns None when everything matches, else the first bad seq."""
    key = chain.key_for(chain.scheme_of(events[0]["payload"]), header["seed"])
    broken = chain.first_break(header["game"], events, key)
    if broken:
        return broken[0]
    state = engine.new_game({**header["setup"], "seed": header["seed"]})
    current = engine.state_hash(state)
    for e in events:
        if e["kind"] in store.STATE_KINDS:
            state, _ = store.apply_event(state, e["kind"], e["payload"])
            current = engine.state_hash(state)
        if current != e["state_hash"]:
            return e["seq"]
    return None
