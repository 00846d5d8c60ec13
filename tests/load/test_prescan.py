"""The loader's safety pre-scan: the same verdicts as the plain form of its flow-bracket scan, in
time linear in the file's size."""
from __future__ import annotations

import random
import re
import time

import pytest

from lit_compliance.load import strict_yaml
from lit_compliance.load.resources import data_dir
from lit_compliance.load.strict_yaml import MAX_DEPTH, MAX_FILE_BYTES, InputError, _prescan

# The scan's tokens in their plain form (as first written: every branch tried at every character).
PLAIN = re.compile(r"""
    (?P<string>(?<![^\s:\-\[{,])(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'))
  | (?P<comment>(?<![^\s])\#[^\n]*)
  | (?P<open>[\[{])
  | (?P<close>[\]}])
""", re.VERBOSE | re.MULTILINE | re.DOTALL)


def tokens(pattern, text):
    return [(m.lastgroup, m.span()) for m in pattern.finditer(text)]


def test_the_scan_finds_the_plain_forms_tokens_in_random_and_bundled_texts():
    rng = random.Random(34)
    alphabet = list("[]{}\"'#\\ :-,\na") + ["''", "\\\"", " #", "- [", ": {"]
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60))) for _ in range(3000)]
    texts += [p.read_text(encoding="utf-8") for p in sorted(data_dir("rulesets").glob("*/*.yaml"))]
    differ = [t for t in texts if tokens(strict_yaml._FLOW_TOKENS, t) != tokens(PLAIN, t)]
    assert not differ, differ[:3]
    assert sum(bool(tokens(PLAIN, t)) for t in texts) > 2000  # the texts do hold tokens of every kind
    kinds = {kind for t in texts for kind, _ in tokens(PLAIN, t)}
    assert kinds == {"string", "comment", "open", "close"}


@pytest.mark.parametrize("text, refused", [
    ("a: " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n", True),
    ("a: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n", False),
    ("a: '" + "[" * 100 + "'\n", False),               # brackets in a quoted string
    ("a: \"" + "{" * 100 + "\\\"\"\n", False),         # ... with an escaped quote in it
    ("# " + "[" * 100 + "\na: 1\n", False),             # in a comment
    ("a: b" + "[" * 100 + "\n", False),                 # in plain text
    ("a: it's " + "[" * (MAX_DEPTH + 1) + "\n", True),  # an apostrophe opens no string
])
def test_nesting_is_judged_as_before(text, refused):
    if refused:
        with pytest.raises(InputError, match=f"nested deeper than {MAX_DEPTH} levels"):
            _prescan(text, "x.yaml")
    else:
        _prescan(text, "x.yaml")


def _benign(size: int) -> str:
    """A large file as rulesets are written: the bundled rulesets' lines, repeated to ``size``."""
    lines = [ln for p in sorted(data_dir("rulesets").glob("*/*.yaml"))
             for ln in p.read_text(encoding="utf-8").splitlines(keepends=True)]
    out, total, i = [], 0, 0
    while total < size:
        out.append(lines[i % len(lines)])
        total += len(out[-1])
        i += 1
    return "".join(out)


def _cpu(text: str) -> float:
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        _prescan(text, "big.yaml")
        best = min(best, time.process_time() - start)
    return best


def test_the_pre_scan_is_linear_in_a_large_benign_files_size():
    """Eight times the text costs about eight times the CPU (a quadratic scan would cost 64 times);
    the bound, 24, leaves room for a busy machine. Measured in CPU time, the best of five runs."""
    big = _benign(MAX_FILE_BYTES - 4096)
    small = big[: len(big) // 8]
    assert big.count("[") > MAX_DEPTH  # so the exact scan runs on both
    ratio = _cpu(big) / max(_cpu(small), 1e-6)
    assert ratio < 24, ratio


def test_the_characters_refused_are_exactly_those_outside_yamls_printable_set():
    """YAML 1.2's printable set (c-printable), written as the standard writes it; the scan names its complement."""
    printable = re.compile("[\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
    refused = [c for c in range(0x110000) if strict_yaml._NOT_PRINTABLE.match(chr(c))]
    assert refused == [c for c in range(0x110000) if not printable.match(chr(c))]
    assert len(refused) == 9 + 2 + 18 + 6 + 26 + 2048 + 2   # C0 but tab, LF, CR; DEL, C1 but NEL; surrogates; FFFE/F
