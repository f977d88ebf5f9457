"""Binder's postBuild, run in a throwaway venv: quiet JupyterLab, and open the participant edition."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

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


# repo2docker's build packs, in the order it tries them, and the file that selects each one.
BUILD_PACKS = [("docker", {"Dockerfile"}), ("julia", {"Project.toml", "REQUIRE"}), ("nix", {"default.nix"}),
               ("r", {"install.R", "DESCRIPTION"}), ("conda", {"environment.yml"}), ("pipenv", {"Pipfile", "Pipfile.lock"}),
               ("python", {"requirements.txt", "runtime.txt", "setup.py", "pyproject.toml"})]


def repo2docker_view(root: Path) -> tuple[Path, str]:
    """Where repo2docker reads configuration (binder/ or .binder/ alone when it exists) and the build pack it picks."""
    folder = next((root / name for name in ("binder", ".binder") if (root / name).is_dir()), root)
    names = {p.name for p in folder.iterdir() if p.is_file()}
    if folder != root:
        names -= {"setup.py", "pyproject.toml"}  # a package at the root is installed only without binder/
    return folder, next((pack for pack, files in BUILD_PACKS if names & files), "python (no packages)")


def test_repo2docker_reads_binder_and_installs_looplab(monkeypatch):
    """binder/ exists, so the root environment.yml is ignored: binder/requirements.txt installs looplab, pinned."""
    from pip._internal.network.session import PipSession
    from pip._internal.req.req_file import parse_requirements

    folder, pack = repo2docker_view(ROOT)
    assert (folder, pack) == (ROOT / "binder", "python")
    assert not (folder / "runtime.txt").exists()  # another Python would put the kernel apart from JupyterLab's widgets
    monkeypatch.chdir(ROOT)  # repo2docker runs `pip install -r binder/requirements.txt` from the repository's root
    lines = list(parse_requirements("binder/requirements.txt", session=PipSession()))
    editable = [Path(r.requirement).resolve() for r in lines if r.is_editable]
    assert editable == [ROOT]
    assert 'name = "looplab"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    pins = {r.requirement.split("==")[0] for r in lines if r.constraint}
    assert {"jupyterlab", "anthropic", "ipywidgets"} <= pins
    assert {r.comes_from.split(" (")[0].removeprefix("-c ") for r in lines if r.constraint} == {str(ROOT / "constraints.txt")}


def test_without_binder_the_root_environment_would_be_read(tmp_path):
    """The rule the test above relies on: with no binder/ folder, repo2docker reads the root's environment.yml."""
    (tmp_path / "environment.yml").write_text("name: x\n", encoding="utf-8")
    assert repo2docker_view(tmp_path) == (tmp_path, "conda")
    (tmp_path / "binder").mkdir()
    (tmp_path / "binder" / "postBuild").write_text("", encoding="utf-8")
    assert repo2docker_view(tmp_path) == (tmp_path / "binder", "python (no packages)")


def hub_config(tmp_path, monkeypatch):
    """hub/jupyterhub_config.py as JupyterHub loads it."""
    from traitlets.config.loader import PyFileConfigLoader

    monkeypatch.setenv("LOOPLAB_HUB_DIR", str(tmp_path))
    monkeypatch.setenv("LOOPLAB_HUB_IP", "127.0.0.1")
    return PyFileConfigLoader("jupyterhub_config.py", path=str(ROOT / "hub")).load_config()


def test_the_kubernetes_values_say_what_make_hub_does(tmp_path, monkeypatch):
    """hub/z2jh-values.yaml: same accounts, landing page, offline setting, timeouts and culling as `make hub`."""
    yaml = pytest.importorskip("yaml")
    values = yaml.safe_load((ROOT / "hub" / "z2jh-values.yaml").read_text(encoding="utf-8"))
    hub = hub_config(tmp_path, monkeypatch)
    assert values["hub"]["config"]["JupyterHub"]["authenticator_class"] == hub.JupyterHub.authenticator_class == "tmp"
    assert values["hub"]["config"]["Authenticator"]["allow_all"] is hub.Authenticator.allow_all is True
    assert values["singleuser"]["defaultUrl"] == hub.Spawner.default_url
    assert values["singleuser"]["extraEnv"]["LOOPLAB_OFFLINE"] == hub.Spawner.environment["LOOPLAB_OFFLINE"]
    assert values["singleuser"]["startTimeout"] == hub.Spawner.start_timeout
    assert values["hub"]["config"]["Spawner"]["http_timeout"] == hub.Spawner.http_timeout
    assert values["hub"]["config"]["Spawner"]["args"] == hub.Spawner.args[:2]
    culler = " ".join(hub.JupyterHub.services[0]["command"])
    assert values["cull"]["users"] is True and "--cull-users=True" in culler
    assert f"--timeout={values['cull']['timeout']}" in culler
    sync = values["singleuser"]["lifecycleHooks"]["postStart"]["exec"]["command"]
    assert sync[:3] == ["python", "-m", "looplab.sync"] and sync[3].endswith("/workshop")


def test_the_kubernetes_values_pass_the_chart_schema():
    """Merged over the chart's defaults, the values validate against its schema (LOOPLAB_Z2JH_CHART: a chart folder)."""
    chart = os.environ.get("LOOPLAB_Z2JH_CHART")
    if not chart:
        pytest.skip("untested here: the Zero to JupyterHub chart (values.yaml, values.schema.yaml) is not available "
                    "offline; set LOOPLAB_Z2JH_CHART to a copy of its jupyterhub/ folder")
    import jsonschema
    import yaml

    def merge(base: dict, over: dict) -> dict:
        for key, value in over.items():
            base[key] = merge(base[key], value) if isinstance(value, dict) and isinstance(base.get(key), dict) else value
        return base

    schema = yaml.safe_load((Path(chart) / "values.schema.yaml").read_text(encoding="utf-8"))
    values = merge(yaml.safe_load((Path(chart) / "values.yaml").read_text(encoding="utf-8")),
                   yaml.safe_load((ROOT / "hub" / "z2jh-values.yaml").read_text(encoding="utf-8")))
    jsonschema.validate(values, schema)
