"""Honest (or deliberately dishonest) play of a configured table, round by round, in bulk.

Each round deals one player three cards, two community cards and, for the six-card bonus, three
cards to the bonus box, from a shuffled 52-card deck (numpy's seeded generator, so a seed gives the
same rounds everywhere). The player follows the base game's optimal strategy: bet 1 rides when its
expectation given the three cards is positive, bet 2 when it is positive given the four cards seen
(zero-expectation holdings pulled, the engine's default convention); the expectations are the
engine's base-game tables over suit classes (:func:`lit_compliance.gamemath.tables.base_classes`)
weighed by the paytable's multipliers (:func:`lit_compliance.gamemath.base.multipliers`), each dealt
holding looked up by its class (:func:`_rides`).

What each outcome pays is the model's: hands are categorised in bulk, each distinct class of hand
(category, flush suit, ace-king-queen) is matched once by :meth:`Paytable.line_for` and paid by its
:class:`~lit_compliance.model.Payout`, and the round takes that figure. A test settles a sample of
simulated rounds through :func:`lit_compliance.play.settlement.settle` and gets the same money.

Money is counted in whole cents, exactly. The progressive meter is held at the given amount (as if
reseeded after every award); envy bonuses (paid to other players) are not part of one player's
wager. Cover All depends on every seat's hand and is not simulated.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import permutations

import numpy as np

from ..model.enums import HandCategory
from ..model import Payout, Paytable
from ..model.enums import PayoutKind
from ..poker.cards import SUITS
from ..poker.hands import CATEGORIES_3, CATEGORIES_5, IMPLIED, HandRules
from ..poker.vectorised import colex_index
from ..gamemath.tables import base_classes
from ..gamemath.tables import Atom
from ..poker.vectorised import table5
from ..poker.vectorised import categorise3
from ..gamemath.base import multipliers
from .. import cache
from ..records import record

CARDS_PER_ROUND = 8          # 3 player, 2 community, 3 six-card bonus box
CHUNK = 100_000              # rounds dealt at a time (memory: about 40 MB a chunk)
SUPER_ROYAL_RANKS = (7, 8, 9, 10, 11, 12)   # 9 10 J Q K A as card // 4


class SimulationError(ValueError):
    """A wager that cannot be played as configured (missing figure, Cover All...)."""


class AnomalyError(SimulationError):
    """The anomaly asked for cannot be paid on this paytable (the line is not 'to 1' odds, or absent)."""


@record
class Play:
    """One wager as the table plays it."""

    wager: object            # model Wager
    table: Paytable
    stake: Fraction          # money per bet (each of the three base bets)
    meter: Fraction | None = None


@record
class Anomaly:
    """A dishonest payout: ``hand`` on ``wager_id`` pays ``extra`` more "to 1" than the paytable."""

    wager_id: str
    hand: str
    extra: int

    def text(self) -> str:
        return f"{self.wager_id}: {self.hand.replace('_', ' ')} paid {self.extra:+d} to 1 over the paytable"


def anomalous(table: Paytable, anomaly: Anomaly) -> Paytable:
    """The paytable with ``anomaly``'s line paying more (a model paytable, so the model pays it)."""
    lines = []
    found = False
    for line in table.lines:
        if line.hand == anomaly.hand:
            if line.payout.kind is not PayoutKind.TO_ONE or line.payout.value is None:
                raise AnomalyError(f"{anomaly.wager_id}: the {anomaly.hand} line is not 'to 1' odds")
            line = replace(line, payout=Payout(PayoutKind.TO_ONE, line.payout.value + anomaly.extra))
            found = True
        lines.append(line)
    if not found:
        raise AnomalyError(f"{anomaly.wager_id}: the paytable has no {anomaly.hand} line")
    return replace(table, lines=tuple(lines))


def deal(rng: np.random.Generator, n: int) -> np.ndarray:
    """(n, 8) cards, each row eight different cards dealt in order from a shuffled deck: the i-th
    card is uniform over the 52 - i cards left (the u-th card not yet dealt, u uniform)."""
    cards = np.zeros((n, CARDS_PER_ROUND), dtype=np.int64)
    for i in range(CARDS_PER_ROUND):
        c = rng.integers(0, 52 - i, n)
        dealt = np.sort(cards[:, :i], axis=1)
        for j in range(i):           # step over the cards already dealt, lowest first
            c += dealt[:, j] <= c
        cards[:, i] = c
    return cards.astype(np.uint8)


def _colex(cards: np.ndarray, ordered: bool = False) -> np.ndarray:

    return colex_index(cards if ordered else np.sort(cards, axis=1))


_CARD = np.arange(52)
#: _BITS[r, card]: the card's bit in a set's mask (bit rank * 4 + suit) after the r-th of the 24
#: renamings of suits; renaming 0 keeps every suit.
_BITS = np.left_shift(np.uint64(1), np.array([_CARD - _CARD % 4 + np.array(p)[_CARD % 4]
                                              for p in permutations(range(4))], dtype=np.uint64))


def _lowest_mask(sets: np.ndarray) -> np.ndarray:
    """Each row's lowest mask (sum of 2 ** card) over the 24 renamings of suits."""
    sets = sets.astype(np.intp)
    lowest = None
    for bit in _BITS:
        mask = bit[sets[:, 0]]
        for j in range(1, sets.shape[1]):
            mask = mask | bit[sets[:, j]]
        lowest = mask if lowest is None else np.minimum(lowest, mask)
    return lowest


def _by_class(cards: np.ndarray, rides: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The classes' representatives' masks, ascending, and whether the bet rides on each class."""
    masks = _BITS[0][cards.astype(np.intp)].sum(axis=1, dtype=np.uint64)   # distinct bits: sum = or
    order = np.argsort(masks)
    return masks[order], rides[order]


@cache.remembered(8)
def _strategy(mult: tuple, rules: HandRules) -> tuple[tuple, tuple]:
    """Whether bet 1 rides, per three-card suit class, and bet 2, per four-card suit class, each
    as (the classes' representatives' masks, ascending; the decisions): see :func:`_rides`."""

    t = base_classes(rules)
    m = np.array(mult, dtype=np.int64)
    return (_by_class(t.cards3, (t.counts3.astype(np.int64) @ m) > 0),
            _by_class(t.cards4, (t.counts4.astype(np.int64) @ m) > 0))


def _rides(cards: np.ndarray, mult: tuple, rules: HandRules) -> tuple[np.ndarray, np.ndarray]:
    """Whether bet 1 rides on each dealt round's three cards, and bet 2 on its first four.

    Bet 1 rides on a three-card set when its completions' counts per five-card category, weighed by
    the multipliers, sum above zero; bet 2 likewise on a four-card set. A renaming of the suits maps
    a set's completions one to one onto its renamed set's, category by category (no category
    depends on which suit is which), so every set of a suit class has its class's counts and its
    decision: :func:`base_classes` holds one row per class, named by the member with the lowest
    colex index. For sets of one size, colex order is the order of their masks (both rank two sets
    by the highest card in which they differ), so that member is the renaming of a dealt holding
    with the lowest mask, and the holding's class is where that mask sits among the
    representatives' masks. So the decisions are those of the full per-set tables
    (:func:`~lit_compliance.gamemath.tables.full_base_tables`), without building them
    (``tests/hold/test_simulate_suit_classes.py`` checks every set).
    """
    (masks3, ride3), (masks4, ride4) = _strategy(mult, rules)
    return (ride3[np.searchsorted(masks3, _lowest_mask(cards[:, :3]))],
            ride4[np.searchsorted(masks4, _lowest_mask(cards[:, :4]))])


def _cents(x: Fraction) -> int:
    return int((x * 100).__round__())


def _line_cents(table: Paytable, tags: frozenset, suit: str | None, stake: Fraction, meter) -> int:
    """Money a hand of this class is handed back on ``stake``, in cents, by the model's payout."""

    line = table.line_for(Atom(tags, suit, 1))
    if line is None or not line.payout.offered:
        return 0
    per_unit = line.payout.per_unit(table.line_stake(line, stake), meter)
    if per_unit is None:
        raise SimulationError(f"{table.wager_id}: the {line.hand.replace('_', ' ')} line has no figure "
                              "(or pays from a meter with no amount)")
    return _cents(per_unit * stake)


def _five_classes(cards5: np.ndarray, rules: HandRules, ordered: bool = False) -> tuple[np.ndarray, np.ndarray]:

    code = table5(rules)[_colex(cards5, ordered)].astype(np.int64)
    return code, cards5[:, 0] % 4


def _paid5(table, stake, meter, code, suit) -> np.ndarray:
    """Cents handed back per round for five-card (or best-five-of-six) classes."""
    flushy = {HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH, HandCategory.ROYAL_FLUSH}
    grid = np.zeros((len(CATEGORIES_5), 4), dtype=np.int64)
    for c, name in enumerate(CATEGORIES_5):
        tags = frozenset({name} | IMPLIED.get(name, set()))
        for s in range(4):
            grid[c, s] = _line_cents(table, tags, SUITS[s] if name in flushy else None, stake, meter)
    return grid[code, suit]


def _side_paid(play: Play, cards: np.ndarray, rules: HandRules, table: Paytable) -> np.ndarray:
    basis = table.hand_basis.value
    stake, meter = play.stake, play.meter
    if basis == "player_three":

        three = cards[:, :3]
        code = categorise3(three, rules).astype(np.int64)
        ranks = np.sort(three // 4, axis=1)
        akq = ((ranks[:, 0] == 10) & (ranks[:, 1] == 11) & (ranks[:, 2] == 12)).astype(np.int64)
        flushy = (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH, HandCategory.MINI_ROYAL)
        grid = np.zeros((len(CATEGORIES_3), 2, 4), dtype=np.int64)
        for c, name in enumerate(CATEGORIES_3):
            for a in (0, 1):
                tags = frozenset({name} | IMPLIED.get(name, set()) | ({HandCategory.ACE_KING_QUEEN} if a else set()))
                for s in range(4):
                    grid[c, a, s] = _line_cents(table, tags, SUITS[s] if name in flushy else None, stake, meter)
        return grid[code, akq, three[:, 0] % 4]
    if basis == "player_and_community":
        code, suit = _five_classes(cards[:, :5], rules)
        return _paid5(table, stake, meter, code, suit)
    if basis == "player_and_bonus_community":
        six = np.sort(np.concatenate([cards[:, :3], cards[:, 5:8]], axis=1), axis=1)
        best = np.zeros(len(six), dtype=np.int64)
        for drop in range(6):
            code, _ = _five_classes(np.delete(six, drop, axis=1), rules, ordered=True)
            best = np.maximum(best, code)
        suits = six % 4
        counts = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
        suit = counts.argmax(axis=1)
        paid = _paid5(table, stake, meter, best, suit)
        ranks = np.sort(six // 4, axis=1)
        superb = (counts.max(axis=1) == 6) & (ranks == np.array(SUPER_ROYAL_RANKS)).all(axis=1)
        if superb.any():
            by_suit = np.array([_line_cents(table, frozenset({HandCategory.SUPER_ROYAL}), SUITS[s], stake, meter)
                                for s in range(4)], dtype=np.int64)
            paid = np.where(superb, by_suit[suit], paid)
        return paid
    raise SimulationError(f"{play.wager.id}: a {basis.replace('_', ' ')} wager depends on every seat's hand and "
                          "is not simulated")


@record(frozen=False)
class Rounds:
    """Per round: the cards, the bets riding, and the house's win on each wager in cents."""

    cards: np.ndarray
    ride1: np.ndarray
    ride2: np.ndarray
    house_win: dict            # wager id -> int64 cents per round


def play_rounds(plays: list[Play], cards: np.ndarray, rules: HandRules, anomaly: Anomaly | None = None) -> Rounds:
    """Settle dealt rounds: the base game under optimal strategy and each side wager, in cents."""

    ride1 = ride2 = np.zeros(len(cards), dtype=bool)
    out = {}
    for play in plays:
        table = play.table
        paid_table = anomalous(table, anomaly) if anomaly and anomaly.wager_id == play.wager.id else table
        if play.wager.is_base:
            honest, missing = multipliers(table)
            if missing:
                raise SimulationError(f"base: figures missing for {', '.join(missing)}")
            paid, _ = multipliers(paid_table)
            ride1, ride2 = _rides(cards, tuple(int(x) for x in honest), rules)
            code, _ = _five_classes(cards[:, :5], rules)
            bets = 1 + ride1.astype(np.int64) + ride2.astype(np.int64)
            out[play.wager.id] = -bets * paid[code] * _cents(play.stake)
        else:
            out[play.wager.id] = _cents(play.stake) - _side_paid(play, cards, rules, paid_table)
    return Rounds(cards, ride1, ride2, out)


def simulate(plays: list[Play], rules: HandRules, rounds: int, periods: int, seed: int,
             anomaly: Anomaly | None = None) -> dict:
    """House win per period (cents) for each wager: {wager id: int64 array of ``periods``}."""
    rng = np.random.default_rng(seed)
    total = rounds * periods
    wins = {p.wager.id: np.zeros(total, dtype=np.int64) for p in plays}
    for start in range(0, total, CHUNK):
        n = min(CHUNK, total - start)
        settled = play_rounds(plays, deal(rng, n), rules, anomaly)
        for wid, won in settled.house_win.items():
            wins[wid][start:start + n] = won
    return {wid: won.reshape(periods, rounds).sum(axis=1) for wid, won in wins.items()}
