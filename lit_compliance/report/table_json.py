"""The whole configured table's figures as ``check`` and ``par CONFIG`` print them in JSON.

The one place the typed record (:class:`lit_compliance.table.figures.TableFigures`) becomes JSON
data: every word in it (a wager's basis, why a wager is left out, the round's SD basis, the
assumption) made by :mod:`lit_compliance.model.table_vocabulary`.
"""
from __future__ import annotations

from ..model.table_vocabulary import ASSUMPTION, basis_text, left_out_text, paytable_text, round_basis_text


def _row(r) -> dict:
    return {"wager": r.wager, "paytable": paytable_text(r.paytable), "stake": r.stake, "placed": r.placed,
            "bets": r.bets, "expected_win": r.expected_win, "standard_deviation": r.standard_deviation,
            "status": r.status, "basis": basis_text(r.basis)}


def table_json(fig) -> dict:
    """A ``TableFigures`` as JSON data: each wager's round, those left out and why, the sums per
    round and per hour, the round's SD three ways, and the bands per player."""
    return {"wagers": [_row(r) for r in fig.wagers],
            "left_out": [{"wager": r.wager, "why": left_out_text(r)} for r in fig.left_out],
            "hands_per_hour": fig.hands_per_hour, "seats": fig.seats, "placed_per_round": fig.placed_per_round,
            "expected_win_per_round": fig.expected_win_per_round, "hold": fig.hold,
            "win_per_hour": fig.win_per_hour, "win_per_hour_table": fig.win_per_hour_table,
            "standard_deviation": fig.standard_deviation,
            "standard_deviation_basis": round_basis_text(fig.joint, fig.apart),
            "standard_deviation_at_most": fig.standard_deviation_at_most,
            "standard_deviation_independent": fig.standard_deviation_independent,
            "bands_per_player": [{"hours": b.hours, "rounds": b.rounds, "win": b.win, "band_95": [b.low, b.high],
                                  **({"coarser_lattice": b.lattice,
                                      "variance_added_at_most": fig.variance_added_at_most(b)}
                                     if b.lattice is not None else {})}
                                 for b in fig.bands_per_player],
            "assumption": ASSUMPTION}
