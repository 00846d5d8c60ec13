"""The codec's reader and writer of a type are made once per type (gamemath/codec.py): it reads what encoding
gave, refuses data of another shape with the same message wherever in a record it lies, reads a
record type that refers to itself (its fields are looked up on its first read), and refuses to write a
value it has no form for, naming its class."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Optional

import pytest

from lit_compliance.gamemath.codec import CodecError, decode, encode


class Colour(Enum):
    RED = "red"
    BLACK = "black"


@dataclass(frozen=True)
class Node:
    label: str
    weight: Fraction
    colour: Optional[Colour]
    pair: tuple[int, float]
    children: tuple[Node, ...]
    notes: dict[str, int]


def _tree(depth: int) -> Node:
    kids = tuple(_tree(depth - 1) for _ in range(2)) if depth else ()
    return Node(f"n{depth}", Fraction(depth + 1, 3), Colour.RED if depth % 2 else None, (depth, 0.5), kids,
                {"depth": depth})


def test_a_record_that_refers_to_itself_reads_back_what_was_encoded():
    tree = _tree(3)
    data = encode(tree)
    assert data["children"][0]["weight"] == "1/1"          # 3/3, as the codec writes fractions
    assert decode(Node, data) == tree
    assert decode(Node, encode(_tree(0))) == _tree(0)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["children"][1]["children"][0].pop("notes"), "not a Node"),
    (lambda d: d["children"][0].__setitem__("weight", 0.5), "expected 'n/d' text, got 0.5"),
    (lambda d: d["children"][0].__setitem__("colour", "green"), "'green' is not a Colour"),
    (lambda d: d.__setitem__("pair", [1]), "expected 2 items, got 1"),
    (lambda d: d.__setitem__("pair", [True, 1.0]), "expected an integer, got a boolean"),
    (lambda d: d.__setitem__("children", {}), "expected a list, got dict"),
    (lambda d: d.__setitem__("notes", [1]), "expected an object"),
])
def test_data_of_another_shape_anywhere_in_a_record_is_refused_saying_what_was_expected(change, message):
    data = encode(_tree(2))
    change(data)
    with pytest.raises(CodecError) as err:
        decode(Node, data)
    assert message in str(err.value)


def test_a_value_the_codec_has_no_form_for_is_refused_naming_its_class_wherever_it_lies():
    for value, name in ((Node("x", Fraction(1), None, (1, 1.0), (), {"s": {1, 2}}), "set"), ([object()], "object"),
                        (Node, "type")):
        with pytest.raises(CodecError, match=f"cannot encode a {name}$"):
            encode(value)
    assert encode({1: (Colour.BLACK, None, True, 2.5)}) == {"1": ["black", None, True, 2.5]}
