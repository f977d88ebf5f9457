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
import build_workshop  # noqa: E402
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


def plain_make_env() -> dict:
    """The environment without a parent make's variables (under `make test`, they make a child make chatty)."""
    return {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}


@needs_make
def test_make_lab_says_what_its_first_install_does(tmp_path):
    """Before the minute-long first install, make lab prints one line saying what it is doing."""
    for name in ("Makefile", "pyproject.toml", "constraints.txt"):
        shutil.copy(ROOT / name, tmp_path)
    result = subprocess.run(["make", "-n", "lab"], cwd=tmp_path, capture_output=True, text=True, timeout=60,
                            env=plain_make_env())
    lines = result.stdout.splitlines()
    said = [i for i, line in enumerate(lines) if "Installing the workshop's packages into .venv (first time: about a minute)..." in line]
    install = [i for i, line in enumerate(lines) if "pip install -q -c constraints.txt -e ." in line]
    assert said and install and said[0] < install[0]
    assert "python -m looplab.sync workshop my-workshop" in lines[-2]
    assert "--ServerApp.root_dir=my-workshop" in lines[-1] and lines[-1].endswith("my-workshop/00_start_here.ipynb")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


VENV_BIN = Path(sys.executable).parent
# Run make with the venv running these tests, and without its install steps (nothing is installed).
MAKE_VARS = [f"BIN={VENV_BIN}", "LAB_STAMP=", "DEV_STAMP="]
needs_lab = pytest.mark.skipif(not (VENV_BIN / "jupyter").exists(), reason="no JupyterLab next to this Python")


def serve(target: str, cwd: Path, port: int, token: str, *more: str) -> subprocess.Popen:
    args = f"--no-browser --port {port} --ServerApp.ip=127.0.0.1 --IdentityProvider.token={token}"
    return subprocess.Popen(["make", "-s", target, f"LAB_ARGS={args}", *MAKE_VARS, *more], cwd=cwd,
                            start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def api(url: str, lab: subprocess.Popen) -> dict:
    for _ in range(120):  # up to 60 s for a cold start on a busy machine
        try:
            with urllib.request.urlopen(url, timeout=2) as reply:
                return json.load(reply)
        except OSError:
            if lab.poll() is not None:
                pytest.fail(f"make exited: {lab.stderr.read()[-800:]}")
            time.sleep(0.5)
    pytest.fail("JupyterLab did not answer within 60 s")


@pytest.mark.e2e
@needs_make
@needs_lab
@pytest.mark.parametrize(("target", "first", "outcome"), [
    ("lab", "00_start_here.ipynb", "Not attempted:"), ("lab-solutions", "00_start_here.ipynb", "Correct:"),
    ("lab-fr", "00_commencer_ici.ipynb", "Pas encore tenté :")])
def test_make_lab_serves_an_edition_with_a_token(target, first, outcome, tmp_path):
    """`make lab` serves the participant's copy of workshop/ (checks not attempted), `make lab-solutions` notebooks/,
    `make lab-fr` the participant's copy of workshop-fr/ with a French interface; token only."""
    port, token = free_port(), "test-token-4821"
    copy = tmp_path / "my-workshop"
    lab = serve(target, ROOT, port, token, f"MY_WORKSHOP={copy}", f"MY_WORKSHOP_FR={copy}",
                f"FR_SETTINGS={tmp_path / 'settings-fr'}")
    url = f"http://127.0.0.1:{port}/api/contents"
    try:
        listing = api(f"{url}?token={token}", lab)
        names = {item["name"] for item in listing["content"]}
        assert {first, "data"} <= names and len([n for n in names if n.endswith(".ipynb")]) == 10
        assert (copy / first).exists() == (target != "lab-solutions")
        notebook = api(f"{url}/{first}?token={token}", lab)
        assert outcome in json.dumps(notebook["content"], ensure_ascii=False)
        if target == "lab-fr":
            assert json.loads(api(f"http://127.0.0.1:{port}/lab/api/settings/@jupyterlab/translation-extension:plugin"
                                  f"?token={token}", lab)["raw"])["locale"] == "fr_FR"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url, timeout=2)
        assert refused.value.code == 403
    finally:
        os.killpg(lab.pid, signal.SIGTERM)
        lab.wait(timeout=20)


def small_project(tmp_path: Path) -> Path:
    """A copy of the project with notebooks 00 and 01 only, so every make target runs in seconds."""
    keep = shutil.ignore_patterns(".git", ".venv", "build", "__pycache__", ".backup", "logs", "0[2-9]_*.ipynb")
    for name in ("src", "scripts", "tests", "benchmarks", "notebooks", "workshop", "notebooks-fr", "workshop-fr", "hub"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=keep)
    for name in ("Makefile", "pyproject.toml", "constraints.txt", "README.md"):
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


def snapshot(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.e2e
@needs_make
def test_a_participant_edit_survives_every_make_target(tmp_path):
    """Lint, the edition checks, nbval and clean leave an edited workshop notebook alone; `make workshop` backs it up."""
    root = small_project(tmp_path)
    edited = root / "workshop" / "00_start_here.ipynb"
    nb = json.loads(edited.read_text(encoding="utf-8"))
    cell = next(c for c in nb["cells"] if "def first_text" in "".join(c["source"]))
    cell["source"] = "def first_text(message):\n    return 'my own answer'"
    edited.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    mine, solved = edited.read_bytes(), snapshot(root / "notebooks")
    env = {**os.environ, "PYTHONPATH": str(root / "src"), "LOOPLAB_OFFLINE": "1"}

    def make(target: str) -> subprocess.CompletedProcess:
        return subprocess.run(["make", "-s", target, *MAKE_VARS], cwd=root, env=env,
                              capture_output=True, text=True, timeout=300)

    results = {}
    for target in ("lint", "test-editions", "test-notebooks", "clean"):
        results[target] = make(target)
        assert edited.read_bytes() == mine, f"make {target} changed the edited notebook"
        assert snapshot(root / "notebooks") == solved, f"make {target} wrote into notebooks/"
    assert "run `make workshop`" in results["test-editions"].stdout
    regenerated = make("workshop")
    assert regenerated.returncode == 0, regenerated.stdout[-1500:]
    assert (root / "workshop" / ".backup" / "00_start_here.1.ipynb").read_bytes() == mine
    assert "my own answer" not in edited.read_text(encoding="utf-8")
    assert "without encryption" not in regenerated.stdout + regenerated.stderr
    assert snapshot(root / "notebooks") == solved
    assert build_workshop.out_of_date(root / "workshop", root / "notebooks") == []
    assert results["clean"].returncode == 0
