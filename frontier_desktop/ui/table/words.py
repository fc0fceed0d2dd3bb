"""Log entries and events in words, for the log panel (no pygame).

Every line is a sentence a player can read: creatures by name, players by name, squares as
the board labels them ("column 5, row 2"), lands by name once they are face up. Events carry
ids; the names come from the log entry's ``names`` (the rules' log view adds the names the
viewing seat may know) and from the events themselves, so a loaded game or a replay names
its cards as the live game did. Fields a newer engine adds are ignored, fields an older one
lacks fall back to plainer words: nothing here prints an id, a list or ``None``.

Its parts: the names (``words_names.py``: :class:`Namer`, squares, phases), actions
(``words_actions.py``), events (``words_events.py``, the games' own in ``words_variants.py``,
the one-shot effects' in ``words_oneshots.py``) and who acts (``words_turns.py``: the turn
lines, the hand-over's reason). This module puts a log entry's lines together, and every
name of those parts can be imported from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from frontier_desktop.ui.table.words_actions import (
    _PLAIN_ACTIONS,
    _action_words,
    _manual_words,
    _own_name,
    _stack_target,
    _target_words,
    action_sentence,
    action_words,
    request_words,
)
from frontier_desktop.ui.table.words_events import LOSS_REASONS, _for_words, event_words
from frontier_desktop.ui.table.words_names import (
    COLOUR_NAMES,
    PHASE_NAMES,
    ZONE_NAMES,
    Namer,
    _and,
    _place_key,
    _pos,
    _sentence,
    _signed,
    _stronghold_seat,
    place_words,
    square,
)
from frontier_desktop.ui.table.words_turns import (
    DECISION_WORDS,
    _decision_kind,
    chooser_words,
    handover_reason,
    turn_words,
)
from frontier_desktop.ui.table.words_variants import (
    _army_words,
    _conquering_words,
    _holder_words,
    _mana_words,
    combat_window_words,
)

__all__ = [
    "COLOUR_NAMES", "DECISION_WORDS", "LOSS_REASONS", "PHASE_NAMES", "SILENT_EVENTS",
    "ZONE_NAMES", "Namer", "_PLAIN_ACTIONS", "_action_words", "_and", "_army_words",
    "_conquering_words", "_decision_kind", "_for_words", "_holder_words", "_mana_words",
    "_manual_words", "_own_name", "_place_key", "_pos", "_sentence", "_signed",
    "_stack_target", "_stronghold_seat", "_target_words", "action_sentence", "action_words",
    "all_lines", "chooser_words", "combat_window_words", "entry_lines", "event_words",
    "handover_reason", "place_words", "request_words", "square", "turn_words",
]
"""The log's words: this module's own, and those of its parts, which the table's other
modules and the tests import from here."""


SILENT_EVENTS = frozenset({"moved", "scouted", "untap", "untapped", "done_moving",
                           "done_attacking", "responses", "assign_choice", "move_declared",
                           "combat_over"})
"""Event types that deliberately have no line of their own (the action's line says it)."""


def entry_lines(entry: Mapping[str, Any], names: Namer) -> list[str]:
    """All lines of one log entry (an action and its events)."""
    names.learn(entry)
    events = [e for e in entry.get("events") or () if isinstance(e, Mapping)]
    lines: list[str] = []
    action = entry.get("action") if isinstance(entry.get("action"), Mapping) else {}
    seat = entry.get("seat")
    seat = seat if isinstance(seat, int) else -1
    attack_event = next((e for e in events if e.get("type") == "attack"), None)
    # the Conquering: a capture also changes the land's controller; the capture's line says
    # it (with the land's name, which only the control event carries)
    captured = {repr(e.get("at")): e.get("by") for e in events if e.get("type") == "captured"}
    for e in events:
        if e.get("type") == "control" and isinstance(e.get("land"), str):
            names.land(e.get("at"), e.get("land"))
    head = None if attack_event is not None else action_words(action, seat, names)
    if head:
        lines.append(head)
    for event in events:
        if event is attack_event and event.get("target") == "player" and "player" not in event \
                and seat in (0, 1) and len(names.players) == 2:
            event = {**event, "player": 1 - seat}  # the only opponent
        elif event is attack_event and not event.get("defenders"):
            # an engine without "defenders": the creatures the band dealt damage to are them
            band = event.get("band") or event.get("units") or [event.get("unit")]
            hit = [e.get("target") for e in events if e.get("type") == "damage"
                   and isinstance(e.get("target"), str) and e.get("target") != "player"
                   and (e.get("source") in band or set(e.get("sources") or ()) & set(band))]
            if hit:
                event = {**event, "defenders": list(dict.fromkeys(hit))}
        if event.get("type") == "control" and repr(event.get("at")) in captured and \
                captured[repr(event.get("at"))] == event.get("to"):
            continue
        if event.get("type") == "assigned" and head and action.get("type") == "assign" \
                and event.get("player") == seat and not event.get("default"):
            continue  # the action's headline already says the division, share by share
        text = event_words(event, names)
        if text:
            lines.append(text)
    return lines


def all_lines(entries: Iterable[Mapping[str, Any]], names: Namer) -> list[str]:
    """The lines of a whole log, in order."""
    out: list[str] = []
    for entry in entries:
        out.extend(entry_lines(entry, names))
    return out
