"""Per-seat UI state at the hot-seat table: what one player saw never reaches the other's
screen, selections end with the turn, and drags act on what they grabbed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.cover import CoverScene
from frontier_desktop.ui.scenes.table import TableScene

from .helpers import click, drag, key, step, uncover

ANN_HAND = ["Sengir Vampire", "Giant Growth"]
BEN_HAND = ["Lightning Bolt", "Terror"]


def _position(tmp_path: Path, **extra: Any) -> Path:
    data = {
        "format": "frontier-position/1", "variant": "frontier", "options": {}, "active": 0,
        "phase": "main", "seed": 3,
        "players": [{"name": "Ann", "life": 20, "hand": ANN_HAND, "library": 20},
                    {"name": "Ben", "life": 20, "hand": BEN_HAND, "library": 20}],
        "board": {"rows": [["Forest", "Forest", "Plains", "Plains"],
                           ["Forest", "Swamp", "Forest", "Mountain"],
                           ["Forest", "Swamp", "Plains", "Mountain"]]},
        "units": [{"id": "elf", "card": "Llanowar Elves", "owner": 0, "at": [0, 0]},
                  {"id": "knight", "card": "White Knight", "owner": 1, "at": [2, 2]}],
    }
    data.update(extra)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _hotseat(app, path: Path) -> TableScene:
    table = TableScene(app, games.session_from_position(path), seat=0, hotseat=True)
    app.scenes.push(table)
    step(app, 2)
    return table


class Surfaces:
    """Every string the app renders and every card it draws by name, from now on."""

    def __init__(self, app, monkeypatch) -> None:
        self.seen: list[str] = []
        fonts, images = app.fonts, app.images
        real_text, real_face, real_token, real_land = (fonts.text, images.face, images.token,
                                                       images.land)

        def text(s: str, *a: Any, **k: Any) -> pygame.Surface:
            self.seen.append(s)
            return real_text(s, *a, **k)

        def named(real: Any) -> Any:
            def draw(name: str, *a: Any, **k: Any) -> pygame.Surface:
                self.seen.append(name)
                return real(name, *a, **k)
            return draw

        monkeypatch.setattr(fonts, "text", text)
        monkeypatch.setattr(images, "face", named(real_face))
        monkeypatch.setattr(images, "token", named(real_token))
        monkeypatch.setattr(images, "land", named(real_land))

    def render(self, app, table: TableScene) -> list[str]:
        """Rebuild the table's cached layers and draw a frame: what it shows, in words."""
        self.seen.clear()
        table.renderer.rebuild()
        app.draw(pygame.Surface(app.size))
        return list(self.seen)


def _hand_over(app, table: TableScene, to: int) -> None:
    """Pass (space) until the table is handed to seat *to*, then take the cover away."""
    for _ in range(20):
        if table.seat == to:
            break
        key(app, pygame.K_SPACE)
    assert table.seat == to
    assert isinstance(app.scenes.top, CoverScene)
    uncover(app)
    assert app.scenes.top is table


def _leaks(table: TableScene, texts: list[str], secrets: list[str]) -> list[str]:
    """Secrets found in what was drawn, in the preview/hover/pin, log or per-seat state."""
    where = {"drawn": " | ".join(texts), "log": " | ".join(table.renderer.log_lines),
             "preview": repr(table.drawing.preview_target()), "seat state": repr(table.local),
             "prompt": table.prompt(), "response prompt": table.respond.text
             if table.respond.showing else ""}
    return [f"{name} in the {part}" for name in secrets for part, text in where.items()
            if name in text]


def test_nothing_of_anns_hand_reaches_bens_screen(app, tmp_path, monkeypatch) -> None:
    table = _hotseat(app, _position(tmp_path))
    rect, cid, name = next(h for h in table.renderer.hand_rects if h[2] == "Sengir Vampire")
    # Ann pins Sengir Vampire in the preview, tries to cast it (no mana: a message names it),
    # opens the unit menu and leaves the mouse over her hand
    click(app, rect.center)
    click(app, rect.center)
    assert table.local.pinned == ("card", "Sengir Vampire")
    assert "Sengir Vampire" in table.local.message
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    assert table.local.hover == ("card", "Sengir Vampire")
    surfaces = Surfaces(app, monkeypatch)
    _hand_over(app, table, 1)
    texts = surfaces.render(app, table)
    assert "Lightning Bolt" in texts  # Ben's own hand is drawn (the capture works)
    assert _leaks(table, texts, ANN_HAND) == []


def test_the_card_ben_put_on_the_bottom_is_not_shown_to_ann(app, monkeypatch) -> None:
    """A fresh game: Ben mulligans, picks a card for the bottom (which pins it in his
    preview) and keeps; Ann's table then shows nothing of his hand."""
    session = games.quick_game(seed=5)
    table = TableScene(app, session, hotseat=True)
    app.scenes.push(table)
    step(app, 2)
    for _ in range(2):  # both starting tokens (with the cover between)
        if isinstance(app.scenes.top, CoverScene):
            uncover(app)
        place = sorted(table.highlights)[0]
        table.submit({"type": "place_token", "at": list(place), "color": None})
        step(app)
    while table.view.get("decision", {}).get("kind") == "mulligan" and table.seat == 0:
        if isinstance(app.scenes.top, CoverScene):
            uncover(app)
        table.keep()
        step(app)
    if isinstance(app.scenes.top, CoverScene):
        uncover(app)
    assert table.seat == 1 and table.view["decision"]["kind"] == "mulligan"
    table.submit({"type": "mulligan"})
    step(app)
    if isinstance(app.scenes.top, CoverScene):
        uncover(app)
    rect, cid, bottom = table.renderer.hand_rects[0]
    click(app, rect.center)
    assert table.local.bottom_pick == [cid] and table.local.pinned == ("card", bottom)
    ben_hand = [h[2] for h in table.renderer.hand_rects]
    surfaces = Surfaces(app, monkeypatch)
    press_keep = table.buttons["keep"]
    click(app, press_keep.rect.center)
    assert table.seat == 0
    uncover(app)  # Ann takes the device
    texts = surfaces.render(app, table)
    anns_own = {h[2] for h in table.renderer.hand_rects} | {
        u.get("name") for u in table.view.get("units", [])}
    secrets = [n for n in set(ben_hand) if n not in anns_own]
    assert bottom in secrets or bottom in anns_own
    assert secrets, "the two hands share every name: pick another seed"
    assert _leaks(table, texts, secrets) == []


def test_the_table_animates_only_while_something_moves(app, tmp_path) -> None:
    table = _hotseat(app, _position(tmp_path))
    assert not table.is_animating()
    table.submit({"type": "roll", "sides": 6})
    assert table.is_animating()  # the die rolls
    step(app, 400)
    assert not table.is_animating()


# ---------------------------------------------------------------- selection (issue 10.4)
PEGASUS_BOARD = {
    "players": [{"name": "Ann", "life": 20, "hand": ["Giant Growth"], "library": 20},
                {"name": "Ben", "life": 20, "hand": ["Terror"], "library": 20}],
    "board": {"rows": [["Plains", "Plains", "?", "Plains"], ["?", "Swamp", "Forest", "Mountain"],
                       ["Forest", "Swamp", "Plains", "Mountain"]]},
    "units": [{"id": "knight", "card": "White Knight", "owner": 0, "at": [0, 0]},
              {"id": "peg", "card": "Mesa Pegasus", "owner": 0, "at": [0, 1]},
              {"id": "boa", "card": "River Boa", "owner": 1, "at": [2, 2]}],
}
"""Ann's White Knight beside her Mesa Pegasus (banding: the Knight may join its square)."""


def _seat_table(app, tmp_path: Path) -> TableScene:
    table = TableScene(app, games.session_from_position(_position(tmp_path, **PEGASUS_BOARD)),
                       seat=0, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    return table


def _at(table: TableScene, uid: str) -> list[int]:
    return next(u["at"] for u in table.session.view(0)["units"] if u["id"] == uid)


def _sprite_centre(table: TableScene, uid: str) -> tuple[int, int]:
    return table.renderer.sprites[uid].home


def _move_mouse(app, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)


def test_a_selection_ends_with_the_turn(app, tmp_path) -> None:
    """Ann selects her White Knight, the turn goes round; on her next turn a click on the land
    under her Mesa Pegasus taps it — the Knight, selected last turn, does not move there."""
    table = _seat_table(app, tmp_path)
    click(app, _sprite_centre(table, "knight"))
    assert table.selected == "knight" and (0, 1) in table.highlights
    session = table.session
    start = session.state.turn
    for _ in range(40):  # Ann ends her turn; Ben passes his (as over the network)
        acting = session.acting_seat()
        if session.state.turn > start + 1 and acting == 0 and session.state.phase == "main":
            break
        types = [a.to_wire()["type"] for a in session.legal_actions(acting)]
        kind = next(k for k in ("done_attacking", "done_moving", "pass", "keep") if k in types)
        assert session.submit(acting, {"type": kind}).ok
    table.settle()
    step(app)
    assert table.selected is None and not table.highlights
    rect = table.renderer.square_rect((0, 1))
    click(app, (rect.x + 15, rect.bottom - 15))  # the gold tap mark of the Pegasus' land
    assert _at(table, "knight") == [0, 0]


def test_a_phase_change_ends_the_selection(app, tmp_path) -> None:
    table = _seat_table(app, tmp_path)
    click(app, _sprite_centre(table, "knight"))
    assert table.selected == "knight"
    table.submit({"type": "roll", "sides": 6})  # an action in the same phase keeps it
    assert table.selected == "knight"
    session = table.session
    while session.state.phase == "main" and session.acting_seat() == 0:
        types = {a["type"] for a in table.legal}
        table.submit({"type": next(k for k in ("done_attacking", "done_moving", "pass")
                                   if k in types)})
    assert table.selected is None and not table.highlights


def test_a_drag_moves_what_it_grabbed(app, tmp_path) -> None:
    """With the Knight selected, dragging the Pegasus (whose square the Knight could enter)
    moves the Pegasus, not the Knight."""
    table = _seat_table(app, tmp_path)
    click(app, _sprite_centre(table, "knight"))
    assert table.highlights.get((0, 1)) == "move"
    drag(app, _sprite_centre(table, "peg"), table.renderer.square_rect((0, 2)).center)
    assert _at(table, "peg") == [0, 2]
    assert _at(table, "knight") == [0, 0]


def test_the_scout_key_acts_on_the_creature_in_the_preview(app, tmp_path) -> None:
    table = _seat_table(app, tmp_path)
    click(app, _sprite_centre(table, "knight"))
    _move_mouse(app, _sprite_centre(table, "peg"))
    assert table.drawing.preview_target()[1]["id"] == "peg"
    key(app, pygame.K_s)
    assert table.selected == "peg" and table.mode == "scout"
    assert table.highlights == {(0, 2): "scout"}
    assert table.drawing.preview_target()[1]["id"] == "peg"


# ---------------------------------------------------------------- the preview (issue 10.7)
class FaceCalls:
    """The (name, pt, colours) of every card face the app draws from now on."""

    def __init__(self, app, monkeypatch) -> None:
        self.calls: list[tuple[str, Any, tuple[str, ...]]] = []
        real = app.images.face

        def face(name: str, card: Any, size: Any, pt: Any = None,
                 colours: tuple[str, ...] = ()) -> pygame.Surface:
            self.calls.append((name, pt, tuple(colours)))
            return real(name, card, size, pt=pt, colours=colours)

        monkeypatch.setattr(app.images, "face", face)

    def preview(self, app) -> tuple[str, Any, tuple[str, ...]]:
        self.calls.clear()
        app.draw(pygame.Surface(app.size))
        assert len(self.calls) == 1, self.calls
        return self.calls[0]


def _badge_pt(table: TableScene, uid: str) -> tuple[str, str]:
    unit = table.renderer.sprites[uid].unit
    power, tough = table.presentation.unit_pt(unit)
    return str(power), str(tough)


def test_the_preview_shows_the_boards_figures_after_a_change(app, tmp_path, monkeypatch) -> None:
    """Ann pins her White Knight, then pumps it +3/+3: the preview follows the board (it kept
    the figures of the moment it was pinned)."""
    table = _seat_table(app, tmp_path)
    click(app, _sprite_centre(table, "knight"))
    _move_mouse(app, (5, 5))  # nothing hovered: the pinned Knight shows
    faces = FaceCalls(app, monkeypatch)
    name, pt, _ = faces.preview(app)
    assert name == "White Knight" and tuple(map(str, pt)) == _badge_pt(table, "knight")
    assert table.submit({"type": "pt_change", "unit": "knight", "power": 3, "toughness": 3}).ok
    step(app)
    _move_mouse(app, (5, 5))
    name, pt, _ = faces.preview(app)
    assert name == "White Knight"
    assert tuple(map(str, pt)) == _badge_pt(table, "knight")
    assert _badge_pt(table, "knight") != ("2", "2")


def test_a_coloured_tokens_preview_has_its_colour(app, tmp_path, monkeypatch) -> None:
    table = _seat_table(app, tmp_path)
    assert table.submit({"type": "create_token", "at": [1, 0], "colors": ["G"]}).ok
    step(app)
    token = next(u for u in table.view["units"] if u["id"] not in ("knight", "peg", "boa"))
    assert token["colors"] == ["G"]
    _move_mouse(app, _sprite_centre(table, token["id"]))
    faces = FaceCalls(app, monkeypatch)
    name, pt, colours = faces.preview(app)
    assert name == token["name"] and colours == ("G",)
    # the proxy's art box carries a green symbol, not the grey colourless one
    from frontier_desktop.ui.theme import MANA_COLOURS

    lay = table.renderer.layout
    face = app.images.face(name, None, lay.preview.size, pt=pt, colours=colours)
    grey = app.images.face(name, None, lay.preview.size, pt=pt)
    w, h = face.get_size()
    probe = next((x, y) for y in range(h // 5, h // 2) for x in range(w // 4, 3 * w // 4)
                 if tuple(grey.get_at((x, y)))[:3] == MANA_COLOURS["C"])
    assert tuple(face.get_at(probe))[:3] == MANA_COLOURS["G"]
