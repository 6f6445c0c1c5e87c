"""games/engine is pure: standard library only (plus orjson), never Django (DESIGN.md §2).

Two checks: a static one over every module's imports (ast), so a lazy import inside a function
is caught too, and a dynamic one that imports the package in a fresh interpreter and looks at
sys.modules.
"""
import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "games" / "engine"
ALLOWED_THIRD_PARTY = {"orjson"}


def engine_files():
    return sorted(ENGINE.rglob("*.py"))


def imported_top_level_names(path: Path):
    """(line, top-level module name) of every absolute import in a file."""
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0], alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module.split(".")[0], node.module
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in (
                "__import__", "import_module") and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            yield node.lineno, node.args[0].value.split(".")[0], node.args[0].value


def is_allowed(top: str, full: str) -> bool:
    if top in sys.stdlib_module_names or top in ALLOWED_THIRD_PARTY or top == "__future__":
        return True
    # absolute imports of the engine itself are fine; any other part of the project is not
    return full == "games.engine" or full.startswith("games.engine.")


def test_engine_package_exists():
    assert (ENGINE / "__init__.py").is_file(), "games/engine/__init__.py is missing"


@pytest.mark.parametrize("path", engine_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_module_imports_only_stdlib(path):
    bad = [f"{path.relative_to(ROOT)}:{line}: import {full}"
           for line, top, full in imported_top_level_names(path) if not is_allowed(top, full)]
    assert not bad, "games/engine must import only the standard library (and orjson):\n" + "\n".join(bad)


def test_checker_flags_django_and_project_imports(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import json\nimport django.conf\nfrom games import models\n"
                      "from games.engine import rng\nimport orjson\n"
                      "def f():\n    from rest_framework import views\n")
    bad = [full for _, top, full in imported_top_level_names(sample) if not is_allowed(top, full)]
    assert bad == ["django.conf", "games", "rest_framework"]


def test_importing_engine_loads_no_django():
    code = (
        "import json, sys\n"
        "import games.engine\n"
        "import games.simulation\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('django', 'rest_framework', 'drf_spectacular', 'celery', 'redis', 'psycopg'))))\n"
    )
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []
