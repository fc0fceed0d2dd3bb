"""fx-mana at the table: a land's own abilities in its menu (Strip Mine's "Destroy target
land", a storage land kept tapped), headless."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.table import TableScene

from .helpers import FIXTURES, click, step

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "classic-dev.jsonl"


def _card(name: str) -> dict:
    if not CORPUS.exists():
        pytest.skip(f"{CORPUS} (the classic corpus) is not available")
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        if data.get("name") == name:
            keep = ("name", "mana_cost", "type_line", "colors", "oracle_text", "produced_mana")
            return {k: data[k] for k in keep if k in data}
    raise AssertionError(name)


def _table(app, tmp_path: Path, land: dict) -> TableScene:
    doc = json.loads((FIXTURES / "skirmish.json").read_text())
    doc["board"]["rows"][0][0] = land  # under Ann's Llanowar Elves
    path = tmp_path / "land.json"
    path.write_text(json.dumps(doc))
    table = TableScene(app, games.session_from_position(path), seat=0, hotseat=False,
                       autosave_path=app.paths.autosave_file)
    app.scenes.push(table)
    step(app)
    return table


def _open(app, table: TableScene) -> list[str]:
    sq = table.presentation.place([0, 0])
    assert table.tap_land(sq, (200, 200))
    assert table.menu is not None
    return [item.label for item in table.menu.items]


def test_strip_mines_menu_destroys_a_land(app, tmp_path) -> None:
    table = _table(app, tmp_path, {"land": _card("Strip Mine"), "face_up": True})
    labels = _open(app, table)
    assert "Tap for mana (under your creature) — {C}" in labels
    uses = [label for label in labels if label.startswith("Use ability 2 on ")]
    assert uses, labels

    def holes() -> int:
        return sum(1 for row in table.view["board"]["rows"] for cell in row if cell.get("hole"))

    before = holes()
    click(app, table.menu.item_rect(labels.index(uses[-1])).center)  # not its own square
    step(app)
    assert holes() == before + 2  # Strip Mine itself and its target


def test_a_storage_land_can_be_kept_tapped_from_its_menu(app, tmp_path) -> None:
    table = _table(app, tmp_path, {"land": _card("Sand Silos"), "face_up": True,
                                   "tapped_by": 0})
    labels = _open(app, table)
    assert labels == ["Keep it tapped in your untap steps"]
    click(app, table.menu.item_rect(0).center)
    step(app)
    assert table.view["board"]["rows"][0][0]["keep_tapped"] == 0
