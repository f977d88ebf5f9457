"""Run the benchmarks and print one table: figure, value, target, met. What `make bench` runs.

Usage: .venv/bin/python benchmarks/run_all.py [--only SECTION ...] [--live]
Sections: loop, parallel, practice, import, notebooks, tokens, memory, security, lite, context, room. Not a test: no asserts.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time

import bench_context
import bench_import
import bench_lite
import bench_loop
import bench_memory
import bench_notebooks
import bench_practice
import bench_room
import bench_security
import bench_tokens
from _common import Row, Section

SECTIONS = {  # name -> (number, what it measures), in the order printed
    "loop": (1, bench_loop.overhead),
    "parallel": (2, bench_loop.parallel),
    "practice": (3, bench_practice.measure),
    "import": (4, bench_import.measure),
    "notebooks": (5, bench_notebooks.measure),
    "tokens": (6, bench_tokens.measure),
    "memory": (7, bench_memory.measure),
    "security": (8, bench_security.measure),
    "lite": (9, bench_lite.measure),  # builds build/lite; drives Chromium
    "context": (10, bench_context.measure),
    "room": (11, bench_room.measure),  # participants on the hub of make hub; skipped without its packages
}


def machine() -> str:
    """Cores, Python, platform and load: what the figures depend on."""
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    return (f"{os.cpu_count()} cores, Python {platform.python_version()}, {platform.platform()}, "
            f"load average {load} (1/5/15 min) at start")


def table(rows: list[tuple[int, Row]]) -> str:
    """The rows as an aligned Markdown table."""
    cells = [("#", "figure", "value", "target", "met")]
    for number, row in rows:
        met = "-" if row.met is None else ("yes" if row.met else "NO")
        cells.append((str(number), row.figure, row.value, row.target, met))
    widths = [max(len(c[i]) for c in cells) for i in range(5)]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(cell, widths, strict=True)) + " |" for cell in cells]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=list(SECTIONS), metavar="SECTION",
                        help="run only these sections: " + ", ".join(SECTIONS))
    parser.add_argument("--live", action="store_true",
                        help="section 6 against make_client() (needs ANTHROPIC_API_KEY; costs a few cents)")
    args = parser.parse_args(argv)
    print(f"Agent Loop Lab benchmarks, {datetime.date.today().isoformat()}; {machine()}", flush=True)
    start, rows, notes = time.perf_counter(), [], []
    for name, (number, measure) in SECTIONS.items():
        if args.only and name not in args.only:
            continue
        print(f"  running {number} {name} ...", file=sys.stderr, flush=True)
        section: Section = measure(live=args.live) if name == "tokens" else measure()
        rows += [(number, row) for row in section.rows]
        notes += section.notes
    print()
    print(table(rows))
    print()
    print("\n".join(notes))
    print(f"\nbenchmarks took {time.perf_counter() - start:.0f} s; '-' in met: a figure shown for "
          "scale or information, without a target")


if __name__ == "__main__":
    main(sys.argv[1:])
