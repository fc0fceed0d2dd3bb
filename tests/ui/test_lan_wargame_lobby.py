"""The LAN lobby offers the War Game (issue 15): its sample deck is in the deck menu, and
hosting it for three with two guests opens the table once both have joined; the table's seat
and both guests play a few actions, and the host's screen never holds a guest's hand or
stronghold land."""

from __future__ import annotations

import random

import pytest

from frontier_desktop.net.client import GuestSession
from frontier_desktop.selfplay import pick
from frontier_desktop.ui.scenes.lan import LAN_VARIANTS, LanScene, LanTableScene
from tests.net.test_wargame_lan import wargame_deck
from tests.ui.helpers import press, step
from tests.ui.test_lan_table import choose, step_until

pytestmark = pytest.mark.timeout(150)


def test_the_lobby_hosts_a_war_game_for_three_with_two_guests(app):
    assert "wargame" in LAN_VARIANTS
    lobby = LanScene(app)
    lobby.bind, lobby.port = "127.0.0.1", 0
    app.scenes.push(lobby)
    step(app)
    label = next(label for label, deck in lobby.decks.items() if deck.variant == "wargame")
    assert "the War Game" in label
    choose(app, lobby.deck_menu, label)
    choose(app, lobby.players_menu, "3 players")
    choose(app, lobby.guests_menu, "2 guests")
    press(app, lobby.buttons["host"])
    assert step_until(app, lambda: lobby.net is not None), lobby.note
    host = lobby.net
    assert list(host.guests) == [1, 2] and host.local_seats == [0]
    deck = [c.name for c in wargame_deck()]
    ben = GuestSession(("127.0.0.1", host.port), name="Ben", deck=deck, heartbeat=0.3)
    cat = GuestSession(("127.0.0.1", host.port), name="Cat", deck=deck, heartbeat=0.3)
    try:
        ben.connect(timeout=10, until_seated=True)
        cat.connect(timeout=10)
        assert step_until(app, lambda: app.scenes.find(LanTableScene) is not None)
        table = app.scenes.find(LanTableScene)
        assert host.header["variant"] == "wargame" and len(host.header["players"]) == 3
        sessions = {1: ben, 2: cat}
        rnd = random.Random(4)
        for _ in range(30):
            seat = host.acting_seat()
            if seat == 0:
                assert step_until(app, lambda: table.lan.acting_seat() == 0)
                assert table.lan.submit(0, pick("wargame", table.lan.legal_actions(0), rnd)).ok
            else:
                assert step_until(app, lambda: sessions[seat].state_id == host.state.state_id)
                action = pick("wargame", sessions[seat].legal_actions(seat), rnd)
                assert sessions[seat].submit(seat, action).ok
            step(app)
        for other in (1, 2):
            assert table.view["players"][other].get("hand") is None
        for entry in table.view["board"]["strongholds"]:
            assert (entry["land"] is not None) == (entry["player"] == 0)
    finally:
        ben.close()
        cat.close()
