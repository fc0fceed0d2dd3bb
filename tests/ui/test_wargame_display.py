"""Display defects of the War Game table found by play-testing: the log tells a damage
division once, in words; the stronghold owner's "tap?" badges don't cover the stronghold's
letter; the division panel leaves the combat square and its creatures in sight."""

from __future__ import annotations

import itertools

import pygame
import pytest

from frontier_desktop.session import LocalSession
from frontier_desktop.ui.scenes.table import TableScene
from tests.ui.wargame_scenes import division

from .helpers import click, step


def _table(app, state, seat: int = 0) -> TableScene:
    table = TableScene(app, LocalSession(state), seat=seat, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    return table


def test_a_division_is_one_line_of_the_log(app) -> None:
    # Play-testing: "Ann divides the damage: …" and again "Ann divides it: …" for one division.
    state, ids = division(4)
    table = _table(app, state)
    geo = table.division.geometry(table.division.request)
    click(app, geo.lethal.center)
    click(app, geo.confirm.center)
    assert table.division.request is None
    lines = [line for line in table.renderer.log_lines if "divide" in line]
    # every seat plays the same sample deck: a creature's name alone says whose it is not
    assert lines == ["Ann divides the damage: 1 to Ben's Hill Giant, 2 to Ben's Grizzly Bears "
                     "and 2 to Ben's Serra Angel"], lines
    assert "  Ann's Serra Angel deals 2 damage to Ben's Serra Angel" in table.renderer.log_lines
    assert "  Ann's Serra Angel dies" in table.renderer.log_lines


SIZES = [((960, 600), 1.0), ((1280, 720), 1.0), ((1280, 720), 1.5), ((1920, 1080), 2.0),
         ((1600, 900), 1.0)]
SIZE_IDS = [f"{w}x{h}@{round(s * 100)}%" for (w, h), s in SIZES]


@pytest.fixture
def sized(tmp_path):
    """An App of a given window size and UI scale (closed after the test)."""
    from frontier_desktop.app import App
    from frontier_desktop.config import Paths, Settings

    made = []

    def make(size, scale):
        settings = Settings(ui_scale=scale, window_size=size,
                            cache_dir=str(tmp_path / "cache"), offline=True)
        made.append(App(paths=Paths(tmp_path / "config", tmp_path / "data"),
                        settings=settings, size=size, save_settings_on_exit=False))
        return made[-1]

    yield make
    for a in made:
        a.shutdown()


def _attacked_stronghold(app):
    """Ben's stronghold B attacked by Ann's Grizzly Bears and Hill Giant (Ben's White Knight
    at home): Ben, at the screen, may tap one attacker."""
    from frontier_desktop.rules import actions as A
    from tests.rules.wargame_helpers import play, put
    from tests.ui.wargame_scenes import midgame

    state, ids = midgame(4)
    ids["b_bears"] = put(state, "Grizzly Bears", 0, "S1")
    ids["b_giant"] = put(state, "Hill Giant", 0, "S1")
    ids["b_knight"] = put(state, "White Knight", 1, "S1")
    state, _ = play(state, A.Pass())
    assert state.decision["kind"] == "choice" and state.decision["player"] == 1
    return _table(app, state, seat=1), ids


def _words(table, place) -> list[pygame.Rect]:
    """Screen rects of the words drawn on *place*: its badges and the text badges of the
    creatures standing there (a ring around a token is no text)."""
    r = table.renderer
    rects = list(r.badge_rects.get(place) or [])
    for sprite in r.sprites.values():
        if r.place_rect(place).collidepoint(sprite.home):
            for badge, (dx, dy) in sprite.badges:
                w, h = badge.get_size()
                if not (w == h and w > 2 * sprite.radius):  # a ring: a square around it
                    rects.append(badge.get_rect(topleft=(sprite.home[0] + dx,
                                                         sprite.home[1] + dy)))
    return rects


@pytest.mark.parametrize("size,scale", SIZES, ids=SIZE_IDS)
def test_the_tap_choice_rings_the_attackers_clear_of_the_strongholds_name(
        sized, size, scale) -> None:
    # Play-testing at 960x600: the "tap?" pills covered the gold "B" of the stronghold and
    # each other; the letter is now in the name band ("B: Ben's stronghold") only, and the
    # attackers Ben may tap are ringed in gold.
    app = sized(size, scale)
    table, ids = _attacked_stronghold(app)
    r = table.renderer
    pres = table.presentation
    rung = [uid for uid in (ids["b_bears"], ids["b_giant"], ids["b_knight"])
            if any(b.anchor == "ring" for b in pres.unit_badges(table.unit(uid)))]
    assert rung == [ids["b_bears"], ids["b_giant"]]  # the attackers, not Ben's own knight
    assert pres.place_title("S1", r.cell("S1"), table.view).startswith("B: ")
    band = r.land_name_rects["S1"]
    assert all(b.text != "B" for b in pres.cell_badges(r.cell("S1")))
    words = _words(table, "S1")
    assert words
    for w in words:
        assert not w.colliderect(band), f"a badge on the stronghold's name at {size}@{scale}"
    for a, b in itertools.combinations(words, 2):
        assert not a.colliderect(b), f"{a} overlaps {b} at {size}@{scale}"


@pytest.mark.parametrize("at", [(1, 1), (1, 3), (0, 4), (2, 0), "S1"],
                         ids=["middle", "right", "top-right", "bottom-left", "north-stronghold"])
@pytest.mark.parametrize("size,scale", SIZES, ids=SIZE_IDS)
def test_the_division_panel_leaves_the_combat_in_view(sized, size, scale, at) -> None:
    # Play-testing: the panel sat over the middle of the board, on the very square whose
    # combat it divides, hiding the creatures it names.
    from tests.ui.wargame_scenes import division

    app = sized(size, scale)
    state, _ = division(4, at)
    table = _table(app, state)
    panel = table.division
    request = panel.request
    assert request is not None and request.context["at"] == (list(at) if isinstance(
        at, tuple) else at)
    r = table.renderer
    lay = r.layout
    geo = panel.geometry(request)
    place = r.place_rect(at)
    fighting = [pygame.Rect(0, 0, 2 * s.radius, 2 * s.radius) for s in r.sprites.values()
                if place.collidepoint(s.home)]
    for s, rect in zip([s for s in r.sprites.values() if place.collidepoint(s.home)],
                       fighting):
        rect.center = s.home
    assert len(fighting) >= 4
    for rect in [place, *fighting, *_words(table, at)]:
        assert not geo.panel.colliderect(rect), f"the panel covers the combat at {size}"
    assert pygame.Rect((0, 0), app.size).contains(geo.panel)
    assert not geo.panel.colliderect(lay.left)  # the prompt and the Done button stay
    inside = geo.panel.inflate(-2, -2)
    for part in [geo.pool, geo.lethal, geo.confirm, *(c.box for c in geo.cards)]:
        assert inside.contains(part), f"{part} leaves the panel at {size}@{scale}"
    boxes = [c.box for c in geo.cards]
    for a, b in itertools.combinations(boxes + [geo.pool, geo.lethal, geo.confirm], 2):
        assert not a.colliderect(b), f"{a} overlaps {b} at {size}@{scale}"
    for c in geo.cards:
        for part in (c.pips, c.minus, c.plus):
            assert c.box.contains(part)


@pytest.mark.parametrize("size,scale", SIZES, ids=SIZE_IDS)
def test_four_creatures_on_one_terrain_keep_their_figures_apart(sized, size, scale) -> None:
    # Play-testing at 960x600: a division's square with four creatures (two of them damaged)
    # showed their P/T and damage pills on top of each other.
    from tests.ui.wargame_scenes import division

    app = sized(size, scale)
    state, _ = division(4)
    table = _table(app, state)
    r = table.renderer
    here = [s for s in r.sprites.values() if r.place_rect((1, 1)).collidepoint(s.home)]
    assert len(here) == 4
    words = _words(table, (1, 1))
    assert len(words) >= 4  # four P/T pills (and two damage counters, apart or joined)
    for w in words:
        assert not w.colliderect(r.land_name_rects[(1, 1)]), f"on the name at {size}"
    for a, b in itertools.combinations(words, 2):
        assert not a.colliderect(b), f"{a} overlaps {b} at {size}@{scale}"
    for s in here:  # a token, never a dot under its figures
        assert 2 * s.radius >= 12


@pytest.mark.parametrize("size,scale", SIZES, ids=SIZE_IDS)
def test_two_creatures_on_a_terrain_show_their_tokens_and_figures(sized, size, scale) -> None:
    # Play-testing at 960x600: two creatures (one damaged) on a Mountain were two pills with
    # no creature to be seen under them.
    from tests.rules.wargame_helpers import put
    from tests.ui.wargame_scenes import midgame

    app = sized(size, scale)
    state, ids = midgame(4)
    foe = put(state, "Serra Angel", 1, (1, 0), damage=3)
    table = _table(app, state)
    r = table.renderer
    words = _words(table, (1, 0))
    for a, b in itertools.combinations(words, 2):
        assert not a.colliderect(b), f"{a} overlaps {b} at {size}@{scale}"
    for uid in (ids["giant"], foe):
        sprite = r.sprites[uid]
        token = pygame.Rect(0, 0, 2 * sprite.radius, 2 * sprite.radius)
        token.center = sprite.home
        covered = max((token.clip(w).h for w in words if w.colliderect(token)), default=0)
        assert covered <= token.h // 2, f"its figures hide the creature at {size}@{scale}"


@pytest.mark.parametrize("size,scale", SIZES, ids=SIZE_IDS)
def test_a_taken_stronghold_says_who_holds_it_clear_of_its_creatures_figures(
        sized, size, scale) -> None:
    # Play-testing at 1280x720: "held by Cy" along the foot of Ben's stronghold covered the
    # P/T of Cy's creature standing in it; now the name band says it, and Cy's marker stays
    # clear of the figures too.
    from tests.rules.wargame_helpers import put
    from tests.ui.wargame_scenes import midgame

    app = sized(size, scale)
    state, _ = midgame(4)
    boa = put(state, "River Boa", 2, "S1")
    state.cells["S1"].extra["controller"] = 2
    table = _table(app, state)
    r = table.renderer
    held = r.badge_rects["S1"]  # Cat's marker
    pres = table.presentation
    assert pres.place_title("S1", r.cell("S1"), table.view) == "B: Ben's, held by Cat"
    assert pres.cell_marker(r.cell("S1")) == 2 and held
    sprite = r.sprites[boa]
    token = pygame.Rect(0, 0, 2 * sprite.radius, 2 * sprite.radius)
    token.center = sprite.home
    figures = [b.get_rect(topleft=(sprite.home[0] + dx, sprite.home[1] + dy))
               for b, (dx, dy) in sprite.badges]
    for mark in held:
        for rect in figures:
            assert not mark.colliderect(rect), f"{mark} covers {rect} at {size}@{scale}"
        clip = mark.clip(token)  # at most a corner of the token
        assert clip.w * clip.h <= token.w * token.h // 8


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size,scale", SIZES, ids=SIZE_IDS)
def test_the_status_heading_names_the_step_whole(sized, size, scale, players) -> None:
    # Play-testing at 960x600, two players: the heading read "Turn 6 · Ann ·", the step cut.
    from tests.ui.wargame_scenes import midgame

    app = sized(size, scale)
    state, _ = midgame(players, phase="heal")
    table = _table(app, state)
    heads, yous = table.drawing.status_lines()
    assert " ".join(heads).endswith("heal phase"), heads
    assert " ".join(yous).startswith("You are Ann"), yous


def test_the_preview_keeps_the_creature_while_its_heal_menu_is_used(app) -> None:
    # Play-testing: moving onto the Heal entries of the Hill Giant's menu showed the land
    # under the menu (a Mountain) in the preview instead of the Hill Giant.
    from tests.ui.wargame_scenes import midgame

    state, ids = midgame(4, phase="heal")
    table = _table(app, state)
    click(app, table.renderer.sprites[ids["giant"]].home, button=3)
    assert table.menu is not None
    for i in range(len(table.menu.items)):
        pos = table.menu.item_rect(i).center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        step(app)
        target = table.drawing.preview_target()
        assert target is not None and target[0] == "unit", target
        assert target[1]["id"] == ids["giant"]


def test_the_tap_buttons_name_the_attackers_plainly(sized) -> None:
    # The log names creatures with their controller in the War Game ("Ann's Grizzly Bears");
    # on the tap buttons, all the attacker's, that only cut the label at 960x600.
    app = sized((960, 600), 1.0)
    table, _ = _attacked_stronghold(app)
    table.stack_panel.update()
    labels = [label for _, label, _ in table.stack_panel.buttons]
    assert labels == ["Tap Grizzly Bears", "Tap Hill Giant", "Tap none"]


def test_the_panels_count_supply_and_show_no_empty_mana_pool(app, monkeypatch) -> None:
    """Play-testing: the War Game's panels said "Mana: empty" above "Supply 4" (mana comes
    only as supply there). The row shows only while mana waits in the pool; the other
    variants' panels keep it."""
    from tests.ui.test_table_seat import Surfaces
    from tests.ui.wargame_scenes import midgame

    surfaces = Surfaces(app, monkeypatch)
    state, _ = midgame(4)
    table = _table(app, state)
    texts = surfaces.render(app, table)
    assert "Mana:" not in texts and any(t.startswith("Supply") for t in texts), texts
    from frontier_desktop.ui.variants.base import VariantPresentation

    assert VariantPresentation.mana_row  # the other variants' panels keep their Mana: row


@pytest.mark.parametrize("size", [(1600, 900), (1280, 720), (960, 600)])
def test_the_zooms_band_hides_the_log_lines_it_covers_whole(sized, size) -> None:
    # Play-testing (README screenshot): the "Automatic: Flying / Vigilance" band under the
    # zoom ended halfway down the log's first line, whose lower half peeked out below it.
    from tests.ui.wargame_scenes import midgame

    app = sized(size, 1.0)
    state, ids = midgame(4)
    table = _table(app, state)
    table.renderer.log_lines[:] = ["Ann will divide combat damage by hand"] * 12
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION,
                                         pos=table.renderer.sprites[ids["angel"]].home,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    target = table.drawing.preview_target()
    assert target is not None and target[1]["id"] == ids["angel"]
    lay = table.renderer.layout
    band = table.drawing.support_band("Serra Angel", lay.preview.w)
    assert band is not None
    frame = pygame.Surface(app.size)
    app.draw(frame)
    bottom = lay.preview.bottom + app.px(4) + band.get_height()
    if bottom < lay.log.y:
        return  # the band ends above the log: nothing to hide at this size
    line = app.fonts.font(13).get_linesize()
    strip = pygame.Rect(lay.log.x + 2, bottom, lay.log.w - 4, line).clip(lay.log)
    colours = {tuple(frame.get_at((x, y)))[:3] for x in range(strip.x, strip.right)
               for y in range(strip.y, strip.bottom)}
    assert colours == {tuple(app.palette.bg)[:3]}, "a covered log line peeks out"


def test_a_headline_names_the_actors_own_creature_plainly() -> None:
    # Play-testing: "Cy moves Cy's Mesa Pegasus to column 4, row 2". The owner's name stays
    # where it tells something: another player's creature, and the lines of events.
    from frontier_desktop.ui.table.words import Namer, action_words

    names = Namer(["Ann", "Ben", "Cy"])
    names.possessive = True
    names.learn_unit("u1", "Mesa Pegasus", 2)
    names.learn_unit("u2", "Mesa Pegasus", 0)
    moved = action_words({"type": "move", "unit": "u1", "to": [1, 3]}, 2, names)
    assert moved is not None and moved.startswith("Cy moves Mesa Pegasus to "), moved
    theirs = action_words({"type": "move", "unit": "u2", "to": [1, 3]}, 2, names)
    assert theirs is not None and "Ann's Mesa Pegasus" in theirs, theirs
    assert names.unit("u1") == "Cy's Mesa Pegasus"  # outside a headline: whose it is


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
@pytest.mark.parametrize("players", [3, 4])
def test_the_supply_captions_stay_on_the_board(sized, size, players) -> None:
    # Play-testing at 960x600: "Ann rolls 3 for supply: 11 supply points" beside A, on the
    # west edge, ran out of the board over the status column ("casting pha…" cut); at
    # 1280x720 with three players Cy's caption covered the name of Cy's own stronghold.
    from tests.ui.wargame_scenes import midgame

    app = sized(size, 1.0)
    state, _ = midgame(players, phase="casting")
    table = _table(app, state)
    lay = table.renderer.layout
    for seat, place in enumerate(("S0", "S1", "S2", "S3")[:players]):
        table.dice = {"player": seat, "sides": 6, "result": 3, "t": 1.0,
                      "caption": f"{state.players[seat].name} rolls 3 for supply: 11 supply "
                                 "points"}
        spot = table.drawing.dice_spot()
        cap = app.fonts.fit(table.dice["caption"], 16, app.palette.accent, lay.board.w - 16,
                            True)
        box = table.drawing.caption_rect(spot, cap.get_size())
        assert lay.board.contains(box), (place, box, lay.board)
        assert not box.colliderect(spot), place  # the die itself stays in sight
        own = table.renderer.place_rect(place)  # the roller's stronghold: its name in sight
        assert own is not None and not box.colliderect(own.move(0, 0).clip(
            own.x, own.y, own.w, own.h // 3)), place


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 4])
def test_the_panels_facts_never_run_into_the_supply_figure(sized, size, players) -> None:
    # Play-testing at 960x600, two players: without the Mana row the facts moved up beside
    # the big supply figure, "Hand 4" running into its caption ("Hand 4supply").
    from tests.ui.wargame_scenes import midgame

    app = sized(size, 1.0)
    state, _ = midgame(players, phase="heal")
    table = _table(app, state)
    app.draw(pygame.Surface(app.size))
    parts = table.renderer.panel_parts
    assert parts, "no panel drawn"
    for seat, (figure, lines) in parts.items():
        assert lines, seat
        assert not any(line.colliderect(figure) for line in lines), (seat, figure, lines)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
@pytest.mark.parametrize("players", [2, 4])
def test_the_division_panels_title_is_whole(sized, size, players, monkeypatch) -> None:
    # Play-testing at 960x600, two players: "Divide your 1 damage (combat at column 2, r…".
    import dataclasses

    from tests.ui.test_table_seat import Surfaces

    app = sized(size, 1.0)
    state, _ = division(players)
    table = _table(app, state)
    request = table.division.request
    assert request is not None and request.title.startswith("Divide ")
    assert "column" in request.title or "stronghold" in request.title, request.title
    surfaces = Surfaces(app, monkeypatch)
    for count in (1, len(request.recipients)):  # one creature to damage: the narrowest panel
        narrow = dataclasses.replace(request, recipients=request.recipients[:count])
        monkeypatch.setattr(table.presentation, "division", lambda view, seat: narrow)
        shown = [t for t in surfaces.render(app, table) if t.startswith("Divide ")]
        assert request.title in shown and not any(t.endswith("…") for t in shown), shown


def test_no_supply_names_who_holds_the_stronghold() -> None:
    # Play-testing: "Cy gains no supply (their stronghold is held by another player)".
    from frontier_desktop.ui.table.words import Namer, event_words

    names = Namer(["Ann", "Ben", "Cy"])
    line = event_words({"type": "supply", "player": 2, "roll": None, "total": 5,
                        "holder": 1}, names)
    assert line == "Cy gains no supply (Ben holds their stronghold)", line
    mana = event_words({"type": "mana", "player": 0, "roll": None, "added": "",
                        "holder": 2}, names)  # the Conquering's production, the same words
    assert mana == "Ann makes no mana (Cy holds their stronghold)", mana
