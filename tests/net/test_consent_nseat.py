"""The consent rule over LAN with three seats (the War Game and the Conquering; issue 11.9 on
the N-seat LAN): the host forces ``manual_consent`` on, and a manual action on others' things
waits for every other seat, asked one at a time clockwise from the actor, each on its own
connection (``docs/protocol.md``, "Manual actions need consent")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from frontier_desktop.decks.loading import deck_checker
from frontier_desktop.net import GameSource, HostSession
from frontier_desktop.rules import actions as A
from tests.net.conftest import pool
from tests.net.test_conquering_lan import RecordingGuest, connect_all, settle, wait_until
from tests.net.test_wargame_lan import NAMES, wargame_deck

pytestmark = pytest.mark.timeout(120)


def _three_seats(tmp_path: Path) -> tuple[HostSession, dict[int, RecordingGuest]]:
    cards = list(wargame_deck())
    source = GameSource(decks=[cards, None, None], guest_fallback=cards, variant="wargame",
                        names=NAMES[:3], options={"first_player": 0})
    host = HostSession(source, guest_seats=[1, 2], resolve_card=pool().card,
                       check_deck=deck_checker(pool(), "wargame"), heartbeat=0.2,
                       timeout=2.0, autosave=tmp_path / "autosave.jsonl")
    host.listen("127.0.0.1", 0)
    assert host.port is not None
    guests = {seat: RecordingGuest(("127.0.0.1", host.port), name=NAMES[seat],
                                   deck=[c.name for c in wargame_deck()], heartbeat=0.2,
                                   timeout=2.0, seat=seat) for seat in (1, 2)}
    connect_all(*guests.values())
    assert host.started.is_set()
    return host, guests


def _answer(host: HostSession, guests: dict[int, Any], seat: int, choice: str) -> None:
    settle(host, *guests.values())
    result = guests[seat].submit(seat, A.Choose(choice=choice))
    assert result.ok, result.reason
    settle(host, *guests.values())


def test_a_hosts_draw_by_hand_waits_for_both_guests_in_turn(tmp_path: Path) -> None:
    host, guests = _three_seats(tmp_path)
    try:
        assert host.state.options["manual_consent"] is True
        assert wait_until(lambda: all(g.view() is not None for g in guests.values()))
        assert all(g.consent_problem is None for g in guests.values())
        hand = len(host.state.players[0].hand)
        assert host.state.active == 0 and host.acting_seat() == 0
        for answers, drawn in ((("accept", "accept"), 1), (("accept", "decline"), 0)):
            result = host.submit(0, A.Draw(count=1))
            assert result.ok, result.reason
            settle(host, *guests.values())
            d = host.state.decision
            assert d is not None and d["kind"] == "consent" and d["player"] == 1
            assert d["then"] == [2]
            # the second guest can't answer for the first, nor the first twice
            wrong = guests[2].submit(2, A.Choose(choice="accept"))
            assert not wrong.ok
            _answer(host, guests, 1, answers[0])
            d = host.state.decision
            assert d is not None and d["player"] == 2 and "then" not in d
            assert len(host.state.players[0].hand) == hand  # nothing yet
            assert guests[2].view()["decision"]["player"] == 2
            _answer(host, guests, 2, answers[1])
            assert host.state.decision is None
            hand += drawn
            assert len(host.state.players[0].hand) == hand
    finally:
        for guest in guests.values():
            guest.close()
        host.close()
