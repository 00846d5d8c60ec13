"""PAR sheets: figures checked against independent derivations and the published ones.

Each standard deviation is derived here by a route of its own: the base game by playing every one of
the 22,100 x 49 x 48 deals with a strategy decided afresh from the deal's own completions; the
three-card table by scoring all 22,100 hands with the scalar evaluator; the five-card and six-card
tables from category counts derived by counting (combinatorial formulas; rank multisets and suit
assignments), not from the engine's enumeration tables. What a line pays always comes from the
model (the one place payout arithmetic lives).
"""
from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import comb, prod, sqrt

import numpy as np
import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.gamemath.par import ParOptions, sheet_for
from lit_compliance.report.par_json import sheet_json
from lit_compliance.model import model_of
from lit_compliance.poker.cards import SUITS
from lit_compliance.poker.hands import CATEGORIES_5, IMPLIED, STANDARD, evaluate3
from lit_compliance.poker.vectorised import colex_index, colex_sets, table5


class Outcome:
    def __init__(self, category: str, suit: str | None = None):
        self.tags = frozenset({category} | IMPLIED.get(category, set()))
        self.suit = suit


def _par(model, wager, table, opts):
    """A PAR sheet's JSON form: what ``par --format json`` prints of it."""
    return sheet_json(sheet_for(model, wager, table, opts), wager, table)


def _sheet(catalogue, jurisdiction, wager_id, table_id):
    model = model_of(catalogue.get(jurisdiction))
    wager = model.wager(wager_id)
    return model, wager, wager.paytable(table_id), _par(model, wager, wager.paytable(table_id), ParOptions())


def _mean_sd(weighted) -> tuple[Fraction, float]:
    total = sum(w for w, _ in weighted)
    mean = sum(Fraction(w, total) * x for w, x in weighted)
    second = sum(Fraction(w, total) * x * x for w, x in weighted)
    return mean, sqrt(float(second - mean * mean))


def _net(table, outcome, stake=Fraction(1)) -> Fraction:
    line = table.line_for(outcome)
    if line is None or not line.payout.offered:
        return Fraction(-1)
    return line.payout.per_unit(table.line_stake(line, stake)) - 1


# --- published figures -----------------------------------------------------------------------------

def test_standard_base_table_reproduces_published_figures(catalogue):
    _, _, _, sheet = _sheet(catalogue, "tribal", "base", "payout-odds")
    assert f"{sheet['totals']['house_edge'] * 100:.4f}" == "3.5057"
    assert f"{sheet['base']['bet_expectations'][0]:+.6f}" == "+0.109126"
    assert f"{sheet['base']['ride_bet1']:.8f}" == "0.07276018"
    assert f"{sheet['base']['ridden']['element_of_risk'] * 100:.4f}" == "2.8453"
    assert f"{sheet['base']['ridden']['average_bets']:.6f}" == "1.232084"
    # the three bets' expectations add up to the whole
    assert sum(sheet["base"]["bet_expectations"]) == pytest.approx(-sheet["totals"]["house_edge"], abs=1e-12)


# --- independent standard deviations ---------------------------------------------------------------

def _canonical3():
    """Suit-canonical three-card holdings with their multiplicity (22,100 in all)."""
    from itertools import permutations
    seen = Counter()
    for row in colex_sets(52, 3):
        cards = [int(c) for c in row]
        key = min(tuple(sorted(c // 4 * 4 + p[c % 4] for c in cards)) for p in permutations(range(4)))
        seen[key] += 1
    return seen


def test_base_game_sd_by_direct_enumeration_of_every_deal(catalogue):
    model, _, table, sheet = _sheet(catalogue, "tribal", "base", "payout-odds")
    assert model.hand_rules == STANDARD
    m = np.array([int(_net(table, Outcome(c))) for c in CATEGORIES_5], dtype=np.int64)
    lookup = table5(STANDARD)
    firsts, seconds = np.array([(i, j) for i in range(49) for j in range(49) if i != j]).T
    sum_x = sum_x2 = deals = 0
    for holding, weight in _canonical3().items():
        rest = np.array([c for c in range(52) if c not in holding])
        hands = np.sort(np.column_stack([np.tile(holding, (len(firsts), 1)), rest[firsts], rest[seconds]]), axis=1)
        pay = m[lookup[colex_index(hands)]].reshape(49, 48)      # row: first community card
        ride2 = pay.sum(axis=1) > 0                                # bet 2 rides when its expectation is positive
        ride1 = pay.sum() > 0
        x = (1 + int(ride1) + ride2[:, None].astype(np.int64)) * pay
        sum_x += weight * int(x.sum())
        sum_x2 += weight * int((x * x).sum())
        deals += weight * x.size
    assert deals == 22_100 * 49 * 48
    mean = Fraction(sum_x, deals)
    sd = sqrt(float(Fraction(sum_x2, deals) - mean * mean))
    assert sheet["totals"]["exact"]["house_edge"] == f"{(-mean).numerator}/{(-mean).denominator}"
    assert sheet["totals"]["standard_deviation"] == pytest.approx(sd, rel=1e-12)


def test_three_card_sd_by_scoring_every_hand(catalogue):
    model, _, table, sheet = _sheet(catalogue, "maryland", "three-card-bonus", "a")
    weighted = Counter()
    for row in colex_sets(52, 3):
        weighted[_net(table, evaluate3([int(c) for c in row], model.hand_rules))] += 1
    mean, sd = _mean_sd([(w, x) for x, w in weighted.items()])
    assert sum(weighted.values()) == 22_100
    assert sheet["totals"]["return_to_player"] == pytest.approx(float(1 + mean), abs=1e-15)
    assert sheet["totals"]["standard_deviation"] == pytest.approx(sd, rel=1e-12)


def _five_card_counts() -> dict:
    """Five-card category counts by counting (no enumeration)."""
    pair_of_rank = comb(4, 2) * comb(12, 3) * 4 ** 3
    counts = {"royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 13 * 48,
              "full_house": 13 * comb(4, 3) * 12 * comb(4, 2), "flush": 4 * comb(13, 5) - 40,
              "straight": 10 * 4 ** 5 - 40, "three_of_a_kind": 13 * comb(4, 3) * comb(12, 2) * 16,
              "two_pair": comb(13, 2) * comb(4, 2) ** 2 * 44,
              "pair_tens_or_better": 5 * pair_of_rank, "pair": 8 * pair_of_rank}
    counts["high_card"] = comb(52, 5) - sum(counts.values())
    return counts


@pytest.mark.parametrize("jurisdiction,wager,table_id", [
    ("maryland", "five-card-bonus", "b"), ("tribal", "five-card-bonus", "bonus-payout"),
    ("south-dakota", "five-card-bonus", "d")])
def test_five_card_sd_from_counted_categories(catalogue, jurisdiction, wager, table_id):
    _, _, table, sheet = _sheet(catalogue, jurisdiction, wager, table_id)
    counts = _five_card_counts()
    assert counts["high_card"] == 1_302_540
    weighted = []
    for category, n in counts.items():
        if category in ("flush", "straight_flush", "royal_flush"):
            weighted += [(n // 4, _net(table, Outcome(category, suit))) for suit in SUITS]
        else:
            weighted.append((n, _net(table, Outcome(category))))
    mean, sd = _mean_sd(weighted)
    assert sheet["totals"]["return_to_player"] == pytest.approx(float(1 + mean), abs=1e-15)
    assert sheet["totals"]["standard_deviation"] == pytest.approx(sd, rel=1e-12)
    assert sum(r["combinations"] for r in sheet["rows"]) == comb(52, 5) == sheet["total"]


def _straight(ranks: set[int]) -> int | None:
    """Top rank of the best five-in-a-row among ``ranks`` (2..14; the wheel counts, top 5)."""
    have = set(ranks) | ({1} if 14 in ranks else set())
    tops = [t for t in range(14, 4, -1) if all(t - k in have for k in range(5))]
    return tops[0] if tops else None


def _six_card_counts() -> Counter:
    """Six-card best-hand counts by (category, suit) from rank multisets and suit assignments."""
    counts = Counter()
    ranks = range(2, 15)
    # hands with five or six cards of one suit: flush, straight flush, royal, Super Royal
    for suit in SUITS:
        for six in combinations(ranks, 6):
            if set(six) == {9, 10, 11, 12, 13, 14}:
                counts[("super_royal", suit)] += 1
                continue
            top = _straight(set(six))
            counts[("royal_flush" if top == 14 else "straight_flush" if top else "flush", suit)] += 1
        for five in combinations(ranks, 5):
            top = _straight(set(five))
            counts[("royal_flush" if top == 14 else "straight_flush" if top else "flush", suit)] += 39
    # every other hand: its category follows from the ranks alone
    for multiset in combinations_with_replacement(ranks, 6):
        mult = Counter(multiset)
        if max(mult.values()) > 4:
            continue
        ways = prod(comb(4, k) for k in mult.values())
        if len(mult) == 6:
            ways -= 4 + 6 * 4 * 3          # all six suited, or five suited and one off
        elif len(mult) == 5:
            ways -= 4 * 3                   # the five ranks suited, the doubled rank's other card off
        shape = sorted(mult.values(), reverse=True)
        if shape[0] == 4:
            category = "four_of_a_kind"
        elif shape[0] == 3 and shape[1] >= 2:
            category = "full_house"
        elif _straight(set(mult)):
            category = "straight"
        elif shape[0] == 3:
            category = "three_of_a_kind"
        elif shape[:2] == [2, 2]:
            category = "two_pair"
        elif shape[0] == 2:
            category = "pair_tens_or_better" if max(r for r, k in mult.items() if k == 2) >= 10 else "pair"
        else:
            category = "high_card"
        counts[(category, None)] += ways
    return counts


@pytest.mark.parametrize("table_id", ["a", "b"])
def test_six_card_sd_from_counted_hands(catalogue, table_id):
    model, _, table, sheet = _sheet(catalogue, "maryland", "six-card-bonus", table_id)
    assert model.hand_rules.ace_low_straight_5 and not model.hand_rules.wraparound_5
    counts = _six_card_counts()
    assert sum(counts.values()) == comb(52, 6)
    mean, sd = _mean_sd([(n, _net(table, Outcome(category, suit))) for (category, suit), n in counts.items()])
    assert sheet["totals"]["return_to_player"] == pytest.approx(float(1 + mean), abs=1e-13)
    assert sheet["totals"]["standard_deviation"] == pytest.approx(sd, rel=1e-12)


# --- the rest of the sheet ----------------------------------------------------------------------------

def test_rows_add_up_and_sensitivity_is_a_derivative(catalogue):
    from dataclasses import replace
    from lit_compliance.model import Payout

    model, wager, table, sheet = _sheet(catalogue, "maryland", "three-card-bonus", "b")
    assert sum(r["probability"] for r in sheet["rows"]) == pytest.approx(1.0, abs=1e-15)
    # the Contribution column is the expected net result row by row (the sheet's method section)
    assert sum(r["contribution"] for r in sheet["rows"]) == pytest.approx(-sheet["totals"]["house_edge"], abs=1e-15)
    # raise the straight's pay by one and price again: the edge moves by the stated sensitivity
    i = next(k for k, ln in enumerate(table.lines) if ln.hand == "straight")
    line = table.lines[i]
    bumped = replace(table, lines=table.lines[:i] + (replace(line, payout=Payout(line.payout.kind, line.payout.value + 1)),)
                     + table.lines[i + 1:])
    again = _par(model, wager, bumped, ParOptions())
    change = next(s["change_in_house_edge"] for s in sheet["sensitivity"] if s["hand"] == "Straight")
    assert again["totals"]["house_edge"] - sheet["totals"]["house_edge"] == pytest.approx(change, abs=1e-15)


def test_progressive_break_even_and_long_run(catalogue):
    model, wager, table, sheet = _sheet(catalogue, "maryland", "progressive", "a")
    meter = sheet["meter"]
    at = _par(model, wager, table, ParOptions(meter=Fraction(meter["break_even_meter"]).limit_denominator(10**9)))
    assert at["totals"]["return_to_player"] == pytest.approx(1.0, abs=1e-9)
    row = next(r for r in meter["long_run"] if r["rate_percent"] == 15)
    assert row["return_to_player"] == pytest.approx(
        meter["R0"] + 0.15 + meter["p_whole_meter"] * row["reset"] / sheet["stake"])
    points = meter["curve"]
    slopes = {round((b["return_to_player"] - a["return_to_player"]) / (b["meter"] - a["meter"]), 15)
              for a, b in zip(points, points[1:])}
    assert max(slopes) - min(slopes) < 1e-12      # linear in the meter


def test_bands_narrow_with_rounds(catalogue):
    _, _, _, sheet = _sheet(catalogue, "maryland", "three-card-bonus", "a")
    widths = [b["95%"][1] - b["95%"][0] for b in sheet["bands"]]
    assert widths == sorted(widths, reverse=True)
    # exact bands: over many rounds the total tends to the normal curve, so the width tends to 2 z SD / sqrt(N)
    assert widths[0] / widths[-1] == pytest.approx(sqrt(1000), rel=0.05)
    assert widths[-1] == pytest.approx(2 * 1.959963984540054 * sheet["totals"]["standard_deviation"] / sqrt(100_000),
                                       rel=0.02)


def test_cli_formats_are_deterministic_and_complete():
    runner = CliRunner()
    first = runner.invoke(main, ["par", "maryland", "--wager", "three-card-bonus", "--format", "json"])
    assert first.exit_code == 0, first.output
    again = runner.invoke(main, ["par", "maryland", "--wager", "three-card-bonus", "--format", "json"])
    assert first.output == again.output
    data = json.loads(first.output)
    assert [s["paytable_id"] for s in data["wagers"][0]["sections"]] == ["a", "b", "c"]
    csv = runner.invoke(main, ["par", "maryland", "--wager", "three-card-bonus", "--format", "csv"])
    assert csv.exit_code == 0 and csv.output.splitlines()[0].startswith("ruleset,wager,paytable,hand")
    html = runner.invoke(main, ["par", "maryland", "--wager", "progressive", "--format", "html"])
    assert html.exit_code == 0
    assert "<script" not in html.output and html.output.count("<svg") >= 4
    bad = runner.invoke(main, ["par", "maryland", "--wager", "nope"])
    assert bad.exit_code == 2 and "Traceback" not in bad.output


def test_par_config_applies_the_table(tmp_path):
    from pathlib import Path
    config = Path(__file__).resolve().parents[2] / "examples" / "configs" / "maryland.yaml"
    out = CliRunner().invoke(main, ["par", str(config), "--format", "json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    prog = next(w for w in data["wagers"] if w["id"] == "progressive")["sections"][0]
    assert prog["meter"]["long_run_from_config"] and prog["meter"]["priced_at"] == 10000
    assert [r["others"] for r in prog["envy"]["rows"]] == [6, 6]
    assert {w["id"] for w in data["wagers"]} == {"base", "five-card-bonus", "three-card-bonus", "six-card-bonus",
                                                 "progressive"}


def test_what_if_prices_a_proposal_and_names_where_it_is_permitted(tmp_path, catalogue):
    model, _, floor, floor_sheet = _sheet(catalogue, "maryland", "three-card-bonus", "a")
    same = tmp_path / "same.yaml"
    lines = "\n".join(f"  - {{hand: {ln.hand}, payout: {{kind: {ln.payout.kind.value}, value: {ln.payout.value}}}}}"
                      for ln in floor.lines)
    same.write_text(f"wager: three_card_bonus\nname: copy of A\nlines:\n{lines}\n")
    out = CliRunner().invoke(main, ["par", "--paytable-file", str(same), "--format", "json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    maryland = next(p for p in data["permitted"] if p["ruleset"] == "maryland@v1")
    assert maryland["permitted"] and "paytable a" in maryland["why"] and maryland["cite"]
    assert data["nearest"][0]["lines_differing"] == 0 and data["nearest"][0]["edge_difference"] == pytest.approx(0)
    priced = data["par"]["wagers"][0]["sections"][0]["totals"]
    assert priced["exact"] == floor_sheet["totals"]["exact"]

    changed = tmp_path / "changed.yaml"
    changed.write_text(same.read_text().replace("value: 40", "value: 35"))
    data = json.loads(CliRunner().invoke(main, ["par", "--paytable-file", str(changed), "--format", "json"]).output)
    assert not any(p["permitted"] for p in data["permitted"])
    assert data["nearest"][0]["lines_differing"] == 1

    bad = tmp_path / "bad.yaml"
    bad.write_text("wager: three_card_bonus\nlines:\n  - {hand: pair, payout: {kind: to_one, value: -1}}\n")
    out = CliRunner().invoke(main, ["par", "--paytable-file", str(bad)])
    assert out.exit_code == 2 and "bad.yaml:3" in out.output and "Traceback" not in out.output


def test_payout_limit_caps_the_win_on_a_hand(catalogue):
    model, wager, table, sheet = _sheet(catalogue, "tribal", "base", "payout-odds")
    capped = _par(model, wager, table, ParOptions(payout_limit=Fraction(2000), limit_bet=Fraction(10)))
    limit = capped["payout_limit"]
    assert limit["cap_units"] == 200
    # only hands whose win on the bets riding exceeds 200 units are cut: royal flushes (1,000 a bet) and
    # straight flushes with two or three bets riding (400 or 600); each then wins 200
    final = {r["hand"]: r for r in sheet["base"]["final_hands"]}
    royal, sf = final["Royal flush"], final["Straight flush"]
    cut = sum(royal[f"bets_{b}"] * (b * 1000 - 200) for b in (1, 2, 3)) + sum(sf[f"bets_{b}"] * (b * 200 - 200) for b in (2, 3))
    assert limit["edge_change"] == pytest.approx(cut, rel=1e-6)
    assert limit["house_edge"] == pytest.approx(sheet["totals"]["house_edge"] + cut, rel=1e-6)
    loose = _par(model, wager, table, ParOptions(payout_limit=Fraction(10 ** 6), limit_bet=Fraction(10)))
    assert loose["payout_limit"]["edge_change"] == 0 and loose["payout_limit"]["probability_capped"] == 0


def test_par_config_names_the_line_of_a_wager_the_ruleset_lacks():
    import re
    from pathlib import Path
    config = Path(__file__).resolve().parents[2] / "examples" / "configs" / "noncompliant-maryland.yaml"
    out = CliRunner().invoke(main, ["par", str(config)])
    assert out.exit_code == 2 and "Traceback" not in out.output
    assert re.search(r"noncompliant-maryland\.yaml:\d+:\d+: wagers\[\d+\]\.wager: .* offers no wager", out.output)


def test_charts_are_well_formed_svg_with_labelled_axes():
    import xml.etree.ElementTree as ET
    from lit_compliance.report import charts

    line = charts.line_chart("Return <&> meter", "meter ($)", "return, %", [("a", [(0, 50.0), (1000, 120.0)])],
                             reference=100.0)
    bars = charts.bar_chart("Edges", "house edge, %", [("a", 2.5), ("b", -1.0)])
    for svg in (line, bars):
        root = ET.fromstring(svg)
        texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
        assert "script" not in svg
        assert any("%" in (t or "") for t in texts)
    assert "Return &lt;&amp;&gt; meter" in line
    assert charts.nice_ticks(0, 97) == [0, 20, 40, 60, 80, 100]


CONFIGS = sorted(p for p in (__import__("pathlib").Path(__file__).resolve().parents[2] / "examples" / "configs")
                 .glob("*.yaml") if not p.name.startswith("noncompliant"))


@pytest.mark.parametrize("config", CONFIGS, ids=lambda p: p.stem)
def test_par_for_every_example_configuration(config):
    out = CliRunner().invoke(main, ["par", str(config), "--format", "markdown"])
    assert out.exit_code == 0 and "Traceback" not in out.output, out.output
    assert "## Method and assumptions" in out.output and "Ruleset digest" in out.output


def test_par_follows_the_cli_conventions():
    from lit_compliance import __version__
    runner = CliRunner()
    assert runner.invoke(main, ["par", "--version"]).output.strip() == f"lit-compliance, version {__version__}"
    pinned = runner.invoke(main, ["par", "MARYLAND@V1", "--wager", "three-card-bonus", "--format", "json"])
    assert pinned.exit_code == 0 and json.loads(pinned.output)["title"]["ruleset"] == "maryland@v1"


def test_par_is_byte_identical_cold_and_warm(tmp_path, monkeypatch):
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "cache"))
    runner = CliRunner()
    for fmt in ("json", "html"):
        args = ["par", "maryland", "--wager", "base", "--format", fmt]
        cold = runner.invoke(main, args).output
        warm = runner.invoke(main, args).output
        assert cold == warm and len(cold) > 1000
    assert any((tmp_path / "cache").rglob("*.json"))


def _proposal_from(tmp_path, name: str, table, wager: str, players: int | None = None):
    lines = "\n".join(f"  - {{hand: {ln.hand}, payout: {{kind: {ln.payout.kind.value}, value: {ln.payout.value}}}}}"
                      for ln in table.lines if ln.payout.offered)
    path = tmp_path / name
    path.write_text(f"wager: {wager}\n" + (f"players: {players}\n" if players else "") + f"lines:\n{lines}\n")
    return path


def _verdicts(path) -> dict:
    out = CliRunner().invoke(main, ["par", "--paytable-file", str(path), "--format", "json"])
    assert out.exit_code == 0, out.output
    return {p["ruleset"]: (p["permitted"], p["verdict"], p["why"]) for p in json.loads(out.output)["permitted"]}


def test_what_if_compares_a_per_player_count_proposal_with_that_counts_paytable(tmp_path, catalogue):
    """Massachusetts prints one Cover All paytable per number of players: the 7-player column
    proposed for 6 players is not the 6-player paytable, so it is not permitted; for 7 it is."""
    wager = model_of(catalogue.get("massachusetts")).wager("cover-all")
    seven = wager.paytable("players-7")
    for_six = _verdicts(_proposal_from(tmp_path, "six.yaml", seven, "cover_all", players=6))["massachusetts@v1"]
    assert for_six[0] is False and "players-6" in for_six[2] and "players-7" not in for_six[2]
    for_seven = _verdicts(_proposal_from(tmp_path, "seven.yaml", seven, "cover_all", players=7))["massachusetts@v1"]
    assert for_seven[0] is True and "players-7" in for_seven[2]


def test_what_if_cannot_determine_where_the_source_tables_are_missing_or_incomplete(tmp_path, catalogue):
    """A copy of the tribal base paytable: Massachusetts prints no base paytable and NSW's lacks four
    figures the copy matches on every other line, so neither can say yes or no."""
    tribal = model_of(catalogue.get("tribal")).wager("base").paytables[0]
    verdicts = _verdicts(_proposal_from(tmp_path, "base.yaml", tribal, "base"))
    assert verdicts["massachusetts@v1"][:2] == (None, "cannot be determined")
    assert verdicts["nsw@v1"][:2] == (None, "cannot be determined") and "Two pair" in verdicts["nsw@v1"][2]
    assert verdicts["tribal@v1"][0] is True and verdicts["maryland@v1"][0] is True


def test_a_progressive_whose_rules_fix_no_meter_headlines_its_return_as_a_function_of_the_meter(catalogue):
    """South Dakota's LIRP-1 fixes no meter: the sheet states no edge (not 0% at its break-even meter),
    and gives the return as a function of the meter and the break-even meter."""
    _, _, _, sheet = _sheet(catalogue, "south-dakota", "progressive", "lirp-1")
    assert sheet["totals"] is None and sheet["status"] == "function_of_meter"
    assert sheet["priced"]["house_edge"] is None and sheet["priced"]["settings"]["meter"] is None
    meter = sheet["meter"]
    assert meter["priced_at"] is None and meter["break_even_meter"] > 0
    assert meter["return_without_meter"] + meter["return_per_meter_dollar"] * meter["break_even_meter"] == \
        pytest.approx(1.0, abs=1e-12)
    assert "100% at a meter of" in meter["return_function"]


def test_cover_all_sheets_price_a_per_player_paytable_at_its_own_count_only(catalogue):
    for players in (1, 4, 7):
        _, _, _, sheet = _sheet(catalogue, "massachusetts", "cover-all", f"players-{players}")
        assert [c["players"] for c in sheet["cover_all"]["by_players"]] == [players]
        assert sheet["priced"]["settings"]["players"] == players


@pytest.mark.parametrize("jurisdiction", ["massachusetts", "maryland"])
def test_the_figures_alone_are_the_full_sheet_without_its_display_strings_and_charts(catalogue, jurisdiction,
                                                                                     monkeypatch):
    """JSON and CSV print the figures alone; the sheet made without display strings or charts is exactly
    the full sheet with them stripped, and making it draws no chart."""
    from lit_compliance.report import charts, par_view

    model = model_of(catalogue.get(jurisdiction))
    full = par_view.strip_charts(par_view.par_report(model, opts=ParOptions()))

    def no_chart(*args, **kwargs):
        raise AssertionError("a chart was drawn for a sheet that prints none")

    monkeypatch.setattr(charts, "line_chart", no_chart)
    monkeypatch.setattr(charts, "bar_chart", no_chart)
    alone = par_view.strip_charts(par_view.par_report(model, opts=ParOptions(), shown=False))
    assert json.dumps(alone, default=str) == json.dumps(full, default=str)
