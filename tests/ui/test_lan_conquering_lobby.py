"""The LAN lobby hosts the Conquering for three (issue 14): the host chooses the Conquering
deck, three players and how many join from other computers; the lobby shows each seat
(here, joined or open) and the table opens when every open seat is taken. With two guests the
host plays one seat; with one guest the host's two seats play hot-seat at its screen, the
table following the seat that is to act. A guest joining from the lobby waits seated until
the other guest comes."""

from __future__ import annotations

import random

import pytest

from frontier_desktop.net.client import GuestSession
from frontier_desktop.selfplay import pick
from frontier_desktop.ui.scenes.cover import CoverScene
from frontier_desktop.ui.scenes.lan import LanScene, LanTableScene
from tests.net.test_conquering_lan import make_host, names
from tests.ui.helpers import press, step
from tests.ui.test_lan_table import choose, step_until, type_text

pytestmark = pytest.mark.timeout(150)


def conquering_label(lobby: LanScene) -> str:
    return next(label for label, deck in lobby.decks.items() if deck.variant == "conquering")


def host_from_lobby(app, players: str, guests: str) -> LanScene:
    lobby = LanScene(app)
    lobby.bind, lobby.port = "127.0.0.1", 0
    app.scenes.push(lobby)
    step(app)
    choose(app, lobby.deck_menu, conquering_label(lobby))
    choose(app, lobby.players_menu, players)
    choose(app, lobby.guests_menu, guests)
    press(app, lobby.buttons["host"])
    assert step_until(app, lambda: lobby.net is not None), lobby.note
    return lobby


def follows(app, table: LanTableScene, seat: int) -> bool:
    """Whether the table shows *seat* (a cover handing the screen over is dismissed, as the
    next player would)."""
    if isinstance(app.scenes.top, CoverScene):
        app.scenes.top.dismiss()
        covers.append(seat)
        return False
    return app.scenes.top is table and table.seat == seat and table.lan.seat == seat


covers: list[int] = []


def guest(host, name: str) -> GuestSession:
    return GuestSession(("127.0.0.1", host.port), name=name, deck=names(), heartbeat=0.3)


def test_hosting_three_with_two_guests_shows_the_seats_and_starts_when_both_joined(app):
    lobby = host_from_lobby(app, "3 players", "2 guests")
    host = lobby.net
    assert list(host.guests) == [1, 2] and host.local_seats == [0]
    ben, cat = guest(host, "Ben"), guest(host, "Cat")
    try:
        ben.connect(timeout=10, until_seated=True)
        assert step_until(app, lambda: any("Ben (joined)" in line for line in lobby.seat_lines))
        assert lobby.seat_lines[0].startswith("Seat 1:") and "(here)" in lobby.seat_lines[0]
        assert lobby.seat_lines[2] == "Seat 3: open: waiting for a guest"
        assert app.scenes.find(LanTableScene) is None  # not before every open seat is taken
        cat.connect(timeout=10)
        assert step_until(app, lambda: app.scenes.find(LanTableScene) is not None)
        table = app.scenes.find(LanTableScene)
        assert host.header["variant"] == "conquering" and len(host.header["players"]) == 3
        assert table.seat == 0 and table.many
        assert not table.lan_buttons["offer_draw"].is_enabled  # draws are for two
        sessions = {1: ben, 2: cat}
        rnd = random.Random(4)
        for _ in range(30):  # the table's seat and both guests act in turn
            seat = host.acting_seat()
            if seat == 0:
                assert step_until(app, lambda: table.lan.acting_seat() == 0)
                action = pick("conquering", table.lan.legal_actions(0), rnd)
                assert table.lan.submit(0, action).ok
            else:
                assert step_until(app, lambda: sessions[seat].state_id == host.state.state_id)
                action = pick("conquering", sessions[seat].legal_actions(seat), rnd)
                assert sessions[seat].submit(seat, action).ok
            step(app)
        assert "turn" in table.banner
        for other in (1, 2):  # the host's screen never holds a guest's hand
            assert table.view["players"][other].get("hand") is None
    finally:
        ben.close()
        cat.close()


def test_two_seats_here_play_hot_seat_beside_one_guest(app):
    lobby = host_from_lobby(app, "3 players", "1 guest")
    host = lobby.net
    assert list(host.guests) == [2] and host.local_seats == [0, 1]
    cat = guest(host, "Cat")
    try:
        cat.connect(timeout=10)
        assert step_until(app, lambda: app.scenes.find(LanTableScene) is not None)
        table = app.scenes.find(LanTableScene)
        rnd = random.Random(6)
        seen = set()
        for _ in range(200):
            seat = host.acting_seat()
            if seat is None:
                break
            if seat in (0, 1):
                # the table follows the seat to act among the two played here
                assert step_until(app, lambda: follows(app, table, seat)), \
                    (seat, table.seat, type(app.scenes.top).__name__)
                seen.add(seat)
                action = pick("conquering", table.lan.legal_actions(seat), rnd)
                assert table.lan.submit(seat, action).ok
            else:
                assert step_until(app, lambda: cat.state_id == host.state.state_id)
                assert cat.submit(2, pick("conquering", cat.legal_actions(2), rnd)).ok
            step(app)
            if seen == {0, 1} and len(host.actions) > 40:
                break
        assert seen == {0, 1} and covers  # the screen changed hands with a cover between
        assert table.view["players"][2].get("hand") is None
    finally:
        cat.close()


def test_a_guest_joining_from_the_lobby_waits_seated_for_the_other_guest(app, tmp_path):
    host = make_host(tmp_path)
    lobby = LanScene(app)
    app.scenes.push(lobby)
    step(app)
    choose(app, lobby.deck_menu, conquering_label(lobby))
    type_text(app, lobby.address_entry, f"127.0.0.1:{host.port}")
    other = guest(host, "Cat")
    try:
        press(app, lobby.buttons["join"])
        assert step_until(app, lambda: lobby.seated), lobby.note
        assert "Waiting for the other guests" in lobby.note
        assert "in Ann's game" in lobby.note  # the host by name (welcome.host_seats)
        other.connect(timeout=10)
        assert step_until(app, lambda: app.scenes.find(LanTableScene) is not None)
        table = app.scenes.find(LanTableScene)
        assert table.seat in (1, 2) and table.is_guest
        assert table.view["players"][0].get("hand") is None
    finally:
        other.close()
        host.close()


def test_the_banner_names_the_player_to_act_and_the_connection_in_words(app, tmp_path):
    host = make_host(tmp_path)
    lobby = LanScene(app)
    app.scenes.push(lobby)
    step(app)
    choose(app, lobby.deck_menu, conquering_label(lobby))
    type_text(app, lobby.address_entry, f"127.0.0.1:{host.port}")
    other = guest(host, "Cat")
    try:
        press(app, lobby.buttons["join"])
        assert step_until(app, lambda: lobby.seated), lobby.note
        other.connect(timeout=10)
        assert step_until(app, lambda: app.scenes.find(LanTableScene) is not None)
        table = app.scenes.find(LanTableScene)
        # the host by its player's name (welcome.host_seats), never "the host"
        assert step_until(app, lambda: "Ann (host): connected" in table.banner), table.banner
        acting = host.acting_seat()
        name = host.state.players[acting].name
        expected = "your turn" if acting == table.seat else f"{name}'s turn"
        assert step_until(app, lambda: expected in table.banner), table.banner
        assert "None" not in table.banner and "seat" not in table.banner
    finally:
        other.close()
        host.close()
