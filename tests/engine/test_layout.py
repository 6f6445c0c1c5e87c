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


def _engine_module(path: Path) -> str:
    return ".".join(_package(path) + ([] if path.name == "__init__.py" else [path.stem]))


def test_no_import_circle_in_the_engine():
    """Every engine module imports only what is below it: a circle would need a function-local
    import to load at all, and would make the layout a lie."""
    modules = {_engine_module(p): p for p in ENGINE.rglob("*.py")}
    edges = {}
    for name, path in modules.items():
        deps = set()
        for _, module in imported_modules(path.read_text(), _package(path)):
            while module and module not in modules:       # `from .x import name` names module x
                module = module.rpartition(".")[0]
            if module and module != name and not name.startswith(module + "."):
                deps.add(module)                            # (a package's own __init__ is no edge back)
        edges[name] = deps
    done, path_ = set(), []

    def visit(m):
        if m in done:
            return
        assert m not in path_, "import circle: " + " -> ".join(path_[path_.index(m):] + [m])
        path_.append(m)
        for d in sorted(edges[m]):
            visit(d)
        path_.pop()
        done.add(m)

    for m in sorted(edges):
        visit(m)


def test_no_function_local_import_in_the_engine():
    """An import inside a function is how a circle hides; the one allowed is canonical.py's
    optional orjson (the standard library writes the same bytes without it)."""
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        top = {id(n) for n in tree.body}
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in top:
                names = [a.name for a in node.names]
                if not (path.name == "canonical.py" and names == ["orjson"]):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, "function-local imports: " + ", ".join(found)
