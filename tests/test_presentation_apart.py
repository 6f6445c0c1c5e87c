"""How a game is shown stands apart from where it is shown: the board's page model, the log's
narration and the bots' levels (games/presentation) import no page app, and the replay and the
staff's evidence pages read through selectors, the presentation and the engine's words, never
the table page's or the API's own modules. Static, over every module's imports (ast)."""
import ast
from pathlib import Path

import pytest

from tests.imports import imports_of

ROOT = Path(__file__).resolve().parents[1]
PAGE_APPS = ("games.web", "games.api", "replay", "disputes")


@pytest.mark.parametrize("path", sorted((ROOT / "games" / "presentation").glob("*.py")), ids=lambda p: p.name)
def test_the_presentation_imports_no_page_app(path):
    assert not [m for m in imports_of(path) if m.startswith(PAGE_APPS)]


@pytest.mark.parametrize("app, others", [("replay", ("games.web",)), ("disputes", ("games.web",))])
def test_an_app_reads_no_other_page_apps_modules(app, others):
    for path in (ROOT / app).rglob("*.py"):
        found = [m for m in imports_of(path) if m.startswith(others)]
        assert not found, f"{path.relative_to(ROOT)} imports {found}"


def test_no_module_imports_another_apps_private_name():
    for path in [*ROOT.glob("games/**/*.py"), *ROOT.glob("replay/**/*.py"), *ROOT.glob("disputes/**/*.py")]:
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(("games", "replay", "disputes")) \
                    and node.level == 0:
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, f"{path.relative_to(ROOT)} imports {private} from {node.module}"
