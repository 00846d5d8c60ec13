"""One player's round at a configured table, jointly: the exact distribution of the player's total.

Every wager a configuration offers is settled on one player's deal except Cover All (the highest
hand at the table): the base game, the Five Card Bonus and a five-card progressive on the same five
cards, the Three Card Bonus on three of them, the Six Card Bonus on those three and three more. So
their results are correlated, and the SD of the player's round is the joint distribution's
(:mod:`lit_compliance.gamemath.joint`), not the root of the summed variances. Each wager is priced
at the table's own settings (the stake and meter of the theory's record) and staked at its
configured minimum, as :mod:`.figures` states each wager's round. A wager not settled on the
player's deal (Cover All) is added as independent of the rest (``apart``), and the figure says so
(:func:`lit_compliance.model.table_vocabulary.round_basis_text`, from ``joint`` and ``apart``).
"""
from __future__ import annotations

from math import sqrt

from .. import cache
from ..model import exact
from .theory import TableTheory, sheet
from ..records import record


@record
class PlayerRound:
    """The house's win on one player's round, every offered wager at its configured minimum."""

    mean: float
    standard_deviation: float           # every covariance counted (exact where ``joint`` names every wager)
    standard_deviation_independent: float
    joint: tuple[str, ...]              # wagers counted jointly, from the one deal
    apart: tuple[str, ...]              # wagers added as independent of them (not settled on the deal)
    values: tuple[float, ...]           # the house's win on the round, each possible amount
    probabilities: tuple[float, ...]    # (wagers apart convolved in as independent)


def _settle(theory: TableTheory, wager_id: str, amount: float):
    from ..gamemath.joint import settled  # lazy: numpy, only when the round is not in the cache

    wager, table, _ = theory.choices[wager_id]
    st = sheet(theory, wager_id).priced.held_at
    stake = exact(float(st.stake)) if st.stake else None
    meter = exact(float(st.meter)) if st.meter is not None else None
    return settled(wager, table, theory.model.hand_rules, stake, meter, exact(amount))


def _priced(theory: TableTheory, amounts: dict) -> list:
    """What a player's round is priced from, for its cache keys: the table as priced (labels aside),
    the ruleset, and each wager's paytable and amount."""
    return [theory.priced_as or theory.digest, theory.ruleset,
            sorted((wid, theory.wagers[wid].paytable_id, float(a)) for wid, a in amounts.items())]


def player_round(theory: TableTheory, amounts: dict) -> PlayerRound:
    """The player's round over the wagers in ``amounts`` (wager id -> the amount staked on each bet),
    every one of which the theory prices; kept in the cache by the table's content (but its labels:
    ``TableTheory.priced_as``) and the wagers' paytables and amounts, so a warm ``check`` reads it without the game math."""
    return cache.memo(PLAYER_ROUND, {"priced": _priced(theory, amounts)}, lambda: _player_round(theory, amounts))


def _round_to_json(got: PlayerRound) -> dict:
    return {**got.__dict__, "joint": list(got.joint), "apart": list(got.apart),
            "values": list(got.values), "probabilities": list(got.probabilities)}


def _round_from_json(stored) -> PlayerRound:
    if not isinstance(stored, dict):
        raise TypeError("a player's round is a JSON object")
    return PlayerRound(**{k: tuple(v) if isinstance(v, list) else v for k, v in stored.items()})


PLAYER_ROUND = cache.kind("player-round", _round_to_json, _round_from_json,
                          "the house's win on one player's round (:func:`player_round`)")


def player_bands(theory: TableTheory, amounts: dict, rounds: tuple[int, ...], level: str = "95") -> list[list[float]]:
    """The central ``level`` % band of the house's win on one player's ``n`` rounds, for each n in
    ``rounds``: quantiles of the exact distribution of the total (the player's round as
    :func:`player_round` gives it, convolved n times by :mod:`lit_compliance.gamemath.period`), kept in
    the cache beside it. Each ``[low, high]``, and a third item where the total was put on a lattice
    coarser than its own: that lattice's step (:func:`~lit_compliance.gamemath.period.total_bands_and_lattices`)."""
    def compute() -> list[list[float]]:
        import numpy as np  # lazy: only when the bands are not in the cache

        from ..gamemath.period import total_bands_and_lattices  # lazy: numpy, as above

        got = player_round(theory, amounts)
        edges = total_bands_and_lattices(np.array(got.values), np.array(got.probabilities), rounds, level)
        return [[float(lo), float(hi)] + ([step] if step is not None else []) for lo, hi, step in edges]
    inputs = {"priced": _priced(theory, amounts), "rounds": list(rounds), "level": level}
    return cache.memo(PLAYER_BANDS, inputs, compute, valid=lambda got: len(got) == len(rounds))


def _bands_from_json(stored) -> list[list[float]]:
    if not (isinstance(stored, list) and all(isinstance(b, list) and len(b) in (2, 3) for b in stored)):
        raise ValueError("not a list of bands")
    return stored


PLAYER_BANDS = cache.kind("player-bands", cache.same, _bands_from_json,
                          "the bands of the house's win on one player's rounds (:func:`player_bands`)")


def _player_round(theory: TableTheory, amounts: dict) -> PlayerRound:
    from ..gamemath.joint import NotSettledOnTheHand, joint_moments, player_distribution  # lazy: numpy, on a miss
    from ..gamemath.joint_counts import JointUnavailable  # lazy: as above

    together, apart = [], []
    for wid, amount in amounts.items():
        try:
            together.append(_settle(theory, wid, amount))
        except NotSettledOnTheHand:
            apart.append(wid)
    try:
        moments = joint_moments(together, theory.model.hand_rules) if together else None
    except JointUnavailable:
        moments, apart, together = None, list(amounts), []
    if moments is not None:
        dist = [(-float(x), float(p)) for x, p in player_distribution(together, theory.model.hand_rules)]
        mean, variance = -float(moments.total_mean), float(moments.total_variance)
        independent = moments.independent_sd ** 2
    else:
        dist, mean, variance, independent = [(0.0, 1.0)], 0.0, 0.0, 0.0
    for wid in apart:
        w = theory.wagers[wid]
        amount = amounts[wid]
        mean += w.mean * amount
        variance += (w.sd * amount) ** 2
        independent += (w.sd * amount) ** 2
        dist = _convolve(dist, _one_round(theory, wid, amount))
    values = tuple(v for v, _ in dist)
    return PlayerRound(mean, sqrt(max(variance, 0.0)), sqrt(independent), tuple(m.wager_id for m in together),
                       tuple(apart), values, tuple(p for _, p in dist))


def _one_round(theory: TableTheory, wager_id: str, amount: float) -> list[tuple[float, float]]:
    """A wager's house win per round in money, from its PAR sheet's rows (:func:`gamemath.period.one_round`)."""
    from ..gamemath.period import one_round  # lazy: numpy

    got = one_round(sheet(theory, wager_id).body)
    if got is None:
        return [(0.0, 1.0)]
    values, probs = got
    return [(float(v) * amount, float(p)) for v, p in zip(values, probs)]


def _convolve(a: list, b: list) -> list[tuple[float, float]]:
    out: dict = {}
    for x, p in a:
        for y, q in b:
            key = round(x + y, 6)
            out[key] = out.get(key, 0.0) + p * q
    return sorted(out.items())
