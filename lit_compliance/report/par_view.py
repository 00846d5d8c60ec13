"""The PAR sheet view: figures from :mod:`lit_compliance.gamemath.par`, said for people, with charts.

``par_report(model, ...)`` returns one dict: the title block, the method and assumptions (with the
readings applied), one section per wager and paytable (raw figures plus their display strings) and
the SVG charts. Templates under ``templates/par/`` only lay it out; ``--format json`` prints the
raw figures; ``--format csv`` one row per paytable line (:func:`par_csv`).
"""
from __future__ import annotations

from math import floor, log10

from ..model.vocabulary import percent, status_sentence
from ..gamemath import paytable_result
from ..load.fingerprint import sheet_digest
from ..gamemath.codec import fraction_text
from ..gamemath.par import LEVELS, ParOptions, sheet_for, z_of
from ..gamemath.par_record import Method, ParSheet, SheetKind
from ..gamemath.record import settings_json
from ..model.par_vocabulary import coarser_bands_text, holds_at, method_text, return_function_text
from ..model import RulesetModel
from ..model.readings import ZERO_EV_PULLED, ZERO_EV_RIDDEN
from . import charts
from .par_json import LEVELS_SAID, sheet_json
from .priced_json import alternative_json

METHOD = [
    "Every figure is computed by enumerating every outcome of the stated deck (52 cards, no jokers) and "
    "weighing each by its exact count; fractions are exact where the enumeration is.",
    "Net result per unit: a winning line returns the printed pay; a losing hand loses the stake (-1); a line "
    "returning exactly the stake is a push. Variance and standard deviation are of the net result per unit of "
    "the stake the edge is stated on.",
    f"Volatility index = z x standard deviation (z = {z_of(0.90):.4f} at 90%, {z_of(0.95):.4f} at 95%: the normal "
    "quantiles). A normal-curve figure: beside it, the share of honest 1,000-round totals its band (edge +- VI / "
    "sqrt(1,000)) holds by the exact distribution, where the normal curve says 90% or 95%: its error.",
    "Bands of the hold over N rounds (the house's win over the amount placed; for the base game its three bets as "
    "placed, so the centre is the house edge per bet / 3): the central 90%, 95% and 99% of the exact distribution "
    "of the total of N independent rounds (the N-th convolution power of the distribution of one round, by FFT), "
    "not the normal curve, whose bands a royal flush's skew puts in the wrong place. They are the bands 'hold' "
    "judges a period by.",
    "Theoretical win per hour = bet x hands per hour x house edge, the edge per unit of the bet it is stated on: "
    "for the base game the bet on each of its equal betting spots (the amount in all per hand is that times the "
    "number of spots), for a side wager the wager.",
    "A simulated figure is printed to the digits its 95% interval supports, with the interval's half-width: the "
    "normal curve's interval, its coverage within the Berry-Esseen bound printed beside it of 95%.",
    "Sensitivity: change of the house edge when one line's printed figure rises by one unit (one 'to 1', $1, "
    "or one point of the meter), all else held.",
    "Contribution (each row): the row's probability times its net result per unit of the stake the edge is "
    "stated on (for the base game, per unit of one base bet, with every bet riding counted); the rows of a "
    "table sum to the expected net result, which is minus the house edge. A row whose figure is missing, or "
    "paid from a meter no rule or table fixes, has no net result and no contribution, and the table then "
    "states no house edge.",
    "Every figure is the priced record that analyze, paytables and check print, at the settings the section "
    "names: a configured table at its own settings (a progressive at its configured reset, money amounts at the "
    "wager's configured minimum bet); otherwise a progressive at the least reset the rules allow (a function of "
    "the meter where they fix none), money amounts on a $1 wager where the rules state no wager amount, Cover All "
    "at the paytable's own number of players.",
]



def _vi_error(body, level: int) -> str:
    """The normal curve's error in a volatility index's band (``level``: 0 at 90%, 1 at 95%): the
    exact share of honest totals it holds."""
    said = [_pct(x.shares[level], 1) for x in body.normal_share or () if x.rounds == 1_000]
    return f" (normal; holds {said[0]})" if said else ""

def supported_digits(interval) -> int:
    """Decimals of a percentage its 95% interval supports: down to the place of the half-width's
    first significant figure (so 9.65% for a half-width of 0.05 points), 4 at most."""
    half = (interval[1] - interval[0]) / 2 * 100
    if half <= 1e-4:    # below the fourth decimal: printed to the fourth
        return 4
    return max(0, min(4, -floor(log10(half))))


def _interval(c):
    """A Cover All count's interval, or None where the figure is exact (not simulated)."""
    return c.interval_95 if c.method in (Method.SIMULATED, Method.SIMULATED_PLAIN) else None


def _pct_within(x, interval) -> str:
    """A figure as a percentage to the digits its interval supports, with the half-width; exact
    figures to 4 decimals."""
    if not interval:
        return _pct(x)
    digits = supported_digits(interval)
    return f"{_pct(x, digits)} (+-{(interval[1] - interval[0]) / 2 * 100:.{digits}f} points, 95%)"


def _base_bets(model) -> int:
    """How many equal bets the base game takes (the ruleset's base bets)."""
    return len(model.base_game.bets)


def _float(x) -> float | None:
    return None if x is None else float(x)


def _pct(x, digits=4) -> str:
    """A share as the PAR sheet prints it: the vocabulary's percent, to four places unless told."""
    return percent(x, digits)


def _num(x, digits=6) -> str:
    return "n/a" if x is None else f"{x:,.{digits}f}"


def _cycle(x) -> str:
    return "never" if x is None else f"1 in {x:,.2f}"


def _int(x) -> str:
    return "" if x is None else f"{x:,}"


def ruleset_digest(model: RulesetModel) -> str:
    """sha256 of the ruleset's canonical JSON (sorted keys, no white space), first 12 hex digits."""
    return sheet_digest(model.ruleset)


def _reading(r) -> dict:
    return {"finding": r.finding, "reading": r.id, "meaning": r.meaning, "default": r.default}


def _show_rows(sheet: dict, record: ParSheet) -> list[dict]:
    """The rows of the sheet's JSON form with their figures said."""
    out = []
    for said, r in zip(sheet["rows"], record.rows):
        out.append({**said, "combinations_text": _int(r.combinations),
                    "probability_text": f"{float(r.probability):.10f}", "cycle_text": _cycle(r.cycle),
                    "net_text": "n/a" if r.net is None else f"{float(r.net):+,.4f}",
                    "contribution_text": "n/a" if r.contribution is None else f"{float(r.contribution):+.6f}"})
    return out


def _funnel(body) -> str:
    """The bands of the hold against the rounds played (the sheet's exact bands, joined)."""
    grid = [b.rounds for b in body.bands]
    centre = float(body.totals.house_edge) / (3 if body.kind is SheetKind.BASE else 1)
    series = [("theoretical hold", [(n, centre * 100) for n in grid])]
    for level, at in (("95%", 1), ("99%", 2)):
        series.append((f"{level} band", [(b.rounds, b.levels[at][1] * 100) for b in body.bands]))
        series.append((f"{level} band ", [(b.rounds, b.levels[at][0] * 100) for b in body.bands]))
    return charts.line_chart("Funnel of the hold (exact bands)", "rounds played (log scale)",
                             "hold, % of amount wagered", series, x_fmt=lambda v: f"{v:,.0f}",
                             y_fmt=lambda v: f"{v:g}%", log_x=True)


def _status(record: ParSheet) -> str:
    rec = record.priced
    return status_sentence(rec.status.value, settings_json(rec.settings), list(rec.missing))


def _headline(record: ParSheet) -> list[tuple[str, str]]:
    """The figures a section states where it states no house edge: the hit frequency, the floor of
    an incomplete table, a progressive's return as a function of the meter."""
    if record.totals:
        return []
    out = [("House edge", "not stated: " + _status(record))]
    if record.priced.hit_frequency is not None:
        out.append(("Hit frequency", _pct(float(record.priced.hit_frequency))))
    meter = record.body.meter if record.body is not None else None
    if meter and meter.priced_at is None:
        out.append(("Return as a function of the meter", return_function_text(meter)))
        if meter.break_even_meter is not None:
            out.append(("Break-even meter", f"${float(meter.break_even_meter):,.2f}"))
    return out


def per_hour_text(per_hour, base_bets: int | None) -> str:
    """The theoretical win per hour with the bet it assumes: for the base game the amount on each
    betting spot and in all (the edge is per unit of one of the equal base bets); for money amounts
    paid whatever the wager, the edge at that bet."""
    bet, hands, win = float(per_hour.bet), per_hour.hands_per_hour, per_hour.win_per_hour
    edge_text = _pct(per_hour.house_edge_at_bet)
    if base_bets:
        basis = (f"${bet:,.2f} on each of the {base_bets} base bets (${bet * base_bets:,.2f} in all placed "
                 f"per hand; the house edge is per unit of one base bet)")
    else:
        basis = f"${bet:,.2f} wagered a hand"
    at = f"{edge_text} (the house edge at a ${bet:,.2f} wager)" if per_hour.edge_depends_on_bet else edge_text
    return f"{basis} x {hands} hands an hour x {at} = ${win:,.2f} an hour"


def _totals_shown(body) -> list[tuple[str, str]]:
    t = body.totals
    interval = t.interval_95
    shown = [
        ("Return to player", _pct_within(float(t.return_to_player), interval)),
        ("House edge", _pct_within(float(t.house_edge), interval)),
        ("Hit frequency", _pct(float(t.hit_frequency))), ("  of which wins", _pct(float(t.win_frequency))),
        ("  of which pushes", _pct(float(t.push_frequency))), ("Variance", _num(float(t.variance), 4)),
        ("Standard deviation", _num(t.standard_deviation, 4)),
        ("Volatility index 90%", _num(t.volatility_index[0], 4) + _vi_error(body, 0)),
        ("Volatility index 95%", _num(t.volatility_index[1], 4) + _vi_error(body, 1))]
    if interval:
        digits = supported_digits(interval)
        shown.append(("House edge, 95% interval", f"{_pct(interval[0], digits)} to {_pct(interval[1], digits)}"
                      + (f" (normal; coverage within {t.interval_95_error:.1e})" if t.interval_95_error else "")))
    return shown


def _figures_shown(model: RulesetModel, wager, body, show: dict) -> None:
    """The section's totals, exact figures, bands, win per hour and charts, said (where it states an edge)."""
    if body is None:
        return
    if body.totals:
        show["totals"] = _totals_shown(body)
        x = body.totals.exact
        show["exact"] = [] if x is None else [(name, fraction_text(v)) for name, v in (
            ("return to player", x.return_to_player), ("house edge", x.house_edge),
            ("hit frequency", x.hit_frequency), ("variance", x.variance))]
        show["bands"] = [{"rounds": f"{b.rounds:,}", **{k: f"{_pct(v[0], 3)} to {_pct(v[1], 3)}"
                                                          for k, v in zip(LEVELS_SAID, b.levels)}}
                         for b in body.bands]
        coarser = coarser_bands_text(body)
        if coarser:
            show["bands_lattice"] = coarser
        show["per_hour"] = per_hour_text(body.per_hour, _base_bets(model) if wager.is_base else None)
        show["charts"]["funnel"] = _funnel(body)
    if body.meter is not None:
        show["charts"]["meter"] = charts.line_chart(
            "Return against the progressive meter", "meter ($)", "return to player, %",
            [("return", [(p.meter, float(p.return_to_player) * 100) for p in body.meter.curve])],
            x_fmt=lambda v: f"{v:,.0f}", y_fmt=lambda v: f"{v:g}%", reference=100.0)
    if body.by_stake is not None:
        show["charts"]["stake"] = charts.line_chart(
            "Return against the wager amount", "wager ($, log scale)", "return to player, %",
            [("return", [(p.stake, float(p.return_to_player) * 100) for p in body.by_stake])],
            x_fmt=lambda v: f"{v:g}", y_fmt=lambda v: f"{v:g}%", log_x=True, reference=100.0)
    if body.cover_all is not None:
        show["cover_all"] = [_count_shown(c) for c in body.cover_all]


def _count_shown(c) -> dict:
    interval = _interval(c)
    return {"players": c.players, "method": method_text(c),
            "rtp": _pct_within(float(c.return_to_player), interval),
            "edge": _pct_within(float(c.house_edge), interval),
            "hit": _pct_within(float(c.hit_frequency), interval),
            "sd": _num(c.standard_deviation, 4),
            "interval": (f"{_pct(c.interval_95[0], supported_digits(c.interval_95))} to "
                         f"{_pct(c.interval_95[1], supported_digits(c.interval_95))}" if interval else "exact"),
            "distribution": [f"{p:.6f}" for p in c.distribution]}


def _section(model: RulesetModel, wager, table, opts: ParOptions, shown: bool = True) -> dict:
    record = sheet_for(model, wager, table, opts)
    sheet = sheet_json(record, wager, table)
    prefix = ("wagers", wager.id) + (("paytables", table.id) if table else ())
    readings = [_reading(r) for r in model.readings_touching(*prefix)]
    if wager.is_base:
        readings.append({**_reading(ZERO_EV_PULLED), "note": "the ridden convention is shown alongside"})
    alternatives = []
    if table is not None and wager.paytable(table.id) is table:
        for alt in paytable_result(model, wager.id, table.id, opts.table_settings()).alternatives:
            if alt.reading.reading != ZERO_EV_RIDDEN.id:
                alternatives.append({**alternative_json(alt), "house_edge_text": _pct(_float(alt.house_edge)),
                                     "status_text": status_sentence(alt.status.value)})
    if not shown:
        return {**sheet, "readings": readings, "alternatives": alternatives}
    show = {"rows": _show_rows(sheet, record), "charts": {}, "status": _status(record),
            "holds_at": "; ".join(holds_at(record.priced)) or "the paytable as published",
            "headline": _headline(record)}
    _figures_shown(model, wager, record.body, show)
    return {**sheet, "readings": readings, "alternatives": alternatives, "show": show}


def _paytable_letters(sections: list[dict]) -> str:
    """'paytable A', 'paytables A, B and C' (a one-letter id in capitals, as the sources print them),
    or the section's own name where the source gives no paytable."""
    ids = [s["paytable_id"] for s in sections if s.get("paytable_id")]
    if not ids:
        return "; ".join(s["paytable_name"] for s in sections) or "no paytable"
    said = [i.upper() if len(i) == 1 else i for i in ids]
    if len(said) == 1:
        return f"paytable {said[0]}"
    return "paytables " + ", ".join(said[:-1]) + " and " + said[-1]


def _readings_text(sections: list[dict]) -> str:
    seen: list[str] = []
    for s in sections:
        for r in s["readings"]:
            text = f"{r['finding']}/{r['reading']}"
            if text not in seen:
                seen.append(text)
    return "readings applied: " + ("; ".join(seen) if seen else "none")


FRONT_HEAD = "contents, method and readings"


def running_heads(reports: list[dict]) -> dict:
    """The HTML sheet's running heads, for a browser's printing: each wager's sections are set on a
    named page whose header names the wager and its paytables and whose footer names the readings
    their figures apply, each wager starting a new page. (The PDF sets its heads page by page:
    ``templates/par/par.typ.j2``.)"""
    items = [(ri, w, s) for ri, r in enumerate(reports) for w in r["wagers"] for s in w["sections"]]
    runs: list[dict] = []
    by_anchor: dict[str, str] = {}
    for ri, w, s in items:
        key = (ri, w["id"])
        if not runs or runs[-1]["key"] != key:
            runs.append({"key": key, "name": f"run-{len(runs) + 1}", "report": ri, "parts": []})
        run = runs[-1]
        if not run["parts"] or run["parts"][-1][0] is not w:
            run["parts"].append((w, []))
        run["parts"][-1][1].append(s)
        by_anchor[s["show"]["anchor"]] = run["name"]
    pages_out = [{"name": r["name"], "report": r["report"],
                  "wager": "; ".join(f"{w['name']}: {_paytable_letters(secs)}" for w, secs in r["parts"]),
                  "readings": _readings_text([s for _, secs in r["parts"] for s in secs])} for r in runs]
    return {"by_anchor": by_anchor, "pages": pages_out, "front": FRONT_HEAD}


def par_report(model: RulesetModel, wager_id: str | None = None, paytable_id: str | None = None,
               opts: ParOptions | None = None, config: dict | None = None, shown: bool = True) -> dict:
    """The whole PAR sheet of a ruleset (or of the wagers a table configuration offers). Without
    ``shown`` the figures alone: no display strings or charts (what ``--format json`` and ``csv`` print,
    :func:`strip_charts`)."""
    opts = opts or ParOptions()
    wagers = []
    for wager in model.wagers:
        if wager_id and wager.id != wager_id:
            continue
        chosen = config["wagers"].get(wager.id) if config else None
        if config and chosen is None:
            continue
        tables = [t for t in (wager.paytables or (None,))
                  if (not paytable_id or (t is not None and t.id == paytable_id))
                  and (chosen is None or chosen["paytable"] is None or (t is not None and t.id == chosen["paytable"]))]
        if chosen and chosen.get("custom") is not None:
            tables = [chosen["custom"]]
        w_opts = chosen["options"] if chosen else opts
        sections = [_section(model, wager, t, w_opts, shown) for t in tables]
        if not shown:
            wagers.append({"id": wager.id, "name": wager.name, "kind": wager.kind.value, "sections": sections})
            continue
        for sec in sections:
            sec["show"]["heading"] = f"{wager.name}: {sec['paytable_name']}" + (
                f" ({sec['paytable_id']})" if sec.get("paytable_id") else "")
            sec["show"]["anchor"] = f"{model.ref}-{wager.id}-{sec.get('paytable_id') or 'none'}"
        edges = [(s["paytable_id"] or "-", s["totals"]["house_edge"] * 100) for s in sections if s.get("totals")]
        wagers.append({"id": wager.id, "name": wager.name, "kind": wager.kind.value, "sections": sections,
                       "edge_chart": charts.bar_chart(f"{wager.name}: house edge of each paytable",
                                                      "house edge, % of amount wagered", edges,
                                                      x_fmt=lambda v: f"{v:.2f}%") if len(edges) > 1 else None})
    header = model.header
    title = {"jurisdiction": model.name, "ruleset": model.ref, "version": model.version,
             "digest": ruleset_digest(model),
             "effective_date": str(header.version.effective_date or header.version.effective_date_text),
             "citation": header.source.citation,
             "source_title": header.source.title,
             "config": config["title"] if config else None}
    # what the sheet's heading, title block and running head say (a what-if sheet says its own)
    title |= {"heading": f"PAR sheet: Let It Ride, {model.name}",
              "running": f"PAR sheet · {model.name} · ruleset {model.ref} (version {model.version})",
              "footer": f"digest {title['digest']}",
              "facts": [{"label": "Jurisdiction", "value": model.name},
                        {"label": "Ruleset", "value": f"{model.ref} (version {model.version})"},
                        {"label": "Ruleset digest", "value": title["digest"]},
                        {"label": "Date of the rules", "value": title["effective_date"]},
                        {"label": "Source", "value": header.source.title, "cite": header.source.citation}]
              + ([{"label": "Subject", "value": config["title"]}] if config else [])}
    return {
        "title": title,
        "method": METHOD + (config["method"] if config else []),
        "options": {"bet": float(opts.bet), "hands_per_hour": opts.hands_per_hour,
                    "confidence_levels": list(LEVELS), "rounds": [100, 1_000, 10_000, 100_000]},
        "readings": [_reading(r) for r in model.applied],
        "zero_ev": [_reading(ZERO_EV_PULLED), _reading(ZERO_EV_RIDDEN)],
        "wagers": wagers,
        "furniture": {"readings": "readings applied: " + ("; ".join(f"{r.finding}/{r.id}" for r in model.applied)
                                                          or "none")},
    }


def strip_charts(report: dict) -> dict:
    """The report without SVG and display strings (for JSON)."""
    out = {k: v for k, v in report.items() if k not in ("wagers", "furniture")}
    out["title"] = {k: v for k, v in report["title"].items() if k not in ("heading", "running", "footer", "facts")}
    out["wagers"] = [{**{k: v for k, v in w.items() if k not in ("edge_chart",)},
                      "sections": [{k: v for k, v in s.items() if k != "show"} for s in w["sections"]]}
                     for w in report["wagers"]]
    return out


CSV_FIELDS = ["ruleset", "wager", "paytable", "hand", "combinations", "total", "probability", "cycle", "pays",
              "net", "contribution", "outcome"]


def par_csv(reports: list[dict]) -> str:
    """The PAR sheets as CSV: one row per paytable line; every cell spreadsheet-safe
    (:mod:`lit_compliance.report.spreadsheet`: figures stay numbers, text that could start a formula is quoted)."""
    from .spreadsheet import csv_text as spreadsheet_csv  # lazy: only the CSV form needs it

    rows = []
    for report in reports:
        for w in report["wagers"]:
            for s in w["sections"]:
                for r in s.get("rows") or []:
                    rows.append([report["title"]["ruleset"], w["id"], s["paytable_id"] or "", r["hand"],
                                 r.get("combinations"), s.get("total"), float(r["probability"]),
                                 None if r.get("cycle") is None else float(r["cycle"]), r["pays"],
                                 None if r["net"] is None else float(r["net"]),
                                 None if r["contribution"] is None else float(r["contribution"]), r["outcome"]])
    return spreadsheet_csv(CSV_FIELDS, rows)
