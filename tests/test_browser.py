"""The approval gate in a real JupyterLab, driven through Debian's headless Chromium."""

import shutil
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.e2e]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "browser"))

from lab import CHROMIUM, MISSING, chromium_page, copy_root, open_and_run_all, running_lab, workdir  # noqa: E402

WAIT_MS = 30_000


@pytest.fixture
def lab_page():
    """A page on a fresh JupyterLab serving a copy of tests/browser; screenshot and log kept on failure."""
    if not CHROMIUM.exists():
        pytest.skip(MISSING)
    folder = workdir()
    root = copy_root(HERE / "browser", folder / "root")
    failed = True
    with running_lab(root, folder) as lab, chromium_page(folder) as page:  # both start at once
        try:
            yield page, lab
            failed = False
        finally:
            if failed:
                page.screenshot(path=str(folder / "failure.png"), full_page=True)
                print(f"\nbrowser test failed: screenshot {folder / 'failure.png'}, server log {folder / 'server.log'}")
    if not failed:
        shutil.rmtree(folder, ignore_errors=True)


def test_gate_approve_runs_the_tool_and_deny_does_not(lab_page):
    """Run All shows two gates; Approve sends the first email, Deny blocks the second; timelines say so."""
    page, lab = lab_page
    open_and_run_all(page, lab, "gate.ipynb")
    approve_gate, deny_gate = page.locator(".gate-approve"), page.locator(".gate-deny")
    approve = approve_gate.locator(".widget-button", has_text="Approve")
    expect(approve).to_be_enabled(timeout=WAIT_MS)
    assert "wants to run send_email" in approve_gate.inner_text() and "ana@example.org" in approve_gate.inner_text()
    assert page.locator(".gate-approve-outbox").inner_text() == "outbox: empty"
    approve.click()
    approve_gate.locator(".looplab-timeline").wait_for(timeout=WAIT_MS)
    page.get_by_text("outbox: ana@example.org", exact=True).wait_for(timeout=WAIT_MS)
    timeline = approve_gate.locator(".looplab-timeline").inner_text()
    assert "turn 1 · tool_use · send_email ·" in timeline and "(denied)" not in timeline
    assert "send_email: approved" in approve_gate.inner_text()

    deny = deny_gate.locator(".widget-button", has_text="Deny")
    expect(deny).to_be_enabled(timeout=WAIT_MS)
    assert "ben@example.org" in deny_gate.inner_text()
    deny.click()
    deny_gate.locator(".looplab-timeline").wait_for(timeout=WAIT_MS)
    assert "send_email (denied)" in deny_gate.locator(".looplab-timeline").inner_text()
    assert "send_email: denied" in deny_gate.inner_text()
    assert page.locator(".gate-deny-outbox").inner_text() == "outbox: empty"
    assert page.locator(".gate-approve-outbox").inner_text() == "outbox: ana@example.org"
