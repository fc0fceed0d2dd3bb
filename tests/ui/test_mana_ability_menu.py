"""Issue 10, item 6 at the table: mana abilities in the unit's menu say what they add (one
line per choice of mana), other abilities say their own text, and the table menu adds mana by
hand; the pool on the player's panel follows."""

from __future__ import annotations

import json
from pathlib import Path

from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.table.words import Namer, entry_lines

from .helpers import FIXTURES, click, step


def _table(app, tmp_path: Path) -> TableScene:
    doc = json.loads((FIXTURES / "skirmish.json").read_text())
    doc["units"] += [{"id": "birds", "card": "Birds of Paradise", "owner": 0, "at": [1, 0]},
                     {"id": "sorcerer", "card": "Prodigal Sorcerer", "owner": 0, "at": [1, 2]}]
    path = tmp_path / "birds.json"
    path.write_text(json.dumps(doc))
    table = TableScene(app, games.session_from_position(path), seat=0, hotseat=False,
                       autosave_path=app.paths.autosave_file)
    app.scenes.push(table)
    step(app)
    return table


def _labels(table: TableScene) -> list[str]:
    assert table.menu is not None
    return [item.label for item in table.menu.items]


def _choose(app, table: TableScene, label: str) -> None:
    labels = _labels(table)
    assert label in labels, labels
    click(app, table.menu.item_rect(labels.index(label)).center)


def _log(table: TableScene) -> list[str]:
    return [line for entry in table.session.log(0)
            for line in entry_lines(entry, Namer(["Ann", "Ben"]))]


def test_activating_the_elves_from_their_menu_adds_green_mana(app, tmp_path) -> None:
    table = _table(app, tmp_path)
    click(app, table.renderer.sprites["elf"].home, button=3)
    assert not any(label.startswith("Activate") for label in _labels(table))
    _choose(app, table, "Add {G}")
    assert table.view["players"][0]["mana_pool"] == "{G}"
    assert any("Llanowar Elves adds {G}" in line for line in _log(table))


def test_birds_offer_one_line_per_colour(app, tmp_path) -> None:
    table = _table(app, tmp_path)
    click(app, table.renderer.sprites["birds"].home, button=3)
    adds = [label for label in _labels(table) if label.startswith("Add ")]
    assert adds == ["Add {W}", "Add {U}", "Add {B}", "Add {R}", "Add {G}"]
    _choose(app, table, "Add {U}")
    assert table.view["players"][0]["mana_pool"] == "{U}"


def test_other_abilities_say_their_own_text(app, tmp_path) -> None:
    table = _table(app, tmp_path)
    click(app, table.renderer.sprites["sorcerer"].home, button=3)
    texts = [label for label in _labels(table) if label.startswith("{T}: ")]
    # One line per legal target (the engine now carries the ping out), each the ability's own
    # text, shortened, naming its target.
    assert texts and all(t.startswith("{T}: Prodigal Sorcerer deals 1 damage") for t in texts)
    assert len(set(texts)) == len(texts) and any(t.endswith(" on Ann") for t in texts)


def test_add_mana_by_hand_from_the_table_menu(app, tmp_path) -> None:
    table = _table(app, tmp_path)
    spot = table.renderer.square_rect((2, 3)).center
    click(app, spot, button=3)
    _choose(app, table, "Add mana by hand  ›")
    assert _labels(table) == ["Add {W}", "Add {U}", "Add {B}", "Add {R}", "Add {G}", "Add {C}"]
    _choose(app, table, "Add {R}")
    click(app, spot, button=3)
    _choose(app, table, "Add mana by hand  ›")
    _choose(app, table, "Add {C}")
    assert table.view["players"][0]["mana_pool"] == "{R}{C}"
    # the player's panel is drawn from the refreshed view
    assert table.renderer.view["players"][0]["mana_pool"] == "{R}{C}"
