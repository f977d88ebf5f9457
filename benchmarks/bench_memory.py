"""Section 7: peak RSS of the kernel that ran the heaviest notebook (from the notebook suite's run)."""

from __future__ import annotations

from _common import Row, Section
from bench_notebooks import suite

LIMIT_MB = 300


def measure() -> Section:
    """The largest ru_maxrss read in a notebook's own kernel right after its last cell."""
    notebooks, bare = suite()
    measured = [r for r in notebooks if r.peak_rss]
    if not measured:
        return Section("Memory", [Row("peak RSS of a notebook kernel", "no notebook ran", "-", None)])
    heaviest = max(measured, key=lambda r: r.peak_rss)
    megabytes = heaviest.peak_rss / 2**20
    baseline = [r.peak_rss for r in bare if r.peak_rss]
    rows = [Row(f"peak RSS of a kernel after the heaviest notebook ({heaviest.name})",
                f"{megabytes:.0f} MB", f"< {LIMIT_MB} MB", megabytes < LIMIT_MB)]
    if baseline:
        rows.append(Row("peak RSS of a bare kernel after import looplab, for scale",
                        f"{max(baseline) / 2**20:.0f} MB"))
    return Section("Memory", rows, [
        "memory: resource.getrusage(RUSAGE_SELF).ru_maxrss read by a cell appended to each notebook, "
        "in its own kernel; per notebook: "
        + ", ".join(f"{r.name} {r.peak_rss / 2**20:.0f} MB" for r in measured)])
