"""The catalogue's static site as files (relative path -> content), kept whole in the cache by every
input it is made from: the ``site`` command writes what :func:`site_files` gives."""
from __future__ import annotations

import hashlib
from typing import Any, Callable

import jinja2

from .. import cache
from ..load.catalogue import Catalogue, load_ruleset
from ..load.resources import data_dir
from ..model import model_of
from .render import render

#: The draft amendments the site shows against the version they amend (bundled examples).
EXAMPLE_DRAFTS = ("maryland-draft-amendment.yaml",)


def _drafts(cat) -> list:
    out = []
    folder = data_dir("examples")  # the wheel carries the example drafts in lit_compliance/_data/examples
    for name in EXAMPLE_DRAFTS:
        path = folder / name
        draft = load_ruleset(path, f"examples/{name}")
        base = cat.get(draft.jurisdiction, model_of(draft).header.version.supersedes)
        out.append((path, draft, base))
    return out


def inputs_key() -> list:
    """The cache key of the site: a hash of every bundled file it is made from (the rulesets, the
    source texts they quote, the schemas that validate them, the templates and the example drafts),
    by path and content, and the Jinja that renders them. With the engine's own fingerprint (:func:`lit_compliance.cache.key_digest`), a
    site kept under this key is the one these inputs make, byte for byte."""
    h = hashlib.sha256()
    for name in ("rulesets", "schema", "sources", "templates", "examples"):
        folder = data_dir(name)   # found once per folder
        paths = [folder / n for n in EXAMPLE_DRAFTS] if name == "examples" else sorted(
            p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
        for path in paths:
            h.update(f"{name}/{path.relative_to(folder).as_posix()}".encode() + b"\0")
            h.update(hashlib.sha256(path.read_bytes()).digest())
    return ["site", h.hexdigest(), jinja2.__version__]


def site_files(progress: Callable[[str], Any] = lambda label: None) -> dict[str, str | bytes]:
    """Every file of the bundled catalogue's site, from the cache where these inputs made it before
    (``progress(label)``: a wrapper that shows progress over a job list, or None)."""
    return cache.memo(SITE, {"inputs": inputs_key()}, lambda: build(Catalogue.bundled(), progress))


def _site_to_json(files: dict) -> dict:
    return {k: v.decode("utf-8") if isinstance(v, bytes) else v for k, v in files.items()}


def _site_from_json(kept) -> dict[str, str | bytes]:
    if not (isinstance(kept, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in kept.items())):
        raise ValueError("not a site's files")
    return {k: v.encode("utf-8") if k == "site.css" else v for k, v in kept.items()}


SITE = cache.kind("site", _site_to_json, _site_from_json,
                  "every file of the bundled catalogue's static site, by every input it is made from (:func:`inputs_key`)")


def build(cat, progress: Callable[[str], Any] = lambda label: None) -> dict[str, str | bytes]:
    """Every file of the site: relative path -> content."""
    from ..gamemath import analyse  # lazy: the math loads only when a site is built (`--help` imports every command module)
    from ..gamemath.par import ParOptions  # lazy: as above
    from ..report.par_view import par_report, running_heads  # lazy: as above
    from ..report.site import site_pages  # lazy: as above

    priced: dict = {}

    def prices(rs):
        if rs.ref not in priced:
            priced[rs.ref] = analyse(rs)
        return priced[rs.ref]

    def par_page(rs):
        reports = [par_report(model_of(rs), None, None, ParOptions())]
        return "par/par.html.j2", {"reports": reports, "whatif": None, "heads": running_heads(reports)}

    pages = site_pages(cat, _drafts(cat), analyse=prices, par_page=par_page)
    step = progress("writing the site")
    files: dict[str, str | bytes] = {"site.css": (data_dir("templates") / "site" / "site.css").read_bytes()}
    for p in (step(pages) if step else pages):
        files[p.path] = render(p.template, **p.context)
    return files
