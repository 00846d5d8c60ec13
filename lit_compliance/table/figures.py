"""The whole table as configured: every offered wager, one player's round and an hour of play.

Read from the table's one theory (:func:`lit_compliance.table.theory.theory_of`), the
record ``par CONFIG``, ``hold`` and ``simulate`` read: every wager on its configured paytable (the
house paytable where the configuration gives one; Cover All on the matrix for the table's seats),
at the table's settings (a progressive at its configured reset, money amounts at the wager's
configured minimum, envy with the other seats playing). No wager is left out of the sum unless the
rules leave its paytable without figures, and then the record says why (:class:`LeftOut`).

The answer is a typed record (:class:`TableFigures`): numbers, identifiers and enums. Its words
are made in :mod:`lit_compliance.model.table_vocabulary`; its JSON form in
:func:`lit_compliance.report.table_json.table_json`.
"""
from __future__ import annotations

from enum import Enum
from fractions import Fraction
from math import sqrt

from ..gamemath.par_record import Assumption, split_variance_share
from ..load.catalogue import Ruleset
from ..model import exact
from ..model.table_config import HOUSE_PAYTABLE
from .theory import TableTheory, WagerTheory, theory_of
from .player_round import player_bands, player_round
from .config import TableConfig
from ..records import record

HOURS = (1, 8, 40, 1000)      # the hours of play each player's band is given for


class Pricing(str, Enum):
    """How a wager's round figures were had."""

    EXACT = "exact"
    """Counted exactly."""
    SIMULATED = "simulated"
    """Simulated, with its interval in the PAR sheet (Cover All's highest hand)."""


class LeftOutReason(str, Enum):
    """Why an offered wager is not in the table's sums."""

    NO_PAYTABLE = "no_paytable"
    """No paytable of the wager's is configured: none named among several, one the rules do not
    have, or a wager the source prints no paytable for (the checks report which)."""
    NO_FIGURES = "no_figures"
    """The rules leave its paytable without figures (its sheet's assumptions say which)."""


@record
class Basis:
    """How one wager's round was priced: exactly or simulated, at the configured reset (``meter``),
    at the configured minimum bet (``stake``, where money amounts or a meter share depend on the
    stake), on the matrix for the table's ``seats`` (Cover All, every seat playing)."""

    pricing: Pricing
    meter: float | None = None
    stake: float | None = None
    seats: int | None = None


@record
class WagerRound:
    """One offered wager in one player's round, in money at its configured minimum."""

    wager: str
    paytable: str | None        # its id (:data:`HOUSE_PAYTABLE`: the configuration's own)
    stake: float                # each base bet, or the side wager
    bets: int                   # equal bets placed (3 for the base game)
    expected_win: float         # the house's, a round
    standard_deviation: float   # of the house's win, a round
    status: str
    basis: Basis
    exact_expected_win: Fraction | None = None   # the same, exactly (None where the figure is simulated)

    @property
    def placed(self) -> float:
        return self.stake * self.bets

    @property
    def house_paytable(self) -> bool:
        """Whether the wager is played on the configuration's own paytable."""
        return self.paytable == HOUSE_PAYTABLE


@record
class LeftOut:
    """An offered wager the sums leave out: why, the assumptions of its sheet that leave it without
    figures (``seats``: priced on the paytable for that many players), and the ruleset's findings
    about the lines and paytable they name."""

    wager: str
    reason: LeftOutReason
    assumptions: tuple[Assumption, ...] = ()
    seats: int | None = None
    findings: tuple[str, ...] = ()


@record
class PlayerBand:
    """The house's expected win on one player's rounds over ``hours`` of play (``rounds`` rounds),
    and the central 95% of its exact distribution (``low`` to ``high``); ``lattice``: where that total
    was put on a lattice coarser than its outcomes' own (no window held it), that lattice's step."""

    hours: int
    rounds: int
    win: float
    low: float
    high: float
    lattice: float | None = None


@record
class TableFigures:
    """The whole table as configured, per player per round and per hour, every player playing every
    offered wager every round at its configured minimum (the base game: the table minimum on each
    base bet). ``joint``/``apart``: the wagers whose round SD is counted jointly on one player's
    cards, and those added as independent of them (see :class:`.player_round.PlayerRound`)."""

    wagers: tuple[WagerRound, ...]
    left_out: tuple[LeftOut, ...]
    hands_per_hour: int
    seats: int | None
    standard_deviation: float
    joint: tuple[str, ...]
    apart: tuple[str, ...]
    bands_per_player: tuple[PlayerBand, ...]

    def variance_added_at_most(self, band: PlayerBand) -> float | None:
        """Where ``band`` was computed on a lattice coarser than its outcomes' own, the most that
        lattice can add to the variance of its total, as a share of it (each value split between its
        two neighbours adds at most a quarter of the step squared a round); else None."""
        if band.lattice is None:
            return None
        return split_variance_share(band.lattice, self.standard_deviation ** 2)

    @property
    def placed_per_round(self) -> float:
        return sum(r.placed for r in self.wagers)

    @property
    def expected_win_per_round(self) -> float:
        return sum(r.expected_win for r in self.wagers)

    @property
    def hold(self) -> float | None:
        """The expected win as a share of the amount placed (None where nothing is placed)."""
        placed = self.placed_per_round
        return self.expected_win_per_round / placed if placed else None

    @property
    def win_per_hour(self) -> float:
        """The house's expected win an hour from one player."""
        return self.expected_win_per_round * self.hands_per_hour

    @property
    def win_per_hour_table(self) -> float | None:
        """The same with every seat playing (None where the table states no seats)."""
        return self.win_per_hour * self.seats if self.seats else None

    @property
    def exact_expected_win_per_round(self) -> Fraction | None:
        """The expected win a round exactly: None unless every wager's is exact."""
        wins = [r.exact_expected_win for r in self.wagers]
        return None if None in wins else sum(wins, Fraction(0))

    @property
    def exact_win_per_hour(self) -> Fraction | None:
        """The expected win an hour from one player exactly (None as above)."""
        win = self.exact_expected_win_per_round
        return None if win is None else win * self.hands_per_hour

    @property
    def standard_deviation_at_most(self) -> float:
        """The round's SD were the wagers perfectly correlated: the sum of theirs."""
        return sum(r.standard_deviation for r in self.wagers)

    @property
    def standard_deviation_independent(self) -> float:
        """The round's SD were the wagers independent."""
        return sqrt(sum(r.standard_deviation ** 2 for r in self.wagers))


def _basis(w: WagerTheory, seats: int | None) -> Basis:
    """How a wager's round figures were priced."""
    return Basis(pricing=Pricing.SIMULATED if w.status == "simulated" else Pricing.EXACT, meter=w.meter,
                 stake=(w.minimum or w.stake) if w.stake_dependent else None,
                 seats=seats if w.kind == "cover_all" and seats else None)


def _findings(theory: TableTheory, w: WagerTheory) -> tuple[str, ...]:
    """The findings of the paytable a wager is left out on and of the lines its sheet's assumptions
    name, in the paytable's order."""
    table = theory.choices[w.wager_id][1] if w.wager_id in theory.choices else None
    if table is None:
        return ()
    named = {h for a in w.assumptions for h in a.hands}
    found = list(table.findings)
    for line in table.lines:
        if line.hand in named:
            found.extend(line.findings)
    return tuple(dict.fromkeys(found))


def _left_out(theory: TableTheory, w: WagerTheory) -> LeftOut:
    if w.paytable_id is None:
        return LeftOut(w.wager_id, LeftOutReason.NO_PAYTABLE)
    return LeftOut(w.wager_id, LeftOutReason.NO_FIGURES, tuple(w.assumptions), w.seats_assumed,
                   _findings(theory, w))


def wager_rounds(theory: TableTheory) -> tuple[list[WagerRound], list[LeftOut]]:
    """Each offered wager's round at its configured minimum, and those the rules leave unpriced."""
    rows, left_out = [], []
    for w in theory.wagers.values():
        if w.mean is None or w.sd is None:
            left_out.append(_left_out(theory, w))
            continue
        amount = w.minimum if w.minimum is not None else w.stake
        basis = _basis(w, theory.seats)
        exactly = w.edge * exact(amount) if w.edge is not None and basis.pricing is Pricing.EXACT else None
        rows.append(WagerRound(wager=w.wager_id, paytable=w.paytable_id, stake=float(amount),
                               bets=w.units_per_round, expected_win=w.mean * amount,
                               standard_deviation=w.sd * amount, status=w.status, basis=basis,
                               exact_expected_win=exactly))
    return rows, left_out


def table_figures(ruleset: Ruleset, config: TableConfig, hands_per_hour: int = 60) -> TableFigures:
    """The whole table as configured, per player per round and per hour, assuming every player plays
    every offered wager every round (:class:`TableFigures`).

    The expected win is the sum of the wagers'. The wagers are settled on the same cards, so their
    results are correlated: the standard deviation of one player's round is that of the exact joint
    distribution (:func:`.player_round.player_round`), with, beside it, what it would be were the
    wagers independent and at most (perfectly correlated). The bands are the central 95% of the exact
    distribution of the house's win on one player's rounds over each number of hours (that round's
    distribution convolved; :func:`.player_round.player_bands`), not a normal curve."""
    theory = theory_of(config, ruleset, offered_only=True, every_seat=True)
    rows, left_out = wager_rounds(theory)
    amounts = {r.wager: r.stake for r in rows}
    player = player_round(theory, amounts) if rows else None
    per_hour = sum(r.expected_win for r in rows) * hands_per_hour
    rounds = tuple(hands_per_hour * h for h in HOURS)
    edges = player_bands(theory, amounts, rounds) if rows else [[0.0, 0.0]] * len(rounds)
    bands = tuple(PlayerBand(hours, n, per_hour * hours, low, high, *coarser)
                  for hours, n, (low, high, *coarser) in zip(HOURS, rounds, edges))
    return TableFigures(wagers=tuple(rows), left_out=tuple(left_out), hands_per_hour=hands_per_hour,
                        seats=config.settings.seats, standard_deviation=player.standard_deviation if player else 0.0,
                        joint=player.joint if player else (), apart=player.apart if player else (),
                        bands_per_player=bands)
