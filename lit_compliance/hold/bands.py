"""The bands a hold result is judged by, and the rates its alarm may be raised at."""
from __future__ import annotations

from statistics import NormalDist

BANDS = ("95", "99", "99.9")
Z = {b: NormalDist().inv_cdf(0.5 + float(b) / 200) for b in BANDS}

ALARM_RATE = 0.01        # the default chance that an honest table raises the alarm anywhere in a report
ALARM_RATE_MAX = 0.1     # the most a report may allow (--alarm-rate)


def outside(z, edges: dict) -> dict:
    """Per band: whether each z lies beyond that band's edges (``edges``: band -> (low, high))."""
    return {b: (z < edges[b][0]) | (z > edges[b][1]) for b in BANDS}
