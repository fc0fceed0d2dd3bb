"""A LAN guest's table asks X with the spinner and a "choose one" card's modes with buttons, as
the hot-seat table does, and sends the chosen values; the host checks them (issue 12,
fx-targets). Real sockets on 127.0.0.1, posted mouse events on the guest's table."""

from __future__ import annotations

import time

import pygame
import pytest

from frontier_desktop.net import GameSource, GuestSession, HostSession
from frontier_desktop.ui.scenes.lan import LanTableScene
from frontier_desktop.ui.scenes.main_menu import MainMenuScene
from tests.ui.helpers import click, step
from tests.ui.test_targeting import _double_click_hand

pytestmark = pytest.mark.timeout(120)

CHARM = {"name": "Test Charm", "mana_cost": "{R}", "type_line": "Instant", "colors": ["R"],
         "oracle_text": "Choose one —\n• Test Charm deals 2 damage to target creature.\n"
                        "• Target player gains 3 life."}
BLAZE = {"name": "Blaze", "mana_cost": "{X}{R}", "type_line": "Sorcery", "colors": ["R"],
         "oracle_text": "Blaze deals X damage to any target."}
SPARKER = {"name": "Test Sparker", "type_line": "Creature — Test", "colors": ["R"],
           "power": "1", "toughness": "1", "mana_cost": "{R}",
           "oracle_text": "When Test Sparker enters the battlefield, Test Sparker deals 1 "
                          "damage to target creature."}


def _position(hand: list) -> dict:
    return {
        "format": "frontier-position/1", "variant": "frontier", "active": 1, "phase": "main",
        "players": [{"name": "Ann", "library": 10},
                    {"name": "Ben", "hand": hand, "life": 15, "library": 10}],
        "board": {"rows": [["Mountain"] * 5 for _ in range(5)]},
        "units": [{"id": "ogre", "card": "Hill Giant", "owner": 0, "at": [1, 1]},
                  {"id": "b1", "card": "Grizzly Bears", "owner": 1, "at": [3, 1]},
                  {"id": "b2", "card": "Grizzly Bears", "owner": 1, "at": [3, 3]},
                  {"id": "b3", "card": "Grizzly Bears", "owner": 1, "at": [4, 2]}],
    }


def step_until(app, predicate, frames=800):
    for _ in range(frames):
        if predicate():
            return True
        step(app)
        time.sleep(0.005)
    return predicate()


def _guest_table(app, hand: list):
    host = HostSession(GameSource(position=_position(hand), names=["Ann", "Ben"], seed=1),
                       heartbeat=0.2, timeout=2.0)
    host.listen("127.0.0.1", 0)
    guest = GuestSession(("127.0.0.1", host.port), name="Ben", heartbeat=0.2, timeout=2.0)
    guest.connect(timeout=10)
    assert step_until(app, lambda: host.state is not None and guest.state_id is not None)
    table = LanTableScene(app, guest, seat=1)
    app.scenes.push(table)
    step(app, 2)
    return host, guest, table


def _synced(app, host, guest, table) -> bool:
    return step_until(app, lambda: guest.state_id == host.state.state_id and
                      table.view.get("state_id") == host.state.state_id)


def test_the_guest_casts_an_x_spell_with_x_2_from_the_spinner(app) -> None:
    app.settings.hold_priority = False
    host, guest, table = _guest_table(app, [BLAZE])
    try:
        _double_click_hand(app, table, "Blaze")
        t = table.targeting.active
        assert t is not None and t.x_rects is not None, table.local.message
        top = len(t.x_pays) - 1
        assert top >= 2 and t.x == top  # the most the host lists as payable
        minus, _, plus = t.x_rects
        for _ in range(top - 2):
            click(app, minus.center)
        assert t.x == 2
        click(app, table.renderer.sprites["ogre"].home)
        assert table.targeting.active is None, table.local.message
        assert host.state.perms["ogre"].damage == 2
        assert host.state.players[1].graveyard and not host.state.stack
    finally:
        guest.close()
        host.close()
        app.scenes.reset(MainMenuScene(app))


def test_the_guest_casts_a_modal_cards_second_mode_from_its_buttons(app) -> None:
    app.settings.hold_priority = False
    host, guest, table = _guest_table(app, [CHARM])
    try:
        _double_click_hand(app, table, "Test Charm")
        t = table.targeting.active
        assert t is not None and len(t.modes) == 2 and len(t.mode_rects) == 2, \
            table.local.message
        app.draw(pygame.Surface(app.size))
        click(app, t.mode_rects[1].center)
        assert t.mode == 1 and sorted(map(str, t.lit.values())) == ["{'player': 0}",
                                                                    "{'player': 1}"]
        click(app, table.renderer.layout.own_panel.center)  # Ben himself
        assert host.state.players[1].life == 18
        assert _synced(app, host, guest, table)
        assert table.view["players"][1]["life"] == 18
    finally:
        guest.close()
        host.close()
        app.scenes.reset(MainMenuScene(app))


def test_the_guest_chooses_its_triggers_target_on_its_table(app) -> None:
    app.settings.hold_priority = False
    host, guest, table = _guest_table(app, [SPARKER])
    try:
        _double_click_hand(app, table, "Test Sparker")
        assert _synced(app, host, guest, table)
        assert step_until(app, lambda: table.targeting.active is not None)
        t = table.targeting.active
        assert t.stack is not None and "ogre" in t.lit.values()
        click(app, table.renderer.sprites["ogre"].home)
        assert host.state.perms["ogre"].damage == 1 and host.state.decision is None
    finally:
        guest.close()
        host.close()
        app.scenes.reset(MainMenuScene(app))
