"""What the math flags in a configured paytable needs the house's explicit acceptance, recorded in
the file (``accepted_math_flags``); a paytable on which the house loses fails ``check --strict``
even when accepted, and plain ``check`` says so in its first lines."""
from __future__ import annotations

import json
from pathlib import Path

import yaml
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.gamemath import paytable_result
from lit_compliance.operator.checks import check
from lit_compliance.table.configured import table_settings
from lit_compliance.table.config import load_config, model_for, ruleset_for

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "configs"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _variant(tmp_path, name: str, change) -> Path:
    data = yaml.safe_load((EXAMPLES / f"{name}.yaml").read_text())
    change(data)
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def _progressive_b(data):
    entry = next(w for w in data["wagers"] if w["wager"] == "progressive")
    entry["paytable"] = "b"
    data["wagers"] = [w for w in data["wagers"] if w["wager"] in ("base", "progressive")]  # so the sign fits
    data.pop("accepted_math_flags", None)


def test_a_paytable_on_which_the_house_loses_fails_strict_even_when_accepted_and_check_says_so(tmp_path):
    path = _variant(tmp_path, "maryland", _progressive_b)
    config = load_config(path)
    rs = ruleset_for(config)
    priced = paytable_result(model_for(rs, config), "progressive", "b", table_settings(config, "progressive"))
    assert priced.return_to_player > 1                       # the house loses, by the math itself
    report = check(rs, config)
    flags = [f for f in report.flags if f["house_loses"]]
    assert [f["id"] for f in flags] == ["math-progressive-b-return-over-100"]
    assert report.compliant and [f.kind for f in report.house_loses] == ["house_loses"]
    plain = run("check", path)
    assert plain.exit_code == 0
    assert "The house LOSES money on average" in "\n".join(plain.output.splitlines()[:2])
    assert run("check", path, "--strict").exit_code == 1
    # every flag accepted: still a failure under --strict, and said to be accepted
    every = [f["id"] for f in report.flags]
    data = yaml.safe_load(path.read_text())
    data["accepted_math_flags"] = every
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    assert run("check", path, "--strict").exit_code == 1
    found = json.loads(run("check", path, "--format", "json").output)["findings"]
    loses = [f for f in found if f["kind"] == "house_loses"]
    assert loses and all(f["to_fix"] and "accepted" in f["message"] for f in loses)
    assert not [f for f in found if f["kind"] == "paytable_flagged_by_math"]


def test_a_flag_not_accepted_is_something_to_fix_and_an_accepted_one_is_not(tmp_path):
    accepted = load_config(EXAMPLES / "maryland.yaml").settings.accepted_math_flags
    assert accepted                                           # the example accepts what the math flags
    assert run("check", EXAMPLES / "maryland.yaml", "--strict").exit_code == 0
    path = _variant(tmp_path, "maryland", lambda d: d.pop("accepted_math_flags"))
    report = check(ruleset_for(load_config(path)), load_config(path))
    flagged = [f for f in report.findings if f.kind == "paytable_flagged_by_math"]
    assert {f["id"] for f in report.flags} == set(accepted)
    assert len(flagged) == len(accepted) and all(a in f.message for a, f in zip(sorted(accepted), flagged))
    assert run("check", path, "--strict").exit_code == 1
    assert run("check", path).exit_code == 0


def test_an_accepted_flag_the_math_does_not_raise_is_named(tmp_path):
    def stale(data):
        data["accepted_math_flags"].append("math-base-a-royal_flush-never-pays")
    path = _variant(tmp_path, "maryland", stale)
    report = check(ruleset_for(load_config(path)), load_config(path))
    stale_found = [f for f in report.findings if f.kind == "accepted_flag_not_raised"]
    assert [f.path for f in stale_found] == ["accepted_math_flags[1]"]
    assert run("check", path, "--strict").exit_code == 1


def test_the_house_paytable_is_priced_and_flagged_like_any_other(tmp_path):
    def inverted(data):
        lines = data["wagers"][0]["custom_paytable"]["lines"]
        for line in lines:
            if line["hand"] == "flush":
                line["payout"]["value"] = 300               # a flush now pays more than the rarer straight flush
    path = _variant(tmp_path, "massachusetts", inverted)
    report = check(ruleset_for(load_config(path)), load_config(path))
    house = [e for e in report.edges if e["wager"] == "base"]
    assert [e["paytable"] for e in house] == ["custom"] and house[0]["house_edge"] is not None
    ids = {f["id"] for f in report.flags if f["wager"] == "base"}
    assert "math-base-custom-flush-over-straight_flush" in ids


def _init(*args):
    return run("init", "--no-interactive", *args)


def test_init_from_options_writes_the_figures_the_house_states_for_nsw_and_massachusetts(tmp_path):
    """NSW's lost base figures and Massachusetts' house paytable, from --figure: each file passes
    check --strict; without them init names every figure it needs and writes nothing."""
    from lit_compliance.model import model_of

    nsw = tmp_path / "nsw.yaml"
    common = ["--casino", "C", "--minimum", "25", "--maximum", "2500", "--dealing-method", "card_shoe"]
    lost = [ln.hand for t in model_of(ruleset_for_ref("nsw")).wager("base").paytables for ln in t.lines
            if ln.payout.missing]
    refused = _init("--jurisdiction", "nsw", *common, "--output", nsw)
    assert refused.exit_code == 2 and not nsw.exists()
    assert all(f"--figure base:{hand}" in refused.output for hand in lost)
    example = {f["hand"]: f["payout"]["value"] for f in load_config(EXAMPLES / "nsw.yaml").data["wagers"][0]["supplied_figures"]}
    figures = [a for hand in lost for a in ("--figure", f"base:{hand}={example[hand]}")]
    written = _init("--jurisdiction", "nsw", *common, *figures, "--output", nsw)
    assert written.exit_code == 0, written.output
    supplied = load_config(nsw).data["wagers"][0]["supplied_figures"]
    assert [(f["hand"], f["payout"]["value"]) for f in supplied] == [(h, example[h]) for h in lost]
    assert run("check", nsw, "--strict").exit_code == 0
    # figures the math flags (a straight flush paying less than a full house) are refused unless accepted
    upside_down = [a for i, hand in enumerate(lost) for a in ("--figure", f"base:{hand}={10 * (i + 1)}")]
    flagged = _init("--jurisdiction", "nsw", *common, *upside_down, "--force", "--output", nsw)
    assert flagged.exit_code == 2 and "--accept-flagged" in flagged.output

    ma = tmp_path / "ma.yaml"
    example = load_config(EXAMPLES / "massachusetts.yaml").data["wagers"][0]["custom_paytable"]["lines"]
    house = {ln["hand"]: str(ln["payout"]["value"]) for ln in example}
    house["flush"] += " to 1"                                # said as people say it
    house["pair_tens_or_better"] += ":1"
    args = ["--jurisdiction", "massachusetts", "--casino", "C", "--minimum", "15", "--maximum", "1000",
            "--dealing-method", "hand", "--seats", "7"]
    refused = _init(*args, "--output", ma)
    assert refused.exit_code == 2 and "--figure base:HAND=FIGURE" in refused.output and not ma.exists()
    wrong = _init(*args, "--figure", "base:royal_flush=lots", "--output", ma)
    assert wrong.exit_code == 2 and "'lots' is not a figure" in wrong.output
    given = [a for hand, pays in house.items() for a in ("--figure", f"base:{hand}={pays}")]
    assert _init(*args, *given, "--output", ma).exit_code == 0
    lines = load_config(ma).data["wagers"][0]["custom_paytable"]["lines"]
    assert lines == example
    assert run("check", ma, "--strict").exit_code == 0
    # a house paytable on which a four of a kind loses while a flush wins is flagged: refused unless accepted
    holed = [a for hand, pays in house.items() if hand != "four_of_a_kind" for a in ("--figure", f"base:{hand}={pays}")]
    flagged = _init(*args, *holed, "--force", "--output", ma)
    assert flagged.exit_code == 2 and "math-base-custom-four_of_a_kind-loses" in flagged.output


def ruleset_for_ref(jurisdiction: str):
    from lit_compliance.load.catalogue import Catalogue

    return Catalogue.bundled().latest(jurisdiction)
