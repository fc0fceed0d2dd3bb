"""Log entries and events in words, for the log panel (no pygame).

Every line is a sentence a player can read: creatures by name, players by name, squares as
the board labels them ("column 5, row 2"), lands by name once they are face up. Events carry
ids; the names come from the log entry's ``names`` (the rules' log view adds the names the
viewing seat may know) and from the events themselves, so a loaded game or a replay names
its cards as the live game did. Fields a newer engine adds are ignored, fields an older one
lacks fall back to plainer words: nothing here prints an id, a list or ``None``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from frontier_desktop.rules.state import UNKNOWN_CARD
from frontier_desktop.ui.table.words_oneshots import CHOOSE_KINDS as ONESHOT_CHOOSE
from frontier_desktop.ui.table.words_oneshots import KINDS as ONESHOT_KINDS
from frontier_desktop.ui.table.words_oneshots import oneshot_words

COLOUR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
PHASE_NAMES = {"setup": "set-up", "upkeep": "upkeep", "draw": "draw step", "main": "main phase",
               "end": "end step", "cleanup": "cleanup", "combat": "combat",
               "main2": "second main phase", "mana": "mana production",
               "movement": "movement", "conquer": "attack and conquer", "untap": "untap step",
               "supply": "supply roll", "heal": "heal phase", "casting": "casting phase",
               "discard": "discard step"}
ZONE_NAMES = {"hand": "its owner's hand", "graveyard": "its owner's graveyard",
              "exile": "exile", "library": "its owner's library",
              "library_top": "the top of its owner's library",
              "library_bottom": "the bottom of its owner's library",
              "staging": "the staging row", "battlefield": "the battlefield"}
LOSS_REASONS = {"conceded": "concedes", "life 0 or less": "has no life left and loses",
                "home base at 0 life": "has lost their home base and is out of the game",
                "drew from an empty library": "had to draw from an empty library and loses"}


def _place_key(at: Any) -> Any:
    """A place as a dictionary key: ``(row, column)`` or a graph place's name."""
    if isinstance(at, str) and at and at != "staging":
        return at
    return _pos(at)


def _stronghold_seat(at: str) -> int | None:
    """The seat of a stronghold's place name ``"S2"``, else None."""
    return int(at[1:]) if at[:1] == "S" and at[1:].isdigit() else None


def _pos(at: Any) -> tuple[int, int] | None:
    if isinstance(at, (list, tuple)) and len(at) == 2 and all(isinstance(v, int) for v in at):
        return int(at[0]), int(at[1])
    return None


def square(at: Any) -> str:
    """A board square as the board's edge labels show it: ``[1, 4]`` → ``"column 5, row 2"``
    (the wire is ``[row, column]`` from 0); the staging row and anything else in words."""
    pos = _pos(at)
    if pos is not None:
        return f"column {pos[1] + 1}, row {pos[0] + 1}"
    if at == "staging":
        return "the staging row"
    if isinstance(at, str) and at:  # a graph board's area, a stronghold (by its place)
        return f"stronghold {at}" if _stronghold_seat(at) is not None else f"area {at}"
    return "somewhere off the board"


def _and(items: Sequence[str]) -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def _signed(n: Any) -> str:
    return f"+{n}" if isinstance(n, int) and n >= 0 else str(n)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


class Namer:
    """Names of players, units and face-up lands for the log, from what the seat has seen.

    ``units`` maps ids to names (from views and from the log's own ``names``); ``lands``
    maps board squares to the names of lands seen face up there. A face-down land is only
    ever "the land at …"; a unit never named to this seat is "a creature".
    """

    def __init__(self, players: Sequence[str], units: Mapping[str, str] | None = None) -> None:
        self.players = list(players)
        self.units: dict[str, str] = dict(units or {})
        self.lands: dict[Any, str] = {}
        """Face-up lands by place: a square ``(row, column)`` or a graph place's name."""
        self.cvs: dict[Any, int] = {}
        """The Conquering: conquer values rolled so far, by place (from ``cv`` events)."""
        self.possessive = False
        """Name a creature with its controller ("Ben's Serra Angel") when creatures of that
        name have been seen under more than one player (the War Game: every seat may play
        the same deck)."""
        self.owners: dict[str, int] = {}
        self._name_owners: dict[str, set[int]] = {}
        self.actor: int | None = None
        """The seat whose action a headline tells: its own creatures go without its name
        ("Cy moves Mesa Pegasus", not "Cy moves Cy's Mesa Pegasus")."""

    def learn_unit(self, unit_id: str, name: str, owner: Any) -> None:
        """A unit seen in a view: its name and (for :attr:`possessive`) its controller."""
        self.units[unit_id] = name
        if isinstance(owner, int) and not isinstance(owner, bool):
            self.owners[unit_id] = owner
            self._name_owners.setdefault(name, set()).add(owner)

    def qualified(self, unit_id: Any, name: str) -> str:
        """*name*, with its controller's when :attr:`possessive` and the name is shared."""
        if not self.possessive or not isinstance(unit_id, str):
            return name
        owner = self.owners.get(unit_id)
        if owner is None or owner == self.actor or len(self._name_owners.get(name, ())) < 2:
            return name
        return f"{self.player(owner)}'s {name}"

    def player(self, seat: Any) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.players):
            return self.players[seat] or f"Player {seat + 1}"
        return "a player"

    def others(self, seat: Any) -> str:
        """Every player but *seat*, by name ("Ben", "Ben and Cy"); "the other players" when
        *seat* isn't one of them."""
        if not (isinstance(seat, int) and 0 <= seat < len(self.players)):
            return "the other players"
        return _and([self.player(s) for s in range(len(self.players)) if s != seat]) or \
            "nobody"

    def opponent(self, seat: Any) -> str:
        """The one opponent of a two-player game by name; "an opponent" with more players."""
        if len(self.players) == 2 and isinstance(seat, int) and seat in (0, 1):
            return self.player(1 - seat)
        return "an opponent"

    def unit(self, unit_id: Any) -> str:
        if isinstance(unit_id, str):
            name = self.units.get(unit_id)
            return self.qualified(unit_id, name) if name else "a creature"
        return "a creature"

    def units_of(self, ids: Any, lead: Any = None) -> list[str]:
        """Names of *ids* (lead first), for a band or a stack."""
        out: list[str] = []
        seq = [lead] if lead is not None else []
        if isinstance(ids, (list, tuple)):
            seq += [i for i in ids if i != lead]
        for unit_id in seq:
            out.append(self.unit(unit_id))
        return out

    def land(self, at: Any, name: Any = None) -> str:
        """"the Forest at column 5, row 2" (or "the land at …" while it is face down); a
        graph board's area "the Swamp at C2", a stronghold "Ben's stronghold"."""
        pos = _place_key(at)
        if isinstance(name, str) and name:
            if pos is not None:
                self.lands[pos] = name
            known: str | None = name
        else:
            known = self.lands.get(pos) if pos is not None else None
        if isinstance(at, str) and _stronghold_seat(at) is not None:
            return f"{self.player(_stronghold_seat(at))}'s stronghold"
        if isinstance(at, str) and at != "staging":
            return f"the {known or 'land'} at {at}"
        return f"the {known or 'land'} at {square(at)}"

    def learn(self, entry: Mapping[str, Any]) -> None:
        """Take the names an entry carries (its ``names`` and its events' own names)."""
        names = entry.get("names")
        if isinstance(names, Mapping):
            for unit_id, name in names.items():
                if isinstance(unit_id, str) and isinstance(name, str) and name:
                    self.units[unit_id] = name
        for item in entry.get("lands") or ():
            if isinstance(item, (list, tuple)) and len(item) == 3 and _pos(item[:2]) is not None \
                    and isinstance(item[2], str):
                self.lands[(int(item[0]), int(item[1]))] = item[2]
        for event in entry.get("events") or ():
            if not isinstance(event, Mapping):
                continue
            kind = event.get("type")
            if kind == "cast" and isinstance(event.get("id"), str) \
                    and isinstance(event.get("card"), str):
                self.units.setdefault(event["id"], event["card"])
            elif isinstance(event.get("unit"), str) and isinstance(event.get("name"), str) \
                    and kind in ("token", "died", "left", "activated", "regenerated", "manual"):
                self.units.setdefault(event["unit"], event["name"])
            elif kind == "cv" and isinstance(event.get("value"), int) and \
                    _place_key(event.get("at")) is not None:
                self.cvs[_place_key(event.get("at"))] = int(event["value"])

    def learn_view(self, view: Mapping[str, Any]) -> None:
        """Names of the units and face-up lands a view shows."""
        for unit in view.get("units") or ():
            if isinstance(unit, Mapping) and isinstance(unit.get("id"), str) and unit.get("name"):
                self.units[unit["id"]] = str(unit["name"])
        rows = (view.get("board") or {}).get("rows") or []
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                if isinstance(cell, Mapping) and isinstance(cell.get("land"), str):
                    self.lands[(r, c)] = cell["land"]
                if isinstance(cell, Mapping) and isinstance(cell.get("cv"), int):
                    self.cvs[(r, c)] = cell["cv"]
        for name, cell in ((view.get("board") or {}).get("areas") or {}).items():
            if isinstance(cell, Mapping) and isinstance(cell.get("land"), str):
                self.lands[name] = cell["land"]
            if isinstance(cell, Mapping) and isinstance(cell.get("cv"), int):
                self.cvs[name] = cell["cv"]


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


def _for_words(event: Mapping[str, Any]) -> str:
    card = event.get("for")
    return f" (for {card})" if isinstance(card, str) and card else ""


def event_words(event: Mapping[str, Any], names: Namer) -> str | None:
    """One event in words, or None for events not worth a line (or not known to this version)."""
    kind = event.get("type")
    p = names.player(event.get("player"))
    if kind in ONESHOT_KINDS or (kind == "choose" and event.get("kind") in ONESHOT_CHOOSE):
        return oneshot_words(event, names, p)  # fx-oneshots (words_oneshots.py)
    if kind == "revealed":
        return f"  {_sentence(names.land(event.get('at'), event.get('land')))} is turned face up"
    if kind == "control":
        land = names.land(event.get("at"), event.get("land"))
        new, old = event.get("to"), event.get("from")
        if isinstance(new, int):
            if isinstance(old, int):
                return f"  {names.player(new)} takes {land} from {names.player(old)}"
            return f"  {names.player(new)} takes {land}"
        if isinstance(old, int):
            return f"  {names.player(old)} no longer controls {land}"
        return None
    if kind == "damage":
        target = event.get("target")
        tname = names.player(event.get("player")) if target == "player" else names.unit(target)
        if target == "land":  # Army Magic: damage to the attacked land's life
            tname = names.land(event.get("at"), event.get("land"))
        sources = event.get("sources")
        if isinstance(sources, (list, tuple)) and len(sources) > 1:
            who = _and(names.units_of(sources, event.get("source")
                                      if event.get("source") in sources else None))
            return f"  {who} deal {event.get('amount', 'some')} damage to {tname}"
        amount = event.get("amount", "some")
        return f"  {names.unit(event.get('source'))} deals {amount} damage to {tname}"
    if kind == "attack":
        band = event.get("band") or event.get("units")
        attackers = names.units_of(band, event.get("unit"))
        verb = "attacks" if len(attackers) == 1 else "attack"
        target = event.get("target")
        defender = (names.player(event.get("player")) if event.get("player") is not None
                    else "the opponent") if target == "player" else \
            _target_words(target, names, event.get("defenders"))
        return f"{_and(attackers)} {verb} {defender}"
    if kind == "died":
        name = _own_name(event, names)
        return f"  {name} dies"
    if kind == "left":
        name = _own_name(event, names)
        to = ZONE_NAMES.get(str(event.get("to")))
        return f"  {name} leaves the board" + (f" for {to}" if to else "")
    if kind == "life":
        return f"  {p} is at {event.get('life')} life"
    if kind == "land_tapped":
        via = event.get("via")
        with_ = f" with {names.unit(via)}" if isinstance(via, str) else ""
        mana = event.get("mana")
        for_ = (f" for {mana}" if mana.startswith("{") else f" for {{{mana}}}") \
            if isinstance(mana, str) else ""
        return f"  {p} taps {names.land(event.get('at'), event.get('land'))}{with_}{for_}"
    if kind == "cast":
        card = event.get("card") if isinstance(event.get("card"), str) else "a card"
        onto = ""
        if isinstance(event.get("attached_to"), str):
            onto = f" on {names.unit(event['attached_to'])}"
        return f"{p} casts {card}{onto}"
    if kind == "drew":
        card = event.get("card") or event.get("name")
        if card == UNKNOWN_CARD:
            return f"  {p} draws an unnamed card (the position names none)"
        return f"  {p} draws {card}" if isinstance(card, str) else f"  {p} draws a card"
    if kind == "phase":
        phase = PHASE_NAMES.get(str(event.get("phase")), "the next step")
        return f"— {names.player(event.get('active'))}'s {phase}"
    if kind == "turn":
        turn = event.get("turn")
        return (f"Turn {turn}: {names.player(event.get('active'))}" if isinstance(turn, int)
                else f"A new turn: {names.player(event.get('active'))}")
    if kind == "trample":
        amount = event.get("amount", "some")
        if event.get("lost") or event.get("at") is None:
            return f"  {amount} trampling damage is lost (nothing stands beyond)"
        return f"  {amount} damage tramples on to {square(event.get('at'))}"
    if kind == "dice" and event.get("purpose") in ("mana production", "conquer value",
                                                   "supply"):
        return None  # the Conquering's mana and conquer-value lines, the War Game's supply
        # line, say the roll
    if kind == "dice":
        return f"{p} rolls a {event.get('sides', 6)}-sided die: {event.get('result')}"
    if kind == "game_over":
        w = event.get("winner")
        return f"Game over: {names.player(w)} wins" if isinstance(w, int) else "Game over: a draw"
    if kind == "token":
        name = event.get("name") if isinstance(event.get("name"), str) else "token"
        article = "an" if name[:1].lower() in "aeiou" else "a"
        at = event.get("at")
        where = "on the staging row" if at == "staging" or at is None else f"at {square(at)}"
        return f"{p} puts {article} {name} {where}"
    if kind == "kept":
        bottom = event.get("bottom")
        extra = (f" ({bottom} on the bottom of the library)"
                 if isinstance(bottom, int) and bottom > 0 else "")
        return f"{p} keeps {event.get('hand')} cards{extra}"
    if kind == "mulligan":
        count = event.get("count")
        n = 7 - count if isinstance(count, int) else None
        return f"{p} mulligans" + (f" (will keep {n})" if n is not None else "")
    if kind == "lost":
        reason = event.get("reason")
        if reason in LOSS_REASONS:
            return f"{p} {LOSS_REASONS[str(reason)]}"
        return f"{p} loses" + (f" ({reason})" if isinstance(reason, str) and reason else "")
    if kind in ("discarded", "discard"):
        card = event.get("card") if isinstance(event.get("card"), str) else "a card"
        return f"  {p} discards {card}"
    if kind == "stopped":
        return f"  {names.unit(event.get('unit'))} stops at {square(event.get('at'))}"
    if kind == "fizzled" and "unit" not in event:
        card = event.get("card") if isinstance(event.get("card"), str) else "The spell"
        reason = event.get("reason")
        why = f": {reason}" if isinstance(reason, str) and reason else ""
        return f"  {card} does nothing{why}"
    if kind == "stacked":
        card = event.get("card") if isinstance(event.get("card"), str) else "a spell"
        what = f"{card}'s ability" if event.get("kind") == "ability" else \
            f"{card}'s triggered ability" if event.get("kind") == "trigger" else card
        targets = event.get("targets")
        at = ""
        if isinstance(targets, (list, tuple)) and targets:
            at = " targeting " + _and([_stack_target(t, names) for t in targets])
        return f"  {_sentence(what)} goes on the stack{at}"
    if kind == "targeted":
        card = event.get("card") if isinstance(event.get("card"), str) else "a card"
        targets = event.get("targets")
        chosen = _and([_stack_target(t, names) for t in targets]) if isinstance(
            targets, (list, tuple)) and targets else "nothing"
        return f"  {card}'s triggered ability targets {chosen}"
    if kind == "trigger_removed":
        card = event.get("card") if isinstance(event.get("card"), str) else "a card"
        reason = event.get("reason")
        why = f": {reason}" if isinstance(reason, str) and reason else ""
        return f"  {card}'s triggered ability is removed from the stack{why}"
    if kind == "priority" and event.get("combat") is not None:
        return f"  {p} may {combat_window_words(event, names, verb=True)}"
    if kind == "priority":
        return f"  {p} may respond before it resolves"
    if kind == "resolved":
        card = event.get("card") if isinstance(event.get("card"), str) else "The spell"
        if event.get("to") == "staging":
            return f"  {card} resolves and enters the staging row"
        return f"  {card} resolves"
    if kind == "countered":
        card = event.get("card") if isinstance(event.get("card"), str) else "The spell"
        by = event.get("by")
        return f"  {card} is countered" + (f" by {by}" if isinstance(by, str) else "")
    if kind == "by_hand":
        clauses = event.get("clauses")
        card = event.get("card") if isinstance(event.get("card"), str) else "the card"
        if isinstance(clauses, (list, tuple)) and clauses:
            return f"  By hand for {card} ({p}): " + " ".join(str(c) for c in clauses)
        return None
    if kind == "pumped":
        if event.get("by") == "end of combat":
            return f"  {names.unit(event.get('unit'))}'s bonus until end of combat ends"
        until = event.get("until") if isinstance(event.get("until"), str) else "end of turn"
        return (f"  {names.unit(event.get('unit'))} gets {_signed(event.get('power'))}/"
                f"{_signed(event.get('toughness'))} until {until}")
    if kind == "delayed":
        text = event.get("text")
        return f"  Later: {text}" if isinstance(text, str) and text else None
    if kind == "returned":
        card = event.get("card") if isinstance(event.get("card"), str) else "A card"
        where = "the staging row" if event.get("to") == "staging" else "the hand"
        return f"  {card} returns from the graveyard to {where} of {p}"
    if kind == "paid":
        cost = event.get("cost")
        return f"  {p} pays " + (cost if isinstance(cost, str) else f"{{{event.get('amount')}}}")
    if kind in ("phased_out", "phased_in"):
        name = event.get("name") if isinstance(event.get("name"), str) else "a permanent"
        if kind == "phased_out":
            return f"  {name} phases out (as though it didn't exist until {p}'s next untap step)"
        at = event.get("at")
        where = "the staging row" if at == "staging" else (
            square(at) if isinstance(at, (list, tuple)) else "play")
        return f"  {name} phases in at {where}"
    if kind == "no_attack":
        return (f"  {names.unit(event.get('unit'))} can't attack during its controller's next "
                f"turn")
    if kind == "held":
        return (f"  {names.unit(event.get('unit'))} won't untap during its controller's next "
                f"untap step")
    if kind == "extra_turn":
        return f"  {p} will take another turn after this one"
    if kind == "gained":
        kws = event.get("keywords")
        what = _and([str(k) for k in kws]) if isinstance(kws, (list, tuple)) and kws else \
            "an ability"
        return f"  {names.unit(event.get('unit'))} gains {what} until end of turn"
    if kind == "redirected":  # fx-statics: Veteran Bodyguard, Kjeldoran Royal Guard
        return (f"  {event.get('amount')} damage meant for {p} is dealt to "
                f"{names.unit(event.get('unit'))} instead")
    if kind == "marked":  # fx-statics: until-end-of-turn marks (rules/variants/fx_statics.py)
        who, mark = names.unit(event.get("unit")), str(event.get("mark", ""))
        if event.get("lost"):
            return f"  {who} loses {mark} until end of turn"
        if mark == "switched":
            return f"  {who} has its power and toughness switched until end of turn"
        return f"  {who} {mark} until end of turn" if mark else None
    if kind == "tapped":
        return f"  {names.unit(event.get('unit'))} is tapped"
    mana = _mana_words(kind, event, names, p)  # fx-mana
    if mana is not None:
        return mana
    if kind == "fog":
        card = event.get("card") if isinstance(event.get("card"), str) else "A spell"
        return f"  {card}: no combat damage will be dealt this turn"
    if kind == "prevention":
        who = p if event.get("player") is not None else names.unit(event.get("unit"))
        if event.get("all"):
            return f"  All damage to {who} this turn will be prevented"
        return f"  The next {event.get('amount')} damage to {who} this turn will be prevented"
    if kind == "prevented":
        who = p if event.get("player") is not None else names.unit(event.get("unit"))
        if event.get("dealt_by"):  # fx-statics: Demonic Torment
            return f"  {event.get('amount')} combat damage by {who} is prevented"
        return f"  {event.get('amount')} damage to {who} is prevented"
    if kind == "shielded":
        return f"  {names.unit(event.get('unit'))} will regenerate if destroyed this turn"
    if kind == "counters":
        delta = event.get("delta")
        counter = event.get("kind", "+1/+1")
        n = delta if isinstance(delta, int) else "some"
        return f"  {names.unit(event.get('unit'))} gets {n} {counter} counter" + (
            "" if n == 1 else "s")
    if kind == "fizzled":
        reason = event.get("reason")
        why = f": {reason}" if isinstance(reason, str) and reason else ""
        return f"  {names.unit(event.get('unit'))} can't go on{why}"
    if kind == "activated":
        name = _own_name(event, names)
        if event.get("mana"):
            note = event.get("note")
            return f"  {name} adds {event['mana']}" + (f" ({note})" if note else "")
        cost, effect = event.get("cost"), event.get("effect")
        text = f"{cost}: {effect}" if isinstance(cost, str) and isinstance(effect, str) else ""
        if event.get("no_mana"):  # the War Game: a non-creature's mana ability
            note = event.get("note")
            return (f"  {name} makes no mana in {event['no_mana']}" + (f" ({text})" if text else "")
                    + (f"; {note}" if note else ""))
        line = f"  {name} activates its ability" + (f" ({text})" if text else "")
        if effect and not event.get("modelled") and "Add {" not in str(effect):
            line += " — carry out its text by hand"
        return line
    if kind == "regenerated":
        name = _own_name(event, names)
        if event.get("stays"):
            return f"  {name} regenerates (tapped, where it stands)"
        return f"  {name} regenerates and goes to the staging row"
    army = _army_words(kind, event, names, p)
    if army is not None:
        return army
    conquering = _conquering_words(kind, event, names, p)
    if conquering is not None:
        return conquering
    if kind == "land_destroyed":
        verb = "sacrifices" if event.get("how") == "sacrificed" else "destroys"
        land = names.land(event.get("at"), event.get("land"))
        pos = _pos(event.get("at"))
        if pos is not None:
            names.lands.pop(pos, None)
        return f"  {p} {verb} {land}"
    if kind == "skip_draw":
        return f"  {p} skips the first draw" if event.get("player") is not None else \
            "  The first player skips the first draw"
    if kind == "draw_empty":
        return f"  {p} must draw from an empty library"
    if kind == "manual":
        text = _manual_words(event, names)
        return f"  {text}{_for_words(event)}" if text else None
    if kind == "consent_asked":
        return (f"  {names.player(event.get('by'))} asks {p} to accept: "
                f"{request_words(event.get('action'), event.get('by'), names)}"
                f"{_for_words(event)}")
    if kind == "consent":
        what = f"{request_words(event.get('action'), event.get('by'), names)}{_for_words(event)}"
        answer = event.get("answer")
        if answer == "accepted":
            return f"  {p} accepts: {what}"
        if answer == "declined":
            return f"  {p} declines, nothing happens: {what}"
        why = event.get("why")
        return (f"  {names.player(event.get('by'))}'s request lapses"
                f"{f' ({why})' if isinstance(why, str) else ''}: {what}")
    if kind == "resolving":
        what = {"move": "The move", "attack": "The attack"}.get(str(event.get("kind")), "It")
        return f"  {what} resolves"
    if kind == "pending":
        action = event.get("action") if isinstance(event.get("action"), Mapping) else {}
        what = {"move": "move", "attack": "attack"}.get(str(action.get("type")), "action")
        seat = event.get("seat")
        responder = event.get("responder")
        if isinstance(responder, int):
            return f"  {names.player(responder)} may respond before the {what} resolves"
        if isinstance(seat, int) and len(names.players) == 2 and seat in (0, 1):
            return f"  {names.player(1 - seat)} may respond before the {what} resolves"
        if isinstance(seat, int):
            return f"  {_sentence(names.others(seat))} may respond before the {what} resolves"
        return f"  The opponent may respond before the {what} resolves"
    if kind == "choose":
        if event.get("kind") == "place_token":
            return f"  {p} chooses a square for a free token"
        if event.get("kind") == "discard":
            n = event.get("count")
            return f"  {p} chooses {n} card{'s' if n != 1 else ''} to discard"
        if event.get("kind") == "pay_trigger":
            card = event.get("card") if isinstance(event.get("card"), str) else "a card"
            return f"  {p} may pay {{{event.get('amount')}}} for {card}'s triggered ability"
        if event.get("kind") == "pay_or_else":
            text = event.get("text") if isinstance(event.get("text"), str) else "it happens"
            return f"  {p} may pay {event.get('cost')}, or {text}"
        if event.get("kind") == "pay_upkeep":
            card = event.get("card") if isinstance(event.get("card"), str) else "a card"
            return f"  {p} may pay {event.get('cost')} or sacrifice {card}"
        if event.get("kind") == "pay":
            card = event.get("card") if isinstance(event.get("card"), str) else "the spell"
            return (f"  {p} may pay {{{event.get('amount')}}} or {card} is countered")
        if event.get("kind") == "targets":
            card = event.get("card") if isinstance(event.get("card"), str) else "a card"
            return f"  {p} chooses the targets of {card}'s triggered ability"
        if event.get("kind") == "blocks":
            return f"  {p} chooses blockers"
        if event.get("kind") == "retreat":
            return f"  {p} chooses where the creatures on the lost land retreat"
        if event.get("kind") == "place":
            return f"  {p} chooses a land for {names.unit(event.get('unit'))}"
        if event.get("kind") == "assign":
            amount = event.get("amount")
            dmg = f"{amount} damage" if isinstance(amount, int) else "the damage"
            units = event.get("units") if isinstance(event.get("units"), list) else []
            own = names.owners.get(str(event.get("attacker"))) == event.get("player")
            among = "its blockers and the land" if "land" in units else \
                "its blockers" if own else "the band"
            return (f"  {p} chooses how to divide {dmg} from "
                    f"{names.unit(event.get('attacker'))} among {among}")
        return None
    if kind == "assigned":
        damage = event.get("damage")
        if event.get("default"):
            return "  lethal damage goes to each member of the band in turn"
        if isinstance(damage, Mapping) and damage:
            parts = [f"{n} to {names.unit(u)}" for u, n in damage.items()]
            return f"  {p} divides it: {_and(parts)}"
        return None
    # Told by the action's headline, or bookkeeping: moves, scouting (the reveal follows),
    # untapping, done moving/attacking, the hold-priority setting.
    return None


def _mana_words(kind: Any, event: Mapping[str, Any], names: Namer, p: str) -> str | None:
    """Mana added by spells and land abilities, lands tapped or untapped by effects."""
    at, land = event.get("at"), event.get("land")
    if kind == "mana_added":
        by = event.get("by")
        if event.get("no_mana"):  # the War Game: mana from anything but a creature
            return f"  {by or 'It'} makes no mana in {event['no_mana']}"
        return f"  {p} adds {event.get('mana')}" + (f" ({by})" if isinstance(by, str) else "")
    if kind == "land_tapped_by_effect":
        return f"  {_sentence(names.land(at, land))} is tapped by {event.get('by')}"
    if kind == "land_untapped":
        return f"  {_sentence(names.land(at, land))} is untapped by {event.get('by')}"
    if kind == "land_enters_tapped":
        return f"  {_sentence(names.land(at, land))} is turned face up tapped"
    if kind == "mana_restricted":
        return f"  {p} may spend {event.get('mana')} only on artifact spells"
    if kind == "pool_emptied":
        return f"  {p} loses all unspent mana ({event.get('by')})"
    if kind == "land_makes_colourless":
        return (f"  {_sentence(names.land(at, land))} makes colourless mana instead of "
                f"{{{event.get('instead_of')}}} ({event.get('by')})")
    if kind == "keep_tapped":
        verb = "keeps" if event.get("on") else "no longer keeps"
        return f"  {p} {verb} {names.land(at, land)} tapped in their untap steps"
    if kind == "land_counters":
        return (f"  {_sentence(names.land(at, land))} has {event.get('count')} "
                f"{event.get('counter')} counter{'s' if event.get('count') != 1 else ''}")
    return None


def _army_words(kind: Any, event: Mapping[str, Any], names: Namer, p: str) -> str | None:
    """Army Magic's events: land life, exploring, capture, blocks, retreats, placing."""
    at = event.get("at")
    if kind == "explored":
        return f"  {names.player(event.get('by'))} explores {square(at)}: 6 life"
    if kind == "land_life":
        return f"  {_sentence(names.land(at, event.get('land')))} is at {event.get('life')} life"
    if kind == "captured" and not (isinstance(at, str) or _place_key(at) in names.cvs):
        return f"  {names.player(event.get('by'))} captures {names.land(at, event.get('land'))}"
    if kind == "retreated":
        return f"  {names.unit(event.get('unit'))} retreats to {square(event.get('to'))}"
    if kind == "block":
        return f"  {names.unit(event.get('blocker'))} blocks {names.unit(event.get('attacker'))}"
    if kind == "done_blocking":
        return f"  {p} is done blocking" if event.get("blocks") else f"  {p} doesn't block"
    if kind == "land_played":
        return f"{p} plays {event.get('card') or 'a land'} under the home base"
    if kind == "treasure":
        return f"  {p} finds {event.get('name') or 'a treasure'} at {square(at)}"
    if kind == "placed":
        return f"  {names.unit(event.get('unit'))} is put at {square(at)}"
    if kind == "dropped":
        return (f"  {event.get('name') or names.unit(event.get('unit'))} is dropped and "
                f"taken by {names.player(event.get('to'))}")
    return None


def combat_window_words(window: Mapping[str, Any], names: Namer, *, verb: bool = False) -> str:
    """The War Game's combat windows in words: "Fast effects before the damage of the combat
    at column 2, row 2" (with *verb*: "cast fast effects before …"); the ``healing`` stage
    is for healing and prevention before the creatures dealt lethal damage are removed."""
    where = place_words(window.get("combat"), names)
    if window.get("stage") == "healing":
        text = ("heal or prevent" if verb else "healing and prevention") + \
            f" before the dead leave the combat at {where}"
    else:
        text = ("cast fast effects" if verb else "fast effects") + \
            f" before the damage of the combat at {where}"
    return text if verb else text[:1].upper() + text[1:]


def place_words(at: Any, names: Namer) -> str:
    """A place of any board: a square, a stronghold ``"S1"`` (whose it is), an area name."""
    if isinstance(at, str) and at[:1] == "S" and at[1:].isdigit():
        return f"{names.player(int(at[1:]))}'s stronghold"
    if isinstance(at, str) and at != "staging":
        return f"area {at}"
    return square(at)


def _holder_words(event: Mapping[str, Any], names: Namer) -> str:
    """Who holds the stronghold of a player who gains nothing this turn, in words."""
    holder = event.get("holder")
    if isinstance(holder, int) and not isinstance(holder, bool):
        return f"{names.player(holder)} holds their stronghold"
    return "their stronghold is held by another player"


def _conquering_words(kind: Any, event: Mapping[str, Any], names: Namer,
                      p: str) -> str | None:
    """The Conquering's events (issue 14): mana production, conquer values, conquests,
    strongholds lost and retaken, eliminations."""
    at = event.get("at")
    if kind == "supply":  # the War Game (issue 15): the supply die
        if event.get("roll") is None:
            return f"{p} gains no supply ({_holder_words(event, names)})"
        return (f"{p} rolls {event.get('roll')} for supply and has {event.get('total')} "
                "supply points")
    if kind == "healed":  # the War Game: damage healed in the heal phase
        how = "for free (regeneration)" if event.get("free") else \
            f"for {event.get('paid')} supply"
        return f"  {names.unit(event.get('unit'))} heals {event.get('amount')} damage {how}"
    if kind == "mana":
        if event.get("roll") is None:
            return f"{p} makes no mana ({_holder_words(event, names)})"
        return (f"{p} rolls a {event.get('roll')} for mana production and makes "
                f"{event.get('added') or 'no mana'}")
    if kind == "cv":
        key = _place_key(at)
        if key is not None and isinstance(event.get("value"), int):
            names.cvs[key] = int(event["value"])
        return (f"  {_sentence(names.land(at))} has a conquer value of {event.get('value')}"
                if key in names.lands else
                f"  {_sentence(place_words(at, names))} has a conquer value of "
                f"{event.get('value')}")
    if kind == "captured" and isinstance(at, str) and "from" not in event:
        # the War Game's capture at the end of a turn: no conquer value, no "from"
        by = event.get("by")
        if isinstance(by, int) and by == _stronghold_seat(at):
            return f"  {names.player(by)} retakes their stronghold"
        return f"  {names.player(by)} takes {names.land(at)}"
    if kind == "captured" and (_place_key(at) in names.cvs or isinstance(at, str)):
        by, old = event.get("by"), event.get("from")
        key = _place_key(at)
        land = names.land(at)
        if isinstance(at, str) and _stronghold_seat(at) is not None:
            value = " (conquer value 7)"
        else:
            value = f" (conquer value {names.cvs[key]})" if key in names.cvs else ""
        if isinstance(by, int) and isinstance(old, int) and by == _stronghold_seat(str(at)):
            return f"  {names.player(by)} retakes their stronghold"
        taken = f" from {names.player(old)}" if isinstance(old, int) and old != by else ""
        return f"  {names.player(by)} conquers {land}{taken}{value}"
    if kind == "conquer":
        units = [names.unit(u) for u in event.get("units") or ()]
        return f"{p} attacks {place_words(at, names)} with {_and(units) or 'nothing'}"
    if kind == "conquer_damage":
        return (f"  {event.get('damage')} damage reaches the conquer value "
                f"({event.get('cv')}) of {place_words(at, names)}")
    if kind == "entered":
        where = f" in {place_words(at, names)}" if at is not None else ""
        return f"  {names.unit(event.get('unit'))} enters the battlefield{where}"
    if kind == "stronghold_lost":
        return (f"  {p} has lost their stronghold to {names.player(event.get('by'))}: "
                f"{event.get('turns_left')} turns to retake it")
    if kind == "life_ignored":
        what = {"damage": f"{event.get('amount')} damage", "loss": "the life loss",
                "gain": "the life gain"}.get(str(event.get("what")), "that")
        source = f" from {event.get('source')}" if event.get("source") else ""
        return f"  {p} has no life total in the Conquering: {what}{source} does nothing"
    if kind == "retake_countdown":
        return f"  {p} has {event.get('turns_left')} turns left to retake their stronghold"
    if kind == "eliminated":
        reason = event.get("reason")
        why = {"conceded": "conceded",
               "did not retake their stronghold in time":
                   "did not retake their stronghold in time"}.get(str(reason), str(reason or ""))
        return f"{p} is eliminated" + (f": {why}" if why else "")
    return None


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


# ---------------------------------------------------------------------- who acts, in words
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
