"""The table driven by real posted mouse and keyboard events (headless)."""

from __future__ import annotations

import pygame

from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.cover import CoverScene
from frontier_desktop.ui.scenes.game_over import GameOverScene
from frontier_desktop.ui.scenes.main_menu import MainMenuScene
from frontier_desktop.ui.scenes.table import TableScene

from .helpers import FIXTURES, click, drag, key, press, step, uncover


def _skirmish(app, *, hotseat: bool = False) -> TableScene:
    session = games.session_from_position(FIXTURES / "skirmish.json")
    table = TableScene(app, session, seat=0, hotseat=hotseat,
                       autosave_path=app.paths.autosave_file)
    app.scenes.push(table)
    step(app)
    return table


def _unit(table: TableScene, uid: str) -> dict:
    return next(u for u in table.session.view(0)["units"] if u["id"] == uid)


def _centre(table: TableScene, sq) -> tuple[int, int]:
    return table.renderer.square_rect(tuple(sq)).center


def _tap_spot(table: TableScene, sq) -> tuple[int, int]:
    """The gold mana mark in a land's corner (beside any token standing on it)."""
    rect = table.renderer.square_rect(tuple(sq))
    return rect.x + 15, rect.bottom - 15


def test_quick_game_from_the_menu_to_turn_one(app) -> None:
    menu = app.scenes.push(MainMenuScene(app))
    step(app)
    press(app, menu.buttons["quick"])
    table = app.scenes.find(TableScene)
    assert table is not None
    # the pass-the-device cover is up first: nothing of Ann's table is drawn under it
    assert isinstance(app.scenes.top, CoverScene)
    uncover(app)
    assert app.scenes.top is table and table.seat == 0
    # Ann places her token on a lit home-row square
    place = sorted(table.highlights)[len(table.highlights) // 2]
    assert table.highlights[place] == "place"
    click(app, _centre(table, place))
    assert isinstance(app.scenes.top, CoverScene) and table.seat == 1  # hand over to Ben
    uncover(app)
    place = sorted(table.highlights)[0]
    click(app, _centre(table, place))
    # mulligan decisions: Keep, Keep (with a cover in between)
    uncover(app)
    press(app, table.buttons["keep"])
    uncover(app)
    press(app, table.buttons["keep"])
    uncover(app)
    view = table.view
    assert view["turn"] == 1 and view["phase"] == "main"  # upkeep and draw auto-passed
    assert table.seat == view["active"]
    assert table.autosave_path is not None and table.autosave_path.exists()
    assert [g.path for g in games.recent_games(app.paths.data_dir)] == [table.autosave_path]


def test_drag_to_a_legal_square_moves(app) -> None:
    table = _skirmish(app)
    elf = table.renderer.sprites["elf"]
    dest = _unit(table, "elf")["moves"][0]
    drag(app, elf.home, _centre(table, dest))
    assert _unit(table, "elf")["at"] == dest


def test_drag_to_an_illegal_square_glides_back_with_a_reason(app) -> None:
    table = _skirmish(app)
    before = table.session.state.state_id
    elf = table.renderer.sprites["elf"]
    drag(app, elf.home, _centre(table, (2, 3)))  # far away: not a legal move
    assert table.session.state.state_id == before
    assert _unit(table, "elf")["at"] == [0, 0]
    assert table.message  # the rules engine's reason is shown
    assert table.glides  # and the token glides back


def test_drag_highlights_are_the_rules_moves(app) -> None:
    table = _skirmish(app)
    elf = table.renderer.sprites["elf"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=elf.home, button=1))
    step(app)
    lit = {sq for sq, kind in table.highlights.items() if kind == "move"}
    assert lit == {tuple(m) for m in _unit(table, "elf")["moves"]}
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=elf.home, button=1))
    step(app)


def test_scout_from_the_context_menu(app) -> None:
    table = _skirmish(app)
    giant = table.renderer.sprites["giant"]
    click(app, giant.home, button=3)
    assert table.menu is not None
    index = next(i for i, it in enumerate(table.menu.items) if it.label.startswith("Scout"))
    click(app, table.menu.item_rect(index).center)
    assert table.mode == "scout"
    target = next(sq for sq, kind in table.highlights.items() if kind == "scout")
    click(app, _centre(table, target))
    cell = table.view["board"]["rows"][target[0]][target[1]]
    assert cell["face_up"] and cell["land"] == "Swamp"
    assert _unit(table, "giant")["tapped"]


def test_tap_a_land_then_cast_by_double_click(app) -> None:
    table = _skirmish(app)
    click(app, _tap_spot(table, (0, 0)))  # the Forest under the elf
    assert table.view["players"][0]["mana_pool"] == "{G}"
    rect, cid, name = next(h for h in table.renderer.hand_rects if h[2] == "Llanowar Elves")
    click(app, rect.center)
    click(app, rect.center)
    names = [u["name"] for u in table.view["units"] if u["at"] == "staging"]
    assert "Llanowar Elves" in names
    assert "Llanowar Elves" not in table.view["players"][0]["hand"]


def test_attack_by_dragging_onto_an_enemy(app) -> None:
    table = _skirmish(app)
    giant = table.renderer.sprites["giant"]
    knight = _unit(table, "knight")
    assert knight["at"] in _unit(table, "giant")["attacks"]
    drag(app, giant.home, _centre(table, knight["at"]))
    assert table.view["attacking"]
    assert any("attacks" in line for line in table.renderer.log_lines)
    press(app, table.buttons["done_attacking"])
    assert not table.view["attacking"]


def test_attack_the_player_to_win_and_see_game_over(app) -> None:
    table = _skirmish(app)
    giant = table.renderer.sprites["giant"]
    click(app, giant.home, button=3)
    index = next(i for i, it in enumerate(table.menu.items) if it.label == "Attack the player")
    click(app, table.menu.item_rect(index).center)
    assert table.view["game_over"] and table.view["winner"] == 0
    assert isinstance(app.scenes.top, GameOverScene)


def test_pass_the_turn_shows_the_cover_and_hides_the_hand(app) -> None:
    table = _skirmish(app, hotseat=True)
    key(app, pygame.K_SPACE)  # end turn; end/upkeep/draw auto-pass to Ben's main phase
    assert isinstance(app.scenes.top, CoverScene)
    assert table.seat == 1
    uncover(app)
    assert table.view["active"] == 1 and table.view["phase"] == "main"
    assert "hand" not in table.view["players"][0]  # Ann's hand is not in Ben's view


def test_escape_cancels_then_asks_before_leaving(app) -> None:
    table = _skirmish(app)
    click(app, table.renderer.sprites["elf"].home)
    assert table.selected == "elf"
    key(app, pygame.K_ESCAPE)
    assert table.selected is None
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is not table  # the confirm dialog
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table


def test_undo_with_ctrl_z(app) -> None:
    table = _skirmish(app, hotseat=True)
    click(app, _tap_spot(table, (0, 0)))
    assert table.view["players"][0]["mana_pool"] == "{G}"
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.view["players"][0]["mana_pool"] == ""


def test_continue_resumes_the_autosave(app) -> None:
    table = _skirmish(app)
    elf = table.renderer.sprites["elf"]
    dest = _unit(table, "elf")["moves"][0]
    drag(app, elf.home, _centre(table, dest))
    session = games.session_from_record(app.paths.autosave_file)
    assert session.view(0)["units"] == table.session.view(0)["units"]
    assert session.state.state_id == table.session.state.state_id


def test_combat_shows_a_lunge_damage_and_fading_casualties(app) -> None:
    table = _skirmish(app)
    giant = table.renderer.sprites["giant"]
    knight = _unit(table, "knight")
    drag(app, giant.home, _centre(table, knight["at"]))
    # the state is already resolved (animations never delay it) ...
    assert table.view["attacking"]
    events = [e["type"] for e in table.session.log(0)[-1].get("events", [])] or ["?"]
    # ... and the overlays play on top of it
    assert [g.unit for g in table.fx.lunges] == ["giant"]
    assert any(f.text.startswith("-") for f in table.fx.floaters)
    gone = {"giant", "knight"} - {u["id"] for u in table.view["units"]}
    assert len(table.fx.fades) == len(gone), events
    step(app, 90)  # 1.5 s at normal speed: all over
    assert not table.fx.busy


def test_animations_off_in_settings(app) -> None:
    app.settings.animation_speed = 0.0
    table = _skirmish(app)
    giant = table.renderer.sprites["giant"]
    drag(app, giant.home, _centre(table, _unit(table, "knight")["at"]))
    assert table.view["attacking"] and not table.fx.busy


def _bands(app) -> TableScene:
    session = games.session_from_position(FIXTURES / "bands.json")
    table = TableScene(app, session, seat=0, hotseat=False)
    app.scenes.push(table)
    step(app)
    return table


def _bunit(table: TableScene, uid: str) -> dict:
    return next(u for u in table.view["units"] if u["id"] == uid)


def _shift_click(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT,
                                         unicode="", scancode=0))
    click(app, pos)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="",
                                         scancode=0))
    step(app)


def test_banding_stack_members_can_be_picked_and_split_off(app) -> None:
    table = _bands(app)
    one, two = table.renderer.sprites["hero1"], table.renderer.sprites["hero2"]
    assert one.home != two.home  # fanned out: each member can be clicked
    _shift_click(app, one.home)
    assert table.group == ["hero1"]
    drag(app, one.home, _centre(table, (1, 1)))
    assert _bunit(table, "hero1")["at"] == [1, 1]
    assert _bunit(table, "hero2")["at"] == [0, 1]  # only the chosen member moved


def test_drag_box_selects_a_stack_and_moves_it_as_one(app) -> None:
    table = _bands(app)
    rect = table.renderer.square_rect((0, 1))
    drag(app, (rect.left + 3, rect.top + 3), (rect.right - 3, rect.bottom - 3))
    assert sorted(table.group) == ["hero1", "hero2"]
    state_before = table.session.state.state_id
    drag(app, table.renderer.sprites["hero2"].home, _centre(table, (0, 0)))
    assert table.session.state.state_id == state_before + 1
    assert _bunit(table, "hero1")["at"] == _bunit(table, "hero2")["at"] == [0, 0]


def test_moving_onto_a_friendly_banding_square_forms_a_stack(app) -> None:
    table = _bands(app)
    assert [0, 1] in _bunit(table, "hero3")["moves"]  # the engine lists the stack square
    drag(app, table.renderer.sprites["hero3"].home, _centre(table, (0, 1)))
    assert _bunit(table, "hero3")["at"] == [0, 1]
    assert len(_bunit(table, "hero1")["stack"]["units"]) == 3


def test_a_click_on_a_land_still_taps_it(app) -> None:
    table = _bands(app)
    rect = table.renderer.square_rect((0, 1))
    click(app, (rect.x + 15, rect.bottom - 15))
    assert table.view["players"][0]["mana_pool"] == "{W}"


def test_hold_priority_opens_a_response_prompt_for_the_opponent(app) -> None:
    app.settings.hold_priority = True
    table = _skirmish(app, hotseat=True)
    assert all(p["responses"] for p in table.view["players"])  # set_responses was sent
    elf = table.renderer.sprites["elf"]
    dest = _unit(table, "elf")["moves"][0]
    drag(app, elf.home, _centre(table, dest))
    # Ben may respond: the device passes to him, and the prompt names Ann's move
    assert isinstance(app.scenes.top, CoverScene)
    uncover(app)
    assert table.seat == 1 and table.respond.showing
    assert "moves" in table.respond.text
    click(app, table.respond.respond_rect.center)  # Respond: the prompt folds, table stays live
    assert not table.respond.showing and table.view["pending"]
    press(app, table.buttons["pass"])  # "Let it resolve"
    assert isinstance(app.scenes.top, CoverScene)
    uncover(app)
    assert table.seat == 0 and _unit(table, "elf")["at"] == dest


def test_no_response_window_by_default(app) -> None:
    table = _skirmish(app, hotseat=True)
    elf = table.renderer.sprites["elf"]
    dest = _unit(table, "elf")["moves"][0]
    drag(app, elf.home, _centre(table, dest))
    assert app.scenes.top is table and _unit(table, "elf")["at"] == dest


def test_rebound_keys_drive_the_table(app) -> None:
    from frontier_desktop.ui.scenes.settings import SettingsScene

    table = _skirmish(app)
    settings = app.scenes.push(SettingsScene(app))
    step(app)
    press(app, settings.key_buttons["pass_or_done"])
    assert settings.capturing == "pass_or_done"
    key(app, pygame.K_p)
    assert settings.keys["pass_or_done"] == "p"
    press(app, settings.w["save"])
    assert app.scenes.top is table and app.settings.keys["pass_or_done"] == "p"
    turn = table.view["turn"]
    key(app, pygame.K_SPACE)  # no longer bound: nothing happens
    assert table.view["turn"] == turn
    key(app, pygame.K_p)
    assert table.view["turn"] == turn + 1 or table.view["active"] != 0


def test_save_as_a_named_game_and_open_it_again(app) -> None:
    from frontier_desktop.ui.scenes.dialogs import SaveAsScene

    table = _skirmish(app)
    elf = table.renderer.sprites["elf"]
    dest = _unit(table, "elf")["moves"][0]
    drag(app, elf.home, _centre(table, dest))
    press(app, table.buttons["menu"])
    labels = [it.label for it in table.menu.items]
    click(app, table.menu.item_rect(labels.index("Save game as…")).center)
    dialog = app.scenes.top
    assert isinstance(dialog, SaveAsScene)
    dialog.entry.set_text("Elf opening!")
    press(app, dialog.ok)
    path = app.paths.saves_dir / "Elf_opening.jsonl"
    assert path.exists() and table.saved_path == path
    table.open_record(path)  # what the file dialog's pick does
    step(app)
    again = app.scenes.find(TableScene)
    assert again is not table
    assert next(u for u in again.session.view(0)["units"] if u["id"] == "elf")["at"] == dest


def test_the_zoom_shows_the_dragged_creature(app) -> None:
    # Hover preview during a drag: it showed whatever the token passed over.
    table = _skirmish(app)
    elf = table.renderer.sprites["elf"]
    knight = table.renderer.sprites["knight"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=elf.home, button=1))
    step(app)
    for p in (elf.home, knight.home):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(p[0] + 9, p[1]), rel=(0, 0),
                                             buttons=(1, 0, 0)))
        step(app)
    assert table.hover is not None and table.hover[1]["id"] == "elf"
    key(app, pygame.K_ESCAPE)


def test_sample_decks_are_read_with_the_decks_module() -> None:
    decks = games.sample_decks("frontier")
    assert len(decks) >= 2
    assert all(sum(c for c, _ in d.cards) >= 40 for d in decks)
