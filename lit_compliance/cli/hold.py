"""``lit-compliance hold``: a table's actual results against its exact theory; ``lit-compliance
simulate``: honest (or deliberately anomalous) results of a configured table, in the same format."""
from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import click

from .common import (EXIT_NO, Trouble, catalogue, check_destination, deliver, filing_options, handled, main,
                     made_stamp, parse_date, print_pdf)
from .formats import Formats, figures_only, is_terminal
from ..load.strict_yaml import InputError, Problems
from ..output.render import render, to_json
from ..table.theory import load_theory
from ..hold.judge import judge
from ..hold.results import read_results
from ..report.hold_view import hold_csv, hold_said, hold_view

MAX_SIMULATED_ROUNDS = 50_000_000


def _expanded(configs) -> tuple[list, list]:
    """The configuration files given, a floor file standing for every table it lists (in its order)."""
    from ..load.strict_yaml import load_yaml_file  # lazy: only to tell a floor from a configuration
    from ..operator.floor import floor_of, looks_like_floor  # lazy: only to read a floor

    paths, problems = [], []
    for path in configs:
        try:
            doc = load_yaml_file(path)
            if looks_like_floor(doc):
                paths.extend(Path(t.config.path) for t in floor_of(doc, Path(path).parent).tables)
                continue
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        paths.append(path)
    return paths, problems


def _theories(configs) -> list:

    configs, problems = _expanded(configs)
    theories, tables = [], {}
    for path in configs:
        try:
            th = load_theory(path)
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        if th.table in tables:
            # lazy: only to place this error
            from ..table.config import load_config

            cfg = load_config(path)
            problems.append(cfg.problem(("table",), f"table {th.table!r} is configured twice (also in {tables[th.table]})"))
            continue
        tables[th.table] = str(path)
        theories.append(th)
    return theories, problems


def _printed(make, template: str, charts: bool):
    """The view of a printed report: its flags, display strings and (``charts``) funnel charts, stamped
    (the date and preparer ``filing`` gives), made by ``make(template, stamp=..., **shown)``."""
    def printed(report: dict, filing: tuple) -> str | bytes:
        shown = hold_view(report, charts_too=charts)
        cat = catalogue()
        stamp = made_stamp([cat.resolve(ref) for ref in sorted({t["ruleset"] for t in report["tables"]})], *filing)
        return make(template, stamp=stamp, **shown)

    return printed


HOLD = Formats({
    "text": _printed(render, "hold/hold.txt.j2", charts=False),
    "json": lambda report, filing: to_json(hold_said(report)),
    "csv": lambda report, filing: hold_csv(report),
    "html": _printed(render, "hold/hold.html.j2", charts=True),
    "pdf": _printed(print_pdf, "hold/hold.typ.j2", charts=True),
}, help="text, json, csv (one row per table, wager and period, then the cumulative rows), html "
        "(with each wager's funnel chart) or pdf.")


@main.command(short_help="Check tables' results against the exact theory.")
@click.argument("results", nargs=-1, required=True, type=click.Path(path_type=Path, dir_okay=False))
@click.option("--config", "configs", multiple=True, type=click.Path(path_type=Path, dir_okay=False),
              help="A table configuration, or a floor file (every table it lists); rows are matched to a table "
                   "by its 'table'. Repeat for several tables (or give a 'config' column in the results).")
@click.option("--band", type=click.Choice(["95", "99", "99.9"]), default="99", show_default=True,
              help="The band each period and cumulative result is flagged against (outside it: listed).")
@click.option("--alarm-percent", "alarm_percent", type=click.FloatRange(min=0.01, max=10), default=1.0,
              show_default=True,
              help="Exit status 1 when the report raises the alarm: the chance (percent) that an honest table "
                   "raises it anywhere in the report (over every judged period and cumulative result) is at most "
                   "this.")
@HOLD.option
@click.option("--output", "-o", "output", type=click.Path(path_type=Path, dir_okay=False),
              help="Write to FILE (atomically) instead of standard output.")
@filing_options
@handled
def hold(results, configs, band, alarm_percent, fmt, output, made_on, prepared_by):
    """Check each table's results (RESULTS: CSV, YAML or JSON; one row per table, wager and period with
    date or period, table, wager, rounds, wagered, house_win, and optionally meter, config, and the stakes as
    played: stake, or a stakes histogram such as 5:1200;25:800, or several rows of one period at different
    stakes, judged on the exact mixture of the levels) against
    the exact theory of its configuration: theoretical win and hold, standard deviation, z-score, and
    whether each period and the cumulative result lies outside the 95%, 99% and 99.9% bands.

    Base-game 'wagered' counts the three bets as placed (before any is pulled back). Exit status 1 when
    the report raises the alarm: some result's p-value is at most --alarm-percent divided by the number
    of results judged, so an honest table raises it with probability at most --alarm-percent (safe to
    run every night).
    """
    check_destination(fmt, output)
    theories, found = _theories(configs)
    problems = Problems(found)
    read = []
    for path in results:
        try:
            res, found = read_results(path)
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        problems.extend(found)
        read.append(res)
    if problems and not read:
        raise InputError(problems.listed())
    # JSON and CSV list every row; every format but text carries the cumulative path (charts, JSON)
    report = judge(read, theories, band, problems, full=figures_only(fmt), path=not is_terminal(fmt),
                   alarm_rate=alarm_percent / 100)
    deliver(HOLD[fmt](report, (made_on, prepared_by)), output, tuple(results) + tuple(configs))
    if report["alarm"]["raised"]:
        raise SystemExit(EXIT_NO)


def _money(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    cents = abs(int(cents))
    return f"{sign}{cents // 100}.{cents % 100:02d}"


def _anomaly(text: str | None):
    from ..hold.simulate import Anomaly  # lazy: simulate's dealing is not loaded for hold

    if not text:
        return None
    m = re.fullmatch(r"([a-z0-9-]+):([a-z_]+):\+([0-9]{1,6})", text.strip())
    if not m:
        raise Trouble(f"--anomaly {text!r}: write WAGER:HAND:+N (e.g. base:pair_tens_or_better:+1)")
    return Anomaly(m.group(1), m.group(2), int(m.group(3)))


SIMULATED_COLUMNS = ["date", "table", "wager", "rounds", "wagered", "house_win", "meter"]


def _results_csv(rows: list[dict]) -> str:
    from ..report.spreadsheet import csv_text  # lazy: simulate's CSV writing, not loaded for hold

    return csv_text(SIMULATED_COLUMNS, ([r[c] for c in SIMULATED_COLUMNS] for r in rows))


def _results_json(rows: list[dict]) -> str:
    return to_json([{k: (v if k in ("date", "table", "wager", "rounds") else float(v)) for k, v in r.items()
                     if v != ""} for r in rows])


SIMULATED = Formats({"csv": _results_csv, "json": _results_json},
                    help="Format of the results written (both are read by `hold`).")


@main.command(short_help="Deal a configured table and write its results.")
@click.argument("config", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--rounds", type=click.IntRange(1, 10_000_000), required=True, help="Rounds in each period.")
@click.option("--periods", type=click.IntRange(1, 100_000), default=1, show_default=True,
              help="Periods (one a day from --start).")
@click.option("--seed", type=click.IntRange(0, 2 ** 63 - 1), default=0, show_default=True,
              help="Seed of the shuffle: the same seed gives the same results.")
@click.option("--start", default="2026-01-01", show_default=True, help="Date of the first period (YYYY-MM-DD).")
@click.option("--anomaly", help="Pay a hand more than the paytable: WAGER:HAND:+N, e.g. base:pair_tens_or_better:+1 "
                                "(each riding bet on a pair of tens or better paid 2 to 1).")
@SIMULATED.option
@click.option("--output", "-o", "output", type=click.Path(path_type=Path, dir_okay=False),
              help="Write to FILE (atomically) instead of standard output.")
@handled
def simulate(config, rounds, periods, seed, start, anomaly, fmt, output):
    """Deal a configured table round by round (one player, optimal strategy, the engine's paytables)
    and write its results per period in the format 'hold' reads. Bets are the configured minimums;
    the progressive meter is held at the configured reset. Cover All (which depends on every seat) is
    not simulated."""
    # lazy: the dealing, exact stakes and CSV writing are simulate's alone, not loaded for hold
    from fractions import Fraction

    # lazy: as above
    from ..model import exact
    # lazy: as above
    from ..hold.simulate import AnomalyError, Play, SimulationError, simulate as run
    # lazy: as above
    from ..suggest import unknown
    from ..report.spreadsheet import FormattedNumber  # lazy: as above

    first = parse_date(start, "--start")
    if (dt.date.max - first).days < periods - 1:
        raise Trouble(f"--start {first.isoformat()} with --periods {periods:,}: the periods run past "
                      f"{dt.date.max.isoformat()}, the last date a results file can hold (at most "
                      f"{(dt.date.max - first).days + 1:,} periods from that start)")
    if rounds * periods > MAX_SIMULATED_ROUNDS:
        raise Trouble(f"--rounds x --periods is {rounds * periods:,}; at most {MAX_SIMULATED_ROUNDS:,} rounds a run")
    th = load_theory(config)
    bad = _anomaly(anomaly)
    if bad and bad.wager_id not in th.wagers:
        raise Trouble(f"--anomaly: table {th.table} offers "
                      + unknown("wager", bad.wager_id, list(th.wagers), label="wagers offered"))
    if bad and th.choices[bad.wager_id][1] is not None:
        hands = list(dict.fromkeys(ln.hand for ln in th.choices[bad.wager_id][1].lines))
        if bad.hand not in hands:
            raise Trouble(f"--anomaly: the {bad.wager_id} paytable has "
                          + unknown("line for the hand", bad.hand, hands, label="its hands"))
    plays, skipped = [], []
    for wid, (wager, table, opts) in th.choices.items():
        w = th.wagers[wid]
        if table is None or w.mean is None or wager.hand_basis.value == "table_highest":
            skipped.append(f"{w.wager_name}: not simulated ("
                           + ("depends on every seat's hand" if wager.hand_basis.value == "table_highest"
                              else "no priced paytable") + ")")
            continue
        stake = Fraction(str(w.stake)) if w.stake_stated else exact(w.minimum if w.minimum is not None else 1)
        plays.append(Play(wager, table, stake, opts.meter if w.meter_reset is not None else None))
    try:
        won = run(plays, th.model.hand_rules, rounds, periods, seed, bad)
    except SimulationError as exc:
        raise Trouble(("--anomaly: " if isinstance(exc, AnomalyError) else "") + str(exc)) from None
    rows = []
    for k in range(periods):
        day = (first + dt.timedelta(days=k)).isoformat()
        for play in plays:
            wid = play.wager.id
            units = 3 if play.wager.is_base else 1
            wagered = int(play.stake * 100) * units * rounds
            rows.append({"date": day, "table": th.table, "wager": wid, "rounds": rounds,
                         "wagered": FormattedNumber(_money(wagered)),
                         "house_win": FormattedNumber(_money(int(won[wid][k]))),
                         "meter": FormattedNumber(_money(int(play.meter * 100))) if play.meter is not None else ""})
    for note in skipped:
        click.echo(f"simulate: {note}", err=True)
    deliver(SIMULATED[fmt](rows), output, (config,))
