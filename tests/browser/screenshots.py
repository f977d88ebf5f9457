"""Screenshots of each widget in a real JupyterLab, for the README: docs/screenshots/<name>.png.

Run: .venv/bin/python tests/browser/screenshots.py   (needs /usr/bin/chromium; about a minute)
"""

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

from lab import CHROMIUM, MISSING, chromium_page, copy_root, open_and_run_all, running_lab, workdir  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
WAIT_MS = 60_000


def main() -> int:
    """Open widgets.ipynb, run it, and save one PNG per widget; print each file and its size."""
    if not CHROMIUM.exists():
        print(MISSING)
        return 1
    from playwright.sync_api import expect

    folder = workdir("looplab-shots-")
    root = copy_root(HERE, folder / "root", {"data": ROOT / "notebooks" / "data"})
    OUT.mkdir(parents=True, exist_ok=True)
    with running_lab(root, folder) as lab, chromium_page(folder, width=1100, height=1600) as page:
        open_and_run_all(page, lab, "widgets.ipynb")
        gate = page.locator(".looplab-gate")
        expect(gate.locator(".widget-button", has_text="Approve")).to_be_enabled(timeout=WAIT_MS)
        page.get_by_text("Python 3 (ipykernel) | Idle", exact=True).wait_for(timeout=WAIT_MS)
        page.locator(".jp-Notebook").click(position={"x": 5, "y": 5})  # command mode, no cursor
        page.keyboard.press("Control+b")  # hide the file browser: the widgets get the width
        timeline = page.locator(".looplab-timeline")
        timeline.locator("summary").nth(1).click()  # open turn 2: three reads in parallel
        timeline.locator(".jupyter-widget-Collapse-header, .lm-AccordionPanel-title, .p-Accordion-title").first.click()
        for _ in range(2):
            timeline.locator(".widget-button", has_text="◀ turn").click()  # history after turn 1
        shots = {
            "timeline": timeline,
            "cost_plot": page.locator(".jp-OutputArea-output img").first,
            "fault_panel": page.locator(".looplab-faults"),
            "approval_gate": gate,
        }
        for name, locator in shots.items():
            path = OUT / f"{name}.png"
            locator.screenshot(path=str(path), animations="disabled", caret="hide")
            print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
