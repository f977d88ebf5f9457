"""Build the browser edition (JupyterLite + Pyodide) into build/lite from PyPI and npm only.

Usage: python lite/build.py [--force] [--relock]
Every downloaded file is pinned in lite/lock.json with its sha256 and checked before use;
downloads are cached outside the repo (LOOPLAB_LITE_CACHE, default ~/.cache/looplab-lite).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
LOCK = LITE / "lock.json"
OUT = ROOT / "build" / "lite"
WORKSHOP = ROOT / "workshop"
WORKSHOP_FR = ROOT / "workshop-fr"  # in the site as fr/, its data/ link copied as files
CACHE = Path(os.environ.get("LOOPLAB_LITE_CACHE", "~/.cache/looplab-lite")).expanduser()
STAMP = "looplab-build.json"
EPOCH = 1767225600  # 2026-01-01: the time stamped in the looplab wheel and the contents index
PYODIDE_KERNEL = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


def say(line: str) -> None:
    print(f"lite: {line}", flush=True)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(cmd: list, **kw) -> None:
    """Run a command; on failure stop with its output and one line saying what failed."""
    done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    if done.returncode:
        sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
        raise SystemExit(f"lite: `{' '.join(map(str, cmd[:4]))} ...` failed; see the output above")


def cached(entry: dict) -> Path:
    """Where a pinned file lives in the cache: keyed by its sha256."""
    return CACHE / "files" / entry["sha256"] / entry["file"]


def keep(path: Path, entry: dict, *, relock: bool) -> None:
    """Check a downloaded file against its pin (or record its hash with --relock), then cache it."""
    digest = sha256(path)
    if relock:
        entry["sha256"] = digest
    elif digest != entry["sha256"]:
        raise SystemExit(f"lite: {entry['file']} has sha256 {digest}, lock.json says {entry['sha256']}; "
                         "the registry served another file: stop, and check before you --relock")
    target = cached(entry)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, target)


def pip_download(entries: list[dict], target: dict, *, relock: bool) -> None:
    """Fetch the missing wheels from PyPI in one pip call (no dependency resolution: all pinned)."""
    missing = [e for e in entries if relock or not cached(e).exists()]
    if not missing:
        return
    specs = []
    for e in missing:
        name, version, *_ = parse_wheel_filename(e["file"])
        specs.append(f"{name}=={version}")
    say(f"downloading {len(specs)} wheels from PyPI")
    with tempfile.TemporaryDirectory() as tmp:
        run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
             "--platform", target["platform"], "--platform", "any",
             "--python-version", target["python"], "--implementation", target["implementation"],
             "--abi", target["abi"], "--abi", "none", "-d", tmp, *specs])
        for e in missing:
            path = Path(tmp) / e["file"]
            if not path.exists():
                raise SystemExit(f"lite: PyPI gave no {e['file']}; got {sorted(os.listdir(tmp))}")
            keep(path, e, relock=relock)


def npm_download(entry: dict, *, relock: bool) -> None:
    """Fetch Pyodide's core (wasm, stdlib, JS) as the npm package; check npm's sha512 and our sha256."""
    if cached(entry).exists() and not relock:
        return
    if shutil.which("npm") is None:
        raise SystemExit("lite: npm not found; install it (apt-get install npm): Pyodide's core comes "
                         "from the npm registry")
    say(f"downloading {entry['npm']} from npm")
    with tempfile.TemporaryDirectory() as tmp:
        run(["npm", "pack", "--silent", entry["npm"]], cwd=tmp)
        path = Path(tmp) / entry["file"]
        integrity = "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()
        if integrity != entry["integrity"]:
            raise SystemExit(f"lite: {entry['file']} does not match npm's integrity in lock.json")
        keep(path, entry, relock=relock)


def tools_python(lock: dict, *, relock: bool) -> Path:
    """A cached venv with jupyterlite-core, the Pyodide kernel addon, jupyter-server and setuptools.

    Every file is hash-checked by pip (--require-hashes); the venv is keyed by the pinned set.
    """
    tools = lock["tools"]
    if relock:  # let pip resolve the top-level pins once, then record what it chose
        with tempfile.TemporaryDirectory() as tmp:
            report = Path(tmp) / "report.json"
            run([sys.executable, "-m", "pip", "install", "-q", "--dry-run", "--ignore-installed",
                 "--only-binary=:all:", "--report", report, *tools["requires"]])
            tools["files"] = sorted(
                ({"name": i["metadata"]["name"], "version": i["metadata"]["version"],
                  "sha256": i["download_info"]["archive_info"]["hashes"]["sha256"]}
                 for i in json.loads(report.read_text())["install"]), key=lambda e: e["name"].lower())
    key = hashlib.sha256(json.dumps(tools["files"], sort_keys=True).encode()).hexdigest()[:16]
    venv = CACHE / f"tools-{key}"
    python = venv / "bin" / "python"
    if (venv / ".complete").exists():
        return python
    say(f"installing the build tools into {venv}")
    shutil.rmtree(venv, ignore_errors=True)
    run([sys.executable, "-m", "venv", venv])
    requirements = venv / "requirements.txt"
    requirements.write_text("".join(f"{e['name']}=={e['version']} --hash=sha256:{e['sha256']}\n"
                                    for e in tools["files"]))
    run([python, "-m", "pip", "install", "-q", "--no-deps", "--only-binary=:all:",
         "--require-hashes", "-r", requirements])
    (venv / ".complete").touch()
    return python


def metadata(wheel: Path) -> tuple[str, str, list[str]]:
    """A wheel's name, version and Requires-Dist lines."""
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(z.read(name).decode())
    return meta["Name"], meta["Version"], meta.get_all("Requires-Dist") or []


def imports(wheel: Path) -> list[str]:
    """The top-level importable names a wheel installs."""
    with zipfile.ZipFile(wheel) as z:
        tops = {n.split("/")[0] for n in z.namelist()}
    return sorted(t.removesuffix(".py") for t in tops
                  if not t.endswith((".dist-info", ".data", ".pth")) and t != "")


def resolve(wheels: dict[str, Path], requires: dict[str, list[str]], roots: list[str],
            env: dict) -> dict[str, list[str]]:
    """Each wheel's dependencies on emscripten; fail if one is missing, unmet, or never needed."""
    versions = {n: parse_wheel_filename(p.name)[1] for n, p in wheels.items()}
    depends, todo, seen = {}, [canonicalize_name(r) for r in roots], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name not in wheels:
            raise SystemExit(f"lite: {name} is needed in the browser but not pinned in lock.json")
        depends[name] = []
        for line in requires[name]:
            req = Requirement(line)
            if req.marker and not req.marker.evaluate({**env, "extra": ""}):
                continue
            dep = canonicalize_name(req.name)
            if dep not in wheels:
                raise SystemExit(f"lite: {name} needs {req} on emscripten; pin a wheel in lock.json")
            if not req.specifier.contains(versions[dep], prereleases=True):
                raise SystemExit(f"lite: {name} needs {req}, lock.json pins {dep} {versions[dep]}")
            depends[name].append(dep)
            todo.append(dep)
    unused = sorted(set(wheels) - seen)
    if unused:
        raise SystemExit(f"lite: lock.json pins wheels nothing needs in the browser: {unused}")
    return depends


def looplab_wheel(python: Path, dest: Path) -> Path:
    """The looplab wheel built from src (timestamps fixed, so the same source gives the same bytes)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "workshop", "notebooks", "tests", "benchmarks", "*.egg-info",
            "__pycache__", ".pytest_cache", ".hypothesis", "lite"))
        env = {**os.environ, "SOURCE_DATE_EPOCH": str(EPOCH)}
        run([python, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
             "-w", dest, src], env=env)
    return next(dest.glob("looplab-*.whl"))


def pyodide_dir(lock: dict, site: Path, tools: Path) -> dict:
    """static/pyodide: Pyodide's core from npm, every wheel, and a lock file listing exactly them."""
    target = site / "static" / "pyodide"
    target.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        shutil.unpack_archive(cached(lock["pyodide"]), tmp)
        package = Path(tmp) / "package"
        for name in lock["pyodide"]["keep"]:
            shutil.copy2(package / name, target / name)
        upstream = json.loads((package / "pyodide-lock.json").read_text())
    kernel_dir = tools.parent.parent / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    files = {}
    for e in lock["kernel_wheels"]:
        if sha256(kernel_dir / e["file"]) != e["sha256"]:
            raise SystemExit(f"lite: {e['file']} from jupyterlite-pyodide-kernel does not match lock.json")
        files[e["file"]] = kernel_dir / e["file"]
    for e in lock["wheels"] + lock["pyodide_packages"]:
        files[e["file"]] = cached(e)
    files["looplab"] = looplab_wheel(tools, target)
    wheels, requires = {}, {}
    for path in files.values():
        name, _, reqs = metadata(path)
        name = canonicalize_name(name)
        wheels[name] = path
        requires[name] = lock["looplab_requires"] if name == "looplab" else reqs
        if path.parent != target:
            shutil.copyfile(path, target / path.name)
    for name in ("micropip", "packaging"):  # Pyodide's own packages: they load without metadata checks
        requires[name] = []
    depends = resolve(wheels, requires, lock["preload"] + ["micropip", "packaging"],
                      lock["target"]["markers"])
    packages = {}
    for name, path in sorted(wheels.items()):
        packages[name] = {
            "name": name, "version": parse_wheel_filename(path.name)[1].public,
            "file_name": path.name, "install_dir": "site", "sha256": sha256(target / path.name),
            "package_type": "package", "imports": imports(path), "depends": sorted(depends[name]),
            "unvendored_tests": False, "tool": {}}
    (target / "pyodide-lock.json").write_text(
        json.dumps({"info": upstream["info"], "packages": packages}, indent=1, sort_keys=True))
    return packages


def inputs_digest(lock_text: str) -> str:
    """One hash over everything the site is built from: the lock, this script, src and workshop."""
    h = hashlib.sha256(lock_text.encode())
    for name in ("build.py", "jupyter-lite.json", "overrides.json"):
        h.update((LITE / name).read_bytes())
    for folder in (ROOT / "src" / "looplab", WORKSHOP, WORKSHOP_FR):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and ".ipynb_checkpoints" not in path.parts:
                h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    h.update((ROOT / "pyproject.toml").read_bytes())
    return h.hexdigest()


def build(*, force: bool = False, relock: bool = False) -> Path:
    """Build the site into build/lite unless the one there was built from the same inputs."""
    started = time.monotonic()
    if not WORKSHOP.is_dir():
        say("workshop/ is missing; generating the participant edition")
        run([sys.executable, ROOT / "scripts" / "build_workshop.py"], cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    lock_text = LOCK.read_text()
    digest = inputs_digest(lock_text)
    stamp = OUT / STAMP
    if not (force or relock) and stamp.exists() and json.loads(stamp.read_text())["inputs"] == digest:
        say(f"{OUT.relative_to(ROOT)} is up to date (same lock, src and workshop)")
        return OUT
    lock = json.loads(lock_text)
    npm_download(lock["pyodide"], relock=relock)
    pip_download(lock["wheels"] + lock["pyodide_packages"], lock["target"], relock=relock)
    tools = tools_python(lock, relock=relock)
    if relock:
        LOCK.write_text(json.dumps(lock, indent=1) + "\n")
        say("lock.json rewritten with the hashes just downloaded; review `git diff lite/lock.json`")
        digest = inputs_digest(LOCK.read_text())
    CACHE.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="build-", dir=CACHE))  # two worktrees may build at once
    try:
        return assemble(lock, tools, work, digest, started)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def assemble(lock: dict, tools: Path, work: Path, digest: str, started: float) -> Path:
    """Lay out the lite dir and the contents in `work`, then run `jupyter lite build` into build/lite."""
    site = work / "site"
    site.mkdir()
    packages = pyodide_dir(lock, site, tools)
    config = json.loads((LITE / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    settings["loadPyodideOptions"] = {"packages": lock["preload"]}
    (site / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
    shutil.copy2(LITE / "overrides.json", site / "overrides.json")
    contents = work / "contents"
    # JupyterLite 0.8 parses any file whose name holds "json" as JSON, so a .jsonl on the site
    # reads as "No such file": leave them out (notebook 06 writes its log afresh, which works).
    leftovers = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", "*.jsonl", ".backup")
    shutil.copytree(WORKSHOP, contents, ignore=leftovers)
    if WORKSHOP_FR.is_dir():
        shutil.copytree(WORKSHOP_FR, contents / "fr", ignore=leftovers)
    for notebook in contents.rglob("*.ipynb"):  # open with the in-browser kernel, no kernel dialog
        data = json.loads(notebook.read_text(encoding="utf-8"))
        data["metadata"]["kernelspec"] = PYODIDE_KERNEL
        notebook.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for path in [contents, *contents.rglob("*")]:  # the contents index lists mtimes: fix them
        os.utime(path, (EPOCH, EPOCH))
    shutil.rmtree(OUT, ignore_errors=True)
    jupyter = tools.parent / "jupyter"
    say("running jupyter lite build")
    run([jupyter, "lite", "build", "--lite-dir", site, "--output-dir", OUT, "--contents", contents,
         "--apps", "lab", "--apps", "repl", "--no-sourcemaps", "--no-unused-shared-packages"], cwd=site)
    stamp_time = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(EPOCH))
    for index in (OUT / "api" / "contents").rglob("all.json"):  # else: the copies' own times
        listing = json.loads(index.read_text())
        for entry in [listing, *(listing.get("content") or [])]:
            entry["created"] = entry["last_modified"] = stamp_time
        index.write_text(json.dumps(listing, indent=2, sort_keys=True))
    size = sum(p.stat().st_size for p in OUT.rglob("*") if p.is_file())
    (OUT / STAMP).write_text(json.dumps({"inputs": digest, "packages": sorted(packages),
                                 "bytes": size}, indent=1))
    say(f"built {OUT.relative_to(ROOT)}: {size / 1e6:.1f} MB, {len(packages)} wheels, "
        f"{time.monotonic() - started:.0f} s; serve it with: python -m http.server -d build/lite")
    return OUT


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="rebuild even if nothing changed")
    parser.add_argument("--relock", action="store_true",
                        help="download the pinned versions again and rewrite their sha256 in lock.json")
    args = parser.parse_args(argv)
    build(force=args.force, relock=args.relock)


if __name__ == "__main__":
    main(sys.argv[1:])
