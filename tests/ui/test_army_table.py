"""Army Magic on the table (the minimal presentation): the 6x5 board, life dice, an attack by
dragging a creature onto an enemy land, and a retreat clicked on a lit land."""

from __future__ import annotations

from pathlib import Path

from frontier_desktop.rules.views import describe
from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.variants import ArmyPresentation, presentation_for

from .helpers import drag, step

BORDER = Path(__file__).resolve().parents[2] / "assets" / "positions" / "army-border-fight.json"


def _table(app) -> TableScene:
    session = games.session_from_position(BORDER)
    table = TableScene(app, session, seat=0, hotseat=False)
    app.scenes.push(table)
    step(app)
    return table


def test_the_army_presentation_shows_life_dice_and_unit_sizes() -> None:
    from frontier_desktop.position import read_position

    view = describe(read_position(BORDER))
    pres = presentation_for("army")
    assert isinstance(pres, ArmyPresentation)
    assert pres.grid_size(view) == (6, 5)
    home = view["board"]["rows"][0][2]
    assert [b.text for b in pres.cell_badges(home)] == ["d20 20"]
    assert [b.text for b in pres.cell_badges(view["board"]["rows"][2][2])] == ["2"]
    assert pres.cell_badges(view["board"]["rows"][4][4]) == []
    giant = next(u for u in view["units"] if u["id"] == "giant")
    assert any(b.text == "×2" for b in pres.unit_badges(giant))
    assert pres.strip_of(giant) is None


def test_dragging_a_creature_onto_an_enemy_land_attacks_it(app) -> None:
    table = _table(app)
    assert (table.renderer.rows, table.renderer.cols) == (6, 5)
    giant = table.renderer.sprites["giant"]
    drag(app, giant.home, table.renderer.square_rect((2, 2)).center)
    view = table.session.view(0)
    assert view["phase"] == "combat"
    assert view["pending"]["kind"] == "blocks" and view["pending"]["seat"] == 1


def test_a_trample_division_names_the_land_as_a_recipient() -> None:
    from tests.rules.army_helpers import army, land, standard_rows
    from tests.rules.helpers import creature, run, unit

    trampler = creature("Trampler", ["G"], 5, 5, keywords=["Trample"])
    bear = creature("Test Bear", ["G"], 2, 2)
    rows = standard_rows({(1, 2): land("Plains", 0, 6), (2, 2): land("Mountain", 1, 6)})
    state, _ = run(army(rows, [unit("t", trampler, 0, (1, 2)), unit("d", bear, 1, (2, 2))]),
                   {"type": "attack", "units": ["t"], "target": [2, 2]},
                   {"type": "block", "blocker": "d", "attacker": "t", "seat": 1},
                   {"type": "done_blocking", "seat": 1})
    request = presentation_for("army").division(describe(state, viewer=0), 0)
    assert request is not None and "and the land" in request.title
    assert [r.id for r in request.recipients] == ["d", "land"]
    land_part = request.recipients[1]
    assert "Mountain" in land_part.name and land_part.toughness == 6 and land_part.lethal == 0
    action = presentation_for("army").division_action(request, {"d": 2, "land": 3})
    state, _ = run(state, action)
    assert describe(state)["board"]["rows"][2][2]["life"] == 3
