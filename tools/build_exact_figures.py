"""Record every exact figure the catalogue produces, as a regression guard for the engine.

Run:  python tools/build_exact_figures.py [--check]
Writes tests/data/exact_figures.json (sorted keys, deterministic): for every ruleset version of the
bundled catalogue and every paytable of every wager, under the default readings and under each
alternative reading that concerns the paytable, the exact fractions the game math returns (the
base game's edge, bets in action, hit frequency, strategy shares, outcome probabilities and bet
expectations and the strategy itself; a side wager's return parts, hit frequency and line
probabilities; Cover All's exact return), with the figures the simulation gives where it is used;
plus, for every set of ranking rules in use, the enumeration tables themselves (category counts,
atoms, and a SHA-256 of each base-game table's bytes). ``tests/gamemath/test_exact_figures_unchanged.py``
recomputes it all from an empty cache and compares. ``--check`` compares without writing.

Rebuild it only when a change of figures is intended, and say why in the commit.
"""
from __future__ import annotations

import hashlib
import json
import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OUT = ROOT / "tests" / "data" / "exact_figures.json"


def _q(x) -> str | None:
    if x is None:
        return None
    x = Fraction(x)
    return f"{x.numerator}/{x.denominator}"


def _sha(array) -> str:
    import numpy as np

    a = np.ascontiguousarray(array)
    return f"{a.dtype.str}{list(a.shape)}:" + hashlib.sha256(a.tobytes()).hexdigest()


def _atoms(atoms) -> list:
    return [[sorted(a.tags), a.suit, a.count] for a in atoms]


def table_figures(rules) -> dict:
    """The paytable-independent enumeration tables for one set of ranking rules."""
    from lit_compliance import cache
    from lit_compliance.gamemath import tables
    from lit_compliance.poker import vectorised

    base = tables.full_base_tables(rules)
    out = {
        "five_card_counts": [int(c) for c in tables.five_card_counts(rules)],
        "five_card_atoms": _atoms(tables.five_card_atoms(rules)),
        "three_card_atoms": _atoms(tables.three_card_atoms(rules)),
        "six_card_atoms": _atoms(tables.six_card_atoms(rules)),
        "base_tables_sha256": {name: _sha(getattr(base, name)) for name in ("counts4", "counts3", "sub3_of4")},
    }
    if not rules.wraparound_5:
        out["table5_sha256"] = _sha(vectorised.table5(rules))
        # the counts six_card_atoms was built from (just computed into the cache), else anew
        counts = cache.peek(tables.SIX_COUNT_LIST, {"rules": rules})
        if counts is None:
            counts, _ = vectorised.best_of_six_counts(rules)
        super_royals = sum(a.count for a in tables.six_card_atoms(rules) if "super_royal" in a.tags)
        out["best_of_six_counts"] = [int(c) for c in counts] + [super_royals]
    return out


def paytable_figures(wager, table, rules, memo: dict | None = None) -> dict:
    """Every exact figure the math gives for one paytable (and what the analysis reports).

    ``memo`` keeps the figures of content already seen (the same paytable under a reading that
    does not change it, or in two rulesets), keyed as the math cache keys them.
    """
    from lit_compliance.gamemath import _cache_key

    if memo is None:
        return _paytable_figures(wager, table, rules)
    key = json.dumps(_cache_key(wager, table, rules))
    if key not in memo:
        memo[key] = _paytable_figures(wager, table, rules)
    return json.loads(json.dumps(memo[key]))


def _paytable_figures(wager, table, rules) -> dict:
    from lit_compliance.gamemath import price_paytable
    from lit_compliance.gamemath.base import analyse_base, multipliers
    from lit_compliance.gamemath.coverall import price_cover_all
    from lit_compliance.gamemath.side import atoms_for, envy_per_other_player, price_over_atoms

    from lit_compliance.model.vocabulary import holding_group_text, holding_text
    from lit_compliance.report.priced_json import priced_json

    result = price_paytable(wager, table, rules)
    out: dict = {"status": result.status.value, "reported_exact": priced_json(result)["exact"]}
    if table is None:
        return out
    if wager.is_base:
        m, missing = multipliers(table)
        out["multipliers"] = [int(x) for x in m]
        out["missing"] = missing
        if not missing:
            r = analyse_base(m, rules)
            for name in ("house_edge", "average_bets", "element_of_risk", "hit_frequency", "ride1_share",
                         "ride2_share", "average_bets_ridden", "element_of_risk_ridden"):
                out[name] = _q(getattr(r, name))
            out["bet_expectations"] = [_q(x) for x in r.bet_expectations]
            out["outcomes"] = {f"{c}/{b}": _q(p) for (c, b), p in sorted(r.outcomes.items())}
            out["strategy_bet1"] = [holding_text(h) for h in r.ride3]
            out["strategy_bet2"] = {holding_group_text(group): {**g, "holdings": [holding_text(h) for h in g["holdings"]]}
                                    for group, g in r.ride4.items()}
    elif table.hand_basis == "table_highest":
        got = price_cover_all(table, table.players or 1, rules)
        out["cover_all"] = {"exact_rtp": _q(got["exact_rtp"]), "rtp_float": repr(got["rtp"]),
                            "hit_float": repr(got["hit"]), "rounds": got["rounds"],
                            "interval_float": None if got["interval"] is None else [repr(x) for x in got["interval"]],
                            "missing": got["missing"]}
    else:
        s = price_over_atoms(table, atoms_for(table.hand_basis, rules))
        out["side"] = {"constant": _q(s.constant), "fixed_total": _q(s.fixed_total),
                       "meter_share": _q(s.meter_share), "hit_frequency": _q(s.hit_frequency),
                       "missing": s.missing, "lines": [[i, _q(p)] for i, p in s.lines]}
        if table.envy_lines:
            out["side"]["envy_per_other_player"] = {
                str(k): _q(v) for k, v in envy_per_other_player(table, rules).items()}
    return out


def build() -> dict:
    from lit_compliance.gamemath import jobs, under_alternatives
    from lit_compliance.gamemath.findings import math_findings
    from lit_compliance.gamemath import analyse
    from lit_compliance.load.catalogue import Catalogue
    from lit_compliance.model import model_of

    catalogue = Catalogue.bundled()
    rulesets: dict = {}
    all_rules: dict = {}
    memo: dict = {}
    for jurisdiction in catalogue.jurisdictions:
        for ruleset in catalogue.versions(jurisdiction):
            model = model_of(ruleset)
            entry: dict = {}
            for wager, table in jobs(model):
                label = f"{wager.id}/{table.id if table else '-'}"
                all_rules[repr(model.hand_rules)] = model.hand_rules
                figures = {"default": paytable_figures(wager, table, model.hand_rules, memo)}
                for reading, other, o_wager, o_table in under_alternatives(model, wager, table):
                    all_rules[repr(other.hand_rules)] = other.hand_rules
                    figures[f"under {reading.finding}/{reading.id}"] = paytable_figures(o_wager, o_table, other.hand_rules, memo)
                entry[label] = figures
            entry["math_findings"] = [[f["id"], f["says"]] for f in math_findings(model, analyse(model))]
            rulesets[ruleset.ref] = entry
    return {"what": "every exact figure of the bundled catalogue; rebuilt by tools/build_exact_figures.py",
            "rulesets": rulesets,
            "tables": {key: table_figures(rules) for key, rules in sorted(all_rules.items())},
            "tables_of_other_rules": {repr(rules): variant_figures(rules) for rules in other_rules()}}


def other_rules() -> tuple:
    """Ranking options no bundled ruleset uses today, but a ruleset may."""
    from lit_compliance.poker.hands import HandRules

    return (HandRules(ace_low_straight_5=False), HandRules(ace_low_straight_3=False),
            HandRules(ace_king_two_3=True), HandRules(ace_low_straight_3=False, ace_king_two_3=True))


def variant_figures(rules) -> dict:
    """The cheaper tables for ranking options the catalogue does not use (yet)."""
    from lit_compliance.gamemath import tables
    from lit_compliance.poker import vectorised

    return {"five_card_counts": [int(c) for c in tables.five_card_counts(rules)],
            "three_card_atoms": _atoms(tables.three_card_atoms(rules)),
            "table5_sha256": _sha(vectorised.table5(rules))}


def dumps(figures: dict) -> str:
    return json.dumps(figures, sort_keys=True, indent=1) + "\n"


def main() -> None:
    text = dumps(build())
    if "--check" in sys.argv[1:]:
        same = OUT.exists() and OUT.read_text() == text
        print("unchanged" if same else f"DIFFERENT from {OUT}")
        sys.exit(0 if same else 1)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text)
    print(f"{len(text):,} bytes -> {OUT}")


if __name__ == "__main__":
    main()
