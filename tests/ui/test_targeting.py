"""Targeting mode, the stack beside the board and the zoom's automated/manual lines (issue 12),
driven by posted mouse and keyboard events at the hot-seat table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.cover import CoverScene
from frontier_desktop.ui.scenes.table import TableScene

from .helpers import click, key, step, uncover


def _position(tmp_path: Path, **extra: Any) -> Path:
    """Ben (seat 1) acts in his main phase with Lightning Bolt and Terror and mana for both;
    Ann has a Sengir Vampire (black: Terror can't target it) and Counterspell with Islands."""
    data = {
        "format": "frontier-position/1", "variant": "frontier", "options": {}, "active": 1,
        "phase": "main", "seed": 3,
        "players": [{"name": "Ann", "life": 20, "hand": ["Counterspell"], "library": 20},
                    {"name": "Ben", "life": 20, "hand": ["Lightning Bolt", "Terror"],
                     "library": 20}],
        "board": {"rows": [["Forest", "Island", "Island", "Plains"],
                           ["Forest", "Swamp", "Forest", "Mountain"],
                           ["Mountain", "Swamp", "Plains", "Mountain"]]},
        "units": [{"id": "vamp", "card": "Sengir Vampire", "owner": 0, "at": [0, 1]},
                  {"id": "elf", "card": "Llanowar Elves", "owner": 0, "at": [0, 2]},
                  {"id": "knight", "card": "White Knight", "owner": 1, "at": [2, 2]},
                  {"id": "ogre", "card": "Hill Giant", "owner": 1, "at": [2, 0]}],
    }
    data.update(extra)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _table(app, path: Path) -> TableScene:
    table = TableScene(app, games.session_from_position(path), seat=1, hotseat=True)
    app.scenes.push(table)
    step(app, 2)
    return table


def _double_click_hand(app, table: TableScene, name: str) -> None:
    rect = next(h[0] for h in table.renderer.hand_rects if h[2] == name)
    click(app, rect.center)
    click(app, rect.center)


def _move(app, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)


def test_lightning_bolt_on_a_creature_by_clicking(app, tmp_path) -> None:
    app.settings.hold_priority = True  # Ann may respond: the Bolt waits on the stack
    table = _table(app, _position(tmp_path))
    _double_click_hand(app, table, "Lightning Bolt")
    t = table.targeting.active
    assert t is not None and t.name == "Lightning Bolt"
    assert "vamp" in t.lit.values() and table.menu is None  # lit, no one-line-per-target menu
    assert "choose" in table.local.message.lower()
    click(app, table.renderer.sprites["vamp"].home)
    assert table.targeting.active is None
    stack = table.session.view(1)["stack"]
    assert [i["card"] for i in stack] == ["Lightning Bolt"] and stack[0]["targets"] == ["vamp"]
    assert "Lightning Bolt" not in table.session.view(1)["players"][1]["hand"]


def test_lightning_bolt_on_a_player_by_clicking_the_panel(app, tmp_path) -> None:
    app.settings.hold_priority = False
    table = _table(app, _position(tmp_path))
    _double_click_hand(app, table, "Lightning Bolt")
    click(app, table.renderer.layout.opp_panel.center)
    view = table.session.view(1)
    assert view["players"][0]["life"] == 17  # resolved: Ann didn't hold priority


def test_esc_cancels_targeting(app, tmp_path) -> None:
    table = _table(app, _position(tmp_path))
    _double_click_hand(app, table, "Lightning Bolt")
    assert table.targeting.active is not None
    key(app, pygame.K_ESCAPE)
    assert table.targeting.active is None
    assert not table.session.view(1)["stack"]
    assert "Lightning Bolt" in table.view["players"][1]["hand"]


def test_terror_refuses_a_black_creature_with_its_reason_on_hover(app, tmp_path) -> None:
    table = _table(app, _position(tmp_path))
    _double_click_hand(app, table, "Terror")
    t = table.targeting.active
    assert t is not None and "vamp" not in t.lit.values() and "elf" in t.lit.values()
    _move(app, table.renderer.sprites["vamp"].home)
    assert t.hover_text == "Terror can't target Sengir Vampire: it is black"
    app.draw(pygame.Surface(app.size))  # the hover line is drawn without error
    click(app, table.renderer.sprites["vamp"].home)
    assert table.targeting.active is t  # still choosing: nothing was cast
    assert table.local.message == "Terror can't target Sengir Vampire: it is black"
    assert table.local.message_warn
    click(app, table.renderer.sprites["elf"].home)
    assert table.targeting.active is None
    assert "elf" not in {u["id"] for u in table.session.view(1)["units"]}  # destroyed


def test_lan_style_slots_say_a_generic_refusal(app, tmp_path) -> None:
    """Without the game state (a LAN guest) the lit targets come from the legal actions and
    a refused one says "not a legal target"."""
    table = _table(app, _position(tmp_path))
    table.hotseat = False
    _double_click_hand(app, table, "Terror")
    t = table.targeting.active
    assert t is not None and sorted(t.lit.values()) == ["elf", "ogre"]
    _move(app, table.renderer.sprites["vamp"].home)
    assert t.hover_text == "Sengir Vampire: not a legal target."


def test_counterspell_responds_through_the_stack_panel(app, tmp_path) -> None:
    app.settings.hold_priority = True
    table = _table(app, _position(tmp_path))
    _double_click_hand(app, table, "Lightning Bolt")
    click(app, table.renderer.sprites["vamp"].home)
    # Ann has priority: the device is handed to her
    assert table.seat == 0 and isinstance(app.scenes.top, CoverScene)
    uncover(app)
    assert app.scenes.top is table
    panel = table.stack_panel
    assert [ln.text for ln in panel.lines] == ["Lightning Bolt (Ben), targeting Sengir Vampire"]
    labels = [b[1] for b in panel.buttons]
    assert labels == ["Respond…", "Let it resolve"]
    arrows = panel.arrows()
    assert arrows and arrows[0][1] == table.renderer.sprites["vamp"].home
    click(app, panel.buttons[0][0].center)  # Respond…
    _double_click_hand(app, table, "Counterspell")
    t = table.targeting.active
    assert t is not None and len(t.lit) == 1
    item = panel.lines[0]
    click(app, item.rect.center)  # the Bolt on the stack
    view = table.session.view(0)
    assert [i["card"] for i in view["stack"]] == ["Lightning Bolt", "Counterspell"]


def test_let_it_resolve_from_the_stack_panel(app, tmp_path) -> None:
    app.settings.hold_priority = True
    table = _table(app, _position(tmp_path))
    _double_click_hand(app, table, "Lightning Bolt")
    click(app, table.renderer.layout.opp_panel.center)
    uncover(app)  # the cover
    assert table.seat == 0
    click(app, table.stack_panel.buttons[1][0].center)  # Let it resolve
    assert table.session.view(0)["players"][0]["life"] == 17
    assert not table.session.view(0)["stack"]


def test_the_zoom_says_what_is_automatic_and_what_is_by_hand(app, tmp_path, monkeypatch
                                                              ) -> None:
    from frontier_desktop.ui.table import support

    table = _table(app, _position(tmp_path))
    reads: list[str] = []
    real = support.support_of

    def counting(card):  # type: ignore[no-untyped-def]
        reads.append(card.name if card else "")
        return real(card)

    monkeypatch.setattr(support, "support_of", counting)
    seen: list[str] = []
    real_text = app.fonts.text
    monkeypatch.setattr(app.fonts, "text", lambda t, *a, **k: (seen.append(t),
                                                               real_text(t, *a, **k))[1])
    _move(app, table.renderer.sprites["vamp"].home)
    step(app, 3)  # several frames: one reading
    assert reads == ["Sengir Vampire"]
    assert "Automatic: Flying" in seen
    # the trigger's condition is not read, so its counter is the players' too: the whole
    # ability is "by hand", and nothing of it is called automatic
    joined = " ".join(seen)  # the band wraps long lines
    assert "By hand: Whenever a creature dealt damage" in joined and "+1/+1 counter" in joined
    assert not any(t.startswith("Automatic: ") and "counter" in t for t in seen)
    bolt = next(h[0] for h in table.renderer.hand_rects if h[2] == "Lightning Bolt")
    seen.clear()
    _move(app, bolt.center)
    assert "Automatic: Lightning Bolt deals 3 damage to any target." in seen


def test_the_stack_panel_fits_beside_the_board_at_the_smallest_window(app, tmp_path) -> None:
    stack = [{"id": "s1", "card": "Lightning Bolt", "controller": 1, "targets": ["vamp"]}]
    path = _position(tmp_path, stack=stack)
    table = TableScene(app, games.session_from_position(path), seat=0, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    for size in ((1600, 900), (960, 600)):
        app.resize(size)
        step(app, 2)  # the panel lays itself out again for the new size
        panel = table.stack_panel
        screen = pygame.Rect((0, 0), size)
        lay = table.renderer.layout
        assert panel.lines and screen.contains(panel.rect)
        assert lay.side.contains(panel.rect.inflate(-2, -2))
        assert not panel.rect.colliderect(lay.preview) and not panel.rect.colliderect(lay.board)
        (a, la, _), (b, lb, _) = panel.buttons
        assert (la, lb) == ("Respond…", "Let it resolve")
        assert panel.rect.contains(a) and panel.rect.contains(b) and not a.colliderect(b)
        arrows = panel.arrows()
        assert [end for _, end, _ in arrows] == [table.renderer.sprites["vamp"].home]


MIND_ROT_PLAYERS = [{"name": "Ann", "life": 20, "hand": ["Counterspell", "Giant Growth",
                                                     "Forest"], "library": 20},
                    {"name": "Ben", "life": 20, "hand": ["Mind Rot", "Lightning Bolt"],
                     "library": 20}]


def cast_mind_rot(app, tmp_path: Path) -> TableScene:
    """Ben (hot-seat, no response windows) casts Mind Rot at Ann by double-click and click."""
    app.settings.hold_priority = False
    table = _table(app, _position(tmp_path, players=MIND_ROT_PLAYERS))
    _double_click_hand(app, table, "Mind Rot")
    click(app, table.renderer.layout.opp_panel.center)  # target Ann
    return table


def test_mind_rot_discard_is_picked_from_the_hand(app, tmp_path) -> None:
    table = cast_mind_rot(app, tmp_path)
    # Ann decides what to discard: the device is handed to her
    assert table.seat == 0 and isinstance(app.scenes.top, CoverScene)
    uncover(app)
    panel = table.stack_panel
    assert panel.title == "Mind Rot: click 2 cards in your hand to discard (0 of 2)"
    assert panel.showing and not panel.buttons
    forest = next(h[0] for h in table.renderer.hand_rects if h[2] == "Forest")
    click(app, forest.center)
    assert panel.title.endswith("(1 of 2)")
    app.draw(pygame.Surface(app.size))
    growth = next(h[0] for h in table.renderer.hand_rects if h[2] == "Giant Growth")
    click(app, growth.center)
    hand = table.session.view(0)["players"][0]["hand"]
    assert hand == ["Counterspell"]


def test_prodigal_sorcerers_ability_chooses_its_target_on_the_board(app, tmp_path) -> None:
    units = [{"id": "vamp", "card": "Sengir Vampire", "owner": 0, "at": [0, 1]},
             {"id": "elf", "card": "Llanowar Elves", "owner": 0, "at": [0, 2]},
             {"id": "sorc", "card": "Prodigal Sorcerer", "owner": 1, "at": [2, 3]}]
    table = _table(app, _position(tmp_path, units=units))
    click(app, table.renderer.sprites["sorc"].home, button=3)
    menu = table.menu
    labels = [i.label for i in menu.items]
    first = next(i for i, label in enumerate(labels) if label.startswith("Choose a target on the board"))
    click(app, menu.item_rect(first).center)
    t = table.targeting.active
    assert t is not None and t.ability == 0 and "elf" in t.lit.values()
    click(app, table.renderer.sprites["elf"].home)
    assert "elf" not in {u["id"] for u in table.session.view(1)["units"]}


CHARM = {"name": "Test Charm", "mana_cost": "{R}", "type_line": "Instant", "colors": ["R"],
         "cmc": 1, "oracle_text": "Choose one —\n• Test Charm deals 2 damage to target "
                                  "creature.\n• Target player gains 3 life."}


def test_a_modal_card_shows_its_modes_as_buttons(app, tmp_path) -> None:
    players = [{"name": "Ann", "life": 20, "hand": ["Counterspell"], "library": 20},
               {"name": "Ben", "life": 17, "hand": [CHARM], "library": 20}]
    app.settings.hold_priority = False
    table = _table(app, _position(tmp_path, players=players))
    _double_click_hand(app, table, "Test Charm")
    t = table.targeting.active
    assert t is not None and t.modes == ["Test Charm deals 2 damage to target creature.",
                                         "Target player gains 3 life."]
    assert len(t.mode_rects) == 2 and not t.mode_rects[0].colliderect(t.mode_rects[1])
    app.draw(pygame.Surface(app.size))
    click(app, t.mode_rects[1].center)
    assert t.mode == 1 and sorted(map(str, t.lit.values())) == ["{'player': 0}",
                                                                "{'player': 1}"]
    click(app, table.renderer.layout.own_panel.center)  # Ben himself
    assert table.session.view(1)["players"][1]["life"] == 20


BLAZE = {"name": "Blaze", "mana_cost": "{X}{R}", "type_line": "Sorcery", "colors": ["R"],
         "cmc": 1, "oracle_text": "Blaze deals X damage to any target."}


def test_an_x_spell_has_a_spinner_bounded_by_what_the_player_can_pay(app, tmp_path) -> None:
    players = [{"name": "Ann", "life": 20, "hand": ["Counterspell"], "library": 20},
               {"name": "Ben", "life": 20, "hand": [BLAZE], "library": 20}]
    app.settings.hold_priority = False
    table = _table(app, _position(tmp_path, players=players))
    _double_click_hand(app, table, "Blaze")
    t = table.targeting.active
    assert t is not None and t.x_rects is not None
    top = len(t.x_pays) - 1
    assert top >= 1 and t.x == top
    minus, _, plus = t.x_rects
    click(app, plus.center)
    assert t.x == top  # never more than the player can pay
    click(app, minus.center)
    assert t.x == top - 1
    app.draw(pygame.Surface(app.size))
    click(app, table.renderer.layout.opp_panel.center)
    assert table.session.view(1)["players"][0]["life"] == 20 - (top - 1)


def test_the_pass_button_says_let_it_resolve_whole_at_the_smallest_window(app, tmp_path) -> None:
    """The status column's pass button dropped its text's end at 960x600 during a response
    window ("Let it resolve   [sp…"): the key hint now goes first."""
    stack = [{"id": "s1", "card": "Lightning Bolt", "controller": 1, "targets": ["vamp"]}]
    table = TableScene(app, games.session_from_position(_position(tmp_path, stack=stack)),
                       seat=0, hotseat=False)
    app.scenes.push(table)
    for size in ((1600, 900), (960, 600)):
        app.resize(size)
        step(app, 2)
        button = table.buttons["pass"]
        assert button.text.startswith("Let it resolve")
        assert button.font.size(button.text)[0] <= button.rect.width - 16, (size, button.text)
