"""The catalogue as a static site: plain views (dicts) for the ``templates/site/`` pages.

:func:`site_pages` lists every page of the site as ``(path, template, context)``; the command
(``lit-compliance site``) renders and writes them. Pages:

- ``index.html``: jurisdictions, versions, effective dates, counts of facts, findings and paytables,
  and the matrix of ``compare`` topics against jurisdictions;
- ``compare/<topic>.html``: one topic side by side (the ``compare`` command's view);
- ``<jurisdiction>/index.html``: the timeline (versions, what changed, the source's history note);
- ``<jurisdiction>/<version>/index.html``: every fact with its citation and anchor (see
  :mod:`.references`), every finding with its readings (the default marked as applied), every
  paytable with its house edge and a link to its PAR sheet, dealing plans, irregularities, signage;
- ``<jurisdiction>/<version>/par.html``: the PAR sheet (the ``par`` command's HTML);
- ``<jurisdiction>/<version>/source.html``: the source text clause by clause
  (:mod:`lit_compliance.load.clauses`), each clause's provisions (:mod:`lit_compliance.load.provisions`)
  beside the facts and findings whose quotes fall inside them, the quoted words marked, or the
  reason they hold no rule;
- ``<jurisdiction>/diff/<old>--<new>.html``: each pair of versions; ``drafts/<name>.html``: a
  draft amendment against the version it amends.

The pages' views live beside this module, one module per kind of page: :mod:`.ruleset_page`,
:mod:`.source_page`, :mod:`.timeline` (timelines and diff pages), :mod:`.topics`; :mod:`.links`
holds the paths, anchors and links they share. What the ruleset page and the source page both take
from a ruleset's source (its coverage: each citation's clauses, each quote's provisions) is worked
out once per ruleset and kept in the cache as data (:func:`.source_page.source_side`).

Everything is computed from the rulesets; nothing depends on the clock or the order files are
found in, so the same inputs give the same bytes.
"""
from __future__ import annotations

from pathlib import Path

from ...load.catalogue import Catalogue, Ruleset
from ..references import page
from .links import Page, clause_anchor, page_slug, provision_anchor
from .ruleset_page import ruleset_view
from .source_page import source_side, source_view
from .timeline import diff_page, jurisdiction_pages
from .topics import topic_pages

__all__ = ["Page", "clause_anchor", "page_slug", "provision_anchor", "ruleset_view", "site_pages", "source_view"]


def site_pages(cat: Catalogue, drafts: list[tuple[Path, Ruleset, Ruleset]] = (),
               analyse=None, par_page=None) -> list[Page]:
    """Every page of the site, in a fixed order.

    ``analyse(ruleset) -> [PricedPaytable]`` prices a ruleset's paytables and ``par_page(ruleset)
    -> (template, context)`` gives its PAR sheet (the command passes the game-math and PAR views).
    ``drafts`` are ``(file, draft ruleset, the ruleset it amends)``.
    """
    pages: list[Page] = []
    jurisdictions = []
    latest = [cat.latest(j) for j in cat.jurisdictions]
    for jid in cat.jurisdictions:
        summary, jpages = jurisdiction_pages(cat, jid)
        jurisdictions.append(summary)
        pages.extend(jpages)
        for rs in cat.versions(jid):
            folder = page(rs)
            results = analyse(rs) if analyse else []
            view, source = source_side(rs, folder, lambda links, quoted, rs=rs, results=results, folder=folder:
                                       ruleset_view(rs, results, folder + "index.html", "par.html",
                                                    links is not None, links, quoted))
            pages.append(Page(folder + "index.html", "site/ruleset.html.j2", view))
            if source is not None:
                pages.append(Page(folder + "source.html", "site/source.html.j2", source))
            if par_page:
                template, context = par_page(rs)
                pages.append(Page(folder + "par.html", template, context))
    draft_links = []
    for file, draft, base in drafts:
        path = f"drafts/{page_slug(Path(file).stem)}.html"
        crumbs = [{"href": "../index.html", "text": "Catalogue"}]
        base_page = "../" + page(base) + "index.html"
        p, summary = diff_page(base, draft, path, f"Draft amendment {Path(file).name} against {base.ref}", crumbs,
                               (base_page, None))
        p.context["old_href"] = base_page
        pages.append(p)
        draft_links.append({"file": Path(file).name, "base": base.ref, "href": path, "summary": summary["summary"],
                            "version": draft.version})
    matrix, topics = topic_pages(latest)
    pages.extend(topics)
    home = {"root": "", "title": "Let It Ride rules catalogue", "jurisdictions": jurisdictions,
            "matrix": matrix, "columns": [{"ref": rs.ref, "name": rs.name, "href": page(rs) + "index.html"}
                                          for rs in latest],
            "drafts": draft_links, "crumbs": []}
    pages.insert(0, Page("index.html", "site/home.html.j2", home))
    return pages
