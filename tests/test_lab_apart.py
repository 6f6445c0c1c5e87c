"""The service never imports the laboratory (lab/, once tools/): a table, a replay or a fork
plays only today's bots, and the lab is free to keep what only an experiment needs.

Static, over every module's imports (ast), as tests/test_engine_purity.py checks the engine's:
a lazy import inside a function, or an `import_module("lab...")`, is caught too."""
from pathlib import Path

import pytest

from tests.test_engine_purity import imported_top_level_names

ROOT = Path(__file__).resolve().parent.parent
SERVICE = ("games", "replay", "disputes", "accounts", "rdi_service", "packs")
LAB = {"lab", "tools"}


def service_files():
    return sorted([p for package in SERVICE for p in (ROOT / package).rglob("*.py")] + [ROOT / "manage.py"])


def lab_imports(path: Path) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{line}: import {full}"
            for line, top, full in imported_top_level_names(path) if top in LAB]


def test_the_service_has_modules_to_check():
    names = {p.relative_to(ROOT).parts[0] for p in service_files()}
    assert {"games", "replay", "disputes", "accounts", "rdi_service", "manage.py"} <= names
    assert (ROOT / "lab" / "__init__.py").is_file()


@pytest.mark.parametrize("path", service_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_service_module_never_imports_the_lab(path):
    bad = lab_imports(path)
    assert not bad, "the service must not import lab/ (or tools/):\n" + "\n".join(bad)


def test_checker_flags_every_way_of_importing_the_lab(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import json\nfrom games.ai import mcts\nimport lab\nfrom lab.variants import get\n"
                      "def f():\n    import tools.search_ceiling\n"
                      "import importlib\nimportlib.import_module('lab.evaluation')\nfrom labels import x\n")
    found = [line for line, top, _ in imported_top_level_names(sample) if top in LAB]
    assert found == [3, 4, 6, 8]
