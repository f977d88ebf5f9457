"""The Makefile's set-up step fails with one clear line, not a traceback."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from check_python import problem  # noqa: E402

needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed here")


def test_an_old_python_gets_one_line_saying_what_to_do():
    """Python 3.8 is refused with a message naming the version found and the fix."""
    assert problem((3, 8, 18)) == (
        "Agent Loop Lab needs Python 3.10 or newer, found 3.8: "
        "install a newer Python, then run make with PY=/path/to/python3.11")


def test_supported_pythons_pass():
    """Python 3.10 and newer pass the check."""
    assert problem((3, 10, 0)) is None
    assert problem((3, 13, 1)) is None


@needs_make
def test_make_lab_explains_a_venv_that_cannot_be_created(tmp_path):
    """When `python -m venv` fails, make prints one line with the fix and leaves no .venv."""
    shutil.copy(ROOT / "Makefile", tmp_path)
    shutil.copytree(ROOT / "scripts", tmp_path / "scripts")
    fake = tmp_path / "python3"
    fake.write_text(f'#!/bin/sh\n[ "$1" = "-m" ] && exit 1\nexec {sys.executable} "$@"\n')
    fake.chmod(0o755)
    result = subprocess.run(["make", "-s", "lab", f"PY={fake}"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "make: could not create .venv with" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    assert not (tmp_path / ".venv").exists()
