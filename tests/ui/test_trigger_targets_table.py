"""A triggered ability waiting for its targets (``pending`` kind ``targets``) enters the
table's targeting mode: legal targets lit, illegal ones say why on hover, a click answers with
a ``targets`` action. Driven by posted mouse events at the hot-seat table."""

from __future__ import annotations

import pygame

from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui import games

from .helpers import click, key, step
from .test_targeting import _double_click_hand, _move, _position

SLAYER = {"name": "Test Slayer", "type_line": "Creature — Test", "colors": ["B"],
          "power": "1", "toughness": "1", "mana_cost": "{B}",
          "oracle_text": "When Test Slayer enters the battlefield, destroy target nonblack "
                         "creature."}


def test_an_enters_trigger_chooses_its_target_by_clicking(app, tmp_path) -> None:
    app.settings.hold_priority = False
    path = _position(tmp_path)
    import json

    data = json.loads(path.read_text(encoding="utf-8"))
    data["players"][1].update({"hand": [SLAYER], "mana_pool": "{B}"})
    path.write_text(json.dumps(data), encoding="utf-8")
    table = TableScene(app, games.session_from_position(path), seat=1, hotseat=True)
    app.scenes.push(table)
    step(app, 2)
    _double_click_hand(app, table, "Test Slayer")
    step(app, 2)
    t = table.targeting.active
    assert t is not None and t.stack is not None, table.local.message
    assert t.name == "Test Slayer's triggered ability"
    assert "elf" in t.lit.values() and "vamp" not in t.lit.values()
    assert "choose target nonblack creature" in table.local.message
    from frontier_desktop.ui.variants.base import targets_words

    assert targets_words(table.view, 1) == "Click a lit target for Test Slayer's triggered ability."
    assert targets_words(table.view, 0) == ("Waiting for Ben to choose the targets of "
                                            "Test Slayer's triggered ability.")
    assert table.presentation.cover_reason(table.view) == (
        "Choose the targets of Test Slayer's triggered ability.")
    assert table.stack_panel.title == ("Test Slayer's triggered ability: click target "
                                       "nonblack creature")
    assert [line.text for line in table.stack_panel.lines] == [
        "Test Slayer's triggered ability (Ben)"]
    _move(app, table.renderer.sprites["vamp"].home)
    assert t.hover_text == ("Test Slayer's triggered ability can't target Sengir Vampire: "
                            "it is black")
    app.draw(pygame.Surface(app.size))  # lit targets and the hover line draw
    key(app, pygame.K_ESCAPE)  # a decision of the rules: Esc doesn't drop it
    assert table.targeting.active is t
    click(app, table.renderer.sprites["vamp"].home)
    assert table.targeting.active is t and table.local.message_warn
    click(app, table.renderer.sprites["elf"].home)
    assert table.targeting.active is None
    view = table.session.view(1)
    assert "elf" not in {u["id"] for u in view["units"]} and view["pending"] is None
    assert not view["stack"]


CHOICE = {"name": "Test Choice", "mana_cost": "{G}", "type_line": "Sorcery", "colors": ["G"],
          "oracle_text": "Choose one —\n• You gain 3 life.\n• Draw a card."}


def test_a_modal_card_without_targets_shows_its_modes_as_buttons(app, tmp_path) -> None:
    # Its two modes were two identical "Cast Test Choice" lines of a menu.
    import json

    app.settings.hold_priority = False
    path = _position(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["players"][1].update({"hand": [CHOICE], "mana_pool": "{G}"})
    path.write_text(json.dumps(data), encoding="utf-8")
    table = TableScene(app, games.session_from_position(path), seat=1, hotseat=True)
    app.scenes.push(table)
    step(app, 2)
    before = len(table.session.view(1)["players"][1]["hand"])
    _double_click_hand(app, table, "Test Choice")
    t = table.targeting.active
    assert t is not None and t.modes == ["You gain 3 life.", "Draw a card."] and table.menu is None
    click(app, t.mode_rects[1].center)
    view = table.session.view(1)
    assert table.targeting.active is None and view["players"][1]["life"] == 20
    assert len(view["players"][1]["hand"]) == before  # Test Choice left, a card came
    assert "Test Choice" not in view["players"][1]["hand"]
