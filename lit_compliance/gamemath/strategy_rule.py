"""One rule of the base-game strategy in rule form (:mod:`.strategy` derives them; the priced record
carries them). Kept apart from the derivation, which needs numpy, so the record loads without it.
A rule is numbers and identifiers; :func:`~lit_compliance.model.vocabulary.strategy_rule_text` says it."""
from __future__ import annotations
from ..records import record



@record(frozen=False)
class StrategyRule:
    """Holdings of ``family`` whose high-card count lies in ``high`` (inclusive), except the rank
    sets ``excluding``, plus the rank sets ``including``; ``decision`` is "ride" or "optional";
    ``cards`` is 3 for bet 1's holdings, 4 for bet 2's; ``top`` the most high cards a holding of the
    family has (a range up to it has no upper bound)."""

    decision: str
    family: str
    high: tuple[int, int] = (0, 4)
    excluding: tuple[str, ...] = ()
    including: tuple[str, ...] = ()
    cards: int = 3
    top: int = 4

    def matches(self, fam: str, high: int, word: str) -> bool:
        if fam != self.family:
            return False
        if word in self.including:
            return True
        return self.high[0] <= high <= self.high[1] and word not in self.excluding
