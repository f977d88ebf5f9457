"""cost_plot: tokens per turn and the cumulative cost of a run, as a matplotlib Figure (or SVG)."""

from __future__ import annotations

from functools import cache
from html import escape

from looplab.i18n import _
from looplab.trace import format_cost, usage_per_turn

BLUE, ORANGE, PURPLE = "#4a90d9", "#f0a030", "#7b61c4"


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
    Without matplotlib (the browser edition) it returns the same chart drawn as SVG.
    """
    try:
        from matplotlib.ticker import MaxNLocator
    except ImportError:
        return CostChart(run, title=title)

    rows = usage_per_turn(run)
    fig = _figure_class()(figsize=(6.4, 3.4), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    x = list(range(1, len(rows) + 1))
    ax.bar([i - 0.2 for i in x], [r["input_tokens"] for r in rows], width=0.4,
           label=_("input tokens"), color="#4a90d9")
    ax.bar([i + 0.2 for i in x], [r["output_tokens"] for r in rows], width=0.4,
           label=_("output tokens"), color="#f0a030")
    ax.set_xlabel(_("model reply (turn)"))
    ax.set_ylabel(_("tokens"))
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
        (line,) = ax2.plot(x, running, marker="o", color="#7b61c4", label=_("cumulative cost (USD)"))
        ax2.set_ylabel("USD")
        ax2.set_ylim(0, total * 1.15 or 1)
        ax2.yaxis.set_major_formatter(lambda v, _position: f"${v:.4f}")
        handles = (handles[0] + [line], handles[1] + [line.get_label()])
    elif rows:
        ax.text(0.5, 0.95, _("cost n/a: this model has no price in looplab.PRICES"),
                transform=ax.transAxes, ha="center", va="top", fontsize=9)
    else:
        ax.text(0.5, 0.5, _("no model replies in this run"), transform=ax.transAxes, ha="center")
    ax.legend(*handles, loc="upper left", fontsize=8, frameon=False)
    ax.set_title(title or _("Tokens per turn and cumulative cost — {model}", model=run.model), fontsize=10)
    return fig


class CostChart:
    """The cost plot drawn as SVG, for where matplotlib is missing (JupyterLite in a browser)."""

    width, height, left, right, top, bottom = 640, 340, 64, 72, 40, 48

    def __init__(self, run, *, title: str | None = None):
        self.rows = usage_per_turn(run)
        self.title = title or _("Tokens per turn and cumulative cost — {model}", model=run.model)
        costs = [r["cost_usd"] for r in self.rows]
        self.running = None
        if self.rows and None not in costs:
            total, self.running = 0.0, []
            for cost in costs:
                total += cost
                self.running.append(total)

    def __repr__(self) -> str:
        cost = format_cost(self.running[-1] if self.running else None)
        return _("<CostChart: {n} model replies, cumulative cost {cost}>", n=len(self.rows), cost=cost)

    def _x(self, turn: float) -> float:
        span = self.width - self.left - self.right
        return self.left + span * (turn - 0.4) / (max(len(self.rows), 1) + 0.2)

    def _repr_svg_(self) -> str:
        w, h, top, base = self.width, self.height, self.top, self.height - self.bottom
        most = max([r["input_tokens"] for r in self.rows] + [1]) * 1.3
        y = lambda tokens: base - (base - top) * tokens / most  # noqa: E731
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
               f'viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11">',
               f'<rect width="{w}" height="{h}" fill="white"/>',
               f'<text x="{w / 2}" y="20" text-anchor="middle" font-size="13">{escape(self.title)}</text>',
               f'<line x1="{self.left}" y1="{base}" x2="{w - self.right}" y2="{base}" stroke="black"/>',
               f'<line x1="{self.left}" y1="{top}" x2="{self.left}" y2="{base}" stroke="black"/>',
               f'<text x="{self.left - 8}" y="{top - 8}" text-anchor="end">{escape(_("tokens"))}</text>',
               f'<text x="{w / 2}" y="{h - 10}" text-anchor="middle">{escape(_("model reply (turn)"))}</text>']
        for tick in range(5):
            tokens = round(most * tick / 4)
            out.append(f'<text x="{self.left - 4}" y="{y(tokens) + 4:.1f}" text-anchor="end">{tokens}</text>')
        bar = (self._x(1.4) - self._x(1)) * 1.0
        for i, row in enumerate(self.rows, start=1):
            for offset, key, colour in ((-0.2, "input_tokens", BLUE), (0.2, "output_tokens", ORANGE)):
                x0 = self._x(i + offset) - bar / 2
                what = (_("turn {turn}: {n} input tokens", turn=i, n=row[key]) if key == "input_tokens"
                        else _("turn {turn}: {n} output tokens", turn=i, n=row[key]))
                out.append(f'<rect x="{x0:.1f}" y="{y(row[key]):.1f}" width="{bar:.1f}" '
                           f'height="{base - y(row[key]):.1f}" fill="{colour}"><title>{escape(what)}'
                           '</title></rect>')
            out.append(f'<text x="{self._x(i):.1f}" y="{base + 14}" text-anchor="middle">{i}</text>')
        legend = [(_("input tokens"), BLUE), (_("output tokens"), ORANGE)]
        if self.running:
            top_cost = self.running[-1] * 1.15
            cy = lambda usd: base - (base - top) * usd / top_cost  # noqa: E731
            points = " ".join(f"{self._x(i):.1f},{cy(c):.1f}" for i, c in enumerate(self.running, 1))
            out.append(f'<polyline points="{points}" fill="none" stroke="{PURPLE}" stroke-width="2"/>')
            for i, c in enumerate(self.running, start=1):
                out.append(f'<circle cx="{self._x(i):.1f}" cy="{cy(c):.1f}" r="3.5" fill="{PURPLE}">'
                           f'<title>{escape(_("after turn {turn}: {cost}", turn=i, cost=format_cost(c)))}'
                           '</title></circle>')
            xr = w - self.right
            out.append(f'<line x1="{xr}" y1="{top}" x2="{xr}" y2="{base}" stroke="black"/>')
            for tick in range(5):
                usd = self.running[-1] * tick / 4
                out.append(f'<text x="{xr + 4}" y="{cy(usd) + 4:.1f}">{format_cost(usd)}</text>')
            out.append(f'<text x="{xr + 4}" y="{top - 8}">USD</text>')
            legend.append((_("cumulative cost (USD)"), PURPLE))
        elif self.rows:
            out.append(f'<text x="{w / 2}" y="{top + 14}" text-anchor="middle">'
                       f'{escape(_("cost n/a: this model has no price in looplab.PRICES"))}</text>')
        else:
            out.append(f'<text x="{w / 2}" y="{(top + base) / 2}" text-anchor="middle">'
                       f'{escape(_("no model replies in this run"))}</text>')
        for n, (label, colour) in enumerate(legend):
            out.append(f'<rect x="{self.left + 8}" y="{top + 6 + 16 * n}" width="10" height="10" '
                       f'fill="{colour}"/><text x="{self.left + 22}" y="{top + 15 + 16 * n}">{escape(label)}</text>')
        out.append("</svg>")
        return "".join(out)
