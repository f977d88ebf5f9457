"""The notebook test wiring: nbval strict compares outputs, and the guard catches what nbval skips."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from notebook_checks import problems

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def run_nbval(notebook: Path) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "pytest", "-p", "no:randomly", "--nbval",
           "--nbval-current-env", "-q", str(notebook)]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "LOOPLAB_OFFLINE": "1"})


@pytest.mark.e2e
def test_nbval_passes_a_notebook_whose_outputs_match():
    """nbval accepts a notebook whose stored outputs are what the cells print."""
    result = run_nbval(FIXTURES / "nbval_pass.ipynb")
    assert result.returncode == 0, result.stdout[-2000:]
    assert "2 passed" in result.stdout


@pytest.mark.e2e
def test_nbval_fails_a_notebook_whose_stored_output_is_wrong():
    """nbval strict rejects a stored output that differs from what the cell produces."""
    result = run_nbval(FIXTURES / "nbval_wrong_output.ipynb")
    assert result.returncode == 1
    assert "1 failed" in result.stdout


def test_guard_catches_a_code_cell_that_was_never_executed():
    """The guard reports an unexecuted code cell, which nbval would skip silently."""
    assert problems(FIXTURES / "never_executed.ipynb") == [
        "never_executed.ipynb: code cell 1 was never executed (nbval would skip it)"
    ]


def test_guard_accepts_an_executed_notebook():
    """The guard finds nothing wrong with a fully executed, deterministic notebook."""
    assert problems(FIXTURES / "nbval_pass.ipynb") == []


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_every_committed_notebook_is_executed_and_deterministic(notebook):
    """Every committed notebook has every code cell executed and no volatile output."""
    assert problems(notebook) == []
