"""Section 11: a room on the hub of `make hub`: spawn time, notebook 02 time, memory per participant.

N participants arrive at once (N = 5, 10, 20; LOOPLAB_ROOM_SIZES to change), get their servers
and run notebook 02 in their own kernels, kernels left open as in a room for the memory figure.
Skipped when the hub packages or the proxy are missing (`make hub` installs both).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from _common import Row, Section, median

ROOT = Path(__file__).resolve().parent.parent
SIZES = tuple(int(n) for n in os.environ.get("LOOPLAB_ROOM_SIZES", "5,10,20").split(","))
SPAWN_S, RUN_S = 120, 60  # a participant's patience: two minutes to get a server, one for 02
RESERVE_MIB = 1024  # left to the system


def mem_total_mib() -> float:
    """This machine's memory (Linux /proc/meminfo)."""
    line = next(x for x in Path("/proc/meminfo").read_text().splitlines() if x.startswith("MemTotal:"))
    return int(line.split()[1]) / 1024


def one_room(room, n: int) -> dict:
    """Start a hub, bring n participants at once, measure, stop it."""
    state = Path(tempfile.mkdtemp(prefix="bench-room-"))
    port = room.free_port()
    with open(state / "hub.log", "w") as log:
        (state / "hub").mkdir()
        hub = room.start_hub(state / "hub", port, log)
        try:
            idle = room.rss_mib(state / "hub")  # the hub, its proxy and services
            started = time.monotonic()
            try:
                people, failed = room.room(f"http://127.0.0.1:{port}", n, keep=True), ""
            except (RuntimeError, AssertionError) as err:
                people, failed = [], str(err)[:200]
            result = {"n": n, "wall": time.monotonic() - started, "failed": failed, "hub_mib": idle,
                      "users_mib": room.rss_mib(state / "hub" / "users")}
            if people:
                result.update(spawn=[p.spawn_s for p in people], run=[p.run_s for p in people])
        finally:
            room.stop_hub(hub)
    shutil.rmtree(state / "hub", ignore_errors=True)
    if result["failed"]:
        result["failed"] += f" (hub log: {state / 'hub.log'})"
    else:
        shutil.rmtree(state, ignore_errors=True)
    return result


def measure() -> Section:
    section = Section("room")
    if importlib.util.find_spec("jupyterhub") is None:
        section.notes.append("11 room: skipped, the hub packages are not installed (make hub installs them)")
        return section
    sys.path.insert(0, str(ROOT / "hub"))
    import room

    if room.proxy_command() is None:
        section.notes.append("11 room: skipped, no configurable-http-proxy (make hub installs it from npm)")
        return section
    per_head = []
    for n in SIZES:
        r = one_room(room, n)
        if r["failed"]:
            section.rows.append(Row(f"room of {n}: every participant runs 02", "failed", "all succeed", False))
            section.notes.append(f"11 room of {n}: {r['failed']}")
            continue
        each = r["users_mib"] / n
        per_head.append(each)
        section.rows += [
            Row(f"room of {n}: slowest spawn (median)", f"{max(r['spawn']):.0f} s ({median(r['spawn']):.0f} s)",
                f"< {SPAWN_S} s", max(r["spawn"]) < SPAWN_S),
            Row(f"room of {n}: slowest run of 02 (median)", f"{max(r['run']):.0f} s ({median(r['run']):.0f} s)",
                f"< {RUN_S} s", max(r["run"]) < RUN_S),
            Row(f"room of {n}: memory per participant after 02", f"{each:.0f} MiB"),
        ]
        section.notes.append(f"11 room of {n}: hub, proxy and services {r['hub_mib']:.0f} MiB; "
                             f"{r['wall']:.0f} s from arrival to the last run's end")
    if per_head:
        total = mem_total_mib()
        fits = int((total - RESERVE_MIB - 200) / max(per_head))
        section.rows.append(Row("participants this machine's memory holds after 02",
                                f"{fits} ({total / 1024:.1f} GiB, {max(per_head):.0f} MiB each)"))
        section.notes.append("11 room: memory grows to about 1 GiB a participant by notebook 07 when every notebook's "
                             "kernel stays open (a prototype's figure, not measured here) (the hub culls kernels idle for 30 min); CPU, not memory, sets the pace of "
                             "a room arriving at once: see the spawn times above.")
    return section


if __name__ == "__main__":
    from run_all import table

    result = measure()
    print(table([(11, row) for row in result.rows]))
    print("\n".join(result.notes))
