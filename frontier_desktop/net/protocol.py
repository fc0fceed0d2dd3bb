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
    if kind == "action":
        _validate_action(obj["action"])
    if kind == "chat" and len(obj["text"]) > MAX_CHAT:
        raise ProtocolError(ErrorCode.BAD_VALUE, f"chat: longer than {MAX_CHAT} characters")
    if kind in ("offer", "answer") and obj["kind"] not in OFFER_KINDS:
        raise ProtocolError(ErrorCode.BAD_VALUE, f"{kind}: unknown kind {obj['kind']!r:.40}")
    return obj


MAX_ID = 64
"""Longest unit id in an action's fields."""

MAX_DAMAGE = 1_000_000
"""Largest damage one ``assign`` puts on one unit."""

MAX_DIVISION = 64
"""Most units one ``assign`` names."""


def _validate_action(action: Mapping[str, Any]) -> None:
    """Bounds of the actions whose shape the protocol checks itself (the rules check the rest).

    ``assign`` (the division of combat damage among a stack's members): ``attacker`` a unit
    id, ``damage`` an object of 1-64 unit ids each mapped to a whole number 0-1,000,000.
    ``set_assign``: ``on`` a boolean.
    """
    kind = action.get("type")
    if kind == "assign":
        allowed = {"type", "attacker", "damage"}
        extra = sorted(set(action) - allowed)
        if extra:
            raise ProtocolError(ErrorCode.UNKNOWN_FIELD, f"assign: unknown field {extra[0]!r:.40}")
        attacker = action.get("attacker")
        if not isinstance(attacker, str) or not 0 < len(attacker) <= MAX_ID:
            raise ProtocolError(ErrorCode.BAD_VALUE, "assign: 'attacker' must be a unit id")
        damage = action.get("damage")
        if not isinstance(damage, dict) or not 0 < len(damage) <= MAX_DIVISION:
            raise ProtocolError(ErrorCode.BAD_VALUE, f"assign: 'damage' must map 1 to "
                                                     f"{MAX_DIVISION} unit ids to damage")
        for unit, amount in damage.items():
            if not 0 < len(unit) <= MAX_ID or isinstance(amount, bool) or \
                    not isinstance(amount, int) or not 0 <= amount <= MAX_DAMAGE:
                raise ProtocolError(ErrorCode.BAD_VALUE, f"assign: the damage on a unit must be "
                                                         f"a whole number from 0 to {MAX_DAMAGE}")
    elif kind == "set_assign":
        if set(action) != {"type", "on"} or not isinstance(action.get("on"), bool):
            raise ProtocolError(ErrorCode.BAD_VALUE, "set_assign: needs 'on', true or false")
    if kind in ("cast", "activate"):
        _validate_targets(str(kind), action)


MAX_TARGETS = 16
"""Most targets one ``cast`` or ``activate`` names (rules/actions.py MAX_TARGETS)."""
MAX_X = 1_000_000
"""Largest X of a ``cast`` or ``activate``."""


def _validate_targets(kind: str, action: Mapping[str, Any]) -> None:
    """``targets`` (at most 16, each a unit id, ``[r, c]``, ``{"player": N}``, ``{"stack":
    ID}`` or ``{"graveyard": N, "card": NAME}``), ``x`` (0-1,000,000) and ``mode`` (0-63 or a
    list of at most 8) of a ``cast`` or ``activate``; the rules check what they name."""
    def small(v: object, top: int) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= top

    targets = action.get("targets", [])
    if not isinstance(targets, list) or len(targets) > MAX_TARGETS:
        raise ProtocolError(ErrorCode.BAD_VALUE, f"{kind}: 'targets' must be a list of at most "
                                                 f"{MAX_TARGETS} targets")
    for t in targets:
        ok = (isinstance(t, str) and 0 < len(t) <= MAX_ID) or (
            isinstance(t, list) and len(t) == 2 and all(small(v, 10_000) for v in t)) or (
            isinstance(t, dict) and (
                (set(t) == {"player"} and small(t["player"], 64))
                or (set(t) == {"stack"} and isinstance(t["stack"], str)
                    and 0 < len(t["stack"]) <= MAX_ID)
                or (set(t) == {"graveyard", "card"} and small(t["graveyard"], 64)
                    and isinstance(t["card"], str) and 0 < len(t["card"]) <= 200)))
        if not ok:
            raise ProtocolError(ErrorCode.BAD_VALUE, f"{kind}: a target must be a unit id, "
                                                     "[row, col], a player, a spell or a card")
    if "x" in action and not small(action["x"], MAX_X):
        raise ProtocolError(ErrorCode.BAD_VALUE, f"{kind}: 'x' must be a whole number from 0 "
                                                 f"to {MAX_X}")
    if "mode" in action:
        mode = action["mode"]
        modes = mode if isinstance(mode, list) else [mode]
        if not 0 < len(modes) <= 8 or not all(small(m, 63) for m in modes):
            raise ProtocolError(ErrorCode.BAD_VALUE, f"{kind}: 'mode' must be a mode number "
                                                     "(or a list of at most 8)")


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
        obj = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError):
        raise ProtocolError(ErrorCode.BAD_JSON, "the frame is not valid JSON") from None
    return validate(obj, allowed)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


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
