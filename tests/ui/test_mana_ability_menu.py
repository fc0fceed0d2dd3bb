"""Issue 10, item 6 at the table: Llanowar Elves' "{T}: Add {G}" from the unit's menu adds {G}."""

from __future__ import annotations

from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.table.words import Namer, entry_lines

from .helpers import FIXTURES, click, step


def test_activating_the_elves_from_their_menu_adds_green_mana(app) -> None:
    session = games.session_from_position(FIXTURES / "skirmish.json")
    table = TableScene(app, session, seat=0, hotseat=False,
                       autosave_path=app.paths.autosave_file)
    app.scenes.push(table)
    step(app)
    click(app, table.renderer.sprites["elf"].home, button=3)
    assert table.menu is not None
    index = next(i for i, it in enumerate(table.menu.items) if it.label.startswith("Activate"))
    click(app, table.menu.item_rect(index).center)
    assert table.view["players"][0]["mana_pool"] == "{G}"
    lines = [line for entry in session.log(0) for line in entry_lines(entry, Namer(["Ann", "Ben"]))]
    assert any("Llanowar Elves adds {G}" in line for line in lines), lines
