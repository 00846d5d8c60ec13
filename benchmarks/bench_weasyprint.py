"""WeasyPrint (HTML + print CSS to PDF) against Typst on the same documents, interleaved (issue 34).

    python benchmarks/bench_weasyprint.py [--rounds N]

WeasyPrint is NOT a dependency of the project: run this with a Python that has it beside the
project's own requirements, say a scratch venv outside the checkout::

    python3 -m venv /tmp/wpv && /tmp/wpv/bin/pip install weasyprint pypdf && /tmp/wpv/bin/pip install .
    /tmp/wpv/bin/python benchmarks/bench_weasyprint.py

Without ``weasyprint`` importable it says so and exits 0 (``pypdf`` is optional: without it the
text checks are skipped). The checkout is measured (``PYTHONPATH``, templates compiled, as
``bench_pdf.py`` does). Documents: ``par all`` (the five PAR sheets) and the sign of
``examples/configs/maryland.yaml``.

For each document the script first makes, with a private cache:

- its HTML, as ``--format html`` prints it (the print CSS the project ships for paper);
- its Typst source, inputs and options, exactly as ``--format pdf`` hands them to ``typst.compile``
  (captured by wrapping ``typst.compile`` in one run of the command, the PDF kind of the cache bypassed).

Then, in N rounds, each run a new process (order alternated every round, so a busy machine weighs
on both alike), each figure the CPU (``time.process_time``, every thread of the process) and wall
of the typesetting call alone, the interpreter's start and imports excluded:

- WeasyPrint: ``weasyprint.HTML(string=html, base_url=...).write_pdf()`` (parsing, style, layout and
  PDF export), with a user stylesheet pointing the HTML's font families (``DejaVu Sans``, and the
  charts' ``Helvetica``/``Arial``) at the project's bundled fonts; also split into ``render()`` (layout)
  and ``write_pdf()`` (export) in the same process;
- Typst: ``typst.compile`` of the captured source with the captured options;
- ``par all`` as text and as HTML (whole commands, warm cache; CPU of the process from ``os.wait4``,
  interpreter start included) to set the results against the target: ``par all --format pdf``
  within 2x ``par all`` text.

Each typesetting process also reports its peak memory (``ru_maxrss``); after the rounds: page
counts, whether "page N of M" and the contents' page numbers came out (text from pypdf), and
whether two WeasyPrint runs under ``SOURCE_DATE_EPOCH`` give the same bytes.
"""
from __future__ import annotations

import argparse
import json
import os
import re
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
DOCUMENTS = {"par all": ["par", "all"], "sign (maryland.yaml)": ["placard", CONFIG]}

#: One run of a command with ``--format pdf``: the arguments ``typst.compile`` gets, written as JSON
#: to argv[1] (the PDF kind of the cache bypassed, so Typst is called).
CAPTURE = r"""
import json, sys
import typst
import lit_compliance.output.typeset as ts
real = typst.compile
target = sys.argv[1]
def capture(source, **options):
    with open(target, "w") as out:  # closed here: the CLI may end the process without flushing files
        json.dump({"source": source.decode("utf-8"), "options": options}, out)
    return real(source, **options)
typst.compile = capture
memo = ts.cache.memo
ts.cache.memo = lambda kind, inputs, compute, *more: compute() if kind is ts.PDF else memo(kind, inputs, compute, *more)
from lit_compliance.cli import main
sys.argv = ["lit-compliance", *sys.argv[2:]]
try:
    main()
except SystemExit as exc:
    if exc.code:
        raise
"""

#: One typesetting in a new process; prints {"cpu", "wall", "maxrss_mb", ...} as JSON.
WORKER = r"""
import json, resource, sys, time
engine, source, out = sys.argv[1], sys.argv[2], sys.argv[3]
result = {}
if engine == "typst":
    import typst
    job = json.load(open(source))
    text = job["source"].encode("utf-8")
    cpu, wall = time.process_time(), time.perf_counter()
    pdf = typst.compile(text, **job["options"])
else:
    import weasyprint
    from weasyprint.text.fonts import FontConfiguration
    job = json.load(open(source))
    cpu, wall = time.process_time(), time.perf_counter()
    fonts = FontConfiguration()  # @font-face takes effect only through a FontConfiguration
    css = weasyprint.CSS(string=job["fonts_css"], font_config=fonts)
    document = weasyprint.HTML(string=job["html"], base_url=job["base_url"]).render(stylesheets=[css],
                                                                                    font_config=fonts)
    result["layout_cpu"] = time.process_time() - cpu
    pdf = document.write_pdf()
result["cpu"] = time.process_time() - cpu
result["wall"] = time.perf_counter() - wall
result["maxrss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
with open(out, "wb") as f:
    f.write(pdf)
print(json.dumps(result))
"""


def environment(cache: str, **more: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=PYCACHE, LIT_COMPLIANCE_CACHE=cache, **more)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if "SOURCE_DATE_EPOCH" not in more:
        env.pop("SOURCE_DATE_EPOCH", None)
    return env


def command(argv: list[str], cache: str) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one ``python -m lit_compliance`` process."""
    return timed([sys.executable, "-m", "lit_compliance", *argv], ROOT, environment(cache))[:2]


def typeset(engine: str, job: str, out: str, cache: str, **env: str) -> dict:
    done = subprocess.run([sys.executable, "-c", WORKER, engine, job, out], cwd=ROOT, env=environment(cache, **env),
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{engine} failed on {job}:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def fonts_css() -> str:
    """@font-face rules naming the bundled fonts for the families the HTML and its charts ask for."""
    folder = ROOT / "fonts"  # as lit_compliance.load.resources.data_dir("fonts") finds them in a checkout
    rules = []
    for family in ("DejaVu Sans", "Helvetica", "Arial"):
        for weight, name in (("normal", "DejaVuSans.ttf"), ("bold", "DejaVuSans-Bold.ttf")):
            if (folder / name).is_file():
                rules.append(f'@font-face {{ font-family: "{family}"; font-weight: {weight}; '
                             f'src: url("{(folder / name).as_uri()}"); }}')
    return "\n".join(rules)


def pdf_facts(path: str) -> dict:
    """Pages, and (with pypdf) whether every page says "page N of M" and what the contents' first lines say."""
    data = Path(path).read_bytes()
    facts = {"bytes": len(data), "pages": len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))}
    try:
        from pypdf import PdfReader
    except ImportError:  # the count above misses pages kept in compressed object streams (WeasyPrint's)
        return facts
    pages = [page.extract_text() or "" for page in PdfReader(path).pages]
    total = facts["pages"] = len(pages)
    facts["page N of M on every page"] = all(
        re.search(rf"page\s+{i}\s+of\s+{total}\b", " ".join(text.split())) for i, text in enumerate(pages, 1))
    cited = [int(n) for n in re.findall(r"(?:, page |\.{3,} ?)(\d+)", pages[0])]  # WeasyPrint's form; Typst's
    facts["contents page numbers (first page)"] = cited[:6]
    facts["contents numbers in range"] = bool(cited) and all(1 <= n <= total for n in cited)
    facts["fonts"] = sorted({str(font.get_object().get("/BaseFont")).split("+")[-1]
                             for page in PdfReader(path).pages
                             for font in ((page.get("/Resources") or {}).get("/Font") or {}).values()})
    return facts


def median(runs: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="runs of each engine per document (default 5)")
    options = parser.parse_args()
    try:
        import weasyprint
    except Exception as exc:  # ImportError, or OSError when the system's Pango is missing
        print(f"bench_weasyprint: skipped, weasyprint is not importable here ({type(exc).__name__}: {exc})")
        return 0
    import typst

    subprocess.run([sys.executable, str(ROOT / "tools" / "compile_templates.py")], check=True, stdout=subprocess.DEVNULL)
    print(f"weasyprint {weasyprint.__version__}, typst (Python) {getattr(typst, '__version__', '?')}, "
          f"load average at start {os.getloadavg()}")
    with tempfile.TemporaryDirectory(prefix="lit-bench-weasyprint-") as work:
        cache = os.path.join(work, "cache")
        jobs = {}
        for name, argv in DOCUMENTS.items():
            slug = name.split()[0]
            html_out = os.path.join(work, f"{slug}.html")
            command([*argv, "--format", "html", "-o", html_out], cache)
            typst_job = os.path.join(work, f"{slug}.typst.json")
            subprocess.run([sys.executable, "-c", CAPTURE, typst_job, *argv, "--format", "pdf",
                            "-o", os.path.join(work, f"{slug}.project.pdf")],
                           cwd=ROOT, env=environment(cache), check=True, stdout=subprocess.DEVNULL)
            weasy_job = os.path.join(work, f"{slug}.weasy.json")
            Path(weasy_job).write_text(json.dumps({"html": Path(html_out).read_text(encoding="utf-8"),
                                                   "base_url": work + "/", "fonts_css": fonts_css()}))
            jobs[name] = (slug, weasy_job, typst_job)

        rows = []
        for name, (slug, weasy_job, typst_job) in jobs.items():
            got = {"weasyprint": [], "typst": []}
            for i in range(options.rounds):
                order = ["weasyprint", "typst"] if i % 2 == 0 else ["typst", "weasyprint"]
                for engine in order:
                    job = weasy_job if engine == "weasyprint" else typst_job
                    got[engine].append(typeset(engine, job, os.path.join(work, f"{slug}.{engine}.pdf"), cache))
            rows.append((name, slug, got))

        text_runs = []  # par all as text and as HTML, whole commands, warm
        for i in range(options.rounds):
            pair = [["par", "all"], ["par", "all", "--format", "html", "-o", os.path.join(work, "again.html")]]
            for argv in (pair if i % 2 == 0 else pair[::-1]):
                text_runs.append((argv[-1] == "all", command(argv, cache)))
        text_cpu = statistics.median(c for is_text, (_, c) in text_runs if is_text)
        html_cpu = statistics.median(c for is_text, (_, c) in text_runs if not is_text)

        print(f"\nmedian of {options.rounds}, each run a new process; CPU = time.process_time of the call alone")
        print(f"{'document':22} {'engine':10} {'CPU s':>7} {'wall s':>7} {'layout CPU':>10} {'peak MB':>8} "
              f"{'pages':>5}")
        for name, slug, got in rows:
            for engine, runs in got.items():
                facts = pdf_facts(os.path.join(work, f"{slug}.{engine}.pdf"))
                layout = f"{median(runs, 'layout_cpu'):10.3f}" if engine == "weasyprint" else f"{'':10}"
                print(f"{name:22} {engine:10} {median(runs, 'cpu'):7.3f} {median(runs, 'wall'):7.3f} {layout} "
                      f"{median(runs, 'maxrss_mb'):8.0f} {facts['pages']:5}")
                print(f"{'':22} {'':10} CPU per run: {', '.join(format(r['cpu'], '.2f') for r in runs)}")
                print(f"{'':22} {'':10} {json.dumps({k: v for k, v in facts.items() if k != 'pages'})}")
            ratio = statistics.median(w["cpu"] / t["cpu"] for w, t in zip(got["weasyprint"], got["typst"]))
            print(f"{name:22} WeasyPrint / Typst CPU, median of per-round ratios: {ratio:.2f}x")
        print(f"\npar all (text), whole process, warm: CPU {text_cpu:.3f} s; par all --format html: {html_cpu:.3f} s")
        weasy_par = median(rows[0][2]["weasyprint"], "cpu")
        typst_par = median(rows[0][2]["typst"], "cpu")
        print(f"par all PDF by WeasyPrint ~ html command + write_pdf = {html_cpu + weasy_par:.2f} s CPU "
              f"= {(html_cpu + weasy_par) / text_cpu:.1f}x the text (target 2x); Typst's compile alone "
              f"{typst_par:.2f} s = {typst_par / text_cpu:.1f}x the text")

        stamped = []
        for i in range(2):
            out = os.path.join(work, f"same-{i}.pdf")
            typeset("weasyprint", jobs["par all"][1], out, cache, SOURCE_DATE_EPOCH="1700000000")
            stamped.append(Path(out).read_bytes())
        print(f"WeasyPrint par all, two runs under SOURCE_DATE_EPOCH: same bytes: {stamped[0] == stamped[1]}; "
              f"a /CreationDate in it: {b'/CreationDate' in stamped[0]}")
        print(f"load average at end {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
