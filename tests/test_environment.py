"""The install files agree with each other: pyproject, environment.yml, constraints."""
import re
import sys
from pathlib import Path

import yaml

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: pytest brings tomli
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def name_of(requirement: str) -> str:
    return re.split(r"[<>=!~\[ ;]", requirement, maxsplit=1)[0].strip().lower()


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_environment_yml_lists_what_pyproject_lists():
    """environment.yml's pip section names the same runtime packages, same bounds, as pyproject."""
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    assert "conda-forge" in env["channels"]
    assert "python=3.11" in env["dependencies"]
    pip_section = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    listed = sorted(r for r in pip_section if not r.startswith("-e"))
    assert listed == sorted(pyproject()["project"]["dependencies"])
    assert "-e ." in pip_section


def test_constraints_pin_every_dependency_exactly():
    """constraints.txt pins every runtime and dev dependency to exact tested versions (per Python)."""
    pins = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition(";")[0].partition("==")
            pins[name.strip().lower().replace("_", "-")] = version.strip()
    project = pyproject()["project"]
    wanted = project["dependencies"] + project["optional-dependencies"]["dev"]
    missing = [name_of(r) for r in wanted if name_of(r).replace("_", "-") not in pins]
    assert missing == []
    assert all(re.fullmatch(r"[0-9][0-9A-Za-z.+-]*", v) for v in pins.values())
