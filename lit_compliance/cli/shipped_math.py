"""The bundled catalogue's math made ready when the wheel is built: the cache's shipped layer.

``hatch_build.py`` calls :func:`make_layer` after the prebuilt catalogue; the wheel carries what it writes
in ``lit_compliance/_data/prebuilt/cache`` (:data:`lit_compliance.cache.SHIPPED`), which
:func:`lit_compliance.cache.peek` reads after the user's own cache (``LIT_COMPLIANCE_SHIPPED=off``
turns it off; docs/cache.md).

What ships is what the catalogue-wide commands (:data:`COMMANDS`) compute on the bundled catalogue,
and the hold check's band edges of its paytables (:data:`BUILD_STEPS`), run by this package's own engine,
each in a new process with an empty cache and the shipped layer off, exactly as a user's first run
computes it; of the entries they write, only the kinds in
:data:`SHIPPED_KINDS` (the math and views of the bundled rulesets, nothing of a file a user gives: a table
configuration is not in the wheel, nor its rounds). Each entry is named and keyed as in the user's
cache, by its kind, its inputs and the engine's fingerprint, so another engine never reads it; the
folder's ``index.json`` names that fingerprint and every entry.

The PAR sheet PDFs of the bundled catalogue (``par all`` and each jurisdiction's, at the default
options) ship too: a PDF is kept by its Typst source and inputs, the fonts' bytes, Typst's version and
the document's date (:func:`lit_compliance.output.typeset.typeset`), none of which holds a path, the
working folder or the clock. The commands run without ``SOURCE_DATE_EPOCH`` (stripped from their
environment), as a user's run without it and without ``--date``: such a sheet says "Date made: not
given" and carries no date, so the PDF shipped is the bytes that run typesets. A run with a date (or
``--prepared-by``, other options, another Typst) has another Typst source or key and is typeset anew;
so is anything a user gives.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .. import cache
from ..load.catalogue import Catalogue

#: The bundled jurisdictions whose PAR sheet PDF ships on its own (``par JURISDICTION --format pdf``):
#: every one of the bundled catalogue (its folders' names; no ruleset is read).
PDF_JURISDICTIONS: tuple[str, ...] = tuple(Catalogue.bundled().jurisdictions)

#: The commands whose math ships: every catalogue-wide one (``site`` writes into a scratch folder), then
#: the PAR sheet PDFs (written into the scratch folder; the math is cached by then): ``par all``'s and
#: each jurisdiction's.
COMMANDS: tuple[tuple[str, ...], ...] = (
    ("analyze", "all"), ("par", "all"), ("validate", "--coverage"), ("compare", "base-paytables"),
    ("site", "-o", "site"), ("par", "all", "--format", "pdf", "-o", "par-all.pdf"),
) + tuple(("par", j, "--format", "pdf", "-o", f"par-{j}.pdf") for j in PDF_JURISDICTIONS)

#: The steps whose math ships though no catalogue-wide command makes it, each a function of this module
#: and its arguments, run as the commands are (a new process, an empty cache but what the commands
#: wrote, the shipped layer off): the hold check's band edges of every bundled paytable's one-round
#: distribution as its PAR sheet prices it (:func:`hold_edges_of_bundled`).
BUILD_STEPS: tuple[tuple[str, ...], ...] = (("hold_edges_of_bundled",),)

#: The kinds that ship: the bundled rulesets' priced paytables, ``analyze`` reports, PAR sheets and
#: their bands of the hold (kept by the one-round distribution they are worked out from, so a table
#: configuration's sheet of a paytable that plays alike reads them), the hold check's band edges of
#: the same distributions (:data:`BUILD_STEPS`), hand-count tables, source coverage and source pages,
#: the finished site, and the PAR sheet PDFs :data:`COMMANDS` print (the only PDFs they make). Not
#: shipped: parsed YAML and verdicts (the prebuilt catalogue serves the bundled files), anything of a
#: configuration, round, sign or other PDF (not the bundled catalogue's), and the tables the package
#: already ships.
SHIPPED_KINDS: tuple[str, ...] = (
    "priced", "analysis", "par-sheet", "hold-bands", "five-counts", "five-count-list", "six-count-list", "three-atoms",
    "hold-edges", "provision-coverage", "site-source-side", "site", "pdf",
)


def make_layer(out: Path, pythonpath: str | None = None,
               commands: tuple[tuple[str, ...], ...] = COMMANDS,
               steps: tuple[tuple[str, ...], ...] = BUILD_STEPS) -> list[str]:
    """Run ``commands``, then ``steps`` (the wheel's: :data:`COMMANDS`, :data:`BUILD_STEPS`; a test runs some)
    with a fresh cache and keep the entries of :data:`SHIPPED_KINDS` in ``out`` (made anew), with
    ``index.json``; the entry names.
    ``pythonpath``: the folder holding the package to run (a source tree at build time), put first on
    the commands' path (else the installed package runs). A command that fails raises
    ``RuntimeError`` with its message (the build fails)."""
    out = Path(out)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="lit-shipped-") as work:
        folder = Path(work) / "cache"
        # no SOURCE_DATE_EPOCH: what ships is what a user's run without one makes (an undated sheet, a
        # PDF keyed with no date); a build's date would key entries no such run reads
        env = {k: v for k, v in os.environ.items() if k not in ("SOURCE_DATE_EPOCH", "LIT_COMPLIANCE_TEST_CACHE")}
        env.update(LIT_COMPLIANCE_CACHE=str(folder), LIT_COMPLIANCE_SHIPPED="off", PYTHONDONTWRITEBYTECODE="1")
        # the package to run put first on the path by the process itself (a build environment's own
        # start-up may drop what PYTHONPATH adds)
        start = f"import sys; sys.path.insert(0, {pythonpath!r}); " if pythonpath else ""
        run = start + "import runpy; runpy.run_module('lit_compliance', run_name='__main__')"
        call = start + ("import sys; from lit_compliance.cli import shipped_math; "
                        "getattr(shipped_math, sys.argv[1])(*sys.argv[2:])")
        for code, args, said in [(run, a, "lit-compliance") for a in commands] + [(call, a, "step") for a in steps]:
            done = subprocess.run([sys.executable, "-c", code, *args], cwd=work, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if done.returncode != 0:
                raise RuntimeError(f"{said} {' '.join(args)} failed making the shipped math:\n{done.stderr}")
        names = sorted(p.name for p in folder.iterdir() if kind_of(p.name) in SHIPPED_KINDS)
        for name in names:
            shutil.copyfile(folder / name, out / name)
    (out / "index.json").write_text(json.dumps({"engine": cache.engine_fingerprint(), "entries": names},
                                               indent=0), encoding="utf-8")
    return names


def hold_edges_of_bundled(*jurisdictions: str) -> int:
    """The hold check's band edges (:class:`lit_compliance.gamemath.period.Edges`, kept by the one-round
    distribution they are worked out from) of every paytable of every version of the bundled rulesets
    of ``jurisdictions`` (default: all), as its PAR sheet prices it at the default options (``par``'s:
    what ``par all`` prints): a table that plays a bundled paytable so (every example but the wagers
    priced at a table's own meter or stake) then reads them in a cold ``hold``. The number of paytables."""
    from ..gamemath.par import ParOptions, sheet_for  # lazy: the math, only at build time
    from ..gamemath.period import Edges, one_round  # lazy: as above
    from ..model import model_of  # lazy: as above

    bundled, made = Catalogue.bundled(), 0
    for jurisdiction in jurisdictions or bundled.jurisdictions:
        for ruleset in bundled.versions(jurisdiction):
            model = model_of(ruleset)
            for wager in model.wagers:
                for table in wager.paytables or (None,):
                    body = sheet_for(model, wager, table, ParOptions()).body
                    got = one_round(body) if body is not None else None
                    if got is not None:
                        Edges(*got)
                        made += 1
    return made


def kind_of(name: str) -> str:
    """The kind of an entry file's name (``<kind>-<32 hex digits>.json`` or ``.npz``)."""
    return name.rsplit("-", 1)[0]
