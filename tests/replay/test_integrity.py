"""Folds start from the event log alone (the `game_created` payload and the committed seed);
the game row is a projection that verification checks against the log. A broken log answers
`integrity_failure` on every read path that folds, never a bare 500.

Tampering here is what a database owner can do without disabling anything: the game row and
the seed have no append-only trigger (the event table has)."""
import pytest

from games import store
from games.models import Game, GameSeed
from replay import frames
from replay.verification import verify_game
from tests.owner import owner_role
from tests.replay.conftest import client_for, play, start_game

pytestmark = pytest.mark.django_db


def _tamper_setup(game):
    setup = dict(game.setup)
    setup["options"] = {**(setup.get("options") or {}), "starting_gold": 30}
    Game.objects.filter(pk=game.pk).update(setup=setup)


def _break_the_seed(game):
    with owner_role():     # the service role may not change a seed: only the owner can tamper
        GameSeed.objects.filter(game=game).update(seed="cd" * 32)
    store.cache.clear()
    frames.clear_caches()


def test_a_tampered_setup_fails_verification_and_replay_still_folds_the_log(players):
    game = play(start_game(*players), steps=20)
    assert verify_game(game.pk).ok
    _tamper_setup(game)
    store.cache.clear()
    frames.clear_caches()
    check = verify_game(game.pk)
    assert not check.ok and "setup" in check.problem and check.first_bad_seq is None, check
    # the fold uses game_created, so the replay still shows the recorded game
    answer = client_for(players[0]).get(f"/api/games/{game.pk}/replay/?at=0&as=0")
    assert answer.status_code == 200, answer.content
    assert answer.json()["view"]["seats"][0]["gold"] != 30


@pytest.mark.parametrize("column, value, words", [
    ("seed_sha256", "0" * 64, "seed_sha256"),
    ("rules_version", "999", "rules version"),
    ("status", "over", "status"),
    ("winners", [1], "winners"),
    ("prompt_seats", [0, 1, 2], "prompt"),
])
def test_every_projection_of_the_game_row_is_checked(players, column, value, words):
    game = play(start_game(*players), steps=10)
    Game.objects.filter(pk=game.pk).update(**{column: value})
    check = verify_game(game.pk)
    assert not check.ok and words in check.problem, check


def test_a_finished_game_says_its_seed_was_revealed_even_when_the_check_fails(finished_game):
    _break_the_seed(finished_game)      # the check stops at seq 0, before it reaches game_ended
    check = verify_game(finished_game.pk)
    assert not check.ok and check.seed_revealed, check
    body = client_for().get(f"/api/games/{finished_game.pk}/verify/").json()
    assert body["ok"] is False and body["seed_revealed"] is True


def test_a_broken_log_answers_integrity_failure_on_every_folding_read(finished_game):
    _break_the_seed(finished_game)
    api = client_for()
    for path in ("replay/timeline/", "replay/?at=5", "replay/?at=0", "verify/"):
        answer = api.get(f"/api/games/{finished_game.pk}/{path}")
        if path == "verify/":
            assert answer.status_code == 200 and answer.json()["ok"] is False
            continue
        assert answer.status_code == 500, (path, answer.status_code)
        assert answer.json()["code"] == "integrity_failure", (path, answer.json())


def test_the_replay_page_names_an_integrity_failure(finished_game):
    _break_the_seed(finished_game)
    for path in ("replay/", "replay/?at=3", "replay/frame/?at=3"):
        page = client_for().get(f"/games/{finished_game.pk}/replay/{path[len('replay/'):]}")
        assert page.status_code == 500, path
        assert b"integrity_failure" in page.content and b"verify_game" in page.content, path


def test_a_fork_of_a_broken_log_answers_integrity_failure(finished_game, players):
    _break_the_seed(finished_game)
    answer = client_for(players[0]).post(f"/api/games/{finished_game.pk}/fork/", {"at": 1, "seat": 0},
                                         content_type="application/json")
    assert answer.status_code == 500 and answer.json()["code"] == "integrity_failure"
