"""One answer everywhere: every command that prices a paytable prints the priced record's figures.

Every paytable of the catalogue and every example configuration is priced through every command's
JSON output (``analyze``, ``paytables``, ``par``, ``check``, ``compare base-paytables``, ``diff``),
and every figure two commands both print (house edge, return, hit frequency, status, the meter it
holds at) must be equal. Figures printed as text (``compare``, ``paytables``' words) are held to the
record at the precision they are printed with.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.gamemath.record import settings_json
from lit_compliance.report.priced_json import priced_json

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = sorted((ROOT / "examples" / "configs").glob("*.yaml"))
COMPLIANT = [p for p in CONFIGS if not p.name.startswith("noncompliant")]
FIGURES = ("status", "house_edge", "return_to_player", "hit_frequency")


def _json(*args: str):
    out = CliRunner().invoke(main, [*args, "--format", "json"])
    assert out.exit_code in (0, 1), out.output
    return json.loads(out.output)


def _figures(record: dict) -> dict:
    """The figures two commands may both print, from a priced record (or its summary)."""
    return {**{k: record[k] for k in FIGURES}, "meter": (record.get("settings") or {}).get("meter")}


@pytest.fixture(scope="module")
def analysed() -> dict:
    """{(ruleset, wager, paytable): figures} as ``analyze all`` prints them."""
    out = {}
    for report in _json("analyze", "all"):
        for r in report["results"]:
            out[(report["ruleset"], r["wager_id"], r["paytable_id"])] = _figures(r)
    assert len(out) > 40
    return out


@pytest.fixture(scope="module")
def jurisdictions(catalogue) -> list[str]:
    return list(catalogue.jurisdictions)


def test_paytables_prints_the_figures_analyze_prints(analysed, jurisdictions):
    for jid in jurisdictions:
        view = _json("paytables", jid)
        for wager in view["wagers"]:
            for table in wager["tables"]:
                key = (view["ref"], wager["id"], None if table["id"] == "-" else table["id"])
                assert _figures(table["result"]) == analysed[key], key
                edge = analysed[key]["house_edge"]
                said = re.match(r"(-?[\d.]+)%", table["math"]["house_edge"])
                assert (said is None) == (edge is None), (key, table["math"]["house_edge"])
                if said:
                    assert said.group(1) == f"{edge * 100:.3f}", key


def _sections(report: dict):
    for wager in report["wagers"]:
        for section in wager["sections"]:
            yield wager["id"], section


def _sheet_figures(section: dict) -> dict:
    """What a PAR section states: its record, and the totals and meter it prints."""
    priced = _figures(section["priced"])
    totals = section.get("totals")
    assert section["status"] == priced["status"]
    if totals is None:
        assert priced["house_edge"] is None, section["paytable_id"]
    else:
        for k in ("house_edge", "return_to_player", "hit_frequency"):
            assert totals[k] == priced[k], (section["paytable_id"], k)
    if "meter" in section:
        assert section["meter"]["priced_at"] == priced["meter"]
    return priced


def test_par_sheets_print_the_figures_analyze_prints(analysed, jurisdictions):
    for jid in jurisdictions:
        report = _json("par", jid)
        for wager_id, section in _sections(report):
            key = (report["title"]["ruleset"], wager_id, section["paytable_id"])
            assert _sheet_figures(section) == analysed[key], key
            rows = [r["contribution"] for r in section.get("rows") or []]
            if section.get("totals") and rows:   # the Contribution column sums as the method defines it
                assert sum(rows) == pytest.approx(-section["totals"]["house_edge"], abs=1e-12), key


def test_compare_base_paytables_prints_the_edges_analyze_prints(analysed):
    data = _json("compare", "base-paytables")
    row = next(r for r in data["rows"] if r["label"] == "House edge")
    for column, cell in zip(data["columns"], row["cells"]):
        keys = [k for k in analysed if k[0] == column["ref"] and k[1] == "base"]
        label = column["label"].split(": ", 1)[-1]
        edges = {analysed[k]["house_edge"] for k in keys if len(keys) == 1 or label in _names(k)}
        assert len(edges) == 1, (column, edges)
        edge = edges.pop()
        if not cell["entries"]:      # no base paytable in the source: nothing to price
            assert edge is None and keys == [(column["ref"], "base", None)]
            continue
        text = cell["entries"][0]["text"]
        if edge is None:
            assert "not computable" in text
        else:
            assert text.startswith(f"{edge * 100:.2f}%"), (column, text)


def _names(key) -> set[str]:
    from lit_compliance.load.catalogue import Catalogue

    ruleset = Catalogue.bundled().resolve(key[0])
    wager = next(w for w in ruleset.wagers if w["id"] == key[1])
    return {t["name"] for t in wager["paytables"] if t["id"] == key[2]}


def test_diff_states_the_edges_the_record_gives(analysed):
    """The old side against ``analyze``; the draft's side against the draft's own priced record."""
    from lit_compliance.gamemath import paytable_result
    from lit_compliance.load.catalogue import load_ruleset

    draft_path = ROOT / "examples" / "maryland-draft-amendment.yaml"
    draft = load_ruleset(draft_path)
    out = CliRunner().invoke(main, ["diff", "maryland", str(draft_path), "--format", "json"])
    assert out.exit_code in (0, 1), out.output
    stated = 0
    for change in json.loads(out.output)["changes"]:
        for side in ("old", "new"):
            edge = change.get(f"house_edge_{side}")
            m = re.match(r"wagers\.([^.]+)\.paytables\.([^.]+)", change.get(f"{side}_fact") or "")
            if edge is None or not m:
                continue
            if side == "old":
                figures = analysed[("maryland@v1", m.group(1), m.group(2))]
            else:
                figures = _figures(priced_json(paytable_result(draft, m.group(1), m.group(2))))
            assert edge == round(figures["house_edge"], 10) and change[f"edge_status_{side}"] == figures["status"]
            stated += 1
    assert stated >= 3


@pytest.mark.parametrize("config", COMPLIANT, ids=lambda p: p.stem)
def test_check_and_par_price_a_configuration_at_the_same_settings(config, analysed):
    check = _json("check", str(config))
    par = _json("par", str(config))
    sheets = {(w, s["paytable_id"]): _sheet_figures(s) for w, s in _sections(par)}
    for edge in check["house_edges"]:
        key = (edge["wager"], edge["paytable"])
        mine = {**{k: edge[k] for k in FIGURES}, "meter": edge["settings"].get("meter")}
        assert mine == sheets[key], (config.name, key)
        if key[1] == "custom":      # the house's own paytable: priced alike, published nowhere
            continue
        published = analysed[(check["ruleset_ref"], *key)]
        supplies = any(c["wager"] == key[0] and c.get("supplied_figures") for c in _config_wagers(config))
        if edge["settings"] == _settings_of(check["ruleset_ref"], key) and not supplies:
            assert mine == published, (config.name, key)


def _config_wagers(config: Path) -> list[dict]:
    import yaml

    return yaml.safe_load(config.read_text(encoding="utf-8"))["wagers"]


def _settings_of(ref: str, key) -> dict:
    from lit_compliance.gamemath import paytable_result
    from lit_compliance.load.catalogue import Catalogue

    return settings_json(paytable_result(Catalogue.bundled().resolve(ref), *key).settings)


def test_a_configured_progressive_is_priced_at_its_configured_reset():
    """Maryland's example configures a $10,000 reset; check and par both price the progressive
    there (not at the rules' $1,000 floor), and say so."""
    config = ROOT / "examples" / "configs" / "maryland.yaml"
    edge = next(e for e in _json("check", str(config))["house_edges"] if e["wager"] == "progressive")
    assert edge["settings"]["meter"] == 10000 and edge["settings"]["meter_from"] == "the configured reset"
    section = next(s for w, s in _sections(_json("par", str(config))) if w == "progressive")
    assert section["meter"]["priced_at"] == 10000 and section["totals"]["house_edge"] == edge["house_edge"]


def test_round_figures_of_a_configured_wager_are_the_priced_records(catalogue):
    """Expectation and standard deviation per round (what a hold estimate reads) come from the same
    record check and par print: mean = -edge x amount, SD = the sheet's SD x amount."""
    from fractions import Fraction

    from lit_compliance.table.configured import configured_round_figures
    from lit_compliance.table.config import load_config, ruleset_for

    path = ROOT / "examples" / "configs" / "maryland.yaml"
    config = load_config(path)
    ruleset = ruleset_for(config, catalogue)
    edges = {e["wager"]: e for e in _json("check", str(path))["house_edges"]}
    sheets = {w: s for w, s in _sections(_json("par", str(path)))}
    for wager_id in ("base", "six-card-bonus", "progressive"):
        figures = configured_round_figures(ruleset, config, wager_id)
        assert float(figures.mean) == pytest.approx(-edges[wager_id]["house_edge"] * float(figures.stake), rel=1e-12)
        assert figures.standard_deviation == pytest.approx(
            sheets[wager_id]["totals"]["standard_deviation"] * float(figures.stake), rel=1e-12)
    assert configured_round_figures(ruleset, config, "base").stake == Fraction(10)      # the table minimum
    assert configured_round_figures(ruleset, config, "six-card-bonus").stake == Fraction(5)   # its own minimum


def test_the_records_moments_give_its_exact_return(analysed):
    """The moments a PAR sheet's spread comes from have the record's return as their mean, exactly,
    for every paytable priced exactly (line by line and as a whole are one computation)."""
    from fractions import Fraction

    checked = 0
    for report in _json("analyze", "all"):
        for r in report["results"]:
            exact_rtp = (r["exact"] or {}).get("return_to_player")
            edge = (r["exact"] or {}).get("house_edge")
            if r["moments"] and (exact_rtp or edge):
                want = Fraction(exact_rtp) if exact_rtp else 1 - Fraction(edge)
                assert 1 + Fraction(r["moments"]["mean"]) == want, (report["ruleset"], r["wager_id"], r["paytable_id"])
                checked += 1
            assert bool(r["moments"]) == (r["house_edge"] is not None), (r["wager_id"], r["paytable_id"])
    assert checked >= 25
