"""The ``lit-compliance`` command line.

Exit codes (all commands): 0 success; 1 the answer is "no" (``validate`` found problems, ``check``
found non-compliance, ``diff`` found differences); 2 trouble (bad input, unknown jurisdiction,
usage error). Problems go to standard error as ``file:line:col: path: message``; never a traceback.
"""
from __future__ import annotations

import importlib
import json
import datetime as dt
import errno
import functools
import os
import re
import signal
import sys
import threading

from pathlib import Path

import click

from .. import __version__, collector, signals
from ..api import catalogue  # the bundled catalogue (read lazily, one jurisdiction at a time)
from ..load.catalogue import CatalogueError, Ruleset, names_a_file, resolve_ref
from ..load.strict_yaml import InputError, Problem
from ..output.files import OutputError, write_output
from ..suggest import unknown
from ..output.text_safety import one_line, visible
from .conventions import apply_conventions
from .formats import file_only, json_errors
import select

EXIT_OK, EXIT_NO, EXIT_TROUBLE = 0, 1, 2
EXIT_INTERRUPTED, EXIT_PIPE_CLOSED = 130, 141   # 128 + SIGINT, 128 + SIGPIPE, as shells report them


class Trouble(Exception):
    """A clean failure: message(s) for standard error and exit status 2."""


def handled(func):
    """Turn expected failures into clear messages and exit codes, never tracebacks."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except InputError as exc:
            problems = collapse_problems(exc.problems)
            _fail([p.as_dict() | ({"count": n, "lines": rows} if n > 1 else {}) for p, n, rows in problems],
                  [_said(p) + (f" ({n} times, lines {_spans(rows)})" if n > 1 else "") for p, n, rows in problems])
        except (CatalogueError, Trouble) as exc:
            _fail([{"message": str(exc)}], [str(exc)])
        except (SystemExit, click.exceptions.Exit, click.ClickException):
            raise
        except KeyboardInterrupt:
            _say_stopped("interrupted")
            sys.exit(EXIT_INTERRUPTED)
        except click.exceptions.Abort as exc:  # a prompt met Ctrl-C or the end of its input
            if isinstance(exc.__context__, EOFError):
                _say_stopped("input ended before every answer was given")
                sys.exit(EXIT_TROUBLE)
            _say_stopped("interrupted")
            sys.exit(EXIT_INTERRUPTED)
        except OSError as exc:
            if exc.errno == errno.EPIPE:  # the reader went away (``| head``): nobody to tell
                _silence_stdout()
                sys.exit(EXIT_PIPE_CLOSED)
            what = "cannot write the output" if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO) \
                else "cannot read or write a file"
            said = visible(f"{what}: {exc.strerror or exc}") + (f" ({one_line(str(exc.filename))})" if exc.filename else "")
            _fail([{"message": said}], [said])
        except Exception as exc:  # a bug: say so plainly, keep the traceback for those who ask
            if os.environ.get("LIT_COMPLIANCE_DEBUG"):
                raise
            said = (f"internal error ({type(exc).__name__}: {exc}); this is a bug in "
                    "lit-compliance: set LIT_COMPLIANCE_DEBUG=1 to see the traceback")
            _fail([{"message": said}], [said])

    return wrapper


def collapse_problems(problems: list) -> list[tuple]:
    """The problems with each repeated one (same file, field and message, on other rows) said
    once: ``(first problem, how many times, the lines it was found on)``, in first-seen order."""
    groups: dict = {}
    for p in problems:
        groups.setdefault((p.file, p.path, p.message), []).append(p)
    return [(found[0], len(found), [q.line for q in found]) for found in groups.values()]


def _spans(lines: list[int]) -> str:
    """``2-151`` or ``3, 8, 13``: the lines a repeated problem was found on, runs joined."""
    runs: list[list[int]] = []
    for n in sorted(set(lines)):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    said = [f"{a}-{b}" if b > a else str(a) for a, b in runs]
    return ", ".join(said[:8]) + (f", ... ({len(lines)} in all)" if len(said) > 8 else "")


def _wants_json() -> bool:
    """Whether the running command was asked for ``--format json``."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx) and json_errors(ctx.params.get("fmt"))


def _asked_for_json(args: list[str]) -> bool:
    """Whether command-line words ask for ``--format json`` (read from the words themselves, for
    a usage error met before the options are parsed)."""
    for i, word in enumerate(args):
        if word == "--":
            break
        if word.startswith("--format="):
            given = word.partition("=")[2]
        elif word == "--format":
            given = args[i + 1] if i + 1 < len(args) else None
        else:
            continue
        if json_errors(given):
            return True
    return False


def _show_click_error(exc: click.ClickException, args: list[str]) -> None:
    """A usage error (missing argument, bad option value...) as click says it, or, when the words
    ask for ``--format json``, as the commands' other JSON errors on standard error."""
    if not _asked_for_json(args):
        exc.show()
        return
    problem = {"message": exc.format_message()}
    ctx = getattr(exc, "ctx", None)
    if ctx is not None:
        problem["usage"] = ctx.get_usage().removeprefix("Usage: ")
    param = getattr(exc, "param", None)
    if isinstance(param, click.Argument):
        problem["argument"] = param.human_readable_name
    elif isinstance(param, click.Option):
        problem["option"] = param.opts[0]
    click.echo(json.dumps({"error": True, "exit_status": exc.exit_code, "problems": [problem]},
                          ensure_ascii=True, indent=2), err=True)


def _fail(problems: list[dict], lines: list[str]) -> None:
    """Report trouble on standard error and exit 2: ``error: ...`` lines, or, under ``--format
    json``, one JSON object ``{"error": true, "exit_status": 2, "problems": [...]}`` (each problem
    with file, line, column, path and message where it has a place, else a message alone)."""
    if _wants_json():
        click.echo(json.dumps({"error": True, "exit_status": EXIT_TROUBLE, "problems": problems},
                              ensure_ascii=True, indent=2), err=True)
    else:
        for line in lines:
            click.echo(f"error: {visible(line)}", err=True)
    sys.exit(EXIT_TROUBLE)


def _said(problem: Problem) -> str:
    """A problem's line with every text a user gave escaped: the file's name on one line (no line
    break or tab of its own), control characters in the field and message shown as escapes
    (``\\u001b``), never sent raw to a terminal."""
    return str(Problem(one_line(str(problem.file)), problem.line, problem.column, visible(problem.path),
                       visible(problem.message)))


def _say_stopped(why: str) -> None:
    """Say the run was stopped, and truly what it had written (outputs are put in place whole, and
    noted as they are: :mod:`lit_compliance.signals`)."""
    done = ", ".join(one_line(name) for name in dict.fromkeys(signals.WRITTEN))
    try:
        if done:
            click.echo(f"lit-compliance: {why} after the output was complete ({done}: written in full)", err=True)
        else:
            click.echo(f"lit-compliance: {why}; stopped, nothing written", err=True)
    except OSError:
        pass


def _silence_stdout() -> None:
    """After a closed pipe, point standard output at /dev/null so the exit flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


_PIPE_CLOSED: list = []


def _on_closed_pipe(signum, frame) -> None:
    """A write into a pipe whose reader went away. Python ignores SIGPIPE, and a write the kernel
    cut short (part written, then the reader left) is not reported as an error; so the signal is
    noted here, and output checks the note (``emit``, and the end of ``main``)."""
    _PIPE_CLOSED.append(signum)


def _check_pipe() -> None:
    if _PIPE_CLOSED:
        raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))


def read_answer(prompt: str = "") -> str:
    """``input()`` for click's prompts that an interrupt always stops. A signal that arrives after
    the prompt is printed but before ``input()`` starts waiting would only be noted, and the wait
    would go on for ever; so on a terminal the wait is a ``select`` that also watches the signal
    wake-up pipe, which the signal itself writes to."""

    stdin = sys.stdin
    try:
        usable = stdin.isatty() and threading.current_thread() is threading.main_thread()
        fd = stdin.fileno()
    except (AttributeError, OSError, ValueError):
        usable = False
    if not usable:
        return input(prompt)
    sys.stdout.write(prompt)
    sys.stdout.flush()
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    previous = signal.set_wakeup_fd(wake_w)
    try:
        while True:
            ready = select.select([fd, wake_r], [], [])[0]
            if wake_r in ready:  # a signal came: its Python handler runs now (Ctrl-C raises KeyboardInterrupt)
                os.read(wake_r, 512)
                continue
            line = stdin.readline()
            if not line:
                raise EOFError
            return line.rstrip("\n")
    finally:
        signal.set_wakeup_fd(previous)
        os.close(wake_r)
        os.close(wake_w)


def progress(label: str):
    """A progress bar over a job list on a terminal (standard error); nothing elsewhere."""
    if not sys.stderr.isatty():
        return None

    def wrap(items):
        with click.progressbar(items, label=label, file=sys.stderr) as bar:
            yield from bar

    return wrap


def emit(text: str) -> None:
    """Print ``text`` to standard output (one final newline) and flush it at once."""
    click.echo(text, nl=not text.endswith("\n"))
    sys.stdout.flush()  # so a full disk or a closed pipe is met here, where it is reported
    _check_pipe()
    with signals.deferred():
        signals.written("standard output")


output_option = click.option("--output", "-o", "output", type=click.Path(path_type=Path, dir_okay=False),
                             help="Write to FILE (atomically) instead of standard output.")


def check_destination(fmt: str, output: Path | None) -> None:
    """Trouble when format ``fmt`` is written to a file only (pdf) and no ``--output FILE`` is given."""
    if file_only(fmt) and output is None:
        raise Trouble(f"--format {fmt} needs --output FILE")


# Which module defines each command (tests check this against the modules themselves).
COMMAND_MODULES = {
    "list": "catalogue", "show": "catalogue", "validate": "catalogue",
    "analyze": "math", "par": "par",
    "evaluate": "play", "settle": "play", "deal-plan": "play", "irregularity": "play",
    "paytables": "operator", "init": "init", "check": "operator", "placard": "operator",
    "summary": "operator", "verify": "operator",
    "diff": "regulator", "compare": "regulator",
    "site": "site", "schema": "schema",
    "hold": "hold", "simulate": "hold",
}


class LazyGroup(click.Group):
    """A group that imports a command's module on first use and applies the conventions to it."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """Click's standalone mode, except that an interrupt at any moment (parsing, loading a
        command) exits 130 with one line, not "Aborted!" and 1, and a closed pipe exits 141. A
        signal after the command's work is done is noted, not raised: the run then says it was
        interrupted after its output was complete and exits 130 (:mod:`lit_compliance.signals`).
        Run as the program (``args`` None: its own command line), SIGINT and SIGTERM are blocked
        for its exit, which no signal can then cut short."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        as_program = args is None
        pipe_handler = None
        _PIPE_CLOSED.clear()
        saved: dict = {}
        code: object = 0
        try:
            try:
                saved = signals.install()   # in the try: an interrupt from here on is the run's, said and 130
                try:
                    if threading.current_thread() is threading.main_thread() and hasattr(signal, "SIGPIPE"):
                        pipe_handler = signal.signal(signal.SIGPIPE, _on_closed_pipe)
                    code = super().main(args, prog_name, complete_var, False, **extra)
                except click.exceptions.Abort as exc:
                    if isinstance(exc.__cause__ or exc.__context__, EOFError):
                        _say_stopped("input ended before every answer was given")
                        sys.exit(EXIT_TROUBLE)
                    raise KeyboardInterrupt from None
                except click.ClickException as exc:
                    _show_click_error(exc, list(sys.argv[1:] if args is None else args))
                    sys.exit(exc.exit_code)
                finally:
                    signals.finish()        # the work is done (or stopped): a signal now is only noted
                sys.stdout.flush()
                _check_pipe()
            except SystemExit as exc:
                code = exc.code
            except KeyboardInterrupt:
                _say_stopped("interrupted")
                code = EXIT_INTERRUPTED
            except OSError as exc:
                if exc.errno != errno.EPIPE:
                    raise
                _silence_stdout()
                code = EXIT_PIPE_CLOSED
        finally:
            if pipe_handler is not None:  # as it was (in-process callers such as tests)
                signal.signal(signal.SIGPIPE, pipe_handler)
            pending = signals.block_for_exit() if as_program else False
            if not as_program:
                signals.restore(saved)
        if (signals.late() or pending or signals.swallowed()) and code not in (EXIT_INTERRUPTED, EXIT_PIPE_CLOSED):
            _say_stopped("interrupted")
            code = EXIT_INTERRUPTED
        if code is None or isinstance(code, bool):
            code = int(bool(code))
        sys.exit(code)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMAND_MODULES))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMAND_MODULES:
            with collector.paused():      # as the command line's own import (lit_compliance/cli/__init__.py)
                importlib.import_module(f"{__package__}.{COMMAND_MODULES[name]}")
        command = self.commands.get(name)
        if command is not None:
            apply_conventions(command)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="lit-compliance")
def main() -> None:
    """Rules catalogue for Let It Ride poker: rulesets, engine, game math, diffs and placards.

    Exit status: 0 success, 1 a negative answer (validation problems, non-compliance,
    differences), 2 trouble (bad input or usage), 130 interrupted.
    """
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, signals.on_signal)

def pick(jurisdiction: str, version: str | None, on: str | None) -> Ruleset:
    """The ruleset a command names: a jurisdiction (the latest version, or ``--on`` a date), a
    ``JURISDICTION@VERSION``, or a ruleset or draft-amendment file."""
    if names_a_file(jurisdiction):
        if version or on is not None:
            raise Trouble(f"{jurisdiction} is a file: it is one version already (no --on or version)")
        return resolve_ref(jurisdiction)
    cat = catalogue()
    if version and on is not None:
        raise Trouble("give --version or --on, not both")
    if on is not None:
        return cat.in_force(jurisdiction, parse_date(on, "--on"))
    if "@" in jurisdiction:
        jurisdiction, _, version = jurisdiction.partition("@")
    return cat.get(jurisdiction, version)


def check_selection(rs: Ruleset, wager: str | None, paytable: str | None) -> None:
    """Trouble naming the nearest and the choices when ``--wager`` or ``--paytable`` names nothing
    in ``rs`` (the paytables of the wager selected, or of every wager)."""
    from ..model import as_printed  # lazy: the model only for the commands that select wagers

    wagers = as_printed(rs).wagers
    ids = [w.id for w in wagers]
    if wager is not None and wager not in ids:
        raise Trouble(f"--wager: {rs.ref} offers {unknown('wager', wager, ids, label='wagers', prefix='no')}")
    if paytable is None:
        return
    tables = list(dict.fromkeys(t.id for w in wagers if wager in (None, w.id) for t in w.paytables))
    if paytable not in tables:
        whose = f"{wager}'s" if wager else "the wagers'"
        raise Trouble(f"--paytable: {rs.ref}: {unknown('paytable', paytable, tables, label=whose + ' paytables')}")


def rulesets_for(targets: list[str], version: str | None, on: str | None) -> list[tuple]:
    """``(jurisdiction, ruleset or None, words)`` for each target: with ``--on`` across several,
    the version for that date (:meth:`Catalogue.on_date`: which version and why, or None and why
    not); else the one :func:`pick` gives (words None)."""
    if on is None:
        return [(j, pick(j, version, None), None) for j in targets]
    if len(targets) == 1:   # one jurisdiction asked for by date: a version the date cannot place is trouble
        rs = pick(targets[0], version, on)
        return [(targets[0], rs, f"{rs.ref}: in force on {on} (effective {rs.effective_date.isoformat()})")]
    day = parse_date(on, "--on")
    cat = catalogue()
    return [(j, *cat.on_date(j, day)) for j in targets]


def filing_options(command):
    """``--date`` and ``--prepared-by``: what a printed document's stamp says of when and by whom."""
    command = click.option("--prepared-by", "prepared_by", metavar="NAME",
                           help="Who prepared the document, printed on it (at most 200 characters).")(command)
    return click.option("--date", "made_on", metavar="DATE",
                        help="The date the document states it was made (YYYY-MM-DD; default: the UTC day of "
                             "SOURCE_DATE_EPOCH where set, else none, and it says so).")(command)


def made_stamp(rulesets, made_on: str | None, prepared_by: str | None) -> dict:
    """The stamp of a printed document (:func:`lit_compliance.operator.stamp.document_stamp`), the
    options checked: a date written YYYY-MM-DD, a preparer's name on one line of printable text."""
    from ..operator.stamp import MAX_PREPARER, document_stamp  # lazy: only commands that print documents

    day = parse_date(made_on, "--date") if made_on is not None else None
    if prepared_by is not None:
        name = prepared_by.strip()
        if not name or len(name) > MAX_PREPARER or any(not c.isprintable() for c in name):
            raise Trouble(f"--prepared-by: give a name of 1 to {MAX_PREPARER} printable characters on one line")
        prepared_by = name
    from .. import __version__  # lazy: the package's own version, read only when a document is stamped

    return document_stamp(rulesets, __version__, day, prepared_by)


def parse_date(text: str, option: str) -> dt.date:
    """A calendar date written YYYY-MM-DD, and nothing else (no week dates, no empty string)."""
    try:
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
            raise ValueError
        return dt.date.fromisoformat(text)
    except ValueError:
        raise Trouble(f"{option} {text!r} is not a date (use YYYY-MM-DD)") from None


def deliver(content: str | bytes, output: Path | None, inputs: tuple = ()) -> None:
    """Standard output, or ``-o FILE`` written safely (never over one of ``inputs``)."""
    if output is None:
        if isinstance(content, bytes):
            raise Trouble("binary output needs --output FILE")
        emit(content)
        return
    try:
        write_output(output, content, inputs)
    except OutputError as exc:
        raise Trouble(str(exc)) from None


def print_pdf(template: str, **context) -> bytes:
    """The Typst template ``template`` filled with ``context`` and typeset to PDF
    (:mod:`lit_compliance.output.typeset`), or a clean Trouble saying why not."""
    from ..output.typeset import PdfError, render_pdf  # lazy: the typesetter only for PDF output

    try:
        return render_pdf(template, **context)
    except PdfError as exc:
        raise Trouble(str(exc)) from None
