"""The War Game over LAN for two to four players (issue 15), on the N-seat LAN of the
Conquering: each guest's deck is checked against the War Game's rules, each guest hears only
its own seat's secrets (hand, library order and its own stronghold's land: the others'
strongholds are face down), and an absurd ``heal`` or ``assign`` from a guest is refused at
the protocol boundary before the rules see it."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path
from typing import Any

import pytest

from frontier_desktop.decks.loading import deck_checker, load_deck
from frontier_desktop.net import GameSource, HostSession
from frontier_desktop.net.protocol import make
from frontier_desktop.rules.views import describe
from frontier_desktop.selfplay import pick
from tests.net.conftest import pool
from tests.net.test_conquering_lan import RecordingGuest, connect_all, settle, wait_until

pytestmark = pytest.mark.timeout(120)

DECK = Path(__file__).resolve().parents[2] / "assets" / "decks" / "wargame_forest_host.txt"
NAMES = ["Ann", "Ben", "Cat", "Dan"]


@functools.lru_cache(maxsize=1)
def wargame_deck() -> tuple[Any, ...]:
    return tuple(load_deck(DECK, pool()))


def make_host(tmp_path: Path, players: int) -> HostSession:
    cards = list(wargame_deck())
    guest_seats = list(range(1, players))
    decks: list[Any] = [None if s in guest_seats else cards for s in range(players)]
    source = GameSource(decks=decks, guest_fallback=cards, variant="wargame",
                        names=NAMES[:players])
    host = HostSession(source, guest_seats=guest_seats, resolve_card=pool().card,
                       check_deck=deck_checker(pool(), "wargame"), heartbeat=0.2,
                       timeout=2.0, autosave=tmp_path / "autosave.jsonl")
    host.listen("127.0.0.1", 0)
    return host


def make_guests(host: HostSession, players: int) -> dict[int, RecordingGuest]:
    assert host.port is not None
    guests = {seat: RecordingGuest(("127.0.0.1", host.port), name=NAMES[seat],
                                   deck=[c.name for c in wargame_deck()], heartbeat=0.2,
                                   timeout=2.0, seat=seat) for seat in range(1, players)}
    connect_all(*guests.values())
    assert host.started.is_set()
    return guests


def play(host: HostSession, guests: dict[int, RecordingGuest], count: int,
         rnd: random.Random) -> int:
    """Every seat's bot acts through its own session (moves preferred so armies meet)."""
    made = 0
    for _ in range(count):
        seat = host.acting_seat()
        if seat is None:
            break
        session: Any = host if seat in host.local_seats else guests[seat]
        if seat not in host.local_seats:
            settle(host, *guests.values())
        options = session.legal_actions(seat)
        moves = [a for a in options if a.type == "move"]
        action = rnd.choice(moves) if moves and rnd.random() < 0.7 else \
            pick("wargame", options, rnd)
        result = session.submit(seat, action)
        assert result.ok, result.reason
        made += 1
    return made


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_guest_hears_only_its_own_seats_secrets(tmp_path, players):
    host = make_host(tmp_path, players)
    guests = make_guests(host, players)
    try:
        for seat in guests:  # every guest's deck passed the War Game's deck rules
            assert host.header["players"][seat]["deck"]
        assert host.header["variant"] == "wargame"
        assert play(host, guests, 200, random.Random(players)) > 100
        settle(host, *guests.values())
        assert host.state.turn >= 4
        assert any(e["action"]["type"] == "move" for e in host.state.log)
        for seat, guest in guests.items():
            view = guest.view()
            assert view == describe(host.state, viewer=seat)
            for entry in view["board"]["strongholds"]:
                assert (entry["land"] is not None) == (entry["player"] == seat), entry
            wire = json.dumps(guest.received)
            for other, player in enumerate(host.state.players):
                if other == seat:
                    continue
                secret = list(player.library) + list(player.hand)
                leaked = [card for card in secret if f'"{card}"' in wire]
                assert not leaked, (seat, other, leaked[:3])
                # another seat's stronghold land: never named, nor its card id sent
                assert f'"H{other}"' not in wire, (seat, other)
            for msg in guest.received:
                for entry in _strongholds(msg):
                    if entry.get("player") != seat:
                        assert entry.get("land") is None, (seat, entry)
    finally:
        for guest in guests.values():
            guest.close()
        host.close()


def _strongholds(value: Any) -> list[dict[str, Any]]:
    """Every stronghold entry anywhere in a message (a view, or a delta of one)."""
    found: list[dict[str, Any]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "strongholds" and isinstance(item, list):
                found.extend(e for e in item if isinstance(e, dict))
            else:
                found.extend(_strongholds(item))
    elif isinstance(value, list):
        for item in value:
            found.extend(_strongholds(item))
    return found


ABSURD = [
    {"type": "heal", "unit": "c1", "amount": 10 ** 9},
    {"type": "heal", "unit": "c1", "amount": -5},
    {"type": "heal", "unit": "x" * 5000},
    {"type": "heal", "unit": "c1", "amount": 1, "everything": True},
    {"type": "assign", "attacker": "side", "at": [10 ** 9, 0], "damage": {"c1": 1}},
    {"type": "assign", "attacker": "side", "at": [0, 3], "damage": {"c1": -1}},
    {"type": "assign", "attacker": "side", "at": [0, 3],
     "damage": {f"c{i}": 1 for i in range(1000)}},
    {"type": "assign", "attacker": "side", "at": [0, 3], "damage": {}},
    {"type": "assign", "at": [0, 3]},
    {"type": "move", "unit": "c1", "to": [0, 1], "carry": ["c2"] * 100},
    {"type": "tap_attacker", "unit": {"id": "c1"}},
]


def test_an_absurd_heal_or_assign_from_a_guest_is_refused_at_the_boundary(tmp_path):
    host = make_host(tmp_path, 3)
    guests = make_guests(host, 3)
    try:
        play(host, guests, 30, random.Random(1))
        settle(host, *guests.values())
        guest = guests[1]
        before = json.dumps(host.state.to_wire(), sort_keys=True), len(host.actions)
        guest.inbox.drain()
        refs = range(100, 100 + len(ABSURD))
        for ref, action in zip(refs, ABSURD):
            guest._outstanding.add(ref)  # the guest takes answers only to refs it sent
            guest._conn.send(make("action", state_id=guest.state_id, ref=ref, action=action))
        assert wait_until(lambda: all(r in guest._answers for r in refs), 20)
        assert all(not guest._answers[r].ok for r in refs)
        codes = [e.data["code"] for e in guest.inbox.drain() if e.kind == "rejected"]
        assert codes == ["bad_value"] * len(ABSURD)
        assert (json.dumps(host.state.to_wire(), sort_keys=True), len(host.actions)) == before
        assert guest.view() == describe(host.state, viewer=1)  # still in the game
    finally:
        for guest in guests.values():
            guest.close()
        host.close()
