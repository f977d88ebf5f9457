"""Write JupyterLab settings overrides into the active environment: no news or update toasts."""
import json
import sys
from pathlib import Path

OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {
        "checkForUpdates": False,
        "fetchNews": "false",
    }
}

target = Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
target.parent.mkdir(parents=True, exist_ok=True)
target.write_text(json.dumps(OVERRIDES, indent=2) + "\n", encoding="utf-8")
