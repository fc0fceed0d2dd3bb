"""Who acts, in words: the status column's turn lines, who chooses now, and why the
computer goes to a seat (the hand-over cover)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from frontier_desktop.ui.table.words_names import PHASE_NAMES, Namer, _and, _sentence

DECISION_WORDS = {"blocks": "chooses blockers", "assign": "divides damage",
                  "targets": "chooses targets", "mulligan": "decides on a mulligan",
                  "place_token": "places a token", "consent": "answers a request",
                  "discard": "chooses cards to discard", "retreat": "chooses a retreat",
                  "place": "chooses a land", "choice": "makes a choice"}
"""What a seat other than the active one is doing, by the decision's kind."""


def _decision_kind(view: Mapping[str, Any]) -> str:
    pending = view.get("pending") if isinstance(view.get("pending"), Mapping) else {}
    decision = view.get("decision") if isinstance(view.get("decision"), Mapping) else {}
    return str(pending.get("kind") or decision.get("kind") or "")


def chooser_words(view: Mapping[str, Any], names: Namer) -> str:
    """"Theresa chooses blockers": the seat deciding now when it isn't the active player's
    (""  when the active player acts, or nobody)."""
    acting, active = view.get("acting"), view.get("active")
    if not isinstance(acting, int) or acting == active or view.get("game_over"):
        return ""
    kind = _decision_kind(view)
    what = DECISION_WORDS.get(kind)
    if what is None:
        what = "may respond" if view.get("stack") or view.get("pending") else "decides"
    return f"{names.player(acting)} {what}"


def turn_words(view: Mapping[str, Any], seat: int, names: Namer) -> tuple[str, str]:
    """The status column's two lines: whose turn and which step ("Turn 4 · Dale's turn ·
    movement"), and who the seat at the screen is and who chooses now ("You are Theresa:
    you choose blockers", "You are Dale: Theresa chooses blockers")."""
    me = names.player(seat)
    if view.get("game_over"):
        w = view.get("winner")
        return ("Game over" + (f": {names.player(w)} wins" if isinstance(w, int) else ""),
                f"You are {me}")
    active = view.get("active")
    phase = PHASE_NAMES.get(str(view.get("phase")), str(view.get("phase") or ""))
    whose = "your turn" if active == seat else f"{names.player(active)}'s turn"
    head = f"Turn {view.get('turn')} · {_sentence(whose)} · {phase}"
    chooser = chooser_words(view, names)
    if not chooser:
        return head, f"You are {me}"
    if view.get("acting") == seat:
        verb = chooser[len(me) + 1:]
        you = {"chooses": "choose", "divides": "divide", "decides": "decide",
               "places": "place", "answers": "answer", "makes": "make"}
        first, _, rest = verb.partition(" ")
        return head, f"You are {me}: you {you.get(first, first)}{' ' + rest if rest else ''}"
    return head, f"You are {me} · {chooser}"


def handover_reason(view: Mapping[str, Any], seat: int, names: Namer, previous: Any,
                    fallback: str = "", new_turn: bool = False) -> str:
    """Why the computer goes to *seat* now, for the cover screen, naming the players: who
    attacks and where (a block), whose turn ended, who acted (a response)."""
    kind = _decision_kind(view)
    active = view.get("active")
    pending = view.get("pending") if isinstance(view.get("pending"), Mapping) else {}
    if view.get("game_over"):
        return fallback
    if kind == "blocks":
        attackers = {str(o.get("attacker")) for o in pending.get("options") or ()
                     if isinstance(o, Mapping)}
        where = next((u.get("at") for u in view.get("units") or ()
                      if isinstance(u, Mapping) and str(u.get("id")) in attackers), None)
        if where is None:
            where = pending.get("at")
        place = names.land(where) if where is not None else "an area you are in"
        later = [names.player(s) for s in pending.get("order") or () if isinstance(s, int)]
        then = f" {_and(later)} will choose after." if later else ""
        return (f"{names.player(active)} attacks {place}: "
                f"{names.player(seat)} chooses blockers.{then}")
    if kind in DECISION_WORDS and kind != "blocks" and active != seat:
        return f"During {names.player(active)}'s turn: {fallback or 'a choice is yours.'}"
    if active == seat and isinstance(previous, int) and previous != seat:
        if new_turn:
            return (f"{names.player(previous)}'s turn is over: turn {view.get('turn')} is "
                    f"{names.player(seat)}'s.")
        return f"{names.player(previous)} has chosen: {names.player(seat)}'s turn goes on."
    if active == seat:
        return f"Turn {view.get('turn')}: {names.player(seat)}'s turn."
    if view.get("stack") or pending:
        who = names.player(previous) if isinstance(previous, int) else names.player(active)
        return f"{who} acted during {names.player(active)}'s turn: you may respond."
    return fallback
