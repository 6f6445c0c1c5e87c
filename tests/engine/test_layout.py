"""The engine's layout is its plug-in design (docs/engine.md, "Where things live"): the core
(games/engine/core/) imports no mechanic, table option or variant; they register with the
core's points instead. Checked statically over every import, a function-local one included.
"""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "games" / "engine"
CORE = ENGINE / "core"
PLUGIN_FOLDERS = ("mechanics", "options", "variants")


def _package(path: Path) -> list[str]:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return parts if path.name == "__init__.py" and parts.pop() else parts[:-1]


def imported_modules(source: str, package: list[str]):
    """(line, dotted module) for every import of a module's source in `package`, relative ones
    resolved; `from . import x` names each `x` as a module of its own."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if node.module is None:
                for alias in node.names:
                    yield node.lineno, f"{module}.{alias.name}"
            else:
                yield node.lineno, module


def plugin_imports(source: str, package: list[str]) -> list[str]:
    return [f"{line}: {module}" for line, module in imported_modules(source, package)
            if module.startswith("games.engine.") and module.split(".")[2] in PLUGIN_FOLDERS]


@pytest.mark.parametrize("path", sorted(CORE.rglob("*.py")), ids=lambda p: p.name)
def test_the_core_imports_no_plugin(path):
    found = plugin_imports(path.read_text(), _package(path))
    assert not found, f"{path.relative_to(ROOT)} names a plug-in (give it a point to register with instead): {found}"


def test_every_plugin_lives_in_a_folder_that_says_what_it_is():
    loose = sorted(p.name for p in ENGINE.glob("*.py") if p.name != "__init__.py")
    assert loose == [], "an engine module belongs in core/, mechanics/, options/ or variants/"
    assert all((ENGINE / f / "__init__.py").is_file() for f in ("core",) + PLUGIN_FOLDERS)


def test_the_check_sees_relative_absolute_and_function_local_imports():
    sample = ("from ..mechanics import chi\nfrom ..options.dungeon import DECK\nfrom .ops import emit\n"
              "def f():\n    from games.engine.variants import boss\n    import games.engine.core.state\n")
    found = plugin_imports(sample, ["games", "engine", "core"])
    assert [f.split(": ", 1)[1] for f in found] == ["games.engine.mechanics", "games.engine.options.dungeon",
                                                      "games.engine.variants"]
