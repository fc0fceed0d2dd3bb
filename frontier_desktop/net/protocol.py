"""The LAN protocol's messages: one schema table, strict validation, JSON encode/decode.

Every message is a JSON object with a ``type`` and the fields its schema lists, nothing
more. The schema is data (``SCHEMAS``) so that one table both enforces the protocol and is
what ``docs/protocol.md`` documents. Both ends validate everything they receive: the peer is
untrusted, whichever side it is.

Framing (4-byte big-endian length, then the UTF-8 JSON body) lives in :mod:`.framing`.
"""

from __future__ import annotations

import enum
import hashlib
import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from frontier_desktop import __version__

PROTOCOL_VERSION = 1
"""Bumped on any incompatible change to a message or the sequence."""

PROGRAM = f"frontier-desktop {__version__}"

MAX_FRAME = 1 << 20
"""Largest body accepted (1 MiB); a larger length prefix is refused before the body is read."""

MAX_CHAT = 500
"""Longest chat line, in characters."""

Message = dict[str, Any]


class ErrorCode(enum.Enum):
    """Why a message was refused (sent as the ``code`` of ``error`` and ``rejected``)."""

    TOO_LARGE = "too_large"
    BAD_UTF8 = "bad_utf8"
    BAD_JSON = "bad_json"
    NOT_OBJECT = "not_object"
    UNKNOWN_TYPE = "unknown_type"
    MISSING_FIELD = "missing_field"
    WRONG_TYPE = "wrong_type"
    UNKNOWN_FIELD = "unknown_field"
    BAD_VALUE = "bad_value"
    TRUNCATED = "truncated"
    NOT_NOW = "not_now"
    TOO_MANY_ERRORS = "too_many_errors"
    # action rejections
    STALE_STATE = "stale_state"
    NOT_YOUR_TURN = "not_your_turn"
    INVALID = "invalid"
    ILLEGAL = "illegal"
    GAME_OVER = "game_over"
    PAUSED = "paused"
    INTERNAL = "internal"
    # handshake refusals
    VERSION_MISMATCH = "version_mismatch"
    SEAT_TAKEN = "seat_taken"
    BAD_DECK = "bad_deck"
    BAD_COMMIT = "bad_commit"


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``code`` is the :class:`ErrorCode` to answer with."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


_INT = (int,)
_NUM = (int, float)
_STR = (str,)
_BOOL = (bool,)
_DICT = (dict,)
_LIST = (list,)
_NONE = (type(None),)

# field -> (allowed types, required)
Schema = dict[str, tuple[tuple[type, ...], bool]]

SCHEMAS: dict[str, Schema] = {
    # ---------------------------------------------------------------- guest -> host
    "hello": {"program": (_STR, True), "protocol": (_INT, True), "cards": (_STR, True),
              "name": (_STR, True), "deck": (_LIST + _NONE, True), "token": (_STR + _NONE, True),
              "commit": (_STR, True)},
    "reveal": {"nonce": (_STR, True)},
    "action": {"state_id": (_INT, True), "action": (_DICT, True), "ref": (_INT, True)},
    "resync": {"state_id": (_INT, True)},
    "resign": {},
    # ---------------------------------------------------------------- host -> guest
    "welcome": {"seat": (_INT, True), "token": (_STR, True), "names": (_LIST, True),
                "commit": (_STR, True), "seed_mode": (_STR, True), "resume": (_BOOL, True),
                "your_actions": (_INT, True), "program": (_STR, True)},
    "refused": {"code": (_STR, True), "reason": (_STR, True), "differences": (_LIST, True)},
    "start": {"state_id": (_INT, True), "view": (_DICT, True), "commitments": (_DICT, True)},
    "update": {"state_id": (_INT, True), "base": (_INT, True), "actor": (_INT, True),
               "action": (_DICT, True), "events": (_LIST, True), "diff": (_LIST, True),
               "ref": (_INT + _NONE, True)},
    "sync": {"state_id": (_INT, True), "view": (_DICT, True), "log": (_LIST, True),
             "commitments": (_DICT, True), "salts": (_DICT, True), "your_actions": (_INT, True)},
    "rejected": {"ref": (_INT, True), "code": (_STR, True), "reason": (_STR, True),
                 "state_id": (_INT, True)},
    "peer": {"state": (_STR, True), "since": (_NUM, True)},
    "game_end": {"result": (_STR, True), "winner": (_INT + _NONE, True)},
    "audit": {"host_nonce": (_STR, True), "guest_nonce": (_STR, True), "salts": (_DICT, True),
              "record": (_LIST, True)},
    # ---------------------------------------------------------------- both ways
    "chat": {"text": (_STR, True), "from": (_INT + _NONE, False)},
    "offer": {"kind": (_STR, True)},
    "answer": {"kind": (_STR, True), "accept": (_BOOL, True)},
    "ping": {"t": (_NUM, True)},
    "pong": {"t": (_NUM, True)},
    "error": {"code": (_STR, True), "message": (_STR, True)},
    "bye": {"reason": (_STR, True)},
}

GUEST_SENDS = frozenset({"hello", "reveal", "action", "resync", "resign", "chat", "offer",
                         "answer", "ping", "pong", "error", "bye"})
"""Types a host accepts from a guest; anything else is ``unknown_type``."""

HOST_SENDS = frozenset({"welcome", "refused", "start", "update", "sync", "rejected", "peer",
                        "game_end", "audit", "chat", "offer", "answer", "ping", "pong", "error",
                        "bye"})
"""Types a guest accepts from a host."""

OFFER_KINDS = frozenset({"draw"})


def validate(obj: Any, allowed: frozenset[str] | None = None) -> Message:
    """Check *obj* against its schema and return it as a message.

    Args:
        allowed: the types this receiver accepts (``GUEST_SENDS`` or ``HOST_SENDS``).

    Raises:
        ProtocolError: not an object, unknown type, missing/extra field or wrong type.
    """
    if not isinstance(obj, dict):
        raise ProtocolError(ErrorCode.NOT_OBJECT, "a message must be a JSON object")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in SCHEMAS or (allowed is not None
                                                             and kind not in allowed):
        raise ProtocolError(ErrorCode.UNKNOWN_TYPE, f"unknown message type {kind!r:.40}")
    schema = SCHEMAS[kind]
    for name in obj:
        if name != "type" and name not in schema:
            raise ProtocolError(ErrorCode.UNKNOWN_FIELD, f"{kind}: unknown field {name!r:.40}")
    for name, (types, required) in schema.items():
        if name not in obj:
            if required:
                raise ProtocolError(ErrorCode.MISSING_FIELD, f"{kind}: missing field {name!r}")
            continue
        value = obj[name]
        # bool is an int in Python; the protocol keeps them apart.
        if isinstance(value, bool) and bool not in types or not isinstance(value, types):
            raise ProtocolError(ErrorCode.WRONG_TYPE,
                                f"{kind}: field {name!r} has the wrong type "
                                f"({type(value).__name__})")
    if kind == "chat" and len(obj["text"]) > MAX_CHAT:
        raise ProtocolError(ErrorCode.BAD_VALUE, f"chat: longer than {MAX_CHAT} characters")
    if kind in ("offer", "answer") and obj["kind"] not in OFFER_KINDS:
        raise ProtocolError(ErrorCode.BAD_VALUE, f"{kind}: unknown kind {obj['kind']!r:.40}")
    return obj


def decode(body: bytes, allowed: frozenset[str] | None = None) -> Message:
    """Decode one frame body (UTF-8 JSON) into a validated message.

    Raises:
        ProtocolError: invalid UTF-8, invalid JSON, or a schema violation.
    """
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError(ErrorCode.BAD_UTF8, "the frame is not valid UTF-8") from None
    try:
        obj = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float,
                         parse_int=_bounded_int)
    except (ValueError, RecursionError):
        raise ProtocolError(ErrorCode.BAD_JSON, "the frame is not valid JSON") from None
    return validate(obj, allowed)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


MAX_NUMBER_DIGITS = 18
"""Longest integer literal accepted (below 2**63); a longer one is refused at decode."""


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e309 parses to inf without passing parse_constant
        raise ValueError("a number out of range")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise ValueError("an integer out of range")
    return int(text)


def encode(msg: Mapping[str, Any]) -> bytes:
    """The UTF-8 JSON body of *msg* (compact separators; no NaN)."""
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False).encode("utf-8")


def make(kind: str, /, **fields: Any) -> Message:
    """A message of *kind* with *fields* (validated, so a bug on our side fails loudly here)."""
    return validate({"type": kind, **fields})


def error(code: ErrorCode, message: str) -> Message:
    return make("error", code=code.value, message=message[:300])


def card_data_version(path: Path | None = None) -> str:
    """The card-data version compared in the handshake: SHA-256 of the pool file (16 hex)."""
    if path is None:
        from frontier_desktop.cards.pool import default_pool_path

        path = default_pool_path()
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except OSError:
        return "missing"


def hello_differences(hello: Mapping[str, Any], *, program: str, cards: str) -> list[str]:
    """What differs between a guest's hello and this host, in plain words (empty: compatible)."""
    out = []
    if hello["protocol"] != PROTOCOL_VERSION:
        out.append(f"protocol version: host {PROTOCOL_VERSION}, guest {hello['protocol']}")
    if hello["program"] != program:
        out.append(f"program: host {program!r}, guest {hello['program']!r:.60}")
    if hello["cards"] != cards:
        out.append(f"card data: host {cards}, guest {hello['cards']:.40} "
                   "(update the card data on both computers)")
    return out
