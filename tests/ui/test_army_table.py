"""Army Magic on the table (the minimal presentation): the 6x5 board, life dice, an attack by
dragging a creature onto an enemy land, and a retreat clicked on a lit land."""

from __future__ import annotations

from pathlib import Path

from frontier_desktop.rules.views import describe
from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.variants import ArmyPresentation, presentation_for
from frontier_desktop.ui.variants.base import Die

from .helpers import click, drag, step

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
    assert pres.cell_die(home) == Die(20, 20, 0)  # a d20 on the home base
    assert pres.cell_die(view["board"]["rows"][2][2]) == Die(6, 2, 1)  # Ben's d6 at 2
    assert pres.cell_die(view["board"]["rows"][4][4]) is None  # face down: nobody's
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


def test_an_army_game_from_the_sample_decks_plays_three_turns_with_the_mouse(app) -> None:
    import dataclasses

    import pygame

    from frontier_desktop.ui.scenes.cover import CoverScene

    from .helpers import key

    monks = games.read_deck(games.DECKS_DIR / "army_monk_legion.txt")
    assert monks.variant == "army" and dict(monks.sections)["home_base"]
    monks = dataclasses.replace(monks, sections=monks.sections + (
        ("initial_forces", ((2, "Benalish Hero"),)),))
    session = games.start_game([monks, monks], ["Ann", "Ben"], seed=4,
                               options={"first_player": 0})
    table = TableScene(app, session, seat=0, hotseat=True)
    app.scenes.push(table)
    step(app)

    def explore(seat: int, frm: tuple[int, int], to: tuple[int, int]) -> None:
        assert table.seat == seat and table.view["phase"] == "main", table.view["phase"]
        mine = [u for u in table.view["units"] if u["controller"] == seat
                and tuple(u["at"]) == frm]
        sprite = table.renderer.sprites[mine[0]["id"]]
        drag(app, sprite.home, table.renderer.square_rect(to).center)
        cell = table.session.view(seat)["board"]["rows"][to[0]][to[1]]
        assert cell["controller"] == seat and cell["life"] == 6 and cell["face_up"]

    def end_turn() -> None:
        for _ in range(8):
            if table.view["phase"] == "end" and len(table.view["players"][table.seat]
                                                    .get("hand", [])) > 7:
                rect, _cid, _name = table.renderer.hand_rects[0]
                click(app, rect.center)  # discard down to seven (the turn may end with it)
            else:
                key(app, pygame.K_SPACE)
            if isinstance(app.scenes.top, CoverScene):
                break
        assert isinstance(app.scenes.top, CoverScene)
        key(app, pygame.K_SPACE)  # the next player takes the seat

    explore(0, (0, 2), (1, 2))
    end_turn()
    explore(1, (5, 2), (4, 2))
    end_turn()
    explore(0, (1, 2), (2, 2))
    assert table.view["turn"] == 3


def test_new_game_starts_an_army_game_from_the_menu(app) -> None:
    from frontier_desktop.ui.scenes.main_menu import MainMenuScene
    from frontier_desktop.ui.scenes.setup import SetupScene

    from .helpers import press
    from .test_full_game import choose

    menu = app.scenes.push(MainMenuScene(app))
    step(app)
    press(app, menu.buttons["new"])
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    choose(app, setup.w["variant"], "Army Magic")
    step(app)
    assert [d.name for d in setup.decks] == ["Monk Legion"]
    press(app, setup.w["start"])
    table = app.scenes.find(TableScene)
    assert table is not None and table.view["variant"] == "army"
    assert table.view["board"]["rows"][0][2]["stronghold_of"] == 0
