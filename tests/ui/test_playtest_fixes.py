"""Issue 23's medium and low findings of the newcomer play-test, each as a player meets it."""

from __future__ import annotations

import pygame

from frontier_desktop.config import load_settings
from frontier_desktop.ui.scenes.settings import SettingsScene
from frontier_desktop.ui.scenes.setup import SetupScene
from frontier_desktop.ui.scenes.table import TableScene

from .helpers import click, key, press, step
from .test_conquering_seats import _choose


def test_settings_offer_no_sound_switch_while_the_game_plays_no_sound(app) -> None:
    scene = app.scenes.push(SettingsScene(app))
    step(app, 2)
    assert "sound" not in scene.w and not any("sound" in r.lower() for r in scene.rows)


def test_esc_closes_an_open_drop_down_and_keeps_the_new_game_screen(app) -> None:
    setup = app.scenes.push(SetupScene(app))
    step(app, 2)
    _choose(app, setup.w["variant"], "Magic: the Conquering")
    _choose(app, setup.w["players"], "3 players")
    dropdown = setup.w["deck1"]
    click(app, dropdown.rect.center)
    assert dropdown.current_state is dropdown.menu_states["expanded"]
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is setup and setup.variant == "conquering" and setup.players == 3
    assert dropdown.current_state is dropdown.menu_states["closed"]
    key(app, pygame.K_ESCAPE)  # nothing open: Esc leaves the screen as before
    assert app.scenes.top is not setup


def test_new_game_opens_on_the_last_variant_players_and_decks(app) -> None:
    setup = app.scenes.push(SetupScene(app))
    step(app, 2)
    _choose(app, setup.w["variant"], "Magic: the War Game")
    _choose(app, setup.w["players"], "3 players")
    decks = [d.name for d in setup.decks]
    _choose(app, setup.w["deck0"], decks[-1])
    press(app, setup.w["start"])
    step(app, 2)
    assert app.scenes.find(TableScene) is not None
    again = SetupScene(app)
    app.scenes.reset(again)
    step(app, 2)
    assert again.variant == "wargame" and again.players == 3
    assert again._opt("deck0") == decks[-1]
    assert app.settings.last_setup["variant"] == "wargame"  # saved with the settings


def test_the_last_set_up_survives_a_restart(tmp_path) -> None:
    from frontier_desktop.config import Paths, Settings, save_settings

    paths = Paths(tmp_path / "config", tmp_path / "data")
    save_settings(paths, Settings(last_setup={"variant": "army", "players": "2"}))
    assert load_settings(paths).last_setup == {"variant": "army", "players": "2"}


def _conquering_division(app):
    """Edna's Yavimaya Wurm conquers Bi; Dale's White Knight and Theresa's Grizzly Bears
    block; Edna divides its 6 damage."""
    from pathlib import Path

    from frontier_desktop.ui import games

    session = games.session_from_position(
        Path(__file__).resolve().parents[2] / "assets" / "positions" /
        "conquering-triangle-two-blockers.json")
    assert session.submit(0, {"type": "set_assign", "on": True}).ok
    assert session.submit(0, {"type": "conquer", "at": "Bi", "units": ["wurm"]}).ok
    for seat, blocker in ((1, "knight"), (2, "bears")):
        assert session.submit(seat, {"type": "block", "blocker": blocker,
                                     "attacker": "wurm"}).ok
        assert session.submit(seat, {"type": "done_blocking"}).ok
    table = TableScene(app, session, seat=0, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    return table


def test_the_conquering_division_names_the_blockers_and_the_land(app, monkeypatch) -> None:
    from .test_table_seat import Surfaces

    table = _conquering_division(app)
    request = table.division.request
    assert request is not None
    assert request.title == "Divide Yavimaya Wurm's 6 damage among the blockers and the land"
    land = next(r for r in request.recipients if r.id == "land")
    assert land.name == "the Swamp (CV 3)" and land.lethal == 3
    assert any("from Yavimaya Wurm among its blockers and the land" in line
               for line in table.renderer.log_lines), table.renderer.log_lines
    surfaces = Surfaces(app, monkeypatch)
    texts = surfaces.render(app, table)
    assert "the Swamp (CV 3)" in texts and "conquer value 3" in texts
    assert not any("?/?" in t or "among your creatures" in t for t in texts), texts
    marks = [t for t in texts if t in ("holds", "dies", "survives", "conquered")]
    assert marks == ["survives", "survives", "holds"]  # nothing divided yet
    table.local.division = {"knight": 2, "bears": 1, "land": 3}
    texts = surfaces.render(app, table)
    assert [t for t in texts if t in ("holds", "dies", "survives", "conquered")] == \
        ["dies", "survives", "conquered"]


def test_a_face_up_triangle_area_keeps_its_name_on_the_board(app) -> None:
    table = _conquering_division(app)
    from frontier_desktop.ui.variants import presentation_for

    view = table.view
    cell = view["board"]["areas"]["Bi"]
    assert cell["face_up"]
    assert presentation_for("conquering").place_title("Bi", cell, view) == "Bi · Swamp"


def test_a_cards_discard_says_what_it_asks_not_the_hand_size(app, tmp_path) -> None:
    """Mind Rot (Frontier; the War Game's Ravenous Rats alike): the cover and the prompt
    name the card and how many to discard; never "Discard down to seven" or "respond"."""
    from frontier_desktop.ui.scenes.cover import CoverScene

    from .helpers import uncover
    from .test_targeting import cast_mind_rot

    table = cast_mind_rot(app, tmp_path)
    cover = app.scenes.top
    assert isinstance(cover, CoverScene)
    assert cover.reason == "Choose 2 cards to discard for Mind Rot.", cover.reason
    uncover(app)
    assert table.prompt() == "Mind Rot: choose 2 cards to discard; click them in your hand."


def test_every_variant_words_a_cards_discard_and_its_cover() -> None:
    from frontier_desktop.ui.table.words import Namer, handover_reason
    from frontier_desktop.ui.variants import presentation_for

    view = {"variant": "wargame", "turn": 3, "active": 0, "acting": 1,
            "players": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}, {"name": "Dee"}],
            "pending": {"seat": 1, "kind": "discard", "count": 1, "by": "Ravenous Rats",
                        "options": ["Hill Giant"]}}
    for variant in ("frontier", "army", "conquering", "wargame"):
        pres = presentation_for(variant)
        assert pres.discard_prompt(view, 1) == \
            "Ravenous Rats: choose 1 card to discard; click it in your hand."
        assert pres.cover_reason({**view, "variant": variant}) == \
            "Choose 1 card to discard for Ravenous Rats."
    reason = handover_reason(view, 1, Namer(["Ann", "Ben", "Cy", "Dee"]), 0,
                             presentation_for("wargame").cover_reason(view))
    assert reason == "During Ann's turn: Choose 1 card to discard for Ravenous Rats."
    assert "respond" not in reason
    hand = {**view, "pending": {**view["pending"], "by": "the hand size", "count": 2}}
    assert presentation_for("wargame").discard_prompt(hand, 1).startswith("Discard down to eight")


def test_army_a_click_on_a_lone_creature_taps_its_land_and_moves_nothing(app) -> None:
    """Army (play-test M2): Ann clicks her Leaping Master to tap the Plains under it, then the
    Plains beside it: two lands tapped, nothing moved. A stack's click still fans it out."""
    from pathlib import Path

    from frontier_desktop.ui import games

    from .helpers import FIXTURES

    session = games.session_from_position(Path(FIXTURES) / "army-midgame.json")
    table = TableScene(app, session, seat=0, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    r = table.renderer
    before = {u["id"]: u["at"] for u in table.view["units"]}
    click(app, r.sprites["master"].home)  # alone on the Plains at column 4, row 1
    assert table.selected is None and r.expanded is None
    assert table.view["players"][0]["mana_pool"] == "{W}"
    click(app, r.square_rect((0, 2)).center)  # the next land, as a player taps on
    assert table.view["players"][0]["mana_pool"] == "{W}{W}"
    assert {u["id"]: u["at"] for u in table.view["units"]} == before
    click(app, r.sprites["giant"].home)  # a stack of three: fanned out, not tapped
    assert r.expanded == (1, 2) and table.view["players"][0]["mana_pool"] == "{W}{W}"
    # on a tapped land the lone creature's click selects it as before (drag to move)
    click(app, r.sprites["master"].home)
    assert table.selected == "master"


def test_leaving_a_lan_game_says_how_it_comes_back(app, tmp_path) -> None:
    """Continue resumes a hot-seat game; a LAN game comes back from the LAN screen (M10)."""
    from types import SimpleNamespace

    from frontier_desktop.ui.scenes.dialogs import ConfirmScene
    from frontier_desktop.ui.scenes.lan_table import LanTableScene
    from frontier_desktop.ui.scenes.main_menu import MainMenuScene

    from .test_lan_table import join_from_lobby, open_host

    host = open_host(tmp_path)
    try:
        table = join_from_lobby(app, host, "Banners of Benalia (sample)")
        table.leave()
        dialog = app.scenes.top
        assert isinstance(dialog, ConfirmScene)
        assert "Continue" not in dialog.question and "join the host again" in dialog.question
    finally:
        host.close()
        app.scenes.reset(MainMenuScene(app))
    hosting = LanTableScene.leave_question(SimpleNamespace(is_guest=False))  # type: ignore[arg-type]
    assert "Resume last LAN game" in hosting and "Continue" not in hosting


def test_the_readme_says_what_the_default_does_with_a_spell(app) -> None:
    """M12: spells resolve at once by default; the README and the Settings row say so."""
    from pathlib import Path

    from frontier_desktop.config import Settings

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    label = "Respond to others' plays"
    assert Settings().hold_priority is False
    assert f'It resolves at once unless Settings → "{label}" is on\n(off by default' in readme
    scene = app.scenes.push(SettingsScene(app))
    step(app, 2)
    assert label in scene.rows


def test_the_highlighted_menu_button_uses_the_menu_font(app) -> None:
    """L1: "Quick game" (highlighted) was drawn in the smaller plain-button font."""
    from frontier_desktop.ui.scenes.help import HelpScene
    from frontier_desktop.ui.scenes.main_menu import MainMenuScene
    from frontier_desktop.ui.scenes.welcome import WelcomeScene

    for scene in (WelcomeScene(app), MainMenuScene(app), HelpScene(app)):
        app.scenes.reset(scene)
        step(app, 2)
        buttons = list(scene.buttons.values())  # the menu's buttons, the highlighted one too
        assert len(buttons) >= 3, type(scene).__name__
        sizes = {b.font.size("Quick game") for b in buttons}
        assert len(sizes) == 1, (type(scene).__name__, [(b.text, b.font.size("Quick game"))
                                                       for b in buttons])


def test_help_says_more_below_only_when_there_is_more(app, monkeypatch) -> None:
    """L2: "More below" showed on the Controls page though everything fitted."""
    from frontier_desktop.ui.scenes.help import HelpScene

    from .test_table_seat import Surfaces

    for topic in ("controls", "frontier"):
        scene = HelpScene(app, topic)
        app.scenes.reset(scene)
        step(app, 2)
        surfaces = Surfaces(app, monkeypatch)
        surfaces.seen.clear()
        app.draw(pygame.Surface(app.size))
        hinted = any(t.startswith("More below") for t in surfaces.seen)
        assert hinted == (scene.page().get_height() > scene.content_rect().h), topic
        monkeypatch.undo()
    scene = HelpScene(app, "controls")
    app.scenes.reset(scene)
    step(app, 2)
    assert scene.page().get_height() <= scene.content_rect().h  # it fits at 1600x900


def test_a_dead_token_zooms_as_the_token_it_was(app, tmp_path, monkeypatch) -> None:
    """L3: a token gone from the board zoomed as "C / Card" (it has no card)."""
    from .test_cover_handover import free_token
    from .test_table_seat import Surfaces

    table = free_token(app, tmp_path)  # Ann's Hill Giant kills Ben's Llanowar Elves
    from frontier_desktop.ui.scenes.cover import CoverScene

    if isinstance(app.scenes.top, CoverScene):
        from .helpers import uncover

        uncover(app)
    token = {"id": "t-gone", "name": "Green Token", "power": 1, "toughness": 1,
             "colors": ["G"], "controller": 1}
    table.local.pinned = ("unit", token)
    assert table.drawing.preview_target() == ("unit", token)
    surfaces = Surfaces(app, monkeypatch)
    fitted: list[str] = []
    real_fit = app.fonts.fit
    monkeypatch.setattr(app.fonts, "fit", lambda s, *a, **k: fitted.append(s) or
                        real_fit(s, *a, **k))
    app.images.clear()
    surfaces.render(app, table)
    assert "Token creature" in fitted and "Card" not in fitted


def test_an_unnamed_position_card_says_so(app) -> None:
    from frontier_desktop.rules.state import UNKNOWN_CARD
    from frontier_desktop.ui.table.words import Namer, event_words

    fitted: list[str] = []
    real_fit = app.fonts.fit
    app.fonts.fit = lambda s, *a, **k: fitted.append(s) or real_fit(s, *a, **k)
    try:
        app.images.face(UNKNOWN_CARD, None, (250, 350))
    finally:
        del app.fonts.fit
    assert "Unnamed card" in fitted and UNKNOWN_CARD not in fitted
    line = event_words({"type": "drew", "player": 0, "card": UNKNOWN_CARD}, Namer(["Ann", "Ben"]))
    assert line == "  Ann draws an unnamed card (the position names none)"


def test_the_hot_seat_menu_offers_concede(app, tmp_path) -> None:
    """L14: Concede was only in the right-click table menu."""
    from frontier_desktop.ui.scenes.dialogs import ConfirmScene

    from .helpers import press
    from .test_cover_handover import _frontier, _table

    table = _table(app, _frontier(tmp_path))
    press(app, table.buttons["menu"])
    labels = [i.label for i in table.menu.items]
    assert "Concede (Ann)…" in labels
    click(app, table.menu.item_rect(labels.index("Concede (Ann)…")).center)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmScene) and dialog.question == "Ann, concede this game?"
    press(app, dialog.yes)
    step(app, 2)
    assert table.session.state.game_over and table.session.state.winner == 1


def test_the_app_opens_no_audio_device(app) -> None:
    """L13: pygame.init() opened the audio device for a game with no sound; a machine
    without one printed ALSA errors at every start."""
    step(app, 2)
    assert pygame.mixer.get_init() is None and pygame.display.get_init()


def test_the_menu_fan_lays_every_land_over_the_backs(app, monkeypatch) -> None:
    """L12: the card back beside it covered the end of "Mountain" in the title fan."""
    from frontier_desktop.ui.scenes.main_menu import MainMenuScene

    menu = MainMenuScene(app)
    app.scenes.reset(menu)
    step(app, 2)
    order: list[str] = []
    images = app.images
    real_back, real_land = images.back, images.land
    monkeypatch.setattr(images, "back", lambda *a, **k: order.append("back") or
                        real_back(*a, **k))
    monkeypatch.setattr(images, "land", lambda name, *a, **k: order.append(name) or
                        real_land(name, *a, **k))
    menu.draw(pygame.Surface(app.size))
    lands = [o for o in order if o != "back"]
    assert sorted(lands) == ["Forest", "Island", "Mountain", "Plains", "Swamp"]
    assert order.index(lands[0]) > max(i for i, o in enumerate(order) if o == "back")


def _army_midgame(app):
    from pathlib import Path

    from frontier_desktop.ui import games

    from .helpers import FIXTURES

    session = games.session_from_position(Path(FIXTURES) / "army-midgame.json")
    table = TableScene(app, session, seat=0, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    return table


def test_a_tapped_land_under_a_creature_shows_it_in_its_name_band(app) -> None:
    """L5: a tapped land under a creature couldn't be seen at all (the turned card is
    under the token); its name band now takes the tapper's colour."""
    table = _army_midgame(app)
    r = table.renderer
    band = r.land_name_rects[(1, 2)]  # Ann's Plains under her stack of three
    frame = pygame.Surface(app.size)
    app.draw(frame)
    before = frame.get_at((band.x + 3, band.y + 3))
    assert table.session.submit(0, {"type": "tap_land", "at": [1, 2]}).ok
    table.refresh()
    r.rebuild()
    app.draw(frame)
    band = r.land_name_rects[(1, 2)]
    after = frame.get_at((band.x + 3, band.y + 3))
    ann = app.palette.seat[0]
    assert after != before
    # tinted towards Ann's colour: its strongest channel is hers
    assert max(range(3), key=lambda i: after[i]) == max(range(3), key=lambda i: ann[i])


def test_the_zooms_band_leaves_the_logs_title_in_view(app) -> None:
    """L6: the zoom's Automatic / By hand band covered the log's title and first line."""
    table = _army_midgame(app)
    lay = table.renderer.layout
    table.local.pinned = ("card", "Leaping Master")
    band = table.drawing.support_band("Leaping Master", lay.preview.w)
    assert band is not None
    assert lay.preview.bottom + app.px(4) + band.get_height() < lay.log.y


def test_same_name_recipients_are_told_apart() -> None:
    """L7: two Hill Giants on one square both read "Hill Giant" in the division."""
    from frontier_desktop.ui.variants.base import DivisionRequest, Recipient, names_apart

    def req(*recipients: Recipient) -> DivisionRequest:
        return DivisionRequest("k", "Divide 5 damage", 5, recipients, {})

    view = {"players": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}],
            "units": [{"id": "g1", "controller": 1}, {"id": "g2", "controller": 2},
                      {"id": "g3", "controller": 2}, {"id": "e", "controller": 1}]}
    giant = lambda uid: Recipient(uid, "Hill Giant", 3, 3)  # noqa: E731
    out = names_apart(req(giant("g1"), giant("g2"), Recipient("e", "Llanowar Elves", 1, 1)),
                      view)
    assert [r.name for r in out.recipients] == ["Ben's Hill Giant", "Cy's Hill Giant",
                                                "Llanowar Elves"]
    out = names_apart(req(giant("g2"), giant("g3")), view)
    assert [r.name for r in out.recipients] == ["Hill Giant 1", "Hill Giant 2"]
    alone = req(giant("g1"))
    assert names_apart(alone, view) is alone


def test_army_log_names_same_name_creatures_by_controller(app) -> None:
    """L7: "Benalish Hero deals 1 damage to Benalish Hero" (Army) said nothing of whose."""
    from frontier_desktop.ui.table.words import Namer, event_words

    names = Namer(["Ann", "Ben"])
    names.possessive = True
    names.learn_unit("a", "Benalish Hero", 0)
    names.learn_unit("b", "Benalish Hero", 1)
    names.actor = 1
    line = event_words({"type": "damage", "source": "b", "target": "a", "amount": 1}, names)
    assert line is not None and "Ann's Benalish Hero" in line
    table = _army_midgame(app)
    assert table.names.possessive  # every variant's table, not only the War Game's


def test_settings_say_when_the_window_is_too_small_for_the_scale(tmp_path) -> None:
    """L9: 150% showed no change at 960x600, and Settings still said 150%."""
    from frontier_desktop.app import App
    from frontier_desktop.config import Paths, Settings

    from .test_conquering_seats import _choose

    small = App(paths=Paths(tmp_path / "c", tmp_path / "d"),
                settings=Settings(window_size=(960, 600), cache_dir=str(tmp_path / "cache")),
                size=(960, 600), save_settings_on_exit=False)
    scene = small.scenes.push(SettingsScene(small))
    step(small, 2)
    assert scene.scale_note() == ""  # 100% fits
    _choose(small, scene.w["ui_scale"], "150%")
    assert scene.scale_note() == ("This window draws the UI at 100%: 150% needs a window of "
                                  "at least 1440x900 (or full screen, F11).")


def test_the_lan_screen_names_the_variant_the_deck_plays(app) -> None:
    """L10: no variant on the LAN screen; the deck decides it, and the heading says which."""
    from frontier_desktop.ui.scenes.lan import LanScene

    from .test_lan_table import choose

    lobby = LanScene(app)
    app.scenes.push(lobby)
    step(app)
    assert lobby.deck_label() == "Your deck (it plays Frontier Magic)"
    army = next(label for label, deck in lobby.decks.items() if deck.variant == "army")
    choose(app, lobby.deck_menu, army)
    assert lobby.deck_label() == "Your deck (it plays Army Magic)"


def test_a_guests_table_says_the_host_paused_the_game_and_waits(app, tmp_path) -> None:
    """M10: the host leaving ended the guest's program ("the host closed the game"); now the
    guest's table says the host paused it and waits, rejoining by itself."""
    from frontier_desktop.ui.scenes.main_menu import MainMenuScene

    from .test_lan_table import join_from_lobby, open_host, step_until

    host = open_host(tmp_path)
    try:
        table = join_from_lobby(app, host, "Banners of Benalia (sample)")
        assert step_until(app, lambda: table.view.get("decision") is not None)
        host.close()
        assert step_until(app, lambda: "paused the game" in " ".join(table.pause_lines)), \
            table.pause_lines
        assert "game paused" in table.banner
        assert any("rejoins by itself" in line for line in table.pause_lines)
        assert app.scenes.top is table  # the guest's table stays
    finally:
        host.close()
        app.scenes.reset(MainMenuScene(app))


def test_summoning_sickness_sits_beside_the_token_not_over_its_initials(app) -> None:
    """L4: "zz" covered the initials of a creature in the staging row."""
    from pathlib import Path

    from frontier_desktop.ui import games

    from .helpers import FIXTURES

    session = games.session_from_position(Path(FIXTURES) / "skirmish.json")
    assert session.submit(0, {"type": "tap_land", "at": [0, 0]}).ok
    elves = next(c for c in session.state.players[0].hand
                 if session.state.name(c) == "Llanowar Elves")
    assert session.submit(0, {"type": "cast", "card": elves}).ok
    table = TableScene(app, session, seat=0, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    sick = next(s for s in table.renderer.sprites.values() if s.unit.get("sick"))
    pills = [(surf, off) for surf, off in sick.badges
             if off[1] == -surf.get_height() // 2]  # the left-anchored one: "zz"
    assert pills, "the sick creature has its zz badge"
    for surf, (x, _) in pills:
        assert x + surf.get_width() <= -sick.radius + 3  # its right edge at the token's edge


def test_an_event_names_its_own_players_creatures_plainly() -> None:
    """With creatures of one name under several players (a mirror of sample decks), the log
    named the actor's own too: "Ben attacks area B3 with Ben's Anaconda"."""
    from frontier_desktop.ui.table.words import Namer, event_words

    names = Namer(["Ann", "Ben", "Cy"])
    names.possessive = True
    names.learn_unit("a1", "Anaconda", 1)
    names.learn_unit("a2", "Anaconda", 2)
    line = event_words({"type": "conquer", "player": 1, "at": "B3", "units": ["a1"]}, names)
    assert line is not None and "Ben's Anaconda" not in line and "Anaconda" in line, line
    damage = event_words({"type": "damage", "source": "a2", "target": "a1", "amount": 2}, names)
    assert damage is not None and "Cy's Anaconda" in damage and "Ben's Anaconda" in damage
