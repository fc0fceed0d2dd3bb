"""The LAN scenes headless: host from the LAN menu on 127.0.0.1, a guest joins in-process,
the table shows the connection banner, the peer's actions and chat."""

from __future__ import annotations

import time

from frontier_desktop.net.client import GuestSession
from frontier_desktop.ui.scenes.lan import LanScene, LanTableScene, host_game_for_tests
from frontier_desktop.ui.scenes.main_menu import MainMenuScene
from tests.ui.helpers import press, step


def step_until(app, predicate, frames=600):
    for _ in range(frames):
        if predicate():
            return True
        step(app)
        time.sleep(0.005)
    return predicate()


def test_lan_button_opens_the_lan_scene(app):
    app.scenes.reset(MainMenuScene(app))
    step(app)
    menu = app.scenes.top
    press(app, menu.buttons["lan"])
    assert isinstance(app.scenes.top, LanScene)


def test_host_from_the_lan_menu_and_play_with_a_guest(app):
    scene = host_game_for_tests(app)
    step(app)
    assert "your address on this network is" in scene.note.lower()
    host = scene.net
    guest = GuestSession(("127.0.0.1", host.port), name="Ben", deck=None, heartbeat=0.3)
    # the host's guest slot takes the guest's deck: send the sample deck's names
    from frontier_desktop.cards.pool import BundledPool
    from frontier_desktop.decks.loading import load_deck
    from frontier_desktop.sample_decks import DEFAULT_DECKS

    guest.deck = [c.name for c in load_deck(DEFAULT_DECKS[1], BundledPool.load())]
    guest.connect(timeout=10)
    try:
        assert step_until(app, lambda: isinstance(app.scenes.top, LanTableScene)
                          or any(isinstance(s, LanTableScene) for s in app.scenes))
        table = app.scenes.find(LanTableScene)
        while app.scenes.top is not table:
            app.scenes.pop()
        assert step_until(app, lambda: "connected" in table.banner)
        guest.chat("good luck")
        assert step_until(app, lambda: any("good luck" in line for line in table.lan.chat_lines))
        # whoever acts first: play a few actions from both sides through the sessions
        for _ in range(6):
            acting = host.acting_seat()
            if acting == guest.seat:
                assert step_until(app, lambda: guest.state_id == host.state.state_id)
                options = guest.legal_actions(guest.seat)
                assert guest.submit(guest.seat, options[0]).ok
            else:
                result = table.submit(host.legal_actions(host.host_seat)[0].to_wire(), quiet=True)
                assert result.ok, result.reason
            step(app, 2)
        assert step_until(app, lambda: table.view.get("state_id") == host.state.state_id)
        assert "turn" in table.banner or "game over" in table.banner
    finally:
        guest.close()
        step(app, 2)
