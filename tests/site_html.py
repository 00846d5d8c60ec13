"""Reading a generated site back: ids, links, headings of every page (for test_site*.py)."""
from __future__ import annotations

import posixpath
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class PageParser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.links: list[str] = []
        self.headings: list[int] = []
        self.lang: str | None = None
        self.th_without_scope = 0
        self.scripts = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"])
        if tag in ("a", "link") and a.get("href") is not None:
            self.links.append(a["href"])
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.headings.append(int(tag[1]))
        if tag == "html":
            self.lang = a.get("lang")
        if tag == "th" and "scope" not in a:
            self.th_without_scope += 1
        if tag == "script":
            self.scripts += 1


def parse_site(root: Path) -> dict[str, PageParser]:
    pages = {}
    for f in sorted(root.rglob("*.html")):
        parser = PageParser()
        parser.feed(f.read_text(encoding="utf-8"))
        pages[f.relative_to(root).as_posix()] = parser
    return pages


def broken_links(root: Path, pages: dict[str, PageParser]) -> list[str]:
    """Every internal link whose file or anchor does not exist, and every link leaving the site."""
    bad = []
    for name, page in pages.items():
        for href in page.links:
            url = urlsplit(href)
            if url.scheme or url.netloc:
                bad.append(f"{name}: external link {href}")
                continue
            target = posixpath.normpath(posixpath.join(posixpath.dirname(name), unquote(url.path))) if url.path else name
            if target.startswith("../") or target == "..":
                bad.append(f"{name}: link out of the site {href}")
                continue
            if url.path.endswith("/") or (root / target).is_dir():
                bad.append(f"{name}: link to a folder {href} (a browser opening files shows a listing, not index.html)")
                continue
            if not (root / target).is_file():
                bad.append(f"{name}: no file for {href}")
                continue
            if url.fragment and target.endswith(".html") and unquote(url.fragment) not in pages[target].ids:
                bad.append(f"{name}: no anchor for {href}")
    return bad


def duplicate_ids(page: PageParser) -> list[str]:
    return [k for k, v in Counter(page.ids).items() if v > 1]


def heading_jumps(page: PageParser) -> list[tuple[int, int]]:
    jumps, previous = [], 0
    for level in page.headings:
        if level > previous + 1:
            jumps.append((previous, level))
        previous = level
    return jumps
