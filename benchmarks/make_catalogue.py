"""A synthetic catalogue N times today's, for scale measurements.

    python benchmarks/make_catalogue.py --copies 10 --out /tmp/lit-10x

Writes a project root at OUT (the package, schema, templates, source texts and examples copied, so the
engine's fingerprint is the same) whose ``rulesets/`` holds each bundled jurisdiction N times: the
original, and ``<id>-x2`` ... ``<id>-xN``, each a new jurisdiction id whose paytables and readings
differ from every other copy's, so that a 10x catalogue has 10x as much to price, not ten names for
one price: every whole-unit ``to_one`` and ``for_one`` payout of copy n pays n - 1 units more, and
in copy n one finding ((n - 1) mod the findings with two readings or more) defaults to its second
reading, a reading that removes part of the ruleset included (south-dakota's ``by-wager-amount``
removes progressive paytable ``lirp-1``). Run the command line there:
``cd OUT && python -m lit_compliance site -o site``.
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
                    text = _vary(text, n)
                (target / version.name).write_text(text, encoding="utf-8")
    return out


_PAYOUT = re.compile(r"(payout: \{kind: (?:to_one|for_one), value: )(\d+)(\})")
_DEFAULT = re.compile(r"^([ \t]+)default: (true|false)$", re.M)


def _vary(text: str, n: int) -> str:
    """Copy ``n`` of a ruleset: whole-unit payouts raised by n - 1, and one finding's default reading
    moved to its next reading (each finding's readings are consecutive ``default:`` lines, one true)."""
    text = _PAYOUT.sub(lambda m: f"{m.group(1)}{int(m.group(2)) + n - 1}{m.group(3)}", text)
    flags = list(_DEFAULT.finditer(text))
    groups: list[list] = []  # the default flags of one finding's readings: a run that holds one true
    for m in flags:
        if m.group(2) == "true" or not groups:
            groups.append([m])
        else:
            groups[-1].append(m)
    groups = [g for g in groups if len(g) > 1 and g[0].group(2) == "true"]
    if not groups:
        return text
    chosen = groups[(n - 1) % len(groups)]
    out, at = [], 0
    for i, m in enumerate(chosen[:2]):  # the default moves from the first reading to the second
        out.append(text[at:m.start()] + f"{m.group(1)}default: {'false' if i == 0 else 'true'}")
        at = m.end()
    return "".join(out) + text[at:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    made = make(args.copies, args.out)
    print(f"{made}: {args.copies} copies of each jurisdiction")


if __name__ == "__main__":
    main()
