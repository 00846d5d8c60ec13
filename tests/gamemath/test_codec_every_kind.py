"""Every kind of record the cache keeps through the codec (priced paytables, PAR sheet bodies, a
ruleset's analysis) reads back as the plain reading of its types gives it, and writes back to the
very data it was read from: each entry ``analyze all`` and ``par south-dakota`` write (the catalogue's
every paytable, meter and envy wagers among them), read by the codec's readers made once per type
(gamemath/codec.py) and by a reader written here the plain way (the type hints looked at for every
value, each option of a union tried in turn)."""
from __future__ import annotations

import dataclasses
import json
import types
import typing
from enum import Enum
from fractions import Fraction

import pytest
from click.testing import CliRunner

from lit_compliance import cache
from lit_compliance.cli import main
from lit_compliance.gamemath.codec import CodecError, decode, encode

KINDS = ("priced", "par-sheet", "analysis")


def _plain(kind, data):
    """``kind``'s value from its JSON data, the plain way."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        for option in args:
            if option is not type(None):
                try:
                    return _plain(option, data)
                except CodecError:
                    pass
        raise CodecError(f"no option of {kind} reads {data!r}")
    if origin is tuple:
        items = [args[0]] * len(data) if len(args) == 2 and args[1] is Ellipsis else list(args)
        assert isinstance(data, list) and len(items) == len(data)
        return tuple(_plain(a, v) for a, v in zip(items, data))
    if origin is dict:
        return {k: _plain(args[1], v) for k, v in data.items()}
    if dataclasses.is_dataclass(kind):
        if not isinstance(data, dict):
            raise CodecError(f"not a {kind.__name__}")
        hints = typing.get_type_hints(kind)
        assert set(data) == {f.name for f in dataclasses.fields(kind)}
        return kind(**{f.name: _plain(hints[f.name], data[f.name]) for f in dataclasses.fields(kind)})
    if isinstance(kind, type) and issubclass(kind, Enum):
        try:
            return kind(data)
        except ValueError:
            raise CodecError(f"{data!r} is not a {kind.__name__}") from None
    if kind is Fraction:
        if not isinstance(data, str):
            raise CodecError("not a fraction")
        return Fraction(data)
    if kind is float and type(data) in (int, float):
        return float(data)
    if kind is typing.Any or (kind is type(None) and data is None):
        return data
    if type(data) is bool and kind is not bool:
        raise CodecError("a boolean")
    if isinstance(data, kind):
        return data
    raise CodecError(f"expected {kind}, got {data!r}")


@pytest.fixture(scope="module")
def entries(tmp_path_factory):
    """(kind, stored JSON value, the decoded value) of every codec entry the two commands write."""
    folder = tmp_path_factory.mktemp("codec-kinds") / "cache"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LIT_COMPLIANCE_CACHE", str(folder))
        cache.forget()
        for args in (["analyze", "all"], ["par", "south-dakota"]):
            result = CliRunner().invoke(main, args)
            assert result.exit_code == 0, result.output
        cache.forget()
    found = []
    for path in sorted(folder.iterdir()):
        name = path.name.rsplit("-", 1)[0]
        if name in KINDS:
            stored = json.loads(path.read_bytes().split(b"\n", 1)[1])["value"]
            found.append((cache.KINDS[name], stored, cache.KINDS[name].decode(stored)))
    return found


def test_every_kind_is_met_many_times(entries):
    counted = {k: sum(1 for kind, _, _ in entries if kind.name == k) for k in KINDS}
    assert counted["priced"] >= 70 and counted["par-sheet"] >= 10 and counted["analysis"] == 5, counted


def test_each_entry_reads_as_the_plain_reading_gives_it_and_writes_back_to_its_own_data(entries):
    for kind, stored, value in entries:
        plain = _plain(type(value), stored)
        assert value == plain and repr(value) == repr(plain), kind.name   # repr: 1 is not 1.0, nor Fraction(1)
        assert json.dumps(encode(value), sort_keys=True) == json.dumps(stored, sort_keys=True), kind.name
        assert decode(type(value), encode(value)) == value


def test_a_fraction_in_one_n_d_text_is_read_as_fraction_reads_it_and_anything_else_refused():
    @dataclasses.dataclass(frozen=True)
    class Box:
        x: Fraction

    for text in ("3/6", "-3/6", "0/5", "10/0004", "+1/2", " 1/2", "1_0/3", "\u0661/\u0662", "1/0", "-0/0", "1/-2",
                 "a/2", "\u00b2/3", "/2", "1/", "1/2/3", "12", "0.5/1"):
        try:
            expected = Fraction(text) if text.count("/") == 1 else None
        except (ValueError, ZeroDivisionError):
            expected = None
        if expected is None:
            with pytest.raises(CodecError, match="expected 'n/d' text"):
                decode(Box, {"x": text})
        else:
            got = decode(Box, {"x": text}).x
            assert type(got) is Fraction and got == expected, text


@dataclasses.dataclass(frozen=True)
class Quoted:
    """Annotations the codec leaves to typing: a name in quotes inside a generic, a class variable."""

    child: "tuple['Quoted', ...]"
    number: typing.ClassVar[int] = 1
    maybe: typing.Optional[Fraction] = None


def _record_types(kind, found: set) -> set:
    """Every record type ``kind`` holds, through its fields, their unions and their items."""
    if dataclasses.is_dataclass(kind) and kind not in found:
        found.add(kind)
        for hint in typing.get_type_hints(kind).values():
            _record_types(hint, found)
    for arg in typing.get_args(kind):
        _record_types(arg, found)
    return found


def test_the_codec_reads_every_record_types_fields_as_typing_does(entries):
    """The codec evaluates annotations itself (codec._hints, each text compiled once): for every record
    type the cached kinds hold, and for types it leaves to typing (a name in quotes, a class variable),
    the very hints typing gives."""
    from lit_compliance.gamemath.codec import _hints

    roots = {type(value) for _, _, value in entries}
    kinds = _record_types(tuple[tuple(roots)], set())
    assert len(kinds) >= 20

    for kind in sorted(kinds, key=lambda k: k.__qualname__) + [Quoted]:
        assert _hints(kind) == typing.get_type_hints(kind), kind.__qualname__
