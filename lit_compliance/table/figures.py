"""The whole table as configured: every offered wager, one player's round and an hour of play.

Read from the table's one theory (:func:`lit_compliance.table.theory.theory_of`), the
record ``par CONFIG``, ``hold`` and ``simulate`` read: every wager on its configured paytable (the
house paytable where the configuration gives one; Cover All on the matrix for the table's seats),
at the table's settings (a progressive at its configured reset, money amounts at the wager's
configured minimum, envy with the other seats playing). No wager is left out of the sum unless the
rules leave its paytable without figures, and then the figure says so.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import sqrt

from ..load.catalogue import Ruleset
from .theory import TableTheory, WagerTheory, theory_of
from .player_round import player_bands, player_round
from .config import TableConfig

ASSUMPTION = ("every player plays every offered wager every round, each at its configured minimum "
              "(the base game: the table minimum on each base bet)")


@dataclass(frozen=True)
class WagerRound:
    """One offered wager in one player's round, in money at its configured minimum."""

    wager: str
    paytable: str | None
    stake: float                # each base bet, or the side wager
    bets: int                   # equal bets placed (3 for the base game)
    expected_win: float         # the house's, a round
    standard_deviation: float   # of the house's win, a round
    status: str
    basis: str                  # how it was priced, in words

    @property
    def placed(self) -> float:
        return self.stake * self.bets

    def as_dict(self) -> dict:
        return {"wager": self.wager, "paytable": self.paytable, "stake": self.stake, "placed": self.placed,
                "bets": self.bets, "expected_win": self.expected_win, "standard_deviation": self.standard_deviation,
                "status": self.status, "basis": self.basis}


def _usd(x: float, digits: int = 2) -> str:
    return f"-${-x:,.{digits}f}" if x < 0 else f"${x:,.{digits}f}"


def _basis(w: WagerTheory, seats: int | None) -> str:
    """How a wager's round figures were priced, in words."""
    parts = ["simulated, with its interval in the PAR sheet;" if w.status == "simulated" else "exact"]
    if w.meter is not None:
        parts.append(f"at a meter of {_usd(w.meter)}, the configured reset")
    if w.stake_dependent:
        parts.append(f"at a {_usd(w.minimum or w.stake)} wager, the configured minimum bet")
    if w.kind == "cover_all" and seats:
        parts.append(f"on the matrix for {seats} players (every seat playing)")
    return " ".join(parts[:1]) + (" " + ", ".join(parts[1:]) if parts[1:] else "")


def wager_rounds(theory: TableTheory) -> tuple[list[WagerRound], list[dict]]:
    """Each offered wager's round at its configured minimum, and those the rules leave unpriced."""
    rows, left_out = [], []
    for w in theory.wagers.values():
        if w.mean is None or w.sd is None:
            why = "; ".join(w.assumptions) or "the rules leave this paytable without figures"
            left_out.append({"wager": w.wager_id, "why": f"no figure to add: {why}"})
            continue
        amount = w.minimum if w.minimum is not None else w.stake
        paytable = "the house paytable" if w.paytable_id == "custom" else w.paytable_id
        rows.append(WagerRound(wager=w.wager_id, paytable=paytable, stake=float(amount), bets=w.units_per_round,
                               expected_win=w.mean * amount, standard_deviation=w.sd * amount, status=w.status,
                               basis=_basis(w, theory.seats)))
    return rows, left_out


def table_figures(ruleset: Ruleset, config: TableConfig, hands_per_hour: int = 60) -> dict:
    """The whole table as configured, per player per round and per hour, assuming every player plays
    every offered wager every round (:data:`ASSUMPTION`).

    The expected win is the sum of the wagers'. The wagers are settled on the same cards, so their
    results are correlated: the standard deviation of one player's round is that of the exact joint
    distribution (:func:`.player_round.player_round`), with, beside it, what it would be were the
    wagers independent and at most (perfectly correlated). The bands are the central 95% of the exact
    distribution of the house's win on one player's rounds over each number of hours (that round's
    distribution convolved; :func:`.player_round.player_bands`), not a normal curve."""
    theory = theory_of(config, ruleset, offered_only=True, every_seat=True)
    rows, left_out = wager_rounds(theory)
    win = sum(r.expected_win for r in rows)
    placed = sum(r.placed for r in rows)
    sd_max = sum(r.standard_deviation for r in rows)
    sd_independent = sqrt(sum(r.standard_deviation ** 2 for r in rows))
    amounts = {r.wager: r.stake for r in rows}
    player = player_round(theory, amounts) if rows else None
    seats = config.settings.seats
    per_hour = win * hands_per_hour
    hours_list = (1, 8, 40, 1000)
    rounds = tuple(hands_per_hour * h for h in hours_list)
    edges = player_bands(theory, amounts, rounds) if rows else [[0.0, 0.0]] * len(rounds)
    bands = [{"hours": hours, "rounds": n, "win": per_hour * hours, "band_95": edge}
             for hours, n, edge in zip(hours_list, rounds, edges)]
    return {"wagers": [r.as_dict() for r in rows], "left_out": left_out, "hands_per_hour": hands_per_hour,
            "seats": seats, "placed_per_round": placed, "expected_win_per_round": win,
            "hold": win / placed if placed else None,
            "win_per_hour": per_hour, "win_per_hour_table": per_hour * seats if seats else None,
            "standard_deviation": player.standard_deviation if player else 0.0,
            "standard_deviation_basis": player.basis if player else "",
            "standard_deviation_at_most": sd_max, "standard_deviation_independent": sd_independent,
            "bands_per_player": bands, "assumption": ASSUMPTION}


def table_lines(fig: dict) -> list[str]:
    """:func:`table_figures` in sentences, with the basis of every figure."""
    out = [f"Assumption: {fig['assumption']}."]
    for r in fig["wagers"]:
        placed = (f"{_usd(r['placed'])} placed ({r['bets']} x {_usd(r['stake'])})" if r["bets"] > 1
                  else f"{_usd(r['placed'])} placed")
        out.append(f"{r['wager']}{' (paytable ' + r['paytable'] + ')' if r['paytable'] else ''}: {placed}; "
                   f"expected win {_usd(r['expected_win'], 4)} a round; SD {_usd(r['standard_deviation'])} ({r['basis']})")
    for r in fig["left_out"]:
        out.append(f"{r['wager']}: not in the sums below: {r['why']}")
    hold = f"; hold {fig['hold']:.4%} of the amount placed" if fig["hold"] is not None else ""
    out.append(f"One player, every wager: {_usd(fig['placed_per_round'])} placed a round; expected win "
               f"{_usd(fig['expected_win_per_round'], 4)} a round{hold}.")
    seats = fig["seats"]
    out.append(f"Theoretical win: {_usd(fig['expected_win_per_round'], 4)} x {fig['hands_per_hour']} rounds an hour = "
               f"{_usd(fig['win_per_hour'])} an hour per player"
               + (f"; {_usd(fig['win_per_hour_table'])} an hour with all {seats} seats playing" if seats else "") + ".")
    out.append(f"Standard deviation of one player's round: {_usd(fig['standard_deviation'])} "
               f"({fig['standard_deviation_basis']}); {_usd(fig['standard_deviation_independent'])} were the wagers "
               f"independent (they are not: they are settled on the same cards), at most "
               f"{_usd(fig['standard_deviation_at_most'])} were they perfectly correlated.")
    bands = "; ".join(f"{b['hours']:,} hour{'s' if b['hours'] > 1 else ''} ({b['rounds']:,} rounds): "
                      f"{_usd(b['band_95'][0])} to {_usd(b['band_95'][1])}" for b in fig["bands_per_player"])
    out.append(f"95% band of the house's win on one player's rounds (the central 95% of its exact distribution over "
               f"that many rounds, every wager at its minimum; 2.5% of honest results lie below it, 2.5% above): {bands}.")
    return out
