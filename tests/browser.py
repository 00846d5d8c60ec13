"""Headless Chromium for the tests where a real browser is the point: the site and the HTML pages
(the placard's print-ready HTML, the hold report) laid out (``dump_dom``) or printed from a browser
(``html_to_pdf``), as a user's browser would. The program itself never runs a browser: its PDFs are
typeset by Typst (``lit_compliance.output.typeset``).

Install Chromium from the system packages (Debian/Ubuntu: ``apt-get install chromium``); without it
the browser tests skip, saying so.
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

from lit_compliance.atomic import sweep_dead
from lit_compliance.output.text_safety import visible

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
TIMEOUT_SECONDS = 120
FIXED_DATE = b"D:20000101000000"
# Chromium makes sockets at TMPDIR/org.chromium.Chromium.XXXXXX/SingletonSocket (+47 bytes) and
# aborts when the whole path exceeds sun_path's 107 bytes.
MAX_CHROMIUM_TMPDIR = 56


class PdfUnavailable(Exception):
    """No Chromium to print with, or printing failed."""


def chromium_path() -> str | None:
    """The Chromium executable: $LIT_COMPLIANCE_CHROMIUM, else the first candidate on PATH."""
    explicit = os.environ.get("LIT_COMPLIANCE_CHROMIUM")
    if explicit:
        return explicit if Path(explicit).is_file() else None
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


def chromium_flags(user_data_dir: str) -> list[str]:
    """The command-line flags headless Chromium prints with (no network, no profile kept)."""
    return ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-extensions", "--mute-audio", "--hide-scrollbars",
            f"--user-data-dir={user_data_dir}"]


def _run(args: list[str], tmp: str) -> subprocess.CompletedProcess:
    """Run Chromium in its own process group; on a time-out, an interrupt or any other exit from
    here, the whole group (renderers and helpers included) is killed before we return. Chromium's
    own temporary files go under ``tmp`` (our temporary directory), so they are removed with it even
    when Chromium is killed before it can remove them; unless that path is too long for the Unix
    sockets Chromium makes there (``sun_path`` holds 107 bytes), when Chromium keeps its default."""
    env = dict(os.environ)
    if len(os.fsencode(tmp)) <= MAX_CHROMIUM_TMPDIR:
        env["TMPDIR"] = tmp
    try:
        proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                env=env, start_new_session=True)
    except OSError as exc:
        raise PdfUnavailable(f"cannot run Chromium: {exc.strerror}") from None
    try:
        out, err = proc.communicate(timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        raise PdfUnavailable(f"Chromium did not finish within {TIMEOUT_SECONDS} s") from None
    finally:
        _kill_group(proc)
    return subprocess.CompletedProcess(args, proc.returncode, out, err)


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL is not refused
        pass


def normalise_pdf(data: bytes) -> bytes:
    """Pin the dates Chromium stamps into the PDF (same length, so offsets stay valid)."""
    return re.sub(rb"D:\d{14}", lambda m: FIXED_DATE, data)


_OURS = re.compile(r"lit-(?:pdf|dom)-([0-9]+)-.*")


def sweep_stale_folders(where: str | None = None) -> None:
    """Remove the temporary folders (browser profile, page, PDF) of runs that were killed outright
    (``kill -9`` leaves no chance to clean up): ours by name, owned by this user, and named after
    a process that no longer runs."""
    sweep_dead(where or tempfile.gettempdir(), _OURS, folders=True)


def _temporary(kind: str) -> tempfile.TemporaryDirectory:
    sweep_stale_folders()
    return tempfile.TemporaryDirectory(prefix=f"lit-{kind}-{os.getpid()}-")


def _said(stderr: bytes) -> str:
    """The end of the browser's own error output, as one line with nothing raw (no escape sequences)."""

    lines = stderr.decode("utf-8", "replace").strip().splitlines()[-3:]
    return visible(" / ".join(line.strip() for line in lines))[:600]


def check_pdf(data: bytes, pages: int | None = None) -> None:
    """Raise PdfUnavailable unless ``data`` is a whole PDF (header, end marker, at least one page,
    and ``pages`` pages when given): nothing else may replace an output file."""
    if not data.startswith(b"%PDF-") or b"%%EOF" not in data[-2048:]:
        raise PdfUnavailable("Chromium's output is not a PDF; nothing written")
    got = page_count(data)
    if got < 1 or (pages is not None and got != pages):
        raise PdfUnavailable(f"Chromium's PDF has {got} page{'s' * (got != 1)}, not the "
                             f"{pages or 'one or more'} expected; nothing written")


def html_to_pdf(html: str, pages: int | None = None) -> bytes:
    """Print ``html`` to PDF with headless Chromium and return the PDF bytes, checked to be a PDF
    (with ``pages`` pages, when given)."""
    exe = chromium_path()
    if exe is None:
        raise PdfUnavailable("PDF output needs Chromium, which was not found "
                             "(install it, e.g. `apt-get install chromium`, or set LIT_COMPLIANCE_CHROMIUM)")
    with _temporary("pdf") as tmp:
        page = Path(tmp) / "page.html"
        out = Path(tmp) / "out.pdf"
        page.write_text(html, encoding="utf-8")
        args = [exe, *chromium_flags(str(Path(tmp) / "profile")), "--no-pdf-header-footer",
                f"--print-to-pdf={out}", page.as_uri()]
        result = _run(args, tmp)
        if not out.is_file() or out.stat().st_size == 0:
            raise PdfUnavailable("Chromium produced no PDF (exit status "
                                 f"{result.returncode}): {_said(result.stderr)}")
        data = normalise_pdf(out.read_bytes())
        check_pdf(data, pages)
        return data


def dump_dom(html: str, extra_script: str = "") -> str:
    """The DOM of ``html`` after Chromium has laid it out and run ``extra_script`` (tests use this)."""
    exe = chromium_path()
    if exe is None:
        raise PdfUnavailable("Chromium not found")
    if extra_script:
        html = html.replace("</body>", f"<script>{extra_script}</script>\n</body>")
    with _temporary("dom") as tmp:
        page = Path(tmp) / "page.html"
        page.write_text(html, encoding="utf-8")
        result = _run([exe, *chromium_flags(str(Path(tmp) / "profile")), "--dump-dom", page.as_uri()], tmp)
        if result.returncode != 0:
            raise PdfUnavailable(f"Chromium --dump-dom failed (exit status {result.returncode})")
        return result.stdout.decode("utf-8", "replace")


def page_count(pdf: bytes) -> int:
    """Pages in a PDF: its ``/Type /Page`` objects (not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))
