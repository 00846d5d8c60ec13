"""The exact joint count table of everything one player's hand settles, by enumeration.

One deal gives the player three cards P, the two community cards in the order they are turned
(a, then b) and, where a Six Card Bonus is played, three bonus community cards T from the 47 cards
left. Every wager a player makes on that deal is settled on one of:

- the final five-card hand P + a + b (the base game, the Five Card Bonus, a five-card progressive),
  with the number of base bets riding under optimal strategy (bet 1 on P, bet 2 on P + a);
- the player's three cards P (the Three Card Bonus, a three-card progressive);
- the best five of the six cards P + T (the Six Card Bonus; a Super Royal is the six cards).

:func:`joint_counts` counts every deal, (22,100 x 49 x 48) x C(47, 3) = 842,842,728,000 in all, in a table
indexed by (five-card atom, bets riding, three-card atom, six-card atom): the atoms are the engine's
own hand classes (:func:`.tables.five_card_atoms`, :func:`.tables.three_card_atoms`,
:func:`.tables.six_card_atoms`), suits kept where a flush-type hand has one, so any paytable prices
off it by :func:`lit_compliance.model.first_line`, as the marginal prices do.

How it is counted without visiting 8.4e11 deals:

- the six-card hands over the T that avoid a and b are, by inclusion and exclusion,
  ``G3[P] - G4[P+a] - G4[P+b] + G5[P+a+b]``, where ``Gk[S]`` counts the six-card sets holding the
  k-card set S by six-card atom (G5 from all 20,358,520 six-card sets, each passing one to its six
  five-card subsets; G4 and G3 from G5, each six-card set reached 2 and 3 times over);
- the player's three cards are taken one suit class at a time (1,755 classes, :func:`.tables.base_classes`),
  each weighed by its size, and the table is then summed over the 24 renamings of the suits and
  divided by 24 (exact: every class's members are the renamings of its representative).

The bets riding follow the strategy the engine prices the base game by (:mod:`.base`: a bet rides when
its expectation is positive; a zero-expectation holding counts as pulled). Without a base game the
bets axis holds 1 everywhere. Without a Six Card Bonus the six-card axis has one cell and each deal
is counted once (22,100 x 49 x 48 deals).
"""
from __future__ import annotations

import hashlib
import json
from itertools import permutations
from math import comb
from pathlib import Path

import numpy as np

from ..model.enums import HandCategory
from .. import cache
from ..poker.cards import SUITS
from ..poker.hands import CATEGORIES_3, CATEGORIES_5, IMPLIED, HandRules
from .tables import (FLUSHY_3, FLUSHY_5, N5, Atom, base_classes, five_card_atoms, full_base_tables, six_card_atoms,
                     three_card_atoms, unpack_array)
from ..records import record

SUPER_ROYAL_MASK = 0b1111110000000   # 9-10-J-Q-K-A in one suit, as a 13-bit rank mask (bit 0: deuce)
DEALS = comb(52, 3) * 49 * 48        # the player's cards and the community cards in order
BONUS = comb(47, 3)                  # the bonus community cards, for each deal


class JointUnavailable(ValueError):
    """Ranking rules the vectorised evaluators do not support (wrap-around straights)."""


@record
class JointCounts:
    """``counts[i5, bets, i3, i6]``: deals whose final five-card hand is atom ``five[i5]`` with ``bets``
    (1-3; index 0 unused) base bets riding, whose three cards are ``three[i3]`` and whose six-card hand
    is ``six[i6]`` (one cell, ``six == ()``, when the six-card hand was not counted). ``total``: the
    deals counted."""

    rules: HandRules
    strategy: tuple | None            # the base net wins the strategy is optimal for (None: no base game)
    five: tuple[Atom, ...]
    three: tuple[Atom, ...]
    six: tuple[Atom, ...]
    counts: np.ndarray                # int64
    total: int

    def marginal(self, axes: tuple[int, ...]) -> np.ndarray:
        """Counts summed over every axis but ``axes`` (0: five-card atom, 1: bets, 2: three-card, 3: six-card)."""
        drop = tuple(a for a in range(4) if a not in axes)
        return self.counts.sum(axis=drop)


# --- atoms as indexes ----------------------------------------------------------------------------

def _index(atoms: tuple[Atom, ...]) -> dict:
    return {(a.tags, a.suit): i for i, a in enumerate(atoms)}


def _five_lookup(atoms: tuple[Atom, ...]) -> np.ndarray:
    """(N5, 4): the atom index of each five-card category in each suit (the suit counts only for
    flush-type hands)."""
    index = _index(atoms)
    out = np.zeros((N5, 4), dtype=np.int64)
    for code, name in enumerate(CATEGORIES_5):
        tags = frozenset({name} | IMPLIED.get(name, set()))
        for s in range(4):
            out[code, s] = index[(tags, SUITS[s] if name in FLUSHY_5 else None)]
    return out


def _three_atoms_of(sets: np.ndarray, rules: HandRules, atoms: tuple[Atom, ...]) -> np.ndarray:
    """The three-card atom index of each row of three cards (tags and suit as the engine tallies them)."""
    from ..poker.vectorised import categorise3  # lazy: numpy evaluators

    index = _index(atoms)
    codes = categorise3(sets, rules).astype(np.int64)
    ranks = np.sort(sets // 4, axis=1)
    akq = (ranks[:, 0] == 10) & (ranks[:, 1] == 11) & (ranks[:, 2] == 12)
    lut = {}
    for code, name in enumerate(CATEGORIES_3):
        for a in (0, 1):
            for s in range(4):
                tags = frozenset({name} | IMPLIED.get(name, set()) | ({HandCategory.ACE_KING_QUEEN} if a else set()))
                key = (tags, SUITS[s] if name in FLUSHY_3 else None)
                if key in index:
                    lut[(code, a, s)] = index[key]
    return np.array([lut[(c, int(a), int(s))] for c, a, s in zip(codes, akq, sets[:, 0] % 4)], dtype=np.int64)


def _suit_maps(atoms: tuple[Atom, ...]) -> list[np.ndarray]:
    """For each of the 24 renamings of the suits, where it sends each atom."""
    index = _index(atoms)
    maps = []
    for renaming in permutations(range(4)):
        name = {SUITS[s]: SUITS[renaming[s]] for s in range(4)}
        maps.append(np.array([index[(a.tags, name[a.suit] if a.suit else None)] for a in atoms], dtype=np.int64))
    return maps


# --- the six-card tables ---------------------------------------------------------------------------

# The set bits of each 13-bit mask: a sum of 13 whole-array steps, not 8,192 calls of bin() at import.
_POPCOUNT = sum((np.arange(1 << 13) >> b) & 1 for b in range(13)).astype(np.uint8)


def _six_atoms_of_masks(masks: np.ndarray, rules: HandRules, lut6: np.ndarray, super_royal: np.ndarray) -> np.ndarray:
    """The six-card atom index of each six-card set given as suit masks (4, N)."""
    from ..poker.vectorised import _categorise_chunk, _mask_tables  # lazy: numpy evaluators

    code = _categorise_chunk(masks, *_mask_tables(rules)).astype(np.int64)
    suit = np.argmax(_POPCOUNT[masks] >= 5, axis=0)        # the flush's suit (any, where no flush)
    atom = lut6[code, suit]
    for s in range(4):
        atom = np.where(masks[s] == SUPER_ROYAL_MASK, super_royal[s], atom)
    return atom


def six_card_tables(rules: HandRules, six: tuple[Atom, ...]) -> tuple[np.ndarray, np.ndarray]:
    """(G5, G4): for every five-card set (colex index) and every four-card set, how many six-card sets
    holding it fall in each six-card atom; shapes (n6, C(52, 5)) uint8 and (n6, C(52, 4)) int32."""
    from ..poker.vectorised import colex_drop_one, colex_suit_masks  # lazy: numpy evaluators

    n6 = len(six)
    index = _index(six)
    lut6 = _five_lookup(six)
    super_royal = np.array([index[(frozenset({HandCategory.SUPER_ROYAL}), s)] for s in SUITS], dtype=np.int64)
    masks5 = colex_suit_masks(51, 5)
    drop = colex_drop_one(51, 5)
    g5 = np.zeros((n6, comb(52, 5)), dtype=np.uint8)
    chunk = 1 << 18
    for top in range(5, 52):
        n, width = comb(top, 5), comb(top, 4)
        bit, suit = np.uint16(1 << (top // 4)), top % 4
        local = np.zeros(width * n6, dtype=np.int64)
        for start in range(0, n, chunk):
            stop = min(n, start + chunk)
            block = masks5[:, start:stop].copy()
            block[suit] |= bit
            atom = _six_atoms_of_masks(block, rules, lut6, super_royal)
            g5[atom, np.arange(start, stop)] += 1          # the five cards below ``top``
            for i in range(5):                             # ``top`` with four of them
                local += np.bincount(drop[i, start:stop].astype(np.int64) * n6 + atom, minlength=width * n6)
        g5[:, n:n + width] += local.reshape(width, n6).T.astype(np.uint8)
    drop5 = colex_drop_one(52, 5)
    g4 = np.zeros((n6, comb(52, 4)), dtype=np.int64)
    for k in range(n6):
        weights = g5[k].astype(np.float64)
        for i in range(5):
            g4[k] += np.bincount(drop5[i], weights=weights, minlength=comb(52, 4)).astype(np.int64)
    return g5, (g4 // 2).astype(np.int32)   # each six-card set holding a four-card set is reached twice


# --- the enumeration -------------------------------------------------------------------------------

def strategy_of(net_wins: tuple | None, rules: HandRules) -> tuple[np.ndarray, np.ndarray]:
    """Whether bet 1 rides, per three-card set, and bet 2, per four-card set (by colex index): a bet
    rides when its expectation is positive (:mod:`.base`); with no base game, neither."""
    if net_wins is None:
        return np.zeros(comb(52, 3), dtype=bool), np.zeros(comb(52, 4), dtype=bool)
    t = full_base_tables(rules)
    m = np.array(net_wins, dtype=np.int64)
    return (t.counts3.astype(np.int64) @ m) > 0, (t.counts4.astype(np.int64) @ m) > 0


def _enumerate(rules: HandRules, net_wins: tuple | None, with_six: bool) -> JointCounts:
    from ..poker.vectorised import colex_index, table5  # lazy: numpy evaluators

    if rules.wraparound_5:
        raise JointUnavailable("the joint distribution is enumerated with the vectorised evaluators, which do not "
                               "support wrap-around straights")
    five, three = five_card_atoms(rules), three_card_atoms(rules)
    six = six_card_atoms(rules) if with_six else ()
    n5, n3, n6 = len(five), len(three), max(1, len(six))
    lut5 = _five_lookup(five)
    cat5 = table5(rules)
    ride1, ride2 = strategy_of(net_wins, rules)
    classes = base_classes(rules)
    reps = classes.cards3.astype(np.int64)                    # (1755, 3) ascending
    weight = classes.weight3.astype(np.int64)
    if with_six:
        g5, g4 = six_card_tables(rules, six)
    atom3 = _three_atoms_of(reps, rules, three)
    table = np.zeros(n5 * 4 * n3 * n6, dtype=np.float64)      # whole numbers below 2**53: exact
    iu, ju = np.triu_indices(49, k=1)
    deck = np.arange(52)
    for r, cards in enumerate(reps):
        rest = np.setdiff1d(deck, cards)                      # the 49 cards left
        a, b = rest[iu], rest[ju]
        p = np.broadcast_to(cards, (len(a), 3))
        idx5 = colex_index(np.sort(np.column_stack([p, a, b]), axis=1))
        idx4a = colex_index(np.sort(np.column_stack([p, a]), axis=1))
        idx4b = colex_index(np.sort(np.column_stack([p, b]), axis=1))
        i5 = lut5[cat5[idx5], cards[0] % 4]
        r1 = int(ride1[colex_index(cards[None, :])[0]])
        bets_a = 1 + r1 + ride2[idx4a].astype(np.int64)         # a turned first
        bets_b = 1 + r1 + ride2[idx4b].astype(np.int64)         # b turned first
        if with_six:
            g3 = g4[:, colex_index(np.sort(np.column_stack([np.broadcast_to(cards, (49, 3)), rest]), axis=1))] \
                .astype(np.int64).sum(axis=1) // 3
            vec = (g3[:, None] - g4[:, idx4a] - g4[:, idx4b] + g5[:, idx5]).astype(np.float64)   # (n6, rows)
        else:
            vec = np.ones((1, len(a)))
        cells = np.arange(n6)
        for bets in (bets_a, bets_b):
            key = ((i5 * 4 + bets) * n3 + atom3[r]) * n6
            table += np.bincount((key[None, :] + cells[:, None]).ravel(), weights=(vec * weight[r]).ravel(),
                                 minlength=table.size)
    counts = np.rint(table).astype(np.int64).reshape(n5, 4, n3, n6)
    summed = np.zeros_like(counts)
    for m5, m3, m6 in zip(_suit_maps(five), _suit_maps(three), _suit_maps(six) if six else [np.zeros(1, np.int64)] * 24):
        summed[np.ix_(m5, np.arange(4), m3, m6)] += counts
    if (summed % 24).any():
        raise AssertionError("the suit renamings did not divide evenly: the class weights are wrong")
    summed //= 24
    total = DEALS * (BONUS if with_six else 1)
    if int(summed.sum()) != total:
        raise AssertionError(f"the joint table counts {int(summed.sum())} deals, not {total}")
    return JointCounts(rules, net_wins, five, three, six, summed, total)


_SHIPPED = Path(__file__).resolve().parent / "data" / "joint_counts.json"


def shipped_key(rules: HandRules, net_wins: tuple | None, with_six: bool) -> str:
    """The entry of a table in the shipped file: the ranking rules, the base strategy, the six-card axis."""
    return json.dumps([repr(rules), list(net_wins) if net_wins is not None else None, with_six])


def atoms_digest(rules: HandRules, with_six: bool) -> str:
    """A digest of the axes' atoms, in order: a shipped table is used only on the axes it was made on."""
    six = six_card_atoms(rules) if with_six else ()
    text = repr([[(sorted(a.tags), a.suit) for a in atoms]
                 for atoms in (five_card_atoms(rules), three_card_atoms(rules), six)])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@cache.remembered(1)
def _shipped() -> dict:
    try:
        data = json.loads(_SHIPPED.read_text(encoding="utf-8"))
        return data["tables"] if isinstance(data.get("tables"), dict) else {}
    except (OSError, ValueError, AttributeError):
        return {}


def shipped_counts(rules: HandRules, net_wins: tuple | None, with_six: bool) -> np.ndarray | None:
    """The counts shipped with the package for this table (rebuilt by ``tools/build_joint_counts.py``;
    a test recomputes them), or None."""
    entry = _shipped().get(shipped_key(rules, net_wins, with_six))
    try:
        if entry is None or entry["atoms"] != atoms_digest(rules, with_six):
            return None
        return unpack_array(entry["counts"]).astype(np.int64)
    except (ValueError, KeyError, TypeError):
        return None


def _derived(rules: HandRules, net_wins: tuple | None, with_six: bool) -> np.ndarray | None:
    """A table read off a shipped one, exactly: without the six-card axis, a table with it summed over
    that axis (every deal has C(47, 3) bonus hands); without a base game, any strategy's table summed
    over the bets axis and put at one bet. None where no shipped table serves."""
    sources = [(net_wins, True)] if not with_six else []
    if net_wins is None:
        sources += [(json.loads(k)[1], json.loads(k)[2]) for k in sorted(_shipped())
                    if json.loads(k)[0] == repr(rules) and (json.loads(k)[2] or not with_six)]
    for wins, six in sources:
        got = shipped_counts(rules, tuple(wins) if wins is not None else None, six)
        if got is None:
            continue
        if six and not with_six:
            summed = got.sum(axis=3, keepdims=True)
            if (summed % BONUS).any():
                continue
            got = summed // BONUS
        if net_wins is None:
            got = np.concatenate([np.zeros_like(got[:, :1]), got.sum(axis=1, keepdims=True),
                                  np.zeros_like(got[:, :2])], axis=1)
        return got
    return None


@cache.remembered(8)
def joint_counts(rules: HandRules, net_wins: tuple | None = None, with_six: bool = True) -> JointCounts:
    """The joint count table for a ranking rule and a base strategy (the base paytable's net wins by
    five-card category, :func:`.base.multipliers`; None: no base game), counting the six-card hand or
    not: shipped for the catalogue's base paytables, else from the cache, else enumerated (about two
    seconds without the six-card axis, fifteen with it) and kept in the cache."""
    five, three = five_card_atoms(rules), three_card_atoms(rules)
    six = six_card_atoms(rules) if with_six else ()
    shape = (len(five), 4, len(three), max(1, len(six)))
    total = DEALS * (BONUS if with_six else 1)
    def fits(found) -> bool:
        return found is not None and found.shape == shape and int(found.sum()) == total and (found >= 0).all()

    for found in (shipped_counts(rules, net_wins, with_six), _derived(rules, net_wins, with_six)):
        if fits(found):
            return JointCounts(rules, net_wins, five, three, six, found.astype(np.int64), total)
    enumerated: list[JointCounts] = []

    def compute() -> np.ndarray:
        enumerated.append(_enumerate(rules, net_wins, with_six))
        return enumerated[0].counts
    found = cache.memo(JOINT, {"rules": rules, "net_wins": net_wins, "with_six": with_six}, compute, valid=fits)
    return enumerated[0] if enumerated else JointCounts(rules, net_wins, five, three, six, found.astype(np.int64), total)


JOINT = cache.kind("joint-counts", *cache.one_array("counts"),
                   "the joint count table for a ranking rule and a base strategy (:func:`joint_counts`)", arrays=True)
