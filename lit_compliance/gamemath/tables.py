"""Shared enumeration tables, computed once per set of ranking rules and cached on disk.

Every paytable of every wager is priced from these few tables, so analysing the whole catalogue
enumerates the deck once (per distinct ranking rule), not once per paytable.
"""
from __future__ import annotations

from itertools import permutations
import base64
import zlib
import json
from math import comb
from pathlib import Path

from ..model.enums import HandCategory
from ..poker.cards import SUITS
from ..poker.hands import CATEGORIES_3, CATEGORIES_5, CODE_3, IMPLIED, HandRules
from .. import cache
from ..records import record


class _Numpy:
    """numpy, imported on first use: a warm run reads the small tables it needs from the cache as
    JSON and never imports numpy (nor the vectorised evaluators, imported where they are used)."""

    def __getattr__(self, name: str):
        import numpy  # lazy: a warm run reads its tables as JSON and never imports numpy

        globals()["np"] = numpy
        return getattr(numpy, name)


np = _Numpy()

N5 = len(CATEGORIES_5)
FLUSHY_5 = {HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH, HandCategory.ROYAL_FLUSH}
FLUSHY_3 = (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH, HandCategory.MINI_ROYAL)


@record
class Atom:
    """A class of equally paid outcomes: the hand names it satisfies, its suit, how many sets."""

    tags: frozenset
    suit: str | None
    count: int


def _split_suits(category: str, count: int) -> list[Atom]:
    """Atoms for a five-card category; flush-type hands split evenly by suit (suits are symmetric)."""
    tags = frozenset({category} | IMPLIED.get(category, set()))
    if category in FLUSHY_5:
        return [Atom(tags, suit, count // 4) for suit in SUITS]
    return [Atom(tags, None, count)]


@cache.remembered(8)
def five_card_counts(rules: HandRules) -> np.ndarray:
    """How many of the 2,598,960 five-card hands fall in each category. Where the base tables over
    suit classes ship for these rules, from them (each hand completes five of its four-card subsets,
    so the completions count it five times); otherwise from the five-card table."""
    def compute() -> np.ndarray:
        if shipped_class_counts(rules) is not None:
            t = base_classes(rules)
            return (t.weight4.astype(np.int64) @ t.counts4.astype(np.int64)) // 5
        return five_card_counts_enumerated(rules)
    return cache.memo(FIVE_COUNTS, {"rules": rules}, compute)


FIVE_COUNTS = cache.kind("five-counts", *cache.one_array("a"),
                         "how many five-card hands fall in each category (:func:`five_card_counts`)", arrays=True)


def five_card_counts_enumerated(rules: HandRules) -> np.ndarray:
    """The counts per category, by categorising every five-card hand."""
    from ..poker.vectorised import table5  # lazy: numpy, only when a table is built

    return np.bincount(table5(rules), minlength=N5).astype(np.int64)


def _category_counts(kind: cache.Kind, rules: HandRules, compute) -> list[int]:
    """Counts per five-card category, kept in the cache as JSON (no numpy needed to read them)."""
    return cache.memo(kind, {"rules": rules}, lambda: [int(n) for n in compute()])


def _counts_list(stored) -> list[int]:
    if not (isinstance(stored, list) and len(stored) == N5 and all(type(n) is int and n >= 0 for n in stored)):
        raise ValueError("not a count per five-card category")
    return stored


FIVE_COUNT_LIST = cache.kind("five-count-list", cache.same, _counts_list,
                             "the five-card counts per category as JSON (:func:`five_card_atoms`)")
SIX_COUNT_LIST = cache.kind("six-count-list", cache.same, _counts_list,
                            "the best-five-of-six counts per category as JSON (:func:`six_card_atoms`)")


@cache.remembered(8)
def five_card_atoms(rules: HandRules) -> tuple[Atom, ...]:
    """Every five-card hand class under the ranking rules, with its number of hands."""
    counts = _category_counts(FIVE_COUNT_LIST, rules, lambda: five_card_counts(rules))
    return tuple(a for i, name in enumerate(CATEGORIES_5) for a in _split_suits(name, counts[i]))


@cache.remembered(8)
def three_card_atoms(rules: HandRules) -> tuple[Atom, ...]:
    """All 22,100 three-card sets, by the exact tag set and suit the scalar evaluator gives (a test
    checks the tally against :func:`evaluate3`, set by set, under every three-card ranking option)."""
    return cache.memo(THREE_ATOMS, {"rules": rules}, lambda: _count_three_card_atoms(rules))


def _atoms_from_json(stored) -> tuple[Atom, ...]:
    if not isinstance(stored, list):
        raise TypeError("three-card atoms are a list")
    return tuple(Atom(frozenset(tags), suit, int(n)) for tags, suit, n in stored)


THREE_ATOMS = cache.kind("three-atoms", lambda atoms: [[sorted(a.tags), a.suit, a.count] for a in atoms],
                         _atoms_from_json, "every three-card set class with its count (:func:`three_card_atoms`)")


def _count_three_card_atoms(rules: HandRules) -> tuple[Atom, ...]:
    """Tally all 22,100 sets at once: category (vectorised), ace-king-queen, and the suit where the
    category is flush-type; the tags are those :func:`evaluate3` gives for the category."""
    from ..poker.vectorised import categorise3, colex_sets  # lazy: numpy, only when a table is built

    sets = colex_sets(52, 3)
    codes = categorise3(sets, rules).astype(np.int64)
    ranks = np.sort(sets // 4, axis=1)
    akq = (ranks[:, 0] == 10) & (ranks[:, 1] == 11) & (ranks[:, 2] == 12)
    suited = np.isin(codes, [CODE_3[c] for c in FLUSHY_3])
    suit = np.where(suited, sets[:, 0] % 4, len(SUITS)).astype(np.int64)
    keys, counts = np.unique((codes * 2 + akq) * (len(SUITS) + 1) + suit, return_counts=True)
    tally: dict = {}
    for key, n in zip(keys.tolist(), counts.tolist()):
        rest, s = divmod(key, len(SUITS) + 1)
        code, with_akq = divmod(rest, 2)
        category = CATEGORIES_3[code]
        tags = frozenset({category} | IMPLIED.get(category, set())
                         | ({HandCategory.ACE_KING_QUEEN} if with_akq else set()))
        tally[(tags, SUITS[s] if s < len(SUITS) else None)] = n
    return tuple(Atom(tags, suit, n) for (tags, suit), n in sorted(tally.items(), key=lambda kv: (sorted(kv[0][0]), kv[0][1] or "")))


@cache.remembered(8)
def six_card_atoms(rules: HandRules) -> tuple[Atom, ...]:
    """Every best-five-of-six hand class, with its number of six-card sets (shipped, else built and cached)."""
    def compute():
        shipped = shipped_six_card_counts(rules)
        if shipped is not None:
            return shipped
        from ..poker.vectorised import best_of_six_counts  # lazy: numpy, only when a table is built

        return best_of_six_counts(rules)[0]

    counts = list(_category_counts(SIX_COUNT_LIST, rules, compute))
    counts[CATEGORIES_5.index(HandCategory.ROYAL_FLUSH)] -= 4  # the 4 Super Royals' best five is a royal flush
    atoms = [Atom(frozenset({HandCategory.SUPER_ROYAL}), suit, 1) for suit in SUITS]
    atoms += [a for i, name in enumerate(CATEGORIES_5) for a in _split_suits(name, int(counts[i]))]
    return tuple(atoms)


_SIX_SHIPPED = Path(__file__).resolve().parent / "data" / "six_card_counts.json"


def shipped_six_card_counts(rules: HandRules) -> list[int] | None:
    """The six-card counts shipped with the package for these rules (rebuilt by
    ``tools/build_six_card_counts.py``; a test recomputes each), or None."""
    try:
        data = json.loads(_SIX_SHIPPED.read_text(encoding="utf-8"))
        if data["categories"] != list(CATEGORIES_5):
            return None
        counts = data["counts"].get(rules_key(rules))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if isinstance(counts, list) and len(counts) == N5 and all(type(n) is int and n >= 0 for n in counts):
        return counts
    return None


@record
class BaseTables:
    """What the base-game strategy needs, for every partial holding.

    counts4[i, c]: over the 48 unseen cards, how many complete the 4-card set with colex index i
    into five-card category c. counts3[j, c]: the same over the 1,176 pairs completing 3-card set j.
    sub3_of4[i, k]: colex index of the 3-card subset of 4-card set i without its k-th card.
    """

    counts4: np.ndarray
    counts3: np.ndarray
    sub3_of4: np.ndarray


def _counts4(categories: np.ndarray) -> np.ndarray:
    """(C(52, 4), N5): for each 4-card set, how many of the 48 cards complete it into each category.

    Every five-card set adds one to (each of its 4-card subsets, its category). In colex order the
    five-card sets with top card x are the 4-card sets G below x plus x: without x a set is G (its
    row in the block); without one of G's cards it is a 4-card set holding x, all of which lie in
    the C(x, 3) rows from C(x, 4), so each block counts into a small range that stays in cache.
    """
    n4 = comb(52, 4)
    from ..poker.vectorised import colex_drop_one  # lazy: numpy, only when a table is built

    sub3 = colex_drop_one(51, 4)  # for each 4-card set below the top card, its 3-card subsets
    rows = np.concatenate([np.arange(comb(x, 4), dtype=np.int32) for x in range(4, 52)])
    counts = np.bincount(rows * np.int32(N5) + categories, minlength=n4 * N5)
    start = 0
    for x in range(4, 52):
        m, width = comb(x, 4), comb(x, 3)
        local = (sub3[:, :m] * np.int32(N5) + categories[start:start + m]).ravel()
        counts[m * N5:(m + width) * N5] += np.bincount(local, minlength=width * N5)
        start += m
    return counts.reshape(n4, N5)


def _counts3(counts4: np.ndarray) -> np.ndarray:
    """(C(52, 3), N5): for each 3-card set, its completing pairs by category.

    Each 4-card set passes its counts to its four 3-card subsets, block by block as in
    :func:`_counts4` (the weights are small whole numbers, so bincount's float64 sums are exact);
    every completing pair is reached through either of its two cards, hence the halving.
    """
    n3 = comb(52, 3)
    from ..poker.vectorised import colex_drop_one  # lazy: numpy, only when a table is built

    sub2 = colex_drop_one(51, 3)
    cells = np.arange(N5, dtype=np.int32)
    counts = np.zeros((n3, N5), dtype=np.int64)
    start = 0
    for y in range(3, 52):
        m, width = comb(y, 3), comb(y, 2)
        block = counts4[start:start + m]
        counts[:m] += block  # without the top card y: the 3-card set below it
        local = (sub2[:, :m, None] * np.int32(N5) + cells).ravel()
        weights = np.broadcast_to(block, (3, m, N5)).ravel()
        counts[m:m + width] += np.bincount(local, weights=weights, minlength=width * N5).astype(np.int64) \
            .reshape(width, N5)
        start += m
    return counts // 2


@cache.remembered(8)
def full_base_tables(rules: HandRules) -> BaseTables:
    """The base-game tables for every one of the 270,725 four-card and 22,100 three-card sets, built
    from the five-card table (about 0.2 s). The engine prices from :func:`base_classes`, their suit
    classes; these full tables are what the classes are derived from and checked against."""
    from ..poker.vectorised import colex_drop_one, table5  # lazy: numpy, only when a table is built

    categories = table5(rules)
    counts4 = _counts4(categories)
    counts3 = _counts3(counts4)
    sub3_of4 = np.ascontiguousarray(colex_drop_one(52, 4).T)
    return BaseTables(counts4.astype(np.int32), counts3.astype(np.int32), sub3_of4.astype(np.int32))


@record
class BaseClasses:
    """The base-game tables over suit classes: holdings that are alike but for a renaming of the
    suits have the same completions, category by category, so one row serves each class.

    There are 16,432 classes of four-card sets and 1,755 of three-card sets. Class i of four cards
    has ``weight4[i]`` member sets, the lowest of them by colex index being ``cards4[i]`` (ascending
    cards); ``counts4[i, c]`` is how many of the 48 unseen cards complete any member into five-card
    category c; ``sub3[i, k]`` is the three-card class of ``cards4[i]`` without its k-th card.
    ``cards3``, ``weight3`` and ``counts3`` (over the 1,176 completing pairs) likewise.
    """

    cards4: np.ndarray
    weight4: np.ndarray
    counts4: np.ndarray
    sub3: np.ndarray
    cards3: np.ndarray
    weight3: np.ndarray
    counts3: np.ndarray


CLASS_STRUCTURE = ("cards4", "weight4", "sub3", "cards3", "weight3")   # the same for every ranking rule
CLASS_COUNTS = ("counts4", "counts3")                                  # per five-card ranking rule


def suit_classes(k: int) -> tuple[np.ndarray, np.ndarray]:
    """Every k-card set's suit class: (each class's lowest colex index, ascending; the class of each
    set by colex index). A class is found as the lowest colex index over the 24 renamings of suits."""
    from ..poker.vectorised import colex_index, colex_sets  # lazy: numpy, only when a table is built

    sets = colex_sets(52, k).astype(np.int16)
    rank_part, suits = sets - sets % 4, sets % 4
    lowest = None
    for renaming in permutations(range(4)):
        renamed = np.sort(rank_part + np.array(renaming, dtype=np.int16)[suits], axis=1)
        index = colex_index(renamed)
        lowest = index if lowest is None else np.minimum(lowest, index)
    representatives, inverse = np.unique(lowest, return_inverse=True)
    return representatives, inverse.ravel()


def class_structure() -> dict:
    """The suit classes of three- and four-card sets and how they nest (:data:`CLASS_STRUCTURE`)."""
    from ..poker.vectorised import colex_drop_one, colex_sets  # lazy: numpy, only when a table is built

    reps4, class4 = suit_classes(4)
    reps3, class3 = suit_classes(3)
    sub3_of4 = colex_drop_one(52, 4).T[reps4]
    return {"cards4": colex_sets(52, 4)[reps4], "weight4": np.bincount(class4).astype(np.uint8),
            "sub3": class3[sub3_of4].astype(np.uint16), "cards3": colex_sets(52, 3)[reps3],
            "weight3": np.bincount(class3).astype(np.uint8)}


def class_counts(rules: HandRules, structure: dict) -> dict:
    """:data:`CLASS_COUNTS` for a ranking rule: the full tables' rows of each class's lowest set."""
    from ..poker.vectorised import colex_index  # lazy: numpy, only when a table is built

    full = full_base_tables(rules)
    return {"counts4": full.counts4[colex_index(structure["cards4"])].astype(np.uint8),
            "counts3": full.counts3[colex_index(structure["cards3"])].astype(np.uint16)}


_BASE_SHIPPED = Path(__file__).resolve().parent / "data" / "base_classes.json"


def rules_key(rules: HandRules) -> str:
    """The entry of a ranking rule in the shipped tables (six-card counts, base tables over suit
    classes): only the five-card options decide them."""
    return f"ace_low_straight_5={rules.ace_low_straight_5},wraparound_5={rules.wraparound_5}"


def unpack_array(entry: dict) -> np.ndarray:
    """An array stored as ``{"dtype", "shape", "zlib_base64"}`` (see ``tools/build_base_classes.py``)."""
    raw = zlib.decompress(base64.b64decode(entry["zlib_base64"], validate=True))
    array = np.frombuffer(raw, dtype=np.dtype(entry["dtype"])).reshape(entry["shape"])
    array.setflags(write=False)
    return array


@cache.remembered(1)
def _shipped_base() -> dict | None:
    try:
        data = json.loads(_BASE_SHIPPED.read_text(encoding="utf-8"))
        if data["categories"] != list(CATEGORIES_5):
            return None
        return data
    except (OSError, ValueError, KeyError, TypeError):
        return None


def shipped_class_structure() -> dict | None:
    """The class structure shipped with the package (rebuilt by ``tools/build_base_classes.py``; a
    test recomputes it), or None."""
    data = _shipped_base()
    try:
        return {name: unpack_array(data["structure"][name]) for name in CLASS_STRUCTURE}
    except (ValueError, KeyError, TypeError):
        return None


@cache.remembered(8)
def shipped_class_counts(rules: HandRules) -> dict | None:
    """The class counts shipped for these rules, or None (rules not shipped: computed instead)."""
    data = _shipped_base()
    try:
        entry = data["counts"].get(rules_key(rules))
        return None if entry is None else {name: unpack_array(entry[name]) for name in CLASS_COUNTS}
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


@cache.remembered(1)
def _structure() -> dict:
    shipped = shipped_class_structure()
    if shipped is not None and _consistent(shipped):
        return shipped
    return cache.memo(STRUCTURE, {}, class_structure)


def _consistent(structure: dict) -> bool:
    """Shapes that fit together and weights that add up to every set (a damaged file is not used)."""
    n4, n3 = len(structure["cards4"]), len(structure["cards3"])
    return (structure["cards4"].shape == (n4, 4) and structure["weight4"].shape == (n4,)
            and structure["sub3"].shape == (n4, 4) and structure["cards3"].shape == (n3, 3)
            and structure["weight3"].shape == (n3,) and int(structure["sub3"].max(initial=0)) < n3
            and int(structure["weight4"].sum(dtype=np.int64)) == comb(52, 4)
            and int(structure["weight3"].sum(dtype=np.int64)) == comb(52, 3)
            and int(structure["cards4"].max(initial=0)) < 52 and int(structure["cards3"].max(initial=0)) < 52)


@cache.remembered(8)
def base_classes(rules: HandRules) -> BaseClasses:
    """The base-game tables over suit classes for a ranking rule: shipped for the catalogue's rules,
    otherwise derived from the full tables once and kept in the cache."""
    structure = _structure()
    counts = shipped_class_counts(rules)
    n4, n3 = len(structure["cards4"]), len(structure["cards3"])
    if counts is None or counts["counts4"].shape != (n4, N5) or counts["counts3"].shape != (n3, N5):
        counts = cache.memo(CLASS_COUNTS_KIND, {"rules": rules}, lambda: class_counts(rules, structure),
                            valid=lambda c: c["counts4"].shape == (n4, N5) and c["counts3"].shape == (n3, N5))
    return BaseClasses(**structure, **counts)


STRUCTURE = cache.kind("base-class-structure", *cache.named_arrays(CLASS_STRUCTURE),
                       "the suit classes of four- and three-card sets (:func:`class_structure`)", arrays=True)
CLASS_COUNTS_KIND = cache.kind("base-class-counts", *cache.named_arrays(CLASS_COUNTS),
                               "the base-game counts over suit classes for a ranking rule", arrays=True)
