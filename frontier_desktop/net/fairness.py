"""Fairness: the seed by commit-reveal, the board commitment, and the end-of-game audit.

Seed (see ``docs/protocol.md``): the host draws a 32-byte nonce ``h`` and sends
``sha256(h)`` in ``welcome``; the guest has already sent ``sha256(g)`` in ``hello`` and now
reveals ``g``. The game seed is ``sha256("frontier-seed/1" || h || g)``. The host reveals
``h`` in the ``audit`` at the end of the game — not earlier, because the seed decides the
board and library order, which the guest must not know during play. Neither side can choose
the seed: the host committed to ``h`` before seeing ``g``, and the guest committed to ``g``
before seeing anything of ``h``.

Board: at the start the host sends, for every face-down square, ``sha256(salt || name)``
(UTF-8, salt 16 random bytes as 32 hex digits). Each ``revealed`` event the guest receives
carries that square's salt, so the guest checks the land against the commitment the moment
it turns face up. A mismatch is logged at ERROR level and kept in ``problems``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from frontier_desktop.rules import GameState
from frontier_desktop.rules.state import UNKNOWN_LAND

log = logging.getLogger(__name__)

SEED_DOMAIN = b"frontier-seed/1\x00"
SETUP_DOMAIN = b"frontier-setup/1\x00"

DRAWN_FAIRLY = frozenset({"commit-reveal", "position"})
"""Seed modes whose seed both sides agreed (a ``position`` board itself is the host's)."""


def new_nonce() -> str:
    """32 random bytes as hex."""
    return secrets.token_hex(32)


def commit(nonce: str) -> str:
    """The commitment to *nonce*: SHA-256 of its UTF-8 text, hex."""
    return hashlib.sha256(nonce.encode("utf-8")).hexdigest()


def is_valid_nonce(nonce: str) -> bool:
    return 16 <= len(nonce) <= 128 and all(c in "0123456789abcdef" for c in nonce)


def derive_seed(host_nonce: str, guest_nonce: str, *more_guests: str) -> str:
    """The game seed from every party's nonce (hex, fed to :class:`~frontier_desktop.rules.Rng`).

    Two players: ``sha256(domain || h || 0 || g)``. With more guests (a game of three or four
    over LAN) each further guest nonce follows, in seat order, after another zero byte, so
    the two-player seed is unchanged and every party's nonce counts.
    """
    body = SEED_DOMAIN + host_nonce.encode() + b"\x00" + guest_nonce.encode()
    for nonce in more_guests:
        body += b"\x00" + nonce.encode()
    return hashlib.sha256(body).hexdigest()


def canonical_deck(deck: Sequence[Any]) -> list[Any]:
    """*deck* (cards or names) in the canonical order the game shuffles from: by name.

    The host shuffles from this order, never from the order it was given, so a host that
    learnt the seed cannot pick hands or lands by arranging its input.
    """
    return sorted(deck, key=lambda card: card if isinstance(card, str) else card.name)


SECTION_NAMES = ("home_base", "land_grid", "initial_forces")
"""The deck sections a game starts from besides the library (Army Magic)."""


def canonical_sections(sections: Mapping[str, Sequence[Any]]) -> dict[str, list[Any]]:
    """Army deck sections (cards or names) in the canonical order: each section by name.

    The land grid is shuffled onto the board from this order and the initial forces get their
    ids in it, so, as with :func:`canonical_deck`, a host that learnt the seed cannot place
    lands or forces by arranging its input.
    """
    return {key: canonical_deck(list(sections[key])) for key in SECTION_NAMES
            if key in sections}


def setup_document(header: Mapping[str, Any]) -> dict[str, Any]:
    """What a game starts from besides the seed: both decks (or the position), from a record
    header, and (Army Magic) both players' deck sections: home base, land grid, initial
    forces. The host commits to it in ``welcome``, before any nonce is revealed."""
    if "position" in header:
        position = dict(header["position"])
        position.pop("seed", None)
        return {"position": position}
    players = [p if isinstance(p, Mapping) else {} for p in header.get("players", [])]
    document: dict[str, Any] = {"variant": header.get("variant"),
                                "decks": [list(player.get("deck", [])) for player in players]}
    if any("sections" in player for player in players):
        document["sections"] = [player.get("sections") for player in players]
    return document


def setup_commit(host_nonce: str, document: Mapping[str, Any]) -> str:
    """The commitment to a set-up document, salted with the host's (still secret) nonce so
    that the guest cannot test guesses of the host's deck against it."""
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(SETUP_DOMAIN + host_nonce.encode("utf-8") + b"\x00"
                          + text.encode("utf-8")).hexdigest()


def square_key(state: GameState, pos: Any) -> str:
    """The commitment key of a square: its wire position as ``"row,col"``."""
    wire = state.board.pos_to_wire(pos)
    if isinstance(wire, list):
        return ",".join(str(v) for v in wire)
    return str(wire)


def key_of_wire(at: Any) -> str:
    """The commitment key of an event's ``at`` field."""
    if isinstance(at, list):
        return ",".join(str(v) for v in at)
    return str(at)


def land_hash(salt: str, name: str) -> str:
    return hashlib.sha256(salt.encode("utf-8") + name.encode("utf-8")).hexdigest()


def make_salts(state: GameState) -> dict[str, str]:
    """A fresh random salt for every face-down square."""
    return {square_key(state, pos): secrets.token_hex(16)
            for pos, cell in state.cells.items() if cell.land is not None and not cell.face_up}


def commitments(state: GameState, salts: Mapping[str, str]) -> dict[str, str]:
    """``{square: sha256(salt || land name)}`` for every square with a salt.

    Unknown lands of a position file (``"?"``, drawn from the seed when revealed) commit to
    ``"?"``; their reveal is checked by the audit instead.
    """
    out = {}
    for pos, cell in state.cells.items():
        key = square_key(state, pos)
        if cell.land is not None and key in salts:
            out[key] = land_hash(salts[key], state.name(cell.land))
    return out


class BoardVerifier:
    """The guest's side: holds the commitments and checks each revealed land."""

    def __init__(self, commitments: Mapping[str, str] | None = None,
                 on_problem: Callable[[str], None] | None = None) -> None:
        self.commitments: dict[str, str] = dict(commitments or {})
        self.problems: list[str] = []
        self.on_problem = on_problem
        self.checked = 0

    def adopt(self, commitments: Mapping[str, str]) -> None:
        """Take the host's commitments; a later, different set is itself a fairness problem."""
        if self.commitments and dict(commitments) != self.commitments:
            self._fail("the host sent a different board commitment than at the start")
            return
        self.commitments = {str(k): str(v) for k, v in commitments.items()}

    def check(self, at: Any, name: Any, salt: Any) -> bool:
        """Check one revealed land; log loudly and return False on a mismatch."""
        key = key_of_wire(at)
        expected = self.commitments.get(key)
        if expected is None:
            return True  # not committed (a square that started face up)
        if not isinstance(salt, str) or not isinstance(name, str):
            self._fail(f"square {key}: revealed without the salt to check it")
            return False
        self.checked += 1
        if hmac.compare_digest(land_hash(salt, name), expected):
            return True
        if hmac.compare_digest(land_hash(salt, UNKNOWN_LAND), expected):
            return True  # an unknown land of a position: drawn from the seed, audited later
        self._fail(f"square {key}: the host revealed {name!r}, which is not the land it "
                   "committed to at the start")
        return False

    def _fail(self, text: str) -> None:
        message = f"FAIRNESS WARNING: {text}. The host may be cheating."
        log.error(message)  # logged before it is listed: a reader of the list sees the log
        self.problems.append(message)
        if self.on_problem is not None:
            self.on_problem(message)


def audit(*, host_commit: str, host_nonce: str, guest_nonce: str, seed_mode: str,
          commitments: Mapping[str, str], salts: Mapping[str, str],
          record: list[dict[str, Any]], final_view: Mapping[str, Any] | None,
          seat: int, setup: str | None = None,
          own_deck: Sequence[str] | None = None,
          own_sections: Mapping[str, Sequence[str]] | None = None,
          guest_commits: Mapping[str, str] | None = None,
          guest_nonces: Mapping[str, str] | None = None) -> list[str]:
    """The guest's end-of-game audit; returns the problems found (empty: all checks pass).

    Checks that the host's nonce matches its commitment, that the record starts from the
    agreed seed, that the decks (or position) are the ones the host committed to before any
    nonce was revealed (*setup*), shuffled from the canonical order, that the guest's deck is
    the one it sent (*own_deck*, when the host said it plays it; with *own_sections*, its
    Army deck sections too, also in the canonical order), that the record's starting
    board matches the commitments, and that replaying the record gives the guest the view it
    holds.

    With more than one guest (*guest_commits*: seat → commitment, from ``commits``;
    *guest_nonces*: seat → nonce, from the audit) it also checks that every guest's nonce
    matches the commitment it made before any nonce was revealed, that this guest's own
    nonce is the one it revealed, and that the seed is drawn from all of them in seat order.
    """
    from frontier_desktop.record import RecordError, initial_state, replay
    from frontier_desktop.rules.views import describe

    problems = []
    if not hmac.compare_digest(commit(host_nonce), host_commit):
        problems.append("the host's revealed nonce does not match its commitment")
    if not record or not isinstance(record[0], dict):
        return problems + ["the host sent no game record"]
    header, actions = record[0], record[1:]
    if setup is not None and not hmac.compare_digest(
            setup_commit(host_nonce, setup_document(header)), setup):
        problems.append("the decks (or position) in the record are not the ones the host "
                        "committed to before the seed was drawn")
    if "position" not in header:
        players = header.get("players") or []
        for number, player in enumerate(players if isinstance(players, list) else []):
            deck = player.get("deck") if isinstance(player, dict) else None
            if not isinstance(deck, list) or not all(isinstance(n, str) for n in deck) \
                    or deck != canonical_deck(deck):
                problems.append(f"player {number + 1}'s deck was not shuffled from the "
                                "canonical order")
        if own_deck is not None:
            mine = players[seat].get("deck") if isinstance(players, list) and \
                len(players) > seat and isinstance(players[seat], dict) else None
            if mine != canonical_deck(list(own_deck)):
                problems.append("the host played a different deck for you than the one you "
                                "sent")
        for number, player in enumerate(players if isinstance(players, list) else []):
            parts = player.get("sections") if isinstance(player, dict) else None
            if parts is None:
                continue
            if not isinstance(parts, dict) or not all(
                    isinstance(v, list) and all(isinstance(n, str) for n in v)
                    for v in parts.values()) or parts != canonical_sections(parts):
                problems.append(f"player {number + 1}'s home base, land grid or initial forces "
                                "were not laid out from the canonical order")
        if own_sections is not None:
            mine_parts = players[seat].get("sections") if isinstance(players, list) and \
                len(players) > seat and isinstance(players[seat], dict) else None
            if mine_parts != canonical_sections(own_sections):
                problems.append("the host laid out a different home base, land grid or initial "
                                "forces for you than the ones you sent")
    guests = [guest_nonce]
    if guest_commits is not None:
        nonces = dict(guest_nonces or {})
        if set(nonces) != set(guest_commits):
            problems.append("the host did not reveal every guest's nonce")
        for key, expected in guest_commits.items():
            nonce = nonces.get(key)
            if not isinstance(nonce, str) or not hmac.compare_digest(commit(nonce), expected):
                problems.append(f"seat {key}'s nonce does not match the commitment it made "
                                "before the seed was drawn")
        if nonces.get(str(seat)) != guest_nonce:
            problems.append("the host used another nonce for you than the one you revealed")
        guests = [str(nonces.get(key, "")) for key in sorted(guest_commits, key=int)]
    if seed_mode in DRAWN_FAIRLY:
        seed = derive_seed(host_nonce, *guests)
        used = header.get("seed") if "position" not in header else \
            header["position"].get("seed")
        if str(used) != seed:
            problems.append("the game did not use the seed agreed by commit-reveal")
    try:
        start = initial_state(header)
        for key, expected in commitments.items():
            pos = next((p for p in start.cells if square_key(start, p) == key), None)
            salt = salts.get(key)
            land = start.cells[pos].land if pos is not None else None
            if salt is None or land is None:
                problems.append(f"square {key}: missing from the record or its salt")
                continue
            if land_hash(salt, start.name(land)) != expected:
                problems.append(f"square {key}: the recorded board differs from the commitment")
        final = replay(header, actions)
    except (RecordError, KeyError, TypeError, ValueError) as exc:
        return problems + [f"the game record does not replay: {exc}"]
    if final_view is not None:
        mine = describe(final, viewer=seat)
        if _comparable(mine) != _comparable(final_view):
            problems.append("replaying the record does not give the view the host sent")
    for text in problems:
        log.error("FAIRNESS WARNING (audit): %s", text)
    return problems


def _comparable(view: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("legal_actions",)}
