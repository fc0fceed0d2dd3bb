"""Log entries and events in words, for the log panel (no pygame)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

COLOUR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
PHASE_NAMES = {"setup": "set-up", "upkeep": "upkeep", "draw": "draw step", "main": "main phase",
               "end": "end step", "cleanup": "cleanup"}


def square(at: Any) -> str:
    """``[2, 3]`` → ``"r3c4"`` (1-based, as players count); areas as they are."""
    if isinstance(at, (list, tuple)) and len(at) == 2:
        return f"r{at[0] + 1}c{at[1] + 1}"
    return str(at)


class Namer:
    """Names of players and units for the log, from the views the seat has seen."""

    def __init__(self, players: Sequence[str], units: Mapping[str, str] | None = None) -> None:
        self.players = list(players)
        self.units: dict[str, str] = dict(units or {})

    def player(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.players):
            return self.players[seat]
        return "?"

    def unit(self, unit_id: Any) -> str:
        if isinstance(unit_id, str):
            return self.units.get(unit_id, "a creature")
        return "a creature"


def action_words(action: Mapping[str, Any], seat: int, names: Namer) -> str | None:
    """The headline of an action, or None when its events say everything."""
    who = names.player(seat)
    kind = action.get("type")
    if kind == "move":
        return f"{who} moves {names.unit(action.get('unit'))} to {square(action.get('to'))}"
    if kind == "scout":
        return f"{who} scouts {square(action.get('target'))} with {names.unit(action.get('unit'))}"
    if kind == "attack":
        target = action.get("target")
        what = "the player" if target == "player" else square(target)
        return f"{who} attacks {what} with {names.unit(action.get('unit'))}"
    if kind == "cast":
        return None
    if kind == "pass":
        return None
    if kind == "set_responses":
        return (f"{who} will be asked before each of the opponent's moves and attacks"
                if action.get("on") else f"{who} lets the opponent's moves resolve at once")
    if kind == "done_moving":
        return f"{who} is done moving"
    if kind == "done_attacking":
        return f"{who} is done attacking"
    if kind == "keep":
        return f"{who} keeps"
    if kind == "mulligan":
        return f"{who} mulligans"
    if kind == "concede":
        return f"{who} concedes"
    if kind == "add_mana":
        return f"{who} adds {action.get('mana', 'mana')} by hand"
    if kind in ("tap_land", "place_token", "discard", "roll"):
        return None
    detail = ", ".join(f"{k} {v}" for k, v in action.items() if k != "type")
    return f"{who}: {kind.replace('_', ' ') if isinstance(kind, str) else kind}" + (
        f" ({detail})" if detail else "")


def event_words(event: Mapping[str, Any], names: Namer) -> str | None:
    """One event in words, or None for events not worth a line."""
    kind = event.get("type")
    p = names.player(event.get("player"))
    if kind == "revealed":
        return f"  {square(event.get('at'))} is revealed: {event.get('land') or 'a land'}"
    if kind == "moved":
        return None
    if kind == "damage":
        target = event.get("target")
        tname = names.player(event.get("player")) if target == "player" else names.unit(target)
        return f"  {names.unit(event.get('source'))} deals {event.get('amount', '?')} to {tname}"
    if kind == "died":
        return f"  {names.unit(event.get('unit'))} dies"
    if kind == "life":
        return f"  {p} is at {event.get('life')} life"
    if kind == "land_tapped":
        return f"  {p} taps {square(event.get('at'))} for {{{event.get('mana', '?')}}}"
    if kind == "cast":
        return f"{p} casts {event.get('card', 'a card')}"
    if kind == "drew":
        card = event.get("card") or event.get("name")
        return f"  {p} draws {card}" if card else f"  {p} draws a card"
    if kind == "phase":
        return f"— {names.player(event.get('active'))}: {PHASE_NAMES.get(event.get('phase'), event.get('phase'))}"
    if kind == "turn":
        return f"Turn {event.get('turn')}: {names.player(event.get('active'))}"
    if kind == "trample":
        return f"  trample: {event.get('amount', '?')} damage carries on"
    if kind == "dice":
        return f"{p} rolls a d{event.get('sides', '?')}: {event.get('result')}"
    if kind == "game_over":
        w = event.get("winner")
        return f"Game over: {names.player(w)} wins" if w is not None else "Game over: a draw"
    if kind == "token":
        return f"{p} places a token at {square(event.get('at'))}"
    if kind == "kept":
        return f"  {p} keeps {event.get('hand')} cards"
    if kind == "mulligan":
        return f"  {p} mulligans (to {7 - int(event.get('count', 0))})"
    if kind == "lost":
        return f"{p} loses: {event.get('reason', '')}"
    if kind == "discarded" or kind == "discard":
        return f"  {p} discards {event.get('card', 'a card')}"
    if kind == "scouted":
        return None
    if kind == "stopped":
        return f"  {names.unit(event.get('unit'))} stops at {square(event.get('at'))}"
    if kind == "fizzled":
        return f"  {names.unit(event.get('unit'))}: fizzled ({event.get('reason', '')})"
    if kind == "activated":
        name = event.get("name", "a permanent")
        text = f"  {name} adds {event['mana']}" if event.get("mana") else \
            f"  {name}: ability activated"
        return text + (f" ({event['note']})" if event.get("note") else "")
    if kind == "regenerated":
        return f"  {event.get('name', names.unit(event.get('unit')))} regenerates"
    if kind == "left":
        return f"  {names.unit(event.get('unit'))} leaves the board"
    if kind == "land_destroyed":
        return f"  the land at {square(event.get('at'))} is destroyed"
    if kind == "skip_draw":
        return "  (the first player skips the first draw)"
    if kind == "draw_empty":
        return f"  {p} must draw from an empty library"
    if kind == "manual":
        return None
    if kind in ("choose", "resolving", "untap", "untapped", "pending", "done_moving",
                "done_attacking", "attack", "responses"):
        return None
    fields = ", ".join(f"{k} {v}" for k, v in event.items() if k not in ("type", "player"))
    return f"  {str(kind).replace('_', ' ')}" + (f": {fields}" if fields else "")


def entry_lines(entry: Mapping[str, Any], names: Namer) -> list[str]:
    """All lines of one log entry (an action and its events)."""
    lines: list[str] = []
    head = action_words(entry.get("action", {}), int(entry.get("seat", 0)), names)
    if head:
        lines.append(head)
    for event in entry.get("events", []):
        text = event_words(event, names)
        if text:
            lines.append(text)
    return lines
