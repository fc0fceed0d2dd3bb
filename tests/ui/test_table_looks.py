"""How the table looks at every scale (issue 10, item 10): text inside its boxes, readable
hand names at the 960x600 minimum, labels clear of the staging strips, the land name clear of
its token, a band's badges apart, a tapped creature unmistakable, messages coloured by kind."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from frontier_desktop.app import App
from frontier_desktop.config import Paths, Settings
from tests.ui.helpers import step

_DEMO: list[Any] = []


def _demo() -> Any:
    from frontier_desktop.ui.screenshot import demo_session

    if not _DEMO:
        _DEMO.append(demo_session(seed=7, turns=6))
    return _DEMO[0]


@pytest.fixture
def make_app(tmp_path: Path) -> Iterator[Callable[[tuple[int, int], float], App]]:
    apps: list[App] = []

    def make(size: tuple[int, int], scale: float) -> App:
        settings = Settings(ui_scale=scale, window_size=size, cache_dir=str(tmp_path / "cache"),
                            offline=True)
        app = App(paths=Paths(tmp_path / "config", tmp_path / "data"), settings=settings,
                  size=size, save_settings_on_exit=False)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.art.close()
    pygame.quit()


def _table(app: App, session: Any = None, seat: int = 0) -> Any:
    from frontier_desktop.ui.scenes.table import TableScene

    table = TableScene(app, session or _demo(), seat=seat, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    return table


def _fit_calls(app: App) -> tuple[list[tuple[str, Any]], Callable[[], None]]:
    """Record (text, colour) of every ``fonts.fit``/``fonts.text`` call; returns a restorer."""
    fonts = app.fonts
    calls: list[tuple[str, Any]] = []
    text, fit = fonts.text, fonts.fit

    def text_rec(t: str, size: int, colour: Any, *a: Any, **k: Any) -> pygame.Surface:
        calls.append((t, colour))
        return text(t, size, colour, *a, **k)

    def fit_rec(t: str, size: int, colour: Any, *a: Any, **k: Any) -> pygame.Surface:
        calls.append((t, colour))
        return fit(t, size, colour, *a, **k)

    fonts.text, fonts.fit = text_rec, fit_rec  # type: ignore[method-assign]

    def restore() -> None:
        del fonts.text, fonts.fit

    return calls, restore


def test_messages_are_coloured_by_kind(make_app) -> None:
    app = make_app((1600, 900), 1.0)
    table = _table(app)
    pal = app.palette
    for text, warn in (("Saved as ann.jsonl (Open game… in the menu loads it).", False),
                       ("You can only undo your own last action.", True)):
        table.say(text, warn=warn)
        calls, restore = _fit_calls(app)
        try:
            table.drawing.draw(pygame.Surface(app.size))
        finally:
            restore()
        colours = {c for t, c in calls if t and t in text}
        assert colours == {pal.warn if warn else pal.text}, (text, colours)


@pytest.mark.parametrize("code,words", [(13, "not writable"), (30, "read-only"),
                                        (28, "disk is full")])
def test_a_failed_save_says_why_in_words(make_app, monkeypatch, code: int, words: str) -> None:
    import frontier_desktop.record as record

    app = make_app((1600, 900), 1.0)
    table = _table(app)

    def refuse(path: Any, *a: Any, **k: Any) -> None:
        raise OSError(code, "Python's own words", str(path))

    monkeypatch.setattr(record, "write_record", refuse)
    message = table.files.save_named("ann")
    assert words in message and "Errno" not in message and "Python" not in message
    assert str(app.paths.saves_dir / "ann.jsonl") in message
    assert table.local.message_warn


def test_a_bad_saved_game_is_one_sentence_naming_the_file(make_app, tmp_path) -> None:
    app = make_app((1600, 900), 1.0)
    table = _table(app)
    bad = tmp_path / "broken.jsonl"
    bad.write_text("this is not a game\n")
    table.files.open_record(bad)
    message = table.local.message
    assert "broken.jsonl" in message and table.local.message_warn
    assert not message.startswith("Could not open"), message
    assert message.count("broken.jsonl") == 1, message


def test_the_replays_next_line_is_a_sentence(make_app) -> None:
    from frontier_desktop.ui.scenes.replay import ReplayScene

    app = make_app((1600, 900), 1.0)
    session = _demo()
    replay = ReplayScene(app, session.record_header, session.actions)
    app.scenes.push(replay)
    step(app, 2)
    names = [p["name"] for p in session.view(0)["players"]]
    for k in (0, 3, 12):
        replay.show(k)
        calls, restore = _fit_calls(app)
        try:
            replay.draw(pygame.Surface(app.size))
        finally:
            restore()
        nxt = sorted({t for t, _ in calls if t.startswith("Next:")})
        assert len(nxt) == 1, calls
        assert "seat" not in nxt[0] and "_" not in nxt[0], nxt[0]
        assert any(name in nxt[0] for name in names), nxt[0]


SIZES = [((960, 600), 1.0), ((1280, 720), 1.5), ((1280, 720), 2.0), ((1920, 1080), 2.0),
         ((1600, 900), 1.0)]
SIZE_IDS = [f"{w}x{h}@{round(s * 100)}%" for (w, h), s in SIZES]


def _status_texts(app: App, table: Any) -> list[tuple[str, Any]]:
    calls, restore = _fit_calls(app)
    try:
        table.drawing.draw_status(pygame.Surface(app.size))
    finally:
        restore()
    return calls


@pytest.mark.parametrize("size,scale", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("start", [True, False], ids=["set-up", "mid-game"])
def test_the_instructions_are_drawn_whole(make_app, size, scale, start: bool) -> None:
    """The prompt wraps onto as many lines as it needs and never ends in '…'; a message (here
    a long refusal) is shown whole in its own box over the board, inside the window and off
    the board's edges."""
    from frontier_desktop.ui.games import quick_game

    app = make_app(size, scale)
    table = _table(app, quick_game(seed=3) if start else None)
    message = ("You can't move there: Serra Angel has already moved this turn and can't move "
               "again until your next turn.")
    for said in ("", message):
        if said:
            table.say(said, warn=True)
        calls, restore = _fit_calls(app)
        try:
            table.drawing.draw(pygame.Surface(app.size))
        finally:
            restore()
        drawn = {t for t, _ in calls}
        assert not any("…" in t for t in drawn), drawn
        words = " ".join(t for t in drawn).split()
        for word in (table.prompt() + " " + said).split():
            assert word in words, f"{word!r} of the instructions is not drawn ({drawn})"
        if start:
            assert len(table.drawing.colour_rects) == 6
        box = table.drawing.draw_message(pygame.Surface(app.size))
        assert (box is None) == (not said)
        if box is not None:  # in the middle column, off the player's own pieces and hand
            r = table.renderer
            lay = r.layout
            middle = pygame.Rect(lay.left.right, 0, lay.side.left - lay.left.right, size[1])
            assert middle.contains(box), (box, middle)
            home = r.square_rect((r._home_row(0), 0)).union(
                r.square_rect((r._home_row(0), r.cols - 1)))
            for mine in (home, lay.own_strip, lay.own_hand):
                assert not box.colliderect(mine), (box, mine)


@pytest.mark.parametrize("size,scale", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("seat", [0, 1])
def test_the_board_coordinates_are_clear_of_the_strips(make_app, size, scale, seat) -> None:
    app = make_app(size, scale)
    table = _table(app, seat=seat)
    r = table.renderer
    lay = r.layout
    middle = pygame.Rect(lay.left.right, 0, lay.side.left - lay.left.right, app.size[1])
    assert len(r.label_rects) == r.rows + r.cols
    for rect in r.label_rects:
        for strip in (lay.own_strip, lay.opp_strip):
            assert not rect.colliderect(strip), f"label {rect} under the strip {strip}"
        assert middle.contains(rect), f"label {rect} off the middle {middle}"
        assert not rect.colliderect(lay.board), f"label {rect} on the board {lay.board}"


def _bands(app: App, seat: int = 0) -> Any:
    from frontier_desktop.ui import games
    from tests.ui.helpers import FIXTURES

    return _table(app, games.session_from_position(FIXTURES / "bands.json"), seat=seat)


def _badge_rects(sprite: Any) -> list[pygame.Rect]:
    cx, cy = sprite.home
    return [pygame.Rect((cx + dx, cy + dy), surf.get_size()) for surf, (dx, dy) in sprite.badges]


def _token_rect(sprite: Any) -> pygame.Rect:
    return sprite.surface.get_rect(center=sprite.home)


@pytest.mark.parametrize("size,scale", SIZES, ids=SIZE_IDS)
def test_a_bands_badges_do_not_overlap(make_app, size, scale) -> None:
    app = make_app(size, scale)
    table = _bands(app)
    r = table.renderer
    band = [r.sprites["hero1"], r.sprites["hero2"]]
    rects = [rect for sprite in band for rect in _badge_rects(sprite)]
    assert rects, "the band shows its figures"
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.colliderect(b), f"badges {a} and {b} of one band overlap"
    # the stack's combined figures (the view's facts) are on it, once
    lead = next(u for u in table.view["units"] if u["id"] == "hero1")
    assert table.presentation.unit_pt(lead) == (4, 4)
    cell = r.square_rect(table.presentation.place(lead["at"]))
    for rect in rects:
        assert cell.inflate(8, 8).contains(rect), f"badge {rect} leaves its square {cell}"


@pytest.mark.parametrize("size,scale", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("fixture", ["bands", "demo"])
def test_the_land_name_is_not_under_a_token(make_app, size, scale, fixture) -> None:
    app = make_app(size, scale)
    table = _bands(app) if fixture == "bands" else _table(app)
    r = table.renderer
    on_board = [sp for sp in r.sprites.values()
                if table.presentation.strip_of(sp.unit) is None]
    assert on_board
    for rr, row in enumerate(table.view["board"]["rows"]):
        for cc, cell in enumerate(row):
            if cell.get("face_up") and cell.get("land"):
                assert (rr, cc) in r.land_name_rects, f"{cell['land']} has no name band"
    for name, lines in r.land_name_texts:
        assert lines is not None and " ".join(lines) == name, f"{name} is cut: {lines}"
    for sprite in on_board:
        sq = table.presentation.place(sprite.unit["at"])
        band = r.land_name_rects.get(sq)
        if band is None:  # a face-down land: no name to read
            continue
        assert r.square_rect(sq).contains(band)
        for thing in [_token_rect(sprite), *_badge_rects(sprite)]:
            assert not thing.colliderect(band), \
                f"{sprite.unit['name']} at {thing} covers the land name {band}"


def test_a_tapped_creature_shows_at_a_glance(make_app) -> None:
    import copy

    app = make_app((1600, 900), 1.0)
    table = _bands(app)
    r = table.renderer
    untapped = r.sprites["hero3"].surface
    view = copy.deepcopy(table.view)
    next(u for u in view["units"] if u["id"] == "hero3")["tapped"] = True
    calls, restore = _fit_calls(app)
    try:
        r.set_view(view, 0)
    finally:
        restore()
    tapped = r.sprites["hero3"].surface
    assert any(t == "TAPPED" for t, _ in calls), "a tapped creature is marked in words"
    # dimmed: clearly darker on average, not only turned
    def brightness(surf: pygame.Surface) -> float:
        w, h = surf.get_size()
        px = [surf.get_at((x, y)) for x in range(0, w, 3) for y in range(0, h, 3)]
        px = [p for p in px if p.a > 200]
        return sum(p.r + p.g + p.b for p in px) / max(1, len(px))

    assert brightness(tapped) < 0.75 * brightness(untapped)
    # ringed in the tap colour: many pixels of it on the edge
    tap = app.palette.tap
    w, h = tapped.get_size()
    ring = [tapped.get_at((x, h // 2)) for x in range(0, w // 6)]
    assert any(abs(p.r - tap[0]) + abs(p.g - tap[1]) + abs(p.b - tap[2]) < 60 for p in ring)


@pytest.mark.parametrize("size,scale", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("extra", [0, 3], ids=["seven", "ten"])
def test_every_hand_name_is_readable(make_app, size, scale, extra) -> None:
    """At every size, even the 960x600 minimum with ten cards, each hand card's name is drawn
    whole (smaller, or on two lines, never '…'), at a legible size, and no two name tags
    overlap."""
    import copy

    from frontier_desktop.ui.table.render import HAND_NAME_MIN

    app = make_app(size, scale)
    table = _table(app)
    r = table.renderer
    view = copy.deepcopy(table.view)
    me = view["players"][0]
    me["hand"] = ["Drudge Skeletons", "Adventurers' Guildhouse", "Serra Angel",
                  "Benalish Hero", "Lightning Bolt", "Giant Growth", "Llanowar Elves",
                  "Shanodin Dryads", "Sengir Vampire", "Mesa Pegasus"][:7 + extra]
    me["hand_ids"] = [f"c{i}" for i in range(len(me["hand"]))]
    me["hand_count"] = len(me["hand"])
    r.set_view(view, 0)
    tags = r.hand_name_rects
    assert len(tags) == len(me["hand"]) == len(r.hand_name_texts)
    for name, size, lines, _turned in r.hand_name_texts:
        assert lines is not None, f"{name} is cut"
        assert " ".join(lines) == name and len(lines) <= 2
        assert size >= HAND_NAME_MIN, f"{name} drawn too small"
    for i, a in enumerate(tags):
        card = r.hand_rects[i][0]
        assert card.contains(a), f"tag {a} leaves its card {card}"
        for b in tags[i + 1:]:
            assert not a.colliderect(b), f"name tags {a} and {b} overlap"


def test_the_other_seats_mulligan_says_who_is_deciding() -> None:
    from frontier_desktop.ui.variants import presentation_for
    from frontier_desktop.ui.variants.base import PromptContext

    view = {"decision": {"kind": "mulligan", "player": 0},
            "players": [{"name": "Ann"}, {"name": "Ben"}]}
    pres = presentation_for("frontier")
    waiting = pres.prompt(PromptContext(view, 1, frozenset()))
    assert waiting == "Ann is deciding whether to keep that opening hand or mulligan."
    deciding = pres.prompt(PromptContext(view, 0, frozenset({"keep", "mulligan"})))
    assert deciding.startswith("Keep these seven cards")


class _Blits(pygame.Surface):
    """A window-sized surface that notes every blit's source and rectangle, in order."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.log: list[tuple[int, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,  # type: ignore[override]
             special_flags: int = 0) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)
        self.log.append((id(source), rect))
        return rect


@pytest.mark.parametrize("size,scale", [((960, 600), 1.0), ((1600, 900), 1.0)])
def test_no_token_is_drawn_over_a_badge(make_app, size, scale) -> None:
    """A fanned stack's neighbour is not drawn over the stack's figures."""
    app = make_app(size, scale)
    table = _bands(app)
    r = table.renderer
    tokens = {id(sp.surface) for sp in r.sprites.values()}
    badges = {id(b) for sp in r.sprites.values() for b, _ in sp.badges}
    surface = _Blits(app.size)
    table.drawing.draw(surface)
    for i, (src, rect) in enumerate(surface.log):
        if src in badges:
            for later, over in surface.log[i + 1:]:
                assert not (later in tokens and over.colliderect(rect)), \
                    f"a token drawn at {over} covers the badge at {rect}"


@pytest.mark.parametrize("size,scale", SIZES, ids=SIZE_IDS)
def test_the_static_layers_text_stays_in_its_boxes(make_app, size, scale) -> None:
    """The cached layer's text (panels, log, strips' labels, hand names, land names): each
    line inside the window, none on another; the log's lines and title inside the log box,
    each player's lines inside their panel."""
    app = make_app(size, scale)
    table = _table(app)
    r = table.renderer
    fonts = app.fonts
    made: dict[int, str] = {}
    text, fit = fonts.text, fonts.fit

    def text_rec(t: str, *a: Any, **k: Any) -> pygame.Surface:
        surf = text(t, *a, **k)
        made[id(surf)] = t
        return surf

    def fit_rec(t: str, *a: Any, **k: Any) -> pygame.Surface:
        surf = fit(t, *a, **k)
        made[id(surf)] = t
        return surf

    layer = _Blits(app.size)
    r.new_layer = lambda size: layer  # type: ignore[method-assign]
    fonts.text, fonts.fit = text_rec, fit_rec  # type: ignore[method-assign]
    try:
        r.rebuild()
    finally:
        del fonts.text, fonts.fit
    lay = r.layout
    window = pygame.Rect((0, 0), app.size)
    texts = [(made[src], rect) for src, rect in layer.log if src in made]
    assert texts
    for t, rect in texts:
        assert window.contains(rect), f"{t!r} at {rect} leaves the window"
    for i, (a, ra) in enumerate(texts):
        for b, rb in texts[i + 1:]:
            assert not ra.colliderect(rb), f"{a!r} at {ra} overlaps {b!r} at {rb}"
    log_lines = set(r.log_lines) | {"Game log"}
    for t, rect in texts:
        if t in log_lines or t.strip() in {line.strip() for line in r.log_lines}:
            assert lay.log.contains(rect), f"log line {t!r} at {rect} out of {lay.log}"
    for t, rect in texts:
        if t.startswith(("Library ", "Graveyard ", "Land graveyard", "Mana:")):
            assert lay.opp_panel.contains(rect) or lay.own_panel.contains(rect), \
                f"{t!r} at {rect} is out of the panels"


@pytest.mark.parametrize("size,scale", SIZES, ids=SIZE_IDS)
def test_a_short_message_leaves_the_strips_label_readable(make_app, size, scale) -> None:
    app = make_app(size, scale)
    table = _table(app)
    table.say("Undone.")
    box = table.drawing.draw_message(pygame.Surface(app.size))
    assert box is not None
    for label in table.renderer.strip_label_rects:
        assert not box.colliderect(label), f"the message {box} covers the label {label}"


@pytest.mark.parametrize("size,scale", SIZES, ids=SIZE_IDS)
def test_the_frontier_status_heading_names_the_step_whole(make_app, size, scale) -> None:
    # Play-testing at 960x600: the one-line heading read "Turn 7 · Ann · main", its
    # "phase" wrapped onto a second line that was never drawn.
    app = make_app(size, scale)
    table = _table(app)
    head = table.renderer.phase_text()
    assert head.endswith("phase") or head.endswith("step"), head
    drawn = [t for t, _ in _status_texts(app, table)]
    assert head in drawn and not any("…" in t for t in drawn), drawn
