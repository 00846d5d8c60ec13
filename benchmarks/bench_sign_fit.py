"""CPU of fitting each example configuration's sign to its sheet (``layout._fit_sheet``, what ``check``
and ``placard`` spend laying the sign out), cold: every in-process memo cleared before each fit, as a
new process starts; with ``--baseline DIR``, beside another copy of the project (say ``git archive
main``), under the same load.

    python benchmarks/bench_sign_fit.py [--rounds N] [--repeat N] [--sizes] [--baseline DIR]
        (--sizes: every example at every sheet size too, not only at its own)

Each round measures this copy, then the baseline (the order reversed every other round), each in a new
process that builds the signs' views with its own code and times each fit ``--repeat`` times
(``time.process_time``, the median kept). A figure is the median over the rounds; a ratio is the
median of the rounds' ratios, so a machine busy from minute to minute moves both sides alike.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = ("letter", "a4", "tabloid", "a3")


def child(root: str, repeat: int, sizes: bool) -> None:
    """In a new process, with ``root`` first on the path: print {sign: CPU seconds of one cold fit}."""
    sys.path.insert(0, root)
    import dataclasses
    import time

    from lit_compliance import cache
    from lit_compliance.sign import layout, placard
    from lit_compliance.table.config import load_config, ruleset_for

    caught: list[dict] = []
    placard.sheet_layout = lambda view: caught.append(view) or {}   # the view the layout is given
    figures = {}
    for path in sorted((Path(root) / "examples" / "configs").glob("*.yaml")):
        config = load_config(path)
        for size in (None, *SIZES) if sizes else (None,):
            if size == config.sign_size:
                continue
            sized = dataclasses.replace(config, data={**config.data, "sign_size": size}) if size else config
            placard.placard_view(ruleset_for(sized), sized, with_qr=False)
            view = caught.pop()
            times = []
            for _ in range(repeat):
                cache.forget()
                start = time.process_time()
                try:
                    layout._fit_sheet(view)
                except layout.PlacardTooFull:
                    pass
                times.append(time.process_time() - start)
            figures[f"{path.stem} ({size or config.sign_size})"] = statistics.median(times)
    print(json.dumps(figures))


def measure(root: Path, repeat: int, sizes: bool) -> dict[str, float]:
    argv = [sys.executable, __file__, "--child", str(root), "--repeat", str(repeat)] + (["--sizes"] if sizes else [])
    return json.loads(subprocess.run(argv, capture_output=True, text=True, check=True).stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sizes", action="store_true")
    parser.add_argument("--baseline", type=Path)
    parser.add_argument("--child")
    args = parser.parse_args()
    if args.child:
        return child(args.child, args.repeat, args.sizes)
    copies = [ROOT] + ([args.baseline.resolve()] if args.baseline else [])
    rounds: list[dict[Path, dict[str, float]]] = []
    for r in range(args.rounds):
        order = copies if r % 2 == 0 else copies[::-1]
        rounds.append({root: measure(root, args.repeat, args.sizes) for root in order})
    signs = list(rounds[0][ROOT])
    ms = lambda root, sign: 1000 * statistics.median(each[root][sign] for each in rounds)  # noqa: E731
    head = f"{'sign (sheet)':40} {'this copy':>10}"
    print(head + (f" {'baseline':>10} {'ratio':>7}" if args.baseline else ""))
    for sign in signs:
        line = f"{sign:40} {ms(ROOT, sign):8.2f} ms"
        if args.baseline and sign in rounds[0][copies[1]]:
            ratio = statistics.median(each[copies[1]][sign] / each[ROOT][sign] for each in rounds)
            line += f" {ms(copies[1], sign):8.2f} ms {ratio:6.1f}x"
        print(line)
    total = lambda root: sum(ms(root, sign) for sign in signs)  # noqa: E731
    print(f"{'all':40} {total(ROOT):8.2f} ms" + (f" {total(copies[1]):8.2f} ms {total(copies[1]) / total(ROOT):6.1f}x"
                                                  if args.baseline else ""))


if __name__ == "__main__":
    main()
