"""Every message from another computer is untrusted input (issue 34): checked like a save file,
refused with a code, never a traceback; fuzzed with thousands of broken messages."""
from __future__ import annotations

import json
import random

import pytest

from game import __version__
from game.net import protocol as P


def hello(**kw):
    d = {"t": "hello", "p": P.PROTOCOL, "app": P.APP, "version": __version__, "code": "ABCDEF",
         "name": "Anna", "colour": 2, "seat": None, "token": None}
    d.update(kw)
    return json.dumps(d)


def test_a_good_hello_act_and_say_are_read():
    m = P.parse(hello())
    assert m.type == "hello" and m.get("name") == "Anna" and m.get("seat") is None
    m = P.parse(json.dumps({"t": "act", "v": 3, "a": {"type": "move", "to": [1, 2]}}))
    assert m.get("v") == 3 and m.get("a")["to"] == [1, 2]
    assert P.parse(json.dumps({"t": "say", "m": "thanks"})).get("m") == "thanks"


@pytest.mark.parametrize("data,code", [
    ("x" * (P.MAX_FRAME + 1), P.TOO_BIG),
    (b"binary", P.BAD_MESSAGE),
    ("not json", P.BAD_MESSAGE),
    ("[1, 2]", P.BAD_MESSAGE),
    ('{"t": "fly"}', P.UNKNOWN_TYPE),
    ('{"t": 7}', P.UNKNOWN_TYPE),
    ('{"t": "act", "v": -1, "a": {"type": "x"}}', P.BAD_MESSAGE),
    ('{"t": "act", "v": true, "a": {"type": "x"}}', P.BAD_MESSAGE),
    ('{"t": "act", "v": 1, "a": "move"}', P.BAD_MESSAGE),
    ('{"t": "act", "v": 1, "a": {"type": NaN}}', P.BAD_MESSAGE),
    ('{"t": "act", "v": 1, "a": {"type": "x", "n": Infinity}}', P.BAD_MESSAGE),
    ('{"t": "say", "m": "free text is not a quick message"}', P.BAD_MESSAGE),
    ('{"t": "sit", "seat": 99}', P.BAD_MESSAGE),
    ('{"t": "hello", "p": "1"}', P.BAD_MESSAGE),
    ("[" * 5000 + "]" * 5000, P.BAD_MESSAGE),
    ('{"t": "act", "v": 1, "a": {"type": "x", "d": ' + "[" * 40 + "]" * 40 + "}}",
     P.BAD_MESSAGE),
])
def test_a_bad_message_is_refused_with_its_code(data, code):
    with pytest.raises(P.Bad) as info:
        P.parse(data)
    assert info.value.code == code


def test_a_name_with_a_nul_or_too_long_is_refused():
    for name in ("a\x00b", "x" * 201):
        with pytest.raises(P.Bad):
            P.parse(hello(name=name))


def test_codes_are_easy_to_read_and_type():
    code = P.new_code()
    assert len(code) == P.CODE_LENGTH and not set(code) & set("01IO")
    assert P.normal_code(f" {code[:3].lower()}-{code[3:]} ") == code
    assert P.normal_code("AB") is None and P.normal_code("ABC!EF") is None
    assert P.normal_code(7) is None
    assert len(P.new_token()) >= 20 and P.new_token() != P.new_token()


def test_the_same_message_is_always_the_same_bytes():
    a = P.encode("update", v=1, env={"b": 1, "a": [1, 2]})
    b = P.encode("update", env={"a": [1, 2], "b": 1}, v=1)
    assert a == b


def test_thousands_of_random_messages_never_raise_anything_but_bad():
    rng = random.Random(7)
    pieces = ['{', '}', '[', ']', '"t"', ':', ',', '"act"', '"hello"', '1', '-1', 'null', 'true',
              '"a"', '{"type":"x"}', '"v"', '1e999', '"\\u0000"', '"\\ud800"', 'NaN']
    seen = 0
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 30)))
        try:
            P.parse(text)
        except P.Bad:
            seen += 1
    assert seen > 4500
