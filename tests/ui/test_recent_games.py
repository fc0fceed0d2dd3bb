"""One autosave per game and the Recent games list: leaving a long game for a puzzle and back
never loses the long game; old autosaves are pruned, damaged ones are kept and explained."""

from __future__ import annotations

import os
import time
from pathlib import Path

from frontier_desktop.record import read_record, write_record
from frontier_desktop.ui import games
from frontier_desktop.ui.screenshot import demo_session
from frontier_desktop.ui.scenes.main_menu import MainMenuScene, start_table
from frontier_desktop.ui.scenes.recent import RecentGamesScene
from frontier_desktop.ui.scenes.table import TableScene

from .helpers import FIXTURES, press, step


def _table(app) -> TableScene:
    table = app.scenes.find(TableScene)
    assert table is not None
    return table


def test_a_puzzle_does_not_replace_the_long_game(app) -> None:
    data = app.paths.data_dir
    long_game = demo_session(seed=3, turns=6)
    start_table(app, long_game)
    long_path = _table(app).autosave_path
    _table(app)._autosave()
    long_turn = long_game.state.turn
    assert long_turn >= 6
    # open a puzzle, play nothing, leave: it autosaves to a file of its own
    time.sleep(0.01)          # distinct save times (the list is by last played)
    start_table(app, games.session_from_position(FIXTURES / "skirmish.json"))
    puzzle_path = _table(app).autosave_path
    _table(app)._autosave()
    assert puzzle_path != long_path and long_path is not None and puzzle_path is not None
    assert long_path.exists() and puzzle_path.exists()

    app.scenes.reset(MainMenuScene(app))
    step(app)
    menu = app.scenes.top
    assert isinstance(menu, MainMenuScene)
    recent = games.recent_games(data)
    assert [g.path for g in recent] == [puzzle_path, long_path]
    assert recent[1].names == ("Ann", "Ben") and recent[1].turn == long_turn
    assert "turn" in recent[1].details() and "today at" in recent[1].details()
    # Continue = the most recent (the puzzle); the long game is one choice away
    press(app, menu.buttons["continue"])
    assert _table(app).autosave_path == puzzle_path
    app.scenes.reset(MainMenuScene(app))
    step(app)
    press(app, app.scenes.top.buttons["recent"])
    scene = app.scenes.top
    assert isinstance(scene, RecentGamesScene)
    assert scene.list is not None
    label = scene.label(next(g for g in scene.games if g.path == long_path))
    row = next(i for i in scene.list.item_list if i["text"] == label)
    press(app, row["button_element"])                  # click the long game's row
    assert scene.list.get_single_selection() == label
    press(app, scene.buttons["continue"])
    table = _table(app)
    assert table.autosave_path == long_path
    assert table.session.state.turn == long_turn
    assert table.session.actions == long_game.actions


def test_opening_a_saved_file_never_overwrites_its_games_autosave(app, tmp_path: Path) -> None:
    game = demo_session(seed=3, turns=2)
    own = games.autosave_path(app.paths.data_dir, game)
    assert own is not None and games.autosave(game, own)
    named = tmp_path / "named.jsonl"
    header, actions = read_record(own)
    write_record(named, header, actions)       # "Save as…" keeps the header, game id and all
    opened = games.session_from_record(named)
    assert games.game_id(opened) != games.game_id(game)
    assert games.autosave_path(app.paths.data_dir, opened) != own


def test_the_oldest_are_pruned_never_the_one_in_play_nor_a_damaged_file(app) -> None:
    data = app.paths.data_dir
    folder = games.autosaves_dir(data)
    base = demo_session(seed=3, turns=1)
    paths = []
    for i in range(games.RECENT_LIMIT + 3):
        base.record_header["game_id"] = f"g{i:02d}"
        path = games.autosave_path(data, base)
        assert path is not None and games.autosave(base, path)
        paths.append(path)
    # make g00 the oldest by its saved time, and add a damaged file older than all
    damaged = folder / "damaged.jsonl"
    damaged.write_bytes(b"\xe5 not json")
    os.utime(damaged, (1, 1))
    for i, path in enumerate(paths):
        header, actions = read_record(path)
        header["autosave"]["saved"] = f"2026-01-01T00:{i:02d}:00"
        write_record(path, header, actions)
    removed = games.prune_autosaves(data, keep="g01")
    assert sorted(p.name for p in removed) == ["g00.jsonl", "g02.jsonl"]
    left = {p.name for p in folder.glob("*.jsonl")}
    assert "g01.jsonl" in left and "damaged.jsonl" in left
    assert len(left) == games.RECENT_LIMIT + 2      # the limit, the kept one, the damaged one


def test_a_damaged_autosave_is_listed_explained_and_kept(app) -> None:
    folder = games.autosaves_dir(app.paths.data_dir)
    folder.mkdir(parents=True)
    damaged = folder / "abc.jsonl"
    damaged.write_bytes(b"\xe5\x00garbage")
    menu = app.scenes.push(MainMenuScene(app))
    step(app)
    assert not menu.buttons["continue"].is_enabled      # nothing readable to continue
    press(app, menu.buttons["recent"])
    scene = app.scenes.top
    assert isinstance(scene, RecentGamesScene)
    assert [g.problem for g in scene.games] == ["the file is damaged or is not a saved game"]
    assert "Unreadable saved game (abc.jsonl)" in scene.label(scene.games[0])
    press(app, scene.buttons["continue"])
    assert app.scenes.top is scene
    assert str(damaged) in scene.note and "damaged" in scene.note
    assert damaged.read_bytes() == b"\xe5\x00garbage"


def test_a_record_that_does_not_replay_says_so_and_is_kept(app) -> None:
    game = demo_session(seed=3, turns=2)
    path = games.autosave_path(app.paths.data_dir, game)
    assert path is not None and games.autosave(game, path)
    header, actions = read_record(path)
    write_record(path, header, [*actions, {"seat": 0, "action": {"type": "no such thing"}}])
    before = path.read_bytes()
    menu = app.scenes.push(MainMenuScene(app))
    step(app)
    press(app, menu.buttons["continue"])
    from frontier_desktop.ui.scenes.crash import ProblemScene

    dialog = app.scenes.top  # the problem in a dialog, with what to do; the hint keeps it
    assert isinstance(dialog, ProblemScene) and dialog.text == menu.note
    assert "Start a new game" in dialog.text
    dialog.press("ok")
    assert app.scenes.top is menu
    assert "can't be resumed" in menu.note and str(path) in menu.note
    assert "{" not in menu.note and "None" not in menu.note
    assert path.read_bytes() == before


def test_the_old_single_autosave_is_adopted_and_lan_autosave_left_alone(app) -> None:
    data = app.paths.data_dir
    game = demo_session(seed=3, turns=2)
    header = dict(game.record_header)
    header.pop("game_id", None)
    write_record(data / games.LEGACY_AUTOSAVE, header, game.actions)
    write_record(data / "lan-autosave.jsonl", header, game.actions)
    recent = games.recent_games(data)
    assert len(recent) == 1 and not recent[0].problem
    assert not (data / games.LEGACY_AUTOSAVE).exists()
    assert (data / "lan-autosave.jsonl").exists()
    session = games.resume_recent(recent[0])
    assert games.autosave_path(data, session) == recent[0].path
