"""The diff as plain data for the templates and JSON: sides, areas, changes and house edges in words."""
from __future__ import annotations

from .changes import AREAS, CHANGE_KINDS, Change, Diff
from .prose import humanise
from ..model.vocabulary import percent

EDGE_STATUS_WORDS = {
    "exact": "", "simulated": "simulated", "function_of_wager": "depends on the wager size",
    "function_of_meter": "depends on the meter", "incomplete": "figures missing",
    "removed": "the reading in force removes this paytable",
}


def edge_text(edge: float | None, status: str | None) -> str | None:
    """A house edge for a reader, e.g. '3.51%' or '4.89% (depends on the wager size)'."""
    if status is None:
        return None
    word = EDGE_STATUS_WORDS.get(status, humanise(status))
    if edge is None:
        return f"not computable ({word})" if word else "not computable"
    figure = percent(edge, 2)
    return f"{figure} ({word})" if word else figure


def _kind_word(kind: str, diff: Diff) -> str:
    if not diff.same_jurisdiction and kind in ("added", "removed"):
        return f"only in {diff.new.label if kind == 'added' else diff.old.label}"
    return kind


def _side_view(change: Change, side: str, reference: str | None = None) -> dict | None:
    if side == "old" and change.kind == "added" or side == "new" and change.kind == "removed":
        return None
    text = getattr(change, f"{side}_text")
    edge = None
    if change.paytable is not None and change.path == change.paytable:
        edge = edge_text(getattr(change, f"house_edge_{side}"), getattr(change, f"edge_status_{side}"))
    return {"text": text, "cite": getattr(change, f"{side}_cite"), "line": getattr(change, f"{side}_line"),
            "edge": edge, "details": list(getattr(change, f"details_{side}")), "reference": reference,
            "fact_id": getattr(change, f"{side}_fact")}


def diff_view(diff: Diff, include_citations: bool = False, include_references: bool = False) -> dict:
    """What the diff templates need: header, areas of grouped entries, summary lines; with
    ``include_references``, each side's site reference to the changed fact (``maryland/v1/#...``)."""

    def ref(side: str, change: Change) -> str | None:
        return diff.reference(side, change) if include_references else None

    shown = [c for c in diff.changes if include_citations or not c.low_importance]
    areas = []
    for area, title in AREAS:
        changes = [c for c in shown if c.area == area]
        if not changes:
            continue
        groups: list[dict] = []
        for c in changes:
            inside_table = c.paytable is not None and len(c.path) > len(c.paytable)
            if c.kind == "renamed":
                heading_path = c.path
            elif inside_table:
                heading_path = c.paytable
            else:
                heading_path = c.path[:1] if len(c.path) > 1 else ()
            leaf = ", ".join(c.path[len(heading_path):]) or ("name" if c.kind == "renamed" else "(whole)")
            edge = None
            if inside_table and (c.edge_status_old or c.edge_status_new):
                edge = {"old": edge_text(c.house_edge_old, c.edge_status_old),
                        "new": edge_text(c.house_edge_new, c.edge_status_new)}
            group = next((g for g in groups if g["path"] == heading_path), None)
            if group is None:
                group = {"path": heading_path, "heading": ", ".join(heading_path), "edge": edge, "entries": []}
                groups.append(group)
            elif edge and not group["edge"]:
                group["edge"] = edge
            group["entries"].append({
                "kind": c.kind, "word": _kind_word(c.kind, diff), "label": leaf, "path_label": c.path_label,
                "old": _side_view(c, "old", ref("old", c)), "new": _side_view(c, "new", ref("new", c)),
            })
        areas.append({"key": area, "title": title, "groups": groups, "count": len(changes)})
    counts = diff.counts()
    substantive = len(diff.substantive)
    parts = [f"{counts[k]} {_kind_word(k, diff)}" for k in CHANGE_KINDS if k != "recited" and counts[k]]
    if substantive:
        summary = f"{substantive} difference{'s' if substantive != 1 else ''}: " + ", ".join(parts)
    else:
        summary = "No differences in substance"
    recited = counts["recited"]
    if recited and include_citations:
        cites = f"{recited} citation-only change{'s' if recited != 1 else ''} (recited) listed"
    elif recited:
        cites = (f"{recited} citation-only change{'s' if recited != 1 else ''} not shown "
                 f"(--citations lists them)")
    else:
        cites = None
    notes = []
    if not diff.same_jurisdiction:
        notes.append("Two jurisdictions: findings (notes on each source text) are not compared; "
                     f"{diff.old.label} has {diff.old.findings}, {diff.new.label} has {diff.new.findings}.")
    if not diff.house_edges:
        notes.append("House edges were not computed (--no-house-edge).")
    sides = [
        {"label": s.label, "ref": s.ref, "name": s.name, "version": s.version,
         "effective_date": s.effective_date, "supersedes": s.supersedes or "(none)", "citation": s.citation}
        for s in (diff.old, diff.new)
    ]
    width = max(len(diff.old.label), len(diff.new.label)) + 1
    for side in sides:
        side["tag"] = f"{side['label']}:".ljust(width)
    return {
        "title": f"{diff.old.ref} \u2192 {diff.new.ref}", "old": sides[0], "new": sides[1],
        "areas": areas, "summary": summary, "citations_note": cites, "notes": notes,
        "same_jurisdiction": diff.same_jurisdiction, "differs": diff.differs(include_citations),
    }
