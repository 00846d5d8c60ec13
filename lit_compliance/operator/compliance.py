"""Does a table configuration comply with its ruleset? Checks that give findings with citations.

Every check reads a ruleset field (a wager's selection rule, ``meter.reset_minimum``, the
``payout_limits`` floor, ``table_limits`` rules, ``table.max_positions``, the dealing method ids,
the wagers themselves); nothing here knows any jurisdiction by name.

A finding is an ``error`` (the configuration does not comply) or a ``warning`` (the rules cannot
settle the point, e.g. the ruleset records a finding about a figure the table uses, or a rule
needs someone's approval).
"""
from __future__ import annotations

from fractions import Fraction

from dataclasses import dataclass
from typing import Iterable

from ..load.catalogue import Ruleset, finding_ids
from ..model import Line, Payout, Paytable, exact
from ..output.wording import hand_name, money, odds
from ..load.strict_yaml import format_path
from ..model import model_of
from .table_config import TableConfig, chosen_readings, model_for

ERROR, WARNING = "error", "warning"

# Every kind of finding ``check`` can report, with what it means (documentation and tests).
KINDS = {
    "wager_not_offered": (ERROR, "the configuration offers a wager the ruleset does not provide for"),
    "required_wager_missing": (ERROR, "a wager the ruleset requires at every table is not offered"),
    "prerequisite_wager_missing": (ERROR, "a wager is offered without a wager it may only be made with"),
    "paytable_missing_in_ruleset": (ERROR, "the ruleset has no paytable for the wager, so no payouts can be posted"),
    "paytable_not_chosen": (ERROR, "the ruleset makes the operator choose a paytable and none is named"),
    "paytable_not_permitted": (ERROR, "the paytable is not one the ruleset permits"),
    "below_minimum_odds": (ERROR, "a house paytable pays less than the ruleset's minimum odds"),
    "stake_mismatch": (ERROR, "a wager's stake differs from the stake the ruleset fixes"),
    "envy_mismatch": (ERROR, "an envy bonus amount differs from the ruleset's"),
    "progressive_settings": (ERROR, "progressive meter settings missing, or given for a wager without a meter"),
    "reset_below_minimum": (ERROR, "the progressive seed or reset is below the ruleset's floor"),
    "payout_limit_below_floor": (ERROR, "the payout limit is below the least limit the ruleset allows"),
    "combined_limit_exceeded": (ERROR, "the wagers together can exceed the table limit where the ruleset forbids it"),
    "dealing_method_not_permitted": (ERROR, "the dealing method is not one the ruleset provides for"),
    "too_many_seats": (ERROR, "more player positions than the ruleset allows"),
    "reading_not_permitted": (ERROR, "the configuration chooses a reading the rules do not leave to the operator"),
    "ruleset_finding": (WARNING, "the ruleset records a finding (gap, garble or contradiction) about something the table uses"),
    "unchecked": (WARNING, "a rule could not be checked because the ruleset lacks the figure"),
    "payout_limit_not_provided": (WARNING, "the configuration sets a payout limit but no rule provides for one"),
    "needs_approval": (WARNING, "a setting takes effect only with a regulator's approval"),
    "figure_missing": (ERROR, "a line the sign would print has no figure in the rules and the configuration supplies none"),
    "supplied_figure_not_needed": (ERROR, "the configuration supplies a figure the rules already fix"),
    "paytable_flagged_by_math": (WARNING, "the chosen paytable returns more than 100% or the math finds it out of order"),
    "sign_does_not_fit": (ERROR, "the payout schedule does not fit the configured sign size at the minimum type size"),
    "award_above_payout_limit": (WARNING, "an advertised award can exceed the payout limit; the sign states the cap beside it"),
}


@dataclass(frozen=True)
class Finding:
    """One result of checking a configuration."""

    severity: str
    kind: str
    message: str
    cite: str
    file: str
    line: int
    column: int
    path: str
    finding_id: str | None = None

    def __str__(self) -> str:
        ref = finding_note(self.finding_id.split(", ")) if self.finding_id else ""
        where = f"{self.file}:{self.line}:{self.column}: {self.path or '(top)'}"
        return f"{where}: {self.severity} [{self.kind}]: {self.message}{ref} [{self.cite}]"

    def as_dict(self) -> dict:
        return {"severity": self.severity, "kind": self.kind, "message": self.message, "cite": self.cite,
                "file": self.file, "line": self.line, "column": self.column, "path": self.path,
                "findings": self.finding_id.split(", ") if self.finding_id else []}


@dataclass(frozen=True)
class Report:
    ruleset: Ruleset
    config: TableConfig
    findings: tuple[Finding, ...]
    readings: tuple = ()      # the readings in force for the configured wagers (dicts)
    edges: tuple = ()         # the house edge of each configured wager's paytable (dicts)

    @property
    def must_fix(self) -> list[Finding]:
        """What makes the table non-compliant."""
        return self.errors

    @property
    def should_know(self) -> list[Finding]:
        """Warnings about this table's own settings and choices (the operator can act on them)."""
        return [f for f in self.warnings if f.kind != "ruleset_finding"]

    @property
    def regulation_defects(self) -> list[Finding]:
        """Gaps, garbles and contradictions in the regulation itself (the operator cannot fix them)."""
        return [f for f in self.warnings if f.kind == "ruleset_finding"]

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == ERROR]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == WARNING]

    @property
    def compliant(self) -> bool:
        return not self.errors


def finding_note(value) -> str:
    """' (finding a)' or ' (findings a, b)' or ''."""
    ids = finding_ids(value)
    if not ids:
        return ""
    return f" (finding{'s' if len(ids) > 1 else ''} {', '.join(ids)})"


# --- money and odds ------------------------------------------------------------------------


def net_per_unit(payout: dict, stake: float | None) -> Fraction | None:
    """What a payout (a ruleset or configuration mapping) wins per unit staked, net of the stake."""
    return Payout.from_data(payout).net_per_unit(exact(stake))


def _line_key(line: dict) -> tuple:
    return line["hand"], tuple(sorted(line.get("suits", [])))


def _line_label(line: dict) -> str:
    return hand_name(line["hand"], line.get("suits"))


def line_stake(line: dict, table: dict | None, wager: dict) -> Fraction | None:
    """The stake a line's money amount is for (the model's rule: line, else paytable, else wager)."""
    model_table = Paytable.from_data(table or {"lines": [line]}, wager)
    return model_table.line_stake(Line.from_data(line), exact((wager.get("stake") or {}).get("amount")))


def base_bet_count(ruleset: Ruleset) -> int:
    return len(ruleset.data["base_game"]["bets"])


# --- the checker ---------------------------------------------------------------------------


class _Checker:
    def __init__(self, ruleset: Ruleset, config: TableConfig):
        self.rs = ruleset
        self.cfg = config
        allowed, self.refused_readings = chosen_readings(ruleset, config)
        self.model = model_of(ruleset, allowed)
        self.table_model = model_for(ruleset, config)  # with the figures the house supplies
        self.data = self.model.sections
        self.out: list[Finding] = []
        self.findings_by_id = {f["id"]: f for f in ruleset.findings}
        self.wagers = {w["id"]: w for w in self.data["wagers"]}
        self.source = self.data["source"]["citation"]
        self.symbol = "$"
        self.pending: dict[tuple, list[str]] = {}

    # reporting
    def add(self, kind: str, path: tuple, message: str, cite: str, finding=None) -> None:
        severity = KINDS[kind][0]
        finding_id = ", ".join(finding_ids(finding)) or None
        line, col = self.cfg.locate(path)
        self.out.append(Finding(severity, kind, message, cite, self.cfg.path, line, col, format_path(path),
                                finding_id))

    def ruleset_finding(self, finding, path: tuple, context: str, item: str | None = None) -> None:
        """Surface ruleset findings (one id or a list): one warning per finding id and configuration place."""
        for finding_id in finding_ids(finding):
            if finding_id not in self.findings_by_id:
                continue
            contexts = self.pending.setdefault((finding_id, path), {})
            items = contexts.setdefault(context, [])
            if item and item not in items:
                items.append(item)

    def flush_ruleset_findings(self) -> None:
        for (finding_id, path), contexts in self.pending.items():
            f = self.findings_by_id[finding_id]
            kind = f["kind"].replace("_", " ")
            where = "; ".join(f"{c}: {', '.join(items)}" if items else c for c, items in contexts.items())
            self.add("ruleset_finding", path, f"{where} -- {kind}: {f['problem']} Recorded as: {f['recorded_as']}",
                     f["cite"], finding_id)

    # checks
    def run(self) -> list[Finding]:
        for path, message in self.refused_readings:
            self.add("reading_not_permitted", path, message, self.source)
        self.check_wagers_offered()
        for i, choice in enumerate(self.cfg.wagers):
            wager = self.wagers.get(choice["wager"])
            if wager is not None:
                self.check_wager(i, choice, wager)
        self.check_payout_limit()
        self.check_awards_above_limit()
        self.check_supplied_figures()
        self.check_combined_limits()
        self.check_dealing_method()
        self.check_seats()
        self.flush_ruleset_findings()
        self.check_sign_fits()
        order = {ERROR: 0, WARNING: 1}
        return sorted(self.out, key=lambda f: (order[f.severity], f.line, f.column, f.kind, f.message))

    def check_sign_fits(self) -> None:
        """The sign can be printed at the configured size with type no smaller than the minimum (the
        placard command refuses otherwise): asked only of a configuration that is otherwise sound."""
        if any(f.severity == ERROR for f in self.out):
            return
        from .placard import placard_view
        from .sign_layout import PlacardTooFull

        try:
            placard_view(self.rs, self.cfg, with_qr=False)
        except PlacardTooFull as exc:
            cites = [rule["cite"] for rule in self.data.get("signage", []) if rule.get("cite")]
            self.add("sign_does_not_fit", ("sign_size",), str(exc), "; ".join(cites[:2]) or self.source)

    def check_wagers_offered(self) -> None:
        offered = {c["wager"] for c in self.cfg.wagers}
        for i, choice in enumerate(self.cfg.wagers):
            if choice["wager"] not in self.wagers:
                known = ", ".join(sorted(self.wagers))
                self.add("wager_not_offered", ("wagers", i, "wager"),
                         f"{self.rs.name} rules provide for no wager {choice['wager']!r} (wagers: {known})",
                         self.source)
                continue
            wager = self.wagers[choice["wager"]]
            for need in wager.get("requires_wagers", []):
                if need not in offered:
                    need_name = self.wagers[need]["name"] if need in self.wagers else need
                    self.add("prerequisite_wager_missing", ("wagers", i, "wager"),
                             f"{wager['name']} may only be offered with {need_name} ({need!r}), which this table does not offer",
                             wager["cite"])
        for wager in self.rs.wagers:
            if wager["offered"] == "required" and wager["id"] not in offered:
                self.add("required_wager_missing", ("wagers",),
                         f"{wager['name']} ({wager['id']!r}) is required at every table but is not offered",
                         wager["cite"])

    def chosen_tables(self, i: int, choice: dict, wager: dict) -> list[dict] | None:
        """The ruleset paytables this choice uses (None where it uses none of them)."""
        tables = wager["paytables"]
        if "custom_paytable" in choice:
            return None
        if "paytable" in choice:
            return [t for t in tables if t["id"] == choice["paytable"]]
        if wager["selection"]["rule"] == "fixed":
            return list(tables)
        return []

    def check_wager(self, i: int, choice: dict, wager: dict) -> None:
        path = ("wagers", i)
        rule = wager["selection"]["rule"]
        cite = wager["selection"]["cite"]
        tables = wager["paytables"]
        ids = ", ".join(t["id"] for t in tables)
        self.ruleset_finding(wager.get("finding"), path + ("wager",), wager["name"])

        chosen: list[dict] = []
        if not tables and "custom_paytable" not in choice:
            self.add("paytable_missing_in_ruleset", path + ("wager",),
                     f"the ruleset has no paytable for {wager['name']}, so its payouts cannot be posted",
                     cite, wager.get("finding"))
        elif "custom_paytable" in choice:
            if rule != "minimum":
                self.add("paytable_not_permitted", path + ("custom_paytable",),
                         f"{wager['name']}: the rule is {rule.replace('_', ' ')}, so the paytable must be one of the "
                         f"ruleset's ({ids or 'none given'}); a house paytable is allowed only where the ruleset sets minimum odds",
                         cite)
            else:
                self.check_custom_against_floor(i, choice, wager)
        elif "paytable" in choice:
            chosen = [t for t in tables if t["id"] == choice["paytable"]]
            if not chosen:
                self.add("paytable_not_permitted", path + ("paytable",),
                         f"{wager['name']}: paytable {choice['paytable']!r} is not one the ruleset permits ({ids})",
                         cite)
            elif rule == "fixed" and len(tables) > 1:
                self.add("paytable_not_permitted", path + ("paytable",),
                         f"{wager['name']}: the ruleset's paytables ({ids}) apply together as written; "
                         f"omit paytable instead of choosing {choice['paytable']!r}", cite)
                chosen = []
        elif rule == "fixed":
            chosen = list(tables)
        else:
            what = "choose one of" if rule == "choose_one" else "name one of"
            self.add("paytable_not_chosen", path + ("wager",),
                     f"{wager['name']}: {what} the ruleset's paytables ({ids})"
                     + (" or give a custom_paytable that pays at least its odds" if rule == "minimum" else ""),
                     cite)

        for table in chosen:
            tpath = path + ("paytable",) if "paytable" in choice else path + ("wager",)
            for line in table["lines"]:
                self.ruleset_finding(line["payout"].get("finding"), tpath,
                                     f"{wager['name']}, {table['name']}", _line_label(line))
                if line["payout"].get("value") is None and line["payout"]["kind"] != "not_offered" and not line["payout"].get("finding"):
                    self.add("unchecked", tpath, f"{table['name']}: {_line_label(line)} has no figure", line["cite"])
        self.check_stake(i, choice, wager, chosen)
        self.check_progressive(i, choice, wager)
        self.check_envy(i, choice, wager, chosen)

    def check_custom_against_floor(self, i: int, choice: dict, wager: dict) -> None:
        path = ("wagers", i, "custom_paytable")
        floors = wager["paytables"]
        if not floors:
            self.add("unchecked", path,
                     f"{wager['name']}: the ruleset sets minimum odds but records no table of them, "
                     "so the house paytable cannot be checked", wager["selection"]["cite"], wager.get("finding"))
            return
        custom = {_line_key(line): (li, line) for li, line in enumerate(choice["custom_paytable"]["lines"])}
        for floor in floors:
            for line in floor["lines"]:
                payout = line["payout"]
                if payout["kind"] == "not_offered":
                    continue
                label = _line_label(line)
                key = _line_key(line)
                if payout.get("value") is None:
                    self.add("unchecked", path, f"{wager['name']}: the floor for {label} is missing from the ruleset",
                             line["cite"], payout.get("finding"))
                    continue
                if key not in custom:
                    self.add("below_minimum_odds", path + ("lines",),
                             f"{wager['name']}: the house paytable has no line for {label}; "
                             f"the ruleset requires at least {_say(payout)}", line["cite"])
                    continue
                li, mine = custom[key]
                verdict = _at_least(mine["payout"], payout, line_stake(line, floor, wager))
                if verdict is None:
                    self.add("unchecked", path + ("lines", li),
                             f"{wager['name']}: {label} pays {_say(mine['payout'])}, which cannot be compared "
                             f"with the floor {_say(payout)}", line["cite"])
                elif not verdict:
                    self.add("below_minimum_odds", path + ("lines", li, "payout"),
                             f"{wager['name']}: {label} pays {_say(mine['payout'])}, less than the minimum "
                             f"{_say(payout)}", line["cite"])

    def check_stake(self, i: int, choice: dict, wager: dict, chosen: list[dict]) -> None:
        fixed = []
        if wager.get("stake"):
            fixed.append((wager["stake"]["amount"], wager["stake"]["cite"]))
        for table in chosen:
            if table.get("stake") and len(chosen) == 1 and table["stake"] not in [a for a, _ in fixed]:
                fixed.append((table["stake"], table["cite"]))
        for amount, cite in fixed:
            for bound in ("minimum", "maximum"):
                given = choice.get(bound)
                if given is not None and given != amount:
                    self.add("stake_mismatch", ("wagers", i, bound),
                             f"{wager['name']} is a {money(amount)} wager; its {bound} is {money(given)}", cite)

    def check_progressive(self, i: int, choice: dict, wager: dict) -> None:
        path = ("wagers", i)
        meter = wager.get("meter")
        settings = choice.get("progressive")
        if meter is None:
            if settings is not None:
                self.add("progressive_settings", path + ("progressive",),
                         f"{wager['name']} has no progressive meter; remove the progressive settings", wager["cite"])
            return
        if settings is None:
            self.add("progressive_settings", path + ("wager",),
                     f"{wager['name']} pays from a progressive meter: give progressive seed, reset and rate_percent",
                     meter["cite"])
            return
        floor = meter.get("reset_minimum")
        if floor is None:
            return
        for key in ("seed", "reset"):
            if settings[key] < floor:
                self.add("reset_below_minimum", path + ("progressive", key),
                         f"{wager['name']}: the meter {key} {money(settings[key])} is below the "
                         f"{money(floor)} the rules require", meter["cite"])

    def check_envy(self, i: int, choice: dict, wager: dict, chosen: list[dict]) -> None:
        path = ("wagers", i)
        given = choice.get("envy")
        lines = [(t, line) for t in chosen for line in t.get("envy_lines", [])]
        if given is None:
            for table, line in lines:
                self.ruleset_finding(line["payout"].get("finding"), path + ("paytable",),
                                     f"{wager['name']}, {table['name']}, envy bonus", _line_label(line))
            return
        if not lines:
            self.add("envy_mismatch", path + ("envy",),
                     f"{wager['name']}: the chosen paytable has no envy bonus in the rules", wager.get("envy", wager)["cite"])
            return
        rule = wager["selection"]["rule"]
        for ei, envy in enumerate(given):
            epath = path + ("envy", ei)
            key = (envy["hand"], tuple(sorted(envy.get("suits", []))))
            matches = [(t, line) for t, line in lines if _line_key(line) == key]
            if "stake" in envy:
                matches = [(t, line) for t, line in matches if line_stake(line, t, wager) == envy["stake"]]
            label = hand_name(envy["hand"], envy.get("suits"))
            stake_text = f" on a {money(envy['stake'])} wager" if "stake" in envy else ""
            if len(matches) != 1:
                stakes = sorted({line_stake(line, t, wager) or 0 for t, line in lines if _line_key(line) == key})
                hint = (f"; give stake (one of {', '.join(money(s) for s in stakes)})"
                        if len(matches) > 1 else "")
                self.add("envy_mismatch", epath,
                         f"{wager['name']}: the rules have {'no' if not matches else 'more than one'} envy bonus for "
                         f"{label}{stake_text}{hint}", wager.get("envy", wager)["cite"])
                continue
            table, line = matches[0]
            self.ruleset_finding(line["payout"].get("finding"), epath, f"{wager['name']}, envy bonus", label)
            value = line["payout"].get("value")
            if value is None:
                continue
            ok = envy["amount"] >= value if rule == "minimum" else envy["amount"] == value
            if not ok:
                need = "at least " if rule == "minimum" else ""
                self.add("envy_mismatch", epath + ("amount",),
                         f"{wager['name']}: the envy bonus for {label}{stake_text} is {money(envy['amount'])}; "
                         f"the rules set {need}{money(value)}", line["cite"])

    def max_win_at_minimum(self, wager: dict, choice: dict) -> tuple[float | None, str]:
        """The most one player can win on ``wager`` in a round betting the table minimum."""
        table_min = self.cfg.data["limits"]["minimum"]
        if wager["kind"] == "base":
            units, stake_text = base_bet_count(self.rs), f"{base_bet_count(self.rs)} bets of {money(table_min)}"
            stake = table_min
        else:
            stake = choice.get("minimum") or (wager["stake"]["amount"] if wager.get("stake") else table_min)
            units, stake_text = 1, f"one {money(stake)} wager"
        lines: list[tuple[dict, dict | None]] = []
        if "custom_paytable" in choice:
            lines = [(line, None) for line in choice["custom_paytable"]["lines"]]
        else:
            for table in self.chosen_tables(0, choice, wager) or []:
                lines += [(line, table) for line in table["lines"]]
        best = None
        for line, table in lines:
            per_unit = net_per_unit(line["payout"], line_stake(line, table, wager))
            if per_unit is not None and (best is None or per_unit > best):
                best = per_unit
        if best is None:
            return None, stake_text
        return best * stake * units, stake_text

    def check_math(self) -> list[dict]:
        """The house edge of every configured wager's paytable, and a warning where the math flags one."""
        from ..gamemath import paytable_result
        from ..gamemath.findings import math_findings

        edges, results = [], []
        for i, choice in enumerate(self.cfg.wagers):
            try:
                wager = self.table_model.wager(choice["wager"])
            except KeyError:
                continue
            if "custom_paytable" in choice:
                continue
            ids = [choice["paytable"]] if "paytable" in choice else [t.id for t in wager.paytables] or [None]
            for table_id in ids:
                if table_id is not None and wager.paytable(table_id) is None:
                    continue
                r = paytable_result(self.table_model, wager.id, table_id)
                results.append(r)
                edges.append({"wager": wager.id, "wager_name": wager.name, "paytable": table_id,
                              "paytable_name": r.paytable_name, "status": r.status, "house_edge": r.house_edge,
                              "return_to_player": r.return_to_player, "note": r.note})
        flagged = math_findings(self.table_model, results)
        for i, choice in enumerate(self.cfg.wagers):
            for e in edges:
                if e["wager"] != choice["wager"]:
                    continue
                slug = f"math-{e['wager']}-{e['paytable']}-"
                for f in flagged:
                    if f["id"].startswith(slug) and "-under-" not in f["id"] and f["kind"] != "missing_figure":
                        self.add("paytable_flagged_by_math", ("wagers", i, "paytable") if "paytable" in choice else ("wagers", i),
                                 f"{f['says']}: {f['problem']}", f["cite"])
        return edges

    def check_supplied_figures(self) -> None:
        """Every line the placard would print has a figure: the rules', or one the house supplies
        (which needs the regulator's approval, citing the finding)."""
        for i, choice in enumerate(self.cfg.wagers):
            wager = self.wagers.get(choice["wager"])
            if wager is None or "custom_paytable" in choice:
                continue
            given = {(f["hand"], tuple(f.get("suits") or ())): (k, f) for k, f in enumerate(choice.get("supplied_figures") or ())}
            used = set()
            for table in self.chosen_tables(i, choice, wager) or []:
                for line in table["lines"]:
                    payout = line["payout"]
                    if payout.get("value") is not None or payout["kind"] == "not_offered":
                        continue
                    key = (line["hand"], tuple(line.get("suits") or ()))
                    label = hand_name(line["hand"], line.get("suits"))
                    if key in given:
                        used.add(key)
                        k, f = given[key]
                        self.add("needs_approval", ("wagers", i, "supplied_figures", k),
                                 f"{wager['name']}, {table['name']}: {label} pays {odds(f['payout'])} as the house sets it; "
                                 "the published rules give no figure, so it needs the regulator's approval",
                                 line["cite"], payout.get("finding"))
                    else:
                        self.add("figure_missing", ("wagers", i),
                                 f"{wager['name']}, {table['name']}: the published rules give no figure for {label}, "
                                 "and the configuration supplies none, so the sign would say \"not stated\"; "
                                 "give the figure the regulator approved under supplied_figures, or do not offer the wager",
                                 line["cite"], payout.get("finding"))
            for key, (k, f) in given.items():
                if key not in used:
                    self.add("supplied_figure_not_needed", ("wagers", i, "supplied_figures", k),
                             f"{wager['name']}: the rules already fix the figure for {hand_name(*key)} "
                             "(or the chosen paytable has no such line); remove it", wager["cite"])

    def check_awards_above_limit(self) -> None:
        for a in awards_above_limit(self.table_model, self.cfg):
            wager = self.wagers[a["wager"]]
            what = (f"pays {a['pays']}, and the meter has no ceiling" if a["win"] is None
                    else f"can win {money(a['win'])} at the wager's maximum bet")
            self.add("award_above_payout_limit", ("payout_limit",),
                     f"{wager['name']}: {hand_name(a['hand'], a['suits'])} {what}, above the {money(a['limit'])} "
                     "payout limit; the placard states the cap beside it", a["cite"])

    def check_payout_limit(self) -> None:
        limit = self.cfg.data.get("payout_limit")
        rules = self.data["payout_limits"]
        offered = {c["wager"]: c for c in self.cfg.wagers if c["wager"] in self.wagers}
        if limit is None:
            return
        if not rules:
            self.add("payout_limit_not_provided", ("payout_limit",),
                     f"the rules provide for no payout limit, so winning wagers are owed in full; "
                     f"a {money(limit)} limit is not backed by {self.source}", self.source)
            return
        for rule in rules:
            covered = [w for w in rule["applies_to"] if w in offered and w not in rule.get("excludes", [])]
            if not covered:
                continue
            self.ruleset_finding(rule.get("finding"), ("payout_limit",), "Payout limit")
            if rule["set_by"] == "operator_with_regulator_approval":
                self.add("needs_approval", ("payout_limit",),
                         f"the payout limit of {money(limit)} needs the regulator's approval", rule["cite"])
            floor = rule.get("floor") or {}
            if floor.get("kind") != "max_base_win_at_table_minimum":
                continue
            total, parts = 0.0, []
            for wid in covered:
                win, stake_text = self.max_win_at_minimum(self.wagers[wid], offered[wid])
                if win is None:
                    self.add("unchecked", ("payout_limit",),
                             f"the most {self.wagers[wid]['name']} can win is not known, so the payout limit "
                             "floor leaves it out", floor["cite"])
                    continue
                total += win
                parts.append(f"{self.wagers[wid]['name']}: {money(win)} on {stake_text}")
            if limit < total:
                extra = f", or the amount set by {floor['or_amount_set_by']}" if floor.get("or_amount_set_by") else ""
                self.add("payout_limit_below_floor", ("payout_limit",),
                         f"the payout limit {money(limit)} is below {money(total)}, the most one player can win in a "
                         f"round betting the table minimum ({'; '.join(parts)}); the limit may not be less than "
                         f"that{extra}", floor["cite"])

    def check_combined_limits(self) -> None:
        offered = {c["wager"]: c for c in self.cfg.wagers if c["wager"] in self.wagers}
        limits = self.cfg.data["limits"]
        for rule in self.data["table_limits"]:
            if rule["rule"] != "combined_wagers_within_table_limit":
                continue
            names = rule.get("wagers") or sorted(offered)
            total, parts = 0.0, []
            for wid in names:
                if wid not in offered:
                    continue
                wager, choice = self.wagers[wid], offered[wid]
                if wager["kind"] == "base":
                    each = choice.get("maximum", limits["maximum"])
                    n = base_bet_count(self.rs)
                    total += n * each
                    parts.append(f"{wager['name']} {n} x {money(each)}")
                else:
                    tables = self.chosen_tables(0, choice, wager) or []
                    fixed = wager["stake"]["amount"] if wager.get("stake") else (
                        tables[0]["stake"] if len(tables) == 1 and tables[0].get("stake") else None)
                    each = choice.get("maximum", fixed if fixed is not None else limits["maximum"])
                    total += each
                    parts.append(f"{wager['name']} {money(each)}")
            if total > limits["maximum"]:
                self.add("combined_limit_exceeded", ("limits", "maximum"),
                         f"a player's wagers together can reach {money(total)} ({' + '.join(parts)}), above the "
                         f"table limit of {money(limits['maximum'])}; set lower maximums on the wagers", rule["cite"])

    def check_dealing_method(self) -> None:
        method_id = self.cfg.data["dealing_method"]
        methods = {m["id"]: m for m in self.data["dealing_methods"]}
        if method_id not in methods:
            cites = "; ".join(m["cite"] for m in self.data["dealing_methods"])
            self.add("dealing_method_not_permitted", ("dealing_method",),
                     f"{method_id!r} is not a dealing method the rules provide for "
                     f"({', '.join(sorted(methods))})", cites)
            return
        method = methods[method_id]
        self.ruleset_finding(method.get("finding"), ("dealing_method",), method["name"])
        self.ruleset_finding(method["plan"].get("finding"), ("dealing_method",), method["name"])

    def check_seats(self) -> None:
        fact = self.data["table"]["max_positions"]
        seats = self.cfg.data["seats"]
        if fact["value"] is None:
            self.ruleset_finding(fact.get("finding"), ("seats",), "Number of player positions")
            if not fact.get("finding"):
                self.add("unchecked", ("seats",), "the rules state no maximum number of positions", fact["cite"])
            return
        if seats > fact["value"]:
            self.add("too_many_seats", ("seats",),
                     f"{seats} player positions; the rules allow at most {fact['value']}", fact["cite"])


def _say(payout: dict) -> str:
    return odds(payout)


def _at_least(mine: dict, floor: dict, floor_stake: float | None) -> bool | None:
    """Whether payout ``mine`` pays at least ``floor``; None where they cannot be compared."""
    a, b = Payout.from_data(mine), Payout.from_data(floor)
    if a.kind == b.kind and (a.is_fixed or a.is_meter):
        return a.value >= b.value
    a, b = a.net_per_unit(exact(floor_stake)), b.net_per_unit(exact(floor_stake))
    if a is None or b is None:
        return None
    return a >= b


def check(ruleset: Ruleset, config: TableConfig) -> Report:
    """Check ``config`` against ``ruleset``; every finding carries the citation that decides it."""
    checker = _Checker(ruleset, config)
    edges = checker.check_math()
    findings = tuple(checker.run())
    return Report(ruleset, config, findings, tuple(readings_in_force(checker.model, config)), tuple(edges))


def awards_above_limit(model, config: TableConfig) -> list[dict]:
    """Every advertised award that can exceed the configuration's payout limit on a wager the limit
    covers: a fixed amount above it, odds whose win at the wager's maximum bet is above it, or a
    meter share (the meter has no ceiling). Each: wager, hand, suits, what it pays, the limit."""
    limit = config.data.get("payout_limit")
    if limit is None:
        return []
    cap = exact(limit)
    out = []
    by_id = {c["wager"]: c for c in config.wagers}
    for rule in model.payout_limits:
        for wager in model.wagers:
            choice = by_id.get(wager.id)
            if choice is None or not rule.covers(wager.id):
                continue
            tables = [wager.paytable(choice["paytable"])] if "paytable" in choice else list(wager.paytables)
            top = exact(choice.get("maximum") or config.data["limits"]["maximum"])
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


def readings_in_force(model, config: TableConfig) -> list[dict]:
    """Each reading in force for a configured wager's paytables: who chose it, and what the others mean."""
    chosen = config.data.get("readings") or {}
    out: dict = {}
    for choice in config.wagers:
        try:
            wager = model.wager(choice["wager"])
        except KeyError:
            continue
        tables = [choice["paytable"]] if "paytable" in choice else [t.id for t in wager.paytables]
        for table_id in tables or [None]:
            prefix = ("wagers", wager.id) + (("paytables", table_id) if table_id else ())
            for reading in model.readings_touching(*prefix):
                entry = out.setdefault((reading.finding, reading.id), {
                    "finding": reading.finding, "reading": reading.id, "meaning": reading.meaning,
                    "default": reading.default, "chosen": chosen.get(reading.finding) == reading.id,
                    "wagers": [], "others": [
                        {"reading": r.id, "meaning": r.meaning, "operator_may_choose": r.operator_may_choose}
                        for r in model.finding(reading.finding).readings if r.id != reading.id]})
                if wager.id not in entry["wagers"]:
                    entry["wagers"].append(wager.id)
    for reading in model.readings_touching("irregularities"):
        out.setdefault((reading.finding, reading.id), {
            "finding": reading.finding, "reading": reading.id, "meaning": reading.meaning,
            "default": reading.default, "chosen": chosen.get(reading.finding) == reading.id,
            "wagers": ["irregularities"], "others": [
                {"reading": r.id, "meaning": r.meaning, "operator_may_choose": r.operator_may_choose}
                for r in model.finding(reading.finding).readings if r.id != reading.id]})
    return list(out.values())


def kinds_of(findings: Iterable[Finding]) -> set[str]:
    return {f.kind for f in findings}
