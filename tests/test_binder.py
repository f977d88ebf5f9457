"""Binder's postBuild, run in a throwaway venv: quiet JupyterLab, and open the participant edition."""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_postbuild_makes_jupyterlab_open_the_participant_edition(tmp_path):
    """postBuild writes the no-news settings and a default URL of workshop/00_start_here.ipynb into the env."""
    venv = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    env = {**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    subprocess.run(["bash", "binder/postBuild"], cwd=ROOT, env=env, check=True, timeout=60)
    config = json.loads((venv / "etc" / "jupyter" / "jupyter_server_config.d" / "looplab.json").read_text())
    assert config == {"ServerApp": {"default_url": "/lab/tree/workshop/00_start_here.ipynb"}}
    assert (ROOT / config["ServerApp"]["default_url"].removeprefix("/lab/tree/")).exists()
    overrides = json.loads((venv / "share" / "jupyter" / "lab" / "settings" / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
