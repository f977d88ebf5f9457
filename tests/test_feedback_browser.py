"""Exercise feedback in a real JupyterLab (Debian's headless Chromium): coloured, wrapped, stored outputs too."""

import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

pytestmark = [pytest.mark.browser, pytest.mark.e2e]
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from lab import CHROMIUM, IDLE, MISSING, chromium_page, open_and_run_all, running_lab, workdir  # noqa: E402

WAIT_MS = 30_000
CELLS = [
    "from looplab.exercises import Exercise\n\n\n"
    "def must_double(f):\n"
    "    if f(2) != 4:\n"
    "        raise AssertionError(f'double(2) returned {f(2)!r}, expected 4; ' + 'multiply by two, not plus one. ' * 8)\n"
    "    return 'double works.'\n\n\n"
    "EX = Exercise('Exercise 9.1 — double', must_double, 'Multiply.', 'def double(x):\\n    return 2 * x')",
    "EX.check(...)",
    "EX.check(lambda x: x + 1)",
    "EX.check(lambda x: 2 * x)",
]


def colour_and_height(page, label: str) -> tuple[str, float]:
    strong = page.locator("strong", has_text=label).first
    strong.wait_for(timeout=WAIT_MS)
    return strong.evaluate("e => getComputedStyle(e).color"), strong.locator("xpath=..").bounding_box()["height"]


def test_outcomes_are_green_orange_grey_and_long_messages_wrap():
    """Run in JupyterLab, Correct is green, Not yet orange (its long message on several lines), Not attempted grey;
    a stored workshop notebook, opened untrusted, keeps its grey label."""
    if not CHROMIUM.exists():
        pytest.skip(MISSING)
    folder = workdir()
    root = folder / "root"
    root.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    nbformat.write(nb, root / "feedback.ipynb")
    shutil.copy(ROOT / "workshop" / "00_start_here.ipynb", root / "stored.ipynb")
    with running_lab(root, folder) as lab, chromium_page(folder) as page:
        open_and_run_all(page, lab, "feedback.ipynb")
        green, one_line = colour_and_height(page, "Correct:")
        orange, wrapped = colour_and_height(page, "Not yet:")
        grey, _ = colour_and_height(page, "Not attempted:")
        assert (green, orange, grey) == ("rgb(46, 125, 50)", "rgb(230, 81, 0)", "rgb(117, 117, 117)")
        assert wrapped > 2 * one_line
        page.goto(f"{lab.base}/lab/tree/stored.ipynb?token={lab.token}&reset", timeout=WAIT_MS)
        page.get_by_text(IDLE, exact=True).wait_for(timeout=WAIT_MS)
        assert colour_and_height(page, "Not attempted:")[0] == "rgb(117, 117, 117)"
    shutil.rmtree(folder, ignore_errors=True)


FRENCH_CELLS = [
    "from looplab import set_language\n"
    "from looplab.exercises import Exercise\n"
    "set_language('fr')\n"
    "def must_double(f):\n"
    "    assert f(2) == 4, 'double(2) doit valoir 4'\n"
    "    return 'bien'",
    "Exercise('Exercice 9.1 — doubler', must_double, 'Multipliez.', '').check(lambda x: x)",
]


def test_the_french_edition_has_a_french_interface_and_french_feedback(tmp_path):
    """With the settings of `make lab-fr`, JupyterLab's menus are French (its language pack), and a
    check in a notebook that chose French says "Pas encore :" in orange."""
    if not CHROMIUM.exists():
        pytest.skip(MISSING)
    folder = workdir()
    root = folder / "root"
    root.mkdir()
    settings = folder / "settings-fr"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "lab_settings.py"), "--french", str(settings)], check=True)
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(source) for source in FRENCH_CELLS]
    nbformat.write(nb, root / "retour.ipynb")
    with running_lab(root, folder, {"JUPYTERLAB_SETTINGS_DIR": str(settings)}) as lab, chromium_page(folder) as page:
        open_and_run_all(page, lab, "retour.ipynb", WAIT_MS, language="fr")
        labels = page.locator(".lm-MenuBar-itemLabel").all_text_contents()
        assert "Fichier" in labels and "File" not in labels, labels
        orange, _ = colour_and_height(page, "Pas encore :")
        assert orange == "rgb(230, 81, 0)"
    shutil.rmtree(folder, ignore_errors=True)
