"""The event store benchmark runs at a tiny size so it cannot rot (figures are not checked)."""
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench_store.py"


@pytest.mark.slow
def test_the_store_benchmark_runs():
    run = subprocess.run([sys.executable, str(BENCH), "--appends", "20", "--writers", "2", "--repeats", "1",
                          "--load-games", "3"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    for line in ("store, 1 writer", "raw insert, 2 writers", "eventsourcing aggregate", "store/raw", "full/store",
                 "bot turns, group commit, 1 writer", "(aim >= 60%)", "(aim >= 50%)", "(aim >= 1.5x)",
                 "writers' own CPU per append, 2 writers: store"):
        assert line in run.stdout, run.stdout


@pytest.mark.slow
def test_the_profile_mode_runs():
    run = subprocess.run([sys.executable, str(BENCH), "--profile", "40"], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    for line in ("Profile of 20 appends", "engine.apply", "state hash", "the append statement", "tottime"):
        assert line in run.stdout, run.stdout
