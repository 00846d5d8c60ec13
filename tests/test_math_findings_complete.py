"""Math findings cover every meter-paying paytable and every paytable the source lost."""
from __future__ import annotations

from fractions import Fraction

from lit_compliance.gamemath import analyse
from lit_compliance.gamemath.findings import math_findings
from lit_compliance.model import model_of


def _findings(ruleset):
    return {f["id"]: f for f in math_findings(ruleset, analyse(ruleset))}


def test_straight_flush_below_four_of_a_kind_is_flagged_on_every_meter_paying_paytable(catalogue):
    checked = 0
    for ruleset in catalogue.all_versions():
        model = model_of(ruleset)
        found = None
        for wager in model.wagers:
            for table in wager.paytables:
                lines = {ln.hand: ln for ln in table.lines if ln.payout.offered and not ln.payout.missing}
                sf, quads = lines.get("straight_flush"), lines.get("four_of_a_kind")
                if sf is None or quads is None or not sf.payout.is_meter or quads.payout.is_meter:
                    continue
                found = found or _findings(ruleset)
                stake = table.line_stake(quads, wager.stake) or Fraction(1)
                least = wager.meter.reset_minimum if wager.meter else None
                slug = f"math-{wager.id}-{table.id}-four_of_a_kind-over-straight_flush"
                if least is not None:      # a least meter: flagged where the order is wrong at it
                    wrong = sf.payout.per_unit(stake, least) < quads.payout.per_unit(stake, least)
                    assert (slug in found) == wrong, (ruleset.ref, table.id)
                else:                      # no least meter: the meter where the order turns is stated
                    f = found[slug + "-by-meter"]
                    turn = Fraction(str(f["meter"]))
                    assert sf.payout.per_unit(stake, turn) == quads.payout.per_unit(stake, turn)
                    assert f"below a meter of ${float(turn):,.2f}" in f["says"]
                checked += 1
    assert checked >= 5   # Maryland A, Massachusetts table 1, South Dakota LIRP-1, PMG-01, PMG-02


def test_a_paytable_the_source_lost_is_a_math_finding(catalogue):
    for ruleset in catalogue.all_versions():
        model = model_of(ruleset)
        ids = _findings(ruleset)
        for wager in model.wagers:
            lost = not wager.paytables and not wager.is_base
            assert (f"math-{wager.id}-no-paytable" in ids) == lost, (ruleset.ref, wager.id)
    massachusetts = _findings(catalogue.latest("massachusetts"))
    assert "math-three-card-bonus-no-paytable" in massachusetts
