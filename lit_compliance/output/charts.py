"""Former home of the SVG charts, now :mod:`lit_compliance.report.charts` (a view may not import
``output``). Kept as a re-export only for report/par_view.py and tests/test_par.py on branch price;
the integrator retargets them (``from . import charts`` in report) and deletes this file."""
from ..report.charts import bar_chart, line_chart, nice_ticks

__all__ = ["bar_chart", "line_chart", "nice_ticks"]
