"""The write path (games/appends.py) stands on its own: it imports nothing that uses it (tables
and seats, timers, the AI clock, tasks, pages, the API, replays, disputes), and what it tells
them it tells through listeners registered at start-up (games/apps.py)."""
import ast
from pathlib import Path

from games import appends, services, timers
from tests.imports import imports_of

ROOT = Path(__file__).resolve().parents[2]
ABOVE = ("games.services", "games.timers", "games.clock", "games.tasks", "games.web", "games.api", "games.ai",
         "replay", "disputes", "accounts")


def test_the_write_path_imports_nothing_above_it():
    found = imports_of(ROOT / "games" / "appends.py")
    assert not [m for m in found if m.startswith(ABOVE)], found


def test_no_module_imports_a_private_name_of_the_write_path():
    for path in [*ROOT.glob("games/**/*.py"), *ROOT.glob("replay/**/*.py"), *ROOT.glob("disputes/**/*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "games.appends":
                assert not [a.name for a in node.names if a.name.startswith("_")], path
        assert "appends._" not in path.read_text(), path


def test_timers_and_seat_control_listen_from_above():
    assert timers.after_commit in appends._after_commit_listeners
    assert services.player_back in appends._player_back_listeners
