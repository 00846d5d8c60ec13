"""Run every command, format and example and keep what each printed, to compare two versions byte for byte.

    python tools/snapshot_outputs.py OUT_DIR [--cli PATH] [--jobs N] [--cache DIR]
    diff -r OUT_A OUT_B        # or: python tools/snapshot_outputs.py --compare OUT_A OUT_B

Each run keeps its standard output, standard error and exit status under ``OUT_DIR`` (a file per run,
named after its arguments); a command that writes a folder (``site``) is kept as a listing of every
file's SHA-256. ``SOURCE_DATE_EPOCH`` is fixed and the cache is a fresh folder shared by the runs, so
two snapshots of the same code are identical. ``--cache DIR`` uses (and keeps) that folder instead: run
twice with the same folder to compare a warm run (every answer read back from the cache) with a cold one. The list of runs is derived from the catalogue
(``list --format json``), the examples folder and each command's formats, so it grows with them.
A refactoring that must not change outputs (issue: typed answers) is done when two snapshots agree.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def runs(cli: str) -> list[list[str]]:
    """Every run to keep: a list of argument lists (without the program)."""
    listing = json.loads(subprocess.run([cli, "list", "--format", "json"], capture_output=True, check=True,
                                        text=True).stdout)
    places = sorted({entry["jurisdiction"] for entry in listing})
    ex = ROOT / "examples"
    configs = sorted(str(p.relative_to(ROOT)) for p in (ex / "configs").glob("*.yaml"))
    compliant = [c for c in configs if not Path(c).name.startswith("noncompliant")]
    out: list[list[str]] = [["list"], ["list", "--format", "json"], ["validate"], ["validate", "--format", "json"],
                            ["validate", "--coverage"], ["validate", "--procedure"], ["schema"],
                            ["compare", "--list"], ["irregularity", "--list"], ["par", "all"],
                            ["analyze", "all"], ["diff", "maryland", str(ex / "maryland-draft-amendment.yaml")
                                                  .replace(str(ROOT) + "/", "")]]
    for topic in _topics(cli):
        for fmt in ("text", "markdown", "html", "json"):
            out.append(["compare", topic, "--format", fmt, "--no-color"])
    for place in places:
        for fmt in ("text", "json"):
            out += [["show", place, "--format", fmt], ["analyze", place, "--format", fmt],
                    ["paytables", place, "--format", fmt], ["deal-plan", place, "--format", fmt],
                    ["irregularity", place, "--list", "--format", fmt]]
        for fmt in ("text", "json", "html", "pdf"):
            out.append(["par", place, "--format", fmt])
        for fmt in ("markdown", "html", "pdf"):
            out.append(["summary", place, "--format", fmt])
        out.append(["show", place, "--format", "json", "--with-source"])
        for other in places:
            if other > place:
                out.append(["diff", place, other, "--format", "json"])
                out.append(["diff", place, other, "--no-color"])
    for config in configs:
        for fmt in ("text", "json"):
            out.append(["check", config, "--format", fmt])
        out.append(["check", config, "-v"])
    for config in compliant:
        for fmt in ("text", "json", "html", "pdf"):
            out.append(["par", config, "--format", fmt])
        out.append(["par", config, "--bet", "25"])
        for fmt in ("html", "svg", "pdf"):
            out.append(["placard", config, "--format", fmt])
        out.append(["simulate", config, "--rounds", "200", "--periods", "3", "--seed", "7"])
        out.append(["simulate", config, "--rounds", "200", "--periods", "2", "--seed", "7", "--format", "json"])
    for results in sorted((ex / "results").glob("*.csv")):
        rel = str(results.relative_to(ROOT))
        for fmt in ("text", "json", "csv", "html", "pdf"):
            out.append(["hold", rel, "--format", fmt])
        out.append(["hold", rel, "--band", "95", "--alarm-percent", "5"])
        config = ex / "configs" / f"{results.stem.split('-')[0]}.yaml"   # maryland-lir-2.csv: configs/maryland.yaml
        if config.exists():
            judged = ["hold", rel, "--config", str(config.relative_to(ROOT))]
            for fmt in ("text", "json", "csv", "html", "pdf"):
                out.append(judged + ["--format", fmt])
            out.append(judged + ["--band", "95", "--alarm-percent", "5"])
    for rounds in sorted((ex / "rounds").glob("*")):
        for fmt in ("text", "json"):
            out.append(["settle", str(rounds.relative_to(ROOT)), "--format", fmt])
    for proposal in sorted((ex / "proposals").glob("*.yaml")):
        out.append(["par", places[0], "--paytable-file", str(proposal.relative_to(ROOT))])
    floor = ex / "floor.yaml"
    if floor.exists():
        for fmt in ("text", "json", "csv"):
            out.append(["check", str(floor.relative_to(ROOT)), "--format", fmt])
    out.append(["evaluate", "As", "Ks", "Qs", "Js", "Ts", "--jurisdiction", places[0]])
    out.append(["site", "-o", "{tmp}/site"])
    return [_pdf(a) for a in out]


def _topics(cli: str) -> list[str]:
    text = subprocess.run([cli, "compare", "--list"], capture_output=True, check=True, text=True).stdout
    return [m.group(1) for m in re.finditer(r"^\s{2}(\S+)\s{2,}", text, re.M)]


def _pdf(args: list[str]) -> list[str]:
    """A PDF is written to a file: keep it as ``{tmp}/out.pdf``."""
    return [*args, "-o", "{tmp}/out.pdf"] if args[-1] == "pdf" else args


def _name(args: list[str]) -> str:
    text = "_".join(args).replace("/", "~")
    return re.sub(r"[^A-Za-z0-9_.~@=-]", "-", text)[:180]


def _one(cli: str, args: list[str], out: Path, env: dict) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        real = [a.replace("{tmp}", tmp) for a in args]
        done = subprocess.run([cli, *real], capture_output=True, cwd=ROOT, env=env)
        base = str(out / _name(args))
        stdout = done.stdout.replace(tmp.encode(), b"{tmp}")
        stderr = done.stderr.replace(tmp.encode(), b"{tmp}")
        Path(base + ".out").write_bytes(stdout)
        Path(base + ".err").write_bytes(stderr)
        Path(base + ".rc").write_text(f"{done.returncode}\n")
        written = Path(tmp) / "out.pdf"
        if written.is_file():
            Path(base + ".pdf").write_bytes(written.read_bytes())
        site = Path(tmp) / "site"
        if site.is_dir():
            lines = [f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.relative_to(site)}"
                     for p in sorted(site.rglob("*")) if p.is_file()]
            Path(base + ".files").write_text("\n".join(lines) + "\n")


def snapshot(out: Path, cli: str, jobs: int, keep: Path | None = None) -> int:
    out.mkdir(parents=True, exist_ok=True)
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
    cache = keep if keep is not None else Path(tempfile.mkdtemp(prefix="snapshot-cache-"))
    env = dict(os.environ, SOURCE_DATE_EPOCH="1767225600", LIT_COMPLIANCE_CACHE=str(cache), NO_COLOR="1",
               COLUMNS="100")
    try:
        todo = runs(cli)
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            list(pool.map(lambda a: _one(cli, a, out, env), todo))
    finally:
        if keep is None:
            shutil.rmtree(cache, ignore_errors=True)
    print(f"{len(todo)} runs kept in {out}")
    return 0


def compare(a: Path, b: Path) -> int:
    names = sorted({p.name for p in a.iterdir()} | {p.name for p in b.iterdir()})
    differ = [n for n in names if not (a / n).exists() or not (b / n).exists()
              or (a / n).read_bytes() != (b / n).read_bytes()]
    for n in differ:
        print(f"differs: {n}")
    print(f"{len(names) - len(differ)} of {len(names)} files identical")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path)
    parser.add_argument("--cli", default=str(Path(sys.executable).with_name("lit-compliance")))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"))
    parser.add_argument("--cache", type=Path, metavar="DIR", help="use and keep this cache folder (a warm run)")
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        parser.error("give OUT_DIR, or --compare A B")
    return snapshot(args.out, args.cli, args.jobs, args.cache)


if __name__ == "__main__":
    sys.exit(main())
