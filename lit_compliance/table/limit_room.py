"""What is left of the table limit for the wagers a player may place together, where the rules
make the wagers share it (a ``combined_wagers_within_table_limit`` rule): ``init`` refuses a
wager's maximum that would take the total above the limit as it is given, not after the file is
built (``check`` reports the same rule as ``combined_limit_exceeded``)."""
from __future__ import annotations

from ..load.catalogue import Ruleset
from ..model import as_printed
from ..model.vocabulary import money


def combined_rule(rs: Ruleset):
    """The rule that a player's wagers together stay within the table limit, where the rules have one."""
    return next((r for r in as_printed(rs).table_limits if r.rule == "combined_wagers_within_table_limit"), None)


class Room:
    """The table limit and what each wager's maximum takes of it (all its bets together)."""

    def __init__(self, rule, limit):
        self.rule, self.limit, self.taken = rule, limit, {}

    def applies(self, wid: str) -> bool:
        """Whether the rule makes this wager share the limit."""
        return self.rule is not None and self.limit is not None and (not self.rule.wagers or wid in self.rule.wagers)

    def left(self, wid: str):
        """What the other wagers leave of the limit for this one."""
        if not self.applies(wid):
            return self.limit
        return self.limit - sum(v for k, v in self.taken.items() if k != wid)

    def refuses(self, wid: str, each, bets: int) -> str | None:
        """Why ``bets`` bets of ``each`` on this wager are refused (the total above the limit), or None."""
        if not self.applies(wid):
            return None
        total = sum(v for k, v in self.taken.items() if k != wid) + each * bets
        if total > self.limit:
            return (f"the wagers together would reach {money(total)}, above the table limit of {money(self.limit)} "
                    f"[{self.rule.cite}]; {money(max(self.left(wid) / bets, 0))} is left for each bet on this one")
        return None

    def take(self, wid: str, each, bets: int) -> None:
        """Record this wager's maximum (``bets`` bets of ``each``)."""
        if self.applies(wid) and each is not None:
            self.taken[wid] = each * bets
