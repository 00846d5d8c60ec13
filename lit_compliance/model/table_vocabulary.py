"""How the whole configured table is said: the words for :mod:`lit_compliance.table.figures`.

The table's figures are a typed record (numbers, identifiers and enums); every word a user reads
of them is made here, once, for the views that print them (``check CONFIG``, ``par CONFIG``, the
floor summary; the JSON form in :mod:`lit_compliance.report.table_json`). Like
:mod:`.par_vocabulary`, it reads the record's enums by value and its fields by name, so it needs
nothing above the model.

>>> paytable_text("custom"), paytable_text("a")
('the house paytable', 'a')
>>> round_basis_text(("base", "progressive"), ("cover-all",))[:35]
'exact: the joint distribution of ba'
"""
from __future__ import annotations

from typing import Iterable

from .par_vocabulary import assumption_text
from .vocabulary import small_share_text
from .table_config import HOUSE_PAYTABLE

ASSUMPTION = ("every player plays every offered wager every round, each at its configured minimum "
              "(the base game: the table minimum on each base bet)")
HOUSE_PAYTABLE_TEXT = "the house paytable"
NO_PAYTABLE_TEXT = "no paytable chosen"
NO_FIGURES_TEXT = "the rules leave this paytable without figures"
PRICING_TEXT = {"exact": "exact", "simulated": "simulated, with its interval in the PAR sheet;"}


def usd(x: float, digits: int = 2) -> str:
    """An amount of money with its sign and cents: ``$1,234.50``, ``-$0.0125`` (``digits`` decimals)."""
    return f"-${-x:,.{digits}f}" if x < 0 else f"${x:,.{digits}f}"


def paytable_text(paytable: str | None) -> str | None:
    """A configured wager's paytable: its id, or the house paytable (the configuration's own)."""
    return HOUSE_PAYTABLE_TEXT if paytable == HOUSE_PAYTABLE else paytable


def basis_text(basis) -> str:
    """How a wager's round figures were priced (a ``figures.Basis``), in words."""
    parts = [PRICING_TEXT[basis.pricing.value]]
    if basis.meter is not None:
        parts.append(f"at a meter of {usd(basis.meter)}, the configured reset")
    if basis.stake is not None:
        parts.append(f"at a {usd(basis.stake)} wager, the configured minimum bet")
    if basis.seats:
        parts.append(f"on the matrix for {basis.seats} players (every seat playing)")
    return " ".join(parts[:1]) + (" " + ", ".join(parts[1:]) if parts[1:] else "")


def seats_text(seats: int) -> str:
    """The assumption of a wager priced on the paytable for the table's seats (Cover All)."""
    return (f"priced on the paytable for {seats} players: every seat of the table playing every "
            "round (a round with fewer players is paid on another paytable)")


def wager_assumptions(paytable: str | None, assumptions: Iterable, seats: int | None) -> tuple[str, ...]:
    """A configured wager's assumptions in words: its sheet's (``par_record.Assumption``), and the
    seats it is priced on; or that no paytable is chosen (``paytable`` None)."""
    if paytable is None:
        return (NO_PAYTABLE_TEXT,)
    return tuple(assumption_text(a) for a in assumptions) + ((seats_text(seats),) if seats else ())


def theory_assumptions(w) -> tuple[str, ...]:
    """A ``table.theory.WagerTheory``'s assumptions in words (:func:`wager_assumptions`)."""
    return wager_assumptions(w.paytable_id, w.assumptions, w.seats_assumed)


def left_out_text(left) -> str:
    """Why a wager (a ``figures.LeftOut``) is not in the table's sums."""
    if left.reason.value == "no_paytable":
        return f"no figure to add: {NO_PAYTABLE_TEXT}"
    said = "; ".join(wager_assumptions("", left.assumptions, left.seats))
    return f"no figure to add: {said or NO_FIGURES_TEXT}"


def round_basis_text(joint: tuple[str, ...], apart: tuple[str, ...]) -> str:
    """How one player's round SD was had: the wagers counted jointly on one player's cards, and
    those added as independent of them."""
    basis = ("exact: the joint distribution of " + ", ".join(joint)
             + " on one player's cards (every deal counted)" if joint else "")
    if apart:
        basis += ("; " if basis else "") + ", ".join(apart) + " added as independent of " + (
            "them (settled on every seat's hand, not on this player's alone)" if joint else
            "each other (the ranking rules are not enumerated jointly)")
    return basis


def _row_line(r) -> str:
    placed = (f"{usd(r.placed)} placed ({r.bets} x {usd(r.stake)})" if r.bets > 1 else f"{usd(r.placed)} placed")
    paytable = paytable_text(r.paytable)
    return (f"{r.wager}{' (paytable ' + paytable + ')' if paytable else ''}: {placed}; "
            f"expected win {usd(r.expected_win, 4)} a round; SD {usd(r.standard_deviation)} ({basis_text(r.basis)})")


def table_lines(fig) -> list[str]:
    """The table's figures (a ``figures.TableFigures``) in sentences, with the basis of every figure."""
    out = [f"Assumption: {ASSUMPTION}."]
    out += [_row_line(r) for r in fig.wagers]
    out += [f"{r.wager}: not in the sums below: {left_out_text(r)}" for r in fig.left_out]
    share = fig.hold
    hold = "" if share is None else f"; hold {share:.4%} of the amount placed"
    out.append(f"One player, every wager: {usd(fig.placed_per_round)} placed a round; expected win "
               f"{usd(fig.expected_win_per_round, 4)} a round{hold}.")
    seats = fig.seats
    out.append(f"Theoretical win: {usd(fig.expected_win_per_round, 4)} x {fig.hands_per_hour} rounds an hour = "
               f"{usd(fig.win_per_hour)} an hour per player"
               + (f"; {usd(fig.win_per_hour_table)} an hour with all {seats} seats playing" if seats else "") + ".")
    out.append(f"Standard deviation of one player's round: {usd(fig.standard_deviation)} "
               f"({round_basis_text(fig.joint, fig.apart)}); {usd(fig.standard_deviation_independent)} were the "
               f"wagers independent (they are not: they are settled on the same cards), at most "
               f"{usd(fig.standard_deviation_at_most)} were they perfectly correlated.")
    bands = "; ".join(f"{b.hours:,} hour{'s' if b.hours > 1 else ''} ({b.rounds:,} rounds): "
                      f"{usd(b.low)} to {usd(b.high)}" + _coarser(b.lattice, fig.variance_added_at_most(b))
                      for b in fig.bands_per_player)
    out.append(f"95% band of the house's win on one player's rounds (the central 95% of its exact distribution over "
               f"that many rounds, every wager at its minimum; 2.5% of honest results lie below it, 2.5% above): {bands}.")
    return out


def _coarser(step: float | None, share: float | None) -> str:
    """:func:`coarser_lattice_text` in brackets after a figure ('' where it says nothing)."""
    text = coarser_lattice_text(step, share)
    return f" ({text})" if text else ""


def coarser_lattice_text(step: float | None, share: float | None) -> str:
    """What a band or verdict computed on a lattice coarser than its outcomes' own says of it ('' where
    it is not): the lattice's step and the most it can add to the variance (a share). Said by a table's
    player bands and by the hold check's results judged on a mixture of stakes."""
    if step is None:
        return ""
    return (f"computed on a lattice of {usd(step, 4)}, coarser than the stakes' own: its variance at most "
            f"{small_share_text(share)} larger than the exact one's")
