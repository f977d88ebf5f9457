"""scripts/run_notebooks.py: executed notebooks store widget ids and print chunks that do not change from run to run."""

import importlib.util
from pathlib import Path

import nbformat
import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "run_notebooks.py"
spec = importlib.util.spec_from_file_location("run_notebooks", SCRIPT)
run_notebooks = importlib.util.module_from_spec(spec)
spec.loader.exec_module(run_notebooks)

VIEW = run_notebooks.WIDGET_VIEW


def widget_notebook(path: Path) -> Path:
    """A small notebook whose cells show two widgets and a number."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import ipywidgets as w\nw.IntSlider(3)"),
                nbformat.v4.new_code_cell("display(w.Button(description='a'), w.HTML('b'))\n1 + 1")]
    nbformat.write(nb, path)
    return path


def test_widget_ids_come_from_cell_and_position():
    """Each widget view's model id is derived from its cell id and output position; other outputs are untouched."""
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("x", id="cell-one")
    cell.outputs = [nbformat.v4.new_output("display_data", {VIEW: {"model_id": "random1", "version_major": 2}}),
                    nbformat.v4.new_output("display_data", {VIEW: {"model_id": "random2", "version_major": 2}}),
                    nbformat.v4.new_output("execute_result", {"text/plain": "2"}, execution_count=1)]
    nb.cells = [cell]
    ids = [o.data[VIEW]["model_id"] for o in run_notebooks.stable_widget_ids(nb).cells[0].outputs[:2]]
    assert len(set(ids)) == 2 and all(len(i) == 32 and "random" not in i for i in ids)
    assert nb.cells[0].outputs[2].data == {"text/plain": "2"}
    again = nbformat.v4.new_notebook()
    again.cells = [nbformat.from_dict(nbformat.v4.new_code_cell("x", id="cell-one"))]
    again.cells[0].outputs = [nbformat.v4.new_output("display_data", {VIEW: {"model_id": "other", "version_major": 2}})]
    assert run_notebooks.stable_widget_ids(again).cells[0].outputs[0].data[VIEW]["model_id"] == ids[0]


def test_consecutive_prints_are_stored_as_one_chunk():
    """Stream chunks of the same name are joined (chunking depends on timing); others stay apart."""
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("x")
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="a\n"),
                    nbformat.v4.new_output("stream", name="stdout", text="b\n"),
                    nbformat.v4.new_output("stream", name="stderr", text="warn\n"),
                    nbformat.v4.new_output("execute_result", {"text/plain": "2"}, execution_count=1)]
    nb.cells = [cell]
    outputs = run_notebooks.joined_streams(nb).cells[0].outputs
    assert [(o.output_type, o.get("text")) for o in outputs] == [
        ("stream", "a\nb\n"), ("stream", "warn\n"), ("execute_result", None)]


@pytest.mark.e2e
def test_executing_twice_gives_identical_json(tmp_path, monkeypatch):
    """A notebook with widgets, executed twice by the script, is byte-for-byte the same file."""
    monkeypatch.setenv("LOOPLAB_OFFLINE", "1")  # execute() sets it; restored after the test
    path = widget_notebook(tmp_path / "widgets.ipynb")
    texts = []
    for _ in range(2):
        nbformat.write(run_notebooks.execute(path), path)
        texts.append(path.read_text(encoding="utf-8"))
    assert texts[0] == texts[1] and texts[0].count('"model_id"') == 3
