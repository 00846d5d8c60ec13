"""One JSON codec for the engine's typed answers (frozen dataclasses of fractions, enums, tuples).

``encode(record)`` gives plain JSON data: a dataclass as an object of its fields, a
:class:`~fractions.Fraction` as ``"n/d"`` text, an enum as its value, a tuple as a list.
``decode(cls, data)`` builds the record back from the field types, and refuses (``CodecError``) data
of another shape: a cache entry written by other code is recomputed, never half read. Decoding what
was encoded gives an equal record (``tests/gamemath/test_priced_record.py``).
"""
from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from fractions import Fraction
from functools import lru_cache
from typing import Any


class CodecError(ValueError):
    """Data that is not the JSON form of the record asked for."""


def fraction_text(x: Fraction) -> str:
    """A fraction as the codec writes it: ``"n/d"`` (``"1/1"`` for one)."""
    return f"{x.numerator}/{x.denominator}"


def encode(value: Any) -> Any:
    """A typed answer as JSON data (see the module's docstring)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise CodecError(f"cannot encode a {type(value).__name__}")


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode(kind: Any, data: Any) -> Any:
    """The value of type ``kind`` whose JSON data is ``data``; ``CodecError`` for data of another shape."""
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return decode(option, data)
            except CodecError as exc:
                errors.append(str(exc))
        raise CodecError("; ".join(errors) or "no type fits")
    if origin is tuple:
        args = typing.get_args(kind)
        if not isinstance(data, list):
            raise CodecError(f"expected a list, got {type(data).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v) for v in data)
        if len(args) != len(data):
            raise CodecError(f"expected {len(args)} items, got {len(data)}")
        return tuple(decode(a, v) for a, v in zip(args, data))
    if origin is dict:
        key_type, value_type = typing.get_args(kind)
        if not isinstance(data, dict) or key_type is not str:
            raise CodecError("expected an object")
        return {k: decode(value_type, v) for k, v in data.items()}
    if dataclasses.is_dataclass(kind):
        return _decode_record(kind, data)
    if isinstance(kind, type) and issubclass(kind, Enum):
        try:
            return kind(data)
        except ValueError:
            raise CodecError(f"{data!r} is not a {kind.__name__}") from None
    if kind is Fraction:
        return _fraction(data)
    return _scalar(kind, data)


def _decode_record(kind: type, data: Any) -> Any:
    fields = dataclasses.fields(kind)
    if not isinstance(data, dict) or set(data) != {f.name for f in fields}:
        raise CodecError(f"not a {kind.__name__}")
    hints = _hints(kind)
    return kind(**{f.name: decode(hints[f.name], data[f.name]) for f in fields})


def _fraction(data: Any) -> Fraction:
    if not isinstance(data, str) or data.count("/") != 1:
        raise CodecError(f"expected 'n/d' text, got {data!r}")
    try:
        return Fraction(data)
    except (ValueError, ZeroDivisionError):
        raise CodecError(f"expected 'n/d' text, got {data!r}") from None


def _scalar(kind: Any, data: Any) -> Any:
    if kind is Any:
        return data
    if kind is type(None):
        if data is not None:
            raise CodecError(f"expected null, got {data!r}")
        return None
    if kind is float and isinstance(data, (int, float)) and not isinstance(data, bool):
        return float(data)
    if kind is int and isinstance(data, bool):
        raise CodecError("expected an integer, got a boolean")
    if isinstance(kind, type) and isinstance(data, kind):
        return data
    raise CodecError(f"expected {getattr(kind, '__name__', kind)}, got {type(data).__name__}")
