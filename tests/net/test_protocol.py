"""Framing, schema validation and view deltas, including hypothesis fuzz of the decoder."""

from __future__ import annotations

import json
import struct

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from frontier_desktop.net.delta import PatchError, diff, patch
from frontier_desktop.net.framing import FrameDecoder, encode_frame, frame
from frontier_desktop.net.protocol import (
    GUEST_SENDS,
    MAX_FRAME,
    SCHEMAS,
    ErrorCode,
    ProtocolError,
    decode,
    encode,
    make,
    validate,
)


def feed_all(data: bytes, decoder: FrameDecoder | None = None) -> list:
    return list((decoder or FrameDecoder()).feed(data))


def test_frames_round_trip_in_any_chunking():
    msgs = [make("ping", t=1.5), make("chat", text="héllo ✓"), make("resign")]
    wire = b"".join(encode_frame(m) for m in msgs)
    for size in (1, 2, 3, 7, len(wire)):
        decoder = FrameDecoder()
        out = []
        for i in range(0, len(wire), size):
            out += list(decoder.feed(wire[i:i + size]))
        assert [decode(b) for b in out] == msgs


def test_oversized_frame_is_refused_before_its_body_and_the_stream_recovers():
    decoder = FrameDecoder(max_frame=100)
    items = feed_all(struct.pack(">I", 10**9), decoder)  # no body sent at all: refused at once
    assert len(items) == 1 and items[0].code is ErrorCode.TOO_LARGE
    small = FrameDecoder(max_frame=100)
    items = feed_all(frame(b"x" * 150) + encode_frame(make("resign")), small)
    assert items[0].code is ErrorCode.TOO_LARGE
    assert decode(items[1]) == {"type": "resign"}


def test_default_limit_is_one_mebibyte():
    assert MAX_FRAME == 1 << 20


@pytest.mark.parametrize("body, code", [
    (b"\xff\xfe", ErrorCode.BAD_UTF8),
    (b"{not json", ErrorCode.BAD_JSON),
    (b"NaN", ErrorCode.BAD_JSON),
    (b"[1, 2]", ErrorCode.NOT_OBJECT),
    (b'{"type": "launch_missiles"}', ErrorCode.UNKNOWN_TYPE),
    (b'{"type": "welcome"}', ErrorCode.UNKNOWN_TYPE),  # a host-only message from a guest
    (b'{"type": "action", "state_id": 1, "ref": 1}', ErrorCode.MISSING_FIELD),
    (b'{"type": "action", "state_id": "1", "ref": 1, "action": {}}', ErrorCode.WRONG_TYPE),
    (b'{"type": "action", "state_id": true, "ref": 1, "action": {}}', ErrorCode.WRONG_TYPE),
    (b'{"type": "action", "state_id": 1, "ref": 1, "action": {}, "seat": 0}',
     ErrorCode.UNKNOWN_FIELD),
    (b'{"type": "offer", "kind": "everything"}', ErrorCode.BAD_VALUE),
])
def test_bad_messages_get_the_right_code(body, code):
    with pytest.raises(ProtocolError) as info:
        decode(body, GUEST_SENDS)
    assert info.value.code is code


def test_the_message_seat_field_is_not_accepted():
    # Identity comes from the connection: an action naming a seat is refused outright.
    with pytest.raises(ProtocolError):
        validate({"type": "action", "state_id": 0, "ref": 1, "action": {"type": "pass"},
                  "seat": 0})


def test_every_schema_type_encodes():
    assert set(SCHEMAS) >= {"hello", "welcome", "action", "update", "sync", "chat", "ping"}
    assert json.loads(encode(make("chat", text="a"))) == {"type": "chat", "text": "a"}


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.binary(max_size=300))
def test_decoder_fuzz_random_bytes(data):
    decoder = FrameDecoder(max_frame=200)
    for item in decoder.feed(data):
        if isinstance(item, ProtocolError):
            continue
        try:
            decode(item, GUEST_SENDS)
        except ProtocolError:
            pass


VALID = [encode(m) for m in (
    make("action", state_id=3, ref=1, action={"type": "pass"}),
    make("hello", program="p", protocol=1, cards="c", name="n", deck=None, token=None,
         commit="ab" * 32),
    make("chat", text="hi"), make("resync", state_id=2))]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(VALID), st.lists(st.tuples(st.integers(0, 200), st.integers(0, 255)),
                                         max_size=6), st.integers(0, 200))
def test_decoder_fuzz_mutated_frames(body, flips, cut):
    data = bytearray(frame(body))
    for pos, value in flips:
        if pos < len(data):
            data[pos] = value
    data = bytes(data[:max(cut, 1)]) if cut < len(data) else bytes(data)
    for item in FrameDecoder(max_frame=MAX_FRAME).feed(data):
        if not isinstance(item, ProtocolError):
            try:
                decode(item, GUEST_SENDS)
            except ProtocolError:
                pass


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner,
                                                                 max_size=4),
    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(max_size=2), json_values, max_size=5),
       st.dictionaries(st.text(max_size=2), json_values, max_size=5))
def test_delta_round_trips(old, new):
    assert patch(old, diff(old, new)) == new


def test_bad_delta_raises_patch_error():
    with pytest.raises(PatchError):
        patch({"a": 1}, [["s", ["b", "c"], 1]])
    with pytest.raises(PatchError):
        patch({"a": [1]}, [["l", ["a"], 0, 5, []]])
    with pytest.raises(PatchError):
        patch({"a": 1}, "nope")


def test_every_test_named_in_the_protocol_doc_exists():
    """docs/protocol.md maps each promise to its tests: those tests must exist."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent
    doc = (root.parent.parent / "docs" / "protocol.md").read_text(encoding="utf-8")
    files = sorted(root.parent.glob("**/test_*.py"))  # the UI and rules tests it names too
    names = {n for n in re.findall(r"\b(test_[a-z0-9_]+)\b", doc)
             if not any(f.stem == n for f in files)}
    assert len(names) > 20
    source = "".join(p.read_text(encoding="utf-8") for p in files)
    assert sorted(n for n in names if f"def {n}(" not in source) == []
