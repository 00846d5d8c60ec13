"""Sum a long fuzz run's logs (LIT_COMPLIANCE_FUZZ_LOG files: one JSON line per property run) into a
Markdown table per surface: examples, runs by exit status, the refusal classes, failures.

Run: python tools/fuzz_counts.py LOG [LOG...] [--classes N]
"""
from __future__ import annotations

import argparse
import collections
import json


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="+")
    parser.add_argument("--classes", type=int, default=4, help="refusal classes named per surface (the most frequent)")
    args = parser.parse_args()
    examples: dict = collections.Counter()
    batches: dict = collections.Counter()
    runs: dict = collections.defaultdict(collections.Counter)
    failures: dict = collections.defaultdict(list)
    for log in args.logs:
        with open(log, encoding="utf-8") as lines:
            for line in lines:
                if not line.strip():
                    continue
                entry = json.loads(line)
                name = entry["test"].split("::")[-1].split("[")[0].removeprefix("test_")
                examples[name] += entry["examples"]
                batches[name] += 1
                runs[name].update(entry["runs"])
                if entry["failure"]:
                    failures[name].append(entry["failure"].splitlines()[0][:160])
    print("| surface (test) | examples (batches) | runs: exit 0 / 1 / 2 | most frequent refusal classes | failures |")
    print("|---|---|---|---|---|")
    for name in sorted(examples):
        by_exit = collections.Counter()
        refusals = collections.Counter()
        for key, n in runs[name].items():
            head, _, kind = key.partition(": ")
            by_exit[head.rsplit(" ", 1)[-1]] += n
            if kind:
                refusals[f"{head.split(' ')[0]}: {kind}"] += n
        classes = "; ".join(f"{kind} ({n:,})" for kind, n in refusals.most_common(args.classes))
        more = len(refusals) - min(len(refusals), args.classes)
        said = "; ".join(dict.fromkeys(failures[name])) or "none"
        print(f"| {name} | {examples[name]:,} ({batches[name]}) | {by_exit['0']:,} / {by_exit['1']:,} / {by_exit['2']:,} "
              f"| {classes}{f'; {more} more classes' if more else ''} | {said} |")


if __name__ == "__main__":
    main()
