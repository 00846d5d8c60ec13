"""The hold check, said for people: flags worded for a table-games manager, the funnel charts, and
the CSV form. Figures come from :func:`lit_compliance.hold.judge.judge`; templates under
``templates/hold/`` lay them out."""
from __future__ import annotations

from ..model.hold_vocabulary import (HOLD_CONVENTION, STAKES_FROM_TEXT, alarm_method_text, held_meter_text, held_stake_text,
                                     hold_note_text)
from ..model.table_vocabulary import coarser_lattice_text, wager_assumptions
from ..model.vocabulary import percent


KIND_NOTE = {"above": "above theory (the house won more than expected)",
             "below": "below theory (the house won less than expected)"}


#: What a result judged on a mixture of stakes not on its outcomes' own lattice carries (hold.verdicts._coarser).
COARSER = ("coarser_lattice", "variance_added_at_most")


def _lattice_text(row: dict) -> str:
    """:func:`coarser_lattice_text` of a period's stakes or a cumulative result ('' where on its own lattice)."""
    return coarser_lattice_text(row.get("coarser_lattice"), row.get("variance_added_at_most"))


def _m(x: float) -> str:
    return f"{'-' if x < 0 else ''}${abs(x):,.2f}"


def _outside_text(z: float, bands: dict) -> str:
    widest = [b for b in ("99.9", "99", "95") if bands.get(b)]
    where = f"outside the {widest[0]}% band" if widest else "inside the 95% band"
    return f"{abs(z):.2f} SD {'above' if z > 0 else 'below'} theory, {where}"


def _said_note(row: dict | None) -> dict | None:
    """A period or cumulative row with its note (a ``hold.notes.HoldNote``) and where its stakes come
    from in words."""
    if not row or (row.get("note") is None and not row.get("stakes")):
        return row
    said = dict(row)
    if row.get("note") is not None:
        said["note"] = hold_note_text(row["note"])
    st = row.get("stakes")
    if st:
        said["stakes"] = {"from": st["from"], "judged_as": st["judged_as"], "said": STAKES_FROM_TEXT[st["from"]],
                          "levels": st["levels"], **{k: st[k] for k in COARSER if k in st}}
    return said


def _said_held(held) -> dict | None:
    """How a wager's theory is priced (a ``hold.notes.HeldAt``), as the report states it."""
    if held is None:
        return None
    return {"meter": held_meter_text(held), "stake": held_stake_text(held), "mean_per_round": held.mean_per_round,
            "sd_per_round": held.sd_per_round, "stake_priced": held.stake_priced}


def _said_wager(w: dict) -> dict:
    a = w["assumptions"]
    return {**w, "assumptions": list(wager_assumptions(a.paytable, a.assumptions, a.seats)),
            "priced_at": _said_held(w["priced_at"]),
            "periods": [_said_note(p) for p in w["periods"]], "cumulative": _said_note(w["cumulative"])}


def hold_said(report: dict) -> dict:
    """The report of :func:`lit_compliance.hold.judge.judge` with every typed note, assumption and
    pricing in words, and the conventions and the alarm's method stated
    (:mod:`lit_compliance.model.hold_vocabulary`): its JSON form, and what every other form reads."""
    alarm = report["alarm"]
    return {"band": report["band"], "convention": list(HOLD_CONVENTION), **report,
            "tables": [{**t, "wagers": [_said_wager(w) for w in t["wagers"]]} for t in report["tables"]],
            "alarm": {**alarm, "method": alarm_method_text(alarm["rate"], alarm["tests"])}}


def flags(report: dict) -> list[dict]:
    """What a manager must look at, table by table: results outside the chosen band, probable data
    errors, and how many periods were too short to judge."""
    out = []
    for t in report["tables"]:
        for w in t["wagers"]:
            for p in w["periods"]:
                who = f"table {t['table']}, {w['wager_name']}, {p['period']}"
                if p.get("outside"):
                    out.append({"table": t["table"], "kind": "outside", "text":
                                f"{who}: house won {_m(p['house_win'])} ({percent(p['hold'])}) against a theoretical "
                                f"{_m(p['theoretical_win'])} ({percent(p['theoretical_hold'])}), SD {_m(p['sd'])}: "
                                f"{_outside_text(p['z'], p['bands'])}"})
                elif p["status"] == "data_error":
                    out.append({"table": t["table"], "kind": "data_error", "text": f"{who}: {p['note']}"})
            c = w["cumulative"]
            if c and c.get("outside"):
                out.append({"table": t["table"], "kind": "outside", "text":
                            f"table {t['table']}, {w['wager_name']}, all {c['periods']} periods ({c['rounds']:,} rounds): "
                            f"house won {_m(c['house_win'])} ({percent(c['hold'])}) against a theoretical "
                            f"{_m(c['theoretical_win'])} ({percent(c['theoretical_hold'])}), SD {_m(c['sd'])}: "
                            f"{_outside_text(c['z'], c['bands'])}"})
            if w["cumulative"] is None and w["periods"] and w["periods"][0]["status"] == "not_priced":
                out.append({"table": t["table"], "kind": "not_priced", "text":
                            f"table {t['table']}, {w['wager_name']}: {w['periods'][0]['note']}"})
    return out


def funnel(t: dict, w: dict) -> str | None:
    """Cumulative hold against rounds played, inside its 95% and 99% bands (server-side SVG)."""
    from . import charts  # lazy: the text report draws no chart

    run = w["running"]
    if not run or len(run["rounds"]) < 2:
        return None
    xs = run["rounds"]
    series = [("cumulative hold", [(x, y * 100) for x, y in zip(xs, run["hold"])]),
              ("theoretical hold", [(x, y * 100) for x, y in zip(xs, run["theoretical_hold"])])]
    for b in ("95", "99"):
        series.append((f"{b}% band", [(x, y * 100) for x, y in zip(xs, run["band"][b][1])]))
        series.append((f"{b}% band ", [(x, y * 100) for x, y in zip(xs, run["band"][b][0])]))
    return charts.line_chart(f"Table {t['table']}, {w['wager_name']}: cumulative hold", "rounds played",
                             "hold, % of amount wagered", series, x_fmt=lambda v: f"{v:,.0f}",
                             y_fmt=lambda v: f"{v:g}%")


def hold_view(report: dict, charts_too: bool = True) -> dict:
    """The report with its flags, display strings and charts (for the text and HTML templates)."""
    report = hold_said(report)
    tables = []
    for t in report["tables"]:
        wagers = []
        for w in t["wagers"]:
            c = w["cumulative"]
            shown = None
            if c:
                shown = {"periods": c["periods"], "rounds": f"{c['rounds']:,}", "wagered": _m(c["wagered"]),
                         "house_win": _m(c["house_win"]), "hold": percent(c["hold"]),
                         "theoretical_win": _m(c["theoretical_win"]), "theoretical_hold": percent(c["theoretical_hold"]),
                         "sd": _m(c["sd"]), "z": f"{c['z']:+.2f}",
                         "verdict": c.get("note") or _outside_text(c["z"], c["bands"]) + _cumulative_basis(c)}
            periods = [{**p, "wagered_text": _m(p["wagered"]), "house_win_text": _m(p["house_win"]),
                        "hold_text": percent(p.get("hold")), "theoretical_text": percent(p.get("theoretical_hold")),
                        "z_text": f"{p['z']:+.2f}" if "z" in p else "",
                        "verdict": (p.get("note") or _outside_text(p["z"], p["bands"])) + _stakes_text(p)}
                       for p in w["periods"] if p.get("outside") or p.get("alarm") or p["status"] == "data_error"]
            pa = w["priced_at"]
            wagers.append({**w, "shown": shown, "flagged_periods": periods, "chart": funnel(t, w) if charts_too else None,
                           "theory_text": None if pa is None else
                           f"house edge {percent(pa['mean_per_round'])} per round per unit, SD {pa['sd_per_round']:.4f}; "
                           f"{w['units_per_round']} unit(s) placed a round, so a theoretical hold of "
                           f"{percent(pa['mean_per_round'] / w['units_per_round'])}"
                           + (f" at a ${pa['stake_priced']:,.2f} stake" if pa.get("stake_priced") else "")
                           + "".join(f"; {a}" for a in w.get("assumptions") or ())
                           + _spread_text(w.get("stake_spread"))})
        tables.append({**t, "wagers": wagers})
    return {**report, "tables": tables, "flags": flags(report), "alarm_lines": alarm_lines(report),
            "too_short_line": too_short_line(report)}


def _stakes_text(p: dict) -> str:
    """How a period's stakes were judged, where it gives them: on the mixture of its levels (and on which
    lattice, where not its outcomes' own), or at one stake."""
    st = p.get("stakes")
    if not st:
        return ""
    if not st.get("levels"):
        lattice = _lattice_text(st)
        return f" ({lattice})" if lattice else ""
    levels = ", ".join(f"{r:,} rounds at ${s:,.2f}" for s, r in st["levels"])
    how = "the exact mixture of its stakes" if st["judged_as"] == "mixture" else "its one stake"
    lattice = _lattice_text(st)
    return f" (judged on {how}, from {st['said']}: {levels}" + (f"; {lattice})" if lattice else ")")


def _cumulative_basis(c: dict) -> str:
    """Where a cumulative result is not judged on its outcomes' own lattice (the mixture of its stake
    levels, or the one-stake table's edges at its rounds), that lattice ('' otherwise)."""
    lattice = _lattice_text(c)
    if not lattice:
        return ""
    how = "the exact mixture of its stake levels" if c.get("band_from") == "mixture" else "its one-stake bands"
    return f" (judged on {how}, {lattice})"


def _spread_text(spread: dict | None) -> str:
    """What the one-stake assumption of the bands may hide (see :func:`lit_compliance.hold.levels.stake_spread`)."""
    if not spread or spread["most_wider"] < 1.005:
        return ""
    low, high = spread["limits"]
    return (f". The bands assume every round of a period at its average stake; were a period's stakes spread across "
            f"the limits (${low:,.2f} to ${high:,.2f}), its SD could be up to {spread['most_wider']:.2f} times "
            f"wider (at an average stake of ${spread['at_stake']:,.2f}), and its bands about that much wider")


def _p(p: float) -> str:
    from ..gamemath.period import P_FLOOR  # lazy: the numbers only

    return f"at most {2 * P_FLOOR:.0e} (beyond the tail table)" if p <= 2 * P_FLOOR * (1 + 1e-9) else f"{p:.2g}"


def alarm_lines(report: dict) -> list[str]:
    """The report's alarm in words: raised or not, what it controls, and every result that raised it."""
    a = report["alarm"]
    head = (f"ALARM RAISED: {len(a['results'])} result(s) beyond what an honest table shows" if a["raised"]
            else "No alarm")
    out = [f"{head} (family-wise false-alarm rate {a['rate']:.2%} over the whole report: {a['method']})."]
    for f in a["results"]:
        where = (f"all {f['periods']} periods ({f['rounds']:,} rounds)" if f["period"] == "cumulative" else f["period"])
        out.append(f"table {f['table']}, {f['wager_name']}, {where}: p = {_p(f['p_value'])}")
    return out


def too_short_line(report: dict) -> str | None:
    """One line naming the wagers whose periods are too short to judge alone, and how many."""
    rows = report.get("too_short") or []
    if not rows:
        return None
    named = "; ".join(f"table {r['table']} {r['wager_name']}: {r['periods']} of {r['of']} period(s)" for r in rows)
    return (f"Too short to judge period by period (theory + 2.576 SD would be a hold above 100%), so judged only "
            f"cumulatively: {named}.")


HOLD_CSV_FIELDS = ["table", "wager", "period", "status", "rounds", "wagered", "house_win", "hold", "theoretical_win",
              "theoretical_hold", "sd", "z", "outside_95", "outside_99", "outside_99.9", "direction", "average_bet",
              "meter", "meter_from", "note", "p_value", "alarm", "stakes_from", "judged_as", "stakes", *COARSER]


def _stakes(p: dict) -> tuple:
    """A row's stakes as played: where they came from, what the period was judged as (the exact
    mixture of its stake levels, or one stake) and its levels as a stakes histogram (``10:1000;100:1000``),
    as the JSON report gives them; a cumulative row says which its bands are from."""
    given = p.get("stakes")
    if not given:
        return None, p.get("band_from"), None
    levels = given.get("levels")
    cell = ";".join(f"{int(s) if float(s).is_integer() else s}:{r}" for s, r in levels) if levels else None
    return given["from"], given["judged_as"], cell


def _cell(x):
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, float):
        return round(x, 10)
    return x


def hold_csv(report: dict) -> str:
    """One row per table, wager and period, then one 'cumulative' row per table and wager; every cell
    spreadsheet-safe (:mod:`lit_compliance.report.spreadsheet`: computed figures stay numbers, text
    that could start a formula is quoted)."""
    from .spreadsheet import csv_text as spreadsheet_csv  # lazy: only the CSV form needs it

    report = hold_said(report)
    rows = []
    for t in report["tables"]:
        for w in t["wagers"]:
            periods = list(w["periods"])
            if w["cumulative"]:
                periods.append({**w["cumulative"], "period": "cumulative"})
            for p in periods:
                bands = p.get("bands") or {}
                rows.append([_cell(v) for v in (
                    t["table"], w["wager"], p["period"], p["status"], p["rounds"], p["wagered"], p["house_win"],
                    p.get("hold"), p.get("theoretical_win"), p.get("theoretical_hold"), p.get("sd"), p.get("z"),
                    bands.get("95"), bands.get("99"), bands.get("99.9"), p.get("direction"), p.get("average_bet"),
                    p.get("meter"), p.get("meter_from"), p.get("note"), p.get("p_value"), p.get("alarm"),
                    *_stakes(p), *((p.get("stakes") or p).get(k) for k in COARSER))])
    return spreadsheet_csv(HOLD_CSV_FIELDS, rows)
