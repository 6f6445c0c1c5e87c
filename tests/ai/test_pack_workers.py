"""AI seats of a pack game played the way a Celery worker plays them (`timers.play_one`), each
decision by a process that knew nothing of the game's content: the state comes from the store
with the content its `game_created` event pinned, and the bots read that content."""
import shutil
from pathlib import Path

import pytest

from games import services, timers
from games.ai import mcts
from games.models import Game, GameEvent
from replay.verification import verify_game
from tests.packs.conftest import forget_content, packs_dir  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db(transaction=True)
TEST_PACKS = Path(__file__).parents[1] / "packs"


def test_bots_in_a_fresh_worker_play_a_pack_game_to_the_end(packs_dir, make_user, forget_content,  # noqa: F811
                                                              monkeypatch):
    monkeypatch.setattr(mcts, "ITERATIONS", 12)
    for name in ("amundyr-scarabs", "samantha-brawl"):
        shutil.copy(TEST_PACKS / f"{name}.json", packs_dir / f"{name}.json")
    owner = make_user("owner")
    table = services.table_create(owner=owner, player_count=3, turn_seconds=None,
                                  options={"packs": ["test-amundyr", "test-samantha"]})
    for character, bot in (("amundyr", "heuristic"), ("samantha", "mcts"), ("fiona", "heuristic")):
        services.seat_take(table_id=table.pk, user=owner, character=character, ai=True, bot=bot)
    game = services.table_start(table_id=table.pk, user=owner, seed="c0" * 32)
    for path in packs_dir.glob("*-*.json"):           # uninstalled: only the log has them now
        path.unlink()
    for _ in range(2000):
        game.refresh_from_db()
        if game.status == Game.Status.OVER:
            break
        forget_content()                              # a fresh worker for every decision
        assert timers.play_one(game.pk, game.seq) == 1
    assert game.status == Game.Status.OVER
    actors = set(GameEvent.objects.filter(game=game, kind="decision").values_list("actor", flat=True))
    assert actors == {"ai:heuristic@9", "ai:mcts@13"}
    assert verify_game(game.pk).ok
