"""The LAN lobby's N-seat polish: a resumed game checks decks by its own variant (not
Frontier's), and the host frees a lobby seat a guest sits on ("Free seat")."""

from __future__ import annotations

import random
import shutil

import pytest

from frontier_desktop.decks.loading import load_deck
from frontier_desktop.selfplay import sample_paths
from frontier_desktop.ui.scenes.lan import LanScene
from tests.net.conftest import pool
from tests.net.test_conquering_lan import connect_all, make_guest, make_host, play
from tests.ui.helpers import press, step
from tests.ui.test_lan_table import step_until

pytestmark = pytest.mark.timeout(150)


def frontier_names() -> list[str]:
    return [c.name for c in load_deck(sample_paths("frontier", 1)[0], pool())]


def test_a_resumed_conquering_game_checks_decks_by_the_conquerings_rules(app, tmp_path):
    host = make_host(tmp_path)
    ben, cat = make_guest(host, "Ben", seat=1), make_guest(host, "Cat", seat=2)
    try:
        connect_all(ben, cat)
        play(host, {1: ben, 2: cat}, 6, random.Random(2))
    finally:
        ben.close()
        cat.close()
        host.close()
    app.paths.data_dir.mkdir(parents=True, exist_ok=True)
    shutil.copy(tmp_path / "autosave.jsonl", app.paths.data_dir / "lan-autosave.jsonl")
    lobby = LanScene(app)
    app.scenes.push(lobby)
    step(app)
    lobby.resume_last(bind="127.0.0.1")
    try:
        net = lobby.net
        assert net is not None, lobby.note
        assert net.source.played_variant() == "conquering" and list(net.guests) == [1, 2]
        # a Frontier deck (basic lands) is not a Conquering deck: the Frontier checker
        # would have passed it
        problems = net.check_deck(frontier_names())
        assert problems and any("land" in p for p in problems)
    finally:
        lobby.stop()


def test_the_host_frees_a_squatted_lobby_seat_with_the_free_seat_button(app):
    from frontier_desktop.ui.scenes.lan import LanTableScene
    from tests.ui.test_lan_conquering_lobby import guest, host_from_lobby

    lobby = host_from_lobby(app, "3 players", "2 guests")
    host = lobby.net
    squatter = guest(host, "Mallory")
    try:
        squatter.connect(timeout=10, until_seated=True)
        assert step_until(app, lambda: 1 in lobby.free_buttons)
        assert list(lobby.free_buttons) == [1]        # only beside a seated guest
        press(app, lobby.free_buttons[1])
        assert step_until(app, lambda: squatter.refusal is not None)
        assert "freed seat 2" in squatter.refusal
        assert "Mallory is no longer in this game" in lobby.note
        assert step_until(app, lambda: lobby.seat_lines[1] == "Seat 2: open: waiting for a guest"
                          and not lobby.free_buttons)
        ben, cat = guest(host, "Ben"), guest(host, "Cat")
        ben.connect(timeout=10, until_seated=True)
        cat.connect(timeout=10)
        assert step_until(app, lambda: app.scenes.find(LanTableScene) is not None)
        assert not lobby.free_buttons and host.state.players[1].name == "Ben"
        ben.close()
        cat.close()
    finally:
        squatter.close()


def test_a_dropped_guest_is_said_in_words_on_the_hosts_and_the_other_guests_tables(app):
    from frontier_desktop.ui.scenes.lan import LanTableScene
    from tests.ui.test_lan_conquering_lobby import guest, host_from_lobby

    lobby = host_from_lobby(app, "3 players", "2 guests")
    host = lobby.net
    ben, cat = guest(host, "Ben"), guest(host, "Cat")
    try:
        ben.connect(timeout=10, until_seated=True)   # Ben takes seat 2, Cat seat 3
        cat.connect(timeout=10)
        assert (ben.seat, cat.seat) == (1, 2)
        assert step_until(app, lambda: app.scenes.find(LanTableScene) is not None)
        table = app.scenes.find(LanTableScene)
        lost = ("— Cat has lost the connection — the game waits for Cat only when it is "
                "Cat's turn to decide.")
        cat.auto_reconnect = False
        host.guests[2].conn.abort("cat's network fails")
        assert step_until(app, lambda: lost in table.lan.chat_lines), table.lan.chat_lines
        assert "away: Cat" in table.banner
        # Ben's table: the host by name (not "the host"), and Cat's drop in the same words
        ben_table = LanTableScene(app, ben, seat=1)
        app.scenes.push(ben_table)
        host_name = host.state.players[0].name
        assert step_until(app, lambda: lost in ben_table.lan.chat_lines)
        assert step_until(app, lambda: f"{host_name} (host)" in ben_table.banner and
                          "away: Cat" in ben_table.banner), ben_table.banner
        assert "the host" not in ben_table.banner
        cat.auto_reconnect = True
        assert cat.reconnect_now()
        assert step_until(app, lambda: "— Cat is back." in ben_table.lan.chat_lines)
        assert step_until(app, lambda: "away" not in ben_table.banner), ben_table.banner
    finally:
        ben.close()
        cat.close()
