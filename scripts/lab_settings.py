"""Write JupyterLab settings: overrides in the active environment (no news or update toasts), and,
with --french DIR, a user-settings folder whose interface is in French (for JUPYTERLAB_SETTINGS_DIR)."""
import json
import sys
from pathlib import Path

OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {
        "checkForUpdates": False,
        "fetchNews": "false",
    }
}
FRENCH = {"@jupyterlab/translation-extension/plugin.jupyterlab-settings": {"locale": "fr_FR"}}


def write(path: Path, settings: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")


if sys.argv[1:2] == ["--french"]:
    for name, settings in FRENCH.items():
        write(Path(sys.argv[2]) / name, settings)
else:
    write(Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json", OVERRIDES)
