"""The golden corpus: recorded games re-folded by the engine alone and through the event store;
every state_hash must match. A failure means a rules change alters old games: bump
RULES_VERSION (and re-record with `python -m tests.golden.record`) or fix the bug."""
from pathlib import Path

import pytest

from games import appends, engine, services
from games.models import Table
from replay.export import parse_export, refold_export
from replay.verification import verify_game

FILES = sorted(Path(__file__).parent.glob("*.jsonl"))
CHANGED = ("{name} seq {seq}: the engine folds this recorded game differently now. If the rules change is "
           "intended, bump RULES_VERSION in games/engine and re-record with `python -m tests.golden.record`; "
           "otherwise the change is a regression.")


def _load(path):
    header, events = parse_export(path.read_text())
    # A version bump without a re-record must fail, never skip: a skipped corpus proves nothing.
    assert header["rules_version"] == str(engine.RULES_VERSION), (
        f"{path.name} was recorded under rules {header['rules_version']} and the engine is at "
        f"{engine.RULES_VERSION}: re-record the corpus with `python -m tests.golden.record`")
    return header, events


def test_the_corpus_is_not_empty():
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_engine_refolds_every_recorded_hash(path):
    header, events = _load(path)
    bad = refold_export(header, events)
    assert bad is None, CHANGED.format(name=path.name, seq=bad)
    assert events[-1]["kind"] == "game_ended"


@pytest.mark.django_db
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_store_folds_to_every_recorded_hash(path, django_user_model):
    header, events = _load(path)
    owner = django_user_model.objects.create_user("golden-owner")
    seats = header["setup"]["seats"]
    table = Table.objects.create(owner=owner, player_count=len(seats), variant=header["setup"]["variant"],
                                 options=header["setup"]["options"])
    for index, seat in enumerate(seats):
        table.seats.create(index=index, is_ai=True, character=seat["character"])
    game = services.table_start(table_id=table.pk, user=owner, seed=header["seed"])
    assert game.state_hash == events[0]["state_hash"]
    for event in events:
        if event["kind"] != "decision":
            continue
        result = appends.submit_decision(game_id=game.pk, seat=event["seat"], decision=event["payload"],
                                          actor=event["actor"], expected_seq=event["seq"] - 1)
        assert (result.seq, result.state_hash) == (event["seq"], event["state_hash"]), \
            CHANGED.format(name=path.name, seq=event["seq"])
    game.refresh_from_db()
    assert game.status == "over" and game.winners == header["winners"] and game.seq == events[-1]["seq"]
    assert verify_game(game.pk).ok


def _effects_of(path):
    header, events = _load(path)
    state = engine.new_game({**header["setup"], "seed": header["seed"]})
    seen = set()
    for e in events:
        if e["kind"] in ("decision", "timeout"):
            state, effects = engine.apply(state, e["payload"])
            for fx in effects:
                seen.add(fx["type"])
                if fx["type"] == "game_over" and (fx.get("tie") or len(fx.get("winners", [])) != 1):
                    seen.add("tied ending")
    return header, seen


def test_the_corpus_covers_characters_player_counts_and_the_big_moments():
    characters, counts, moments = set(), set(), set()
    for path in FILES:
        header, seen = _effects_of(path)
        characters |= {s["character"] for s in header["setup"]["seats"]}
        counts.add(len(header["setup"]["seats"]))
        moments |= seen
    assert characters >= {"deirdre", "fiona", "gerki", "zot"}
    assert counts >= {2, 3, 4, 5, 6}
    missing = {"round_started", "round_ended", "contest_won", "contest_tie", "eliminated", "tied ending"} - moments
    assert not missing, f"no golden game has {sorted(missing)}: add one to tests/golden/record.py GAMES"


def test_the_record_command_reproduces_every_file_byte_for_byte():
    import orjson

    from tests.golden import record

    for name, characters, policy_seed in record.GAMES:
        path = Path(__file__).parent / f"{name}.jsonl"
        _load(path)
        lines = record.record(characters, policy_seed)
        assert b"".join(orjson.dumps(line) + b"\n" for line in lines) == path.read_bytes(), name
