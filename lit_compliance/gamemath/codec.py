"""One JSON codec for the engine's typed answers (frozen dataclasses of fractions, enums, tuples).

``encode(record)`` gives plain JSON data: a dataclass as an object of its fields, a
:class:`~fractions.Fraction` as ``"n/d"`` text, an enum as its value, a tuple as a list.
``decode(cls, data)`` builds the record back from the field types, and refuses (``CodecError``) data
of another shape: a cache entry written by other code is recomputed, never half read. Decoding what
was encoded gives an equal record (``tests/gamemath/test_priced_record.py``).
"""
from __future__ import annotations

import dataclasses
import sys
import types
import typing
from enum import Enum
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable


class CodecError(ValueError):
    """Data that is not the JSON form of the record asked for."""


def fraction_text(x: Fraction) -> str:
    """A fraction as the codec writes it: ``"n/d"`` (``"1/1"`` for one)."""
    return f"{x.numerator}/{x.denominator}"


def encode(value: Any) -> Any:
    """A typed answer as JSON data (see the module's docstring)."""
    return _encoder(type(value))(value)


@lru_cache(maxsize=None)
def _encoder(cls: type) -> Callable[[Any], Any]:
    """The writer of a value of class ``cls``, made once per class (a record's field names looked up
    once, not for each value: a cold ``par all`` from nothing writes 60,000 values)."""
    if dataclasses.is_dataclass(cls):
        names = tuple(f.name for f in dataclasses.fields(cls))
        return lambda value: {name: encode(getattr(value, name)) for name in names}
    if issubclass(cls, Enum):
        return lambda value: value.value
    if issubclass(cls, Fraction):
        return fraction_text
    if issubclass(cls, (tuple, list)):
        return lambda value: [encode(v) for v in value]
    if issubclass(cls, dict):
        return lambda value: {str(k): encode(v) for k, v in value.items()}
    if cls is type(None) or issubclass(cls, (bool, int, float, str)):
        return lambda value: value

    def refuse(value: Any) -> Any:
        raise CodecError(f"cannot encode a {cls.__name__}")
    return refuse


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    """``typing.get_type_hints(cls)``: each annotation's text evaluated as typing evaluates it (in the
    class's namespace, then its module's), but compiled once for every class that writes it (dozens
    write ``Fraction | None``); where one gives anything but plain types (a name in quotes,
    ``Annotated``, a ``ClassVar``...), typing's own answer."""
    hints: dict[str, Any] = {}
    for base in reversed(cls.__mro__):
        annotations = base.__dict__.get("__annotations__")
        if not isinstance(annotations, dict) or not annotations:
            continue
        module = getattr(sys.modules.get(base.__module__), "__dict__", {})
        space = dict(vars(base))
        for name, text in annotations.items():
            value = eval(_compiled(text), space, module) if isinstance(text, str) else text   # noqa: S307
            value = type(None) if value is None else value
            if not _plain(value):
                return typing.get_type_hints(cls)
            hints[name] = value
    return hints


@lru_cache(maxsize=None)
def _compiled(text: str) -> types.CodeType:
    return compile(text, "<annotation>", "eval")


def _plain(kind: Any) -> bool:
    """Whether ``kind`` is a type, a union of plain types or a generic class of plain types (what
    typing leaves as it is)."""
    origin = typing.get_origin(kind)
    if origin is None:
        return kind is Any or (isinstance(kind, type) and not isinstance(kind, types.GenericAlias))
    if not (origin in (typing.Union, types.UnionType) or isinstance(origin, type)):
        return False
    return all(arg is Ellipsis or _plain(arg) for arg in typing.get_args(kind))


def decode(kind: Any, data: Any) -> Any:
    """The value of type ``kind`` whose JSON data is ``data``; ``CodecError`` for data of another shape."""
    try:
        reader = _decoder(kind)
    except TypeError:                    # a type that cannot be a cache key: read it without one
        reader = _decoder.__wrapped__(kind)
    return reader(data)


@lru_cache(maxsize=None)
def _decoder(kind: Any) -> Callable[[Any], Any]:
    """The reader of ``kind``'s JSON data, made once per type: what the type asks (its origin, its
    arguments, a record's fields and their hints) is looked at here, not for every value read (a
    cold ``par all`` reads 62,000 values of 122 records). A record's fields are looked up on its
    first read, so a record type that refers to itself is read too."""
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        return _union(kind)
    if origin is tuple:
        return _tuple(typing.get_args(kind))
    if origin is dict:
        return _dict(*typing.get_args(kind))
    if dataclasses.is_dataclass(kind):
        return _record(kind)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return _enum(kind)
    if kind is Fraction:
        return _fraction
    return _scalar(kind)


def _union(kind: Any) -> Callable[[Any], Any]:
    options = typing.get_args(kind)
    nullable = type(None) in options
    readers = [_decoder(option) for option in options if option is not type(None)]

    if nullable and len(readers) == 1:   # X | None: the one reader, its own message
        reader = readers[0]
        return lambda data: None if data is None else reader(data)

    def union(data: Any) -> Any:
        if data is None and nullable:
            return None
        errors = []
        for reader in readers:
            try:
                return reader(data)
            except CodecError as exc:
                errors.append(str(exc))
        raise CodecError("; ".join(errors) or "no type fits")
    return union


def _tuple(args: tuple) -> Callable[[Any], Any]:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])

        def sequence(data: Any) -> tuple:
            if not isinstance(data, list):
                raise CodecError(f"expected a list, got {type(data).__name__}")
            return tuple([item(v) for v in data])
        return sequence
    items = tuple(_decoder(a) for a in args)

    def fixed(data: Any) -> tuple:
        if not isinstance(data, list):
            raise CodecError(f"expected a list, got {type(data).__name__}")
        if len(items) != len(data):
            raise CodecError(f"expected {len(items)} items, got {len(data)}")
        return tuple([reader(v) for reader, v in zip(items, data)])
    return fixed


def _dict(key_type: Any, value_type: Any) -> Callable[[Any], Any]:
    value = _decoder(value_type)

    def mapping(data: Any) -> dict:
        if not isinstance(data, dict) or key_type is not str:
            raise CodecError("expected an object")
        return {k: value(v) for k, v in data.items()}
    return mapping


def _record(kind: type) -> Callable[[Any], Any]:
    made: list = []      # once read: (the readers in the fields' order, the names, whether by position)

    def record(data: Any) -> Any:
        if not made:
            hints = _hints(kind)
            fields = dataclasses.fields(kind)
            made.append((tuple((f.name, _decoder(hints[f.name])) for f in fields), {f.name for f in fields},
                         all(f.init and not getattr(f, "kw_only", False) for f in fields)))
        readers, names, by_position = made[0]
        if not isinstance(data, dict) or data.keys() != names:
            raise CodecError(f"not a {kind.__name__}")
        if by_position:
            return kind(*[reader(data[name]) for name, reader in readers])
        return kind(**{name: reader(data[name]) for name, reader in readers})
    return record


def _enum(kind: type) -> Callable[[Any], Any]:
    members = {member.value: member for member in kind}   # what kind(value) finds first

    def enum(data: Any) -> Any:
        try:
            return members[data]
        except (KeyError, TypeError):     # not a value of a member (or unhashable): as the enum itself says
            pass
        try:
            return kind(data)
        except ValueError:
            raise CodecError(f"{data!r} is not a {kind.__name__}") from None
    return enum


def _fraction(data: Any) -> Fraction:
    if not isinstance(data, str) or data.count("/") != 1:
        raise CodecError(f"expected 'n/d' text, got {data!r}")
    numerator, _, denominator = data.partition("/")
    digits = numerator[1:] if numerator[:1] == "-" else numerator
    if digits.isascii() and digits.isdigit() and denominator.isascii() and denominator.isdigit() \
            and denominator.strip("0"):
        return Fraction(int(numerator), int(denominator))   # the codec's own form, read without Fraction's pattern
    try:
        return Fraction(data)
    except (ValueError, ZeroDivisionError):
        raise CodecError(f"expected 'n/d' text, got {data!r}") from None


def _any(data: Any) -> Any:
    return data


def _null(data: Any) -> None:
    if data is not None:
        raise CodecError(f"expected null, got {data!r}")
    return None


def _float(data: Any) -> float:
    if type(data) is float:
        return data
    if isinstance(data, (int, float)) and not isinstance(data, bool):
        return float(data)
    raise CodecError(f"expected float, got {type(data).__name__}")


def _int(data: Any) -> int:
    if type(data) is int:
        return data
    if isinstance(data, bool):
        raise CodecError("expected an integer, got a boolean")
    if isinstance(data, int):
        return data
    raise CodecError(f"expected int, got {type(data).__name__}")


def _scalar(kind: Any) -> Callable[[Any], Any]:
    """The reader of a plain value of type ``kind`` (a float may be written as an integer, an integer
    is never a boolean)."""
    if kind is Any:
        return _any
    if kind is type(None):
        return _null
    if kind is float:
        return _float
    if kind is int:
        return _int

    def plain(data: Any) -> Any:
        if isinstance(kind, type) and isinstance(data, kind):
            return data
        raise CodecError(f"expected {getattr(kind, '__name__', kind)}, got {type(data).__name__}")
    return plain
