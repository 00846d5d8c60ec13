"""A synthetic catalogue N times today's, for scale measurements.

    python benchmarks/make_catalogue.py --copies 10 --out /tmp/lit-10x

Writes a project root at OUT (the package, schema, templates, source texts and examples copied, so the
engine's fingerprint is the same) whose ``rulesets/`` holds each bundled jurisdiction N times: the
original, and ``<id>-x2`` ... ``<id>-xN`` with the jurisdiction id (and only it) changed. Run the
command line there: ``cd OUT && python -m lit_compliance site -o site``.
"""
from __future__ import annotations

import argparse
import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def make(copies: int, out: Path) -> Path:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "_data")
    shutil.copytree(ROOT / "lit_compliance", out / "lit_compliance", ignore=ignore)
    for name in ("schema", "templates", "sources", "examples", "compiled_templates"):  # examples: the site's drafts
        if name != "compiled_templates" or (ROOT / name).is_dir():  # compiled ones only where compiled
            shutil.copytree(ROOT / name, out / name, ignore=ignore)
    for folder in sorted((ROOT / "rulesets").iterdir()):
        if not folder.is_dir():
            continue
        for n in range(1, copies + 1):
            ident = folder.name if n == 1 else f"{folder.name}-x{n}"
            target = out / "rulesets" / ident
            target.mkdir(parents=True)
            for version in sorted(folder.glob("*.yaml")):
                text = version.read_text(encoding="utf-8")
                if n > 1:  # the jurisdiction block's id only (the first "id:" under "jurisdiction:")
                    text = re.sub(r"(^jurisdiction:\n(?:[ \t].*\n)*?[ \t]+id: )" + re.escape(folder.name) + r"\b",
                                  lambda m: m.group(1) + ident, text, count=1, flags=re.M)
                    if f"id: {ident}" not in text:
                        raise SystemExit(f"{version}: no jurisdiction id to rename")
                (target / version.name).write_text(text, encoding="utf-8")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    made = make(args.copies, args.out)
    print(f"{made}: {args.copies} copies of each jurisdiction")


if __name__ == "__main__":
    main()
