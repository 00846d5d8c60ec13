"""``@record``: a dataclass whose comparison, hash and repr are made without compiling code.

``@record`` is ``@dataclass(frozen=True)`` (``@record(frozen=False)`` is ``@dataclass``,
``@record(eq=False)`` keeps identity's equality and hash): the same fields, ``__init__``,
immutability, equality, hash and repr (the very text, which cache keys hold), and
``dataclasses.fields``, ``replace`` and ``asdict`` work on it as on any dataclass.

What differs is the cost of making the class. The standard library writes each method it adds as
source text and compiles it with ``exec``: about 0.5 ms a frozen class on Python 3.11, and a cold
``check`` imports some 130 records, so 0.07 s of CPU, about a third of the import floor
(docs/benchmarks.md, "Issue 34, sixth session"). Here ``dataclasses`` still finds the fields (and
checks them as it always does), and only ``__init__`` is compiled, as ``dataclass(frozen=True)``
writes it: each argument, its default or its default factory's value, set with
``object.__setattr__`` (a mutable record's, and a frozen one with a dataclass base or a
``__post_init__``, is ``dataclass``'s own). It is compiled once per shape (how many fields, which
take a default factory), with placeholder names, and each class gets that code renamed to its own
fields: compiling costs about 0.1 ms a class, renaming a few microseconds. The rest are closures
over the class and its field names, made in microseconds, that do what the generated ones do:

- a frozen record's ``__setattr__`` and ``__delattr__``: ``FrozenInstanceError`` for a field, or
  for any attribute of an instance of the class itself;

- ``__eq__``: ``NotImplemented`` unless the other is of the very same class, else the tuples of the
  compared fields (``field(compare=False)`` left out) are equal;
- ``__hash__``: the hash of the tuple of the fields that take part (``field(hash=...)``, else the
  compared ones), set where ``dataclass`` would set one (not over a ``__hash__`` the class defines);
  a mutable record with equality is unhashable, as a dataclass is;
- ``__repr__``: ``Name(field=value!r, ...)`` over the fields shown (``field(repr=False)`` left out),
  ``...`` for a record met again inside its own repr.

A method the class body defines is kept, as ``dataclass`` keeps it. ``tests/test_records.py`` holds
every one of these against ``dataclasses.dataclass`` itself.
"""
from __future__ import annotations

import dataclasses
import inspect
import re
import sys
import typing
from _thread import get_ident
from functools import lru_cache
from operator import attrgetter
from types import CodeType, FunctionType
from typing import Callable


class _Factory:
    """An argument left to its field's default factory (shown in ``__init__``'s signature as dataclass shows it)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _tuple_of(names: list[str]) -> Callable[[object], tuple]:
    """A function giving an object's attributes ``names`` as a tuple (what the generated methods build)."""
    if len(names) > 1:
        return attrgetter(*names)   # a tuple already
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _equality(names: list[str]) -> Callable:
    values = _tuple_of(names)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hashing(names: list[str]) -> Callable:
    values = _tuple_of(names)

    def __hash__(self):
        return hash(values(self))

    return __hash__


def _representation(names: list[str]) -> Callable:
    text = "{}(" + ", ".join(f"{name}={{!r}}" for name in names) + ")"   # Name(a={!r}, b={!r})
    values = _tuple_of(names)
    running: set = set()

    def __repr__(self):
        key = id(self), get_ident()
        if key in running:
            return "..."
        running.add(key)
        try:
            return text.format(self.__class__.__qualname__, *values(self))
        finally:
            running.discard(key)

    return __repr__


def _add(cls: type, method: Callable) -> None:
    """Put ``method`` on ``cls`` under its name, named as a method of the class, unless the class body defines it."""
    if method.__name__ not in cls.__dict__:
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        setattr(cls, method.__name__, method)


def _add_hash(cls: type, method: Callable) -> None:
    """``__hash__`` over a ``None`` that defining ``__eq__`` left (dataclass replaces it too)."""
    method.__qualname__ = f"{cls.__qualname__}.__hash__"
    cls.__hash__ = method


@lru_cache(maxsize=None)
def _init_code(count: int, made: frozenset[int]) -> CodeType:
    """The code of a frozen record's ``__init__`` for ``count`` fields, those at the positions
    ``made`` taking a default factory, compiled once per shape (not once per class): argument ``i``
    is named ``_i`` and set as the attribute ``"_i"``, names :func:`_frozen_init` replaces by the
    fields' own. The text is ``dataclass(frozen=True)``'s: each argument set with
    ``object.__setattr__``, a factory's argument made by it unless one was given."""
    arguments, lines = ["self"], []
    for i in range(count):
        value = f"__record_make_{i}__() if _{i} is __record_factory__ else _{i}" if i in made else f"_{i}"
        arguments.append(f"_{i}")
        lines.append(f"    __record_set__(self, '_{i}', {value})\n")
    names: dict = {}
    exec(f"def __init__({', '.join(arguments)}):\n" + ("".join(lines) or "    pass\n"), names)   # noqa: S102
    return names["__init__"].__code__


def _frozen_init(cls: type, fields: tuple) -> Callable:
    """A frozen record's ``__init__``, as ``dataclass(frozen=True)`` writes it for fields with a
    default, a default factory or neither: each argument set with ``object.__setattr__``. Its code is
    :func:`_init_code`'s for the fields' shape, renamed to the fields (compiling a function costs
    about 0.1 ms, renaming one a few microseconds)."""
    names = {"__record_set__": object.__setattr__, "__record_factory__": _FACTORY, "__builtins__": __builtins__}
    defaults, made = [], set()
    for i, f in enumerate(fields):
        if defaults and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            dataclasses.dataclass(cls, frozen=True)   # raises dataclass's TypeError, as this Python words it
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
        if f.default is not dataclasses.MISSING:
            defaults.append(f.default)
        elif f.default_factory is not dataclasses.MISSING:
            names[f"__record_make_{i}__"] = f.default_factory
            defaults.append(_FACTORY)
            made.add(i)
    template = _init_code(len(fields), frozenset(made))
    own = {f"_{i}": f.name for i, f in enumerate(fields)}   # a placeholder's argument and attribute name
    code = template.replace(co_varnames=tuple(own.get(v, v) for v in template.co_varnames),
                            co_consts=tuple(own.get(c, c) if isinstance(c, str) else c for c in template.co_consts))
    init = FunctionType(code, names, "__init__", tuple(defaults) or None)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = {f.name: f.type for f in fields} | {"return": None}
    return init


def _frozen_attributes(cls: type, fields: tuple) -> list[Callable]:
    """A frozen record's ``__setattr__`` and ``__delattr__``: no field set or deleted, nor any
    attribute of the class itself (a subclass that is not a dataclass may add its own)."""
    names = tuple(f.name for f in fields)

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return [__setattr__, __delattr__]


#: dataclasses' own pattern for the name a string annotation starts with (``ClassVar[int]``, ``typing.ClassVar``)
_LEADING_NAME = re.compile(r"^(?:\s*(\w+)\s*\.)?\s*(\w+)")
_PLACEHOLDER = object()


def _not_special(text: str, module: dict) -> bool:
    """Whether a string annotation surely names no ``ClassVar``, ``InitVar`` or ``KW_ONLY`` (dataclass
    looks up its leading name in the class's module for each: a plain name bound to none of them)."""
    found = _LEADING_NAME.match(text)
    if found is None:
        return True
    if found.group(1) or found.group(2) in ("ClassVar", "InitVar", "KW_ONLY"):
        return False
    bound = module.get(found.group(2))
    return bound is None or not (bound is typing.ClassVar or typing.get_origin(bound) is typing.ClassVar
                or bound is dataclasses.InitVar or isinstance(bound, dataclasses.InitVar)
                or bound is dataclasses.KW_ONLY)


def _with_fields(cls: type) -> type:
    """``dataclass(cls, init=False, frozen=False, eq=False, repr=False)``: the fields found and checked
    by dataclass itself, but each string annotation that surely names no ``ClassVar``, ``InitVar`` or
    ``KW_ONLY`` shown to it as a placeholder for the while (so it does not look that name up three
    times, a third of a record's cost), and put back, on the class and on its field."""
    annotations = cls.__dict__.get("__annotations__")
    texts = {}
    if isinstance(annotations, dict):
        module = getattr(sys.modules.get(cls.__module__), "__dict__", {})
        texts = {name: text for name, text in annotations.items()
                 if isinstance(text, str) and _not_special(text, module)}
        annotations.update(dict.fromkeys(texts, _PLACEHOLDER))
    try:
        cls = dataclasses.dataclass(cls, init=False, frozen=False, eq=False, repr=False)
    finally:
        if texts:
            annotations.update(texts)
    for name, text in texts.items():
        cls.__dataclass_fields__[name].type = text
    return cls


def _signature_text(cls: type, fields: tuple) -> str:
    """The class's name and its ``__init__``'s signature as ``inspect`` writes it (dataclass's text for
    an undocumented class), written out here where every annotation is text (``inspect.signature``
    costs 70 microseconds a class)."""
    if not all(isinstance(f.type, str) for f in fields):
        return cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")
    parts = []
    for f in fields:
        default = f" = {f.default!r}" if f.default is not dataclasses.MISSING else (
            f" = {_FACTORY!r}" if f.default_factory is not dataclasses.MISSING else "")
        parts.append(f"{f.name}: {f.type!r}{default}")
    return f"{cls.__name__}({', '.join(parts)})"


def _plain(cls: type) -> bool:
    """Whether ``cls`` (a frozen record to be) is one :func:`_frozen_init` can make: no dataclass
    among its bases, no ``__post_init__``, and (:func:`_check_plain_fields`) no field outside ``__init__``,
    keyword-only or init-only."""
    return not hasattr(cls, "__post_init__") and not any(
        hasattr(base, "__dataclass_fields__") for base in cls.__mro__[1:])


def _check_plain_fields(cls: type, fields: tuple) -> None:
    """A field :func:`_frozen_init` cannot pass is a mistake said at once, not a wrong ``__init__``."""
    odd = [f for f in fields if not f.init or getattr(f, "kw_only", False) or f.name == "self"]
    odd += [f for f in cls.__dataclass_fields__.values() if "InitVar" in str(f.type)]   # not in fields()
    if odd:
        raise TypeError(f"{cls.__qualname__}.{odd[0].name}: @record makes fields passed to __init__ by position or "
                        "name only (no init=False, kw_only, InitVar or a field named self); use @dataclass")


def record(cls: type | None = None, /, *, frozen: bool = True, eq: bool = True):
    """The class as ``dataclass(frozen=frozen, eq=eq)`` makes it (see the module's text)."""

    def make(cls: type) -> type:
        class_hash = cls.__dict__.get("__hash__", dataclasses.MISSING)
        hash_given = not (class_hash is dataclasses.MISSING or (class_hash is None and "__eq__" in cls.__dict__))
        if frozen and _plain(cls):
            for name in ("__setattr__", "__delattr__"):
                if name in cls.__dict__:
                    raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
            undocumented = not cls.__doc__
            cls.__doc__ = cls.__doc__ or "-"   # dataclass would word one from a signature __init__ has not yet
            cls = _with_fields(cls)
            fields = dataclasses.fields(cls)
            _check_plain_fields(cls, fields)
            _add(cls, _frozen_init(cls, fields))
            if undocumented:   # as dataclass words it: the class's name and its __init__'s signature
                cls.__doc__ = _signature_text(cls, fields)
            for method in _frozen_attributes(cls, fields):
                _add(cls, method)
        else:
            cls = dataclasses.dataclass(cls, frozen=frozen, eq=False, repr=False)
            fields = dataclasses.fields(cls)
        _add(cls, _representation([f.name for f in fields if f.repr]))
        if eq:
            _add(cls, _equality([f.name for f in fields if f.compare]))
            if not hash_given:
                if frozen:
                    _add_hash(cls, _hashing([f.name for f in fields if (f.compare if f.hash is None else f.hash)]))
                else:
                    cls.__hash__ = None   # mutable and compared by value: unhashable, as a dataclass is
        params = cls.__dataclass_params__   # say what the class has, as dataclass would (pytest reads it)
        params.init, params.repr, params.eq, params.frozen = True, True, eq, frozen
        return cls

    return make if cls is None else make(cls)
