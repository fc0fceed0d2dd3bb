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
from frontier_desktop.rules.actions import ACTIONS, MAX_CARD_NAME
from frontier_desktop.rules.variants.wargame import actions as wargame_actions  # noqa: F401  (heal, tap_attacker)

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
              "commit": (_STR, True), "sections": (_DICT + _NONE, False),
              "seat": (_INT + _STR + _NONE, False)},
    "reveal": {"nonce": (_STR, True)},
    "action": {"state_id": (_INT, True), "action": (_DICT, True), "ref": (_INT, True)},
    "resync": {"state_id": (_INT, True)},
    "resign": {},
    # ---------------------------------------------------------------- host -> guest
    "welcome": {"seat": (_INT, True), "token": (_STR, True), "names": (_LIST, True),
                "commit": (_STR, True), "seed_mode": (_STR, True), "setup": (_STR, True),
                "guest_deck": (_BOOL, True), "resume": (_BOOL, True),
                "your_actions": (_INT, True), "program": (_STR, True),
                "lobby": (_BOOL, False), "host_seats": (_LIST, False)},
    "commits": {"commits": (_DICT, True), "setup": (_STR, True), "names": (_LIST, False)},
    "refused": {"code": (_STR, True), "reason": (_STR, True), "differences": (_LIST, True)},
    "start": {"state_id": (_INT, True), "view": (_DICT, True), "commitments": (_DICT, True)},
    "update": {"state_id": (_INT, True), "base": (_INT, True), "actor": (_INT, True),
               "action": (_DICT, True), "events": (_LIST, True), "diff": (_LIST, True),
               "ref": (_INT + _NONE, True)},
    "sync": {"state_id": (_INT, True), "view": (_DICT, True), "log": (_LIST, True),
             "commitments": (_DICT, True), "salts": (_DICT, True), "your_actions": (_INT, True)},
    "rejected": {"ref": (_INT, True), "code": (_STR, True), "reason": (_STR, True),
                 "state_id": (_INT, True)},
    "peer": {"state": (_STR, True), "since": (_NUM, True), "seat": (_INT, False)},
    "game_end": {"result": (_STR, True), "winner": (_INT + _NONE, True)},
    "audit": {"host_nonce": (_STR, True), "guest_nonce": (_STR, True), "salts": (_DICT, True),
              "record": (_LIST, True), "guest_nonces": (_DICT, False)},
    # ---------------------------------------------------------------- both ways
    "chat": {"text": (_STR, True), "from": (_INT + _NONE, False)},
    "offer": {"kind": (_STR, True)},
    "answer": {"kind": (_STR, True), "accept": (_BOOL, True)},
    "ping": {"t": (_NUM, True)},
    "pong": {"t": (_NUM, True)},
    "error": {"code": (_STR, True), "message": (_STR, True)},
    "bye": {"reason": (_STR, True), "resumable": (_BOOL, False)},
}

# ---------------------------------------------------------------------------- value bounds
# Types alone let a peer send a life change of 9x10^4299 or a 700 kB token name: accepted,
# autosaved, and from then on every sync too large or too long to encode. Every string and
# number a receiver keeps is bounded here, so a message out of bounds is refused and changes
# nothing.


class Bound:
    """A bound on one JSON value; :meth:`check` raises ``ProtocolError(BAD_VALUE)``."""

    def check(self, value: Any, where: str) -> None:
        raise NotImplementedError


def _bad(where: str, text: str) -> ProtocolError:
    return ProtocolError(ErrorCode.BAD_VALUE, f"{where}: {text}")


class Int(Bound):
    """An integer from *lo* to *hi* (booleans and floats refused)."""

    def __init__(self, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi

    def check(self, value: Any, where: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(where, "must be a whole number")
        if not self.lo <= value <= self.hi:
            raise _bad(where, f"must be from {self.lo} to {self.hi}")


class Num(Bound):
    """Any finite number (decode already refuses NaN, Infinity and overlong literals)."""

    def check(self, value: Any, where: str) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                not math.isfinite(value):
            raise _bad(where, "must be a finite number")


class Str(Bound):
    """A string of *min_len* to *max_len* characters."""

    def __init__(self, max_len: int, min_len: int = 1) -> None:
        self.max_len, self.min_len = max_len, min_len

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, str):
            raise _bad(where, "must be a string")
        if not self.min_len <= len(value) <= self.max_len:
            raise _bad(where, f"must be {self.min_len} to {self.max_len} characters long")


class OneOf(Bound):
    def __init__(self, *choices: Any) -> None:
        self.choices = choices

    def check(self, value: Any, where: str) -> None:
        # Same type as well as equal: 1 is not True, and True is not 1.
        if not any(type(value) is type(c) and value == c for c in self.choices):
            raise _bad(where, "must be one of " + ", ".join(map(str, self.choices)))


class Either(Bound):
    """Any of several bounds (a square or an id, say)."""

    def __init__(self, *options: Bound) -> None:
        self.options = options

    def check(self, value: Any, where: str) -> None:
        first: ProtocolError | None = None
        for option in self.options:
            try:
                option.check(value, where)
                return
            except ProtocolError as exc:
                first = first or exc
        assert first is not None
        raise first


class ListOf(Bound):
    def __init__(self, item: Bound, max_items: int, length: int | None = None) -> None:
        self.item, self.max_items, self.length = item, max_items, length

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, list):
            raise _bad(where, "must be a list")
        if len(value) > self.max_items or self.length is not None and len(value) != self.length:
            raise _bad(where, f"has {len(value)} items (at most {self.max_items})")
        for i, item in enumerate(value):
            self.item.check(item, f"{where}[{i}]")


class MapOf(Bound):
    """An object with keys of *key* and values of *value* (e.g. ``{id: damage}``)."""

    def __init__(self, key: Str, value: Bound, max_items: int, min_items: int = 0) -> None:
        self.key, self.value, self.max_items, self.min_items = key, value, max_items, min_items

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise _bad(where, "must be an object")
        if len(value) < self.min_items:
            raise _bad(where, f"needs at least {self.min_items} entries")
        if len(value) > self.max_items:
            raise _bad(where, f"has {len(value)} entries (at most {self.max_items})")
        for key, item in value.items():
            self.key.check(key, f"{where} key")
            self.value.check(item, f"{where}[{key!r:.20}]")


class Record(Bound):
    """An object with exactly these fields (``required`` ones must be present)."""

    def __init__(self, fields: Mapping[str, Bound], required: tuple[str, ...] = ()) -> None:
        self.fields, self.required = dict(fields), required

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise _bad(where, "must be an object")
        for name in self.required:
            if name not in value:
                raise _bad(where, f"needs {name!r}")
        for name, item in value.items():
            bound = self.fields.get(name)
            if bound is None:
                raise _bad(where, f"unknown field {name!r:.40}")
            bound.check(item, f"{where}.{name}")


MAX_COORD = 1000
ID = Str(64)
"""A card or unit id."""
SQUARE = ListOf(Int(-MAX_COORD, MAX_COORD), 2, length=2)
POS = Either(SQUARE, Str(64))
"""A square ``[row, col]`` or an area name."""
REF = Either(ID, SQUARE)
"""A unit id or a square (manual actions on creatures or lands)."""
COLOUR = OneOf("W", "U", "B", "R", "G", "C")
LAND_MANA = Either(COLOUR, Str(40))
"""What a land is tapped for: a kind of mana, or symbols ("{R}{R}", a storage land's
"{B}{B}{B}") naming one of its own mana abilities (rules/core/fx_mana.py)."""
PAY = ListOf(Either(SQUARE, Str(64), Record({"at": POS, "via": ID, "color": LAND_MANA},
                                            required=("at",)),
                    Record({"unit": ID, "ability": Int(0, 100), "mana": Str(40)},
                           required=("unit",))), 60)
HEX = Str(128)
NAME = Str(100)

TARGET = Either(ID, SQUARE, Record({"player": Int(0, 64)}, required=("player",)),
                Record({"stack": ID}, required=("stack",)),
                Record({"graveyard": Int(0, 64), "card": Str(200)},
                       required=("graveyard", "card")))
TARGETS = ListOf(TARGET, 16)
MODE = Either(Int(0, 63), ListOf(Int(0, 63), 8))

ACTION_SCHEMAS: dict[str, dict[str, Bound]] = {
    # One entry per rules action (``rules.actions.ACTIONS``; a test keeps them equal): every
    # field it may carry, bounded. ``null`` is allowed for any field (the rules read it as
    # absent). To add an action, add its line.
    "move": {"unit": ID, "to": POS, "units": ListOf(ID, 60), "carry": ID},  # carry: War Game
    "scout": {"unit": ID, "target": POS},
    "tap_land": {"at": POS, "via": ID, "color": LAND_MANA, "ability": Int(0, 100),
                 "targets": TARGETS},
    "attack": {"unit": ID, "target": Either(SQUARE, Str(64)), "units": ListOf(ID, 60)},
    "done_moving": {},
    "done_attacking": {},
    "cast": {"card": ID, "pay": PAY, "target": REF, "x": Int(0, 1_000_000), "targets": TARGETS,
             "mode": MODE, "origin": POS, "sacrifice": ListOf(ID, 16)},
    "activate": {"unit": ID, "ability": Int(0, 100), "pay": PAY, "mana": Str(40),
                 "targets": TARGETS, "x": Int(0, 1_000_000), "mode": MODE, "origin": POS,
                 "sacrifice": ListOf(ID, 16)},
    # fx-oneshots: a ``choice`` with options in words is answered by an option (its words, a
    # card's name at most) or its index.
    "choose": {"choice": Either(OneOf("accept", "decline", "pay", True, False), Str(120),
                                Int(0, 200))},
    "targets": {"targets": TARGETS},  # a triggered ability's targets (a ``targets`` decision)
    "add_mana": {"mana": Str(40)},
    "pass": {},
    "place_token": {"at": POS, "color": COLOUR},
    "mulligan": {},
    "keep": {"bottom": ListOf(ID, 60)},
    "discard": {"card": ID, "cards": ListOf(ID, 60)},
    "set_responses": {"on": OneOf(True, False)},
    "keep_tapped": {"at": POS, "on": OneOf(True, False)},  # fx-mana: storage lands
    "concede": {},
    # manual actions: each may name the card whose text it carries out ("for"), see MANUAL
    "manual_tap": {"target": REF},
    "manual_untap": {"target": REF},
    "counters": {"unit": ID, "kind": Str(30), "delta": Int(-100, 100)},
    "pt_change": {"unit": ID, "power": Int(-100, 100), "toughness": Int(-100, 100)},
    "life": {"player": Int(0, 7), "delta": Int(-1000, 1000)},
    "move_card": {"card": ID, "to": Str(20)},
    "create_token": {"at": Either(SQUARE, Str(64)), "name": Str(40), "power": Int(0, 99),
                     "toughness": Int(0, 99), "colors": ListOf(OneOf(*"WUBRG"), 5),
                     "keywords": ListOf(Str(30), 10)},
    "destroy_land": {"at": POS},
    "sacrifice_land": {"at": POS},
    "destroy": {"unit": ID},
    "regenerate": {"unit": ID},
    "roll": {"sides": Int(2, 1000)},
    "draw": {"count": Int(1, 100)},
    # banding damage division (issue 17: the rules add these actions)
    "assign": {"attacker": ID, "damage": MapOf(ID, Int(0, 1_000_000), 64, min_items=1),
               "at": POS},  # at: the War Game's division of one side's damage in a combat
    "set_assign": {"on": OneOf(True, False)},
    # Army Magic (rules/variants/army/actions.py)
    "block": {"blocker": ID, "attacker": ID},
    "done_blocking": {},
    "retreat": {"unit": ID, "to": POS},
    "conquer": {"at": POS, "units": ListOf(ID, 60)},  # the Conquering (issue 14)
    "place": {"id": ID, "at": POS},
    "pick_up": {"unit": ID, "permanent": ID},
    "heal": {"unit": ID, "amount": Int(0, 100)},  # the War Game (issue 15)
    "tap_attacker": {"unit": ID},
}


ACTION_REQUIRED: dict[str, tuple[str, ...]] = {
    # Fields an action can't go without (the rules would refuse it too; refused here first).
    "assign": ("damage",), "set_assign": ("on",), "set_responses": ("on",),
    "targets": ("targets",),
}

for _name, _cls in ACTIONS.items():
    if _cls.manual and _name in ACTION_SCHEMAS:
        ACTION_SCHEMAS[_name]["for"] = Str(MAX_CARD_NAME)  # the card whose text it carries out
del _name, _cls


def check_action(action: Mapping[str, Any]) -> None:
    """Check a guest's action against :data:`ACTION_SCHEMAS` (every field known and bounded).

    The host runs this before the rules engine sees the action; a refusal is answered with
    ``rejected`` code ``bad_value`` and changes nothing.

    Raises:
        ProtocolError: ``BAD_VALUE``, naming the field.
    """
    kind = action.get("type")
    fields = ACTION_SCHEMAS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise _bad("action", f"unknown action type {kind!r:.40}")
    for name in ACTION_REQUIRED.get(str(kind), ()):
        if action.get(name) is None:
            raise _bad(f"{kind}", f"needs {name!r}")
    if kind == "assign" and action.get("attacker") is None and action.get("at") is None:
        raise _bad("assign", "needs 'attacker' (or 'at': the place of a War Game combat)")
    for name, value in action.items():
        if name == "type":
            continue
        bound = fields.get(name)
        if bound is None:
            raise _bad(f"{kind}", f"unknown field {name!r:.40}")
        if value is not None:
            bound.check(value, f"{kind}.{name}")


FIELD_BOUNDS: dict[str, dict[str, Bound]] = {
    # Bounds on message fields beyond their JSON type (checked by :func:`validate`).
    "hello": {"program": NAME, "protocol": Int(0, 1 << 31), "cards": Str(64), "name": NAME,
              "deck": ListOf(Str(150), 500), "token": Str(64), "commit": HEX,
              "sections": Record({"home_base": ListOf(Str(150), 500),
                                  "land_grid": ListOf(Str(150), 500),
                                  "initial_forces": ListOf(Str(150), 500)}),
              "seat": Either(Int(0, 7), NAME)},
    "reveal": {"nonce": HEX},
    "action": {"state_id": Int(-(1 << 53), 1 << 53), "ref": Int(-(1 << 53), 1 << 53)},
    "resync": {"state_id": Int(-(1 << 53), 1 << 53)},
    "welcome": {"seat": Int(0, 7), "token": Str(64), "names": ListOf(NAME, 8), "commit": HEX,
                "seed_mode": Str(20), "setup": Str(64, 0), "your_actions": Int(0, 1 << 53),
                "program": NAME, "host_seats": ListOf(Int(0, 7), 7)},
    "commits": {"commits": MapOf(Str(1), HEX, 7, min_items=2), "setup": Str(64, 0),
                "names": ListOf(NAME, 8)},
    "peer": {"state": OneOf("connected", "reconnecting", "left"), "since": Num(),
             "seat": Int(0, 7)},
    "audit": {"guest_nonces": MapOf(Str(1), HEX, 7)},
    "refused": {"code": Str(40), "reason": Str(1000), "differences": ListOf(Str(300), 10)},
    "rejected": {"ref": Int(-(1 << 53), 1 << 53), "code": Str(40), "reason": Str(1000),
                 "state_id": Int(-1, 1 << 53)},
    "game_end": {"result": OneOf("win", "draw"), "winner": Int(0, 7)},
    "chat": {"text": Str(MAX_CHAT, 0), "from": Int(0, 7)},
    "ping": {"t": Num()},
    "pong": {"t": Num()},
    "error": {"code": Str(40), "message": Str(1000, 0)},
    "bye": {"reason": Str(300, 0), "resumable": OneOf(True, False)},
}


GUEST_SENDS = frozenset({"hello", "reveal", "action", "resync", "resign", "chat", "offer",
                         "answer", "ping", "pong", "error", "bye"})
"""Types a host accepts from a guest; anything else is ``unknown_type``."""

HOST_SENDS = frozenset({"welcome", "commits", "refused", "start", "update", "sync", "rejected",
                        "peer", "game_end", "audit", "chat", "offer", "answer", "ping", "pong",
                        "error", "bye"})
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
    # An action's own fields are bounded by ACTION_SCHEMAS when the host checks it
    # (check_action), so a refusal is an answer (``rejected``, ``bad_value``), not a broken frame.
    if kind == "chat" and len(obj["text"]) > MAX_CHAT:
        raise ProtocolError(ErrorCode.BAD_VALUE, f"chat: longer than {MAX_CHAT} characters")
    for name, bound in FIELD_BOUNDS.get(kind, {}).items():
        if obj.get(name) is not None:
            bound.check(obj[name], f"{kind}.{name}")
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
