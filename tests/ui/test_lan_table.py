"""The LAN lobby and table with real posted events, on 127.0.0.1 only:

* the lobby's deck choice (samples and the player's saved decks) reaches the host, and an
  illegal deck is refused before anything is sent;
* the guest's "Reconnect now" button while the host is away, the pause panel on both sides;
* draw offers (Accept / Decline prompt on the peer's screen) and resignation with a
  confirmation, ending on the game-over screen with how the game ended;
* "Resume last LAN game" serves the autosaved game again and the guest rejoins.
"""

from __future__ import annotations

import time

import pygame
import pygame_gui
import pytest

from frontier_desktop.decks.loading import deck_checker
from frontier_desktop.net import GameSource, HostSession
from frontier_desktop.record import read_record
from frontier_desktop.ui.scenes.dialogs import ConfirmScene
from frontier_desktop.ui.scenes.lan import LanGameOverScene, LanScene, LanTableScene
from frontier_desktop.ui.scenes.main_menu import MainMenuScene
from tests.net.conftest import DECK_A, DECK_B, deck, make_guest, pool
from tests.ui.helpers import click, press, step

pytestmark = pytest.mark.timeout(120)


def step_until(app, predicate, frames=800):
    for _ in range(frames):
        if predicate():
            return True
        step(app)
        time.sleep(0.005)
    return predicate()


def type_text(app, entry, text: str) -> None:
    """Focus a text entry with a click and type *text* as one TEXTINPUT event."""
    click(app, entry.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    step(app, 2)


def choose(app, dropdown, label: str) -> None:
    """Open a drop-down with a click and click the option *label*."""
    click(app, dropdown.rect.center)
    options = dropdown.current_state.options_selection_list
    assert options is not None, "the drop-down did not open"
    item = next(i for i in options.item_list if i["text"] == label)
    click(app, item["button_element"].rect.center)
    step(app)
    selected = dropdown.selected_option
    assert (selected[0] if isinstance(selected, tuple) else selected) == label


def names(path) -> list[str]:
    return [c.name for c in deck(path)]


def open_host(tmp_path, *, record=None, port=0) -> HostSession:
    source = GameSource(record=record) if record else GameSource(
        decks=[list(deck(DECK_B)), None], guest_fallback=list(deck(DECK_B)), names=["Ann", "x"])
    host = HostSession(source, autosave=tmp_path / "host-autosave.jsonl", resolve_card=pool().card,
                       check_deck=deck_checker(pool()), heartbeat=0.2, timeout=2.0)
    host.listen("127.0.0.1", port)
    return host


def join_from_lobby(app, host, deck_label: str) -> LanTableScene:
    lobby = LanScene(app)
    app.scenes.push(lobby)
    step(app)
    choose(app, lobby.deck_menu, deck_label)
    type_text(app, lobby.address_entry, f"127.0.0.1:{host.port}")
    assert lobby.address_entry.get_text() == f"127.0.0.1:{host.port}"
    press(app, lobby.buttons["join"])
    assert step_until(app, lambda: isinstance(app.scenes.top, (LanTableScene, ConfirmScene))), \
        lobby.note
    if isinstance(app.scenes.top, ConfirmScene):  # a board the host chose: play it anyway
        press(app, app.scenes.top.yes)
        assert step_until(app, lambda: isinstance(app.scenes.top, LanTableScene))
    table = app.scenes.top
    table.lan.net.heartbeat = 0.2
    return table


def log_has(table, text: str) -> bool:
    return any(text in line for line in table.lan.chat_lines)


def test_the_guest_joins_with_its_deck_and_reconnects_by_button(app, tmp_path):
    host = open_host(tmp_path)
    table = join_from_lobby(app, host, "Bog and Forest Walkers (sample)")
    try:
        assert host.header["players"][1]["deck"] == sorted(names(DECK_A))  # chosen; canonical order
        assert step_until(app, lambda: "connected" in table.banner)
        assert not table.lan_buttons["reconnect"].visible
        port = host.port
        host.close()                # the host leaves mid-game: the guest is told, and waits
        assert step_until(app, lambda: table.lan_buttons["reconnect"].visible)
        assert "paused" in table.banner
        assert table.pause_lines and "paused the game" in table.pause_lines[0]
        assert "rejoins by itself" in " ".join(table.pause_lines)
        assert not table.lan_buttons["resign"].is_enabled
        header, actions = read_record(tmp_path / "host-autosave.jsonl")
        host = open_host(tmp_path, record=(header, actions), port=port)  # restarted host
        assert host.status().is_paused                  # it waits for the guest too
        press(app, table.lan_buttons["reconnect"])
        assert step_until(app, lambda: host.status().state == "connected"
                          and "connected" in table.banner)
        assert step_until(app, lambda: not table.lan_buttons["reconnect"].visible
                          and not table.pause_lines)
    finally:
        host.close()
        app.scenes.reset(MainMenuScene(app))


def test_draw_offers_both_ways_and_a_draw_agreed(app, tmp_path):
    host = open_host(tmp_path)
    table = join_from_lobby(app, host, "Banners of Benalia (sample)")
    try:
        host.offer_draw()                               # the peer offers: a prompt, not a modal
        assert step_until(app, lambda: table.lan_buttons["decline_draw"].visible)
        assert table.lan_buttons["accept_draw"].visible and app.scenes.top is table
        assert log_has(table, "offers a draw")
        press(app, table.lan_buttons["decline_draw"])
        assert not table.lan_buttons["accept_draw"].visible
        assert step_until(app, lambda: host._offer_from is None)
        assert log_has(table, "You declined the draw")

        press(app, table.lan_buttons["offer_draw"])    # our offer: the host declines
        assert host.status().state == "connected"
        assert step_until(app, lambda: host._offer_from == table.seat)
        assert not table.lan_buttons["offer_draw"].is_enabled
        host.answer_draw(False)
        assert step_until(app, lambda: log_has(table, "declined your draw offer"))
        assert table.lan_buttons["offer_draw"].is_enabled

        press(app, table.lan_buttons["offer_draw"])    # again: accepted, the game ends drawn
        assert step_until(app, lambda: host._offer_from == table.seat)
        host.answer_draw(True)
        assert step_until(app, lambda: isinstance(app.scenes.top, LanGameOverScene))
        assert table.end_reason == "The players agreed to a draw."
        assert log_has(table, "Game over: The players agreed to a draw.")
        assert host.result == {"result": "draw", "winner": None}
    finally:
        host.close()
        app.scenes.reset(MainMenuScene(app))


def test_resign_asks_first_and_ends_the_game(app, tmp_path):
    host = open_host(tmp_path)
    table = join_from_lobby(app, host, "Banners of Benalia (sample)")
    try:
        press(app, table.lan_buttons["resign"])
        assert isinstance(app.scenes.top, ConfirmScene)
        press(app, app.scenes.top.no)                   # changed our mind: nothing sent
        assert app.scenes.top is table and host.result is None
        press(app, table.lan_buttons["resign"])
        press(app, app.scenes.top.yes)
        assert step_until(app, lambda: host.result is not None)
        assert host.result == {"result": "win", "winner": host.host_seat}
        assert step_until(app, lambda: isinstance(app.scenes.top, LanGameOverScene))
        assert table.end_reason == "You resigned."
        assert log_has(table, "Game over: You resigned.")
    finally:
        host.close()
        app.scenes.reset(MainMenuScene(app))


def test_the_lobby_lists_saved_decks_and_refuses_an_illegal_one(app):
    folder = app.paths.data_dir / "decks"
    folder.mkdir(parents=True)
    (folder / "mine.txt").write_text(DECK_A.read_text(encoding="utf-8").replace(
        "// name: Bog and Forest Walkers", "// name: My Walkers"), encoding="utf-8")
    (folder / "small.txt").write_text("// name: Too Small\n20 Forest\n", encoding="utf-8")
    lobby = LanScene(app)
    lobby.bind = "127.0.0.1"
    app.scenes.push(lobby)
    step(app)
    assert "Too Small" in lobby.decks and "Bog and Forest Walkers (sample)" in lobby.decks
    assert any(d.name == "My Walkers" for d in lobby.decks.values())
    choose(app, lobby.deck_menu, "Too Small")
    press(app, lobby.buttons["host"])
    assert lobby.net is None and "not legal" in lobby.note and "60" in lobby.note
    press(app, lobby.buttons["back"])


def test_resume_last_lan_game_from_the_lobby(app, tmp_path):
    lobby = LanScene(app)
    lobby.bind, lobby.port = "127.0.0.1", 0
    app.scenes.push(lobby)
    step(app)
    assert not lobby.buttons["resume"].is_enabled      # nothing saved yet
    press(app, lobby.buttons["host"])
    host = lobby.net
    assert host is not None, lobby.note
    guest = make_guest(host, deck=names(DECK_A))
    guest.connect(timeout=10)
    try:
        assert step_until(app, lambda: isinstance(app.scenes.top, LanTableScene))
        state_id = host.state.state_id
        app.scenes.reset(MainMenuScene(app))           # the host leaves (the app quits)
        # a game that isn't over: the guest is told the host paused it, and waits
        assert step_until(app, lambda: guest.status().state == "reconnecting"
                          and guest.host_paused is not None, 300)
        lobby = LanScene(app)
        lobby.bind = "127.0.0.1"
        app.scenes.push(lobby)
        step(app)
        assert lobby.buttons["resume"].is_enabled
        assert "Ben" in lobby.buttons["resume"].text
        press(app, lobby.buttons["resume"])
        assert step_until(app, lambda: isinstance(app.scenes.top, LanTableScene)), lobby.note
        table = app.scenes.top
        assert table.lan.net.state.state_id == state_id
        # the guest, still trying, rejoins by itself (no button on its computer)
        assert step_until(app, lambda: "connected" in table.banner and not table.pause_lines,
                          2000)
    finally:
        guest.close()
        app.scenes.reset(MainMenuScene(app))


def test_the_guest_divides_the_damage_to_its_own_band(app, tmp_path):
    """Issue 17 item 3 over LAN: the host's giant hits the guest's band; the guest's table
    shows the division prompt and its answer (``assign``) reaches the host."""
    import json

    from tests.ui.helpers import FIXTURES

    doc = json.loads((FIXTURES / "band_attacked.json").read_text())
    doc["active"] = 0
    doc["players"] = [{**doc["players"][1], "name": "Ann"}, {**doc["players"][0], "name": "Ben"}]
    for unit in doc["units"]:
        unit["owner"] = 1 - unit["owner"]
        unit["at"] = [2 - unit["at"][0], unit["at"][1]]
    source = GameSource(position=doc, names=["Ann", "Ben"])
    host = HostSession(source, autosave=tmp_path / "host-autosave.jsonl", resolve_card=pool().card,
                       check_deck=deck_checker(pool()), heartbeat=0.2, timeout=2.0)
    host.listen("127.0.0.1", 0)
    table = join_from_lobby(app, host, "Bog and Forest Walkers (sample)")
    try:
        assert step_until(app, lambda: "connected" in table.banner)
        giant = next(u for u in host.view(0)["units"] if u["id"] == "giant")
        result = host.submit(0, {"type": "attack", "unit": "giant", "target": [2, 1]})
        assert result.ok, result.reason
        assert step_until(app, lambda: table.division.request is not None)
        assert giant  # the host's giant attacked the guest's band
        geo = table.division.geometry(table.division.request)
        click(app, geo.lethal.center)
        click(app, geo.confirm.center)
        assert step_until(app, lambda: not host.view(0).get("pending"))
        left = {u["id"] for u in host.view(0)["units"]}
        assert "hero1" not in left and "hero2" not in left
    finally:
        host.close()
        app.scenes.reset(MainMenuScene(app))


def test_the_guest_sees_who_decides_and_chat_in_time_order(app, tmp_path):
    """While the host decides on its opening hand the guest is told who is deciding (no Keep
    or Mulligan buttons), and chat lines sit among the game's lines in the order they came."""
    host = open_host(tmp_path)
    table = join_from_lobby(app, host, "Banners of Benalia (sample)")

    def decision() -> dict:
        return table.view.get("decision") or {}

    try:
        for _ in range(2):  # each player places the starting token
            assert step_until(app, lambda: decision().get("kind") in ("place_token", "mulligan"))
            if decision().get("kind") != "place_token":
                break
            if decision().get("player") == table.seat:
                place = next(a for a in table.legal if a["type"] == "place_token")
                assert table.submit(place).ok
            else:
                place = next(a for a in host.view(0)["legal_actions"] if a.get("type") == "place_token")
                assert host.submit(0, place).ok
            before = host.view(0).get("state_id")
            assert step_until(app, lambda: table.view.get("state_id") == before)
        assert step_until(app, lambda: decision().get("kind") == "mulligan")
        if decision().get("player") == table.seat:   # the guest chooses first: it keeps
            keep = next(a for a in table.legal if a["type"] == "keep")
            assert table.submit(keep).ok
        assert step_until(app, lambda: decision().get("kind") == "mulligan"
                          and decision().get("player") == 0)
        assert table.prompt() == \
            "Ann is deciding whether to keep that opening hand or mulligan."
        assert not table.buttons["keep"].visible and not table.buttons["mulligan"].visible
        host.chat("good luck")
        assert step_until(app, lambda: log_has(table, "good luck"))
        keep = next(a for a in host.view(0)["legal_actions"] if a.get("type") == "keep")
        assert host.submit(0, keep).ok
        assert step_until(app, lambda: decision().get("player") != 0)
        table.chat_entry.set_text("thanks")
        table.handle_event(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED,
                                              ui_element=table.chat_entry, text="thanks"))
        step(app, 2)
        lines = table.renderer.log_lines
        said = next(i for i, line in enumerate(lines) if "good luck" in line)
        kept = next(i for i, line in enumerate(lines) if line.startswith("Ann keep"))
        answered = next(i for i, line in enumerate(lines) if "thanks" in line)
        assert said < kept < answered, lines
    finally:
        host.close()
        app.scenes.reset(MainMenuScene(app))
