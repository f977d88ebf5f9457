"""Widgets for JupyterLab (ipywidgets 8): a run's timeline, an approval gate, a fault panel, a cost plot.

Each widget also shows as plain text and HTML where widgets don't render (GitHub, nbval).
Importing looplab does not import this package; `from looplab.widgets import Timeline` does.
"""

from looplab.widgets.gate import ApprovalGate
from looplab.widgets.panel import FaultPanel
from looplab.widgets.plot import cost_plot
from looplab.widgets.timeline import Timeline

__all__ = ["ApprovalGate", "FaultPanel", "Timeline", "cost_plot"]
