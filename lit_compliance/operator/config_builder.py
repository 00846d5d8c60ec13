"""Building a table configuration from answers: what ``init`` asks, in what order, and how each
answer is checked as it is given.

Every question has a *key*: the place in the configuration its answer lands (``seats``,
``limits.maximum``, ``wagers.progressive.progressive.seed``, ``wagers.six-card-bonus`` for whether
the wager is offered). An :class:`~.answers.Asker` records each answer under its key, so that a configuration
``check`` refuses can be rebuilt with only the answers its errors concern asked again
(:func:`~.answers.keys_for_errors` maps a finding's configuration path to those keys), every other answer
kept. The asker only prompts; the command line supplies the prompting (``cli/init.py``), and
this module knows nothing of terminals.
"""
from __future__ import annotations

from fractions import Fraction

from ..gamemath.settings import Decided, TableSettings
from ..load.catalogue import Ruleset
from ..suggest import did_you_mean
from ..model import SelectionRule, as_printed, model_of
from ..model.wager import Wager
from ..model.vocabulary import money, plain
from .answers import NO_DEFAULT, Asker, BuildError, amount, amount_problem, match_choice
from .config_figures import (FigureError, figure_hint, floor_problem, house_hands, label, missing_lines,
                             parse_figure, parse_figure_options, paytable_lines)
from ..model.table_config import SIGN_SIZES
from ..table.limit_room import Room as _Room, combined_rule as _combined_rule

SIGN_SIZE_IDS = tuple(sorted(SIGN_SIZES))
HOUSE = "house"   # the paytable choice that is the house's own (where the rules set minimum odds)


# --- the questions -----------------------------------------------------------------------------


def _choice(choices: dict[str, str]):
    def check(text):
        return match_choice(text, choices)[1]
    return check


def build_config(rs: Ruleset, ask: Asker, *, casino=None, table=None, minimum=None, maximum=None,
                 payout_limit=None, wagers=(), wager_limits=(), seed=None, reset=None, rate=None,
                 dealing_method=None, seats=None, sign_size=None, figures=()) -> dict:
    """The configuration the answers make (keys and questions as the module says)."""
    data: dict = {"config_version": 1}
    data["casino"] = str(ask.value("casino", casino, "--casino", "Casino name",
                                   check=lambda v: None if str(v).strip() else "a casino name is needed")).strip()
    label = ask.value("table", table, "--table", "Table label (blank for none)", default="")
    if label:
        data["table"] = str(label).strip()
    data["jurisdiction"] = rs.jurisdiction
    data["ruleset_version"] = rs.version
    low = ask.value("limits.minimum", minimum, "--minimum", "Table minimum (each bet)", check=amount_problem)
    low_value = None if low is None else amount(low, "--minimum")
    high = ask.value("limits.maximum", maximum, "--maximum", "Table maximum (each bet)",
                     check=lambda v: amount_problem(v) or (
                         f"the maximum is below the minimum, {money(low_value)}"
                         if low_value is not None and amount(v, "--maximum") < low_value else None))
    high_value = None if high is None else amount(high, "--maximum")
    data["limits"] = {"minimum": low_value, "maximum": high_value}
    limit = ask.value("payout_limit", payout_limit, "--payout-limit", "Payout limit per hand ('none' for no limit)",
                      default="none", check=lambda v: None if str(v).strip().lower() in ("none", "") else amount_problem(v))
    data["payout_limit"] = None if str(limit).strip().lower() in ("none", "") else amount(limit, "--payout-limit")

    printed = as_printed(rs)
    methods = {m.id: m.name for m in printed.dealing_methods}
    if ask.interactive and dealing_method is None and len(methods) > 1 and "dealing_method" not in ask.answers:
        ask.say("Dealing methods:\n" + "\n".join(f"  {m}: {n}" for m, n in methods.items()))
    method = ask.value("dealing_method", dealing_method, "--dealing-method", "Dealing method", check=_choice(methods),
                       **({"default": next(iter(methods))} if len(methods) == 1 else {}))
    data["dealing_method"] = None if method is None else match_choice(method, methods)[0]

    positions = printed.table.max_positions
    most = positions.value or 12
    why = f"the rules allow at most {most} [{positions.cite}]" if positions.value else "at most 12"

    def seats_problem(v):
        try:
            n = int(str(v).strip())
        except ValueError:
            return f"{str(v).strip()!r} is not a whole number"
        return None if 1 <= n <= most else f"{n} seats: {why}"

    n_seats = ask.value("seats", seats, "--seats", "Number of seats", check=seats_problem,
                        **({"default": positions.value, "default_says": "the most the rules allow"}
                           if positions.value else {}))
    data["seats"] = None if n_seats is None else int(str(n_seats).strip())
    size = ask.value("sign_size", sign_size, "--sign-size", "Sign size (" + ", ".join(SIGN_SIZE_IDS) + ")",
                     check=_choice({s: s for s in SIGN_SIZE_IDS}), default="letter")
    data["sign_size"] = match_choice(size, {s: s for s in SIGN_SIZE_IDS})[0]

    try:
        given = parse_figure_options(figures)
    except FigureError as exc:
        raise BuildError(str(exc)) from None
    data["wagers"] = _wagers(rs, ask, data, wagers, wager_limits, seed, reset, rate, given)
    for (wid, hand) in given:
        if (wid, hand) not in ask.figures_used:
            raise BuildError(f"--figure {wid}:{hand}: the table states no such figure (a figure is asked only for a "
                             "line the rules leave without one, or a line of the house's own paytable)"
                             + (f"; figures asked: {', '.join(f'{w}:{h}' for w, h in ask.figures_asked)}"
                                if ask.figures_asked else ""))
    readings = _readings(rs, ask)
    if readings:
        data["readings"] = readings
    if ask.missing:
        raise BuildError("init needs " + ", ".join(dict.fromkeys(ask.missing))
                         + " (or run it interactively with --interactive)")
    return data


def _pairs(values, option: str) -> list[tuple[str, str | None]]:
    out = []
    for value in values:
        key, sep, rest = value.partition("=")
        if not key.strip():
            raise BuildError(f"{option} {value!r}: expected ID or ID=VALUE")
        out.append((key.strip(), rest.strip() if sep else None))
    return out


def _number(value: Fraction, written: str | None = None):
    """An exact figure as the number the ruleset writes (``1.0`` where it writes ``1.0``, else ``1``
    or ``2.5``): what a prompt offers as its default."""
    if written is not None:
        return float(written) if any(c in written for c in ".eE") else int(written)
    return plain(value)


def _fixed_stake(wager: Wager):
    """The stake the rules fix for a wager (its own, or one shared by all its paytables), or None."""
    if wager.stake_cite:
        return _number(wager.stake, wager.stake_as_written), wager.stake_cite
    stakes = {t.stake for t in wager.paytables}
    if len(stakes) == 1 and None not in stakes:
        return _number(stakes.pop()), wager.paytables[0].cite
    return None


def _wagers(rs: Ruleset, ask: Asker, data: dict, wagers, wager_limits, seed, reset, rate, figures) -> list[dict]:
    """Each wager the table offers, as its configuration entry: offered or not, stakes, meter, paytable."""
    known = {w.id: w for w in as_printed(rs).wagers}
    chosen = dict(_pairs(wagers, "--wager"))
    for wid in chosen:
        if wid not in known:
            raise BuildError(f"--wager {wid}: {rs.ref} has no such wager{did_you_mean(wid, known)} "
                             f"(choices: {', '.join(known)})")
    limits = _limits_given(rs, known, wager_limits)
    offered: list[str] = []
    entries = []
    room = _Room(_combined_rule(rs), data["limits"]["maximum"])
    for wager in known.values():
        if not _offered(ask, wager, known, chosen, bool(wagers), offered, room):
            continue
        offered.append(wager.id)
        entry: dict = {"wager": wager.id}
        _stakes(rs, ask, data, wager, entry, limits, room)
        meter = _meter(ask, wager, entry, seed, reset, rate)
        entries.append(_with_paytable(rs, ask, data, wager, entry, chosen[wager.id], meter, figures))
    for wid in limits:
        if wid not in offered:
            raise BuildError(f"--wager-limit {wid}: the table does not offer {wid} (it offers {', '.join(offered)}; "
                             f"add --wager {wid} to offer it)")
    return entries


def _limits_given(rs: Ruleset, known: dict, wager_limits) -> dict:
    """``--wager-limit ID=MIN:MAX`` options, checked: wager id to (least, most)."""
    limits = {}
    for wid, text in _pairs(wager_limits, "--wager-limit"):
        if wid not in known:
            raise BuildError(f"--wager-limit {wid}: {rs.ref} has no such wager{did_you_mean(wid, known)} "
                             f"(choices: {', '.join(known)})")
        low_text, sep, high_text = (text or "").partition(":")
        if not sep:
            raise BuildError(f"--wager-limit {wid}={text}: expected ID=MIN:MAX")
        limits[wid] = (amount(low_text, f"--wager-limit {wid}"), amount(high_text, f"--wager-limit {wid}"))
    return limits


def _offered(ask: Asker, wager: Wager, known: dict, chosen: dict, from_options: bool, offered: list[str],
             room: _Room) -> bool:
    """Whether the table offers ``wager``: required, chosen by option, or confirmed when asking
    (a wager the rules print no paytable for cannot be; one that needs another needs it offered)."""
    wid, key = wager.id, f"wagers.{wager.id}"
    if not wager.paytables and wager.selection is not SelectionRule.MINIMUM:
        why = f"{wager.name} cannot be offered: the rules print no paytable for it [{wager.selection_cite}]"
        if wid in chosen or wager.offered == "required":
            raise BuildError(f"--wager {wid}: {why}")
        if ask.interactive and not from_options and not _once(ask, key):
            ask.say(why)
        return False
    if wid in chosen:
        return True
    if wager.offered != "required":
        if not (ask.interactive and not from_options):
            return False

        def needs(_yes):
            lacking = [known[r].name for r in wager.requires if r not in offered]
            if lacking:
                return (f"{wager.name} may be offered only with {', '.join(lacking)}, which this table "
                        f"does not offer [{wager.cite}]")
            least = _fixed_stake(wager)[0] if _fixed_stake(wager) else Fraction(1, 100)
            return room.refuses(wager.id, least, 1)

        if not ask.confirm(key, f"Offer {wager.name}?", check=needs):
            return False
    chosen[wid] = None
    return True


def _stakes(rs: Ruleset, ask: Asker, data: dict, wager: Wager, entry: dict, limits: dict, room: _Room) -> None:
    """The wager's least and most stake into ``entry`` (from ``--wager-limit``, or asked), and the
    room it takes under a combined table limit."""
    wid, key = wager.id, f"wagers.{wager.id}"
    table_low, table_high = data["limits"]["minimum"], data["limits"]["maximum"]
    fixed = _fixed_stake(wager)
    bets = len(as_printed(rs).base_game.bets)
    if wid in limits:
        entry["minimum"], entry["maximum"] = limits[wid]
    elif wager.is_base and ask.interactive and room.applies(wid) and table_high is not None:
        each = ask.value(f"{key}.maximum", None, "", f"{wager.name}: most on each of the {bets} bets "
                         f"(the wagers together may not exceed the table limit, {money(table_high)} "
                         f"[{_combined_rule(rs).cite}])",
                         check=lambda v: amount_problem(v, table_low) or room.refuses(wid, amount(v), bets),
                         default=_number(Fraction(int(Fraction(str(table_high)) * 100 / bets), 100)))
        entry["maximum"] = amount(each)
    elif not wager.is_base and ask.interactive:
        def stake_problem(v, least=None):
            problem = amount_problem(v)
            if problem:
                return problem
            value = amount(v)
            if fixed and value != fixed[0]:
                return f"the rules fix a {money(fixed[0])} wager [{fixed[1]}]"
            if least is not None and value < least:
                return f"below the least stake, {money(least)}"
            return room.refuses(wid, value, 1) if least is not None else None

        least_default = fixed[0] if fixed else table_low
        says = "the stake the rules fix" if fixed else f"the table minimum, {money(table_low)}"
        low = ask.value(f"{key}.minimum", None, "", f"{wager.name}: least stake", check=stake_problem,
                        default=least_default, default_says=says)
        entry["minimum"] = amount(low)
        most_default = fixed[0] if fixed else max(min(table_high, room.left(wid)), entry["minimum"])
        says = ("the stake the rules fix" if fixed else f"the table maximum, {money(table_high)}"
                if most_default == max(table_high, entry["minimum"]) else
                f"what the table limit leaves, {money(most_default)}")
        high = ask.value(f"{key}.maximum", None, "", f"{wager.name}: most stake",
                         check=lambda v: stake_problem(v, entry["minimum"]), default=most_default, default_says=says)
        entry["maximum"] = amount(high)
    room.take(wid, entry.get("maximum", fixed[0] if fixed else table_high), bets if wager.is_base else 1)


def _meter(ask: Asker, wager: Wager, entry: dict, seed, reset, rate) -> Fraction | None:
    """A progressive wager's meter (seed, reset, rate) into ``entry``; the reset it is priced at."""
    if not wager.meter:
        return None
    key = f"wagers.{wager.id}"
    floor = wager.meter.reset_minimum
    hint = f" (at least {money(floor)})" if floor else ""
    s = ask.value(f"{key}.progressive.seed", seed, "--seed", f"{wager.name}: meter seed{hint}",
                  check=lambda v: amount_problem(v, floor))
    r = ask.value(f"{key}.progressive.reset", reset, "--reset", f"{wager.name}: meter reset{hint}",
                  default=s, default_says="the seed", check=lambda v: amount_problem(v, floor))
    p = ask.value(f"{key}.progressive.rate_percent", rate, "--rate",
                  f"{wager.name}: meter rate, percent of each wager",
                  check=lambda v: amount_problem(v) or (
                      "a rate is a percentage, at most 100" if amount(v, "--rate") > 100 else None))
    if None in (s, r, p):
        return None
    entry["progressive"] = {"seed": amount(s, "--seed"), "reset": amount(r, "--reset"),
                            "rate_percent": amount(p, "--rate")}
    return Fraction(str(entry["progressive"]["reset"]))


def _with_paytable(rs: Ruleset, ask: Asker, data: dict, wager: Wager, entry: dict, paytable: str | None,
                   meter: Fraction | None, figures) -> dict:
    """``entry`` with the wager's paytable (a rules' paytable, or the house's own with its lines),
    and the figures and envy amounts the house supplies for it."""
    wid, key = wager.id, f"wagers.{wager.id}"
    tables = {t.id: t.name for t in wager.paytables}
    house_ok = wager.selection is SelectionRule.MINIMUM
    if house_ok and tables:
        tables[HOUSE] = "the house's own paytable, paying at least these odds"
    if paytable is None and tables and wager.selection is not SelectionRule.FIXED:
        paytable = _choose_paytable(rs, ask, data, wager, entry, tables, meter, figures)
    if house_ok and not wager.paytables:
        paytable = HOUSE
    if paytable is not None:
        if paytable not in tables and not (paytable == HOUSE and house_ok):
            raise BuildError(f"--wager {wid}={paytable}: not a paytable of {wid} ({', '.join(tables) or 'none'})"
                             f"{did_you_mean(paytable, tables)}")
        rest = {k: v for k, v in entry.items() if k != "wager"}
        if paytable == HOUSE:
            lines = _house_lines(ask, wager, key, figures)
            entry = {"wager": wid} | ({"custom_paytable": {"name": "House paytable", "lines": lines}}
                                      if lines is not None else {}) | rest
        else:
            entry = {"wager": wid, "paytable": paytable} | rest
    if paytable != HOUSE:
        used = ([wager.paytable(paytable)] if paytable is not None else
                list(wager.paytables) if wager.selection is SelectionRule.FIXED else [])
        supplied = _supplied_figures(ask, wager, used, key, figures)
        if supplied:
            entry["supplied_figures"] = supplied
        envy = _envy_amounts(ask, wager, used, key)
        if envy:
            entry["envy"] = envy
    return entry


def _choose_paytable(rs: Ruleset, ask: Asker, data: dict, wager: Wager, entry: dict, tables: dict,
                     meter: Fraction | None, figures) -> str:
    """The paytable of a wager with a choice: the only one, the default from options, or asked with
    each one's figures at this table's settings."""
    wid, key = wager.id, f"wagers.{wager.id}"
    house_ok = wager.selection is SelectionRule.MINIMUM
    if len(tables) == 1:
        return next(iter(tables))
    if house_ok and len(wager.paytables) == 1 and not ask.interactive:
        # from options: the house's own where figures are given for it, else the rules' one table
        return HOUSE if any(w == wid for w, _ in figures) else wager.paytables[0].id
    if not ask.interactive:
        raise BuildError(f"{wager.name}: choose a paytable with --wager {wid}=ID ({', '.join(tables)})")
    stake = entry.get("minimum") or (data["limits"]["minimum"] if wager.is_base else None)
    settings = TableSettings(
        meter=meter, meter_from=Decided.RESET_GIVEN if meter is not None else Decided.UNSTATED,
        stake=Fraction(str(stake)) if stake and not wager.is_base else None,
        stake_from=Decided.LEAST_STAKE_GIVEN if stake and not wager.is_base else Decided.UNSTATED,
        players=data.get("seats"))
    if f"{key}.paytable" not in ask.answers or f"{key}.paytable" in ask.redo:
        ask.say(f"Paytables for {wager.name}, at this table's settings:\n"
                + "\n".join(paytable_lines(rs, wager, settings)
                            + ([f"  {HOUSE}: {tables[HOUSE]}"] if HOUSE in tables else [])))
    answer = ask.value(f"{key}.paytable", None, "", f"Paytable for {wager.name}", check=_choice(tables))
    return match_choice(answer, tables)[0]


# --- the figures the house states ------------------------------------------------------------


def _once(ask: Asker, what: str) -> bool:
    """Whether ``what`` was said before (a rebuild does not say it again); it is, from now on."""
    seen = what in ask.said
    ask.said.add(what)
    return seen


def _figure(ask: Asker, wager: Wager, key: str, hand: str, suits, prompt: str, kind: str, figures: dict,
            check=None, default=NO_DEFAULT):
    """One figure the house states (None for no line where ``default`` allows it)."""
    ask.figures_asked.append((wager.id, hand))
    given = figures.get((wager.id, hand))
    if given is not None:
        ask.figures_used.add((wager.id, hand))

    def problem(text):
        try:
            payout = parse_figure(text, kind)
        except FigureError as exc:
            return str(exc) if default is not NO_DEFAULT else str(exc).replace(", or none)", ")")
        if payout is None:
            return None if default is not NO_DEFAULT else "this line needs a figure"
        return check(payout) if check else None

    answer = ask.value(key, given, f"--figure {wager.id}:{hand}", f"{prompt} ({figure_hint(kind)})",
                       check=problem, default=default)
    return None if answer is None else parse_figure(answer, kind)


def _house_lines(ask: Asker, wager: Wager, key: str, figures: dict) -> list[dict] | None:
    """The house's own paytable, line by line (each at least the rules' floor, where they set one)."""
    floor_table = wager.paytables[0] if wager.paytables else None
    if ask.interactive and not _once(ask, f"{key}.house.said"):
        ask.say(f"The house paytable for {wager.name}, best hand first"
                + (f" (each line at least the odds the rules set [{wager.selection_cite}])" if floor_table else
                   f" (the rules set minimum odds but print no table of them [{wager.selection_cite}]; "
                   "answer none for a hand the paytable does not pay)"))
    lines = []
    for hand, suits, floor in house_hands(wager):
        kind = floor.payout.kind.value if floor is not None else "to_one"
        default = (str(floor.payout.value) if floor is not None and floor.payout.value is not None else
                   NO_DEFAULT if floor is not None else "none")
        payout = _figure(ask, wager, f"{key}.house.{hand}{''.join('.' + s for s in suits)}", hand, suits,
                         f"{wager.name}, house paytable: {label(hand, suits)} pays", kind, figures,
                         check=lambda p, floor=floor: floor_problem(p, floor, floor_table, wager),
                         default=default)
        if payout is not None:
            lines.append({"hand": hand, **({"suits": list(suits)} if suits else {}), "payout": payout})
    if not lines and not ask.missing:
        hands = ", ".join(h for h, _, _ in house_hands(wager))
        raise BuildError(f"{wager.name}: the house paytable pays no hand; give each hand it pays with "
                         f"--figure {wager.id}:HAND=FIGURE (hands: {hands})")
    return lines or None


def _supplied_figures(ask: Asker, wager: Wager, tables: list, key: str, figures: dict) -> list[dict]:
    """The figure the house pays on each line of the chosen paytables the rules leave without one."""
    out = []
    for table, line in missing_lines([t for t in tables if t is not None]):
        if ask.interactive and not _once(ask, f"{key}.figures.said"):
            ask.say(f"{wager.name}, {table.name}: the published rules give no figure for "
                    + ", ".join(label(ln.hand, ln.suits) for _, ln in missing_lines([table]))
                    + f" [{table.cite}]; give the figure the house pays (the regulator must approve it)")
        payout = _figure(ask, wager, f"{key}.figures.{line.hand}{''.join('.' + s for s in line.suits)}", line.hand,
                         line.suits, f"{wager.name}, {table.name}: {label(line.hand, line.suits)} pays",
                         line.payout.kind.value, figures)
        if payout is not None:
            out.append({"hand": line.hand, **({"suits": list(line.suits)} if line.suits else {}), "payout": payout})
    return out


def _envy_amounts(ask: Asker, wager: Wager, tables: list, key: str) -> list[dict]:
    """The envy bonus amounts, asked where the rules leave them to the house (a line with no amount,
    or minimum amounts the house may exceed); every envy line is then written, so the sign and the
    math read the table's amounts. Where the rules fix every amount nothing is asked or written."""
    lines = [(t, ln) for t in tables if t is not None for ln in t.envy_lines]
    open_lines = [(t, ln) for t, ln in lines
                  if ln.payout.value is None or wager.selection is SelectionRule.MINIMUM]
    if not open_lines or not ask.interactive:
        return []   # from options the rules' amounts stand; check names a line they leave without one
    out = []
    for table, line in lines:
        stake = table.line_stake(line, wager.stake)
        on = f" on a {money(stake)} wager" if stake else ""
        least = line.payout.value
        if (table, line) in open_lines:
            answer = ask.value(f"{key}.envy.{line.hand}{''.join('.' + s for s in line.suits)}.{stake or ''}", None,
                               "", f"{wager.name}: envy bonus for {label(line.hand, line.suits)}{on}",
                               check=lambda v, least=least: amount_problem(v, least),
                               **({"default": _number(least)} if least is not None else {}))
            value = None if answer is None else amount(answer)
        else:
            value = _number(least)
        if value is not None:
            out.append({"hand": line.hand, **({"suits": list(line.suits)} if line.suits else {}),
                        **({"stake": _number(stake)} if stake else {}), "amount": value})
    return out


def _readings(rs: Ruleset, ask: Asker) -> dict:
    """The reading chosen for each finding whose readings the rules leave to the operator (only
    where the operator has a choice), kept only where it is not the default."""
    chosen = {}
    for finding in model_of(rs).open_findings:
        choices = {r.id: r.meaning for r in finding.readings if r.operator_may_choose or r.default}
        if len(choices) < 2 or not ask.interactive:
            continue
        default = next(r.id for r in finding.readings if r.default)
        if f"readings.{finding.id}" not in ask.answers:
            ask.say(f"The rules leave this to the operator ({finding.id}) [{finding.cite}]:\n"
                    + "\n".join(f"  {rid}: {meaning}" for rid, meaning in choices.items()))
        answer = ask.value(f"readings.{finding.id}", None, "", f"Reading for {finding.id}", check=_choice(choices),
                           default=default)
        rid = match_choice(answer, choices)[0]
        if rid != default:
            chosen[finding.id] = rid
    return chosen
