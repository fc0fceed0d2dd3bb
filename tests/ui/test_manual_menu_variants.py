"""The table's manual-action menus in the Conquering and the War Game (wargame-rules 07,
conquering-rules 05 by hand): a unit's right-click menu carries card text out by hand, the
rules take it and the unit shows it; the table menu offers no life change where players have
no life (Frontier's still does)."""

from __future__ import annotations

import pytest

from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.table.menus import _rules_say
from tests.ui import conquering_scenes, wargame_scenes

from .helpers import click, step

SCENES = {"conquering": (conquering_scenes, 3), "wargame": (wargame_scenes, 3)}


def _table(app, name: str) -> tuple[TableScene, dict[str, str]]:
    scenes, players = SCENES[name]
    sess, ids = scenes.session(players)
    table = TableScene(app, sess, seat=0, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    return table, ids


def _menu_labels(table: TableScene) -> list[str]:
    assert table.menu is not None
    return [item.label for item in table.menu.items]


@pytest.mark.parametrize("name", sorted(SCENES))
def test_a_counter_by_hand_from_a_units_menu_is_carried_out(app, name) -> None:
    table, ids = _table(app, name)
    sprite = table.renderer.sprites[ids["bears"]]
    click(app, sprite.home, button=3)
    labels = _menu_labels(table)
    click(app, table.menu.item_rect(labels.index("+1/+1 counter")).center)
    step(app, 2)
    unit = next(u for u in table.view["units"] if u["id"] == ids["bears"])
    assert unit["counters"] == {"+1/+1": 1}
    assert any(e["type"] == "manual" and e.get("action") == "counters"
               for entry in table.session.state.log[-1:] for e in entry["events"])


@pytest.mark.parametrize("name", sorted(SCENES))
def test_the_table_menu_offers_no_life_where_players_have_none(app, name) -> None:
    table, _ = _table(app, name)
    table.menus.table((20, 20), None)
    labels = _menu_labels(table)
    assert "Draw a card (manual)" in labels and "Roll a d6" in labels
    assert not any("life" in label for label in labels)
    assert _rules_say({"variant": "frontier"}, "may_change_life_by_hand")
    assert _rules_say({"variant": "army"}, "may_change_life_by_hand")
