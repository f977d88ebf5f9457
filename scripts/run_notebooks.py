"""Execute notebooks in place, offline, storing every output (what nbval later compares).

Usage: python scripts/run_notebooks.py [notebooks/NN_topic.ipynb ...]   (default: all)
"""

import hashlib
import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def execute(path: Path, cwd: Path | None = None) -> nbformat.NotebookNode:
    """Run every cell of the notebook at `path` in a fresh kernel; return the executed notebook."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
            cell.metadata.pop("execution", None)
    os.environ["LOOPLAB_OFFLINE"] = "1"
    client = NotebookClient(nb, kernel_name="python3", timeout=120, record_timing=False,
                            resources={"metadata": {"path": str(cwd or path.parent)}})
    client.execute()
    nb.metadata.pop("widgets", None)
    return stable_widget_ids(joined_streams(nb))


def joined_streams(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Join consecutive stdout (or stderr) outputs of a cell into one, as nbval compares them.

    How a cell's prints are cut into chunks depends on timing; the text does not. Storing one
    chunk keeps re-executed notebooks byte-identical.
    """
    for cell in nb.cells:
        joined = []
        for output in cell.get("outputs", []):
            previous = joined[-1] if joined else None
            if (output.get("output_type") == "stream" and previous is not None
                    and previous.get("output_type") == "stream" and previous.get("name") == output.get("name")):
                previous["text"] += output["text"]
            else:
                joined.append(output)
        if "outputs" in cell:
            cell.outputs = joined
    return nb


def stable_widget_ids(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Give each stored widget view a model id made from its cell's id and position, not a random one.

    The widget state is not stored (nbval ignores widget views), so the ids point at nothing;
    random ones would only churn the diff each time the notebook is re-executed.
    """
    for index, cell in enumerate(nb.cells):
        for position, output in enumerate(cell.get("outputs", [])):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if isinstance(view, dict) and "model_id" in view:
                seed = f"{cell.get('id', index)}/{position}"
                view["model_id"] = hashlib.sha256(seed.encode()).hexdigest()[:32]
    return nb


def main(paths: list[str]) -> None:
    targets = [Path(p) for p in paths] or sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    for path in targets:
        nbformat.write(execute(path.resolve()), path)
        print(f"executed {path.name}")


if __name__ == "__main__":
    main(sys.argv[1:])
