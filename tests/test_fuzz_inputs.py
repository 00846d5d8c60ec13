"""Property-based: mutated rulesets, configurations, round files, draft amendments and results files
never crash the CLI (results files: LF and CRLF, bare and quoted, as a differential).

Each example takes a bundled file, changes one place in it (a value of another type or out of
range, odd Unicode, a deleted or unknown key, a list where a mapping was), writes it back and runs
the real command on it. The contract: exit status 0, 1 or 2; no traceback and no "internal error";
any file written is well-formed for its format; each run within a bound on the CPU time it uses
(not wall-clock time, which another job on the machine stretches).

Each property runs twice: a short run ([short], SHORT examples) in the default suite and a longer
one ([long], marked ``slow``: ``python -m pytest -m slow``). For a long run set
LIT_COMPLIANCE_FUZZ_EXAMPLES (examples per surface for [long]), e.g.
``LIT_COMPLIANCE_FUZZ_EXAMPLES=10000 python -m pytest -m slow tests/test_fuzz_inputs.py``.
"""
from __future__ import annotations

import collections
import functools
import json
import os
import pickle
import re
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from lit_compliance.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = int(os.environ.get("LIT_COMPLIANCE_FUZZ_EXAMPLES", "60"))
SHORT = min(EXAMPLES, 10)
RUNS = [pytest.param(SHORT, id="short"), pytest.param(EXAMPLES, id="long", marks=pytest.mark.slow)]
# A mutated ruleset costs a whole validation (and a diff when it stays valid): its short run is shorter.
RULESET_RUNS = [pytest.param(min(EXAMPLES, 4), id="short"), RUNS[1]]
CPU_SECONDS_PER_RUN = 30
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=not os.environ.get("LIT_COMPLIANCE_FUZZ_RANDOM"),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])

ODD_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30) | st.sampled_from([
    "", " ", "\x1b[31m", "ſ", "K", "\u202e", "<script>", "]]>", "a|b\n# h", "\ufeff", "1e1", "-0", "NaN", "null",
    "yes", "010", "0x10", "2020-W01-1", "../../etc/passwd", "x" * 300])
NUMBERS = st.sampled_from([0, -1, 1, 2**31, 10**15, 10**30, 0.5, -0.0, 1e308, 1e-300, 3, 7, 8, 100, 52, 1000000])
VALUES = st.one_of(ODD_TEXT, NUMBERS, st.booleans(), st.none(), st.floats(allow_nan=False, allow_infinity=False),
                   st.lists(st.integers(-5, 60), max_size=3), st.dictionaries(ODD_TEXT, NUMBERS, max_size=2))


def _places(data, path=()):
    yield path
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _places(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _places(v, path + (i,))


def _mutate(data, path, how, value):
    if not path:
        return value if how == "replace" else data
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "delete":
        del parent[last]
    elif how == "add" and isinstance(parent, dict):
        parent["unexpected_" + str(len(parent))] = value
    else:
        parent[last] = value
    return data


# libyaml's loader and emitter where PyYAML has them (the pure-Python ones cost seconds per ruleset).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@functools.lru_cache(maxsize=None)
def _parsed(source: Path) -> tuple[bytes, tuple]:
    """A bundled file read and parsed once per run (pickled: each example mutates its own copy) and
    the places in it."""
    text = source.read_text(encoding="utf-8")
    data = json.loads(text) if source.suffix == ".json" else yaml.load(text, Loader=_LOADER)
    return pickle.dumps(data), tuple(_places(data))


def _mutated(source: Path, draw) -> str:
    pickled, places = _parsed(source)
    data = pickle.loads(pickled)
    path = draw(st.sampled_from(places))
    how = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
    data = _mutate(data, path, how, draw(VALUES))
    if source.suffix == ".json":
        return json.dumps(data, ensure_ascii=False)
    return yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False)


_TALLY: collections.Counter = collections.Counter()   # what the runs of the property now running answered


def _kind(stderr: str) -> str:
    """The class of a refusal: its first problem's message with the place, quoted values and numbers
    left out (``missing required field``, ``is not a date``), for a long run's counts."""
    try:
        first = json.loads(stderr)["problems"][0]["message"]
    except (ValueError, KeyError, IndexError, TypeError):
        first = next((ln for ln in stderr.splitlines() if ln.startswith(("error:", "Error:", "lit-compliance:"))), "")
    text = re.sub(r"^(error|Error): ", "", first)
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "_", text)
    words = [w if re.fullmatch(r"[A-Za-z()-]+[,.;:]?", w) and not w.startswith("-") else "_" for w in text.split()]
    words = [w for i, w in enumerate(words) if w != "_" or (i and words[i - 1] != "_")]
    while words and (words[0] == "_" or words[0].endswith(":")):    # the place: file:line:col: field:
        words.pop(0)
    return " ".join(words[:6])[:60] or "(no message)"


def _run(args: list[str]):
    start = time.process_time()  # this process's CPU time: the same on a busy machine as on a quiet one
    result = CliRunner().invoke(main, args, catch_exceptions=True)
    took = time.process_time() - start
    out = result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2), (result.exit_code, out[-500:])
    assert "Traceback" not in out and "internal error" not in out, out[-800:]
    assert took < CPU_SECONDS_PER_RUN, f"{args} took {took:.1f} s of CPU"
    _TALLY[f"{args[0]} exit {result.exit_code}" + (f": {_kind(result.stderr)}" if result.exit_code == 2 else "")] += 1
    return result


RULESETS = sorted((ROOT / "rulesets").glob("*/*.yaml"))
CONFIGS = sorted((ROOT / "examples" / "configs").glob("*.yaml"))
ROUNDS = sorted((ROOT / "examples" / "rounds").glob("*"))


def _fuzz(examples: int, *strategies, **named):
    """Run the property ``examples`` times (FUZZ's other settings) on what the strategies draw. With
    LIT_COMPLIANCE_FUZZ_LOG=FILE, a JSON line is added to FILE (what a long run reports): the test, the
    examples it ran, the runs of each command by exit status and, for a refusal, by the class of its
    message (:func:`_kind`), and the failure if there was one."""
    def run(prop):
        count = [0]

        @functools.wraps(prop)   # the property's own signature, which @given reads
        def counted(*args, **kwargs):
            count[0] += 1
            return prop(*args, **kwargs)

        _TALLY.clear()
        failure = None
        try:
            settings(FUZZ, max_examples=examples)(given(*strategies, **named)(counted))()
        except BaseException as exc:
            failure = exc
            raise
        finally:
            log = os.environ.get("LIT_COMPLIANCE_FUZZ_LOG")
            if log:
                with open(log, "a", encoding="utf-8") as out:
                    out.write(json.dumps({
                        "test": os.environ.get("PYTEST_CURRENT_TEST", "?").split(" ")[0], "examples": count[0],
                        "max_examples": examples, "runs": dict(sorted(_TALLY.items())),
                        "failure": None if failure is None else f"{type(failure).__name__}: {failure}"[:2000],
                    }, ensure_ascii=True) + "\n")
    return run


def _mutated_ruleset_file(tmp_path_factory, data) -> Path:
    """A bundled ruleset, mutated, written under a folder named for its jurisdiction (as the catalogue lays them out)."""
    source = data.draw(st.sampled_from(RULESETS))
    folder = tmp_path_factory.mktemp("rs") / source.parent.name
    folder.mkdir()
    path = folder / source.name
    path.write_text(_mutated(source, data.draw), encoding="utf-8")
    return path


@pytest.mark.parametrize("examples", RULESET_RUNS)
def test_mutated_rulesets_validate_or_say_why_and_what_validates_diffs(tmp_path_factory, examples):
    @_fuzz(examples, st.data())
    def prop(data):
        path = _mutated_ruleset_file(tmp_path_factory, data)
        result = _run(["validate", str(path)])
        if result.exit_code == 0:
            _run(["diff", path.parent.name, str(path), "--no-house-edge", "--format", "json"])


@pytest.mark.parametrize("examples", RUNS)
def test_mutated_configurations_check_and_print_well_formed_placards(tmp_path_factory, examples):
    @_fuzz(examples, st.data())
    def prop(data):
        source = data.draw(st.sampled_from(CONFIGS))
        folder = tmp_path_factory.mktemp("cfg")
        path = folder / "table.yaml"
        path.write_text(_mutated(source, data.draw), encoding="utf-8")
        result = _run(["check", str(path), "--format", "json"])
        if result.exit_code == 2:
            return
        json.loads(result.output)
        svg = folder / "p.svg"
        if _run(["placard", str(path), "--format", "svg", "-o", str(svg)]).exit_code == 0:
            ET.fromstring(svg.read_bytes())
        html = folder / "p.html"
        if _run(["placard", str(path), "--format", "html", "-o", str(html)]).exit_code == 0:
            assert html.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")


@pytest.mark.parametrize("examples", RUNS)
def test_mutated_round_files_settle_or_say_why(tmp_path_factory, examples):
    @_fuzz(examples, st.data())
    def prop(data):
        source = data.draw(st.sampled_from(ROUNDS))
        path = tmp_path_factory.mktemp("round") / source.name
        path.write_text(_mutated(source, data.draw), encoding="utf-8")
        result = _run(["settle", str(path), "--format", "json"])
        if result.exit_code in (0, 1) and result.output.strip():
            json.loads(result.output)


@pytest.mark.parametrize("examples", RUNS)
def test_odd_arguments_to_any_command_are_usage_errors_or_answers(examples):
    @_fuzz(examples, args=st.lists(ODD_TEXT, min_size=1, max_size=3),
           command=st.sampled_from(["show", "evaluate", "deal-plan", "irregularity", "analyze", "paytables",
                                    "compare"]))
    def prop(command, args):
        if command == "analyze":
            args = args[:1]  # one (odd) jurisdiction: never a full catalogue run per example
        _run([command, *args])


# --- issue 35: the surfaces the last waves added ----------------------------------------------------

DRAFT = ROOT / "examples" / "maryland-draft-amendment.yaml"
RESULTS = ROOT / "examples" / "results" / "maryland-lir-2.csv"
MARYLAND = ROOT / "examples" / "configs" / "maryland.yaml"
FORMULA = ("=", "+", "-", "@", "\t", "\r")


@pytest.mark.parametrize("examples", RULESET_RUNS)
def test_mutated_draft_amendments_validate_or_say_why_and_what_validates_diffs(tmp_path_factory, examples):
    @_fuzz(examples, st.data())
    def prop(data):
        path = tmp_path_factory.mktemp("draft") / "draft.yaml"
        path.write_text(_mutated(DRAFT, data.draw), encoding="utf-8")
        result = _run(["validate", str(path)])
        if result.exit_code == 0:
            diffed = _run(["diff", "maryland@v1", str(path), "--no-house-edge", "--format", "json"])
            json.loads(diffed.output)


@functools.lru_cache(maxsize=None)
def _units_per_round() -> dict[str, int]:
    from lit_compliance.table.theory import load_theory

    return {wid: w.units_per_round for wid, w in load_theory(MARYLAND).wagers.items()}


def _stake_cells(row: list[str], column: str, true: bool) -> list[str]:
    """Cells for a row's ``stake`` or ``stakes`` column: true to the row (its stake, from the amount
    wagered over its rounds and units; or its rounds at that stake, or half at half and half at one and
    a half times it), or at odds with it, or not a stake."""
    rounds, stake = int(row[3]), float(row[4]) / (_units_per_round()[row[2]] * int(row[3]))
    half = rounds // 2
    if column == "stake":
        return [f"{stake:g}"] if true else ["1", "0.5", "25", "x"]
    if true:
        return [f"{stake:g}:{rounds}", f"{stake / 2:g}:{half};{stake * 1.5:g}:{half}"]
    return ["1:1000;5:1000", "5:1999", "1:x", ""]


def _results_rows(draw) -> list[list[str]]:
    """The bundled results' header and first rows (with a config column, and at times a stake or a
    stakes column), one cell changed, a column dropped or a cell added."""
    import csv as _csv

    rows = list(_csv.reader(RESULTS.read_text(encoding="utf-8").splitlines()))[:16]
    rows = [r + (["config"] if k == 0 else [draw(st.sampled_from(["", "", "maryland.yaml"]))])
            for k, r in enumerate(rows)]
    stakes = draw(st.sampled_from([None, None, "stake", "stakes"]))   # the stakes played, as a column or a histogram
    if stakes:
        true = draw(st.sampled_from([True, True, True, False]))    # a column true to its rows, or at odds
        rows = [r + ([stakes] if k == 0 else [draw(st.sampled_from(_stake_cells(r, stakes, true)))])
                for k, r in enumerate(rows)]
    k = draw(st.integers(0, len(rows) - 1))
    j = draw(st.integers(0, len(rows[k]) - 1))
    how = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add"]))
    value = draw(ODD_TEXT | NUMBERS.map(str) | st.sampled_from(["-1", "1e400", "0", "nan", "2026-02-30",
                                                               "=1+1", "'=1", "../maryland.yaml",
                                                               "/etc/passwd"]))
    if how == "replace":
        rows[k][j] = value
    elif how == "delete":
        del rows[k][j]
    else:
        rows[k].insert(j, value)
    if rows[0] and rows[0][0].startswith("\ufeff"):   # a file's first character: its byte-order mark, not a cell's
        rows[0][0] = rows[0][0][1:]
    return rows


def _written(rows: list[list[str]], end: str, every: bool) -> str:
    """CSV text: each cell quoted (``every``), else only a cell that must be (a comma, a quote, a CR
    or LF in it; Python's writer leaves a lone CR bare when the line end is LF)."""
    def cell(c: str) -> str:
        return '"' + c.replace('"', '""') + '"' if every or any(ch in c for ch in ',"\r\n') else c

    return "".join(",".join(map(cell, row)) + end for row in rows)


@pytest.mark.parametrize("examples", RUNS)
def test_mutated_results_files_read_alike_with_any_line_ends_and_quoting(tmp_path_factory, examples):
    """The same rows written with LF and minimal quoting, and with CRLF or LF and every cell quoted or
    CRLF and minimal quoting, give the same answer (standard output bit for bit; the same problems at
    the same lines); a CSV report's cells are spreadsheet-safe."""
    import csv as _csv

    @_fuzz(examples, st.data())
    def prop(data):
        rows = _results_rows(data.draw)
        answers = []
        other = data.draw(st.sampled_from([("crlf", "\r\n", True), ("crlf", "\r\n", True), ("lf", "\n", True),
                                           ("crlf", "\r\n", False)]))
        for name, end, every in (("lf", "\n", False), other):
            folder = tmp_path_factory.mktemp(name)
            (folder / "maryland.yaml").write_text(MARYLAND.read_text(encoding="utf-8"), encoding="utf-8")
            path = folder / "results.csv"
            path.write_bytes(_written(rows, end, every).encode("utf-8", "surrogatepass"))
            result = _run(["hold", str(path), "--config", str(MARYLAND), "--format", "json"])
            problems = [(p.get("line"), p.get("path"), p.get("message", "").replace(str(folder), "DIR"))
                        for p in (json.loads(result.stderr)["problems"] if result.exit_code == 2 else [])]
            answers.append((result.exit_code, result.stdout.replace(str(folder), "DIR"), problems))
            if result.exit_code in (0, 1) and not answers[1:]:
                json.loads(result.stdout)
                table = _run(["hold", str(path), "--config", str(MARYLAND), "--format", "csv"])
                for row in list(_csv.reader(table.stdout.splitlines()))[1:]:
                    for cell in row:
                        if cell.startswith(FORMULA):
                            float(cell)      # only a figure the tool computed may start so
        assert answers[0] == answers[1]


# A stakes mixture of a wager paying money amounts can take seconds: its short run is shorter still.
MIXTURE_RUNS = [pytest.param(min(EXAMPLES, 3), id="short"), RUNS[1]]


@pytest.mark.parametrize("examples", MIXTURE_RUNS)
def test_any_stakes_histogram_within_the_limits_is_judged_on_its_mixture_and_says_its_lattice(tmp_path_factory,
                                                                                               examples):
    """A period played at two to four stakes in cents anywhere within its wager's limits (stakes that
    divide its money amounts or not) is judged on the mixture of its levels, never an internal error or
    a run out of memory; what the report says of it is that mixture's, and where the mixture is on a
    lattice coarser than its stakes' own, the variance that adds is within the bound it states."""
    from mixtures import held_variance

    from lit_compliance.hold.levels import Mixtures
    from lit_compliance.table.theory import load_theory

    theory = load_theory(MARYLAND)

    @_fuzz(examples, st.data())
    def prop(data):
        wid = data.draw(st.sampled_from(sorted(theory.wagers)))
        w = theory.wagers[wid]
        low, high = round(w.minimum * 100), round(w.maximum * 100)
        cents = data.draw(st.lists(st.integers(low, high), min_size=2, max_size=4, unique=True))
        rounds = [data.draw(st.sampled_from([10, 50, 200, 1000, 5000])) for _ in cents]
        wagered = w.units_per_round * sum(c * r for c, r in zip(cents, rounds))      # cents
        win = data.draw(st.integers(-wagered // 2, wagered // 2))
        histogram = ";".join(f"{c / 100:.2f}:{r}" for c, r in zip(cents, rounds))
        path = tmp_path_factory.mktemp("mix") / "results.csv"
        path.write_text("period,table,wager,rounds,wagered,house_win,stakes\n"
                        f"p1,{theory.table},{wid},{sum(rounds)},{wagered / 100:.2f},{win / 100:.2f},{histogram}\n",
                        encoding="utf-8")
        result = _run(["hold", str(path), "--config", str(MARYLAND), "--format", "json"])
        assert result.exit_code in (0, 1), result.output[-800:]
        period = json.loads(result.stdout)["tables"][0]["wagers"][0]["periods"][0]
        assert period["stakes"]["judged_as"] == "mixture"
        mix = Mixtures().of(theory, wid, tuple((c / 100, r, None) for c, r in zip(cents, rounds)))
        if period["status"] == "judged":
            assert period["sd"] == pytest.approx(mix.sd, rel=1e-9)
        said = period["stakes"].get("coarser_lattice")
        assert said == (None if mix.coarser_lattice is None else pytest.approx(mix.coarser_lattice, rel=1e-9))
        added = held_variance(mix) / mix.var - 1
        assert added <= (mix.variance_added_at_most or 0.0) + 1e-9, (histogram, wid, added)


FLOOR = ROOT / "examples" / "floor.yaml"


@pytest.mark.parametrize("examples", RUNS)
def test_mutated_floors_and_configuration_diffs_answer_or_say_why(tmp_path_factory, examples):
    """A mutated floor file (beside copies of the example configurations it lists) is checked table by
    table or refused with its problems, in JSON and CSV alike; a mutated configuration is diffed against
    the one it came from, or refused."""
    @_fuzz(examples, st.data())
    def prop(data):
        folder = tmp_path_factory.mktemp("floor")
        (folder / "configs").mkdir()
        for config in CONFIGS:
            (folder / "configs" / config.name).write_text(config.read_text(encoding="utf-8"), encoding="utf-8")
        floor = folder / "floor.yaml"
        floor.write_text(_mutated(FLOOR, data.draw), encoding="utf-8")
        result = _run(["check", str(floor), "--format", "json"])
        if result.exit_code in (0, 1):
            json.loads(result.stdout)
            _run(["check", str(floor), "--format", "csv"])
        source = data.draw(st.sampled_from(CONFIGS))
        changed = folder / "changed.yaml"
        changed.write_text(_mutated(source, data.draw), encoding="utf-8")
        diffed = _run(["diff", str(source), str(changed), "--format", "json"])
        if diffed.exit_code in (0, 1):
            json.loads(diffed.stdout)


# --- every other surface: simulate and verify options, proposed paytables, init --figure, schema NAME,
# validate --gaps/--procedure. The contract there: a refusal (exit 2) is one clear message naming the
# file (and its line and field) or the option at fault, and no output file, whole or partial, is left.

PROPOSAL = ROOT / "examples" / "proposals" / "three-card-bonus.yaml"
OPTION_TEXT = ODD_TEXT | NUMBERS.map(str) | st.sampled_from([
    "0", "-1", "1", "7", "1e3", "0x10", "10000001", "99999999999999999999", "9223372036854775808", "٣",
    "2026-01-01", "9999-12-31", "9999-12-01", "0001-01-01", "2026-02-30", "2026-1-1", "1/1/2026"])


def _refused_clearly(result, *names: str) -> None:
    """A refusal is one clear message: on standard error only, naming one of ``names`` (the file at
    fault, or the option or argument)."""
    assert result.exit_code == 2
    said = result.stderr
    assert said.strip() and not result.stdout.strip(), (result.stdout[-300:], said[-300:])
    assert any(name in said for name in names), (names, said[-600:])


def _left(folder: Path, before: set) -> set:
    """Files in ``folder`` now that were not there before (an output or a temporary file left)."""
    return {p.name for p in folder.iterdir()} - before


def _options(draw, choices: dict) -> list:
    """``[name, value, ...]`` for each option of ``choices`` (name: good values): each a good value
    or left out, but for one (if any: one example in five has none) given an odd value."""
    odd = draw(st.sampled_from([*choices, None]))
    words = []
    for name, good in choices.items():
        if name == odd:
            words += [name, draw(OPTION_TEXT | st.sampled_from(good))]
        elif draw(st.integers(0, 3)):
            words += [name, draw(st.sampled_from(good))]
    return words


def _small_enough(args: list) -> bool:
    """Whether a simulation asks for few enough rounds to keep a fuzz run short (the command's own caps
    are tested in tests/hold/test_simulate.py and tests/test_cost_budget.py)."""
    def number(option, default):
        if option not in args:
            return default
        try:
            return int(args[args.index(option) + 1])
        except (ValueError, IndexError):
            return 0
    return number("--rounds", 0) * number("--periods", 1) <= 3000


@pytest.mark.parametrize("examples", RUNS)
def test_odd_simulate_options_simulate_or_say_which_option(tmp_path_factory, examples):
    @_fuzz(examples, st.data())
    def prop(data):
        folder = tmp_path_factory.mktemp("sim")
        args = _options(data.draw, {
            "--rounds": ["1", "50", "200"], "--periods": ["1", "3"], "--seed": ["0", "7", str(2 ** 63 - 1)],
            "--start": ["2026-01-01", "9999-12-30"],
            "--anomaly": ["base:pair_tens_or_better:+1", "progressive:royal_flush:+100", "base:flush:+0",
                          "three-card-bonus:pair:-1", "nope:pair:+1", "base:nope:+1", "base:pair_tens_or_better:1"],
            "--format": ["csv", "json"]})
        if "--rounds" not in args or not _small_enough(args):
            args = ["--rounds", "20", *args]   # required; and a later --rounds wins: few rounds
        if not _small_enough(args):
            args += ["--periods", "2"]
        before = {p.name for p in folder.iterdir()}
        fmt = args[len(args) - 1 - args[::-1].index("--format") + 1] if "--format" in args else "csv"
        out = folder / ("results.json" if fmt == "json" else "results.csv")   # hold reads a file by its name
        result = _run(["simulate", str(MARYLAND), *args, "-o", str(out)])
        if result.exit_code == 2:
            _refused_clearly(result, *(a for a in args if a.startswith("--")), "CONFIG")
            assert not _left(folder, before)
            return
        assert _left(folder, before) == {out.name}
        text = out.read_text(encoding="utf-8")
        if text.lstrip().startswith(("{", "[")):
            json.loads(text)
        judged = _run(["hold", str(out), "--config", str(MARYLAND), "--format", "json"])
        assert judged.exit_code in (0, 1), judged.stderr[-800:]   # what simulate writes, hold reads


def _sign_command() -> list[str]:
    """The words of the verify command the Maryland example's sign prints in its QR code."""
    html = _run(["placard", str(MARYLAND)]).stdout
    return re.search(r"lit-compliance verify (\S+ [0-9a-f]+ --parts \S+?)\"", html).group(1).split()


@functools.lru_cache(maxsize=None)
def _signed() -> tuple[str, str]:
    words = _sign_command()
    return words[1], words[3]


@pytest.mark.parametrize("examples", RUNS)
def test_odd_verify_arguments_verify_or_say_which(tmp_path_factory, examples):
    @_fuzz(examples, st.data())
    def prop(data):
        digest, parts = _signed()
        folder = tmp_path_factory.mktemp("verify")
        config = folder / "maryland.yaml"
        if data.draw(st.booleans()):
            config.write_text(MARYLAND.read_text(encoding="utf-8"), encoding="utf-8")
        else:
            config.write_text(_mutated(MARYLAND, data.draw), encoding="utf-8")
        part_list = parts.split(",")
        k = data.draw(st.integers(0, len(part_list) - 1))
        part_list[k] = data.draw(st.sampled_from([part_list[k][:-1] + "0", part_list[k].upper(), "", "x=1",
                                                  part_list[k] + "0", "=" + part_list[k]]) | ODD_TEXT)
        given_digest = data.draw(st.sampled_from([digest, f"digest {digest}", digest.upper(), digest[:-1],
                                                  digest + "0", "0" * len(digest)]) | ODD_TEXT)
        args = [str(config), given_digest]
        if data.draw(st.booleans()):
            args += ["--parts", data.draw(st.sampled_from([parts, ",".join(part_list)]) | ODD_TEXT)]
        named = [config.name, "--parts", "--ruleset", "DIGEST", "digest"]
        if data.draw(st.booleans()):
            args += ["--ruleset", data.draw(st.sampled_from(["maryland", "maryland@v1", "maryland@v9", "nsw",
                                                              str(ROOT / "rulesets" / "maryland" / "v1.yaml"),
                                                              str(folder / "missing.yaml"), str(folder)]) | ODD_TEXT)]
            if os.path.isfile(args[-1]):     # a file read as the ruleset is at fault by its own name and line
                named.append(args[-1])
        result = _run(["verify", *args])
        if result.exit_code == 2:
            _refused_clearly(result, *named)


@pytest.mark.parametrize("examples", RUNS)
def test_mutated_proposed_paytables_are_priced_or_refused_naming_the_place(tmp_path_factory, examples):
    @_fuzz(examples, st.data())
    def prop(data):
        folder = tmp_path_factory.mktemp("proposal")
        path = folder / "proposal.yaml"
        path.write_text(_mutated(PROPOSAL, data.draw), encoding="utf-8")
        fmt = data.draw(st.sampled_from(["json", "csv", "text"]))
        out = folder / f"par.{fmt}"
        before = {p.name for p in folder.iterdir()}
        result = _run(["par", "--paytable-file", str(path), "--format", fmt, "-o", str(out)])
        if result.exit_code == 2:
            _refused_clearly(result, path.name, "--paytable-file")
            assert not _left(folder, before)
        elif fmt == "json":
            json.loads(out.read_text(encoding="utf-8"))


def _house_figures() -> dict[str, list[str]]:
    """The init options that write the NSW and Massachusetts examples' figures (NSW's lost base
    figures, Massachusetts' house paytable), each jurisdiction's other options first."""
    def figures(config: str, key: str) -> list[str]:
        data = yaml.safe_load((ROOT / "examples" / "configs" / config).read_text(encoding="utf-8"))
        lines = data["wagers"][0][key]
        return [f"base:{ln['hand']}={ln['payout']['value']}" for ln in (lines["lines"] if key == "custom_paytable" else lines)]
    return {
        "nsw": ["--jurisdiction", "nsw", "--casino", "C", "--minimum", "25", "--maximum", "2500",
                "--dealing-method", "card_shoe", *("--figure " + f for f in figures("nsw.yaml", "supplied_figures"))],
        "massachusetts": ["--jurisdiction", "massachusetts", "--casino", "C", "--minimum", "15", "--maximum", "1000",
                          "--dealing-method", "hand", "--seats", "7",
                          *("--figure " + f for f in figures("massachusetts.yaml", "custom_paytable"))],
    }


FIGURE_TEXT = ODD_TEXT | st.sampled_from(["lots", "0", "-5", "1e9", "200", "300 for 1", "$500", "5 to 1", "3:1",
                                          "10000000000000", "nan", "inf", "1/2", "0.5", "2 to 0", "1 for 1"])


@pytest.mark.parametrize("examples", RUNS)
def test_odd_init_figures_write_a_configuration_that_checks_or_say_which_figure(tmp_path_factory, examples):
    @_fuzz(examples, st.data())
    def prop(data):
        options = _house_figures()[data.draw(st.sampled_from(["nsw", "massachusetts"]))]
        words = [w for opt in options for w in (opt.split(" ", 1) if opt.startswith("--figure ") else [opt])]
        at = [i for i, w in enumerate(words) if w == "--figure"]
        k = data.draw(st.sampled_from(at)) + 1
        wager, _, rest = words[k].partition(":")
        hand, _, figure = rest.partition("=")
        how = data.draw(st.sampled_from(["figure", "figure", "hand", "wager", "whole", "drop", "twice"]))
        if how == "figure":
            words[k] = f"{wager}:{hand}={data.draw(FIGURE_TEXT)}"
        elif how == "hand":
            words[k] = f"{wager}:{data.draw(ODD_TEXT | st.sampled_from(['royal_flush', 'pair', 'four_of_a_kind']))}={figure}"
        elif how == "wager":
            words[k] = f"{data.draw(ODD_TEXT | st.sampled_from(['progressive', 'cover-all', 'BASE']))}:{hand}={figure}"
        elif how == "whole":
            words[k] = data.draw(ODD_TEXT)
        elif how == "drop":
            del words[k - 1:k + 1]
        else:
            words += ["--figure", f"{wager}:{hand}={data.draw(FIGURE_TEXT)}"]
        folder = tmp_path_factory.mktemp("init")
        out = folder / "table.yaml"
        result = _run(["init", "--no-interactive", *words, "-o", str(out)])
        if result.exit_code == 2:
            _refused_clearly(result, "--figure", "--wager", "--accept-flagged")
            assert not _left(folder, set())
            return
        assert _left(folder, set()) == {out.name}
        assert _run(["check", str(out), "--format", "json"]).exit_code in (0, 1)


@pytest.mark.parametrize("examples", RUNS)
def test_odd_schema_names_write_a_schema_or_say_which_exist(tmp_path_factory, examples):
    from lit_compliance.cli.schema import bundled_schemas

    names = sorted(bundled_schemas())     # the schemas the package carries

    @_fuzz(examples, name=st.sampled_from(names) | ODD_TEXT | st.sampled_from(
        ["Ruleset", "ruleset.schema.json", "../ruleset", "results", "table_config", "-o"]))
    def prop(name):
        folder = tmp_path_factory.mktemp("schema")
        out = folder / "s.json"
        result = _run(["schema", "--", name, "-o", str(out)] if name.startswith("-") else ["schema", name, "-o", str(out)])
        if result.exit_code == 2:
            _refused_clearly(result, "NAME", "schema", "ruleset")
            assert not _left(folder, set())
            return
        from lit_compliance.cli.schema import ALIASES

        key = name.strip().lower()
        assert ALIASES.get(key, key) in names and result.exit_code == 0
        assert json.loads(out.read_text(encoding="utf-8"))["$schema"]


@pytest.mark.parametrize("examples", RULESET_RUNS)
def test_mutated_rulesets_answer_gaps_and_procedure_or_say_why(tmp_path_factory, examples):
    @_fuzz(examples, st.data())
    def prop(data):
        path = _mutated_ruleset_file(tmp_path_factory, data)
        checks = data.draw(st.sampled_from([["--gaps"], ["--procedure"], ["--gaps", "--procedure"]]))
        result = _run(["validate", *checks, "--format", "json", str(path)])
        if result.exit_code in (0, 1) and result.stdout.strip():
            json.loads(result.stdout)
        if result.exit_code == 2:
            _refused_clearly(result, path.name)


@pytest.mark.parametrize("examples", RUNS)
def test_odd_filing_stamps_print_the_sign_or_say_which_option(tmp_path_factory, examples):
    """The stamp's inputs (issue 32): any preparer and date on a sign and a draft's impact page either
    print a stamped document or are refused naming the option, with nothing written."""
    @_fuzz(examples, st.data())
    def prop(data):
        folder = tmp_path_factory.mktemp("stamp")
        out = folder / "out.html"
        args = ["--prepared-by", data.draw(ODD_TEXT)]
        if data.draw(st.booleans()):
            args += ["--date", data.draw(st.sampled_from(["2026-11-28", "2026-02-30", "28/11/2026", ""]) | ODD_TEXT)]
        command = data.draw(st.sampled_from([["placard", str(MARYLAND)],
                                             ["check", str(MARYLAND), "--ruleset", str(DRAFT), "--format", "html"]]))
        result = _run([*command, *args, "-o", str(out)] if command[0] == "placard" else [*command, *args])
        if result.exit_code == 2:
            _refused_clearly(result, "--prepared-by", "--date", "prepared", "date")
            assert not out.exists()
