"""Issue 23, high 3: a focused text field consumes its keys. Every shortcut letter typed into
the LAN chat, the deck builder's search, name and paste boxes, Settings' cache folder, the LAN
address, the set-up's names and Save as goes into the field, and none plays a move, ends a
turn, scouts, undoes or leaves the screen."""

from __future__ import annotations

import pygame
import pytest

from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.config import DEFAULT_KEYS
from frontier_desktop.ui.builder.dialogs import PasteScene
from frontier_desktop.ui.scenes.deck_builder import DeckBuilderScene
from frontier_desktop.ui.scenes.dialogs import SaveAsScene
from frontier_desktop.ui.scenes.lan import LanScene
from frontier_desktop.ui.scenes.settings import SettingsScene
from frontier_desktop.ui.scenes.setup import SetupScene

from .helpers import click, key, step

SHORTCUT_LETTERS = sorted({b for b in DEFAULT_KEYS.values() if len(b) == 1} | {"space"})
"""Every default binding that is a key one types: "s" (scout), "space" (pass / done)."""
TYPED = "ok s " + "".join(chr(c) for c in range(ord("a"), ord("z") + 1)) + " s"
"""What the player types: the shortcut letters among words, and the whole alphabet."""


def _keycode(ch: str) -> int:
    return pygame.K_SPACE if ch == " " else pygame.key.key_code(ch)


def type_keys(app, text: str) -> None:
    """Type *text* as a keyboard does: KEYDOWN, TEXTINPUT, KEYUP for each character."""
    for ch in text:
        k = _keycode(ch)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=ch,
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=ch, scancode=0))
        step(app)


def ctrl_z(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                         unicode="\x1a", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                         unicode="", scancode=0))
    step(app)


def test_the_typed_text_holds_every_shortcut_letter() -> None:
    assert "s" in SHORTCUT_LETTERS and "space" in SHORTCUT_LETTERS
    assert all((k == "space" and " " in TYPED) or k in TYPED for k in SHORTCUT_LETTERS)


def _focus(app, entry) -> None:
    """Empty the field, then click into it as a player does."""
    entry.set_text("")
    step(app)
    click(app, entry.rect.center)
    assert entry.is_focused


def _builder(app):
    scene = DeckBuilderScene(app, pool=BundledPool.load(), build_full_index=False)
    app.scenes.push(scene)
    step(app, 2)
    return scene


def _paste_box(app):  # type: ignore[no-untyped-def]
    """The builder with its Paste dialog open, the box clicked into."""
    builder = _builder(app)
    paste = app.scenes.push(PasteScene(app, builder.import_text))
    step(app, 2)
    _focus(app, paste.entry)
    return builder, paste


FIELDS = {
    "deck builder search": (_builder, lambda s: s.w["search"]),
    "deck builder name": (_builder, lambda s: s.w["name"]),
    "settings cache folder": (lambda app: app.scenes.push(SettingsScene(app)),
                              lambda s: s.w["cache"]),
    "LAN address": (lambda app: app.scenes.push(LanScene(app)), lambda s: s.address_entry),
    "set-up name": (lambda app: app.scenes.push(SetupScene(app)), lambda s: s.w["name0"]),
}


@pytest.mark.parametrize("field", list(FIELDS))
def test_shortcut_letters_typed_into_a_field_stay_in_it(app, field) -> None:
    make, entry_of = FIELDS[field]
    scene = make(app)
    step(app, 2)
    entry = entry_of(scene)
    _focus(app, entry)
    stack = list(app.scenes)
    type_keys(app, TYPED)
    assert list(app.scenes) == stack, f"{field}: the screen changed"
    assert entry.get_text() == TYPED[:len(entry.get_text())] and \
        len(entry.get_text()) >= 10, entry.get_text()
    ctrl_z(app)  # the box's own undo, not the game's
    assert list(app.scenes) == stack, f"{field}: Ctrl+Z left the screen"
    entry.set_text("")
    type_keys(app, "zz")
    assert entry.get_text().endswith("zz"), f"{field}: typed keys went elsewhere"
    # Esc leaves the field, not the screen; a second Esc is the screen's again
    key(app, pygame.K_ESCAPE)
    assert list(app.scenes) == stack and not entry.is_focused


def test_the_paste_box_takes_every_key_and_esc_closes_the_dialog(app) -> None:
    builder, paste = _paste_box(app)
    type_keys(app, "4 lightning bolt s")
    assert app.scenes.top is paste
    assert paste.entry.get_text().endswith("4 lightning bolt s")
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is builder  # a dialog's box: Esc cancels the dialog


def test_save_as_takes_the_typed_name(app) -> None:
    names: list[str] = []
    dialog = app.scenes.push(SaveAsScene(app, "game", lambda n: names.append(n) or "saved"))
    step(app, 2)
    _focus(app, dialog.entry)
    type_keys(app, "ann s game")
    assert app.scenes.top is dialog and dialog.entry.get_text() == "ann s game"


def test_ctrl_s_still_saves_from_the_builder_search(app, monkeypatch) -> None:
    builder = _builder(app)
    saved: list[bool] = []
    monkeypatch.setattr(builder, "save", lambda: saved.append(True))
    _focus(app, builder.w["search"])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL,
                                         unicode="\x13", scancode=0))
    step(app)
    assert saved == [True] and builder.w["search"].get_text() == ""


def test_the_paste_box_takes_return_and_ctrl_a_backspace_clears_it(app) -> None:
    _, paste = _paste_box(app)
    type_keys(app, "4 lightning bolt")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    step(app)
    type_keys(app, "20 mountain")
    assert paste.entry.get_text() == "4 lightning bolt\n20 mountain"
    assert app.scenes.top is paste
    for k, mod in ((pygame.K_a, pygame.KMOD_CTRL), (pygame.K_BACKSPACE, 0)):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                             scancode=0))
        step(app)
    assert paste.entry.get_text() == ""


def test_typing_in_the_lan_chat_plays_no_move(app, tmp_path) -> None:
    """The guest's turn, main phase: "ok s" and the alphabet typed into the chat neither
    scout nor end a move or the turn (Space is Pass / done at the table)."""
    import json

    from frontier_desktop.decks.loading import deck_checker
    from frontier_desktop.net import GameSource, HostSession
    from frontier_desktop.ui.scenes.main_menu import MainMenuScene
    from tests.net.conftest import pool

    from .helpers import FIXTURES
    from .test_lan_table import join_from_lobby, step_until

    position = json.loads((FIXTURES / "skirmish.json").read_text(encoding="utf-8"))
    position["active"] = 1
    host = HostSession(GameSource(position=position), autosave=tmp_path / "host.jsonl",
                       resolve_card=pool().card, check_deck=deck_checker(pool()),
                       heartbeat=0.2, timeout=2.0)
    host.listen("127.0.0.1", 0)
    try:
        table = join_from_lobby(app, host, "Banners of Benalia (sample)")
        assert step_until(app, lambda: table.view.get("active") == table.seat and
                          any(a.get("type") == "pass" or a.get("type") == "done_moving"
                              for a in table.legal))
        before = host.view(0).get("state_id")
        _focus(app, table.chat_entry)
        type_keys(app, TYPED)
        ctrl_z(app)
        step_until(app, lambda: False, frames=20)  # anything sent would have arrived
        assert host.view(0).get("state_id") == before, "a typed key played a move"
        assert table.chat_entry.get_text() == TYPED
        assert table.local.selected is None and not table.targeting.active
    finally:
        host.close()
        app.scenes.reset(MainMenuScene(app))
