"""Views, redaction, records and replays for three and four seats (issue 14).

Random 3- and 4-player Conquering games (hypothesis picks the seed, the number of seats and
how eager the players are): after every action, for every seat, the view, the redacted events
and the log carry no other seat's secrets: no other hand's card names or ids, no library's
order (no library card id, no ``library`` list), no face-down land's or set-aside land's name
or id. And a game record replays exactly: the same final state, field by field.

Each seat's deck has card names of its own (half of it one-of creatures named for the seat
and the copy: "Dale's Recruit 17"), so a name is another seat's secret while every card of
that name is in hands and libraries (never yet cast, discarded or otherwise shown).
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from frontier_desktop.record import new_game, replay
from frontier_desktop.rules import actions as A
from frontier_desktop.rules import apply, find_variant
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.views import describe, log_view, player_view, redact_event
from tests.rules.helpers import card, creature

DECKS = [
    ["Grizzly Bears", "Llanowar Elves", "Giant Growth"],        # green
    ["White Knight", "Serra Angel", "Benalish Hero"],           # white
    ["Raging Goblin", "Hill Giant", "Lightning Bolt"],          # red
    ["Bog Wraith", "Ravenous Rats", "Mind Rot"],                # black: discards by choice
]
NAMES = ("Edna", "Dale", "Theresa", "Walt")
COLOURS = ("G", "W", "R", "B")
CQ = find_variant("conquering")


def _quoted(ids: Any) -> set[str]:
    return {json.dumps(i) for i in ids}


def _public_names(state: GameState) -> set[str]:
    """Card names anybody may know now: in play, on the stack, in a graveyard or exile."""
    names = {state.name(p) for p in state.perms}
    names |= {str(item["card"]) for item in state.stack}
    for p in state.players:
        names |= {state.name(c) for c in (*p.graveyard, *p.exile, *p.land_graveyard)}
    return names


def _secrets(state: GameState, viewer: int, shown: set[str]) -> tuple[set[str], set[str]]:
    """``(names, quoted ids)`` *viewer* must not see now."""
    names: set[str] = set()
    ids: set[str] = set()
    own = {state.name(c) for c in state.players[viewer].hand}
    for seat, p in enumerate(state.players):
        ids |= _quoted(p.library)  # library order: no seat sees a library card's id
        if seat != viewer:
            ids |= _quoted(p.hand)
            names |= {state.name(c) for c in p.hand}
    names -= shown | own
    for pos in state.board.places():
        cell = state.cells[pos]
        if cell.land is not None and not cell.face_up:
            ids |= _quoted([cell.land])
    ids |= _quoted(state.aside)
    return names, ids


def _assert_hidden(text: str, names: set[str], ids: set[str], where: str) -> None:
    for name in names:
        assert name not in text, f"{where} names {name!r}, another seat's secret"
    for quoted in ids:
        assert quoted not in text, f"{where} carries the hidden id {quoted}"


def _assert_view(state: GameState, viewer: int, view: dict[str, Any]) -> None:
    for seat, p in enumerate(view["players"]):
        assert "library" not in p
        assert ("hand" in p) == (seat == viewer)
        assert p["hand_count"] == len(state.players[seat].hand)
    for pos in state.board.places():
        cell = state.cells[pos]
        if isinstance(pos, tuple):
            printed = view["board"]["rows"][pos[0]][pos[1]]
        elif pos in state.board.outside:
            printed = next(s for s in view["board"]["strongholds"] if s["place"] == pos)
        else:
            printed = view["board"]["areas"][pos]
        expected = state.name(cell.land) if cell.land is not None and cell.face_up else None
        assert printed["land"] == expected  # face-down lands are nameless to every seat
    assert "aside" not in view and "seed" not in view and "rng_counter" not in view


def _recruit(seat: int, copy: int) -> Card:
    """A one-of 2/2 for {1} of the seat's colour, named for the seat and the copy."""
    colour = COLOURS[seat]
    return Card.from_scryfall(creature(f"{NAMES[seat]}'s Recruit {copy:02d}", [colour], 2, 2,
                                       mana_cost=f"{{1}}{{{colour}}}"))


def _choose(rnd: random.Random, state: GameState, seat: int, eager: float) -> A.Action:
    actions = CQ.legal_actions(state, seat)
    assert actions, f"nothing legal for seat {seat} in {state.phase}"
    moves = [a for a in actions if not isinstance(a, A.Pass)]
    return rnd.choice(moves) if moves and rnd.random() < eager else actions[0]


def _play(players: int, seed: int, eager: float, steps: int, check: bool,
          responders: tuple[int, ...] = ()
          ) -> tuple[dict[str, Any], list[dict[str, Any]], GameState]:
    decks = [[card(name) for name in DECKS[s]] * 10 + [_recruit(s, k) for k in range(30)]
             for s in range(players)]
    state, header = new_game("conquering", decks, NAMES[:players], seed=seed)
    rnd = random.Random(seed)
    lines: list[dict[str, Any]] = []
    for seat in responders:  # these players want response windows (priority decisions)
        state, _ = apply(state, A.SetResponses(on=True), seat)
        lines.append({"seat": seat, "action": state.log[-1]["action"]})
    shown = _public_names(state)
    for _ in range(steps):
        if state.game_over:
            break
        seat = CQ.acting_seat(state)
        assert seat is not None
        action = _choose(rnd, state, seat, eager)
        state, events = apply(state, action, seat)
        lines.append({"seat": seat, "action": state.log[-1]["action"]})
        shown |= _public_names(state)
        if not check:
            continue
        for viewer in range(players):
            names, ids = _secrets(state, viewer, shown)
            view = player_view(state, viewer)
            _assert_view(state, viewer, view)
            _assert_hidden(json.dumps(view), names, ids, f"seat {viewer}'s view")
            redacted = [redact_event(e, viewer) for e in events]
            _assert_hidden(json.dumps(redacted), names, ids, f"seat {viewer}'s events")
            assert not any("_private" in e for e in redacted)
    if check:
        for viewer in range(players):
            names, ids = _secrets(state, viewer, shown)
            _assert_hidden(json.dumps(log_view(state, viewer)), names, ids,
                           f"seat {viewer}'s log")
    return header, lines, state


RESPONDERS = st.lists(st.integers(0, 3), max_size=2, unique=True)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 10_000),
       eager=st.floats(0.5, 0.95), responders=RESPONDERS)
def test_no_seat_sees_another_seats_secrets_in_random_n_seat_games(
        players: int, seed: int, eager: float, responders: list[int]) -> None:
    _play(players, seed, eager, steps=160, check=True,
          responders=tuple(s for s in responders if s < players))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 10_000),
       eager=st.floats(0.5, 0.95), responders=RESPONDERS)
def test_a_record_of_a_random_n_seat_game_replays_exactly(
        players: int, seed: int, eager: float, responders: list[int]) -> None:
    header, lines, final = _play(players, seed, eager, steps=400, check=False,
                                 responders=tuple(s for s in responders if s < players))
    header = json.loads(json.dumps(header))  # as written to and read from a file
    again = replay(header, json.loads(json.dumps(lines)))
    assert again.to_wire() == final.to_wire()


def test_the_analysis_and_a_seats_view_of_a_four_seat_game_differ_only_in_secrets() -> None:
    header, lines, state = _play(4, 7, 0.8, steps=60, check=False)
    full = describe(state, reveal=True)
    assert any(p.get("hand") for p in full["players"])
    for viewer in range(4):
        view = player_view(state, viewer)
        assert [p["name"] for p in view["players"]] == list(NAMES)
        assert [p["hand_count"] for p in view["players"]] == \
            [len(p.hand) for p in state.players]
        assert view["players"][viewer]["hand"] == full["players"][viewer]["hand"]


def test_a_record_started_from_a_three_seat_position_replays_exactly() -> None:
    from pathlib import Path

    from frontier_desktop.position import load_position
    from frontier_desktop.record import position_header

    doc = json.loads((Path(__file__).resolve().parent.parent.parent / "assets" / "positions"
                      / "conquering-triangle-two-blockers.json").read_text(encoding="utf-8"))
    state = load_position(doc)
    lines = [{"seat": 0, "action": {"type": "conquer", "at": "Bi", "units": ["wurm"]}},
             {"seat": 1, "action": {"type": "block", "blocker": "knight", "attacker": "wurm"}},
             {"seat": 1, "action": {"type": "done_blocking"}},
             {"seat": 2, "action": {"type": "done_blocking"}},
             # The Wurm tramples over its one blocker: Edna divides its damage.
             {"seat": 0, "action": {"type": "assign", "attacker": "wurm",
                                    "damage": {"knight": 2, "land": 4}}},
             {"seat": 0, "action": {"type": "pass"}}]
    for line in lines:
        state, _ = apply(state, line["action"], line["seat"])
    assert state.phase == "main2" and "knight" not in state.perms
    again = replay(json.loads(json.dumps(position_header(doc))), lines)
    assert again.to_wire() == state.to_wire()


def test_a_local_session_sends_each_of_four_seats_its_own_redacted_update() -> None:
    from frontier_desktop.session import LocalSession

    decks = [[card(name) for name in DECKS[s]] * 10 + [_recruit(s, k) for k in range(30)]
             for s in range(4)]
    state, header = new_game("conquering", decks, NAMES, seed=3, options={"first_player": 0})
    session = LocalSession(state, record_header=header)
    updates: list[Any] = []
    session.subscribe(updates.append)
    drawer = None
    while drawer is None:  # Edna skips her first draw; Dale's draw step draws two cards
        seat = session.acting_seat()
        assert seat is not None
        result = session.submit(seat, session.legal_actions(seat)[0])
        assert result.ok
        if any(e["type"] == "drew" for e in result.events):
            drawer = session.state.active
    assert drawer == 1
    batch = updates[-4:]
    assert [u.seat for u in batch] == [0, 1, 2, 3]
    drawn = [e for e in batch[drawer].events if e["type"] == "drew"]
    assert len(drawn) == 2 and all("card" in e and "id" in e for e in drawn)  # Dale's own
    secret = [e["card"] for e in drawn]
    for update in batch:
        if update.seat == drawer:
            continue
        assert update.view["viewer"] == update.seat
        text = json.dumps([update.view, update.events])
        assert not any(name in text for name in secret)
        assert [e["type"] for e in update.events if e["type"] == "drew"] == ["drew", "drew"]
