"""Goldfishing: a solo game with the builder's deck against an opponent who does nothing.

No pygame here. :func:`goldfish_session` starts the game; :func:`idle_turn` is the idle
seat's whole policy (place the token in the middle, keep seven, pass every step, block
nothing, retreat to the first land offered, discard the first card when over the hand size),
given to the table as its ``autoplay`` hook so the table never hands the device to the idle
seat. Frontier and Army Magic (whose deck sections, home base, land grid and initial forces,
make both armies' board halves) can be goldfished.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from frontier_desktop.decks import CardLookup, Deck, Section
from frontier_desktop.record import new_game
from frontier_desktop.rules import Card
from frontier_desktop.session import LocalSession
from frontier_desktop.ui.builder.model import card_of

GOLDFISH_VARIANTS = ("frontier", "army")
"""Variants the rules engine can play (the others are deck-checked only for now)."""

IDLE_NAME = "Goldfish"
"""The idle opponent's name."""

IDLE_SEAT = 1


class GoldfishError(ValueError):
    """The deck cannot be goldfished; the message says why in words."""


def goldfish_cards(deck: Deck, cards: CardLookup) -> list[Card]:
    """One rules card per copy of the main deck.

    Raises:
        GoldfishError: an unknown card, or no main deck.
    """
    out: list[Card] = []
    unknown: list[str] = []
    memo: dict[str, Card | None] = {}
    for entry in deck.section(Section.MAIN):
        card = card_of(cards, entry.name, memo)
        if card is None:
            unknown.append(entry.name)
            continue
        out.extend([card] * entry.count)
    if unknown:
        raise GoldfishError("unknown cards can't be played: " + ", ".join(sorted(set(unknown))))
    if not out:
        raise GoldfishError("the main deck is empty")
    return out


def goldfish_session(deck: Deck, variant: str, cards: CardLookup, *, player: str = "You",
                     seed: int | None = None) -> LocalSession:
    """A two-seat game: seat 0 plays *deck*, seat 1 (idle) a copy of it.

    In Frontier both decks' lands make the board, so the copy keeps the board the size a real
    game against a similar deck would have, and the idle seat never decks out early.

    Raises:
        GoldfishError: a variant the engine can't play yet, unknown cards, too few lands.
    """
    if variant not in GOLDFISH_VARIANTS:
        raise GoldfishError(f"goldfishing needs the rules engine for {variant}; it plays "
                            "Frontier and Army Magic so far (the deck check works for every "
                            "variant)")
    mine = goldfish_cards(deck, cards)
    seed = random.randrange(1 << 30) if seed is None else seed
    sections = None
    if variant == "army":
        parts = army_sections(deck, cards)
        sections = [parts, {k: list(v) for k, v in parts.items()}]
    try:
        state, header = new_game(variant, [mine, list(mine)], [player, IDLE_NAME], seed=seed,
                                 sections=sections)
    except ValueError as exc:
        raise GoldfishError(str(exc)) from None
    header["goldfish"] = {"idle_seat": IDLE_SEAT}
    return LocalSession(state, record_header=header)


def army_sections(deck: Deck, cards: CardLookup) -> dict[str, list[Card]]:
    """An Army deck's home base, land grid and initial forces as rules cards.

    Raises:
        GoldfishError: an unknown card in a section, or no land grid.
    """
    out: dict[str, list[Card]] = {}
    memo: dict[str, Card | None] = {}
    for section in (Section.HOME_BASE, Section.LAND_GRID, Section.INITIAL_FORCES):
        for entry in deck.section(section):
            card = card_of(cards, entry.name, memo)
            if card is None:
                raise GoldfishError(f"unknown card in the {section.heading} section: "
                                    f"{entry.name}")
            out.setdefault(section.value, []).extend([card] * entry.count)
    if not out.get(Section.LAND_GRID.value) and not out.get(Section.HOME_BASE.value):
        raise GoldfishError("an army needs its land grid (15 lands, the home base among them)")
    return out


def _pick(legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    by_type: dict[str, list[dict[str, Any]]] = {}
    for action in legal:
        by_type.setdefault(str(action.get("type")), []).append(action)
    if "place_token" in by_type:
        plain = [a for a in by_type["place_token"] if a.get("color") is None] or \
            by_type["place_token"]
        return plain[len(plain) // 2]
    if "keep" in by_type:
        return {"type": "keep", "bottom": []}
    for kind in ("done_blocking", "done_attacking", "done_moving", "pass", "retreat", "place",
                 "discard"):
        if kind in by_type:
            return by_type[kind][0]
    return None


def idle_turn(seat: int = IDLE_SEAT) -> Callable[[LocalSession], bool]:
    """The table's ``autoplay`` hook: one idle action for *seat* when it must act.

    Returns a function that submits one action and returns True, or returns False when
    *seat* is not the one to act (or has nothing idle to do).
    """
    def act(session: LocalSession) -> bool:
        if session.acting_seat() != seat:
            return False
        action = _pick([a.to_wire() for a in session.legal_actions(seat)])
        if action is None:
            return False
        return bool(session.submit(seat, action).ok)

    return act
