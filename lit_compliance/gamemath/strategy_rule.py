"""One rule of the base-game strategy in rule form (:mod:`.strategy` derives them; the priced record
carries them). Kept apart from the derivation, which needs numpy, so the record loads without it."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class StrategyRule:
    """Holdings of ``family`` whose high-card count lies in ``high`` (inclusive), except the rank
    sets ``excluding``, plus the rank sets ``including``; ``decision`` is "ride" or "optional"."""

    decision: str
    family: str
    high: tuple[int, int] = (0, 4)
    excluding: tuple[str, ...] = ()
    including: tuple[str, ...] = ()
    text: str = ""

    def matches(self, fam: str, high: int, word: str) -> bool:
        if fam != self.family:
            return False
        if word in self.including:
            return True
        return self.high[0] <= high <= self.high[1] and word not in self.excluding
