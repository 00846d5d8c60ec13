"""Small server-side SVG charts (no JavaScript): line charts and horizontal bar charts.

Every chart has labelled axes with units and prints in black and dark grey, so it reads on paper.
Output is deterministic: numbers are rounded to two decimals of a pixel.
"""
from __future__ import annotations

from html import escape
from math import floor, log10

from ..sign.metrics import text_width

W, H = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 78, 20, 30, 52
DASHES = ("", "6 3", "2 3", "10 3 2 3")
GREYS = ("#000", "#444", "#777", "#999")


def _n(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def title_size(title: str) -> float:
    """The title's type size: 14, or smaller (in quarter points) where a long title set in DejaVu Sans
    Bold, the widest font the chart may be drawn in, would run past the chart's edges."""
    room = W - 16
    wide = text_width(title, 14, bold=True)
    return 14.0 if wide <= room else floor(14 * room / wide * 4) / 4


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values covering [lo, hi]."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / count
    step = 10 ** floor(log10(raw))
    for k in (1, 2, 2.5, 5, 10):
        if raw <= k * step:
            step *= k
            break
    start = floor(lo / step) * step
    ticks, v = [], start
    while v <= hi + step * 1e-9:
        ticks.append(round(v, 10))
        v += step
    if ticks[-1] < hi:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def _frame(title: str, x_label: str, y_label: str, xt, yt, fx, fy, x_fmt, y_fmt) -> list[str]:
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
           f'role="img" aria-label="{escape(title)}" font-family="Helvetica, Arial, sans-serif" font-size="12">',
           f'<title>{escape(title)}</title>',
           f'<text x="{W / 2}" y="18" text-anchor="middle" font-size="{_n(title_size(title))}" font-weight="bold">{escape(title)}</text>']
    for t in yt:
        y = fy(t)
        out.append(f'<line x1="{LEFT}" y1="{_n(y)}" x2="{W - RIGHT}" y2="{_n(y)}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{_n(y + 4)}" text-anchor="end">{escape(y_fmt(t))}</text>')
    for t in xt:
        x = fx(t)
        out.append(f'<line x1="{_n(x)}" y1="{H - BOTTOM}" x2="{_n(x)}" y2="{H - BOTTOM + 4}" stroke="#000"/>')
        out.append(f'<text x="{_n(x)}" y="{H - BOTTOM + 17}" text-anchor="middle">{escape(x_fmt(t))}</text>')
    out.append(f'<line x1="{LEFT}" y1="{H - BOTTOM}" x2="{W - RIGHT}" y2="{H - BOTTOM}" stroke="#000"/>')
    out.append(f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{H - BOTTOM}" stroke="#000"/>')
    out.append(f'<text x="{(LEFT + W - RIGHT) / 2}" y="{H - 10}" text-anchor="middle">{escape(x_label)}</text>')
    out.append(f'<text transform="translate(16 {(TOP + H - BOTTOM) / 2}) rotate(-90)" text-anchor="middle">'
               f'{escape(y_label)}</text>')
    return out


def line_chart(title: str, x_label: str, y_label: str, series: list[tuple[str, list[tuple[float, float]]]],
               x_fmt=lambda v: f"{v:g}", y_fmt=lambda v: f"{v:g}", log_x: bool = False,
               reference: float | None = None) -> str:
    """Lines through (x, y) points, one per named series; an optional horizontal reference line."""
    tx = log10 if log_x else (lambda v: v)
    xs = [tx(x) for _, pts in series for x, _ in pts]
    ys = [y for _, pts in series for _, y in pts] + ([reference] if reference is not None else [])
    if log_x:
        xt_raw = sorted({x for _, pts in series for x, _ in pts})
        xlo, xhi = min(xs), max(xs)
    else:
        xt_raw = nice_ticks(min(xs), max(xs))
        xlo, xhi = xt_raw[0], xt_raw[-1]
    yt = nice_ticks(min(ys), max(ys))
    ylo, yhi = yt[0], yt[-1]
    fx = lambda v: LEFT + (tx(v) - xlo) / ((xhi - xlo) or 1) * (W - LEFT - RIGHT)
    fy = lambda v: H - BOTTOM - (v - ylo) / ((yhi - ylo) or 1) * (H - TOP - BOTTOM)
    out = _frame(title, x_label, y_label, xt_raw, yt, fx, fy, x_fmt, y_fmt)
    if reference is not None:
        out.append(f'<line x1="{LEFT}" y1="{_n(fy(reference))}" x2="{W - RIGHT}" y2="{_n(fy(reference))}" '
                   f'stroke="#000" stroke-width="0.8" stroke-dasharray="1 2"/>')
    for k, (name, pts) in enumerate(series):
        path = " ".join(f"{_n(fx(x))},{_n(fy(y))}" for x, y in pts)
        dash = DASHES[k % len(DASHES)]
        out.append(f'<polyline fill="none" stroke="{GREYS[k % len(GREYS)]}" stroke-width="1.8"'
                   + (f' stroke-dasharray="{dash}"' if dash else "") + f' points="{path}"/>')
        if len(series) > 1:
            ly = TOP + 6 + 15 * k
            out.append(f'<line x1="{W - RIGHT - 150}" y1="{ly}" x2="{W - RIGHT - 120}" y2="{ly}" '
                       f'stroke="{GREYS[k % len(GREYS)]}" stroke-width="1.8"'
                       + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
            out.append(f'<text x="{W - RIGHT - 115}" y="{ly + 4}">{escape(name)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def bar_chart(title: str, x_label: str, bars: list[tuple[str, float]], x_fmt=lambda v: f"{v:g}") -> str:
    """Horizontal bars, one per label (values may be negative)."""
    h = TOP + BOTTOM + 22 * max(len(bars), 1)
    vals = [v for _, v in bars] + [0.0]
    xt = nice_ticks(min(vals), max(vals))
    xlo, xhi = xt[0], xt[-1]
    fx = lambda v: LEFT + 60 + (v - xlo) / ((xhi - xlo) or 1) * (W - LEFT - 60 - RIGHT)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {h}" width="{W}" height="{h}" role="img" '
           f'aria-label="{escape(title)}" font-family="Helvetica, Arial, sans-serif" font-size="12">',
           f'<title>{escape(title)}</title>',
           f'<text x="{W / 2}" y="18" text-anchor="middle" font-size="{_n(title_size(title))}" font-weight="bold">{escape(title)}</text>']
    base = h - BOTTOM
    for t in xt:
        out.append(f'<line x1="{_n(fx(t))}" y1="{TOP}" x2="{_n(fx(t))}" y2="{base}" stroke="#ddd"/>')
        out.append(f'<text x="{_n(fx(t))}" y="{base + 17}" text-anchor="middle">{escape(x_fmt(t))}</text>')
    for k, (label, v) in enumerate(bars):
        y = TOP + 4 + 22 * k
        x0, x1 = sorted((fx(0), fx(v)))
        out.append(f'<text x="{LEFT + 54}" y="{y + 12}" text-anchor="end">{escape(label)}</text>')
        out.append(f'<rect x="{_n(x0)}" y="{y}" width="{_n(max(x1 - x0, 0.5))}" height="16" fill="#555"/>')
        out.append(f'<text x="{_n(x1 + 4)}" y="{y + 12}">{escape(x_fmt(v))}</text>')
    out.append(f'<line x1="{_n(fx(0))}" y1="{TOP}" x2="{_n(fx(0))}" y2="{base}" stroke="#000"/>')
    out.append(f'<text x="{(LEFT + W - RIGHT) / 2}" y="{h - 10}" text-anchor="middle">{escape(x_label)}</text>')
    out.append("</svg>")
    return "\n".join(out)
