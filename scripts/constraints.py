"""Write constraints.txt from the exact versions installed in one or more tested venvs.

Usage: python scripts/constraints.py .venv [/path/to/venv-of-another-python ...]
A version that differs between Pythons gets one line per Python, with a marker.
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def frozen(venv: Path) -> tuple[str, dict[str, str]]:
    """(python 'major.minor', {package: version}) of the venv, without looplab itself."""
    python = venv / "bin" / "python"
    version = subprocess.run([python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    lines = subprocess.run([python, "-m", "pip", "freeze", "--exclude-editable"],
                           capture_output=True, text=True, check=True).stdout.splitlines()
    pins = dict(line.split("==", 1) for line in lines if "==" in line and not line.startswith("looplab"))
    return version, pins


def main(venvs: list[str]) -> None:
    found = sorted((frozen(Path(v)) for v in venvs), key=lambda f: tuple(map(int, f[0].split("."))))
    names = sorted({name for _, pins in found for name in pins}, key=str.lower)
    out = [f"# Exact versions tested by CI, on Python {', '.join(v for v, _ in found)} (Linux).",
           "# Regenerate: make constraints (see scripts/constraints.py)."]
    for name in names:
        versions = {v: pins.get(name) for v, pins in found}
        if len(set(versions.values())) == 1:
            out.append(f"{name}=={next(iter(versions.values()))}")
            continue
        for i, (python, pinned) in enumerate(versions.items()):
            if pinned is None:
                continue
            upper = found[i + 1][0] if i + 1 < len(found) else None
            marker = f'python_version >= "{python}"' if i else ""
            marker += (" and " if marker else "") + f'python_version < "{upper}"' if upper else ""
            out.append(f"{name}=={pinned}; {marker}" if marker else f"{name}=={pinned}")
    (ROOT / "constraints.txt").write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"constraints.txt: {len(names)} packages from Python {', '.join(v for v, _ in found)}")


if __name__ == "__main__":
    main(sys.argv[1:] or [str(ROOT / ".venv")])
