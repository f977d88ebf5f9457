"""The Makefile's set-up step fails with one clear line, not a traceback."""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.e2e
@needs_make
@pytest.mark.skipif(not (ROOT / ".venv" / "bin" / "jupyter").exists(),
                    reason="no .venv with JupyterLab here; run make lab once to create it")
def test_make_lab_serves_the_notebooks_with_a_token():
    """`make lab` starts JupyterLab on notebooks/: the API lists the notebooks, with the token only."""
    port, token = free_port(), "test-token-4821"
    args = f"--no-browser --port {port} --ServerApp.ip=127.0.0.1 --IdentityProvider.token={token}"
    lab = subprocess.Popen(["make", "-s", "lab", f"LAB_ARGS={args}"], cwd=ROOT, start_new_session=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}/api/contents"
    try:
        listing = None
        for _ in range(120):  # up to 60 s for a cold start on a busy machine
            try:
                with urllib.request.urlopen(f"{url}?token={token}", timeout=2) as reply:
                    listing = json.load(reply)
                break
            except OSError:
                if lab.poll() is not None:
                    pytest.fail(f"make lab exited: {lab.stderr.read()[-800:]}")
                time.sleep(0.5)
        assert listing is not None, "JupyterLab did not answer within 60 s"
        names = {item["name"] for item in listing["content"]}
        assert {"00_start_here.ipynb", "07_going_further.ipynb", "data"} <= names
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url, timeout=2)
        assert refused.value.code == 403
    finally:
        os.killpg(lab.pid, signal.SIGTERM)
        lab.wait(timeout=20)
