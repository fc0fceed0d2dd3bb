"""The deck builder's pure parts: the draft, its statistics, sample hands, the idle seat."""

from __future__ import annotations

import random

from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.decks import Section, read_deck_file
from frontier_desktop.ui.builder.goldfish import goldfish_session, idle_turn
from frontier_desktop.ui.builder.model import DeckDraft, SampleHand, deck_stats, slug
from frontier_desktop.ui.games import DECKS_DIR, QUICK_DECKS

POOL = BundledPool.load()


def test_draft_round_trips_a_deck_with_printings() -> None:
    result = read_deck_file(DECKS_DIR / "army_monk_legion.txt", cards=POOL)
    draft = DeckDraft.from_deck(result.deck)
    assert not draft.is_dirty
    assert draft.to_deck().counts_by_name() == result.deck.counts_by_name()
    draft.add("Serra Angel")
    assert draft.is_dirty and draft.copies("Serra Angel") == 3
    assert draft.move("Serra Angel", Section.MAIN, Section.INITIAL_FORCES) == 1
    assert draft.remove("Serra Angel", Section.MAIN, 9) == 2
    assert draft.copies("Serra Angel") == 1 and draft.to_deck().points == 100
    assert slug("Monk Legion!") == "monk-legion" and slug("") == "untitled-deck"


def test_stats_curve_colours_types_board_and_library() -> None:
    deck = read_deck_file(DECKS_DIR / QUICK_DECKS[1], cards=POOL).deck
    stats = deck_stats(deck, POOL)
    assert sum(stats.curve) == len(stats.library) == 36
    assert len(stats.lands) == 24 and stats.types["Land"] == 24
    assert set(stats.colours) == {"W", "R"} and not stats.unknown


def test_sample_hand_is_seven_then_london_mulligan_then_draw() -> None:
    hand = SampleHand([f"card {i}" for i in range(40)], random.Random(1))
    assert len(hand.hand) == 7 and len(hand.library) == 33
    hand.mulligan()
    hand.mulligan()
    assert len(hand.hand) == 7 and hand.to_bottom == 2
    assert hand.draw() is not None and len(hand.hand) == 8
    hand.new_hand()
    assert hand.mulligans == 0
    assert SampleHand([]).draw() is None


def test_the_idle_seat_only_ever_passes() -> None:
    deck = read_deck_file(DECKS_DIR / QUICK_DECKS[0], cards=POOL).deck
    session = goldfish_session(deck, "frontier", POOL, seed=11)
    idle = idle_turn()
    for _ in range(400):
        while idle(session):
            pass
        seat = session.acting_seat()
        if seat is None or session.state.turn > 4:
            break
        assert seat == 0
        legal = [a.to_wire() for a in session.legal_actions(0)]
        kinds = {a["type"] for a in legal}
        action = ({"type": "keep", "bottom": []} if "keep" in kinds else
                  next(a for a in legal if a["type"] in ("place_token", "done_attacking",
                                                         "done_moving", "pass", "discard")))
        assert session.submit(0, action).ok
    assert session.state.turn > 4
    idle_actions = {a["action"]["type"] for a in session.actions if a["seat"] == 1}
    assert idle_actions <= {"place_token", "keep", "pass", "done_moving", "done_attacking",
                            "discard"}
