"""The game state: plain data, cloned (not mutated) by every action.

``apply`` clones the state and changes the clone, so an earlier state is never touched: undo
is "keep the previous state", and a rejected action leaves nothing half-done. The clone is
hand-written (no ``deepcopy``) because it runs once per action.

Everything here serialises to JSON (:meth:`GameState.to_wire` / :meth:`GameState.from_wire`):
this full form is the authority's (saves on the host); players get :mod:`views` instead.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

from frontier_desktop.rules.board import Board, Pos
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.mana import POOL_ORDER, Pool, empty_pool

UNKNOWN_LAND = "?"
"""Card name of a face-down land whose identity is drawn from the seed when it is revealed."""

UNKNOWN_CARD = "(unknown card)"
"""Card name of library filler in position files that give only a library count."""


class Cell:
    """One board square."""

    __slots__ = ("land", "face_up", "tapped_by", "extra")

    def __init__(self, land: str | None, face_up: bool = False, tapped_by: int | None = None,
                 extra: dict[str, Any] | None = None) -> None:
        self.land = land
        """The land card's object id; None for a hole."""
        self.face_up = face_up
        self.tapped_by = tapped_by
        """Who tapped the land (None when untapped)."""
        self.extra = extra
        """Variant data (Army land life, Conquering conquer value, strongholds), or None."""

    @property
    def is_hole(self) -> bool:
        return self.land is None

    def clone(self) -> Cell:
        return Cell(self.land, self.face_up, self.tapped_by,
                    dict(self.extra) if self.extra is not None else None)


class Permanent:
    """A card (or token) on the battlefield: on the board, in a staging row, or attached."""

    __slots__ = (
        "id", "controller", "zone", "at", "tapped", "damage", "counters", "sick", "moved",
        "attacked", "attack_tapped", "pt_mod", "attached_to", "regen_shield", "deathtouched",
        "granted", "prevent", "activations",
    )

    def __init__(self, id: str, controller: int, zone: str = "staging", at: Pos | None = None,
                 *, tapped: bool = False, damage: int = 0, counters: dict[str, int] | None = None,
                 sick: bool = False, moved: bool = False, attacked: bool = False,
                 attack_tapped: bool = False, pt_mod: tuple[int, int] = (0, 0),
                 attached_to: str | None = None, regen_shield: int = 0,
                 deathtouched: bool = False, granted: tuple[str, ...] = (),
                 prevent: int = 0, activations: dict[str, int] | None = None) -> None:
        self.id = id
        self.controller = controller
        self.zone = zone
        """``board``, ``staging`` or ``attached``."""
        self.at = at
        self.tapped = tapped
        self.damage = damage
        self.counters = counters or {}
        self.sick = sick
        """Summoning sick: came under this control since its controller's last turn began."""
        self.moved = moved
        self.attacked = attacked
        self.attack_tapped = attack_tapped
        """Tapped by its own attack this turn: keeps its terrain bonus until end of turn."""
        self.pt_mod = pt_mod
        """Power/toughness change until end of turn."""
        self.attached_to = attached_to
        self.regen_shield = regen_shield
        self.deathtouched = deathtouched
        """Dealt damage by a source with deathtouch since the last cleanup."""
        self.granted = granted
        """Keywords gained until end of turn (lower case: ``("flying",)``)."""
        self.prevent = prevent
        """Damage still to be prevented this turn ("prevent the next N damage")."""
        self.activations = activations or {}
        """Activations this turn by ability index (as a string), for "only once each turn"."""

    def clone(self) -> Permanent:
        return Permanent(
            self.id, self.controller, self.zone, self.at, tapped=self.tapped,
            damage=self.damage, counters=dict(self.counters) if self.counters else None,
            sick=self.sick, moved=self.moved, attacked=self.attacked,
            attack_tapped=self.attack_tapped, pt_mod=self.pt_mod, attached_to=self.attached_to,
            regen_shield=self.regen_shield, deathtouched=self.deathtouched,
            granted=self.granted, prevent=self.prevent,
            activations=dict(self.activations) if self.activations else None,
        )

    def to_wire(self, board: Board) -> dict[str, Any]:
        return {
            "id": self.id, "controller": self.controller, "zone": self.zone,
            "at": board.pos_to_wire(self.at) if self.at is not None else None,
            "tapped": self.tapped, "damage": self.damage, "counters": dict(self.counters),
            "sick": self.sick, "moved": self.moved, "attacked": self.attacked,
            "attack_tapped": self.attack_tapped, "pt_mod": list(self.pt_mod),
            "attached_to": self.attached_to, "regen_shield": self.regen_shield,
            "deathtouched": self.deathtouched, "granted": list(self.granted),
            "prevent": self.prevent, "activations": dict(self.activations),
        }

    @classmethod
    def from_wire(cls, data: Mapping[str, Any], board: Board) -> Permanent:
        at = data.get("at")
        return cls(
            str(data["id"]), int(data["controller"]), str(data["zone"]),
            board.pos_from_wire(at) if at is not None else None,
            tapped=bool(data["tapped"]), damage=int(data["damage"]),
            counters={str(k): int(v) for k, v in dict(data.get("counters") or {}).items()},
            sick=bool(data["sick"]), moved=bool(data["moved"]), attacked=bool(data["attacked"]),
            attack_tapped=bool(data["attack_tapped"]),
            pt_mod=(int(data["pt_mod"][0]), int(data["pt_mod"][1])),
            attached_to=data.get("attached_to"), regen_shield=int(data.get("regen_shield", 0)),
            deathtouched=bool(data.get("deathtouched", False)),
            granted=tuple(str(k) for k in data.get("granted", ())),
            prevent=int(data.get("prevent", 0)),
            activations={str(k): int(v) for k, v in dict(data.get("activations") or {}).items()},
        )


class PlayerState:
    """One player's life, mana and zones (lists of card object ids; index 0 = library top)."""

    __slots__ = (
        "name", "life", "pool", "library", "hand", "graveyard", "exile", "land_graveyard",
        "lost", "mulligans", "kept", "first_turn", "responses", "drew_from_empty", "skip_draw",
        "assign", "prevent",
    )

    def __init__(self, name: str, life: int = 20) -> None:
        self.name = name
        self.life = life
        self.pool: Pool = empty_pool()
        self.library: list[str] = []
        self.hand: list[str] = []
        self.graveyard: list[str] = []
        self.exile: list[str] = []
        self.land_graveyard: list[str] = []
        self.lost = False
        self.mulligans = 0
        self.kept = True
        self.first_turn = False
        """True until this player's first main phase has begun."""
        self.responses = False
        """Whether this player asked for a response window on the opponent's moves/attacks."""
        self.drew_from_empty = False
        self.skip_draw = False
        """Skip the next draw step (the starting player's first turn)."""
        self.assign = True
        """Whether this player divides combat damage dealt to their banding stacks themselves
        (an ``assign`` decision, the digest's default); when switched off (``set_assign``),
        lethal damage goes to each member in order without asking."""
        self.prevent = 0
        """Damage to this player still to be prevented this turn."""

    def clone(self) -> PlayerState:
        p = PlayerState.__new__(PlayerState)
        p.name = self.name
        p.life = self.life
        p.pool = dict(self.pool)
        p.library = list(self.library)
        p.hand = list(self.hand)
        p.graveyard = list(self.graveyard)
        p.exile = list(self.exile)
        p.land_graveyard = list(self.land_graveyard)
        p.lost = self.lost
        p.mulligans = self.mulligans
        p.kept = self.kept
        p.first_turn = self.first_turn
        p.responses = self.responses
        p.drew_from_empty = self.drew_from_empty
        p.skip_draw = self.skip_draw
        p.assign = self.assign
        p.prevent = self.prevent
        return p

    ZONES = ("library", "hand", "graveyard", "exile", "land_graveyard")

    def to_wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {s: getattr(self, s) for s in self.__slots__ if s != "pool"}
        out["pool"] = {k: self.pool.get(k, 0) for k in POOL_ORDER}
        for zone in self.ZONES:
            out[zone] = list(out[zone])
        return out

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> PlayerState:
        p = cls(str(data["name"]), int(data["life"]))
        for slot in cls.__slots__:
            if slot in ("name", "life", "pool"):
                continue
            if slot in ("assign", "prevent") and slot not in data:
                continue  # states saved before the assign decision existed: the default
            value = data[slot]
            setattr(p, slot, list(value) if slot in cls.ZONES else value)
        p.pool = {k: int(data["pool"].get(k, 0)) for k in POOL_ORDER}
        return p


class GameState:
    """Everything about one game. Mutated only on fresh clones inside ``apply``."""

    __slots__ = (
        "variant", "options", "seed", "rng_counter", "turn", "active", "phase", "players",
        "cards", "defs", "board", "cells", "perms", "pending", "decision", "moves_started",
        "moves_closed", "attacking", "attacks_closed", "winner", "game_over", "state_id", "log", "aside",
        "first_player", "next_id", "stack", "delayed", "extra",
    )

    def __init__(self, variant: str, board: Board, players: list[PlayerState]) -> None:
        self.variant = variant
        self.options: dict[str, Any] = {}
        self.seed: str = "0"
        self.rng_counter = 0
        self.turn = 1
        self.active = 0
        self.phase = "main"
        self.players = players
        self.cards: dict[str, tuple[str, int]] = {}
        """Object id → (card name, owner). Tokens have names from :attr:`defs` too."""
        self.defs: dict[str, Card] = {}
        """Card name → oracle data."""
        self.board = board
        self.cells: dict[Pos, Cell] = {}
        self.perms: dict[str, Permanent] = {}
        self.pending: dict[str, Any] | None = None
        """A move or attack waiting for the opponent's response (see ``responses``)."""
        self.decision: dict[str, Any] | None = None
        """A choice a player must make before play goes on (token placement, mulligan)."""
        self.moves_started = False
        self.moves_closed = False
        self.attacking = False
        self.attacks_closed = False
        """The active player said done attacking: no more attacks this turn."""
        self.winner: int | None = None
        self.game_over = False
        self.state_id = 0
        self.log: list[dict[str, Any]] = []
        self.aside: list[str] = []
        """Cards set aside out of the game (the short last column of lands)."""
        self.first_player = 0
        self.next_id = 1
        self.stack: list[dict[str, Any]] = []
        """Spells and abilities waiting to resolve, bottom first: ``{"id", "card", "controller",
        "targets", "x", …}`` (plain JSON; replaced, never mutated in place, by the rules)."""
        self.delayed: list[dict[str, Any]] = []
        """Effects waiting for a later moment ("at the beginning of the next turn's upkeep"):
        ``{"when", "card", "controller", "where", "ability", "mode", "index"}``."""
        self.extra: dict[str, Any] = {}
        """Variant bookkeeping as JSON-ready data (Army Magic: this turn's combats and land
        play). Never shown to players: views pick what they print."""

    # ------------------------------------------------------------------ access
    def card(self, obj_id: str) -> Card:
        """The oracle data of object *obj_id*."""
        return self.defs[self.cards[obj_id][0]]

    def name(self, obj_id: str) -> str:
        return self.cards[obj_id][0]

    def owner(self, obj_id: str) -> int:
        return self.cards[obj_id][1]

    def opponent(self, seat: int) -> int:
        """The other player of a two-player game; with more seats, the next one clockwise
        (the effects engine's "the opponent" and priority passing still assume two players:
        with N seats use :meth:`opponents`)."""
        return 1 - seat if len(self.players) == 2 else (seat + 1) % len(self.players)

    def opponents(self, seat: int) -> list[int]:
        """Every other seat still in the game, clockwise (increasing, wrapping) after *seat*."""
        n = len(self.players)
        return [(seat + k) % n for k in range(1, n) if not self.players[(seat + k) % n].lost]

    def creatures(self) -> Iterator[Permanent]:
        for perm in self.perms.values():
            if perm.zone != "attached" and self.card(perm.id).is_creature:
                yield perm

    def board_creatures(self) -> Iterator[Permanent]:
        for perm in self.perms.values():
            if perm.zone == "board" and self.card(perm.id).is_creature:
                yield perm

    def occupants(self) -> dict[Pos, list[str]]:
        """Board position → ids of the creatures standing there (a banding stack has several)."""
        out: dict[Pos, list[str]] = {}
        for perm in self.board_creatures():
            out.setdefault(perm.at, []).append(perm.id)
        return out

    def new_id(self, prefix: str) -> str:
        value = f"{prefix}{self.next_id}"
        self.next_id += 1
        return value

    # ------------------------------------------------------------------ copy
    def clone(self) -> GameState:
        s = GameState.__new__(GameState)
        s.variant = self.variant
        s.options = self.options  # never mutated after set-up
        s.seed = self.seed
        s.rng_counter = self.rng_counter
        s.turn = self.turn
        s.active = self.active
        s.phase = self.phase
        s.players = [p.clone() for p in self.players]
        s.cards = dict(self.cards)
        s.defs = self.defs  # copy-on-write: replaced, never mutated, by token creation
        s.board = self.board
        s.cells = {pos: cell.clone() for pos, cell in self.cells.items()}
        s.perms = {pid: perm.clone() for pid, perm in self.perms.items()}
        s.pending = dict(self.pending) if self.pending is not None else None
        s.decision = dict(self.decision) if self.decision is not None else None
        s.moves_started = self.moves_started
        s.moves_closed = self.moves_closed
        s.attacking = self.attacking
        s.attacks_closed = self.attacks_closed
        s.winner = self.winner
        s.game_over = self.game_over
        s.state_id = self.state_id
        s.log = list(self.log)
        s.aside = list(self.aside)
        s.first_player = self.first_player
        s.next_id = self.next_id
        s.stack = list(self.stack)  # items are replaced, never mutated
        s.delayed = list(self.delayed)
        s.extra = copy.deepcopy(self.extra) if self.extra else {}
        return s

    # ------------------------------------------------------------------ wire
    def to_wire(self) -> dict[str, Any]:
        """The full state as JSON-ready data (the authority's copy: hides nothing)."""
        board = self.board
        return {
            "format": "frontier-state/1",
            "variant": self.variant, "options": dict(self.options), "seed": self.seed,
            "rng_counter": self.rng_counter, "turn": self.turn, "active": self.active,
            "phase": self.phase, "players": [p.to_wire() for p in self.players],
            "cards": {k: [v[0], v[1]] for k, v in self.cards.items()},
            "defs": {k: v.to_scryfall() for k, v in self.defs.items()},
            "board": board.to_wire(),
            "cells": [
                {"at": board.pos_to_wire(pos), "land": c.land, "face_up": c.face_up,
                 "tapped_by": c.tapped_by, "extra": c.extra}
                for pos, c in self.cells.items()
            ],
            "perms": [p.to_wire(board) for p in self.perms.values()],
            "pending": self.pending, "decision": self.decision,
            "moves_started": self.moves_started, "moves_closed": self.moves_closed,
            "attacking": self.attacking, "attacks_closed": self.attacks_closed,
            "winner": self.winner, "game_over": self.game_over,
            "state_id": self.state_id, "log": list(self.log), "aside": list(self.aside),
            "first_player": self.first_player, "next_id": self.next_id,
            "stack": [dict(item) for item in self.stack],
            "delayed": [dict(item) for item in self.delayed],
            "extra": self.extra,
        }

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> GameState:
        """Rebuild a state from :meth:`to_wire` output.

        Raises:
            KeyError, TypeError, ValueError: the data is not a state of this format.
        """
        if data.get("format") != "frontier-state/1":
            raise ValueError(f"not a frontier-state/1 document (format {data.get('format')!r})")
        board = Board.from_wire(data["board"])
        s = cls(str(data["variant"]), board, [PlayerState.from_wire(p) for p in data["players"]])
        s.options = dict(data["options"])
        s.seed = str(data["seed"])
        s.rng_counter = int(data["rng_counter"])
        s.turn = int(data["turn"])
        s.active = int(data["active"])
        s.phase = str(data["phase"])
        s.cards = {str(k): (str(v[0]), int(v[1])) for k, v in data["cards"].items()}
        s.defs = {str(k): Card.from_scryfall(v) for k, v in data["defs"].items()}
        for cell in data["cells"]:
            s.cells[board.pos_from_wire(cell["at"])] = Cell(
                cell["land"], bool(cell["face_up"]), cell["tapped_by"], cell.get("extra"))
        for perm in data["perms"]:
            p = Permanent.from_wire(perm, board)
            s.perms[p.id] = p
        s.pending = data.get("pending")
        s.decision = data.get("decision")
        s.moves_started = bool(data["moves_started"])
        s.moves_closed = bool(data["moves_closed"])
        s.attacking = bool(data["attacking"])
        s.attacks_closed = bool(data.get("attacks_closed", False))
        s.winner = data.get("winner")
        s.game_over = bool(data["game_over"])
        s.state_id = int(data["state_id"])
        s.log = list(data.get("log", []))
        s.aside = list(data.get("aside", []))
        s.first_player = int(data.get("first_player", 0))
        s.next_id = int(data["next_id"])
        s.stack = [dict(item) for item in data.get("stack", [])]
        s.delayed = [dict(item) for item in data.get("delayed", [])]
        s.extra = dict(data.get("extra") or {})
        return s


_Facts = TypeVar("_Facts")


def per_defs(build: Callable[[dict[str, Card]], _Facts]) -> Callable[[GameState], _Facts]:
    """A lookup of facts about a state's card definitions, built by *build* once per
    ``defs``: ``defs`` is replaced, never mutated (copy-on-write), so its identity says the
    cards are the same. Its cache is emptied when it grows past 64 entries."""
    cache: dict[int, tuple[dict[str, Card], _Facts]] = {}

    def lookup(state: GameState) -> _Facts:
        found = cache.get(id(state.defs))
        if found is not None and found[0] is state.defs:
            return found[1]
        if len(cache) > 64:
            cache.clear()
        facts = build(state.defs)
        cache[id(state.defs)] = (state.defs, facts)
        return facts

    return lookup
