"""The Conquering on the table, played with posted mouse events: the three-player triangle
and the four-player 3x5 with strongholds outside, hit-tested by place; conquer values and
control markers; moves dragged onto lit adjacent areas (the reason on an unlit one); the
conquest from the table; a blocker dragged onto an attacker with the block order shown; the
mana production die."""

from __future__ import annotations

import itertools

import pygame
import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.table.markers import SHAPES, marker_for
from frontier_desktop.ui.variants import ConqueringPresentation, presentation_for
from tests.rules.conquering_helpers import play, put
from tests.ui.conquering_scenes import midgame, session

from .helpers import click, drag, step

AREAS = [f"{s}{i}" for s in "ABC" for i in ("1", "2", "3", "i")]


def _table(app, players: int, seat: int = 0, **kw) -> tuple[TableScene, dict[str, str]]:
    sess, ids = session(players, **kw)
    table = TableScene(app, sess, seat=seat, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    return table, ids


def _free_spot(table: TableScene, place) -> tuple[int, int]:
    """A point of *place* that no token covers (its name band, else a corner)."""
    r = table.renderer
    rect = r.place_rect(place)
    for pos in (rect.midtop, (rect.x + 6, rect.y + 6), (rect.right - 6, rect.y + 6),
                (rect.x + 6, rect.bottom - 6)):
        pos = (pos[0], pos[1] + 4) if pos == rect.midtop else pos
        if r.sprite_at(pos) is None:
            return pos
    raise AssertionError(f"no free spot on {place}")


def test_the_triangle_is_drawn_with_twelve_areas_and_three_strongholds(app) -> None:
    table, _ = _table(app, 3)
    r = table.renderer
    assert isinstance(table.presentation, ConqueringPresentation)
    assert sorted(r.place_rects) == sorted(AREAS + ["S0", "S1", "S2"])
    for (a, ra), (b, rb) in itertools.combinations(r.place_rects.items(), 2):
        assert not ra.colliderect(rb), f"{a} and {b} overlap"
        assert r.layout.board.contains(ra), f"{a} is off the board"
    centre = {k: v.center for k, v in r.place_rects.items()}
    # the viewer's side along the bottom, their stronghold below its middle land; the next
    # seat clockwise on the left, the one after on the right
    assert centre["S0"][1] == max(c[1] for c in centre.values())
    assert centre["A1"][1] == centre["A2"][1] == centre["A3"][1]
    assert centre["S1"][0] < centre["B2"][0] < centre["Bi"][0]
    assert centre["S2"][0] > centre["C2"][0] > centre["Ci"][0]
    # clicking (or hovering) each place finds that place, whatever its shape on screen
    for place in r.place_rects:
        pos = _free_spot(table, place)
        assert r.square_at(pos) == place
        click(app, pos)
        cell = r.cell(place)
        if cell.get("face_up") and cell.get("land"):
            assert table.local.pinned == ("card", cell["land"]), place
            assert table.input.hover_target(pos) == ("card", cell["land"])


def test_seat_one_sees_its_own_side_and_stronghold_at_the_bottom(app) -> None:
    table, _ = _table(app, 3, seat=1)
    centre = {k: v.center for k, v in table.renderer.place_rects.items()}
    assert centre["S1"][1] == max(c[1] for c in centre.values())
    assert centre["B1"][1] == centre["B2"][1] == centre["B3"][1]


def test_a_four_player_game_is_a_3x5_with_a_stronghold_on_each_side(app) -> None:
    table, ids = _table(app, 4)
    r = table.renderer
    squares = [(row, col) for row in range(3) for col in range(5)]
    assert sorted(map(str, r.place_rects)) == sorted(map(str, squares + ["S0", "S1", "S2",
                                                                         "S3"]))
    rect = r.place_rect
    assert rect("S0").top >= rect((0, 2)).bottom and rect("S0").centerx == rect((0, 2)).centerx
    assert rect("S2").bottom <= rect((2, 2)).top
    assert rect("S1").right <= rect((1, 0)).left and rect("S3").left >= rect((1, 4)).right
    for place in r.place_rects:
        assert r.square_at(_free_spot(table, place)) == place
    # markers on controlled places, conquer values on revealed ones and every stronghold
    assert r.badge_rects[(1, 0)] and r.badge_rects["S3"] and not r.badge_rects.get((0, 0))
    pres = table.presentation
    assert [b.text for b in pres.cell_badges(r.cell("S1"))] == ["CV 7"]
    assert [b.text for b in pres.cell_badges(r.cell((1, 2)))] == ["CV 5"]
    assert pres.cell_marker(r.cell((2, 3))) == 3 and pres.cell_marker(r.cell((1, 2))) is None
    # a creature just summoned stands in its controller's stronghold
    assert rect("S0").collidepoint(r.sprites[ids["fresh"]].home)
    # every seat sees the board turned to it, its own stronghold at the bottom (the seat
    # across turned round, a seat at an end a quarter: issue 23, L11)
    for seat in (2, 1, 3):
        other = TableScene(app, table.session, seat=seat, hotseat=False)
        app.scenes.push(other)
        step(app, 2)
        centres = {k: v.center for k, v in other.renderer.place_rects.items()}
        own = centres[f"S{seat}"]
        assert own[1] == max(c[1] for c in centres.values()), seat
        xs = sorted(c[0] for c in centres.values())
        assert abs(own[0] - (xs[0] + xs[-1]) / 2) <= 2, seat  # in the middle of its side
        for place in other.renderer.place_rects:
            assert other.renderer.square_at(_free_spot(other, place)) == place


def test_markers_differ_in_colour_and_shape_for_four_seats() -> None:
    assert len({marker_for(s)[1] for s in range(4)}) == 4 == len(SHAPES)
    assert len({marker_for(s)[0] for s in range(4)}) == 4


def test_dragging_a_creature_lights_only_its_legal_areas_and_moves_it(app) -> None:
    table, ids = _table(app, 3)
    r = table.renderer
    bears = r.sprites[ids["bears"]]
    neighbours = set(table.view["board"]["areas"]["A2"]["neighbours"]) | {"S0"}
    unit = table.unit(ids["bears"])
    assert unit["moves"]
    # carried over an area it can't reach: nothing lit there, the reason in words
    far = _free_spot(table, "C1")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bears.home, button=1))
    step(app)
    for i in range(1, 5):
        p = (bears.home[0] + (far[0] - bears.home[0]) * i // 4,
             bears.home[1] + (far[1] - bears.home[1]) * i // 4)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                             buttons=(1, 0, 0)))
        step(app)
    lit = dict(table.local.highlights)
    assert set(lit) == set(unit["moves"]) and set(lit) <= neighbours
    assert set(lit.values()) == {"move"} and "C1" not in lit
    assert "next to" in table.drawing.refusal_shown
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=far, button=1))
    step(app, 2)
    assert table.unit(ids["bears"])["at"] == "A2"  # refused: it stays
    # dropped on a lit face-down area: it moves there, the land turns up with its value
    target = "A3"
    assert target in lit
    drag(app, r.sprites[ids["bears"]].home, _free_spot(table, target))
    assert table.unit(ids["bears"])["at"] == target
    cell = r.cell(target)
    assert cell["face_up"] and isinstance(cell["cv"], int)
    assert table.dice is not None and table.dice["caption"] == \
        f"The {cell['land']} at area A3 has a conquer value of {cell['cv']}"
    assert r.place_rect(target).collidepoint(r.sprites[ids["bears"]].home)


def test_creatures_conquer_their_area_from_the_table(app) -> None:
    table, ids = _table(app, 3, phase="conquer")
    r = table.renderer
    giant = r.sprites[ids["giant"]]
    # right-click: the menu offers the conquest in words
    click(app, giant.home, button=3)
    labels = [item.label for item in table.menu.items]
    entry = next(i for i, label in enumerate(labels) if label.startswith("Conquer with"))
    assert labels[entry] == "Conquer with Hill Giant (power 3)"
    click(app, table.menu.item_rect(entry).center)
    decision = table.view["decision"]
    assert decision["kind"] == "blocks" and decision["attackers"] == [ids["giant"]]
    assert decision["at"] == "Ai" and decision["player"] == 1


def test_a_click_on_the_lit_area_conquers_it_with_the_chosen_creatures(app) -> None:
    from frontier_desktop.session import LocalSession
    from tests.rules.conquering_helpers import set_land

    state, _ = midgame(4, phase="conquer")
    set_land(state, (1, 1), "Swamp", cv=2)
    bears = put(state, "Grizzly Bears", 0, (1, 1))
    table = TableScene(app, LocalSession(state), seat=0, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    r = table.renderer
    click(app, r.sprites[bears].home)
    assert table.local.highlights == {(1, 1): "attack"}
    click(app, _free_spot(table, (1, 1)))
    cell = table.view["board"]["rows"][1][1]
    assert cell["controller"] == 0  # power 2 against a conquer value of 2: captured
    assert table.presentation.cell_marker(cell) == 0
    assert r.badge_rects[(1, 1)]  # Edna's marker is on it now
    assert any(f.text == "taken" for f in table.fx.floaters)  # said where it happens


def test_a_blocker_is_dragged_onto_the_attacker_in_clockwise_order(app) -> None:
    state, ids = midgame(3, phase="conquer")
    theresa = put(state, "Grizzly Bears", 2, "Ai")
    state, _ = play(state, {"type": "conquer", "at": "Ai", "units": [ids["giant"]]})
    from frontier_desktop.session import LocalSession

    sess = LocalSession(state)
    table = TableScene(app, sess, seat=1, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    pres = table.presentation
    note = pres.board_note(table.view, 1)
    assert note == ("Edna attacks area Ai. Blocking now: Dale; then Theresa (clockwise).")
    assert "Blocking now: Dale" in pres.prompt(_ctx(table))
    r = table.renderer
    hero, giant = r.sprites[ids["hero"]], r.sprites[ids["giant"]]
    drag(app, hero.home, giant.home)
    assert table.view["decision"]["blocks"] == [[ids["hero"], ids["giant"]]]
    assert pres.declared_blocks(table.view) == [(ids["hero"], ids["giant"])]
    # Done blocking hands the choice to the next player clockwise
    table.submit({"type": "done_blocking"})
    step(app, 2)
    assert table.view["decision"]["player"] == 2
    assert pres.board_note(table.view, 1).endswith("Blocking now: Theresa, the last to block.")
    assert theresa in {u["id"] for u in table.view["units"]}


def _ctx(table: TableScene):
    from frontier_desktop.ui.variants import PromptContext

    return PromptContext(table.view, table.seat, frozenset(a["type"] for a in table.legal))


def test_the_mana_production_roll_is_animated_with_words(app) -> None:
    table, _ = _table(app, 3)
    for _ in range(12):  # Edna passes to the end of her turn: Dale's mana production
        if table.dice is not None:
            break
        table.submit({"type": "pass"})
        step(app)
    assert table.dice is not None and table.dice["sides"] == 6
    roll = table.dice["result"]
    # Dale's die is white (his Plains stronghold); his Plains and Mountain add one each
    assert table.dice["caption"] == f"Dale rolls {roll} for mana: {roll + 1} white and 1 red"
    state = table.session.state
    assert state.active == 1


def test_mana_is_counted_in_words() -> None:
    from frontier_desktop.ui.variants.conquering import mana_amount_words

    assert mana_amount_words("{W}{W}{W}{G}") == "3 white and 1 green"
    assert mana_amount_words("{B}{U}{R}") == "1 black, 1 blue and 1 red"
    assert mana_amount_words("") == ""


def test_the_presentation_is_registered_and_words_its_places() -> None:
    state, _ = midgame(3)
    from frontier_desktop.rules.views import describe

    view = describe(state, viewer=0)
    pres = presentation_for("conquering")
    assert isinstance(pres, ConqueringPresentation)
    pres.observe(view)
    strongholds = {s["place"]: s for s in view["board"]["strongholds"]}
    assert pres.place_title("S1", strongholds["S1"], view) == "Dale's stronghold"
    assert pres.place_title("B3", view["board"]["areas"]["B3"], view) == "B3"
    # face up: the land and the area's name, which the log and the covers use
    assert pres.place_title("A2", view["board"]["areas"]["A2"], view) == "A2 · Forest"
    assert pres.cell_badges(view["board"]["areas"]["B3"]) == []  # face down: no value yet
    assert A.Pass().to_wire() == {"type": "pass"}


LOOK_SIZES = [((960, 600), 1.0), ((1280, 720), 1.5), ((1280, 720), 2.0), ((1920, 1080), 2.0),
              ((1600, 900), 1.0)]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("size,scale", LOOK_SIZES,
                         ids=[f"{w}x{h}@{round(s * 100)}%" for (w, h), s in LOOK_SIZES])
def test_places_read_whole_at_every_scale(tmp_path, players, size, scale) -> None:
    """Every place's name band whole, its marker and conquer value inside it and apart, no
    two places overlapping, the block order inside the window."""
    from frontier_desktop.app import App
    from frontier_desktop.config import Paths, Settings

    settings = Settings(ui_scale=scale, window_size=size, cache_dir=str(tmp_path / "cache"),
                        offline=True)
    app = App(paths=Paths(tmp_path / "config", tmp_path / "data"), settings=settings,
              size=size, save_settings_on_exit=False)
    try:
        table, _ = _table(app, players)
        r = table.renderer
        assert all(lines is not None for _, lines in r.land_name_texts), r.land_name_texts
        for place, rect in r.place_rects.items():
            marks = r.badge_rects.get(place) or []
            for m in marks:
                assert rect.contains(m), f"a badge of {place} leaves it at {size}@{scale}"
            for a, b in itertools.combinations(marks, 2):
                assert not a.colliderect(b), f"{place}'s badges overlap"
            band = r.land_name_rects.get(place)
            if band is not None:
                assert all(m.top >= band.bottom - 1 for m in marks), f"{place}: on its name"
        for (a, ra), (b, rb) in itertools.combinations(r.place_rects.items(), 2):
            assert not ra.colliderect(rb), f"{a} and {b} overlap"
        note = table.presentation.board_note({**table.view, "decision": {
            "kind": "blocks", "player": 1, "seat": 0, "at": "Ai", "order": [2]}}, 0)
        assert app.fonts.whole_lines(note, 12, r.layout.board.w + 16, True, min_size=9)
    finally:
        app.art.close()
        pygame.quit()


def test_the_base_lays_out_a_grid_with_outside_places_for_other_variants() -> None:
    """The War Game's 3x5 with strongholds A-D outside: the base's place map, no Conquering."""
    from frontier_desktop.ui.variants import VariantPresentation

    rows = [[{"land": None}] * 5 for _ in range(3)]
    view = {"board": {"rows": rows, "strongholds": [
        {"place": "A", "beside": [0, 2], "player": 0}, {"place": "B", "beside": [1, 0]},
        {"place": "C", "beside": [2, 2], "player": 1}, {"place": "D", "beside": [1, 4]}]}}
    pres = VariantPresentation()
    for seat, low in ((0, "A"), (1, "C")):
        places = pres.place_layout(view, seat)
        assert places is not None and (places.width, places.height) == (7, 5)
        centres = places.centres
        assert centres[low][1] == max(c[1] for c in centres.values())
        assert {centres["B"][0], centres["D"][0]} == {0.5, 6.5}
    assert pres.place_layout({"board": {"rows": rows}}, 0) is None  # a plain grid


def test_an_area_is_named_by_its_place_in_menus_and_targets(app) -> None:
    table, _ = _table(app, 3)
    spot = _free_spot(table, "A2")
    assert table.targeting.target_at(spot) == "A2"
    asked: list[dict] = []
    table.confirm = lambda question, action: asked.append(action)  # type: ignore[method-assign]
    click(app, spot, button=3)
    labels = [item.label for item in table.menu.items]
    click(app, table.menu.item_rect(labels.index("Destroy this land (manual)")).center)
    assert asked == [{"type": "destroy_land", "at": "A2"}]
