"""Every scenario under tests/scenarios/ passes, and together they play every card."""
from pathlib import Path

import pytest

from games.engine.core.scenario import run_file

FILES = sorted((Path(__file__).parent.parent / "scenarios").glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario(path):
    run_file(path)

