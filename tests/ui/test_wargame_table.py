"""The War Game on the table, played with posted mouse events: the 3x5 with the strongholds
at their sides (A west, B north, C east, D south), face down to the others; supply in the
panels; a move dragged onto a lit place (a flyer's diagonals); a heal from a creature's menu;
the combat division dragged point by point, capped per creature, with its running total;
the stronghold owner's tap of an attacker; the supply die beside the roller's stronghold;
and a three-player War Game started from the set-up."""

from __future__ import annotations

import pygame

from frontier_desktop.rules import actions as A
from frontier_desktop.session import LocalSession
from frontier_desktop.ui.scenes.cover import CoverScene
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.variants import WarGamePresentation
from tests.rules.wargame_helpers import play, put
from tests.ui.wargame_scenes import division, midgame

from .helpers import click, drag, key, press, step, uncover
from .test_full_game import choose


def _table(app, state, seat: int = 0) -> TableScene:
    table = TableScene(app, LocalSession(state), seat=seat, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    return table


def _grab(app, pos: tuple[int, int], to: tuple[int, int]) -> None:
    """Press at *pos* and carry the token half way to *to* (not let go)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    step(app)
    mid = ((pos[0] + to[0]) // 2, (pos[1] + to[1]) // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    step(app, 2)


def test_four_players_have_their_strongholds_on_four_sides_face_down_to_the_others(app) -> None:
    state, ids = midgame(4)
    table = _table(app, state)
    r = table.renderer
    assert isinstance(table.presentation, WarGamePresentation)
    rect = r.place_rect
    squares = [(row, col) for row in range(3) for col in range(5)]
    assert sorted(map(str, r.place_rects)) == sorted(map(str, squares + ["S0", "S1", "S2",
                                                                         "S3"]))
    # A west of (1, 0), B north of (2, 2), C east of (1, 4), D south of (0, 2)
    assert rect("S0").right <= rect((1, 0)).left and rect("S0").centery == rect((1, 0)).centery
    assert rect("S1").bottom <= rect((2, 2)).top and rect("S1").centerx == rect((2, 2)).centerx
    assert rect("S2").left >= rect((1, 4)).right and rect("S2").centery == rect((1, 4)).centery
    assert rect("S3").top >= rect((0, 2)).bottom and rect("S3").centerx == rect((0, 2)).centerx
    assert rect((1, 0)).bottom <= rect((0, 0)).top  # row 0 (south) at the bottom
    pres = table.presentation
    view = table.view
    titles = {p: pres.place_title(p, r.cell(p), view) for p in ("S0", "S1", "S2", "S3")}
    land = r.cell("S0")["land"]
    # the name band covers the card's own name: Ann reads her stronghold's land in it
    assert titles == {"S0": f"A: Ann's {land} stronghold", "S1": "B: Ben's stronghold",
                      "S2": "C: Cat's stronghold", "S3": "D: Dan's stronghold"}
    assert pres.cell_badges(r.cell("S3")) == []  # the letter is in the name band
    assert r.cell("S1").get("land") is None  # face down to Ann: nothing names it
    # the terrain is face up and named; a creature summoned stands in its stronghold
    assert pres.place_title((1, 2), r.cell((1, 2)), view) == "Island"
    assert rect("S0").collidepoint(r.sprites[ids["bears"]].home)
    # supply in the players panel and the own panel; damage in red on the creature
    assert pres.score_line(view, 1) == "Supply 0 · Removed 0"
    assert pres.panel_facts(view, 0)[1:] == ["Supply 4   Removed 0", f"Stronghold A ({land})"]
    assert pres.panel_life(view, 0) == (4, "supply")
    giant = next(u for u in view["units"] if u["id"] == ids["giant"])
    assert [(b.text, b.bg) for b in pres.unit_badges(giant)][0] == ("2 dmg", (200, 30, 30))


def test_a_flyer_is_dragged_to_a_lit_place_diagonally(app) -> None:
    state, ids = midgame(4)
    table = _table(app, state)
    r = table.renderer
    start = r.sprites[ids["angel"]].home  # Serra Angel, a flyer, at row 2, column 2
    target = r.place_rect((0, 2)).center
    _grab(app, start, target)
    lit = set(table.local.highlights)
    assert lit == {(r_, c) for r_ in (0, 1, 2) for c in (0, 1, 2)} - {(1, 1)}
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    step(app, 2)
    angel = next(u for u in table.view["units"] if u["id"] == ids["angel"])
    assert angel["at"] == [0, 2]
    # a walker lights only the places beside it: no diagonal, not the Island at (2, 0)
    start = r.sprites[ids["giant"]].home
    _grab(app, start, r.place_rect((0, 0)).center)
    assert set(table.local.highlights) == {(0, 0), (1, 1), "S0"}
    island = r.place_rect((2, 0)).center  # over the unlit Island: the rules' reason, in words
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=island, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    step(app, 2)
    assert table.drawing.refusal_shown == \
        "Only flyers and islandhome creatures may enter an Island."
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    step(app, 2)


def test_a_creature_is_healed_from_its_menu(app) -> None:
    state, ids = midgame(4, phase="heal")
    table = _table(app, state)
    giant = table.renderer.sprites[ids["giant"]]
    click(app, giant.home, button=3)
    labels = [item.label for item in table.menu.items]
    assert "Heal 1 (1 supply)" in labels and "Heal 2 (2 supply)" in labels
    click(app, table.menu.item_rect(labels.index("Heal 2 (2 supply)")).center)
    unit = next(u for u in table.view["units"] if u["id"] == ids["giant"])
    assert unit["damage"] == 0 and unit["healed"] == 2
    assert table.view["players"][0]["supply"] == 2
    assert "+2 healed" in [b.text for b in table.presentation.unit_badges(unit)]
    # healed to the limit: the menu offers no more heals
    click(app, table.renderer.sprites[ids["giant"]].home, button=3)
    assert not any(i.label.startswith("Heal") for i in table.menu.items)


def test_the_combat_division_is_dragged_capped_and_totalled_then_done(app) -> None:
    state, ids = division(4)
    table = _table(app, state)
    panel = table.division
    request = panel.request
    assert request is not None and request.amount == 5
    assert [(x.name, x.cap) for x in request.recipients] == [
        ("Hill Giant", 1), ("Grizzly Bears", 2), ("Serra Angel", 4)]
    geo = panel.geometry(request)
    pool = geo.pool.center
    boxes = {c.recipient.id: c.box.center for c in geo.cards}
    assert panel.total_words(request) == "0 of 5 assigned"
    drag(app, pool, boxes[ids["foe_giant"]])
    drag(app, pool, boxes[ids["foe_giant"]])  # over its cap: refused, said why
    assert panel.shares() == {ids["foe_giant"]: 1}
    assert table.local.message == "Hill Giant can take at most 1: that kills it."
    for _ in range(2):
        drag(app, pool, boxes[ids["foe_bears"]])
    assert panel.total_words(request) == "3 of 5 assigned"
    click(app, geo.confirm.center)  # not all assigned yet: nothing sent
    assert table.view["decision"]["kind"] == "assign"
    drag(app, pool, boxes[ids["foe_angel"]])
    drag(app, pool, boxes[ids["foe_angel"]])
    assert panel.total_words(request) == "5 of 5 assigned"
    assert table.buttons["pass"].text.startswith("Done")
    click(app, geo.confirm.center)
    after = table.session.state
    # the giant and the bears died; the angel keeps 1 + 2 damage
    assert ids["foe_giant"] not in after.perms and ids["foe_bears"] not in after.perms
    assert after.perms[ids["foe_angel"]].damage == 3
    assert table.division.request is None


def test_the_default_button_fills_the_rules_division(app) -> None:
    state, ids = division(4)
    table = _table(app, state)
    geo = table.division.geometry(table.division.request)
    click(app, geo.lethal.center)
    assert table.division.shares() == {ids["foe_giant"]: 1, ids["foe_bears"]: 2,
                                       ids["foe_angel"]: 2}


def test_the_stronghold_owner_clicks_an_attacker_to_tap_it(app) -> None:
    state, ids = midgame(4)
    first = put(state, "Grizzly Bears", 0, "S1")
    second = put(state, "Hill Giant", 0, "S1")
    put(state, "White Knight", 1, "S1")
    state, _ = play(state, A.Pass())
    assert state.decision["kind"] == "choice" and state.decision["player"] == 1
    table = _table(app, state, seat=1)
    pres = table.presentation
    assert ("tap?", "ring") in [(b.text, b.anchor) for b in pres.unit_badges(table.unit(second))]
    assert "click one attacker ringed in gold" in table.prompt()
    click(app, table.renderer.sprites[second].home)
    after = table.session.state
    assert after.perms[second].tapped and not after.perms[first].tapped


def test_the_supply_die_rolls_beside_the_rollers_stronghold(app) -> None:
    state, _ = midgame(4, phase="casting")
    table = _table(app, state)
    for _ in range(4):  # the casting and discard steps, then Ben's untap, draw and supply
        if table.view.get("active") == 1:
            break
        table.submit({"type": "pass"})
        step(app)
    assert table.dice is not None and table.dice["player"] == 1
    spot, s1 = table.drawing.dice_spot(), table.renderer.place_rect("S1")
    assert s1 is not None and spot.inflate(40, 40).colliderect(s1)  # beside Ben's stronghold
    assert not any(spot.colliderect(r) for r in table.renderer.place_rects.values())
    assert table.dice["caption"].startswith("Ben rolls ")
    assert "supply points" in table.dice["caption"]


def test_a_three_player_war_game_starts_from_the_set_up(app) -> None:
    from frontier_desktop.ui.scenes.setup import SetupScene

    setup = SetupScene(app)
    app.scenes.push(setup)
    step(app, 2)
    choose(app, setup.w["variant"], "Magic: the War Game")
    step(app, 2)
    choose(app, setup.w["players"], "3 players")
    step(app, 2)
    assert [k for k in setup.w if k.startswith("deck")] == ["deck0", "deck1", "deck2"]
    # each seat starts with the next sample deck
    assert [setup._opt(f"deck{s}") for s in range(3)] == \
        ["Forest Host", "Mountain Raiders", "Sky Legion"]
    press(app, setup.w["start"])
    step(app, 2)
    assert isinstance(app.scenes.top, CoverScene), setup.error
    table = list(app.scenes)[-2]
    assert isinstance(table, TableScene)
    state = table.session.state
    assert state.variant == "wargame" and len(state.players) == 3
    uncover(app)
    strongholds = [s["letter"] for s in table.view["board"]["strongholds"]]
    assert strongholds == ["A", "B", "C"]


def test_an_islandhome_creature_is_carried_by_a_drop_or_from_the_carriers_menu(app) -> None:
    from tests.rules.wargame_helpers import set_land

    state, _ = midgame(4)
    set_land(state, (1, 3), "Plains")
    serpent = put(state, "Sea Serpent", 0, (1, 2))
    bear = put(state, "Grizzly Bears", 0, (1, 2))
    table = _table(app, state)
    r = table.renderer
    # the carrier's menu names the carry; dropped on a land, the carrier may go alone too
    click(app, r.sprites[bear].home, button=3)
    labels = [item.label for item in table.menu.items]
    assert "Carry Sea Serpent to column 4, row 2" in labels
    click(app, (2, 2))  # closes the menu
    drag(app, r.sprites[bear].home, r.place_rect((1, 3)).center)
    assert [i.label for i in table.menu.items] == [
        "Move alone", "Grizzly Bears carries Sea Serpent there"]
    click(app, (2, 2))
    # the islandhome creature dropped on a lit land is carried there by its companion
    start = r.sprites[serpent].home
    _grab(app, start, r.place_rect((1, 3)).center)
    assert (1, 3) in table.local.highlights
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=r.place_rect((1, 3)).center,
                                         button=1))
    step(app, 2)
    units = {u["id"]: u for u in table.view["units"]}
    assert units[serpent]["at"] == [1, 3] and units[bear]["at"] == [1, 3]
    assert units[serpent]["carried_by"] == bear
    assert "carried by Grizzly Bears" in [b.text for b in
                                          table.presentation.unit_badges(units[serpent])]

