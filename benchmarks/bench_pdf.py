"""PDF output (Typst, no browser) against its targets, every comparison paired in one interleaved run.

    python benchmarks/bench_pdf.py [--rounds N] [--root DIR]

``--root`` measures another copy of the project instead of this checkout (say an installed wheel:
``pip install --no-deps --target DIR dist/*.whl``, which carries the compiled templates and the
prebuilt catalogue); the example configuration is always this checkout's.

Each figure is the wall time and the CPU time (user + system, from ``os.wait4``) of a new process
(``python -m lit_compliance ...``, interpreter start included). The runs of a comparison alternate
(A B, B A, A B, ...) in the same N rounds, so a busy machine weighs on both alike; a ratio is the
median of the per-round ratios. Rows:

- the import floor (``python -c "import numpy, yaml, jinja2, click, jsonschema"``);
- a sign PDF warm (``placard examples/configs/maryland.yaml --format pdf``; cache filled, the PDF
  itself in it), and the same with the PDF typeset anew (the math and layout warm, no PDF kept:
  each run gets a fresh copy of a cache filled without PDFs);
- ``par all --format pdf`` against ``par all`` (text), both warm, the PDF typeset anew each run as
  above, and the PDF read from the cache;
- ``par all --format pdf`` against ``par all`` (text), both cold (each run a new, empty cache) with
  the wheel's shipped layer, which holds the bundled catalogue's math and its PAR sheet PDFs (measure
  an installed wheel with ``--root``: a checkout has no layer, so there the PDF is typeset anew), and
  both cold with the layer off (everything computed and typeset from nothing); and the same cold
  pair, with the layer, for one jurisdiction's sheet (``par maryland``, the largest).

Every row but the cold ones with the layer runs with ``LIT_COMPLIANCE_SHIPPED=off``: "typeset anew"
means Typst runs, even where the layer holds the PDF.

Then, in one process each (``--breakdown``, on by default), where a ``par all --format pdf`` typeset
anew spends its CPU: rendering the Typst source, ``typst.compile`` (layout and PDF export) and the
rest (the command as for text); and whether two runs under ``SOURCE_DATE_EPOCH`` give the same bytes.

Every process may write its bytecode (into a private ``PYTHONPYCACHEPREFIX``), as an installed
package has it: with ``PYTHONDONTWRITEBYTECODE`` set, every run would compile every module anew.

Targets (issue 34): a sign PDF under 0.5 s warm; ``par all --format pdf`` within 2x ``par all`` text.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the scripts' shared helpers
from processes import timed  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PYCACHE = tempfile.mkdtemp(prefix="lit-bench-pycache-")
CONFIG = str(ROOT / "examples" / "configs" / "maryland.yaml")
SIGN = ["placard", CONFIG, "--format", "pdf"]
PAR_TEXT = ["par", "all"]
PAR_PDF = ["par", "all", "--format", "pdf"]
ONE_TEXT = ["par", "maryland"]
ONE_PDF = ["par", "maryland", "--format", "pdf"]
FLOOR = [sys.executable, "-c", "import numpy, yaml, jinja2, click, jsonschema"]


MEASURED = [ROOT]  # the copy measured (--root)


def run(argv: list[str], cache: str | None = None, shipped: bool = False) -> tuple[float, float]:
    """Wall and CPU seconds of one process (the shipped layer off unless ``shipped``)."""
    env = dict(os.environ, PYTHONPATH=str(MEASURED[0]), PYTHONPYCACHEPREFIX=PYCACHE)
    env.pop("SOURCE_DATE_EPOCH", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("LIT_COMPLIANCE_SHIPPED", None)
    if not shipped:
        env["LIT_COMPLIANCE_SHIPPED"] = "off"
    if cache is not None:
        env["LIT_COMPLIANCE_CACHE"] = cache
    return timed(argv, MEASURED[0], env)[:2]


def lit(args: list[str], work: str, out: str | None = None) -> list[str]:
    return [sys.executable, "-m", "lit_compliance", *args] + (["-o", os.path.join(work, out)] if out else [])


def paired(a, b, rounds: int) -> dict:
    """``a`` and ``b`` (each a callable giving (wall, cpu)) run alternately ``rounds`` times each."""
    got_a, got_b = [], []
    for i in range(rounds):
        first, second = (a, b) if i % 2 == 0 else (b, a)
        x, y = first(), second()
        if i % 2:
            x, y = y, x
        got_a.append(x)
        got_b.append(y)
    med = lambda xs, k: statistics.median(v[k] for v in xs)  # noqa: E731
    return {"a_wall": med(got_a, 0), "a_cpu": med(got_a, 1), "b_wall": med(got_b, 0), "b_cpu": med(got_b, 1),
            "ratio_wall": statistics.median(y[0] / x[0] for x, y in zip(got_a, got_b)),
            "ratio_cpu": statistics.median(y[1] / x[1] for x, y in zip(got_a, got_b))}


def fresh_copy(filled: str, work: str) -> str:
    """A copy of the cache ``filled`` (math and layout, no PDF) for one run (copied before timing)."""
    target = tempfile.mkdtemp(prefix="cache-", dir=work)
    shutil.rmtree(target)
    shutil.copytree(filled, target)
    return target


#: Run in a new process: ``par all --format pdf`` with the PDF typeset anew (the PDF kind of the cache
#: bypassed), the CPU of its stages printed as JSON on stderr's last line.
STAGES = r"""
import json, sys, time
import typst
import lit_compliance.output.typeset as ts
spent = {"typst_source": 0.0, "typst.compile": 0.0}
def timed(name, f):
    def g(*a, **k):
        c = time.process_time()
        try:
            return f(*a, **k)
        finally:
            spent[name] += time.process_time() - c
    return g
typst.compile = timed("typst.compile", typst.compile)
ts.typst_source = timed("typst_source", ts.typst_source)
memo = ts.cache.memo
ts.cache.memo = lambda kind, inputs, compute, *more: compute() if kind is ts.PDF else memo(kind, inputs, compute, *more)
from lit_compliance.cli import main
sys.argv = ["lit-compliance", "par", "all", "--format", "pdf", "-o", sys.argv[1]]
try:
    main()
except SystemExit as exc:
    if exc.code:
        raise
spent["total"] = time.process_time()
print(json.dumps(spent), file=sys.stderr)
"""


def breakdown(cache: str, work: str, rounds: int) -> dict:
    """The median CPU of each stage of ``par all --format pdf`` typeset anew, over ``rounds`` processes."""
    env = dict(os.environ, PYTHONPATH=str(MEASURED[0]), PYTHONPYCACHEPREFIX=PYCACHE, LIT_COMPLIANCE_CACHE=cache,
               LIT_COMPLIANCE_SHIPPED="off")
    env.pop("SOURCE_DATE_EPOCH", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    runs = []
    for _ in range(rounds):
        done = subprocess.run([sys.executable, "-c", STAGES, os.path.join(work, "stages.pdf")], cwd=MEASURED[0],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode:
            raise SystemExit(f"the stage breakdown failed:\n{done.stderr}")
        runs.append(json.loads(done.stderr.strip().splitlines()[-1]))
    return {k: statistics.median(r[k] for r in runs) for k in runs[0]}


def same_bytes(cache: str, work: str) -> bool:
    """Whether two runs of ``par all --format pdf``, each typeset anew, give the same bytes under SOURCE_DATE_EPOCH."""
    got = []
    for i in range(2):
        fresh = fresh_copy(cache, work)
        out = os.path.join(work, f"same-{i}.pdf")
        env = dict(os.environ, PYTHONPATH=str(MEASURED[0]), PYTHONPYCACHEPREFIX=PYCACHE, LIT_COMPLIANCE_CACHE=fresh,
                   SOURCE_DATE_EPOCH="1700000000", LIT_COMPLIANCE_SHIPPED="off")
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run(lit(PAR_PDF, work, f"same-{i}.pdf"), cwd=MEASURED[0], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        got.append(Path(out).read_bytes())
        shutil.rmtree(fresh, ignore_errors=True)
    return got[0] == got[1] and got[0].startswith(b"%PDF-")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="runs of each command per comparison (default 5)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the copy to measure (default: this checkout)")
    parser.add_argument("--no-breakdown", action="store_true", help="skip the stage breakdown and the same-bytes check")
    options = parser.parse_args()
    rounds = options.rounds
    MEASURED[0] = options.root.resolve()
    # the templates compiled, as an install has them (bench_all.py does the same)
    subprocess.run([sys.executable, str(ROOT / "tools" / "compile_templates.py")], check=True, stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory(prefix="lit-bench-pdf-") as work:
        filled = os.path.join(work, "filled")        # math and layout only: filled by the text and HTML forms
        run(lit(PAR_TEXT, work), filled)
        run(lit(["placard", CONFIG, "--format", "html"], work), filled)
        warm = os.path.join(work, "warm")            # the same, and every PDF too
        shutil.copytree(filled, warm)
        run(lit(SIGN, work, "sign.pdf"), warm)
        run(lit(PAR_PDF, work, "par.pdf"), warm)

        def anew(args, out):
            def go():
                cache = fresh_copy(filled, work)
                took = run(lit(args, work, out), cache)
                shutil.rmtree(cache, ignore_errors=True)
                return took
            return go

        def cold(args, out=None, shipped=True):
            def go():
                cache = tempfile.mkdtemp(prefix="cold-", dir=work)
                shutil.rmtree(cache)   # a cache folder the run makes: nothing in it
                took = run(lit(args, work, out), cache, shipped)
                shutil.rmtree(cache, ignore_errors=True)
                return took
            return go

        floor = lambda: run(FLOOR)  # noqa: E731
        rows = [
            ("sign PDF, warm (PDF in the cache) vs the import floor", paired(floor, lambda: run(lit(SIGN, work, "s.pdf"), warm), rounds)),
            ("sign PDF, typeset anew (math warm) vs the import floor", paired(floor, anew(SIGN, "s.pdf"), rounds)),
            ("par all --format pdf, warm (PDF in the cache) vs par all text", paired(
                lambda: run(lit(PAR_TEXT, work), warm), lambda: run(lit(PAR_PDF, work, "p.pdf"), warm), rounds)),
            ("par all --format pdf, typeset anew (math warm) vs par all text", paired(
                lambda: run(lit(PAR_TEXT, work), warm), anew(PAR_PDF, "p.pdf"), rounds)),
            ("par all --format pdf vs par all text, cold, shipped layer", paired(
                cold(PAR_TEXT), cold(PAR_PDF, "p.pdf"), rounds)),
            ("par all --format pdf vs par all text, cold, layer off", paired(
                cold(PAR_TEXT, shipped=False), cold(PAR_PDF, "p.pdf", shipped=False), rounds)),
            ("par maryland --format pdf vs its text, cold, shipped layer", paired(
                cold(ONE_TEXT), cold(ONE_PDF, "m.pdf"), rounds)),
        ]
        stages = None if options.no_breakdown else breakdown(filled, work, rounds)
        same = None if options.no_breakdown else same_bytes(filled, work)
    print(f"PDF output, {rounds} paired rounds each (median; ratio = median of per-round ratios)")
    print(f"{'comparison (A vs B)':66} {'A wall':>7} {'A cpu':>6} {'B wall':>7} {'B cpu':>6} {'B/A wall':>8} {'B/A cpu':>8}")
    for name, r in rows:
        print(f"{name:66} {r['a_wall']:7.3f} {r['a_cpu']:6.3f} {r['b_wall']:7.3f} {r['b_cpu']:6.3f} "
              f"{r['ratio_wall']:7.2f}x {r['ratio_cpu']:7.2f}x")
    sign = rows[0][1]
    print(f"\nsign PDF warm: {sign['b_wall']:.3f} s wall, {sign['ratio_wall']:.2f}x the import floor "
          f"({sign['a_wall']:.3f} s in this run; target < 0.5 s): {'met' if sign['b_wall'] < 0.5 else 'NOT met'}")
    for name, r in rows[2:]:
        print(f"{name}: {r['ratio_wall']:.2f}x wall, {r['ratio_cpu']:.2f}x CPU (target <= 2x): "
              f"{'met' if max(r['ratio_wall'], r['ratio_cpu']) <= 2 else 'met on wall only' if r['ratio_wall'] <= 2 else 'NOT met'}")
    if stages is not None:
        rest = stages["total"] - stages["typst_source"] - stages["typst.compile"]
        print(f"\npar all --format pdf typeset anew, CPU by stage (median of {rounds} processes): "
              f"{stages['total']:.3f} s in all; typst.compile (layout and export) {stages['typst.compile']:.3f} s, "
              f"the Typst source {stages['typst_source']:.3f} s, the rest (as for text) {rest:.3f} s")
        print(f"two runs typeset anew under SOURCE_DATE_EPOCH: {'the same bytes' if same else 'DIFFERENT bytes'}")


if __name__ == "__main__":
    main()
