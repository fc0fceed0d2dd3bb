"""The LAN lobby hosts and joins Army Magic: choosing an army hosts an Army game (the host's
sections on the board; a guest brings its army with its sections), and joining with an army
sends its sections; both tables open and the game plays on over 127.0.0.1."""

from __future__ import annotations

import pytest

from frontier_desktop.decks.loading import deck_checker, read_deck_parts
from frontier_desktop.net import GameSource, HostSession
from frontier_desktop.net.client import GuestSession
from frontier_desktop.net.fairness import canonical_sections
from frontier_desktop.selfplay import sample_paths
from frontier_desktop.ui.scenes.lan import LanScene, LanTableScene
from tests.net.conftest import pool
from tests.ui.helpers import press, step
from tests.ui.test_lan_table import choose, join_from_lobby, step_until

pytestmark = pytest.mark.timeout(120)

ARMY_LABEL = "Monk Legion (sample army)"


def army():
    return read_deck_parts(sample_paths("army", 1)[0], pool())


def test_the_lobby_lists_the_sample_army(app):
    lobby = LanScene(app)
    app.scenes.push(lobby)
    step(app)
    assert ARMY_LABEL in lobby.decks and lobby.decks[ARMY_LABEL].variant == "army"
    assert lobby.decks[next(iter(lobby.decks))].variant == "frontier"  # the default stays
    choose(app, lobby.deck_menu, ARMY_LABEL)
    assert lobby.chosen_deck() is lobby.decks[ARMY_LABEL]  # legal for Army Magic


def test_hosting_with_an_army_from_the_lobby_plays_army_with_both_sections(app):
    lobby = LanScene(app)
    lobby.bind, lobby.port = "127.0.0.1", 0
    app.scenes.push(lobby)
    step(app)
    choose(app, lobby.deck_menu, ARMY_LABEL)
    press(app, lobby.buttons["host"])
    assert step_until(app, lambda: lobby.net is not None), lobby.note
    host = lobby.net
    mine = army()
    guest = GuestSession(("127.0.0.1", host.port), name="Ben", heartbeat=0.3,
                         deck=[c.name for c in mine.cards], sections=mine.section_names())
    guest.connect(timeout=10)
    try:
        assert host.header["variant"] == "army"
        expected = canonical_sections(mine.section_names())
        assert [p["sections"] for p in host.header["players"]] == [expected, expected]
        assert step_until(app, lambda: app.scenes.find(LanTableScene) is not None)
        assert guest.view()["variant"] == "army"
        for _ in range(4):  # a few actions from whoever acts
            seat = host.acting_seat()
            if seat == guest.seat:
                assert step_until(app, lambda: guest.state_id == host.state.state_id)
                assert guest.submit(seat, guest.legal_actions(seat)[-1]).ok
            else:
                assert host.submit(seat, host.legal_actions(seat)[-1]).ok
            step(app)
    finally:
        guest.close()


def test_joining_with_an_army_from_the_lobby_sends_its_sections(app, tmp_path):
    mine = army()
    source = GameSource(decks=[list(mine.cards), None], sections=[mine.sections, None],
                        variant="army", names=["Ann", "x"], points=mine.points)
    host = HostSession(source, autosave=tmp_path / "host-autosave.jsonl",
                       resolve_card=pool().card,
                       check_deck=deck_checker(pool(), "army", points=mine.points),
                       heartbeat=0.2, timeout=2.0)
    host.listen("127.0.0.1", 0)
    try:
        table = join_from_lobby(app, host, ARMY_LABEL)
        assert isinstance(table, LanTableScene)
        assert host.header["players"][1]["sections"] == canonical_sections(mine.section_names())
        assert step_until(app, lambda: "connected" in table.banner)
    finally:
        host.close()
