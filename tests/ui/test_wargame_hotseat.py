"""Issue 15, done when: two, three and four players play the War Game hot-seat to the end with
the sample deck, from the set-up screen through the table and its cover screens; the record
replays."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from frontier_desktop.ui.scenes.cover import CoverScene
from frontier_desktop.ui.scenes.game_over import GameOverScene
from frontier_desktop.ui.scenes.setup import SetupScene
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.table.words import turn_words

from .helpers import click, press, step, uncover
from .test_full_game import choose
from .test_conquering_seats import _type
from frontier_desktop.selfplay import pick

NAMES = ["Ann", "Ben", "Cy", "Dee"]
SEED = 2


def _start(app, players: int = 3, seed: int = SEED) -> TableScene:
    setup = SetupScene(app)
    app.scenes.push(setup)
    step(app, 2)
    choose(app, setup.w["variant"], "Magic: the War Game")
    step(app, 2)
    choose(app, setup.w["players"], f"{players} players")
    step(app, 2)
    for s, name in enumerate(NAMES[:players]):
        _type(app, setup.w[f"name{s}"], name)
    _type(app, setup.w["seed"], str(seed))
    press(app, setup.w["start"])
    step(app, 2)
    assert isinstance(app.scenes.top, CoverScene), setup.error
    table = list(app.scenes)[-2]
    assert isinstance(table, TableScene)
    return table


@pytest.mark.parametrize("players,seed", [(3, 8), (2, 4), (4, 8)])
def test_players_play_the_war_game_hot_seat_to_the_end(app, players, seed) -> None:
    """Two, three and four players from the set-up to one holding every stronghold. The
    chooser marches on strongholds the way the rules allow (islands only for flyers and
    islandhome creatures). Each seat gets the next sample deck; with the rules alone, seeds
    0-11 all end within 4000 actions for two players, and 11 of 12 for three and for four."""
    table = _start(app, players, seed)
    session = table.session
    assert session.state.variant == "wargame" and len(session.state.players) == players
    chooser = random.Random(seed)
    covers: list[tuple[str, str]] = []
    prompts: set[str] = set()
    for _ in range(4000):
        top = app.scenes.top
        if isinstance(top, GameOverScene) or session.state.game_over:
            break
        if isinstance(top, CoverScene):
            covers.append((top.player, top.reason))
            uncover(app, by="button")  # the hand-over through the cover's own button
            assert app.scenes.top is table
            continue
        assert top is table, type(top).__name__
        seat = table.seat
        state = session.state
        options = session.legal_actions(seat)
        assert options, f"seat {seat} at the screen has nothing to do"
        table.submit(pick("wargame", options, chooser, state, seat).to_wire())
        step(app)
        if app.scenes.top is table:  # the prompt in words, never internal data
            prompts.add(table.prompt())
    else:
        raise AssertionError("the War Game never ended")
    step(app, 2)
    state = session.state
    assert state.game_over and state.winner is not None
    winner = NAMES[state.winner]
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    title, lines = over._texts()
    assert title == f"{winner} wins!"
    text = " ".join(t for t, _ in lines)
    assert "{" not in text and "None" not in text and "_" not in text, text
    assert "stronghold" in text and "life" not in text, text
    assert f"{winner}: {players} strongholds" in text, text
    assert {name for name, _ in covers} == set(NAMES[:players])  # each took the computer
    assert all(r and "{" not in r and "None" not in r for _, r in covers), covers
    bad = [p for p in prompts if not p or any(m in p for m in ("{", "None", "_", "'"))]
    assert not bad, bad
    from frontier_desktop.record import replay

    assert session.record_header is not None
    assert replay(session.record_header, session.actions).to_wire() == state.to_wire()


def test_the_cover_says_whose_stronghold_is_attacked(app) -> None:
    """Three players hot-seat: Ann attacks Ben's stronghold; the cover hands the computer to
    Ben for the tap, saying so (not "Ann acted: you may respond"), and back to Ann."""
    from frontier_desktop.rules import actions as A
    from frontier_desktop.session import LocalSession
    from tests.rules.wargame_helpers import play, put
    from tests.ui.wargame_scenes import midgame

    state, _ = midgame(3)
    giant = put(state, "Hill Giant", 0, "S1")
    put(state, "White Knight", 1, "S1")
    state, _ = play(state, A.Pass())
    assert state.decision["kind"] == "choice" and state.decision["player"] == 1
    table = TableScene(app, LocalSession(state), hotseat=True, cover_first=True)
    app.scenes.reset(table)
    step(app, 2)
    cover = app.scenes.top
    assert isinstance(cover, CoverScene) and cover.player == "Ben"
    assert "Ben's stronghold is attacked" in cover.reason, cover.reason
    assert "Ann" in cover.reason and "respond" not in cover.reason, cover.reason
    uncover(app, by="button")
    head, you = turn_words(table.view, table.seat, table.names)
    assert you == "You are Ben: you make a choice", you
    assert table.buttons["pass"].text.startswith("Tap none")
    assert "press Tap none" in table.prompt()
    # the decision panel names the attackers, and each button is a legal answer
    panel = table.stack_panel
    labels = [label for _, label, _ in panel.buttons]
    assert labels == ["Tap Hill Giant", "Tap none"], labels
    assert "stronghold" in panel.title and "{" not in panel.title
    rect = panel.buttons[0][0]
    click(app, rect.center)
    after = table.session.state
    assert after.perms[giant].tapped and after.decision is None or \
        after.decision.get("by") != "stronghold"


def test_your_own_stronghold_is_face_up_to_you_and_face_down_to_the_others(app, monkeypatch
                                                                          ) -> None:
    """The view names a stronghold's land to its owner only: the owner's table draws it face
    up (its land's card), everyone else's draws a back."""
    from frontier_desktop.session import LocalSession
    from tests.ui.wargame_scenes import midgame

    state, _ = midgame(3)
    homes = {s: state.name(state.cells[f"S{s}"].land) for s in range(3)}  # its card
    drawn: list[tuple[str, str, Any]] = []
    images = app.images
    real_land, real_back = images.land, images.back

    def land(name, card, size):
        drawn.append(("land", name, tuple(size)))
        return real_land(name, card, size)

    def back(size):
        drawn.append(("back", "", tuple(size)))
        return real_back(size)

    monkeypatch.setattr(images, "land", land)
    monkeypatch.setattr(images, "back", back)
    session = LocalSession(state)
    for seat in range(3):
        table = TableScene(app, session, seat=seat, hotseat=False)
        app.scenes.reset(table)
        step(app, 2)
        drawn.clear()
        table.renderer.rebuild()  # a fresh frame of the cached layers
        app.draw(pygame.Surface(app.size))
        own = table.renderer.cell(f"S{seat}")
        assert own.get("land"), "the view names the owner's stronghold land"
        assert own["land"] == homes[seat]
        assert table.presentation.face_shown(own)
        for other in range(3):
            if other != seat:
                cell = table.renderer.cell(f"S{other}")
                assert not cell.get("land") and not table.presentation.face_shown(cell)
        size = max({z for _, _, z in drawn}, key=[z for _, _, z in drawn].count)
        places = [n for kind, n, z in drawn if z == size]
        assert len(places) == 15 + 3  # the terrain and the three strongholds, once a frame
        assert places.count("") == 2  # the two others' strongholds: backs
        assert own["land"] in places


def test_a_stronghold_taken_in_the_war_game_is_logged_without_conquer_values() -> None:
    """The War Game's capture (no ``from``, no conquer value) in words: who takes whose."""
    from frontier_desktop.ui.table.words import Namer, event_words

    names = Namer(NAMES)
    taken = event_words({"type": "captured", "at": "S0", "by": 2}, names)
    assert taken is not None and "Cy takes Ann's stronghold" in taken, taken
    assert "conquer" not in taken
    back = event_words({"type": "captured", "at": "S0", "by": 0}, names)
    assert back is not None and "Ann retakes their stronghold" in back, back


def test_the_war_game_phases_are_named_in_the_log() -> None:
    from frontier_desktop.rules.variants.wargame.variant import PHASES
    from frontier_desktop.ui.table.words import Namer, event_words

    names = Namer(NAMES)
    said = [event_words({"type": "phase", "phase": p, "active": 0}, names) for p in PHASES]
    assert not [s for s in said if s is None or "next step" in s], said
    assert "— Ann's heal phase" in said and "— Ann's casting phase" in said


def test_the_supply_roll_is_logged_once() -> None:
    """The supply line says the roll; the bare die line would repeat it."""
    from frontier_desktop.ui.table.words import Namer, event_words

    names = Namer(NAMES)
    die = {"type": "dice", "player": 0, "sides": 6, "result": 4, "purpose": "supply"}
    assert event_words(die, names) is None
    line = event_words({"type": "supply", "player": 0, "roll": 4, "total": 9}, names)
    assert line == "Ann rolls 4 for supply and has 9 supply points"


MONO = {  # one colour each, no card shared: any name of another hand is a secret
    "Swamp": ["Sengir Vampire", "Drudge Skeletons", "Bog Wraith", "Abomination"],
    "Mountain": ["Hill Giant", "Highland Giant", "Canyon Minotaur", "Balduvian Barbarians"],
    "Plains": ["White Knight", "Serra Angel", "Mesa Pegasus", "Benalish Hero"],
    "Island": ["Coral Eel", "Mahamoti Djinn", "Prodigal Sorcerer", "Sea Serpent"],
}


@pytest.mark.parametrize("players", [3, 4])
def test_no_other_hand_is_drawn_after_a_war_game_hand_over(app, monkeypatch, players) -> None:
    """After every hand-over of a three- or four-player War Game, the table draws the seat's
    own hand and no card name of another seat's hand (only what is public: units,
    permanents, removed piles)."""
    from pathlib import Path

    from frontier_desktop.cards.pool import BundledPool
    from frontier_desktop.ui.games import DeckList, start_game
    from frontier_desktop.ui.scenes.table import TableScene as Table

    from .test_conquering_seats import check_hand_overs

    decks = [DeckList(Path(f"{land}.txt"), land, "wargame",
                      tuple((10, name) for name in cards) + ((1, land),))
             for land, cards in list(MONO.items())[:players]]
    session = start_game(decks, NAMES[:players], seed=4, pool=BundledPool.load())
    assert session.state.variant == "wargame"
    table = Table(app, session, hotseat=True, cover_first=True)
    app.scenes.reset(table)
    step(app, 2)
    check_hand_overs(app, table, monkeypatch, players, limit=400)


def test_a_three_player_war_game_is_saved_listed_and_continued(tmp_path) -> None:
    """Recent games lists a 3-player War Game mid-way with every player and its variant, and
    Continue resumes exactly that game (the autosave is the record)."""
    from frontier_desktop.ui import games

    session = games.start_game(games.sample_decks("wargame")[:3], NAMES[:3], seed=5)
    chooser = random.Random(5)
    for _ in range(150):
        seat = session.acting_seat()
        session.submit(seat, pick("wargame", session.legal_actions(seat), chooser,
                                  session.state, seat))
    assert session.state.turn > 3 and not session.state.game_over
    path = games.autosave_path(tmp_path, session)
    assert path is not None
    path.parent.mkdir(parents=True)
    assert games.autosave(session, path)
    (entry,) = games.recent_games(tmp_path)
    assert entry.title() == "Ann, Ben and Cy"
    assert entry.details().startswith(f"The War Game, 3 players, turn {session.state.turn}")
    resumed = games.resume_recent(entry)
    assert resumed.state.to_wire() == session.state.to_wire()
