"""Section 4: what `import looplab` adds over `import anthropic`, in fresh interpreters."""

from __future__ import annotations

import subprocess
import sys

from _common import Row, Section, median

# Both times come from the same fresh interpreter: on a busy machine the time of `import
# anthropic` alone varies by more than the 0.2 s budget from one process to the next, so
# the difference of two separate processes' medians would measure mostly noise.
PROBE = ("import time; t0 = time.perf_counter(); import anthropic; t1 = time.perf_counter(); "
         "import looplab; t2 = time.perf_counter(); print(t1 - t0, t2 - t1)")


def probe() -> tuple[float, float]:
    """(seconds of `import anthropic`, seconds `import looplab` adds) in a fresh Python."""
    out = subprocess.run([sys.executable, "-c", PROBE], check=True, capture_output=True, text=True)
    first, second = out.stdout.split()
    return float(first), float(second)


def heaviest(limit: int = 4) -> list[str]:
    """The modules `import looplab` brings in after anthropic, largest own import time first."""
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import anthropic; import looplab"],
                         check=True, capture_output=True, text=True)
    after, rows = False, []
    for line in out.stderr.splitlines():
        parts = [p.strip() for p in line.removeprefix("import time:").split("|")]
        if len(parts) != 3 or not parts[0].isdigit():
            continue
        if after:
            rows.append((int(parts[0]), parts[2]))
        after = after or parts[2] == "anthropic"
    return [f"{name} {own / 1000:.0f} ms" for own, name in sorted(rows, reverse=True)[:limit]]


def measure(repetitions: int = 7) -> Section:
    """Median over fresh interpreters of the import times of anthropic, then of looplab on top."""
    modules = heaviest()  # also warms the file cache, so the first sample doesn't pay for disk reads
    samples = [probe() for _ in range(repetitions)]
    anthropic_s, added = median([a for a, _ in samples]), median([b for _, b in samples])
    return Section("Import cost", [
        Row(f"import looplab adds over import anthropic (median of {repetitions})", f"{added:.3f} s",
            "<= 0.20 s", added <= 0.2),
        Row("import anthropic alone, for scale", f"{anthropic_s:.3f} s"),
    ], ["import: each sample is a fresh `python -c` that times `import anthropic`, then `import "
        "looplab` (perf_counter); looplab's own heaviest modules (python -X importtime): "
        + ", ".join(modules)])
