"""The War Game's part of position files (``spec/variant-positions.md``).

:class:`WarGameReader` is the Conquering's reader (:mod:`frontier_desktop.position_conquering`:
the grid of any size, strongholds as outside places beside one square, places written
``[r, c]``, ``"S0"``… or ``"stronghold"``) with the War Game's differences:

- ``board.rows``: face-up terrain (any size; the game's set-up makes the 3x5 board), no
  holes, no controller (a terrain is nobody's);
- ``board.strongholds``: ``{"player", "land", "beside", "controller"}`` (``controller``
  defaults to ``player``; no ``cv``); face down to the other players in views. Left out,
  they stand as at the set-up: A west, B north, C east, D south (two players A and C, three
  A B C), beside the middle of that edge, each the basic land of W U B R G by seat;
- ``players[i].supply`` (default 0), ``players[i].removed`` (the removed pile: a count or a
  list of cards; the War Game has no graveyard), ``players[i].eliminated``,
  ``players[i].assign`` (default true, as at the set-up: each side divides its damage whenever
  that is a real choice; false: the engine's default, lethal damage first);
- ``permanents[i].origin``: the terrain a non-creature permanent's whole-table effects
  affect (Crusade's), chosen when it was cast; only on a permanent with such an effect,
  never an opponent's stronghold; left out, they affect no terrain;
- ``units[i].healed`` (0-2: damage healed this turn), ``units[i].carried_by`` (the id of the
  creature carrying this islandhome creature: both tapped, in the same terrain, not an
  Island); ``moved`` means it has made its move this turn;
- a file in the ``combat`` step is taken as the step just begun: its combats are fought up
  to the first decision when the file is read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from frontier_desktop.rules import GameState
from frontier_desktop.rules.board import GridBoard, Pos
from frontier_desktop.rules.card import COLOURS, Card
from frontier_desktop.rules.state import UNKNOWN_CARD, Cell
from frontier_desktop.position_conquering import ConqueringReader, _LAND_OF_COLOUR
from frontier_desktop.rules.variants.wargame.reach import (
    is_opposing_stronghold, permanent_needs_origin, set_origin,
)
from frontier_desktop.rules.variants.wargame.board import (
    LETTERS, STRONGHOLD_LIMIT, land_type, stronghold,
)

_MAX_SUPPLY = 1_000_000
_HEAL_LIMIT = 2


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class WarGameReader(ConqueringReader):
    """Reads the War Game's terrain, strongholds, supply, removed piles and unit fields."""

    title = "the War Game"
    board_fields = frozenset({"rows", "strongholds"})
    stronghold_keys = frozenset({"player", "land", "beside", "controller"})
    unit_keys = frozenset({"healed", "carried_by"})

    def default_beside(self) -> list[Pos] | None:
        """As at the set-up, on a grid of any size: beside the middle of the west (A), north
        (B: the last row), east (C) and south (D: row 0) edge."""
        assert isinstance(self.shape, GridBoard)
        last_row, last_col = self.shape.rows - 1, self.shape.cols - 1
        mid_row, mid_col = self.shape.rows // 2, self.shape.cols // 2
        edge = {"A": (mid_row, 0), "B": (last_row, mid_col), "C": (mid_row, last_col),
                "D": (0, mid_col)}
        return [edge[letter] for letter in LETTERS[self.players]]

    permanent_keys = frozenset({"origin"})

    def read_permanents(self, state: GameState, items: list[Any]) -> None:
        """The War Game's ``permanents[i].origin`` (the loader read the rest): the terrain a
        non-creature permanent's whole-table effects affect (``[r, c]`` or ``"S0"``…, never
        an opponent's stronghold; only on a permanent with such an effect)."""
        origins = [(i, pdata.get("id", f"p{i + 1}"), pdata["origin"])
                   for i, pdata in enumerate(items) if "origin" in pdata]
        for i, obj_id, value in origins:
            where = f"permanents[{i}].origin"
            if value is None:
                continue
            card = state.card(str(obj_id))
            if not permanent_needs_origin(card):
                raise self.fail(where, f"{card.name} has no whole-table effect: it takes no "
                                       "origin")
            try:
                place = state.board.pos_from_wire(value)
            except (TypeError, ValueError):
                raise self.fail(where, "must be a terrain [r, c] or a stronghold \"S0\"") \
                    from None
            if not state.board.is_place(place):
                raise self.fail(where, f"{value} is not a place on the board")
            if is_opposing_stronghold(state, place, state.perms[str(obj_id)].controller):
                raise self.fail(where, "an opponent's stronghold can never be chosen")
            set_origin(state, str(obj_id), state.board.pos_to_wire(place))

    def default_stronghold_land(self, seat: int, pdata: Mapping[str, Any]) -> str:
        """A stronghold left out: the basic land of W U B R G by seat (players have no
        colour here)."""
        return _LAND_OF_COLOUR[COLOURS[seat % len(COLOURS)]]

    # ------------------------------------------------------------------ cells
    def read_cells(self, state: GameState, player_data: list[Any]) -> None:
        """The terrain, the strongholds, then each player's supply, removed pile,
        ``eliminated`` and ``assign``."""
        for r, row in enumerate(self.data["rows"]):
            for c, value in enumerate(row):
                state.cells[(r, c)] = self.cell(state, value, f"board.rows[{r}][{c}]")
        self.strongholds(state, player_data)
        supplies = []
        for seat, pdata in enumerate(player_data):
            where = f"players[{seat}]"
            for key in ("graveyard", "color", "mana_pool"):
                if key in pdata and pdata[key] not in ([], "", None):
                    hint = {"graveyard": "the War Game has a removed pile instead: give "
                                         "'removed'",
                            "color": "the War Game's players have no colour",
                            "mana_pool": "the War Game pays with supply: give 'supply'"}[key]
                    raise self.fail(f"{where}.{key}", hint)
            value = pdata.get("supply", 0)
            if not _is_int(value) or not 0 <= value <= _MAX_SUPPLY:
                raise self.fail(f"{where}.supply", f"must be a whole number from 0 to "
                                                   f"{_MAX_SUPPLY} (default 0)")
            supplies.append(value)
            self.removed(state, seat, pdata.get("removed", 0), f"{where}.removed")
            eliminated = pdata.get("eliminated", False)
            if not isinstance(eliminated, bool):
                raise self.fail(f"{where}.eliminated", "must be true or false")
            state.players[seat].lost = eliminated
            assign = pdata.get("assign", True)
            if not isinstance(assign, bool):
                raise self.fail(f"{where}.assign", "must be true or false")
            # As at the War Game's set-up, a side's division waits as a pending "assign"
            # unless the file switches it off (then the engine's default division).
            state.players[seat].assign = assign
        state.extra["supply"] = supplies

    def removed(self, state: GameState, seat: int, value: object, where: str) -> None:
        """``players[i].removed``: a count (cards nobody needs to know) or a list of cards."""
        from frontier_desktop.position import MAX_CARDS

        pile = state.players[seat].graveyard
        if _is_int(value):
            assert isinstance(value, int)
            if not 0 <= value <= MAX_CARDS:
                raise self.fail(where, f"must be a count from 0 to {MAX_CARDS} or a list of "
                                       "cards")
            if UNKNOWN_CARD not in state.defs:
                state.defs[UNKNOWN_CARD] = Card(name=UNKNOWN_CARD)
            for _ in range(value):
                pile.append(self.loader.add_card(state, state.defs[UNKNOWN_CARD], seat, "g"))
        elif isinstance(value, list):
            if len(value) > MAX_CARDS:
                raise self.fail(where, f"at most {MAX_CARDS} cards")
            for j, cdata in enumerate(value):
                card = self.loader.card(cdata, f"{where}[{j}]", state)
                pile.append(self.loader.add_card(state, card, seat, "g"))
        else:
            raise self.fail(where, "must be a count or a list of cards")

    def cell(self, state: GameState, value: object, where: str) -> Cell:
        if isinstance(value, Mapping):
            unknown = set(value) - {"land", "face_up", "tapped_by", "id"}
            if unknown:
                key = sorted(unknown)[0]
                hint = {"controller": " (a terrain is nobody's)",
                        "stronghold_of": " (strongholds are listed in board.strongholds)",
                        "hole": " (the War Game's boards have no holes)"}.get(key, "")
                raise self.fail(where, f"unknown field {key!r}{hint}")
        if isinstance(value, str) and value.strip() in ("#",):
            raise self.fail(where, "the War Game's boards have no holes")
        cell = self.loader.cell(state, value, where)
        if not cell.face_up:
            raise self.fail(where, "the War Game's terrain lies face up (give the land's name)")
        cell.extra = None
        return cell

    def strongholds(self, state: GameState, player_data: list[Any]) -> list[str]:
        """Put each stronghold in play, face down; return each one's basic land type."""
        out = []
        for seat, where, item, land in self.stronghold_entries(player_data):
            obj, kind, controller = self.stronghold_card(state, seat, land, item, where)
            out.append(kind)
            state.cells[stronghold(seat)] = Cell(obj, face_up=False, extra={
                "controller": controller, "stronghold_of": seat})
        return out

    # ------------------------------------------------------------------ units
    def read_units(self, state: GameState, units: list[Any]) -> None:
        """``healed``, ``carried_by`` and ``moved`` into the turn's record."""
        turn: dict[str, Any] = {"moves": {}, "walk": [], "mountain": [], "carriers": [],
                                "healed": {}}
        carried: dict[str, str] = {}
        for i, udata in enumerate(units):
            where = f"units[{i}]"
            uid = udata.get("id", f"u{i + 1}")
            perm = state.perms[uid]
            if perm.moved:
                turn["moves"][uid] = 1
            healed = udata.get("healed", 0)
            if not _is_int(healed) or not 0 <= healed <= _HEAL_LIMIT:
                raise self.fail(f"{where}.healed", f"must be a whole number from 0 to "
                                                   f"{_HEAL_LIMIT} (damage healed this turn)")
            if healed:
                turn["healed"][uid] = healed
            carrier = udata.get("carried_by")
            if carrier is None:
                continue
            other = state.perms.get(carrier) if isinstance(carrier, str) else None
            if other is None or other.id == uid:
                raise self.fail(f"{where}.carried_by", "must be the id of another creature")
            if other.controller != perm.controller or other.at != perm.at:
                raise self.fail(f"{where}.carried_by", f"{carrier} must be a creature of the "
                                                       "same player in the same terrain")
            card = state.card(uid)
            if "Island" not in card.landhome or card.has("flying"):
                raise self.fail(f"{where}.carried_by", f"{card.name} is not an islandhome "
                                                       "creature that needs carrying")
            at = perm.at
            if not isinstance(at, tuple) or land_type(state, at) == "Island":
                raise self.fail(f"{where}.carried_by", "nobody carries it on an Island or in "
                                                       "a stronghold")
            if not (perm.tapped and other.tapped):
                raise self.fail(f"{where}.carried_by", "a carried creature and its carrier "
                                                       "stay tapped: give both \"tapped\": true")
            carried[uid] = other.id
        state.extra["turn"] = turn
        state.extra["carried"] = carried

    def started(self, state: GameState, events: list[dict[str, Any]]) -> None:
        """A file in the combat step: the step has just begun, so its combats are fought
        up to the first decision."""
        from frontier_desktop.rules.variants import find_variant

        fought = (state.extra.get("turn") or {}).get("fought")  # a printed state's record
        if state.phase == "combat" and state.decision is None and not state.stack \
                and not fought:
            find_variant("wargame").on_combat(state, events)  # type: ignore[attr-defined]

    def finish(self, state: GameState) -> None:
        """The Conquering's checks (two players left, the active one among them, nothing of
        an eliminated player's in play) and at most three of a player's creatures in their
        own stronghold."""
        self.check_players(state)
        for seat in range(self.players):
            mine = [p for p in state.board_creatures()
                    if p.at == stronghold(seat) and p.controller == seat]
            if len(mine) > STRONGHOLD_LIMIT:
                raise self.fail("units", f"{state.players[seat].name}'s stronghold holds at "
                                         f"most {STRONGHOLD_LIMIT} of their creatures")
