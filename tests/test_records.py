"""``@record`` makes the class ``dataclasses.dataclass`` makes: each kind of class body below is made
both ways and the two answer alike (equality, hash, repr, immutability, the dataclass functions)."""
from __future__ import annotations

import ast
import inspect
import dataclasses
from dataclasses import FrozenInstanceError, field
from fractions import Fraction
from pathlib import Path
from typing import ClassVar
import typing

import pytest

import lit_compliance
from lit_compliance.records import record


COUNTER = ClassVar[int]   # a class variable's type under another name


def _bodies():
    """Class bodies covering every way a field or method can differ."""

    class Plain:
        a: int
        b: str = "x"
        c: tuple = ()

    class One:
        """A documented record keeps its own text."""

        only: object

    class Empty:
        pass

    class Hidden:
        shown: int
        secret: str = field(default="s", repr=False, compare=False)
        counted: int = field(default=0, compare=False, hash=True)
        uncounted: int = field(default=1, hash=False)
        made: list = field(default_factory=list, compare=False)

    class OwnMethods:
        a: int

        def __repr__(self):
            return "own"

        def __eq__(self, other):
            return True

    class OwnHash:
        a: int

        def __hash__(self):
            return 7

    class Derived(Plain):
        d: int = 4

    class Worked:   # a field worked out after __init__: the frozen record made by dataclass itself
        a: int
        label: str = field(init=False, default="")

        def __post_init__(self):
            object.__setattr__(self, "label", f"<{self.a}>")

    class Quoting:   # defaults and annotations whose text needs quoting
        a: "tuple[str, ...]" = ("it's", 'say "x"')
        b: Fraction | None = Fraction(1, 3)
        c: 'dict[str, "Fraction"]' = field(default_factory=dict)

    class Shared:   # class variables, however written, are no fields
        a: int
        count: ClassVar[int] = 3
        named: typing.ClassVar[str] = "x"
        aliased: COUNTER = 0
        b: str = "y"

    return [Plain, One, Empty, Hidden, OwnMethods, OwnHash, Derived, Worked, Quoting, Shared]


def _own(body: type) -> dict:
    return {k: v for k, v in body.__dict__.items() if k not in ("__dict__", "__weakref__")}


def _pair(body: type, **options) -> tuple[type, type]:
    """The same body made by ``dataclass`` (first) and by ``record`` (second)."""
    def fresh(decorate):
        base = body.__bases__[0]
        if base is not object:   # a derived body: its base made the same way
            base = decorate(type(base.__name__, (), _own(base)))
        return decorate(type(body.__name__, (base,), _own(body)))

    frozen = options.get("frozen", True)
    eq = options.get("eq", True)
    return (fresh(lambda c: dataclasses.dataclass(c, frozen=frozen, eq=eq)), fresh(lambda c: record(c, **options)))


# One NaN object for both sides: a NaN is equal and hashes alike only to itself.
VALUES = {"a": [1, 2, float("nan")], "b": ["x", "y"], "c": [(), (1, Fraction(1, 3))], "only": [1, None, "1"],
           "shown": [1, 2], "secret": ["s", "t"], "counted": [0, 5], "uncounted": [1, 9], "made": [[], [1]],
           "d": [4, 5]}


def _instances(cls: type) -> list:
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    values = VALUES
    made = [cls(**{n: values[n][0] for n in names})]
    for n in names:
        for v in values[n][1:]:
            made.append(cls(**{m: (v if m == n else values[m][0]) for m in names}))
    return made


@pytest.mark.parametrize("options", [{}, {"eq": False}, {"frozen": False}], ids=["frozen", "eq-false", "mutable"])
@pytest.mark.parametrize("body", _bodies(), ids=lambda b: b.__name__)
def test_a_record_answers_as_the_dataclass_of_the_same_body(body, options):
    standard, ours = _pair(body, **options)
    assert [(f.name, f.type) for f in dataclasses.fields(ours)] == [(f.name, f.type) for f in dataclasses.fields(standard)]
    assert ours.__annotations__ == standard.__annotations__ and ours.__annotations__ == body.__annotations__
    assert {k: v for k, v in vars(ours).items() if k in body.__annotations__} == {
        k: v for k, v in vars(standard).items() if k in body.__annotations__}   # defaults kept, fields' removed
    assert ours.__match_args__ == standard.__match_args__
    assert str(inspect.signature(ours)) == str(inspect.signature(standard))
    assert ours.__doc__ == standard.__doc__
    assert (ours.__hash__ is None) == (standard.__hash__ is None)
    assert ours.__dataclass_params__.repr and ours.__dataclass_params__.eq == options.get("eq", True)
    left, right = _instances(standard), _instances(ours)
    for s1, o1 in zip(left, right):
        assert repr(o1) == repr(s1)
        if standard.__hash__ is not None and options.get("eq", True):
            assert hash(o1) == hash(s1)
        for s2, o2 in zip(left, right):
            assert (o1 == o2) == (s1 == s2)
            assert (o1 != o2) == (s1 != s2)
        if body.__name__ != "OwnMethods":
            assert o1 != s1 and s1 != o1   # another class: never equal
        assert dataclasses.asdict(o1) == dataclasses.asdict(s1)
        assert repr(dataclasses.replace(o1)) == repr(o1)
        by_position = ours(*[getattr(o1, f.name) for f in dataclasses.fields(ours) if f.init])
        assert repr(by_position) == repr(o1) and dataclasses.astuple(by_position) == dataclasses.astuple(o1)
        if options.get("frozen", True):
            with pytest.raises(FrozenInstanceError):
                o1.a = 3
            with pytest.raises(FrozenInstanceError, match="cannot delete field 'a'"):
                del o1.a
            with pytest.raises(FrozenInstanceError, match="cannot assign to field 'other'"):
                o1.other = 1


def test_equal_records_hash_alike_and_the_hash_is_the_fields_tuples():
    @record
    class Point:
        x: int
        y: Fraction
        label: str = field(default="", compare=False)

    assert hash(Point(1, Fraction(1, 2), "a")) == hash((1, Fraction(1, 2)))
    assert {Point(1, Fraction(1, 2), "a"), Point(1, Fraction(1, 2), "b")} == {Point(1, Fraction(1, 2))}


def test_a_record_met_again_inside_its_own_repr_is_shown_as_three_dots():
    @record(frozen=False)
    class Node:
        value: int
        next: object = None

    node = Node(1)
    node.next = node
    assert repr(node) == "test_a_record_met_again_inside_its_own_repr_is_shown_as_three_dots.<locals>.Node(value=1, next=...)"


def test_a_single_field_is_compared_as_a_one_tuple_so_an_object_equals_itself():
    @record
    class Box:
        value: float

    nan = float("nan")
    assert Box(nan) == Box(nan)           # (nan,) == (nan,): the same object
    assert Box(float("nan")) != Box(float("nan"))


def test_every_dataclass_of_the_package_is_made_by_record():
    """A class made by ``dataclasses.dataclass`` directly pays for its compiled methods at every start."""
    root = Path(lit_compliance.__file__).parent
    direct = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for decorator in node.decorator_list:
                    called = decorator.func if isinstance(decorator, ast.Call) else decorator
                    if ast.unparse(called) in ("dataclass", "dataclasses.dataclass"):
                        direct.append(f"{path.relative_to(root)}:{node.lineno} {node.name}")
    assert direct == []


def test_a_default_factory_makes_a_new_value_for_each_record_and_a_given_value_is_kept():
    @record
    class Bag:
        items: list = field(default_factory=list)

    first, second = Bag(), Bag()
    assert first.items == [] and first.items is not second.items
    given = [1]
    assert Bag(given).items is given
    with pytest.raises(TypeError):
        Bag([], [])


@pytest.mark.parametrize("body", ["x: int = field(default=0, init=False)", "x: int = field(default=0, kw_only=True)",
                                  "x: 'InitVar[int]' = 0"])
def test_a_field_record_cannot_pass_to_init_is_refused_when_the_class_is_made(body):
    namespace = {"field": field}
    with pytest.raises(TypeError, match="use @dataclass"):
        exec(f"class Odd:\n    {body}\n", namespace)
        record(namespace["Odd"])


def test_a_field_without_a_default_after_one_with_a_default_is_refused_as_dataclass_refuses_it():
    def made(decorate):
        class Odd:
            a: int = 1
            b: int

        with pytest.raises(TypeError) as caught:
            decorate(Odd)
        return str(caught.value)

    assert made(record) == made(lambda c: dataclasses.dataclass(c, frozen=True))


def test_records_of_one_shape_share_compiled_code_yet_each_sets_its_own_fields_and_defaults():
    """``__init__`` is compiled once per shape and renamed per class: two classes of the same shape
    (three fields, the last with a default factory) each take their own names, defaults and factory,
    by position and by name, and say their own names in a wrong call's message."""
    @record
    class Left:
        x: int
        y: str = "y"
        z: list = field(default_factory=list)

    @record
    class Right:
        first: float
        second: int = 2
        third: dict = field(default_factory=dict)

    assert Left.__init__.__code__.co_varnames == ("self", "x", "y", "z")
    assert Right.__init__.__code__.co_varnames == ("self", "first", "second", "third")
    assert (Left(1).x, Left(1).y, Left(1).z) == (1, "y", [])
    assert (Right(0.5).first, Right(0.5).second, Right(0.5).third) == (0.5, 2, {})
    assert Right(third={"a": 1}, first=1.5) == Right(1.5, 2, {"a": 1})
    assert repr(Left(3, "b", [4])) == ("test_records_of_one_shape_share_compiled_code_yet_each_sets_its_own_fields_"
                                       "and_defaults.<locals>.Left(x=3, y='b', z=[4])")
    with pytest.raises(TypeError, match="'first'"):
        Right()
    with pytest.raises(TypeError, match="unexpected keyword argument 'x'"):
        Right(1.0, x=1)

    @dataclasses.dataclass(frozen=True)
    class Standard:
        x: int
        y: str = "y"
        z: list = field(default_factory=list)

    assert str(inspect.signature(Left)) == str(inspect.signature(Standard))


def test_every_undocumented_record_of_the_package_is_worded_as_dataclass_words_it():
    """Its name and its ``__init__``'s signature as ``inspect`` writes it (records._signature_text)."""
    import importlib
    import pkgutil

    worded = 0
    for info in pkgutil.walk_packages(lit_compliance.__path__, "lit_compliance."):
        try:
            module = importlib.import_module(info.name)
        except ImportError:   # a module for an optional extra (a PDF engine) that is not installed
            continue
        for cls in vars(module).values():
            if isinstance(cls, type) and cls.__module__ == info.name and "__dataclass_fields__" in cls.__dict__ \
                    and (cls.__doc__ or "").startswith(cls.__name__ + "("):
                assert cls.__doc__ == cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")
                worded += 1
    assert worded >= 10
