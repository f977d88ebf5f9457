"""The browser edition (JupyterLite): its build, its browser-only code, and notebooks 00-02 in Chromium."""

import importlib.util
import json
import os
import sys
import time
from pathlib import Path

import pytest

import looplab
from looplab import browser, practice_client, run_agent, samples
from looplab.widgets import cost_plot

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ["00_start_here.ipynb", "01_tools.ipynb", "02_the_loop.ipynb"]
FRENCH = "fr/00_commencer_ici.ipynb"  # the French edition, in the same site
if os.environ.get("LOOPLAB_LITE_ALL"):  # every notebook of the participant edition (~2 min more)
    NOTEBOOKS = sorted(p.name for p in (Path(__file__).resolve().parent.parent / "workshop").glob("*.ipynb"))
FAKE_KEY = "sk-ant-not-a-real-key-for-the-test-0000"
CLAUDE_CALL = f"""
from looplab import browser, make_client
browser.set_key({FAKE_KEY!r})
try:
    make_client(quiet=True).with_options(max_retries=0).messages.create(
        model="claude-opus-5", max_tokens=8, messages=[{{"role": "user", "content": "Hi"}}])
except Exception as exc:
    print(type(exc).__name__)
browser.set_key(None)
"""
EMSCRIPTEN = {"sys_platform": "emscripten", "python_version": "3.14"}


def load(name: str):
    """A module from lite/ by file (lite/ is scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(f"lite_{name}", ROOT / "lite" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build, drive = load("build"), load("drive")


def wheel(name: str, version: str = "1.0") -> Path:
    return Path(f"{name}-{version}-py3-none-any.whl")


def test_the_lock_pins_every_file_with_a_sha256_and_leaves_out_matplotlib():
    """Every pinned file has a sha256; no numpy, matplotlib or jupyterlab goes to the browser."""
    lock = json.loads((ROOT / "lite" / "lock.json").read_text())
    entries = lock["wheels"] + lock["kernel_wheels"] + lock["pyodide_packages"] + [lock["pyodide"]]
    assert all(len(e["sha256"]) == 64 for e in entries + lock["tools"]["files"])
    names = {e["file"].split("-")[0].lower() for e in entries}
    assert {"anthropic", "pydantic_core", "jiter", "jsonschema", "ipywidgets"} <= names
    assert not names & {"matplotlib", "numpy", "jupyterlab", "rpds_py", "pillow"}


def test_resolve_follows_emscripten_markers():
    """A dependency marked sys_platform != 'emscripten' is not needed; one marked == is."""
    wheels = {"a": wheel("a"), "b": wheel("b")}
    requires = {"a": ["b>=1; sys_platform == 'emscripten'", "c; sys_platform != 'emscripten'"],
                "b": []}
    assert build.resolve(wheels, requires, ["a"], EMSCRIPTEN) == {"a": ["b"], "b": []}


def test_resolve_refuses_a_missing_a_wrong_or_an_unused_wheel():
    """The pinned set must be exactly the closure of the roots, at versions that satisfy it."""
    with pytest.raises(SystemExit, match="a needs b>=2"):
        build.resolve({"a": wheel("a"), "b": wheel("b")}, {"a": ["b>=2"], "b": []}, ["a"], EMSCRIPTEN)
    with pytest.raises(SystemExit, match="pin a wheel"):
        build.resolve({"a": wheel("a")}, {"a": ["b"]}, ["a"], EMSCRIPTEN)
    with pytest.raises(SystemExit, match="nothing needs"):
        build.resolve({"a": wheel("a"), "b": wheel("b")}, {"a": [], "b": []}, ["a"], EMSCRIPTEN)


def test_a_file_that_does_not_match_its_pin_stops_the_build(tmp_path, monkeypatch):
    """A download whose sha256 differs from lock.json is refused, naming both hashes."""
    monkeypatch.setattr(build, "CACHE", tmp_path / "cache")
    path = tmp_path / "x-1.0-py3-none-any.whl"
    path.write_bytes(b"not what was pinned")
    with pytest.raises(SystemExit, match="lock.json says 0000"):
        build.keep(path, {"file": path.name, "sha256": "0" * 64}, relock=False)
    assert not (tmp_path / "cache").exists()


def in_a_browser(monkeypatch):
    """make_client() as a browser tab runs it: emscripten, nothing set in the environment."""
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "LOOPLAB_OFFLINE", "LOOPLAB_REPLAY"):
        monkeypatch.setenv(name, "")
    monkeypatch.setattr(sys, "platform", "emscripten")


def test_make_client_in_a_browser_picks_the_practice_model(monkeypatch, capsys):
    """On emscripten with no key, make_client() is the practice model and says how to use Claude."""
    in_a_browser(monkeypatch)
    monkeypatch.setattr(browser, "_key", None)
    client = looplab.make_client()
    assert client.base_url.host == "practice.local"
    line = capsys.readouterr().out
    assert "practice model (in this browser tab)" in line and "key_widget()" in line


def test_the_key_widget_keeps_the_key_in_memory_only_and_sends_the_browser_header(monkeypatch, capsys):
    """A key typed in the widget leaves the box at once, never shows, and makes a Claude client."""
    monkeypatch.setattr(browser, "_key", None)
    key = "sk-ant-test-0123456789abcdef-WXYZ"
    widget = browser.key_widget()
    (box, use, forget), status = widget.children[0].children, widget.children[1]
    box.value = key
    use.click()
    assert box.value == "" and key not in status.value and "visible to this page" in status.value
    in_a_browser(monkeypatch)
    capsys.readouterr()
    client = looplab.make_client()
    line = capsys.readouterr().out
    assert key not in line and "…WXYZ" in line and "visible to this page's code" in line
    assert client.api_key == key
    assert client.default_headers["anthropic-dangerous-direct-browser-access"] == "true"
    forget.click()
    assert browser._key is None


def test_the_practice_server_says_in_one_line_that_a_browser_cannot_serve(monkeypatch):
    """In a browser tab make_server refuses with one line pointing to make_client()."""
    from looplab.practice.server import make_server

    monkeypatch.setattr(browser, "IN_BROWSER", True)
    with pytest.raises(RuntimeError, match=r"^The HTTP practice server .* make_client\(\)") as error:
        make_server()
    assert "\n" not in str(error.value)


def test_cost_plot_without_matplotlib_draws_svg(monkeypatch):
    """Where matplotlib is missing, cost_plot returns an SVG chart: two bars a turn, a cost line."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.ticker", None)
    run = run_agent(practice_client(), "What is the weather in Lyon, and what is 17 * 3?",
                    samples.weather_and_calc())
    chart = cost_plot(run)
    svg = chart._repr_svg_()
    assert svg.count("</rect>") == 2 * run.turns and svg.count("<circle") == run.turns
    assert looplab.trace.format_cost(run.cost_usd) in svg and repr(chart).startswith("<CostChart: ")


def test_tools_run_one_by_one_where_there_are_no_threads(monkeypatch):
    """On emscripten two independent tool calls run in this thread, in order, no pool."""
    import concurrent.futures

    def no_pool(*args, **kwargs):
        raise AssertionError("a thread pool in a browser")

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(concurrent.futures, "ThreadPoolExecutor", no_pool)
    run = run_agent(practice_client(), "What is the weather in Lyon, and what is 17 * 3?",
                    samples.weather_and_calc())
    assert run.status == "done" and "51" in run.answer


@pytest.fixture(scope="module")
def site():
    if not drive.CHROMIUM.exists():
        pytest.skip(drive.MISSING)
    started = time.monotonic()
    path = build.build()
    print(f"\nlite: site ready in {time.monotonic() - started:.0f} s")
    return path


@pytest.mark.lite
@pytest.mark.e2e
def test_notebooks_00_to_02_and_french_00_run_in_chromium_with_only_loopback(site):
    """Notebooks 00-02 run to the end in the browser fetching nothing elsewhere; a key sends to Claude.

    One page and one kernel for the three (Pyodide boots once): each notebook starts with its
    own imports, and nbval runs each in a fresh kernel anyway.
    """
    ran, timelines = {}, 0
    started = time.monotonic()
    with drive.serve(site) as base, drive.chromium() as context:
        visit = drive.Visit(context, base, NOTEBOOKS[0])
        for notebook in NOTEBOOKS:
            if notebook != NOTEBOOKS[0]:
                visit.open_next(notebook)
            ran[notebook] = visit.run_all(timeout_s=300)
            print(f"lite: {notebook} ran in {visit.ran_s:.0f} s (idle kernel after {visit.kernel_s:.0f} s)")
        visit.page.locator(".looplab-timeline").first.wait_for(timeout=30_000)
        timelines = visit.page.locator(".looplab-timeline").count()
        visit.open_next(FRENCH)  # the French edition, in the same site and kernel
        ran[FRENCH] = visit.run_all(timeout_s=300)
        print(f"lite: {FRENCH} ran in {visit.ran_s:.0f} s")
        elsewhere = list(visit.elsewhere)
        claude = visit.execute(CLAUDE_CALL)  # with a key: a fetch to Claude (unreachable here)
    print(f"lite: notebooks in {time.monotonic() - started:.0f} s")
    assert elsewhere == []
    assert claude.splitlines()[0] == "APIConnectionError" and FAKE_KEY not in claude
    sent = visit.headers["https://api.anthropic.com/v1/messages"]
    assert sent["anthropic-dangerous-direct-browser-access"] == "true"
    for notebook, result in ran.items():
        assert drive.errors(result) == [], notebook
    answers = [line for line in drive.text(ran["02_the_loop.ipynb"]).splitlines() if "2026-08-015" in line]
    assert any("2026-08-019" in line and "1850" in line for line in answers)
    assert "Not attempted" in drive.text(ran["00_start_here.ipynb"])
    assert "practice model (in this browser tab)" in drive.text(ran["00_start_here.ipynb"])
    assert "Pas encore tenté" in drive.text(ran[FRENCH]) and "Not attempted" not in drive.text(ran[FRENCH])
    assert timelines >= 1
