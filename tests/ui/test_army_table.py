"""Army Magic on the table, played with posted mouse events: the 6x5 board, life dice, stacks
that fan out, moves and attacks of a whole stack or part of it by drag with the legal lands
lit, blocks by drag, captures and retreats, hot-seat hand-overs, the New game screen, the
range and originating land while choosing targets, and how it reads at every scale."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from frontier_desktop.rules.views import describe
from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.variants import ArmyPresentation, presentation_for
from frontier_desktop.ui.variants.base import Die

from .helpers import click, drag, step, uncover

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
        uncover(app)  # the next player takes the seat

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
    # two sample armies, one for each player (not a mirror), each with its scout force
    assert [d.name for d in setup.decks] == ["Monk Legion", "Woodland Warband"]
    assert setup._opt("deck0") != setup._opt("deck1")
    assert all(f.forces and 8 <= f.forces_points <= 12 for f in setup.figures.values())
    press(app, setup.w["start"])
    table = app.scenes.find(TableScene)
    assert table is not None and table.view["variant"] == "army"
    assert table.view["board"]["rows"][0][2]["stronghold_of"] == 0
    state = table.session.state
    on_homes = {p.controller for p in state.board_creatures()}
    assert on_homes == {0, 1}  # the initial forces stand on both home bases


def _press_and_carry(app, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at *start* and move halfway to *end* without letting go."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    step(app)
    for i in (1, 2):
        p = (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                             buttons=(1, 0, 0)))
        step(app)


def _release(app, pos: tuple[int, int]) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, 2)


def test_a_unit_is_one_stack_that_a_click_fans_out(app) -> None:
    # The Hill Giant (3/3) tops Ann's unit; the Benalish Hero is under it until a click.
    table = _table(app)
    r = table.renderer
    assert not r.sprites["giant"].hidden and r.sprites["hero"].hidden
    assert len(r.sprites["giant"].under) == 1  # the hero peeks out under the giant
    assert r.sprite_at(r.sprites["giant"].home).id == "giant"
    click(app, r.sprites["giant"].home)
    assert r.expanded == (1, 2) and r.fan_rect is not None
    assert not r.sprites["hero"].hidden and set(r.fan_ids) == {"giant", "hero"}
    names = [label for label, _ in r.fan_labels]
    assert len(names) >= 2
    assert "fanned-out" in table.prompt()
    for uid in ("giant", "hero"):  # each fanned-out creature inside the panel
        assert r.fan_rect.collidepoint(r.sprites[uid].home)
    # Escape closes the fan again
    from .helpers import key
    import pygame

    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert r.expanded is None and r.sprites["hero"].hidden


def test_a_fanned_out_creature_explores_alone_and_the_stack_moves_whole(app) -> None:
    table = _table(app)
    r = table.renderer
    click(app, r.sprites["giant"].home)  # fan out
    hero = r.sprites["hero"].home
    target = r.square_rect((1, 3)).center  # face down: an explore
    _press_and_carry(app, hero, target)
    assert table.moving_ids() == ["hero"]
    assert r.expanded is None  # the panel closed as the hero was carried away
    assert table.local.highlights.get((1, 3)) == "move"
    assert table.local.highlights.get((2, 2)) == "attack"
    _release(app, target)
    view = table.session.view(0)
    where = {u["id"]: tuple(u["at"]) for u in view["units"]}
    assert where == {"giant": (1, 2), "hero": (1, 3), "bear": (2, 2)}
    assert view["board"]["rows"][1][3]["controller"] == 0  # explored: Ann's, die at 6
    assert view["board"]["rows"][1][3]["life"] == 6


def test_dragging_the_stack_lights_its_lands_and_moves_the_whole_unit(app) -> None:
    table = _table(app)
    r = table.renderer
    giant = r.sprites["giant"].home
    home = r.square_rect((0, 2)).center
    _press_and_carry(app, giant, home)
    assert sorted(table.moving_ids()) == ["giant", "hero"]
    lit = table.local.highlights
    # exactly the rules' legal lands for the two together (computed once, at the press)
    legal = table.session.legal_actions(0)
    want = {tuple(a.to_wire()["to"]) for a in legal if a.to_wire()["type"] == "move"
            and sorted(a.to_wire().get("units") or []) == ["giant", "hero"]}
    assert {sq for sq, kind in lit.items() if kind == "move"} == want
    assert (0, 2) in want
    _release(app, home)
    where = {u["id"]: tuple(u["at"]) for u in table.session.view(0)["units"]}
    assert where["giant"] == where["hero"] == (0, 2)


def test_hot_seat_attack_block_capture_and_retreat_with_the_mouse(app) -> None:
    # Ann drags her stack onto Ben's Forest (life 2); Ben, after the cover screen, fans out
    # the attackers and drags his Grizzly Bears onto the Benalish Hero; the Hill Giant's 3
    # take the land; the surviving Bears retreat to the land Ben clicks.
    import pygame

    from frontier_desktop.ui.scenes.cover import CoverScene

    from .helpers import key

    session = games.session_from_position(BORDER)
    table = TableScene(app, session, seat=0, hotseat=True)
    app.scenes.push(table)
    step(app)
    r = table.renderer
    click(app, r.sprites["giant"].home)  # Ann looks at her stack first, then closes it
    assert r.expanded == (1, 2)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert r.expanded is None
    drag(app, r.sprites["giant"].home, r.square_rect((2, 2)).center)
    assert isinstance(app.scenes.top, CoverScene)
    assert app.scenes.top.player == "Ben" and "blockers" in app.scenes.top.reason
    assert table.selected is None and not table.local.carried  # nothing of Ann's carries over
    uncover(app)
    assert r.expanded == (2, 2)  # Ben's own creatures fanned out to block, not Ann's view
    assert table.seat == 1 and table.view["pending"]["kind"] == "blocks"
    assert "drag" in table.prompt()
    click(app, r.sprites["giant"].home)  # fan out the attacking stack
    assert set(r.fan_ids) == {"giant", "hero"}
    bear = r.sprites["bear"].home
    _press_and_carry(app, bear, r.sprites["hero"].home)
    assert table.local.highlights.get((1, 2)) == "block"
    _release(app, r.sprites["hero"].home)
    assert table.block_pairs == [("bear", "hero")]
    key(app, pygame.K_SPACE)  # Done blocking
    view = table.session.view(1)
    assert view["pending"]["kind"] == "retreat", view["pending"]
    lit = dict(table.local.highlights)
    assert set(lit) == {(2, 3), (3, 2)} and set(lit.values()) == {"retreat"}
    assert "for Grizzly Bears to retreat" in table.prompt()
    click(app, r.square_rect((3, 2)).center)
    view = table.session.view(0)
    where = {u["id"]: tuple(u["at"]) for u in view["units"]}
    assert where == {"giant": (2, 2), "bear": (3, 2)}  # the hero died, the giant moved in
    assert view["board"]["rows"][2][2]["controller"] == 0
    assert view["board"]["rows"][2][2]["life"] == 6
    # The next turn: Ann ends hers; Ben's Bears attack the Forest back by drag. Ann's Giant is
    # still tapped from its attack: no block, the land's die drops to 4.
    if isinstance(app.scenes.top, CoverScene):
        uncover(app)
    assert table.seat == 0
    for _ in range(6):
        if isinstance(app.scenes.top, CoverScene):
            break
        key(app, pygame.K_SPACE)
    assert isinstance(app.scenes.top, CoverScene) and app.scenes.top.player == "Ben"
    uncover(app)
    assert table.seat == 1 and table.view["phase"] == "main" and table.view["turn"] == 3
    _press_and_carry(app, r.sprites["bear"].home, r.square_rect((2, 2)).center)
    assert table.local.highlights.get((2, 2)) == "attack"
    _release(app, r.square_rect((2, 2)).center)
    view = table.session.view(1)
    assert view["board"]["rows"][2][2]["life"] == 4 and view["phase"] == "combat"
    assert table.presentation.cell_die(view["board"]["rows"][2][2]).value == 4


def test_new_game_for_army_shows_each_armys_points_and_initial_forces(app, tmp_path) -> None:
    # The set-up screen reads the figures of the chosen decks (no Frontier-only options):
    # a deck with an "initial forces" section names them and their points.
    from frontier_desktop.ui.scenes.setup import SetupScene

    from .test_full_game import choose

    source = (games.DECKS_DIR / "army_monk_legion.txt").read_text(encoding="utf-8")
    # the sample's scout force (10 points) cut to two Benalish Heroes, the rest back in the
    # army: still 100 points
    forces = source.replace("2 Leaping Master\n2 Benalish Hero\n2 Mesa Pegasus\n",
                            "2 Benalish Hero\n")
    forces = forces.replace("6 Leaping Master\n", "8 Leaping Master\n").replace(
        "4 Benalish Hero\n2 Mesa Pegasus\n", "4 Benalish Hero\n4 Mesa Pegasus\n").replace(
        "// name: Monk Legion", "// name: Monk Vanguard")
    assert forces.count("2 Benalish Hero\n") == 1
    deck_path = tmp_path / "vanguard.txt"
    deck_path.write_text(forces, encoding="utf-8")
    setup = app.scenes.push(SetupScene(app))
    step(app)
    choose(app, setup.w["variant"], "Army Magic")
    step(app)
    for key in setup.FRONTIER_ONLY:
        assert not setup.w[key].visible, key
    assert setup.labels[3:5] == ("Army points", "Initial forces")
    monks = setup.figures[0]  # the sample army's scout force: about 10 mana value
    assert monks.agreed == 100 and monks.points == 100
    assert monks.forces == ((2, "Leaping Master"), (2, "Benalish Hero"), (2, "Mesa Pegasus"))
    assert monks.forces_points == 10
    vanguard = games.army_figures(games.read_deck(deck_path))
    assert vanguard.forces == ((2, "Benalish Hero"),) and vanguard.forces_points == 2
    assert vanguard.points == 100 and vanguard.legal  # the forces count among the points
    setup.figures[1] = vanguard
    step(app, 2)  # draws both (words, no data)


def test_choosing_targets_lights_the_range_the_rules_allow(app) -> None:
    # Lightning Bolt in Ann's hand reaches her lands and the lands next to them; the Hill
    # Giant's ability would reach only its land and its neighbours.
    table = _table(app)
    state = table.session.state
    pres = table.presentation
    bolt = next(c for c in state.players[0].hand if state.name(c) == "Lightning Bolt")
    spell_range = pres.target_range(state, 0, bolt)
    assert {(0, 2), (1, 1), (1, 2), (2, 2), (0, 1), (2, 1), (1, 0)} <= spell_range
    assert (5, 2) not in spell_range and (4, 4) not in spell_range
    assert pres.target_range(state, 0, "giant", 0) == {(1, 2), (0, 2), (2, 2), (1, 1), (1, 3)}
    options = [{"type": "cast", "card": "Lightning Bolt", "targets": ["bear"]}]
    assert table.targeting.start(bolt, "Lightning Bolt", options)
    assert table.targeting.active.reach == spell_range
    step(app, 2)  # drawn under the lit target


def test_the_panels_show_the_home_bases_life_and_the_dice_stay_readable(app) -> None:
    # In Army Magic a player has no life of their own: the panel's figure is the home base's.
    table = _table(app)
    pres = table.presentation
    assert pres.panel_life(table.view, 0) == (20, "home base")
    r = table.renderer
    assert set(r.dice_rects) == {(0, 2), (1, 1), (1, 2), (2, 2), (2, 3), (3, 2), (5, 2)}
    for sq, rect in r.dice_rects.items():
        assert r.square_rect(sq).contains(rect), sq  # inside its own square
        assert rect.w >= app.px(20)
        band = r.land_name_rects.get(sq)
        assert band is None or not band.colliderect(rect), sq  # never over the land's name


def test_blocking_fans_out_the_defenders_and_a_drop_on_the_attackers_stack_asks_which(app
                                                                                      ) -> None:
    # Ann's three attackers stand as one stack; Ben's two creatures on the attacked land fan
    # out by themselves, clear of the attackers; the Elves dropped on the attackers' stack
    # get a menu of the attackers they may block (not the flying Mesa Pegasus).
    fixture = Path(__file__).resolve().parent / "fixtures" / "army-midgame.json"
    session = games.session_from_position(fixture)
    session.submit(0, {"type": "attack", "unit": "giant", "units": ["giant", "hero", "pegasus"],
                       "target": [2, 2]})
    table = TableScene(app, session, seat=1, hotseat=False)
    app.scenes.push(table)
    step(app)
    r = table.renderer
    assert r.expanded == (2, 2) and set(r.fan_ids) == {"bear", "elves"}
    assert not r.fan_rect.colliderect(r.square_rect((1, 2)))  # the attackers stay in view
    drag(app, r.sprites["elves"].home, r.sprites["giant"].home)
    assert table.menu is not None
    labels = [item.label for item in table.menu.items]
    assert labels == ["Block Hill Giant 3/3", "Block Benalish Hero 1/1"]
    click(app, table.menu.item_rect(1).center)
    assert table.block_pairs == [("elves", "hero")]
    assert r.expanded == (2, 2) and "bear" in r.fan_ids  # fanned again for the next block


def test_shift_clicking_fanned_out_creatures_moves_part_of_the_stack(app) -> None:
    # Ann's stack of three: she fans it out, shift-clicks the Hero and the Pegasus and drags
    # them onto her Plains; the Hill Giant stays.
    import pygame

    fixture = Path(__file__).resolve().parent / "fixtures" / "army-midgame.json"
    table = TableScene(app, games.session_from_position(fixture), seat=0, hotseat=False)
    app.scenes.push(table)
    step(app)
    r = table.renderer
    click(app, r.sprites["giant"].home)
    assert set(r.fan_ids) == {"giant", "hero", "pegasus"}
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0,
                                         unicode="", scancode=0))
    step(app)
    click(app, r.sprites["hero"].home)
    click(app, r.sprites["pegasus"].home)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0,
                                         unicode="", scancode=0))
    step(app)
    assert sorted(table.group) == ["hero", "pegasus"]
    plains = r.square_rect((0, 2)).center
    _press_and_carry(app, r.sprites["pegasus"].home, plains)
    assert sorted(table.moving_ids()) == ["hero", "pegasus"]
    assert table.local.highlights.get((0, 2)) == "move"
    _release(app, plains)
    where = {u["id"]: tuple(u["at"]) for u in table.session.view(0)["units"]}
    assert where["hero"] == where["pegasus"] == (0, 2) and where["giant"] == (1, 2)


def test_an_effect_with_no_target_asks_for_its_originating_land(app) -> None:
    # When the rules list a cast once per originating land ("origin", Army's global effects),
    # the table lights those lands; a click casts with the one chosen.
    table = _table(app)
    state = table.session.state
    bolt = next(c for c in state.players[0].hand if state.name(c) == "Lightning Bolt")
    options = [{"type": "cast", "card": "Lightning Bolt", "origin": [1, 1]},
               {"type": "cast", "card": "Lightning Bolt", "origin": [1, 2]}]
    sent: list[dict] = []
    table.submit = lambda action, **kw: sent.append(action)  # type: ignore[method-assign]
    assert table.targeting.start(bolt, "Lightning Bolt", options)
    t = table.targeting.active
    assert t.origin and sorted(t.lit.values()) == [[1, 1], [1, 2]]
    assert "comes from" in t.instruction()
    click(app, table.renderer.square_rect((5, 2)).center)  # Ben's home base: not offered
    assert not sent and "can come from" in table.local.message
    click(app, table.renderer.square_rect((1, 1)).center)
    assert sent == [options[0]]


def test_the_replay_draws_an_army_stack_as_its_top_only(app) -> None:
    # A replayed Army game: the two Benalish Heroes of the initial forces are one stack, the
    # one under the top is not drawn over it.
    import dataclasses

    from frontier_desktop.ui.scenes.replay import ReplayScene

    monks = games.read_deck(games.DECKS_DIR / "army_monk_legion.txt")
    monks = dataclasses.replace(monks, sections=monks.sections + (
        ("initial_forces", ((2, "Benalish Hero"),)),))
    session = games.start_game([monks, monks], ["Ann", "Ben"], seed=4,
                               options={"first_player": 0})
    session.submit(0, {"type": "pass"})
    replay = app.scenes.push(ReplayScene(app, session.record_header, session.actions))
    step(app)
    r = replay.renderer
    hidden = [uid for uid, sp in r.sprites.items() if sp.hidden]
    assert len(hidden) == 2  # one Hero under the other, on each home base
    drawn: list[str] = []
    real = r.draw_sprite
    r.draw_sprite = lambda surface, sprite, *a, **k: (drawn.append(sprite.id),  # type: ignore
                                                      real(surface, sprite, *a, **k))
    step(app)
    assert drawn and not set(drawn) & set(hidden)


@pytest.mark.parametrize("size,scale", [((960, 600), 1.0), ((1600, 900), 1.0),
                                        ((1280, 720), 1.5), ((1920, 1080), 2.0)])
def test_army_dice_and_fanned_stack_stay_readable_at_every_scale(tmp_path, size, scale) -> None:
    # Life dice at least 20 px at 100% (scaled with the UI), inside their square and off the
    # land's name; a fanned-out stack's panel inside the window with every creature's name
    # whole and inside the panel, apart from each other.
    from frontier_desktop.app import App
    from frontier_desktop.config import Paths, Settings

    settings = Settings(ui_scale=scale, window_size=size, cache_dir=str(tmp_path / "cache"),
                        offline=True)
    app = App(paths=Paths(tmp_path / "config", tmp_path / "data"), settings=settings,
              size=size, save_settings_on_exit=False)
    try:
        fixture = Path(__file__).resolve().parent / "fixtures" / "army-midgame.json"
        table = TableScene(app, games.session_from_position(fixture), seat=0, hotseat=False)
        app.scenes.push(table)
        step(app, 2)
        r = table.renderer
        assert len(r.dice_rects) == 12  # every explored land of the fixture
        for sq, rect in r.dice_rects.items():
            assert rect.w >= app.px(20) and r.square_rect(sq).contains(rect), sq
            band = r.land_name_rects.get(sq)
            assert band is None or not band.colliderect(rect), sq
        click(app, r.sprites["giant"].home)
        fan = r.fan_rect
        assert fan is not None and pygame.Rect((0, 0), size).contains(fan)
        labels = [pygame.Rect(at, label.get_size()) for label, at in r.fan_labels]
        assert len(labels) >= 3
        for i, rect in enumerate(labels):
            assert fan.contains(rect)
            assert not any(rect.colliderect(o) for o in labels[i + 1:])
    finally:
        app.art.close()


def test_damage_to_a_land_and_a_capture_float_over_the_land(app) -> None:
    # The combat's events: the Giant's and the Hero's damage rise over Ben's Forest, then
    # "taken" in Ann's colour.
    table = _table(app)
    table.session.submit(0, {"type": "attack", "unit": "giant", "units": ["giant", "hero"],
                             "target": [2, 2]})
    result = table.session.submit(1, {"type": "done_blocking"})
    fx = table.fx
    fx.clear()
    fx.from_events(result.events, table.renderer, 0)
    centre = table.renderer.square_rect((2, 2)).center
    texts = [(f.text, f.pos) for f in fx.floaters]
    assert ("-3", centre) in texts and any(t == "-1" for t, _ in texts)
    taken = next(f for f in fx.floaters if f.text == "taken")
    assert taken.colour == app.palette.seat[0]
    assert table.renderer.square_rect((2, 2)).collidepoint(taken.pos)


def test_the_placement_prompt_names_the_creature() -> None:
    from frontier_desktop.ui.variants import PromptContext

    pres = presentation_for("army")
    view = {"units": [{"id": "giant", "name": "Hill Giant", "at": [1, 2]}],
            "pending": {"seat": 0, "kind": "place", "options": [{"id": "giant", "at": [2, 2]}]}}
    pres.observe(view)
    assert pres.prompt(PromptContext(view, 0, frozenset({"place"}))) == \
        "Click a lit land to put Hill Giant on."


def test_the_blocks_drawn_come_from_the_view_not_the_log(app, monkeypatch) -> None:
    # A guest joining mid-combat (or a log cut short) has no 'block' entries to read: the
    # blocks decision in the view names the blocks declared so far, and the table draws those.
    session = games.session_from_position(BORDER)
    session.submit(0, {"type": "attack", "units": ["giant", "hero"], "target": [2, 2]})
    session.submit(1, {"type": "block", "blocker": "bear", "attacker": "hero"})
    monkeypatch.setattr(session, "log", lambda seat, since=0: [])
    table = TableScene(app, session, seat=1, hotseat=False)
    app.scenes.push(table)
    step(app)
    assert table.block_pairs == [("bear", "hero")]
