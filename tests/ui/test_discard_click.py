"""Issue 23, high 2: a click on a hand card answers the rules' discard decision in every
variant, whatever words the variant offers it in (a card id, a card name, a list of ids), and
a Conquering game for three or four played from New game goes past its first end steps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from frontier_desktop.ui.scenes.cover import CoverScene
from frontier_desktop.ui.scenes.table import TableScene, discard_of

from .helpers import bundled_table, click, key, press, step, uncover
from .test_conquering_seats import _setup

HAND = ["Grizzly Bears"] * 3 + ["Giant Growth"] * 3 + ["Hill Giant"] * 3 + ["Holy Strength"]
ENDS = {"frontier": ("spec-example.json", "end", 7), "army": ("army-border-fight.json", "end", 7),
        "conquering": ("conquering-wurm-swamp.json", "end", 7),
        "wargame": ("wargame-three-way-division.json", "discard", 8)}
"""Per variant: a bundled position, its last step (where the hand is cut down) and the hand
size there."""


def _over_the_hand_size(app, tmp_path: Path, variant: str) -> TableScene:
    name, phase, _limit = ENDS[variant]

    def at_the_end(data: dict[str, Any]) -> None:
        data["phase"] = phase
        data["players"][data.get("active", 0)]["hand"] = HAND

    return bundled_table(app, tmp_path, name, at_the_end)


def _discard_due(table: TableScene) -> bool:
    pending = table.view.get("pending") or {}
    return bool(table.legal_of("discard")) or (
        pending.get("kind") == "discard" and pending.get("seat") == table.seat)


def _click_a_hand_card(app, table: TableScene) -> None:
    """Click the first hand card not picked yet (a "discard N" decision picks N)."""
    picked = table.local.discard_pick
    rect = next(r for r, cid, _ in table.renderer.hand_rects if cid not in picked)
    click(app, rect.center)


@pytest.mark.parametrize("variant", list(ENDS))
def test_clicking_hand_cards_discards_down_to_the_hand_size(app, tmp_path, variant) -> None:
    table = _over_the_hand_size(app, tmp_path, variant)
    seat = table.seat
    assert _discard_due(table), table.view.get("phase")
    assert "click a card" in table.prompt().lower() or table.stack_panel.showing
    for _ in range(20):
        if not _discard_due(table):
            break
        _click_a_hand_card(app, table)
    state = table.session.state
    assert len(state.players[seat].hand) == ENDS[variant][2]
    assert not _discard_due(table)
    assert "discards" in " ".join(table.renderer.log_lines)


def test_a_right_click_on_a_hand_card_offers_its_discard(app, tmp_path) -> None:
    table = _over_the_hand_size(app, tmp_path, "conquering")
    seat = table.seat
    rect, cid, name = table.renderer.hand_rects[-1]
    click(app, rect.center, button=3)
    assert table.menu is not None and [i.label for i in table.menu.items] == [f"Discard {name}"]
    click(app, table.menu.item_rect(0).center)
    assert len(table.session.state.players[seat].hand) == len(HAND) - 1
    assert name in table.view["players"][seat]["graveyard"]


def test_each_variants_discard_words_match_the_clicked_card() -> None:
    assert discard_of([{"type": "discard", "card": "h2"}], "h2", "Hill Giant") is not None
    assert discard_of([{"type": "discard", "card": "Hill Giant"}], "h2", "Hill Giant")
    assert discard_of([{"type": "discard", "cards": ["h2"]}], "h2", "Hill Giant")
    assert discard_of([{"type": "discard", "card": "h3"}], "h2", "Hill Giant") is None
    assert discard_of([{"type": "discard", "cards": ["h2", "h3"]}], "h2", "Hill Giant") is None


@pytest.mark.parametrize("players", [3, 4])
def test_a_conquering_game_from_new_game_plays_past_its_end_steps(app, players) -> None:
    """Everybody passes: with two cards drawn a turn each player is over seven at their
    first end step and clicks hand cards away, as a player does (no action sent by hand)."""
    setup = _setup(app, players)
    press(app, setup.w["start"])
    step(app, 2)
    table = app.scenes.find(TableScene)
    assert table is not None and table.session.state.variant == "conquering"
    state = table.session.state
    clicks = 0
    for _ in range(600):
        if state.turn > players + 1:
            break
        if isinstance(app.scenes.top, CoverScene):
            uncover(app)
            continue
        assert app.scenes.top is table, type(app.scenes.top).__name__
        if _discard_due(table):
            _click_a_hand_card(app, table)
            clicks += 1
            continue
        key(app, pygame.K_SPACE)
        state = table.session.state
    assert state.turn > players + 1, (state.turn, state.phase, table.prompt())
    assert clicks >= players  # every player discarded at least once, by clicking
    assert all(len(p.hand) <= 9 for p in state.players)


@pytest.mark.slow
def test_a_four_player_conquering_game_from_new_game_plays_to_a_win(app) -> None:
    """New game → the Conquering, 4 players, the sample decks: the covers lifted by Enter,
    every end-step discard by clicking a hand card, the bot choosing the rest, to a win."""
    import random

    from frontier_desktop.selfplay import pick
    from frontier_desktop.ui.scenes.game_over import GameOverScene

    from .test_conquering_seats import _choose

    setup = _setup(app, 4)
    _choose(app, setup.w["players"], "4 players")
    setup.w["seed"].set_text("6")
    press(app, setup.w["start"])
    step(app, 2)
    table = app.scenes.find(TableScene)
    assert table is not None and len(table.session.state.players) == 4
    rng = random.Random(6)
    clicks = covers = 0
    for _ in range(20000):
        top = app.scenes.top
        if isinstance(top, GameOverScene) or table.session.state.game_over:
            break
        if isinstance(top, CoverScene):
            covers += 1
            uncover(app)
            continue
        if _discard_due(table):
            _click_a_hand_card(app, table)
            clicks += 1
            continue
        state, seat = table.session.state, table.seat
        options = table.session.legal_actions(seat)
        assert options, (state.phase, state.decision)
        assert table.submit(pick("conquering", options, rng, state, seat).to_wire()).ok
        step(app)
    state = table.session.state
    assert state.game_over and state.winner is not None
    step(app, 2)
    assert isinstance(app.scenes.top, GameOverScene)
    assert covers >= 4 * 4 and clicks >= 4  # every seat took the computer and discarded
