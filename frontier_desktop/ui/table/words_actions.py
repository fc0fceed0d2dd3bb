"""Actions in words: an action's headline for the log, the same as a sentence for the
replay's "Next:" line, manual actions and requests ("Ben destroys Hill Giant"), and a spell's
targets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from frontier_desktop.ui.table.words_names import (
    ZONE_NAMES,
    Namer,
    _and,
    _signed,
    place_words,
    square,
)


def _own_name(event: Mapping[str, Any], names: Namer) -> str:
    """The name an event carries for its unit, else the Namer's."""
    name = event.get("name")
    return names.qualified(event.get("unit"), name) if isinstance(name, str) and name \
        else names.unit(event.get("unit"))


def _target_words(target: Any, names: Namer, defenders: Any = None, player: Any = None) -> str:
    if target == "player":
        return names.player(player) if player is not None else "the opponent"
    if isinstance(defenders, (list, tuple)) and defenders:
        return f"{_and(names.units_of(defenders))} at {square(target)}"
    return f"the creature at {square(target)}"


def action_words(action: Mapping[str, Any], seat: int, names: Namer) -> str | None:
    """The headline of an action, or None when its events say everything."""
    names.actor = seat
    try:
        return _action_words(action, seat, names)
    finally:
        names.actor = None


def _action_words(action: Mapping[str, Any], seat: int, names: Namer) -> str | None:
    who = names.player(seat)
    kind = action.get("type")
    if kind == "move":
        movers = names.units_of(action.get("units"), action.get("unit"))
        return f"{who} moves {_and(movers)} to {place_words(action.get('to'), names)}"
    if kind == "scout":
        return (f"{who} scouts {names.land(action.get('target'))} with "
                f"{names.unit(action.get('unit'))}")
    if kind == "attack":
        target = action.get("target")
        what = names.opponent(seat) if target == "player" else _target_words(target, names)
        return f"{who} attacks {what} with {names.unit(action.get('unit'))}"
    if kind == "set_responses":
        others = names.others(seat)
        return (f"{who} will be asked before {others}'s spells, moves and attacks resolve"
                if action.get("on") else f"{who} lets {others}'s spells and moves resolve at once")
    if kind == "done_moving":
        return f"{who} is done moving"
    if kind == "done_attacking":
        return f"{who} is done attacking"
    if kind == "add_mana":
        return f"{who} adds {action.get('mana', 'mana')} by hand"
    if kind == "set_assign":
        return (f"{who} will divide combat damage by hand" if action.get("on")
                else f"{who} lets combat damage be divided automatically (lethal first)")
    if kind == "assign":
        damage = action.get("damage")
        if isinstance(damage, Mapping) and damage:
            parts = [f"{n} to {names.unit(u)}" for u, n in damage.items()]
            return f"{who} divides the damage: {_and(parts)}"
        return f"{who} divides the damage"
    # Everything else is told by its events (cast, activate, tap_land, place_token, discard,
    # the manual actions...), or says nothing worth a line (pass).
    return None


_PLAIN_ACTIONS = {
    "cast": "casts a spell", "activate": "activates an ability", "tap_land": "taps a land for mana",
    "keep_tapped": "chooses whether a land untaps",
    "place_token": "places a free token", "discard": "discards a card", "pass": "passes",
    "roll": "rolls a die", "draw": "draws by hand", "create_token": "creates a token",
    "destroy_land": "destroys a land", "sacrifice_land": "sacrifices a land",
    "manual_tap": "taps something by hand", "manual_untap": "untaps something by hand",
    "counters": "changes counters", "pt_change": "changes a creature's power and toughness",
    "life": "changes a life total", "move_card": "moves a card by hand",
    "destroy": "destroys a creature", "regenerate": "gives a regeneration shield",
    "keep": "keeps", "mulligan": "mulligans", "concede": "concedes",
    "add_mana": "adds mana by hand", "assign": "divides the damage",
    "set_assign": "changes how their combat damage is divided",
    "choose": "makes a choice", "targets": "chooses targets",
    "pick_up": "picks up an artifact",
}


def action_sentence(action: Mapping[str, Any], seat: int, names: Namer) -> str:
    """An action in words, always a sentence ("Ann casts a spell", "Ann passes"): for the
    replay's "Next:" line and prompts, where the events are not known yet."""
    head = action_words(action, seat, names)
    if head:
        return head
    return f"{names.player(seat)} {_PLAIN_ACTIONS.get(str(action.get('type')), 'acts')}"


def _manual_words(event: Mapping[str, Any], names: Namer) -> str | None:
    p = names.player(event.get("player"))
    what = event.get("action")
    unit = _own_name(event, names)
    if what in ("manual_tap", "manual_untap"):
        verb = "taps" if what == "manual_tap" else "untaps"
        if event.get("unit") is not None:
            return f"{p} {verb} {unit} by hand"
        return f"{p} {verb} {names.land(event.get('at'))} by hand"
    if what == "counters":
        delta = event.get("delta")
        kind = event.get("kind") or "+1/+1"
        n = abs(delta) if isinstance(delta, int) else 1
        plural = "" if n == 1 else "s"
        verb = "puts" if not isinstance(delta, int) or delta >= 0 else "removes"
        prep = "on" if verb == "puts" else "from"
        count = event.get("count")
        now = f" (now {count})" if isinstance(count, int) else ""
        return f"{p} {verb} {n} {kind} counter{plural} {prep} {unit}{now}"
    if what == "pt_change":
        return (f"{p} gives {unit} {_signed(event.get('power', 0))}/"
                f"{_signed(event.get('toughness', 0))} until end of turn")
    if what == "life":
        delta = event.get("delta")
        other = names.player(event.get("player_changed"))
        if isinstance(delta, int) and delta < 0:
            return f"{p} takes {-delta} life from {other}" if other != p else \
                f"{p} loses {-delta} life"
        return f"{p} gives {other} {delta} life" if other != p else f"{p} gains {delta} life"
    if what == "move_card":
        card = event.get("name") if isinstance(event.get("name"), str) else "a card"
        src = event.get("from")
        to = ZONE_NAMES.get(str(event.get("to")), "another zone")
        frm = {"hand": "from a hand", "library": "from a library",
               "graveyard": "from a graveyard", "exile": "from exile",
               "battlefield": "from the battlefield"}.get(str(src), "")
        return f"{p} moves {card} {frm} to {to}".replace("  ", " ")
    if what == "draw":
        count = event.get("count")
        return f"{p} draws {count} by hand" if isinstance(count, int) and count != 1 else \
            f"{p} draws a card by hand"
    if what == "destroy":
        return f"{p} destroys {unit}"
    if what == "regenerate":
        return f"{p} gives {unit} a regeneration shield"
    return f"{p} carries out card text by hand"


def _stack_target(target: Any, names: Namer) -> str:
    """A spell's target in words: a creature, a player, a land's square or another spell."""
    if isinstance(target, Mapping):
        if "player" in target:
            return names.player(target.get("player"))
        if "stack" in target:
            return "a spell on the stack"
        if "card" in target:
            return f"{target.get('card')} in a graveyard"
        return "something"
    if isinstance(target, (list, tuple)):
        return square(target)
    return names.unit(target)


def request_words(action: Any, seat: Any, names: Namer) -> str:
    """A manual action one player asks the other to accept, as a sentence ("Ben destroys
    Hill Giant"), before it has happened (so from the action, not its events)."""
    a = action if isinstance(action, Mapping) else {}
    p = names.player(seat)
    what = a.get("type")
    if what in ("life", "counters", "pt_change", "destroy", "regenerate", "manual_tap",
                "manual_untap"):
        fake: dict[str, Any] = {"player": seat, "action": what, "delta": a.get("delta"),
                                "kind": a.get("kind"), "power": a.get("power", 0),
                                "toughness": a.get("toughness", 0),
                                "player_changed": a.get("player")}
        target = a.get("unit", a.get("target"))
        if isinstance(target, str):
            fake["unit"] = target
        else:
            fake["at"] = target
        if what == "counters" and fake["delta"] is None:
            fake["delta"] = 1
        return _manual_words(fake, names) or f"{p} carries out card text by hand"
    if what == "move_card":
        to = ZONE_NAMES.get(str(a.get("to")), "another zone")
        return f"{p} moves {names.unit(a.get('card'))} to {to}"
    if what in ("destroy_land", "sacrifice_land"):
        verb = "destroys" if what == "destroy_land" else "sacrifices"
        return f"{p} {verb} {names.land(a.get('at'))}"
    if what == "create_token":
        size = f"{a.get('power', 1)}/{a.get('toughness', 1)}"
        kw = a.get("keywords") or []
        extra = f" with {_and([str(k) for k in kw])}" if isinstance(kw, list) and kw else ""
        return (f"{p} creates a {size} token {a.get('name', 'Token')}{extra} at "
                f"{square(a.get('at'))}")
    return action_sentence(a, seat if isinstance(seat, int) else -1, names)
