"""What a configured table offers, as the checks, the placard and the summary all need it.

Stakes and money per line (by the model's rule), the number of base bets, the awards that can
exceed the payout limit, the readings in force for the configured wagers, and the note naming the
ruleset findings a figure depends on. Nothing here checks compliance or lays out a sign, so both
:mod:`.checks` and :mod:`.placard` import it without importing each other.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..gamemath.settings import SettingSource, TableSettings
from ..load.catalogue import Ruleset
from ..model import Payout, exact, model_of
from ..model.vocabulary import odds
from .config import TableConfig, model_for


def table_settings(config: TableConfig, wager_id: str) -> TableSettings:
    """The settings a configured wager is priced at everywhere (``check``, ``par``, the placard):
    a progressive at its configured reset (the least the meter stands at on this table: it restarts
    there after every jackpot; the seed where no reset is given), money amounts the rules state for
    no wager amount at the wager's configured minimum bet, and the table's seats as its players."""
    choice = config.settings.wager(wager_id)
    prog = choice.progressive if choice is not None else None
    meter = None if prog is None else prog.reset if prog.reset is not None else prog.seed
    minimum = choice.minimum if choice is not None else None
    return TableSettings(meter=exact(meter), meter_from=SettingSource.CONFIGURED_RESET if meter is not None else None,
                         stake=exact(minimum), stake_from=SettingSource.CONFIGURED_MINIMUM if minimum else None,
                         players=config.settings.seats)


def net_per_unit(payout: dict, stake: float | None) -> Fraction | None:
    """What a payout (a ruleset or configuration mapping) wins per unit staked, net of the stake."""
    return Payout.from_data(payout).net_per_unit(exact(stake))


def base_bet_count(ruleset: Ruleset) -> int:
    """How many equal bets the base game takes (three in Let It Ride)."""
    return len(model_of(ruleset).base_game.bets)


def awards_above_limit(model, config: TableConfig) -> list[dict]:
    """Every advertised award that can exceed the configuration's payout limit on a wager the limit
    covers: a fixed amount above it, odds whose win at the wager's maximum bet is above it, or a
    meter share (the meter has no ceiling). Each: wager, hand, suits, what it pays, the limit."""
    limit = config.settings.payout_limit
    if limit is None:
        return []
    cap = exact(limit)
    out = []
    by_id = {c.wager: c for c in config.settings.wagers}
    for rule in model.payout_limits:
        for wager in model.wagers:
            choice = by_id.get(wager.id)
            if choice is None or not rule.covers(wager.id):
                continue
            tables = [wager.paytable(choice.paytable)] if choice.paytable is not None else list(wager.paytables)
            top = exact(choice.maximum or config.settings.limits.maximum)
            for table in (t for t in tables if t is not None):
                for line in table.lines:
                    payout = line.payout
                    if payout.missing or not payout.offered:
                        continue
                    stake = wager.stake_for(table) or table.line_stake(line, wager.stake) or top
                    win = None if payout.is_meter else payout.net(stake)
                    if payout.is_meter or (win is not None and win > cap):
                        out.append({"wager": wager.id, "paytable": table.id, "hand": line.hand,
                                    "suits": list(line.suits), "pays": odds(payout),
                                    "win": None if win is None else float(win), "limit": float(cap),
                                    "limit_id": rule.id, "cite": rule.cite})
    return out


def _reading_entry(model, reading, chosen: dict, wagers: list) -> dict:
    return {"finding": reading.finding, "reading": reading.id, "meaning": reading.meaning,
            "default": reading.default, "chosen": chosen.get(reading.finding) == reading.id,
            "wagers": wagers, "others": [
                {"reading": r.id, "meaning": r.meaning, "operator_may_choose": r.operator_may_choose}
                for r in model.finding(reading.finding).readings if r.id != reading.id]}


def readings_in_force(model, config: TableConfig) -> list[dict]:
    """Each reading in force for a configured wager's paytables: who chose it, and what the others mean."""
    chosen = dict(config.settings.readings)
    out: dict = {}
    for choice in config.settings.wagers:
        try:
            wager = model.wager(choice.wager)
        except KeyError:
            continue
        tables = [choice.paytable] if choice.paytable is not None else [t.id for t in wager.paytables]
        for table_id in tables or [None]:
            prefix = ("wagers", wager.id) + (("paytables", table_id) if table_id else ())
            for reading in model.readings_touching(*prefix):
                entry = out.setdefault((reading.finding, reading.id), _reading_entry(model, reading, chosen, []))
                if wager.id not in entry["wagers"]:
                    entry["wagers"].append(wager.id)
    for reading in model.readings_touching("irregularities"):
        out.setdefault((reading.finding, reading.id), _reading_entry(model, reading, chosen, ["irregularities"]))
    return list(out.values())


def configured_round_figures(ruleset: Ruleset, config: TableConfig, wager_id: str, paytable_id: str | None = None,
                             amount=None):
    """Expectation and standard deviation per round of wager ``wager_id`` as configuration
    ``config`` plays it (its readings, supplied figures and settings; its paytable, or
    ``paytable_id``), for ``amount`` wagered (default: the wager's configured minimum; for the base
    game, each base bet at the table minimum). A :class:`~lit_compliance.gamemath.RoundFigures`, or None where
    the priced record states no moments (incomplete, or a meter no rule or table fixes)."""
    from ..gamemath import paytable_result, round_figures  # lazy: the math loads only when a wager is priced

    model = model_for(ruleset, config)
    wager = model.wager(wager_id)
    choice = config.settings.wager(wager_id)
    table_id = paytable_id or (choice.paytable if choice is not None else None)
    if table_id is None:
        table_id = wager.paytables[0].id if len(wager.paytables) == 1 else None
    settings = table_settings(config, wager_id)
    if amount is None:
        amount = exact((choice.minimum if choice is not None else None)
                       or (config.settings.limits.minimum if wager.is_base else None))
    elif settings.stake is not None:
        settings = replace(settings, stake=exact(amount), stake_from=SettingSource.AMOUNT_ASKED)
    result = paytable_result(model, wager_id, table_id, settings)
    if result.held_at.stake is None or wager.is_base:
        return round_figures(result, amount)
    return round_figures(result, exact(amount) if amount is not None else None)


def whole_sum_tables(model, config: TableConfig) -> list[dict]:
    """Each configured paytable of fixed money amounts whose stake neither the rules (as the readings
    in force have them) nor the table fix: its amounts are whole sums paid whatever the stake within
    the configured range. Each: wager, paytable, the model's wager and table, the least and greatest
    stake the table takes, the findings that record the open stake, and the citation."""
    out = []
    for i, choice in enumerate(config.settings.wagers):
        if choice.custom_paytable is not None:
            continue
        try:
            wager = model.wager(choice.wager)
        except KeyError:
            continue
        tables = [wager.paytable(choice.paytable)] if choice.paytable is not None else list(wager.paytables)
        for table in (t for t in tables if t is not None):
            if wager.is_base or not table.pays_fixed_amounts or wager.stake_for(table) is not None:
                continue
            if any(line.stake for line in table.lines if line.payout.is_fixed):
                continue
            low = exact(choice.minimum)
            high = exact(choice.maximum if choice.maximum is not None else config.settings.limits.maximum)
            out.append({"index": i, "wager": wager, "table": table, "least": low, "greatest": high,
                        "findings": table.findings or wager.findings, "cite": table.cite})
    return out
