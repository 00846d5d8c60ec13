"""Rebuild the shipped distribution of the highest hand at a Cover All table.

1 to 3 players: exact, by counting disjoint holdings for every community pair
(:mod:`lit_compliance.gamemath.coverall_exact`; about a minute of one core).

4 players, three of a kind and better (every category a Cover All paytable pays): exact, by counting
the deals in which all four seats reach each such category (disjoint 4-tuples of holdings; several
minutes of one core). With it, the highest hand's chance of each of those categories is exact.

4 to 7 players: one seeded simulation of seven-seat deals (the first k seats of a seven-seat deal
are a valid k-seat deal) with control variates. The highest hand among k seats is, by inclusion and
exclusion, a linear function of the highest hands of the seats' subsets; those of one, two and three
seats have exact distributions, so for every threshold category c the number of seat subsets of size
1, 2 and 3 whose highest hand is at least c is a control of known mean. The script keeps, for each
k, the sums and cross-products of the highest hand's category indicators and these 30 controls, so
the engine prices any Cover All paytable with its regression estimate and interval
(:func:`lit_compliance.gamemath.coverall.cv_distribution`). For 4 players what the controls leave
is exactly the deals where all four seats reach a category; from three of a kind up they are counted
above, so there the engine takes the exact figures and the simulation serves only the categories below
(where such deals are common, so its interval is sound).

Before writing, the script prices every Cover All paytable of the catalogue from the new data and
refuses (exit status 1, the file untouched) if a simulated 95% interval is wider than +-0.02 points.

Run:  python tools/build_coverall_distribution.py [ROUNDS] [SEED]   (the shipped file: 2,000,000 20261125)
Writes lit_compliance/gamemath/data/coverall_highest.json, for the standard hand rankings the Cover
All rulesets use, and beside it coverall_regression.json: the regression solved exactly for 4 to 7
players, so a run prices Cover All without solving it (``--regression`` writes that file alone, from
the shipped distribution; the engine ignores it unless it was solved for the file beside it). A test recomputes the exact two-player counts; the whole rebuild is checked by
``pytest -m slow tests/gamemath/test_coverall_distribution.py``.
"""
from __future__ import annotations

import hashlib
import json
import sys
import time
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np

from lit_compliance.gamemath.coverall import cv_distribution, parse_distribution
from lit_compliance.gamemath.coverall_exact import exact_four_seat_tail, exact_highest
from lit_compliance.gamemath.tables import Atom
from lit_compliance.poker.hands import CATEGORIES_5, IMPLIED, STANDARD
from lit_compliance.poker.vectorised import colex_index, table5

OUT = Path(__file__).resolve().parent.parent / "lit_compliance" / "gamemath" / "data" / "coverall_highest.json"
REGRESSION = OUT.with_name("coverall_regression.json")
N5 = len(CATEGORIES_5)
SEATS = 7
SIMULATED = range(4, SEATS + 1)
ROUNDS, SEED = 2_000_000, 20261125
TAIL_FROM = CATEGORIES_5.index("three_of_a_kind")   # the least category any Cover All paytable pays
LIMIT = 0.0002                                         # +-0.02 points of return at 95%


def deal_categories(rng, size: int, lookup, seats: int = SEATS) -> np.ndarray:
    """(size, seats): each seat's five-card category in ``size`` random deals."""
    need = 2 + 3 * seats
    keys = rng.random((size, 52))
    chosen = np.argpartition(keys, need - 1, axis=1)[:, :need]
    order = np.argsort(np.take_along_axis(keys, chosen, axis=1), axis=1)
    deals = np.take_along_axis(chosen, order, axis=1).astype(np.uint8)
    community = deals[:, :2]
    cats = np.empty((size, seats), dtype=np.int64)
    for p in range(seats):
        hand = np.sort(np.hstack([deals[:, 2 + 3 * p: 5 + 3 * p], community]), axis=1)
        cats[:, p] = lookup[colex_index(hand)]
    return cats


def features(cats: np.ndarray, k: int) -> np.ndarray:
    """(rounds, 11 + 30): the highest category among the first k seats as indicators, then for
    subset sizes 1, 2, 3 and thresholds c = 1..10 how many subsets of those seats reach c."""
    size = len(cats)
    eye = np.eye(N5, dtype=np.float64)
    out = [eye[cats[:, :k].max(axis=1)]]
    for s in (1, 2, 3):
        tally = np.zeros((size, N5))
        for subset in combinations(range(k), s):
            tally += eye[cats[:, list(subset)].max(axis=1)]
        at_least = np.cumsum(tally[:, ::-1], axis=1)[:, ::-1]
        out.append(at_least[:, 1:])
    return np.hstack(out)


def simulate(rounds: int, seed: int, rules=STANDARD) -> dict:
    """For k = 4..7: {"sum": feature sums, "cross": cross-product sums} (whole numbers)."""
    lookup = table5(rules)
    rng = np.random.default_rng(seed)
    width = N5 + 30
    sums = {k: np.zeros(width, dtype=np.int64) for k in SIMULATED}
    cross = {k: np.zeros((width, width), dtype=np.int64) for k in SIMULATED}
    chunk = 100_000
    for start in range(0, rounds, chunk):
        size = min(chunk, rounds - start)
        cats = deal_categories(rng, size, lookup)
        for k in SIMULATED:
            z = features(cats, k)
            sums[k] += np.rint(z.sum(axis=0)).astype(np.int64)      # whole numbers below 2**53 per chunk
            cross[k] += np.rint(z.T @ z).astype(np.int64)
    return {k: {"sum": sums[k].tolist(), "cross": cross[k].tolist()} for k in SIMULATED}


def too_wide(data: dict) -> list[str]:
    """Every Cover All paytable of the catalogue whose simulated 95% interval, priced from ``data``,
    is wider than +-LIMIT (with the interval), and every player count 4..7 no paytable checks."""
    from lit_compliance.gamemath.coverall import HighestHand, from_shipped, parse_distribution
    from lit_compliance.load.catalogue import Catalogue
    from lit_compliance.model import model_of

    shipped = parse_distribution(json.loads(json.dumps(data)))
    problems, seen = [], set()
    catalogue = Catalogue.bundled()
    for jurisdiction in catalogue.jurisdictions:
        model = model_of(catalogue.latest(jurisdiction))
        if repr(model.hand_rules) != repr(STANDARD):
            continue
        for wager in model.wagers:
            for table in wager.paytables:
                if table.hand_basis != "table_highest" or not table.players or table.players not in shipped["simulated"]:
                    continue
                seen.add(table.players)
                dist: HighestHand = from_shipped(table.players, shipped)
                values, paid = [0.0] * N5, [False] * N5
                for code, name in enumerate(CATEGORIES_5):
                    line = table.line_for(Atom(frozenset({name} | IMPLIED.get(name, set())), None, 1))
                    paid[code] = line is not None and line.payout.offered
                    if paid[code] and not line.payout.missing:
                        values[code] = float(line.payout.per_unit(Fraction(1)))
                exact = dist.exact_pairs(values, paid) is not None
                half = 0.0 if exact else dist.half_width(values)
                print(f"{jurisdiction} {wager.id} {table.id}: "
                      + ("exact" if exact else f"+-{half * 100:.4f} points at 95%"))
                if half > LIMIT:
                    problems.append(f"{jurisdiction} {wager.id} {table.id}: +-{half * 100:.4f} points")
    problems += [f"no paytable checks {k} players" for k in SIMULATED if k not in seen]
    return problems


def assemble(exact: dict, tail: dict, simulated: dict, rounds: int, seed: int) -> dict:
    """The shipped file's contents from its three parts."""
    return {
        "what": "highest five-card category among k Cover All players: exact for k = 1..3 (counts of deals: "
                "the community pair and each player's three cards in seat order), and for k = 4 from three of a kind "
                "up (exact_tail); for k = 4..7 sums and "
                "cross-products of the highest category's indicators and 30 controls over seeded seven-seat deals",
        "rules": repr(STANDARD), "categories": list(CATEGORIES_5),
        "exact": {str(k): v for k, v in exact.items()},
        "exact_tail": {"4": tail},
        "tail": "exact_tail: for 4 players and c from \"from\" (three of a kind) to 10: deals whose highest "
                "category is at least c (\"at_least\") and deals in which every seat's category is at least c "
                "(\"all_seats\"), of \"total\" deals",
        "controls": "for s = 1, 2, 3 and c = 1..10: how many s-seat subsets of the first k seats have highest "
                    "category at least c",
        "rounds": rounds, "seed": seed,
        "generator": "numpy.random.default_rng; tools/build_coverall_distribution.py",
        "simulated": {str(k): v for k, v in simulated.items()}}


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else SEED
    start = time.perf_counter()
    exact = exact_highest(STANDARD)
    print(f"exact 1-3 players in {time.perf_counter() - start:.1f} s", flush=True)
    start = time.perf_counter()
    tail = exact_four_seat_tail(STANDARD, TAIL_FROM)
    print(f"exact 4 players, {CATEGORIES_5[TAIL_FROM]} and better, in {time.perf_counter() - start:.1f} s", flush=True)
    start = time.perf_counter()
    simulated = simulate(rounds, seed)
    took = time.perf_counter() - start
    data = assemble(exact, tail, simulated, rounds, seed)
    print(f"{rounds:,} rounds in {took:.1f} s", flush=True)
    problems = too_wide(data)
    if problems:
        print("not written: a simulated interval is wider than +-0.02 points at 95%:\n  " + "\n  ".join(problems),
              file=sys.stderr)
        sys.exit(1)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"-> {OUT}")
    write_regression()


def regression(text: str) -> dict:
    """The regression the engine solves on the shipped data (``text``, the shipped file's bytes as
    text), solved exactly for each simulated player count, as the engine reads it back
    (:func:`lit_compliance.gamemath.coverall.shipped_regression`): fractions as "n/d" text."""
    data = json.loads(text)
    shipped = parse_distribution(data)
    players = {}
    for k in sorted(shipped["simulated"]):
        sums, cross = shipped["simulated"][k]
        estimate, residual = cv_distribution(k, shipped["rounds"], sums, cross, shipped["exact"])
        players[str(k)] = {"estimate": [str(x) for x in estimate], "residual": [[str(x) for x in row] for row in residual]}
    return {"what": "for k = 4..7 players: the control-variate regression of coverall_highest.json solved exactly "
                    "(the least-norm solution of the controls' singular covariance): the estimate of each category's "
                    "chance and the residual covariance per round, as fractions",
            "rules": data["rules"], "distribution_sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
            "players": players}


def write_regression() -> None:
    """Solve the regression of the shipped distribution and write it beside it."""
    REGRESSION.write_text(json.dumps(regression(OUT.read_text()), separators=(",", ":")) + "\n")
    print(f"-> {REGRESSION}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--regression"]:
        write_regression()
    else:
        main()
