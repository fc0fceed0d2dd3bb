"""What a player may know: views of the state and redacted events (whitelist-based).

:func:`describe` builds the one JSON shape used by the ``position`` command, player views for
the table and the LAN guest, and saves sent to a player. With ``viewer`` set, it carries
nothing that player may not know: face-down lands have no identity, the other hands are
counts, libraries are counts, and the seed and generator state are never included.
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules import turn_record
from frontier_desktop.rules.board import GraphBoard, GridBoard
from frontier_desktop.rules.mana import format_pool
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants import find_variant
from frontier_desktop.rules.variants.base import Variant

Event = dict[str, Any]

_ALWAYS_PRIVATE = ("_private",)


def redact_event(event: Event, viewer: int | None) -> Event:
    """The event as *viewer* may see it (``None``: the omniscient analysis, nothing hidden).

    Fields an event marks private to one seat (a drawn card's name and id) are removed for
    everyone else; the marker itself never leaves.
    """
    private = event.get("_private")
    out = {k: v for k, v in event.items() if k not in _ALWAYS_PRIVATE}
    if private and viewer is not None and viewer != private.get("seat"):
        for name in private.get("fields", ()):
            out.pop(name, None)
    return out


_UNIT_FIELDS = ("unit", "units", "source", "sources", "target", "band", "defenders", "via",
                "attached_to")
"""Event and action fields that name permanents on the battlefield (public objects) by id."""

_NAMED_EVENTS = ("token", "died", "left", "activated", "regenerated", "manual")
"""Events that carry their unit's name next to its id (``unit`` and ``name``)."""


def _unit_ids(obj: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for key in _UNIT_FIELDS:
        value = obj.get(key)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str) and item != "player":
                out.append(item)
    return out


def log_view(state: GameState, viewer: int | None, *, since: int = 0) -> list[dict[str, Any]]:
    """The game log (actions and their events) as *viewer* may see it, from ``state_id`` *since*.

    Each entry carries ``names``: the card names of the permanents its action and events refer
    to by id. Those are battlefield objects, public when the entry happened, so every seat may
    know them; with them the log reads the same in a live game, a loaded save and a replay
    (the ids alone would need every view the seat had seen). Tokens are gone from the state once
    they die, so names the events themselves carry are used too.
    """
    entries = []
    known: dict[str, str] = {}
    for entry in state.log:
        events = [redact_event(e, viewer) for e in entry["events"]]
        for event in events:
            if event.get("type") == "cast" and isinstance(event.get("id"), str) \
                    and isinstance(event.get("card"), str):
                known.setdefault(event["id"], event["card"])
            elif event.get("type") in _NAMED_EVENTS and isinstance(event.get("unit"), str) \
                    and isinstance(event.get("name"), str):
                known.setdefault(event["unit"], event["name"])
        entries.append((entry, events))
    out = []
    for entry, events in entries:
        if entry["state_id"] <= since:
            continue
        action = dict(entry["action"])
        if viewer is not None and entry["seat"] != viewer and action.get("type") == "keep":
            action.pop("bottom", None)  # which cards went to the bottom is the keeper's secret
        ids = [i for e in events for i in _unit_ids(e)]
        if action.get("type") in ("move", "scout", "attack", "activate", "counters", "pt_change",
                                  "destroy", "regenerate"):
            ids += _unit_ids({"unit": action.get("unit"), "units": action.get("units")})
        names: dict[str, str] = {}
        for obj_id in ids:
            if obj_id in known:
                names[obj_id] = known[obj_id]
            elif obj_id in state.cards:
                names[obj_id] = state.name(obj_id)
        out.append({**entry, "action": action, "events": events, "names": names,
                    "lands": _face_up_lands(state, [action, *events])})
    return out


def _face_up_lands(state: GameState, objs: list[dict[str, Any]]) -> list[list[Any]]:
    """``[row, column, name]`` of the squares these refer to whose land is face up now (a
    face-down land stays nameless)."""
    if not isinstance(state.board, GridBoard):
        return []
    out: list[list[Any]] = []
    for obj in objs:
        for key in ("at", "to", "target"):
            value = obj.get(key)
            if not (isinstance(value, list) and len(value) == 2
                    and all(isinstance(v, int) for v in value)):
                continue
            pos = (value[0], value[1])
            cell = state.cells.get(pos)
            if cell is not None and cell.land is not None and cell.face_up:
                item = [pos[0], pos[1], state.name(cell.land)]
                if item not in out:
                    out.append(item)
    return out


def player_view(state: GameState, viewer: int, *,
                variant: Variant | None = None) -> dict[str, Any]:
    """The state as seat *viewer* may see it (see :func:`describe`)."""
    return describe(state, viewer=viewer, variant=variant)


def describe(state: GameState, *, viewer: int | None = None, reveal: bool = False,
             legal: bool = True, variant: Variant | None = None) -> dict[str, Any]:
    """The state in the output format of ``spec/position-format.md`` (plus extra fields).

    Args:
        viewer: a seat: print only what that player may know (and that seat's legal actions).
            None: the analysis, which prints face-down lands as null unless *reveal*.
        reveal: with ``viewer=None``, print face-down lands' identities too.
        legal: include ``legal_actions`` (and each unit's moves and attacks).
        variant: a variant not (yet) in the registry; by default found by ``state.variant``.

    Graph boards print ``board.areas`` (each area's cell plus its ``neighbours``); boards with
    outside places print ``board.strongholds``, one per place (``player``, ``beside`` and the
    cell's fields). Table lands set aside (:attr:`GameState.aside`) are never printed.
    """
    if variant is None:
        variant = find_variant(state.variant)
    board = state.board
    occ = state.occupants()
    if not getattr(variant, "occupants_control_lands", True):
        occ_control: dict[Any, list[str]] = {}  # a terrain is nobody's (the War Game)
    else:
        occ_control = occ
    show_hidden = viewer is None and reveal
    players = []
    for seat, p in enumerate(state.players):
        entry: dict[str, Any] = {
            "name": p.name, "life": p.life, "mana_pool": format_pool(p.pool),
            "hand_count": len(p.hand), "library_count": len(p.library),
            "graveyard": [state.name(c) for c in p.graveyard],
            "exile": [state.name(c) for c in p.exile],
            "land_graveyard": [state.name(c) for c in p.land_graveyard],
            "lost": p.lost, "eliminated": p.lost, "responses": p.responses,
            "assign": p.assign,
        }
        colour = getattr(variant, "colour", None)
        if colour is not None:
            entry["color"] = colour(state, seat)  # the Conquering's mana-production die
        poison = int((state.extra.get("fx_poison") or {}).get(str(seat), 0))
        if poison:
            entry["poison"] = poison  # fx-oneshots: poison counters (ten lose)
        if viewer is None or viewer == seat:
            entry["hand"] = [state.name(c) for c in p.hand]
            entry["hand_ids"] = list(p.hand)
        if show_hidden:
            entry["library"] = [state.name(c) for c in p.library]
        players.append(entry)
    rows: list[list[dict[str, Any]]] = []
    if isinstance(board, GridBoard):
        for r in range(board.rows):
            row = []
            for c in range(board.cols):
                row.append(_cell(state, (r, c), occ_control, show_hidden))
            rows.append(row)
    board_out: dict[str, Any] = {"rows": rows}
    if isinstance(board, GraphBoard):
        board_out["areas"] = {
            name: {**_cell(state, name, occ_control, show_hidden),
                   "neighbours": [n for n in board.neighbours(name) if board.contains(n)]}
            for name in board.positions()}
    if board.outside:
        board_out["strongholds"] = [
            {"place": name, "player": (state.cells[name].extra or {}).get("stronghold_of"),
             "beside": board.pos_to_wire(beside), **_cell(state, name, occ, show_hidden)}
            for name, beside in board.outside.items()]
    may_move = getattr(variant, "_may_move_now", lambda s: False)(state)
    units = []
    permanents = []
    for perm in state.perms.values():
        card = state.card(perm.id)
        if not card.is_creature or perm.zone == "attached":
            permanents.append({
                "id": perm.id, "name": card.name, "owner": state.owner(perm.id),
                "controller": perm.controller, "zone": perm.zone, "tapped": perm.tapped,
                "at": board.pos_to_wire(perm.at) if perm.at is not None else None,
                "attached_to": perm.attached_to, "counters": dict(perm.counters),
            })
            permanents[-1].update(_this_turn(state, perm))
            continue
        facts = variant._unit_facts(state, perm, occ, may_move) if legal else {}  # type: ignore[attr-defined]
        unit = {
            "id": perm.id, "name": card.name, "owner": state.owner(perm.id),
            "controller": perm.controller,
            "at": board.pos_to_wire(perm.at) if perm.zone == "board" else "staging",
            "power": facts.get("power"), "toughness": facts.get("toughness"),
            "base_power": card.power, "base_toughness": card.toughness,
            "colors": list(card.colors), "tapped": perm.tapped, "sick": perm.sick,
            "damage": perm.damage, "moved": perm.moved, "attacked": perm.attacked,
            "counters": dict(perm.counters), "regen_shield": perm.regen_shield,
            "moves": [board.pos_to_wire(m) for m in facts.get("moves", [])],
            "attacks": [board.pos_to_wire(a) for a in facts.get("attacks", [])],
            "can_attack_player": facts.get("can_attack_player", False),
        }
        unit.update(_this_turn(state, perm))
        for key in ("stack", "unit", "top"):  # a banding stack; Army: its land's unit, top card
            if key in facts:
                unit[key] = facts[key]
        if not legal:
            unit["power"], unit["toughness"] = variant.effective_pt(state, perm, occ)
        units.append(unit)
    out: dict[str, Any] = {
        "variant": state.variant, "options": dict(state.options), "turn": state.turn,
        "active": state.active, "phase": state.phase, "winner": state.winner,
        "game_over": state.game_over, "state_id": state.state_id,
        "acting": variant.acting_seat(state), "players": players,
        "board": board_out, "units": units, "permanents": permanents,
        "pending": _pending(state, viewer, variant), "decision": _decision(state),
        "stack": [_stack_item(state, item) for item in state.stack],
        "moves_started": state.moves_started, "moves_closed": state.moves_closed,
        "attacking": state.attacking, "attacks_closed": state.attacks_closed,
    }
    record = {k: turn_record.printed(state, state.extra[k], shape)
              for k, shape in variant.turn_record.items() if state.extra.get(k)}
    if record:  # the turn so far, as the variant notes it (Army's combats fought)
        out["this_turn"] = record
    add = getattr(variant, "view_extras", None)  # a variant's own fields (the War Game's)
    if add is not None:
        add(state, out, viewer, show_hidden)
    if viewer is not None:
        out["viewer"] = viewer
    if legal:
        seat = state.active if viewer is None else viewer
        out["legal_actions"] = [a.to_wire() for a in variant.legal_actions(state, seat)]
    return out


def _this_turn(state: GameState, perm: Permanent) -> dict[str, Any]:
    """``{"this_turn": {...}}`` when *perm* carries effects that last until end of turn
    (``pt``: the P/T change, ``keywords`` gained, ``prevent``: damage still to prevent,
    ``activations`` by ability index, ``attack_tapped``, ``deathtouched``, ``control``: its
    controller controls it until end of turn, then its owner again), else nothing: the
    position reader reads them back (spec: a printed state reads back as it was)."""
    from frontier_desktop.rules.core.control import eot_mark

    marks: dict[str, Any] = {}
    if eot_mark(state, perm.id) is not None:
        marks["control"] = True
    if perm.pt_mod != (0, 0):
        marks["pt"] = list(perm.pt_mod)
    if perm.granted:
        marks["keywords"] = list(perm.granted)
    if perm.prevent:
        marks["prevent"] = perm.prevent
    if perm.activations:
        marks["activations"] = dict(perm.activations)
    if perm.attack_tapped:
        marks["attack_tapped"] = True
    if perm.deathtouched:
        marks["deathtouched"] = True
    return {"this_turn": marks} if marks else {}


def _stack_item(state: GameState, item: dict[str, Any]) -> dict[str, Any]:
    """A spell or ability on the stack as position files print it (``spec/variant-positions.md``),
    plus ``kind`` (``spell``/``ability``), ``source`` (an ability's permanent) and ``text``."""
    out: dict[str, Any] = {"id": item["id"], "card": item["card"],
                           "controller": item["controller"],
                           "targets": list(item.get("targets", ())), "x": item.get("x", 0),
                           "kind": item.get("kind", "spell")}
    if item.get("kind") in ("ability", "trigger"):  # a trigger: its card's triggered ability N
        out["source"] = item.get("source")
        out["ability"] = item.get("ability")
    if item.get("kind") == "move":  # Army: a unit's declared move (card: its top creature)
        out["units"] = list(item.get("units", ()))
        out["to"] = item.get("to")
    if item.get("origin") is not None:  # Army: the land an effect with no target starts from
        out["origin"] = item["origin"]
    card = state.defs.get(str(item["card"]))
    if card is not None:
        out["text"] = card.oracle_text
    return out


def _decision(state: GameState) -> dict[str, Any] | None:
    """The decision waiting, without the engine's own bookkeeping (keys starting ``_``)."""
    if state.decision is None:
        return None
    return {k: v for k, v in state.decision.items() if not k.startswith("_")}


PENDING_KINDS = ("priority", "blocks", "assign", "targets", "choice", "retreat", "place",
                 "discard")
"""The decision kinds of ``spec/variant-positions.md``'s ``pending``."""


def _pending(state: GameState, viewer: int | None = None,
             variant: Variant | None = None) -> dict[str, Any] | None:
    d = state.decision
    if d is not None and d.get("kind") == "assign":
        # spec/variant-positions.md: {"seat", "kind": "assign", "options": [...]}
        options = list(d["options"]) if "options" in d else [
            {k: d[k] for k in ("attacker", "sources", "units", "amount", "lethal", "default")}]
        return {"seat": d["player"], "kind": "assign", "options": options}
    if d is not None and d.get("kind") == "discard":
        seat = int(d["player"])
        hand = [state.name(c) for c in state.players[seat].hand]
        return {"seat": seat, "kind": "discard", "count": d["count"], "by": d["by"],
                # the hand is the chooser's secret: another player's view gets no options
                "options": hand if viewer is None or viewer == seat else []}
    if d is not None and d.get("kind") == "choice" and "_fx" in d:
        # fx_oneshots: options in words; a library's or hand's cards (``_options``) are the
        # chooser's secret: another player's view gets the public ``options`` only.
        seat = int(d["player"])
        options = d["_options"] if viewer is None or viewer == seat else d["options"]
        return {"seat": seat, "kind": "choice", "options": list(options), "amount": 0,
                "card": d["card"], "by": d["by"], "prompt": d["prompt"]}
    if d is not None and d.get("kind") == "choice":
        out = {"seat": d["player"], "kind": "choice", "options": list(d["options"]),
               "amount": d["amount"], "card": d["card"], "by": d["by"]}
        for key in ("cost", "prompt", "words", "stack"):  # pay or sacrifice (fx_timing): the
            # mana, in words; a triggered ability's place (trigger_targets): the places in words
            if key in d:
                out[key] = d[key]
        return out
    if d is not None and d.get("kind") == "targets":
        # A triggered ability's targets: per slot, the legal targets (public objects only).
        return {"seat": d["player"], "kind": "targets",
                "options": [list(ok) for ok in d["options"]], "card": d["card"],
                "stack": d["stack"], "texts": list(d["texts"]),
                "optional": list(d["optional"])}
    if d is not None and d.get("kind") in PENDING_KINDS and "options" in d:
        # A decision that carries its own public options (Army blocks, retreats, places);
        # the kinds above with secrets (a discard's hand) are answered before this.
        out = {"seat": d["player"], "kind": d["kind"], "options": list(d["options"])}
        # Army: a place for damage or life ("purpose" damage/gain/lose, "amount", "of" whose
        # land, "card" the source) rather than for a permanent; the blocks declared so far.
        out.update({k: d[k] for k in ("purpose", "amount", "of", "card", "blocks") if k in d})
        return out
    if state.pending is None:
        magic = getattr(variant or find_variant(state.variant), "magic", None)  # its engine
        due = getattr(magic, "end_step_discard", None)
        count = due(state) if due is not None else 0
        if count > 0:  # Army: down to the hand size, answered by {"type": "discard", "cards"}
            seat = state.active
            hand = [state.name(c) for c in state.players[seat].hand]
            return {"seat": seat, "kind": "discard", "count": count, "by": "the hand size",
                    "options": hand if viewer is None or viewer == seat else []}
        return None
    if "view" in state.pending:  # a window that carries its own public form (Army's moves)
        return dict(state.pending["view"])
    if state.pending.get("kind") == "priority":
        # spec/variant-positions.md: {"seat", "kind": "priority", "options": [...]}
        return {"seat": state.pending["seat"], "kind": "priority",
                "responder": state.pending["responder"], "stack": state.pending.get("stack"),
                "options": ["respond", "pass"]}
    return {k: state.pending[k] for k in ("kind", "seat", "responder", "units", "action")
            if k in state.pending}


def _cell(state: GameState, pos: Any, occ: dict[Any, list[str]], show_hidden: bool) -> dict[str, Any]:
    cell = state.cells[pos]
    controllers = {state.perms[i].controller for i in occ.get(pos, ())}
    out: dict[str, Any] = {
        "land": None, "face_up": cell.face_up, "tapped_by": cell.tapped_by,
        "hole": cell.land is None,
        "controller": next(iter(controllers)) if len(controllers) == 1 else None,
    }
    if cell.land is not None and (cell.face_up or show_hidden):
        out["land"] = state.name(cell.land)
        out["id"] = cell.land  # read back by the position reader (an aura's attached_to)
    if cell.extra:
        # Keys starting "_" are the variant's secrets (Army's hidden treasure): never printed.
        out.update({k: v for k, v in cell.extra.items() if not k.startswith("_")})
    return out
