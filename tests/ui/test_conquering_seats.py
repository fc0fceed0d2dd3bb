"""Hot-seat for three and four players (issue 14): the set-up screen, the deck check at the
start, the cover between every turn and before a block choice, nothing of another seat's
hand after a hand-over, and a three-player game played from the table to a win."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.ui import games
from frontier_desktop.ui.games import DeckList, start_game
from frontier_desktop.ui.scenes.cover import CoverScene
from frontier_desktop.ui.scenes.game_over import GameOverScene
from frontier_desktop.ui.scenes.setup import DeckProblemsScene, SetupScene
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.table.words import turn_words

from .helpers import key, press, step, uncover
from .test_full_game import choose
from .test_table_seat import Surfaces, _leaks

NAMES = ["Ann", "Ben", "Cy", "Dee"]
MONO = {  # one colour each, no card shared: any name of another hand is a secret
    "Black": ["Sengir Vampire", "Drudge Skeletons", "Bog Wraith", "Abomination"],
    "Red": ["Hill Giant", "Highland Giant", "Canyon Minotaur", "Balduvian Barbarians"],
    "White": ["White Knight", "Serra Angel", "Mesa Pegasus", "Benalish Hero"],
    "Blue": ["Coral Eel", "Mahamoti Djinn", "Prodigal Sorcerer", "Sea Serpent"],
}
BAD_DECK = ("// name: Mixed Bag\n// variant: conquering\n20 Mountain\n20 Plains\n"
            "10 Grizzly Bears\n10 Lightning Bolt\n")
BAD_FRONTIER = "// name: Too Thin\n// variant: frontier\n10 Forest\n4 Grizzly Bears\n"


def _choose(app, dropdown, option: str) -> None:
    choose(app, dropdown, option)
    step(app, 2)  # the drop-down's change reaches the scene


def _setup(app, players: int) -> SetupScene:
    setup = SetupScene(app)
    app.scenes.push(setup)
    step(app, 2)
    _choose(app, setup.w["variant"], "Magic: the Conquering")
    _choose(app, setup.w["players"], f"{players} players")
    return setup


def _type(app, entry, text: str) -> None:
    entry.set_text("")
    entry.focus()
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        step(app)
    entry.unfocus()


@pytest.mark.parametrize("players", [3, 4])
def test_a_conquering_game_for_three_or_four_starts_from_the_set_up(app, players) -> None:
    setup = _setup(app, players)
    assert [k for k in setup.w if k.startswith("name")] == [f"name{s}" for s in range(players)]
    _type(app, setup.w["name2"], "Theresa")
    press(app, setup.w["start"])
    step(app, 2)
    cover = app.scenes.top
    assert isinstance(cover, CoverScene), type(cover).__name__
    table = list(app.scenes)[-2]
    assert isinstance(table, TableScene)
    state = table.session.state
    assert state.variant == "conquering"
    want = ["Ann", "Ben", "Theresa", "Dee"][:players]
    assert [p.name for p in state.players] == want
    assert cover.player == want[table.seat]
    uncover(app)
    assert app.scenes.top is table


def test_an_illegal_deck_is_refused_with_its_reasons_unless_played_anyway(app) -> None:
    folder = app.paths.data_dir / "decks"
    folder.mkdir(parents=True)
    (folder / "mixed.txt").write_text(BAD_DECK, encoding="utf-8")
    setup = _setup(app, 3)
    assert "Mixed Bag" in [d.name for d in setup.decks]
    _choose(app, setup.w["deck1"], "Mixed Bag")
    press(app, setup.w["start"])
    step(app, 2)
    dialog = app.scenes.top
    assert isinstance(dialog, DeckProblemsScene)
    text = " ".join(t for t, _ in dialog.lines(2000))
    assert "Ben" in text and "Mixed Bag" in text
    assert "land" in text and "colour" in text and "at most 4" in text  # every reason
    assert "{" not in text and "None" not in text
    press(app, dialog.change)  # change decks: back to the form, no game
    assert app.scenes.top is setup and not setup.override
    override = setup.w["override"]
    assert override.visible  # the form's own tick, as the deck builder's
    press(app, override)
    assert setup.override and override.text.startswith("[x]")
    press(app, setup.w["start"])
    step(app, 2)
    assert isinstance(app.scenes.top, CoverScene)  # ticked: no second refusal
    table = list(app.scenes)[-2]
    assert len(table.session.state.players) == 3
    assert setup.override


def test_frontier_checks_decks_at_the_start_too(app) -> None:
    folder = app.paths.data_dir / "decks"
    folder.mkdir(parents=True)
    (folder / "thin.txt").write_text(BAD_FRONTIER, encoding="utf-8")
    setup = SetupScene(app)
    app.scenes.push(setup)
    step(app, 2)
    assert "players" not in setup.w  # Frontier seats two
    _choose(app, setup.w["deck0"], "Too Thin")
    press(app, setup.w["start"])
    step(app, 2)
    dialog = app.scenes.top
    assert isinstance(dialog, DeckProblemsScene)
    assert "60" in " ".join(t for t, _ in dialog.lines(2000))
    press(app, dialog.anyway)
    step(app, 2)
    assert isinstance(app.scenes.top, CoverScene)


def _mono_session(players: int, seed: int = 4) -> Any:
    pool = BundledPool.load()
    decks = [DeckList(Path(f"{colour}.txt"), colour, "conquering",
                      tuple((15, name) for name in cards))
             for colour, cards in list(MONO.items())[:players]]
    return start_game(decks, NAMES[:players], seed=seed, pool=pool)


def _table(app, session) -> TableScene:
    table = TableScene(app, session, hotseat=True, cover_first=True)
    app.scenes.reset(table)
    step(app, 2)
    return table


def _advance(app, table: TableScene, chooser: random.Random | None = None) -> None:
    """One decision at the table: a discard, a bot's choice, or a pass (space)."""
    legal = table.legal
    discard = [a for a in legal if a.get("type") == "discard"]
    if discard:
        table.submit(discard[0])
        step(app)
    elif chooser is not None:
        from frontier_desktop.selfplay import pick

        options = table.session.legal_actions(table.seat)
        table.submit(pick("conquering", options, chooser, table.session.state, table.seat)
                     .to_wire())
        step(app)
    else:
        key(app, pygame.K_SPACE)


def test_the_cover_comes_between_every_turn_of_three_players(app) -> None:
    session = _mono_session(3)
    table = _table(app, session)
    covers: list[tuple[str, str]] = []
    turns_seen: list[int] = []
    for _ in range(400):
        top = app.scenes.top
        if isinstance(top, CoverScene):
            covers.append((top.player, top.reason))
            turns_seen.append(session.state.turn)
            uncover(app)
            assert app.scenes.top is table
            continue
        if session.state.turn > 6:
            break
        before = (session.state.turn, table.seat)
        _advance(app, table)
        if session.state.turn != before[0]:
            # a new turn at the table: the cover is up before anything of it is drawn
            assert isinstance(app.scenes.top, CoverScene)
    assert len(covers) >= 6
    order = [NAMES.index(name) for name, _ in covers]
    first = order[0]
    assert order[:6] == [(first + k) % 3 for k in range(6)]  # clockwise, each turn
    for (name, reason), prev in zip(covers[1:6], covers[:5]):
        assert f"{prev[0]}'s turn is over" in reason and name in reason


def _play_until(app, table: TableScene, done, chooser: random.Random, limit: int = 3000,
                on_cover=None) -> None:
    for _ in range(limit):
        if done():
            return
        top = app.scenes.top
        if isinstance(top, GameOverScene):
            return
        if isinstance(top, CoverScene):
            if on_cover is not None:
                on_cover(top)
            uncover(app, by="button")  # the hand-over through the cover's own button
            assert app.scenes.top is table
            continue
        _advance(app, table, chooser)
    raise AssertionError("the game never got there")


def test_a_block_choice_is_covered_and_named(app) -> None:
    session = games.start_game(
        [d for d in games.sample_decks("conquering")][:1] * 3, NAMES[:3], seed=2)
    table = _table(app, session)
    seen: list[tuple[str, str, Any]] = []

    def on_cover(cover: CoverScene) -> None:
        seen.append((cover.player, cover.reason, dict(session.state.decision or {})))

    def blocking() -> bool:
        return any(d.get("kind") == "blocks" for _, _, d in seen)

    _play_until(app, table, blocking, random.Random(2), on_cover=on_cover)
    name, reason, decision = next(s for s in seen if s[2].get("kind") == "blocks")
    blocker = int(decision["player"])
    attacker = session.state.players[session.state.active].name
    assert name == NAMES[blocker] and name != attacker
    assert f"{attacker} attacks" in reason and f"{name} chooses blockers" in reason
    assert table.seat == blocker
    head, you = turn_words(table.view, table.seat, table.names)  # the status column
    assert f"{attacker}'s turn" in head and "you choose blockers" in you


@pytest.mark.parametrize("players", [3, 4])
def test_no_other_hand_is_drawn_after_a_hand_over(app, monkeypatch, players) -> None:
    session = _mono_session(players)
    check_hand_overs(app, _table(app, session), monkeypatch, players)


def check_hand_overs(app, table: TableScene, monkeypatch, players: int,
                     limit: int = 300) -> None:
    """Play on until every seat has taken the computer (and a round has gone by); after each
    hand-over the table draws the seat's own hand and no card name of another seat's hand
    (only what is public: units, permanents, graveyards or removed piles)."""
    session = table.session
    surfaces = Surfaces(app, monkeypatch)
    checked = set()
    for _ in range(limit):
        top = app.scenes.top
        if isinstance(top, CoverScene):
            uncover(app)
            assert app.scenes.top is table
            texts = surfaces.render(app, table)
            state = session.state
            mine = set(state.name(c) for c in state.players[table.seat].hand)
            assert mine & set(texts), "the seat's own hand is drawn (the capture works)"
            public = {u.get("name") for u in table.view.get("units") or ()} | {
                p.get("name") for p in table.view.get("permanents") or ()}
            for p in table.view["players"]:
                public |= set(p.get("graveyard") or ())
            secrets = sorted({state.name(c) for s, p in enumerate(state.players)
                              if s != table.seat for c in p.hand} - mine - public)
            assert secrets
            assert _leaks(table, texts, secrets) == []
            checked.add(table.seat)
            if len(checked) == players and state.turn > players:
                break
            continue
        _advance(app, table)
    assert checked == set(range(players))


def test_three_players_play_hot_seat_to_a_win(app) -> None:
    session = games.start_game(
        [d for d in games.sample_decks("conquering")][:1] * 3, NAMES[:3], seed=1)
    table = _table(app, session)
    hand_overs = []
    _play_until(app, table, lambda: bool(session.state.game_over), random.Random(1),
                limit=6000, on_cover=lambda c: hand_overs.append(c.player))
    step(app, 2)
    assert session.state.game_over and session.state.winner is not None
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    title, lines = over._texts()
    winner = NAMES[session.state.winner]
    assert title == f"{winner} wins!"
    text = " ".join(t for t, _ in lines)
    assert "areas" in text and "life" not in text
    assert f"{winner} holds" in text or "last player left" in text
    assert set(hand_overs) == set(NAMES[:3])  # every player took the computer
    # the record replays to the same game (the autosave is the same record)
    from frontier_desktop.record import replay

    assert session.record_header is not None
    assert replay(session.record_header, session.actions).to_wire() == \
        session.state.to_wire()


def test_recent_games_lists_every_player_of_a_three_player_game(tmp_path) -> None:
    session = games.start_game(games.sample_decks("conquering")[:1] * 3, NAMES[:3], seed=3)
    path = games.autosave_path(tmp_path, session)
    assert path is not None
    path.parent.mkdir(parents=True)
    assert games.autosave(session, path)
    (entry,) = games.recent_games(tmp_path)
    assert entry.title() == "Ann, Ben and Cy"
    assert entry.details().startswith("The Conquering, 3 players, turn 1")
    assert "won" not in entry.details()
    resumed = games.resume_recent(entry)  # Continue: the same three players, same game
    assert [p.name for p in resumed.state.players] == NAMES[:3]
    assert resumed.state.to_wire() == session.state.to_wire()


def test_each_players_row_and_marker_in_the_panel(app) -> None:
    """Four players: the panel lists the three others clockwise from the seat at the
    screen, each row a click target for a spell aimed at that player; four markers, four
    shapes."""
    from frontier_desktop.ui.table.markers import SHAPES, marker_for

    session = _mono_session(4)
    table = _table(app, session)
    uncover(app)  # the cover goes
    seat = table.seat
    rows = table.renderer.player_rects
    assert [s for _, s in rows] == [(seat + k) % 4 for k in (1, 2, 3)]
    for rect, other in rows:
        assert table.targeting.target_at(rect.center) == {"player": other}
    lay = table.renderer.layout
    assert table.targeting.target_at(lay.own_panel.center) == {"player": seat}
    assert len({marker_for(s, app.palette) for s in range(4)}) == 4
    assert len({marker_for(s, app.palette)[1] for s in range(4)}) == len(SHAPES) == 4
