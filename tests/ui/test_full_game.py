"""A whole Frontier game played to a win through the UI alone (posted mouse/keyboard events).

The test reads the view only to decide where a player would click; every change to the game
goes through posted events: menu → New game (3 rows, 5 life) → covers → token colours and
squares → Keep → scout, tap a land, cast, move, attack, discard, pass — until a player wins.
"""

from __future__ import annotations

from typing import Any

import pygame

from frontier_desktop.ui.scenes.cover import CoverScene
from frontier_desktop.ui.scenes.game_over import GameOverScene
from frontier_desktop.ui.scenes.main_menu import MainMenuScene
from frontier_desktop.ui.scenes.setup import SetupScene
from frontier_desktop.ui.scenes.table import TableScene

from .helpers import click, drag, key, press, step, uncover


def choose(app, dropdown, option: str) -> None:
    """Open a pygame-gui drop-down with a click and click one of its options."""
    click(app, dropdown.rect.center)
    state = dropdown.current_state
    assert state.options_selection_list is not None, "the drop-down did not open"
    item = next(i for i in state.options_selection_list.item_list if i["text"] == option)
    click(app, item["button_element"].rect.center)
    step(app)
    selected = dropdown.selected_option
    assert (selected[0] if isinstance(selected, tuple) else selected) == option


def centre(table: TableScene, sq: Any) -> tuple[int, int]:
    return table.renderer.square_rect((int(sq[0]), int(sq[1]))).center


def tap_spot(table: TableScene, sq: Any) -> tuple[int, int]:
    rect = table.renderer.square_rect((int(sq[0]), int(sq[1])))
    return rect.x + 15, rect.bottom - 15


def dismiss_cover(app) -> None:
    if isinstance(app.scenes.top, CoverScene):
        uncover(app, by="button")
    assert not isinstance(app.scenes.top, CoverScene)


def mine(table: TableScene) -> list[dict[str, Any]]:
    return [u for u in table.view["units"] if u["controller"] == table.seat]


def play_attacker_turn(app, table: TableScene, did: dict[str, bool]) -> None:
    """Ann: scout once, tap the land under her token and cast a creature when she can,
    march toward Ben's home row, attack whatever she can, then end the turn."""
    goal = len(table.view["board"]["rows"]) - 1
    legal = lambda kind: [a for a in table.legal if a["type"] == kind]  # noqa: E731
    if not did["scout"] and legal("scout"):
        uid = legal("scout")[0]["unit"]
        click(app, table.renderer.sprites[uid].home, button=3)
        index = next(i for i, it in enumerate(table.menu.items) if it.label.startswith("Scout"))
        click(app, table.menu.item_rect(index).center)
        target = next(sq for sq, kind in table.highlights.items() if kind == "scout")
        click(app, centre(table, target))
        assert table.view["board"]["rows"][target[0]][target[1]]["face_up"]
        did["scout"] = True
        return
    # move first (the movement block), then mana and casting, then attacks
    enemies = {tuple(u["at"]) for u in table.view["units"]
               if u["controller"] != table.seat and isinstance(u["at"], list)}
    for unit in mine(table):
        if not unit["moves"]:
            continue
        here = unit["at"] if isinstance(unit["at"], list) else [-1, 0]
        if here[0] >= goal:
            continue
        # forward if possible, else sideways toward a column whose goal square is free
        def score(m: list[int]) -> tuple[int, int]:
            return (m[0] - here[0], 0 if (goal, m[1]) in enemies else 1)
        best = max(unit["moves"], key=score)
        if best[0] > here[0] or (best[0] == here[0] and (goal, here[1]) in enemies
                                 and (goal, best[1]) not in enemies):
            before = table.session.state.state_id
            drag(app, table.renderer.sprites[unit["id"]].home, centre(table, best))
            assert table.session.state.state_id > before
            return
    if not did["cast"]:
        free = [a for a in legal("tap_land") if not a.get("via")]
        if free and not legal("cast"):
            click(app, tap_spot(table, free[0]["at"]))
            if legal("cast"):
                did["tapped"] = True
        creatures = [a for a in legal("cast")]
        if creatures:
            name = creatures[0]["card"]
            rect = next(h[0] for h in table.renderer.hand_rects if name in (h[1], h[2]))
            click(app, rect.center)
            click(app, rect.center)  # double-click casts
            assert any(u["at"] == "staging" and u["controller"] == table.seat
                       for u in table.view["units"])
            did["cast"] = True
            return
    for unit in mine(table):
        if unit.get("can_attack_player"):
            click(app, table.renderer.sprites[unit["id"]].home, button=3)
            labels = [it.label for it in table.menu.items]
            click(app, table.menu.item_rect(labels.index("Attack the player")).center)
            did["attacked"] = True
            return
        for target in unit["attacks"]:
            foe = next(u for u in table.view["units"] if u["at"] == target)
            if unit["power"] >= foe["toughness"] and foe["power"] < unit["toughness"]:
                drag(app, table.renderer.sprites[unit["id"]].home, centre(table, target))
                did["attacked"] = True
                return
    if "done_attacking" in {a["type"] for a in table.legal}:
        press(app, table.buttons["done_attacking"])
        return
    key(app, pygame.K_SPACE)  # done moving / end turn / pass the turn


def test_a_whole_game_to_a_win_through_the_ui(app) -> None:
    menu = app.scenes.push(MainMenuScene(app))
    step(app)
    press(app, menu.buttons["new"])
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    choose(app, setup.w["depth"], "3")
    choose(app, setup.w["life"], "5")
    setup.w["seed"].set_text("7")
    press(app, setup.w["start"])
    table = app.scenes.find(TableScene)
    assert table is not None and table.session.state.options["starting_life"] == 5
    did = {"scout": False, "cast": False, "tapped": False, "attacked": False}
    covers = 0
    for _ in range(400):
        if isinstance(app.scenes.top, GameOverScene):
            break
        if isinstance(app.scenes.top, CoverScene):
            covers += 1
            dismiss_cover(app)
            continue
        assert app.scenes.top is table
        view = table.view
        decision = view.get("decision") or {}
        if decision.get("kind") == "place_token":
            green = next(rect for rect, colour in table.colour_rects if colour == "G")
            click(app, green.center)
            place = sorted(table.highlights)[0]
            click(app, centre(table, place))
            continue
        if decision.get("kind") == "mulligan":
            press(app, table.buttons["keep"])
            continue
        if any(a["type"] == "discard" for a in table.legal):
            click(app, table.renderer.hand_rects[-1][0].center)
            continue
        if table.seat == 0 and view["active"] == 0 and view["phase"] == "main":
            play_attacker_turn(app, table, did)
        else:
            key(app, pygame.K_SPACE)  # Ben (and empty steps): pass
    else:
        raise AssertionError(f"no winner: {table.view['players']}")
    assert table.view["game_over"] and table.view["winner"] == 0
    assert table.view["players"][1]["life"] <= 0, "\n".join(table.renderer.log_lines[:80])
    assert did["scout"] and did["attacked"] and did["cast"]
    assert covers >= 4  # the device was passed between every turn
    assert isinstance(app.scenes.top, GameOverScene)
    assert app.scenes.top._how_it_ended(table.view["players"]) == "Ben fell to 0 life."
    # the record replays to the same end
    from frontier_desktop.ui.games import recent_games, session_from_record

    again = session_from_record(recent_games(app.paths.data_dir)[0].path)
    assert again.view(0)["winner"] == 0
