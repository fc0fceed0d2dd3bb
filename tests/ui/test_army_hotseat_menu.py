"""A hot-seat Army Magic game started from the menu's New game with the sample armies, played
with posted mouse and key events only: a creature cast, a land explored, a targeted aura cast
with its range lit, the opponent's response window answered, and turns ended."""

from __future__ import annotations

import pygame

from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.cover import CoverScene
from frontier_desktop.ui.scenes.table import TableScene

from .helpers import click, drag, key, press, step, uncover


def _deal() -> tuple[int, tuple[int, int], tuple[int, int]]:
    """A seed whose deal lets the plan below be played (Ann first, each player with a
    Benalish Hero and a Lightning Bolt by their first draw, a Mountain next to each home
    base), and the two Mountains. Found through the rules, not pinned."""
    monks = games.read_deck(games.DECKS_DIR / "army_monk_legion.txt")
    for seed in range(1, 2000):
        state = games.start_game([monks, monks], ["Ann", "Ben"], seed=seed, options={}).state
        if state.active != 0:
            continue
        ann = [state.name(c) for c in state.players[0].hand]
        ben = [state.name(c) for c in state.players[1].hand + state.players[1].library[:1]]
        if not ({"Benalish Hero", "Lightning Bolt"} <= set(ann) and
                {"Benalish Hero", "Lightning Bolt"} <= set(ben)):
            continue
        mountains = [next((p for p in places if state.cells[p].land is not None and
                           state.name(str(state.cells[p].land)) == "Mountain"), None)
                     for places in (((1, 2), (0, 1), (0, 3)), ((4, 2), (5, 1), (5, 3)))]
        if mountains[0] is not None and mountains[1] is not None:
            return seed, mountains[0], mountains[1]
    raise AssertionError("no deal of the sample armies fits the plan")


def _answer_window(app, table: TableScene, seat: int) -> None:
    """The device is handed to *seat* for a response window, and they pass."""
    assert isinstance(app.scenes.top, CoverScene)
    uncover(app)
    assert table.seat == seat and table.view["pending"]["kind"] == "priority"
    key(app, pygame.K_SPACE)  # pass: the spell or move resolves
    if isinstance(app.scenes.top, CoverScene):
        uncover(app)  # back to the player whose turn it is


def _explore(app, table: TableScene, seat: int, to: tuple[int, int]) -> str:
    mine = next(u for u in table.view["units"] if u["controller"] == seat)
    drag(app, table.renderer.sprites[mine["id"]].home, table.renderer.square_rect(to).center)
    return str(mine["id"])


def _cast_from_hand(app, table: TableScene, name: str) -> None:
    """Drag the hand card *name* up onto the board (a cast)."""
    rect = next(r for r, _cid, n in table.renderer.hand_rects if n == name)
    drag(app, rect.center, table.renderer.square_rect((2, 2)).center)


def _end_turn(app, table: TableScene) -> None:
    for _ in range(10):
        key(app, pygame.K_SPACE)
        if isinstance(app.scenes.top, CoverScene):
            break
    assert isinstance(app.scenes.top, CoverScene), table.view["phase"]
    uncover(app)  # the next player takes the seat


def test_a_hot_seat_army_game_from_new_game_casts_a_targeted_spell_and_answers_a_window(
        app) -> None:
    from frontier_desktop.ui.scenes.main_menu import MainMenuScene
    from frontier_desktop.ui.scenes.setup import SetupScene

    from .test_full_game import choose

    seed, ann_mountain, ben_mountain = _deal()
    app.settings.hold_priority = True  # both seats ask for response windows
    menu = app.scenes.push(MainMenuScene(app))
    step(app)
    press(app, menu.buttons["new"])
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    choose(app, setup.w["variant"], "Army Magic")
    step(app)
    choose(app, setup.w["deck1"], "Monk Legion")  # the plan is a mirror of the Monk Legion
    step(app)
    setup.w["seed"].set_text(str(seed))
    press(app, setup.w["start"])
    table = app.scenes.find(TableScene)
    assert table is not None and table.view["variant"] == "army"
    if isinstance(app.scenes.top, CoverScene):
        uncover(app)
    assert table.seat == 0 and table.view["phase"] == "main"

    # Ann: a Benalish Hero onto her home base; it explores the Mountain next to it.
    _cast_from_hand(app, table, "Benalish Hero")
    hero = _explore(app, table, 0, ann_mountain)
    cell = table.session.view(0)["board"]["rows"][ann_mountain[0]][ann_mountain[1]]
    assert cell["controller"] == 0 and cell["face_up"]
    _end_turn(app, table)

    # Ben casts his Hero: Ann, holding a Bolt and an untapped Mountain, has a window.
    assert table.seat == 1
    _cast_from_hand(app, table, "Benalish Hero")
    _answer_window(app, table, 0)
    assert table.seat == 1 and any(u["controller"] == 1 for u in table.view["units"])
    _explore(app, table, 1, ben_mountain)
    if isinstance(app.scenes.top, CoverScene):  # the move is answerable too
        _answer_window(app, table, 0)
    cell = table.session.view(1)["board"]["rows"][ben_mountain[0]][ben_mountain[1]]
    assert cell["controller"] == 1 and cell["face_up"]
    _end_turn(app, table)

    # Ann: Lightning Bolt; choosing its target lights the range the rules allow. On turn 3
    # the armies still stand rows apart, so the one creature in range is her own Hero.
    assert table.seat == 0
    _cast_from_hand(app, table, "Lightning Bolt")
    active = table.targeting.active
    assert active is not None and (0, 2) in active.reach and (5, 2) not in active.reach
    click(app, table.renderer.sprites[hero].home)
    # Ben holds a Bolt and an untapped Mountain: the device is handed over, and he passes.
    _answer_window(app, table, 1)
    view = table.session.view(0)
    assert view["stack"] == [] and hero not in {u["id"] for u in view["units"]}
    assert table.seat == 0
    _end_turn(app, table)
    assert table.seat == 1 and table.view["turn"] == 4
