"""The base-game strategy in rule form, derived from the exact decisions.

Players and dealers use a short ordered list of rules ("let it ride with any paying hand; three to a
royal flush; three suited in a row except A-2-3 and 2-3-4; ..."), not lists of rank sets. This
module derives such a list from the exact decision of every holding (:mod:`.base`): it sorts each
holding into a *family* in the words players use (a pair below tens, three suited with one gap,
four to an outside straight...), counts its high cards (ten or higher), and describes the holdings
of each family that ride (and, separately, those whose expectation is exactly zero: optional) by
the shortest phrase the small rule language allows: the whole family, or those with a number of
high cards in a range, with any exceptions and additions named by their ranks.

Nothing is typed in: the families are fixed, the thresholds and exceptions are computed, and
:func:`decide` applies the rules to a holding so a test can hold them to the exact decision of all
22,100 three-card and 270,725 four-card holdings (``tests/gamemath/test_strategy_rules.py``).

A holding's decision depends only on its family and its ranks: within a family the suits are either
all the same (a flush draw) or cannot make a flush, so every holding with those ranks has the same
completions. :func:`derive` checks this and refuses a family whose members with the same ranks
disagree. The rules are numbers and identifiers; the words players read are the vocabulary's
(:func:`~lit_compliance.model.vocabulary.strategy_rule_text`, :func:`~lit_compliance.model.vocabulary.strategy_sentence`).
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import asdict

import numpy as np

from ..poker.cards import RANK_LETTERS
from .strategy_rule import StrategyRule

HIGH = 10   # a high card: ten or higher (a pair of them pays)

# The families, in the order the rules are listed; a holding belongs to one family (the words players
# use for each are the vocabulary's STRATEGY_FAMILIES)
FAMILIES = {
    3: ("trips", "high_pair", "royal", "sf_row", "sf_gap1", "sf_gap2", "suited", "low_pair", "st_row", "st_gap1",
        "st_gap2", "other"),
    4: ("quads", "trips", "two_pair", "high_pair", "royal", "sf", "flush", "outside", "inside", "low_pair", "other"),
}
PAYING = {3: ("trips", "high_pair"), 4: ("quads", "trips", "two_pair", "high_pair")}


def _span(ranks: list[int], ace_low: bool) -> int:
    """The smallest spread of distinct ranks, the ace counting high or (where allowed) low."""
    spans = [max(ranks) - min(ranks)]
    if ace_low and 14 in ranks:
        low = [1 if r == 14 else r for r in ranks]
        spans.append(max(low) - min(low))
    return min(spans)


def family(cards, ace_low: bool = True) -> str:
    """The family of a three- or four-card holding (cards as 0..51: rank ``c // 4 + 2``, suit ``c % 4``)."""
    ranks = sorted(c // 4 + 2 for c in cards)
    k = len(ranks)
    counts = sorted(Counter(ranks).values(), reverse=True)
    if counts[0] == 4:
        return "quads"
    if counts[0] == 3:
        return "trips"
    if counts[:2] == [2, 2]:
        return "two_pair"
    if counts[0] == 2:
        pair = max(r for r, n in Counter(ranks).items() if n == 2)
        return "high_pair" if pair >= HIGH else "low_pair"
    suited = len({c % 4 for c in cards}) == 1
    span = _span(ranks, ace_low)
    if k == 3:
        if suited and min(ranks) >= HIGH:
            return "royal"
        kind = {2: "row", 3: "gap1", 4: "gap2"}.get(span)
        if suited:
            return f"sf_{kind}" if kind else "suited"
        return f"st_{kind}" if kind else "other"
    if suited:
        return "royal" if min(ranks) >= HIGH else ("sf" if span <= 4 else "flush")
    if span == 3 and 14 not in ranks:
        return "outside"
    return "inside" if span <= 4 else "other"


def high_cards(cards) -> int:
    """How many of the holding's cards are high cards (jack or better, as the published strategies count them)."""
    return sum(1 for c in cards if c // 4 + 2 >= HIGH)


def rank_word(cards, ace_low: bool = True) -> str:
    """'A-2-3', '2-3-4', 'Q-K-A', '9-9-K': the ranks in order, the ace low where that makes the
    tighter run."""
    ranks = sorted(c // 4 + 2 for c in cards)
    if ace_low and 14 in ranks and len(set(ranks)) == len(ranks):
        low = sorted(1 if r == 14 else r for r in ranks)
        if max(low) - min(low) < max(ranks) - min(ranks):
            return "-".join("A" if r == 1 else RANK_LETTERS[r] for r in low)
    return "-".join(RANK_LETTERS[r] for r in ranks)


def _describe(chosen: set, members: dict, top: int) -> tuple[tuple, list, list]:
    """The shortest description of the ``chosen`` rank words among a family's ``members`` (word ->
    high cards): a range of high-card counts, the words in it not chosen, the words out of it
    chosen. Fewest named words wins; then the whole family; then the narrower range."""
    best = ((len(chosen), True, 0), (1, 0), [], sorted(chosen))   # no range: the chosen words only
    for lo in range(top + 1):
        for hi in range(lo, top + 1):
            inside = {w for w, h in members.items() if lo <= h <= hi}
            excluding = sorted(inside - chosen)
            including = sorted(chosen - inside)
            cost = (len(excluding) + len(including), (lo, hi) != (0, top), hi - lo)
            if cost < best[0]:
                best = (cost, (lo, hi), excluding, including)
    return best[1], best[2], best[3]


def _features(holdings, ace_low: bool) -> tuple:
    """Each holding's (family, rank word) as a group number, with the groups' (family, rank word,
    high cards). The three depend only on the ranks and whether all the cards share a suit, so
    :func:`family`, :func:`rank_word` and :func:`high_cards` run once per such pattern (a few
    thousand of the 18,187 suit classes); remembered for the last few holdings arrays asked about."""
    for known, ace, features in _FEATURES:
        if known is holdings and ace == ace_low:
            return features
    cards = np.asarray(holdings, dtype=np.int64)
    ranks = np.sort(cards // 4 + 2, axis=1)
    suited = (cards % 4 == cards[:, :1] % 4).all(axis=1)
    pattern = ranks @ (16 ** np.arange(cards.shape[1], dtype=np.int64)) * 2 + suited
    _, first, inverse = np.unique(pattern, return_index=True, return_inverse=True)
    groups: dict = {}                   # (family, rank word) -> group number
    high: list = []
    of_pattern = np.empty(len(first), dtype=np.int64)
    for i, row in enumerate(first.tolist()):
        one = cards[row].tolist()
        label = (family(one, ace_low), rank_word(one, ace_low))
        if label not in groups:
            groups[label] = len(groups)
            high.append(high_cards(one))
        of_pattern[i] = groups[label]
    features = (of_pattern[inverse.reshape(-1)], [(*label, h) for label, h in zip(groups, high)])
    _FEATURES[:] = _FEATURES[-3:] + [(holdings, ace_low, features)]
    return features


_FEATURES: list = []  # [(holdings array, ace_low, its features)], the last four: each array serves every paytable


def derive(k: int, holdings, expectation, ace_low: bool = True, pair_pays: bool = True) -> list[dict]:
    """The ordered rules for the bet decided on ``k`` cards (3: bet 1, 4: bet 2).

    ``holdings`` are the cards of one holding per suit class (or every holding), ``expectation`` the
    sign-bearing expectation of each (any scale: only its sign is used). Rules ride the holdings of
    positive expectation, name those of zero expectation as optional, and leave the rest pulled."""
    group, labels = _features(holdings, ace_low)
    sign = np.sign(np.asarray(expectation)).astype(np.int64)
    lowest = np.full(len(labels), 2, dtype=np.int64)
    highest = np.full(len(labels), -2, dtype=np.int64)
    np.minimum.at(lowest, group, sign)
    np.maximum.at(highest, group, sign)
    words = {1: "ride", 0: "optional", -1: "pull"}
    members: dict = defaultdict(dict)           # family -> rank word -> high cards
    decision: dict = {}                         # (family, rank word) -> "ride" / "optional" / "pull"
    for (fam, word, high), lo, hi in zip(labels, lowest.tolist(), highest.tolist()):
        if lo != hi:
            raise ValueError(f"holdings {word} of family {fam} decide differently: no rule form")
        members[fam][word] = high
        decision[(fam, word)] = words[lo]
    rules = []
    for want in ("ride", "optional"):
        for fam in FAMILIES[k]:
            chosen = {w for w in members.get(fam, {}) if decision[(fam, w)] == want}
            if not chosen:
                continue
            top = max(members[fam].values())
            high, excluding, including = _describe(chosen, members[fam], top)
            rules.append(StrategyRule(want, fam, high, excluding, including, k, top))
    rules = _merge_paying(rules, k, members, pair_pays)
    return [asdict(r) for r in rules]


def _merge_paying(rules: list[StrategyRule], k: int, members: dict, pair_pays: bool) -> list[StrategyRule]:
    """Say "any paying hand" where every paying family rides whole."""
    paying = [f for f in PAYING[k] if f in members]
    whole = {r.family for r in rules if r.decision == "ride" and r.high == (0, max(members[r.family].values()))
             and not r.excluding and not r.including}
    if not pair_pays or not paying or not set(paying) <= whole:
        return rules
    merged = [r for r in rules if not (r.decision == "ride" and r.family in paying)]
    first = StrategyRule("ride", "paying", (0, 4), [], [], k)
    return [first] + merged


def matches(rules: list[dict], cards, ace_low: bool = True) -> str:
    """The decision the rules give a holding: "ride", "optional" or "pull" (no rule matches)."""
    cards = [int(c) for c in cards]
    return decide(rules, family(cards, ace_low), high_cards(cards), rank_word(cards, ace_low), len(cards))


def decide(rules: list[dict], fam: str, high: int, word: str, k: int) -> str:
    """The decision the rules give a holding of ``k`` cards in family ``fam`` with ``high`` high
    cards and ranks ``word``: the first rule that matches decides; none matching, pull."""
    for r in rules:
        if r["family"] == "paying":
            if fam in PAYING[k]:
                return r["decision"]
            continue
        rule = StrategyRule(r["decision"], r["family"], tuple(r["high"]), r["excluding"], r["including"])
        if rule.matches(fam, high, word):
            return r["decision"]
    return "pull"
