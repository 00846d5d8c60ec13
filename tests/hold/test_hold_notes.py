"""The hold check's notes are typed values (a kind and its numbers, :mod:`lit_compliance.hold.notes`),
said once by :mod:`lit_compliance.model.hold_vocabulary` in every form of the report (issue 29)."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.hold.bands import Z
from lit_compliance.hold.judge import judge
from lit_compliance.hold.notes import HoldNote, HoldNoteKind, StakeBasis, WagerAssumptions
from lit_compliance.hold.results import read_results
from lit_compliance.model.hold_vocabulary import STAKES_FROM_TEXT, held_meter_text, held_stake_text, hold_note_text
from lit_compliance.model.table_vocabulary import wager_assumptions
from lit_compliance.report.hold_view import hold_said
from lit_compliance.table.config import load_config
from lit_compliance.table.theory import load_theory

ROOT = Path(__file__).resolve().parents[2]
MD = ROOT / "examples" / "configs" / "maryland.yaml"
MA = ROOT / "examples" / "configs" / "massachusetts.yaml"
HEADER = "date,table,wager,rounds,wagered,house_win,meter\n"
ROWS = {  # period: (wager, rounds, wagered, house win)
    "2026-01-01": ("base", 1000, 3000, -90000),           # $1 a bet: below the $10 table minimum
    "2026-01-02": ("base", 0, 0, 0),                        # no rounds
    "2026-01-03": ("six-card-bonus", 200, 1000, -2000),     # too few rounds for the wager's spread
    "2026-01-04": ("three-card-bonus", 1000, 5000, 300),   # judged
}


@pytest.fixture(scope="module")
def judged(tmp_path_factory):
    """The typed report of the rows above at the Maryland table, the configuration read, and the CLI's
    outputs of the same rows (JSON, CSV, text)."""
    folder = tmp_path_factory.mktemp("notes")
    path = folder / "r.csv"
    path.write_text(HEADER + "".join(f"{d},LIR-2,{w},{n},{x},{y},\n" for d, (w, n, x, y) in ROWS.items()))
    results, found = read_results(path)
    assert not found
    report = judge([results], [load_theory(MD)], "99")
    outputs = {fmt: CliRunner().invoke(main, ["hold", str(path), "--config", str(MD), "--format", fmt]).output
               for fmt in ("json", "csv", "text")}
    return report, load_config(MD), outputs


def _periods(report: dict) -> dict:
    return {p["period"]: (w, p) for t in report["tables"] for w in t["wagers"] for p in w["periods"]}


def test_each_note_is_a_kind_with_the_figures_it_names(judged):
    report, cfg, _ = judged
    periods = _periods(report)
    limits = cfg.settings.limits
    _, bad = periods["2026-01-01"]
    wager, n, wagered, _win = ROWS["2026-01-01"]
    assert bad["status"] == "data_error" and bad["note"].kind is HoldNoteKind.DATA_ERROR
    assert bad["note"].average_bet == pytest.approx(wagered / (3 * n))      # three base bets a round
    assert (bad["note"].low, bad["note"].high) == (float(limits.minimum), float(limits.maximum))
    assert not bad["note"].stake_fixed and bad["note"].average_bet < bad["note"].low
    assert periods["2026-01-02"][1]["note"] == HoldNote(HoldNoteKind.NO_ROUNDS)
    _, short = periods["2026-01-03"]
    assert short["note"] == HoldNote(HoldNoteKind.TOO_SHORT, rounds=ROWS["2026-01-03"][1], z=Z["99"])
    # the reason it is too short, from the period's own figures: theory + z SD is a hold above 100%
    assert (short["theoretical_win"] + Z["99"] * short["sd"]) / short["wagered"] > 1
    _, fine = periods["2026-01-04"]
    assert "note" not in fine and fine["status"] == "judged"
    with pytest.raises(AttributeError):
        short["note"].rounds = 1                                          # frozen


def test_the_words_are_the_vocabularys_in_every_form(judged):
    report, _, outputs = judged
    typed = _periods(report)
    data = json.loads(outputs["json"])
    printed = _periods(data)
    rows = {r["period"]: r for r in csv.DictReader(io.StringIO(outputs["csv"]))}
    said = 0
    for period, (_, p) in typed.items():
        if "note" not in p:
            assert "note" not in printed[period][1] and rows[period]["note"] == ""
            continue
        words = hold_note_text(p["note"])
        assert printed[period][1]["note"] == words == rows[period]["note"]
        said += 1
    assert said == 3
    assert hold_note_text(typed["2026-01-01"][1]["note"]) in outputs["text"]    # a data error is flagged in text
    assert "average bet 1.00 is outside the table's limits (10.00 to 500.00)" in outputs["text"]
    assert json.loads(json.dumps(hold_said(report)["tables"][0]["wagers"][0]["periods"][0]["note"])) == \
        hold_note_text(typed["2026-01-01"][1]["note"])


def test_a_wagers_assumptions_are_typed_and_said_at_the_view(tmp_path):
    """Cover All at the Massachusetts table is priced on the paytable for its seats; the report
    carries that as a number, and the JSON says it in the vocabulary's words."""
    path = tmp_path / "r.csv"
    path.write_text(HEADER + "2026-01-01,LIR-5,cover-all,3000,3000,100,\n")
    results, _ = read_results(path)
    theory = load_theory(MA)
    report = judge([results], [theory], "99")
    w = report["tables"][0]["wagers"][0]
    seats = load_config(MA).settings.seats
    assert w["assumptions"] == WagerAssumptions(theory.wagers["cover-all"].paytable_id,
                                                tuple(theory.wagers["cover-all"].assumptions), seats)
    assert w["assumptions"].paytable == f"players-{seats}"
    data = json.loads(CliRunner().invoke(main, ["hold", str(path), "--config", str(MA), "--format", "json"]).output)
    words = data["tables"][0]["wagers"][0]["assumptions"]
    assert words == list(wager_assumptions(w["assumptions"].paytable, w["assumptions"].assumptions, seats))
    assert any(f"for {seats} players: every seat of the table playing" in a for a in words)


def test_a_wager_without_a_paytable_is_noted_not_priced(tmp_path):
    """A configuration that leaves the Five Card Bonus's paytable open: every period is noted
    not priced, and the wager's assumption says no paytable is chosen."""
    text = MD.read_text(encoding="utf-8").replace("  - wager: five-card-bonus\n    paytable: b\n",
                                                  "  - wager: five-card-bonus\n")
    config = tmp_path / "open.yaml"
    config.write_text(text)
    path = tmp_path / "r.csv"
    path.write_text(HEADER + "2026-01-01,LIR-2,five-card-bonus,100,500,20,\n")
    results, _ = read_results(path)
    theory = load_theory(config)
    assert theory.wagers["five-card-bonus"].paytable_id is None
    report = judge([results], [theory], "99")
    w = report["tables"][0]["wagers"][0]
    assert w["periods"][0]["status"] == "not_priced" and w["periods"][0]["note"] == HoldNote(HoldNoteKind.NOT_PRICED)
    assert w["assumptions"].paytable is None
    data = json.loads(CliRunner().invoke(main, ["hold", str(path), "--config", str(config), "--format", "json"]).output)
    printed = data["tables"][0]["wagers"][0]
    assert printed["assumptions"] == ["no paytable chosen"]
    assert printed["periods"][0]["note"] == hold_note_text(HoldNote(HoldNoteKind.NOT_PRICED))


def test_how_a_wager_is_priced_is_typed_and_said_at_the_view(judged):
    """The pricing of each wager's theory (the reset it falls back on, the stake it is priced at) is a
    typed value from the theory; the JSON states it in the vocabulary's words."""
    report, cfg, outputs = judged
    theory = load_theory(MD)
    data = {w["wager"]: w for t in json.loads(outputs["json"])["tables"] for w in t["wagers"]}
    for t in report["tables"]:
        for w in t["wagers"]:
            held, mine = w["priced_at"], theory.wagers[w["wager"]]
            assert held.meter_reset == mine.meter_reset and held.mean_per_round == mine.mean
            expected = (StakeBasis.FIXED if mine.stake_stated else StakeBasis.AVERAGE_BET) \
                if mine.stake_dependent or mine.stake_stated else StakeBasis.ANY
            assert held.stake is expected
            said = data[w["wager"]]["priced_at"]
            assert said == {"meter": held_meter_text(held), "stake": held_stake_text(held),
                            "mean_per_round": held.mean_per_round, "sd_per_round": held.sd_per_round,
                            "stake_priced": held.stake_priced}
            for p, printed in zip(w["periods"], data[w["wager"]]["periods"]):
                assert printed["stakes"]["said"] == STAKES_FROM_TEXT[p["stakes"]["from"]]
    # the base game pays odds: any stake; the six card bonus's money amounts: each period's average bet
    assert data["base"]["priced_at"]["stake"] == "per unit of the stake (odds: any stake)"
    six = next(w for t in report["tables"] for w in t["wagers"] if w["wager"] == "six-card-bonus")["priced_at"]
    assert six.stake is StakeBasis.AVERAGE_BET and six.stake_priced == theory.wagers["six-card-bonus"].stake
    assert data["six-card-bonus"]["priced_at"]["stake"].startswith("each period's average bet")


def test_the_conventions_and_the_alarm_method_are_said_by_the_view_from_the_judged_numbers(judged):
    """The judge returns numbers only; the conventions and what the alarm controls are stated by
    :func:`hold_said` (its method sentence made from the judged count and rate) and reach the JSON."""
    from lit_compliance.model.hold_vocabulary import HOLD_CONVENTION, alarm_method_text

    report, _, outputs = judged
    assert "convention" not in report and "method" not in report["alarm"]
    tests = sum(1 for t in report["tables"] for w in t["wagers"]
                for p in w["periods"] + ([w["cumulative"]] if w["cumulative"] else []) if "p_value" in p)
    assert report["alarm"]["tests"] == tests > 0
    said = hold_said(report)
    assert list(said)[:2] == ["band", "convention"] and said["convention"] == list(HOLD_CONVENTION)
    method = alarm_method_text(report["alarm"]["rate"], tests)
    assert said["alarm"]["method"] == method and f"over the {tests:,} judged result(s)" in method
    printed = json.loads(outputs["json"])
    assert printed["convention"] == list(HOLD_CONVENTION) and printed["alarm"]["method"] == method
