"""Issue 11 items 4 and 9 at the LAN lobby and table, with a real host on 127.0.0.1:

* a board the host chose (a position file, a fixed seed) is said plainly in the lobby before
  the game starts, and by a badge on the table for the whole game; a fair board says nothing;
* a fairness warning during the game is a red panel over the board and a log line;
* a manual action on the other player's things is an Accept / Decline prompt on their screen
  (with the card it is for, shown in the preview on hover) and "Waiting for …" on the
  requester's.
"""

from __future__ import annotations

import json

import pygame
import pytest

from frontier_desktop.decks.loading import deck_checker
from frontier_desktop.net import GameSource, HostSession
from frontier_desktop.ui.scenes.dialogs import ConfirmScene
from frontier_desktop.ui.scenes.lan import LanScene, LanTableScene
from frontier_desktop.ui.scenes.main_menu import MainMenuScene
from tests.net.conftest import DECK_A, DECK_B, deck, pool
from tests.ui.helpers import FIXTURES, click, press, step
from tests.ui.test_lan_table import choose, step_until, type_text

pytestmark = pytest.mark.timeout(120)


def serve(tmp_path, source: GameSource) -> HostSession:
    host = HostSession(source, autosave=tmp_path / "host-autosave.jsonl", resolve_card=pool().card,
                       check_deck=deck_checker(pool()), heartbeat=0.2, timeout=2.0)
    host.listen("127.0.0.1", 0)
    return host


def position_source() -> GameSource:
    doc = json.loads((FIXTURES / "band_attacked.json").read_text())
    doc["active"] = 0  # Ann's (the host's) turn
    return GameSource(position=doc, names=["Ann", "Ben"])


def lobby_join(app, host) -> LanScene:
    lobby = LanScene(app)
    app.scenes.push(lobby)
    step(app)
    choose(app, lobby.deck_menu, "Bog and Forest Walkers (sample)")
    type_text(app, lobby.address_entry, f"127.0.0.1:{host.port}")
    press(app, lobby.buttons["join"])
    assert step_until(app, lambda: not isinstance(app.scenes.top, LanScene)), lobby.note
    return lobby


def play_anyway(app) -> LanTableScene:
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmScene)
    press(app, dialog.yes)
    assert step_until(app, lambda: isinstance(app.scenes.top, LanTableScene))
    table = app.scenes.top
    step(app, 2)  # the badge is drawn
    return table


@pytest.mark.parametrize("source, how", [
    (position_source, "hosted from a position file"),
    (lambda: GameSource(decks=[list(deck(DECK_B)), list(deck(DECK_A))], names=["Ann", "x"],
                        seed=1234), "a fixed seed or a saved game"),
], ids=["position", "seed"])
def test_a_board_the_host_chose_is_said_in_the_lobby_and_on_the_table(app, tmp_path, source,
                                                                       how):
    host = serve(tmp_path, source())
    try:
        assert host.seed_mode in ("position", "fixed")  # the host says it honestly
        lobby = lobby_join(app, host)
        notice = f"Ann chose this board: it was not drawn fairly ({how})"
        dialog = app.scenes.top
        assert isinstance(dialog, ConfirmScene) and notice in dialog.question
        assert notice in lobby.note
        table = play_anyway(app)
        assert table.unfair == notice
        assert any(notice in line for line in table.lan.chat_lines)
        assert not table.fairness  # not a warning: said plainly, not an alarm
    finally:
        host.close()
        app.scenes.reset(MainMenuScene(app))


def test_no_to_a_host_chosen_board_leaves_the_game(app, tmp_path):
    host = serve(tmp_path, position_source())
    try:
        lobby = lobby_join(app, host)
        press(app, app.scenes.top.no)
        assert step_until(app, lambda: app.scenes.top is lobby and lobby.net is None)
        assert lobby.note.startswith("You left: ann chose this board") or \
            lobby.note.startswith("You left: Ann chose this board")
    finally:
        host.close()
        app.scenes.reset(MainMenuScene(app))


def test_a_fair_board_goes_straight_to_the_table_without_a_badge(app, tmp_path):
    host = serve(tmp_path, GameSource(decks=[list(deck(DECK_B)), None],
                                      guest_fallback=list(deck(DECK_B)), names=["Ann", "x"]))
    try:
        lobby_join(app, host)
        assert step_until(app, lambda: isinstance(app.scenes.top, LanTableScene))
        table = app.scenes.top
        assert host.seed_mode == "commit-reveal"
        assert table.unfair is None and not table.fairness
        assert not any("not drawn fairly" in line for line in table.lan.chat_lines)
        # a fairness warning during the game (the audit failing, say): a panel and a log line
        table.lan.net.inbox.post("fairness", "the host's record does not replay to this game")
        assert step_until(app, lambda: bool(table.fairness))
        assert table.fairness_lines() == ["The host's record does not replay to this game"]
        assert any("FAIRNESS WARNING" in line for line in table.lan.chat_lines)
        step(app, 2)  # drawn without error
    finally:
        host.close()
        app.scenes.reset(MainMenuScene(app))


def test_the_guest_accepts_or_declines_the_hosts_request_on_its_screen(app, tmp_path):
    host = serve(tmp_path, position_source())
    try:
        lobby_join(app, host)
        table = play_anyway(app)
        assert step_until(app, lambda: "connected" in table.banner)
        ask = {"type": "destroy", "unit": "giant", "for": "Lightning Bolt"}
        assert host.submit(0, ask).ok
        assert step_until(app, lambda: table.consent.asked)
        title, what = table.consent.lines()
        assert title == "Ann asks you to accept" and what == "Ann destroys Hill Giant"
        geo = table.consent.geometry()
        # the card it is for: hovering its name shows it in the preview
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=geo.card.center,
                                             rel=(0, 0), buttons=(0, 0, 0)))
        step(app)
        assert table.local.hover == ("card", "Lightning Bolt")
        click(app, geo.decline.center)
        assert step_until(app, lambda: host.state.decision is None)
        assert "giant" in host.state.perms
        assert host.submit(0, {"type": "pt_change", "unit": "giant", "power": -1}).ok
        assert step_until(app, lambda: table.consent.asked)
        click(app, table.consent.geometry().accept.center)
        assert step_until(app, lambda: host.state.perms["giant"].pt_mod == (-1, 0))
        # the guest asks: its table waits, the host's player answers
        assert table.submit({"type": "life", "player": 0, "delta": -3}).ok
        assert step_until(app, lambda: table.consent.request is not None)
        assert not table.consent.asked
        assert table.consent.lines()[0] == "Waiting for Ann to accept or decline…"
        assert host.submit(0, {"type": "choose", "choice": "decline"}).ok
        assert step_until(app, lambda: table.consent.request is None)
        assert host.state.players[0].life == 20
    finally:
        host.close()
        app.scenes.reset(MainMenuScene(app))
