"""cost_plot: tokens per turn and the cumulative cost of a run, as a matplotlib Figure."""

from __future__ import annotations

from functools import cache

from looplab.trace import usage_per_turn


@cache
def _figure_class():
    from io import BytesIO

    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    class CostFigure(Figure):
        """A Figure that shows itself as a PNG in a notebook, with or without pyplot imported."""

        def _repr_png_(self) -> bytes:
            buffer = BytesIO()
            FigureCanvasAgg(self).print_png(buffer)
            return buffer.getvalue()

    return CostFigure


def cost_plot(run, *, title: str | None = None):
    """A Figure: input/output token bars per model reply and the cumulative cost line.

    Built without pyplot, so no figure stays open between cells: end a notebook cell with
    `cost_plot(run)` (no semicolon: a semicolon hides it) to show it once, as a PNG.
    """
    from matplotlib.ticker import MaxNLocator

    rows = usage_per_turn(run)
    fig = _figure_class()(figsize=(6.4, 3.4), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    x = list(range(1, len(rows) + 1))
    ax.bar([i - 0.2 for i in x], [r["input_tokens"] for r in rows], width=0.4,
           label="input tokens", color="#4a90d9")
    ax.bar([i + 0.2 for i in x], [r["output_tokens"] for r in rows], width=0.4,
           label="output tokens", color="#f0a030")
    ax.set_xlabel("model reply (turn)")
    ax.set_ylabel("tokens")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlim(0.4, max(len(rows), 1) + 0.6)
    ax.set_ylim(0, max([r["input_tokens"] for r in rows] + [1]) * 1.3)  # room for the legend
    handles = ax.get_legend_handles_labels()
    costs = [r["cost_usd"] for r in rows]
    if rows and None not in costs:
        running, total = [], 0.0
        for cost in costs:
            total += cost
            running.append(total)
        ax2 = ax.twinx()
        (line,) = ax2.plot(x, running, marker="o", color="#7b61c4", label="cumulative cost (USD)")
        ax2.set_ylabel("USD")
        ax2.set_ylim(0, total * 1.15 or 1)
        ax2.yaxis.set_major_formatter(lambda v, _: f"${v:.4f}")
        handles = (handles[0] + [line], handles[1] + [line.get_label()])
    elif rows:
        ax.text(0.5, 0.95, "cost n/a: this model has no price in looplab.PRICES",
                transform=ax.transAxes, ha="center", va="top", fontsize=9)
    else:
        ax.text(0.5, 0.5, "no model replies in this run", transform=ax.transAxes, ha="center")
    ax.legend(*handles, loc="upper left", fontsize=8, frameon=False)
    ax.set_title(title or f"Tokens per turn and cumulative cost — {run.model}", fontsize=10)
    return fig
