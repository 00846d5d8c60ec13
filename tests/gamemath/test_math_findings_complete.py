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


def _collected_before_the_deal(ruleset, model) -> set[str]:
    """The side wagers the round sequence collects before the deal; a collection step naming no
    wager collects every side wager (the reading of which it means is a finding's)."""
    steps = ruleset.data.get("round_sequence") or []
    out: set[str] = set()
    for step in steps:
        if step.get("step") == "deal":
            break
        if step.get("step") == "collect_side_wagers":
            out |= {step["wager"]} if step.get("wager") else {w.id for w in model.wagers if not w.is_base}
    return out


def test_every_to_one_or_amount_on_a_wager_collected_before_the_deal_has_its_other_reading_priced(catalogue):
    """A "to 1" (or money amount on a fixed stake) on a wager whose stake is already collected leaves open whether
    the stake comes back: each such paytable is priced under a reading that does and one that does not."""
    from lit_compliance.gamemath import paytable_result

    checked = 0
    for ruleset in catalogue.all_versions():
        model = model_of(ruleset)
        for wager_id in _collected_before_the_deal(ruleset, model):
            wager = model.wager(wager_id)
            for table in wager.paytables:
                kinds = {ln.payout.kind.value for ln in table.lines if ln.payout.offered}
                # "to 1" odds; or money amounts on a stake the rules fix (on an unstated stake the
                # amount's relation to the stake is a finding of its own, priced by stake instead)
                if not ("to_one" in kinds or ("fixed_amount" in kinds and wager.stake_for(table))):
                    continue
                record = paytable_result(model, wager_id, table.id)
                if record.return_to_player is None:    # incomplete: the other reading is still stated
                    assert record.alternatives, (ruleset.ref, wager_id, table.id)
                    checked += 1
                    continue
                others = [a.return_to_player for a in record.alternatives
                          if a.return_to_player is not None and record.return_to_player is not None
                          and abs(a.return_to_player - record.return_to_player) > 1e-9]
                assert others, (ruleset.ref, wager_id, table.id)
                checked += 1
    assert checked >= 11   # Tribal five-card bonus; South Dakota five-card bonus A-D and three-card bonus A-F
    tribal = paytable_result(model_of(catalogue.latest("tribal")), "five-card-bonus", "bonus-payout")
    got = sorted(round(float(x) * 100, 4) for x in [tribal.house_edge] + [a.house_edge for a in tribal.alternatives])
    assert got == [21.1997, 24.0712]
