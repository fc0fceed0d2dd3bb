"""The shared turn machine (rules/core/turns.py) on a toy variant, and what the Conquering
gained from it (the cleanup and the extra turns it used to miss)."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import GridBoard
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import GameState, Permanent, PlayerState
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.core.engine_hooks import VariantHooks
from frontier_desktop.rules.core.turns import TurnMachine, clockwise_seat
from tests.rules.conquering_helpers import game, pass_until, play, put
from tests.rules.helpers import card


class ToyRules(VariantHooks):
    """A variant that is only a phase list and hooks (as the War Game will be)."""

    phases: ClassVar[tuple[str, ...]] = ("untap", "supply", "draw", "march", "end")
    turn_based_steps: ClassVar[tuple[str, ...]] = ("untap", "supply")
    hand_size: ClassVar[int] = 3
    draw_count: ClassVar[int] = 2

    def __init__(self, calls: list[tuple[str, int]]) -> None:
        self.calls = calls

    def on_supply(self, state: GameState, events: list[Event]) -> None:
        self.calls.append(("supply", state.active))

    def on_march(self, state: GameState, events: list[Event]) -> None:
        self.calls.append(("march", state.active))

    def end_of_turn(self, state: GameState, events: list[Event]) -> None:
        self.calls.append(("cleanup", state.active))


class Toy(TurnMachine):
    """The turn machine of the engine, asking :class:`ToyRules` (its variant)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []
        self.extra_turns: list[int] = []
        self.variant = ToyRules(self.calls)
        self.variant.magic = self  # type: ignore[assignment]  # the toy's engine is only this

    # the effects engine's answers (fx_timing, engine_hooks), reduced to what the toy needs
    def run_delayed(self, state: GameState, when: str, events: list[Event]) -> None:
        self.calls.append((when, state.active))

    def phase_untap(self, state: GameState, events: list[Event]) -> None:
        pass

    def skips_untap(self, state: GameState, perm: Permanent) -> bool:
        return False

    def queued_extra_turn(self, state: GameState) -> int | None:
        return self.extra_turns.pop() if self.extra_turns else None

    def _turn_starts(self, state: GameState, active: int) -> None:
        self.calls.append(("turn_starts", active))

    def _hand_card(self, state: GameState, seat: int, action: A.Action, ref: str) -> str:
        return next(c for c in state.players[seat].hand if state.name(c) == ref)

    def _discard_chosen(self, state: GameState, seat: int, action: A.Discard,
                        events: list[Event]) -> None:
        raise AssertionError("no discard decision in these tests")


def toy_game(seats: int = 3, library: int = 20) -> GameState:
    state = GameState("toy", GridBoard(2, 2), [PlayerState(f"P{s}") for s in range(seats)])
    for seat in range(seats):
        for k in range(library):
            obj = f"c{seat}_{k}"
            state.cards[obj] = (f"Card {k}", seat)
            state.players[seat].library.append(obj)
    state.active = 0
    return state


def creature(state: GameState, seat: int, **kw: Any) -> Permanent:
    bears = card("Grizzly Bears")
    state.defs[bears.name] = bears
    obj = f"u{len(state.perms) + 1}"
    state.cards[obj] = (bears.name, seat)
    state.perms[obj] = Permanent(obj, seat, "board", (0, 0), **kw)
    return state.perms[obj]


def passes(toy: Toy, state: GameState, count: int) -> list[Event]:
    events: list[Event] = []
    for _ in range(count):
        toy.pass_step(state, state.active, A.Pass(), events)
    return events


def phase_events(events: list[Event]) -> list[tuple[str, Any]]:
    return [(e["type"], e.get("phase", e.get("active"))) for e in events
            if e["type"] in ("phase", "turn", "untap")]


def test_passes_walk_the_phase_list_and_carry_out_the_turn_based_steps() -> None:
    toy, state = Toy(), toy_game()
    tapped = creature(state, 0, tapped=True, sick=True)
    events: list[Event] = []
    toy.start_turn(state, events)
    # untap and supply are carried out without a stop or a phase event; draw is the first stop
    assert phase_events(events) == [("turn", 0), ("untap", None), ("phase", "draw")]
    assert state.phase == "draw" and not tapped.tapped and not tapped.sick
    assert toy.calls == [("supply", 0)]
    assert len(state.players[0].hand) == 2  # draw_count
    events = passes(toy, state, 2)
    assert phase_events(events) == [("phase", "march"), ("phase", "end")]
    assert toy.calls[1:] == [("march", 0), ("next_end_step", 0)]  # the default end hook


def test_the_end_step_hands_the_turn_on_clockwise_skipping_eliminated_seats() -> None:
    toy, state = Toy(), toy_game(4)
    state.players[2].lost = True
    state.phase, state.active = "end", 1
    events = passes(toy, state, 1)
    assert state.active == 3 and state.turn == 2
    assert ("cleanup", 1) in toy.calls and ("turn_starts", 3) in toy.calls
    assert phase_events(events)[0] == ("turn", 3)
    state.phase = "end"
    passes(toy, state, 1)
    assert state.active == 0  # wraps round
    assert [clockwise_seat(state, s) for s in range(4)] == [1, 3, 3, 0]


def test_an_extra_turn_comes_before_the_next_seat() -> None:
    toy, state = Toy(), toy_game(3)
    toy.extra_turns.append(0)
    state.phase = "end"
    passes(toy, state, 1)
    assert state.active == 0
    state.phase = "end"
    passes(toy, state, 1)
    assert state.active == 1


def test_cleanup_ends_until_end_of_turn_and_pools_empty_between_steps() -> None:
    toy, state = Toy(), toy_game(2)
    perm = creature(state, 1, damage=2, pt_mod=(3, 3), regen_shield=1)
    perm.granted = ("trample",)
    state.phase = "draw"
    state.players[0].pool["G"] = 2
    passes(toy, state, 1)
    assert state.players[0].pool["G"] == 0
    state.players[0].pool["G"] = 2
    toy.variant.pools_empty = "turn"  # type: ignore[misc]  # the Conquering's rule
    passes(toy, state, 1)
    assert state.phase == "end" and state.players[0].pool["G"] == 2
    passes(toy, state, 1)
    assert state.players[0].pool["G"] == 0  # the end of the turn empties them still
    assert (perm.damage, perm.pt_mod, perm.regen_shield, perm.granted) == (0, (0, 0), 0, ())


def test_supply_and_damage_may_last_from_turn_to_turn() -> None:
    toy, state = Toy(), toy_game(2)
    toy.variant.pools_empty, toy.variant.damage_wears_off = "never", False  # type: ignore[misc]  # War Game
    perm = creature(state, 1, damage=2, pt_mod=(1, 1))
    state.phase = "march"
    state.players[0].pool["C"] = 4
    passes(toy, state, 2)
    assert state.active == 1 and state.players[0].pool["C"] == 4
    assert perm.damage == 2 and perm.pt_mod == (0, 0)  # "until end of turn" still ends


def test_the_end_step_waits_for_the_discard_down_to_the_hand_size() -> None:
    toy, state = Toy(), toy_game(2)
    player = state.players[0]
    player.hand, player.library = player.library[:5], player.library[5:]
    state.phase = "march"
    with pytest.raises(IllegalActionError, match="only at end of turn"):
        toy._do_discard(state, 0, A.Discard(card="Card 0"), [])
    passes(toy, state, 1)
    with pytest.raises(IllegalActionError, match="discard down to 3 cards first"):
        passes(toy, state, 1)
    with pytest.raises(IllegalActionError, match="at most 2 cards"):
        toy._do_discard(state, 0, A.Discard(cards=("Card 0", "Card 1", "Card 2")), [])
    events: list[Event] = []
    toy._do_discard(state, 0, A.Discard(cards=("Card 0", "Card 1")), events)
    assert [e["card"] for e in events] == ["Card 0", "Card 1"]
    assert len(player.hand) == 3 and len(player.graveyard) == 2
    passes(toy, state, 1)
    assert state.active == 1


def test_a_position_saved_in_a_turn_based_step_carries_it_out_when_passed() -> None:
    toy, state = Toy(), toy_game(2)
    creature(state, 0, tapped=True)
    state.phase = "untap"
    events = passes(toy, state, 1)
    assert not state.perms["u1"].tapped and state.phase == "draw"
    assert phase_events(events) == [("untap", None), ("phase", "draw")]
    assert toy.calls == [("supply", 0)]


# ---------------------------------------------------------------------- the Conquering
def test_conquering_until_end_of_turn_ends_at_the_end_of_the_turn() -> None:
    state = pass_until(game(2), "main")
    bear = put(state, "Grizzly Bears", 0, "S0")
    perm = state.perms[bear]
    perm.granted, perm.regen_shield, perm.activations = ("trample",), 1, {"0": 1}
    state = pass_until(state, "main", active=1)
    perm = state.perms[bear]
    assert (perm.granted, perm.regen_shield, perm.activations) == ((), 0, {})


def test_conquering_honours_an_extra_turn() -> None:
    state = pass_until(game(3), "end")
    assert state.active == 0
    state.extra["extra_turns"] = [{"seat": 0, "id": "x1"}]
    state, events = play(state, A.Pass())
    assert state.active == 0 and state.extra.get("turn_id") == "x1"
    assert {"type": "turn", "turn": state.turn, "active": 0} in events
