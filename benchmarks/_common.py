"""What every benchmark section returns: rows of (figure, value, target, met) and notes."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Row:
    """One figure: its value and target as text, and whether the target is met (None: no target)."""

    figure: str
    value: str
    target: str = "-"
    met: bool | None = None


@dataclass
class Section:
    """A section's rows, plus notes printed under the table (method, details, how to get more)."""

    title: str
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def timed(fn: Callable[[], object]) -> float:
    """Seconds one call of `fn` takes (perf_counter)."""
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def median(values) -> float:
    """The median of `values`."""
    return statistics.median(values)


def ratio_row(figure: str, ours: float, theirs: float, target: float, unit: str = "ms") -> Row:
    """A row for ours/theirs with both values shown; met when the ratio is at most `target`."""
    scale = 1000 if unit == "ms" else 1
    ratio = ours / theirs
    value = f"{ratio:.2f} ({ours * scale:.2f} / {theirs * scale:.2f} {unit})"
    return Row(figure, value, f"<= {target:.2f}", ratio <= target)
