"""Guests of a game of three name people by name (issue 14): ``welcome`` says which seats
the host plays (``host_seats``) and ``commits`` every seat's player name, so a guest's table
says "Ann" rather than "the host"; a dropped guest is told to the host's table and to the
other guests (``peer`` with ``seat``), and comes back by its token mid-turn to a view that
holds its own hand and nobody else's. A game of two keeps its wire: no ``host_seats``."""

from __future__ import annotations

import json
import random

import pytest

from frontier_desktop.decks.loading import deck_checker, load_deck
from frontier_desktop.net import GameSource, GuestSession, HostSession
from frontier_desktop.rules.views import describe
from frontier_desktop.sample_decks import DEFAULT_DECKS
from tests.net.conftest import pool
from tests.net.test_conquering_lan import (
    connect_all,
    make_guest,
    make_host,
    play,
    settle,
    wait_until,
)

pytestmark = pytest.mark.timeout(120)


def kinds(guest, kind: str) -> list[dict]:
    return [m for m in guest.received if m["type"] == kind]


def test_guests_learn_the_hosts_seats_and_every_players_name(tmp_path):
    host = make_host(tmp_path, players=4, guest_seats=(1, 3))
    bea, dale = make_guest(host, "Bea", seat=1), make_guest(host, "Dale", seat=3)
    try:
        connect_all(bea, dale)
        for guest in (bea, dale):
            assert kinds(guest, "welcome")[0]["host_seats"] == [0, 2]
            assert guest.host_seats == [0, 2] and guest.host_names() == ["Ann", "Cat"]
            # the other guest by its own name, not the host's placeholder for the seat
            assert guest.names == ["Ann", "Bea", "Cat", "Dale"]
            assert kinds(guest, "commits")[0]["names"] == ["Ann", "Bea", "Cat", "Dale"]
        assert [p["name"] for p in bea.view()["players"]] == ["Ann", "Bea", "Cat", "Dale"]
    finally:
        bea.close()
        dale.close()
        host.close()


def test_a_game_of_two_keeps_its_welcome_and_the_guest_still_knows_the_host():
    decks = [load_deck(DEFAULT_DECKS[0], pool()), None]
    host = HostSession(GameSource(decks=decks, names=["Edna", "Guest"],
                                  guest_fallback=load_deck(DEFAULT_DECKS[1], pool())),
                       resolve_card=pool().card, check_deck=deck_checker(pool()),
                       heartbeat=0.2, timeout=2.0)
    host.listen("127.0.0.1", 0)
    received: list[dict] = []

    class Recording(GuestSession):
        def _on_message(self, conn, msg):  # type: ignore[no-untyped-def]
            received.append(msg)
            super()._on_message(conn, msg)

    guest = Recording(("127.0.0.1", host.port), name="Finn", deck=None, heartbeat=0.2,
                      timeout=2.0)
    try:
        guest.connect(timeout=20)
        welcome = next(m for m in received if m["type"] == "welcome")
        assert "host_seats" not in welcome and "lobby" not in welcome
        assert guest.host_seats == [0] and guest.host_names() == ["Edna"]
    finally:
        guest.close()
        host.close()


def test_a_dropped_guest_is_told_in_words_and_rejoins_mid_turn_seeing_only_its_hand(tmp_path):
    host = make_host(tmp_path)
    ben, cat = make_guest(host, "Ben", seat=1), make_guest(host, "Cat", seat=2)
    connect_all(ben, cat)
    rnd = random.Random(11)
    try:
        # into a turn of Ann or Ben (some actions made in it), then Cat's network fails
        play(host, {1: ben, 2: cat}, 40, rnd)
        for _ in range(200):
            if host.acting_seat() != 2 and host.state.phase not in ("upkeep", "untap"):
                break
            play(host, {1: ben, 2: cat}, 1, rnd)
        assert host.acting_seat() != 2
        settle(host, ben, cat)
        host.inbox.drain()
        cat.auto_reconnect = False
        host.guests[2].conn.abort("cat's network fails")
        assert wait_until(lambda: ben.away == {2: "reconnecting"})
        said = [n.data for n in ben.inbox.drain() if n.kind == "seat_status"]
        assert said and said[-1] == {"seat": 2, "state": "reconnecting", "name": "Cat"}
        told = [n.data for n in host.inbox.drain() if n.kind == "seat_status"]
        assert told == [{"seat": 2, "state": "reconnecting", "name": "Cat"}]
        play(host, {1: ben, 2: cat}, 3, rnd, skip=frozenset({2}))   # the others play on
        mark = len(cat.received)
        cat.auto_reconnect = True
        assert cat.reconnect_now()
        assert wait_until(lambda: host.seat_status(2).state == "connected")
        settle(host, ben, cat)
        assert wait_until(lambda: ben.away == {})
        assert any(n.kind == "seat_status" and n.data["state"] == "connected"
                   for n in ben.inbox.drain())
        view = cat.view()
        assert view == describe(host.state, viewer=2)
        assert view["players"][2].get("hand") is not None
        assert all(view["players"][s].get("hand") is None for s in (0, 1))
        wire = json.dumps(cat.received[mark:])
        for other in (0, 1):
            player = host.state.players[other]
            secret = list(player.library) + list(player.hand)
            assert secret and not [c for c in secret if f'"{c}"' in wire]
    finally:
        ben.close()
        cat.close()
        host.close()
