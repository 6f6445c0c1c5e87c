"""GET /api/games/{id}/export/ and `manage.py verify_export`: a finished game's export verifies
on its own; altering any one byte of an event line names that event's seq."""
import random

import pytest
from django.core.management import call_command
from django.test import Client

from replay.offline import verify_export_bytes
from tests.replay.conftest import play, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def _export(game, user=None):
    c = Client()
    if user is not None:
        c.force_login(user)
    r = c.get(f"/api/games/{game.pk}/export/")
    assert r.status_code == 200 and r["Content-Type"] == "application/x-ndjson"
    return r.content


def test_a_finished_games_export_verifies_without_the_database(finished_game):
    data = _export(finished_game)
    lines = data.splitlines()
    assert len(lines) == finished_game.seq + 2
    result = verify_export_bytes(data)
    assert result.ok, result.problem
    assert result.events == finished_game.seq + 1 and result.game == finished_game.pk


def test_one_altered_byte_names_the_seq(finished_game):
    data = _export(finished_game)
    lines = data.split(b"\n")
    starts, offset = [], 0
    for line in lines:
        starts.append(offset)
        offset += len(line) + 1
    rng = random.Random(7)
    for _ in range(60):
        line_no = rng.randrange(1, len(lines) - 1)          # an event line (seq = line_no - 1)
        pos = starts[line_no] + rng.randrange(len(lines[line_no]))
        altered = bytearray(data)
        altered[pos] = ord("7") if altered[pos] != ord("7") else ord("3")
        result = verify_export_bytes(bytes(altered))
        assert not result.ok and result.first_bad_seq == line_no - 1, (line_no, chr(data[pos]), result)
        assert f"seq {line_no - 1}" in result.problem


def test_the_command_prints_ok_and_names_the_bad_seq(finished_game, tmp_path, capsys):
    data = _export(finished_game)
    good = tmp_path / "game.jsonl"
    good.write_bytes(data)
    call_command("verify_export", str(good))
    assert ": ok:" in capsys.readouterr().out
    lines = data.split(b"\n")
    lines[6] = lines[6].replace(b'"kind":"decision"', b'"kind":"decisioN"', 1)   # one byte
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"\n".join(lines))
    with pytest.raises(SystemExit) as exit_:
        call_command("verify_export", str(bad))
    assert exit_.value.code == 1
    assert "first bad seq 5" in capsys.readouterr().out


def test_an_export_made_during_the_game_is_redacted_and_says_so(players):
    game = play(start_game(*players), steps=30)
    result = verify_export_bytes(_export(game, players[0]))
    assert not result.ok and ("redacted" in result.problem or "not over" in result.problem)
