"""Where a fact comes from: its citation, the findings about it, and its place in the file."""
from __future__ import annotations


def finding_id_tuple(value) -> tuple[str, ...]:
    """A fact's ``finding`` as a tuple of ids (a ruleset may give one id or a list)."""
    if not value:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def quote_text(value) -> str | None:
    """A fact's ``quote`` as one string: a list of pieces (words not contiguous) joined by " … "."""
    if value is None or isinstance(value, str):
        return value
    return " … ".join(str(piece) for piece in value)


class Source:
    """The position of a fact: the file, its line, and the path of keys to it.

    The line may be given, or looked up when first asked for (``locate(path) -> (line, column)``):
    building a model then never reads the file's positions, which a cached file keeps apart and
    most runs print none of. A position is a courtesy: where it cannot be found the line is None.

    >>> s = Source("rules.yaml", path=("wagers", 0), locate=lambda path: (12, 3))
    >>> (s.line, str(s), s == Source("rules.yaml", 12, ("wagers", 0)))
    (12, 'rules.yaml:12', True)
    """

    __slots__ = ("file", "path", "_line", "_locate")

    def __init__(self, file: str, line: int | None = None, path: tuple = (), locate=None):
        self.file, self.path, self._line, self._locate = file, tuple(path), line, locate

    @property
    def line(self) -> int | None:
        """The 1-based line of the fact in its file (None where it cannot be found)."""
        if self._line is None and self._locate is not None:
            locate, self._locate = self._locate, None
            try:
                self._line = locate(self.path)[0]
            except Exception:  # noqa: BLE001 (a position is a courtesy; a document without one still models)
                self._line = None
        return self._line

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Source):
            return NotImplemented
        return (self.file, self.line, self.path) == (other.file, other.line, other.path)

    def __hash__(self) -> int:
        return hash((self.file, self.line, self.path))

    def __repr__(self) -> str:
        return f"Source(file={self.file!r}, line={self.line!r}, path={self.path!r})"

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"
