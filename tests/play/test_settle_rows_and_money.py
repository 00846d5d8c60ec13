"""`settle` agrees with itself: each seat's rows add up to its total and the seats to the round's
(totals computed here from the rows as printed), a void round's rows show what was returned, a win
a payout limit cut shows the amount paid and says it was capped; money prints in the ruleset's
currency with thousands separators."""
from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.model.vocabulary import currency_symbol

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = sorted((ROOT / "examples" / "rounds").iterdir())
ROW = re.compile(r"^  (\S.*?)\s{2,}\S+\s+stake\s+(\S+)\s+(\S.*?)\s+returned\s+(\S+)\s+net\s+(\S+)", re.M)
SEAT_TOTAL = re.compile(r"^  Total: staked (\S+), returned (\S+), net (\S+)(?: on the settled.*)?$", re.M)
ROUND_TOTAL = re.compile(r"^Round: staked (\S+), returned (\S+), players' net (\S+)(?: on the settled.*)?$", re.M)


def _settle(path: Path, *extra: str):
    return CliRunner().invoke(main, ["settle", str(path), *extra])


def _amount(text: str, symbol: str) -> Decimal:
    sign = -1 if text.startswith("-") else 1
    body = text.lstrip("+-")
    assert body.startswith(symbol), text
    assert re.fullmatch(r"[0-9]{1,3}(,[0-9]{3})*\.[0-9]{2}", body[len(symbol):]), text
    return sign * Decimal(body[len(symbol):].replace(",", ""))


def _seats(text: str) -> list[str]:
    return re.split(r"\n(?=Seat \d+)", text.split("\nRound: ")[0])[1:]


@pytest.mark.parametrize("path", ROUNDS, ids=lambda p: p.stem)
def test_each_seat_s_rows_add_up_to_its_total_and_the_seats_to_the_round(path):
    result = _settle(path)
    data = json.loads(_settle(path, "--format", "json").stdout)
    symbol = currency_symbol(data["currency"])
    text = result.stdout
    assert f"Amounts in {data['currency']} ({symbol})" in text
    sums = [Decimal(0)] * 3
    for seat in _seats(text):
        rows = ROW.findall(seat)
        assert rows, seat
        total = SEAT_TOTAL.search(seat)
        staked, returned, net = (_amount(x, symbol) for x in total.groups())
        settled = [r for r in rows if r[3] != "?"]
        assert returned == sum(_amount(r[3], symbol) for r in settled)
        assert net == sum(_amount(r[4], symbol) for r in settled)
        stakes = [_amount(r[1], symbol) for r in rows if r[1] != "-"]
        assert staked == sum(stakes)
        for label, stake, outcome, back, gain in settled:
            if stake != "-":   # an envy row has no stake of its own
                assert _amount(back, symbol) - _amount(stake, symbol) == _amount(gain, symbol), label
        sums = [a + b for a, b in zip(sums, (staked, returned, net))]
    round_total = [_amount(x, symbol) for x in ROUND_TOTAL.search(text).groups()]
    assert round_total[:2] == sums[:2]
    if not data["totals"]["unsettleable"]:
        assert round_total[2] == sums[2]


def test_a_void_round_s_rows_show_what_was_returned():
    path = ROOT / "examples" / "rounds" / "tribal-void-round.yaml"
    data = json.loads(_settle(path, "--format", "json").stdout)
    assert data["void"]
    symbol = currency_symbol(data["currency"])
    rows = ROW.findall(_settle(path).stdout)
    assert rows and all(outcome == "void" for _, _, outcome, _, _ in rows)
    assert all(_amount(back, symbol) == _amount(stake, symbol) > 0 for _, stake, _, back, _ in rows)
    assert all(_amount(gain, symbol) == 0 for *_, gain in rows)


def test_a_win_the_payout_limit_cut_shows_the_amount_paid_and_says_it_was_capped():
    path = ROOT / "examples" / "rounds" / "maryland-payout-limit.yaml"
    data = json.loads(_settle(path, "--format", "json").stdout)
    symbol = currency_symbol(data["currency"])
    wagers = data["results"][0]["wagers"]
    capped = [w for w in wagers if w["capped"]]
    assert capped
    limit = Decimal(next(iter(data["payout_limits"].values())))
    # the wins the limit covers add up to the limit once cut (every row here is under it)
    assert sum(Decimal(w["net"]) for w in wagers if w["outcome"] == "win") == limit
    text = _settle(path).stdout
    rows = {label: (outcome, gain) for label, _, outcome, _, gain in ROW.findall(text)}
    for w in capped:
        label = f"{w['wager']} {w['bet']}" if w["bet"] else w["wager"]
        uncapped = Decimal(w["stake"]) * Decimal(w["line"]["payout"]["value"])   # the line's odds, stake times
        assert Decimal(w["capped"]["uncapped_net"]) == uncapped
        assert Decimal(w["net"]) == uncapped - Decimal(w["capped"]["cut"])
        outcome, gain = rows[label]
        assert outcome == "win, capped" and _amount(gain, symbol) == Decimal(w["net"])
        assert f"win capped: {symbol}{uncapped:,.2f} by the paytable, {symbol}{Decimal(w['net']):,.2f} paid" in text
    assert all(o == "win" for lbl, (o, _) in rows.items() if lbl not in
               {f"{w['wager']} {w['bet']}" if w["bet"] else w["wager"] for w in capped})


def test_money_prints_in_the_ruleset_s_currency(catalogue):
    path = ROOT / "examples" / "rounds" / "nsw-absent-player.yaml"
    code = catalogue.latest("nsw").data["jurisdiction"]["currency"]
    text = _settle(path).stdout
    assert f"Amounts in {code} ({currency_symbol(code)})" in text
    limit = json.loads(_settle(path, "--format", "json").stdout)["payout_limits"]
    for name, value in limit.items():
        assert f"Payout limit {name}: {currency_symbol(code)}{Decimal(value):,.2f}" in text
