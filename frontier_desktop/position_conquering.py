"""The Conquering's part of position files (``spec/variant-positions.md``).

:mod:`frontier_desktop.position` reads what every variant shares (players, units, the stack)
and asks a :class:`ConqueringReader` for what only the Conquering has:

- the board: ``board.rows`` (a grid of any size) or ``board.areas`` (a graph board:
  ``{"NAME": {"land": CELL, "neighbours": [...]}}``, neighbour lists symmetric), never both;
  each cell's ``controller`` (default nobody) and ``cv`` (1-6; null while face down; a
  face-up land the file gives none gets one rolled from the seed as the file is read);
- ``board.strongholds``: one per player, ``{"player", "land", "beside", "controller", "cv",
  "turns_left"}`` (``controller`` defaults to ``player``, ``cv`` to 7, ``turns_left`` to 5
  when another player holds it and null while the owner does); left out, each player's
  stronghold is beside the middle of their side (the standard places) and is the basic land
  of their ``color`` (else W, U, B, R, G by seat);
- ``players[i].color`` (W U B R G; default the colour of the stronghold's land),
  ``players[i].eliminated`` and ``players[i].assign`` (default true, as at the set-up: a blocked
  attacker's controller divides its damage whenever that is a real choice);
- places: ``units[i].at`` is ``[r, c]``, an area name, ``"S0"``… or ``"stronghold"`` (the
  owner's), never a face-down land (a creature's first entry flips it); non-creature
  ``permanents`` stand off the board (``at`` null).

Whatever the Conquering can't accept is refused with the field named (exit 2 in the CLI).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from frontier_desktop.rules import GameState, InvalidPositionError
from frontier_desktop.rules.board import Board, GraphBoard, GridBoard, Pos
from frontier_desktop.rules.card import BASIC_LAND_COLOUR, COLOURS
from frontier_desktop.rules.state import Cell
from frontier_desktop.rules.variants.conquering.board import (
    LAND_TYPES, RETAKE_TURNS, STRONGHOLD_CV, stronghold,
)

if TYPE_CHECKING:
    from frontier_desktop.position import _Loader

MAX_AREAS = 1000
"""Most areas of a graph board."""
_STRONGHOLD_KEYS = {"player", "land", "beside", "controller", "cv", "turns_left"}
_AREA_KEYS = {"land", "neighbours"}
_RESERVED = {"stronghold", "staging"}
_LAND_OF_COLOUR = {colour: land for land, colour in BASIC_LAND_COLOUR.items()}


def _index(value: object, count: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count


def standard_beside(board: Board, players: int) -> list[Pos] | None:
    """Where each seat's stronghold stands when a file gives none: beside the middle of its
    side (the standard boards' places, and the same rule on a grid of any size); None when
    the board has no such places (a graph board other than the triangle)."""
    if isinstance(board, GridBoard):
        last_row, last_col = board.rows - 1, board.cols - 1
        mid_row, mid_col = board.rows // 2, board.cols // 2
        sides = {2: [(0, mid_col), (last_row, mid_col)],
                 3: [(0, mid_col), (mid_row, 0), (last_row, mid_col)],
                 4: [(0, mid_col), (mid_row, 0), (last_row, mid_col), (mid_row, last_col)]}
        return list(sides[players])
    names = ["A2", "B2", "C2"]
    if players == 3 and all(board.contains(n) for n in names):
        return names
    return None


class ConqueringReader:
    """Reads the Conquering's board, strongholds and places for one position document.

    The War Game's reader (:mod:`frontier_desktop.position_wargame`) shares its board shape,
    its strongholds as outside places and its places; these class fields say what differs."""

    title = "the Conquering"
    board_fields = frozenset({"rows", "areas", "strongholds"})
    stronghold_keys = frozenset(_STRONGHOLD_KEYS)
    unit_keys: frozenset[str] = frozenset()
    """Unit fields this variant reads besides the shared ones (:meth:`read_units`)."""

    def __init__(self, loader: _Loader, board_data: Mapping[str, Any], players: int) -> None:
        self.loader = loader
        self.data = board_data
        self.players = players
        self.beside: list[Pos] = []
        self.shape = self._shape()
        self.board = self._board()

    def fail(self, where: str, why: str) -> InvalidPositionError:
        return InvalidPositionError(f"{where}: {why}")

    # ------------------------------------------------------------------ board shape
    def _shape(self) -> Board:
        from frontier_desktop.position import grid_board

        rows, areas = self.data.get("rows"), self.data.get("areas")
        unknown = set(self.data) - self.board_fields
        if unknown:
            reads = " or ".join(sorted(self.board_fields - {"strongholds"}))
            raise self.fail("board", f"unknown field {sorted(unknown)[0]!r} ({self.title} "
                                     f"reads {reads}, and strongholds)")
        if rows is not None and areas is not None:
            raise self.fail("board", "give 'rows' (a grid) or 'areas' (a graph board), not both")
        if areas is None:
            return grid_board(rows, ", or give 'areas'")
        if not isinstance(areas, Mapping) or not areas:
            raise self.fail("board.areas", 'must be an object {"NAME": {"land": ..., '
                                           '"neighbours": [...]}}')
        if len(areas) > MAX_AREAS:
            raise self.fail("board.areas", f"at most {MAX_AREAS} areas")
        links: dict[str, list[str]] = {}
        for name, area in areas.items():
            where = f"board.areas.{name}"
            if not name.strip() or name in _RESERVED or _is_stronghold_name(name):
                raise self.fail(where, "an area name must be non-empty and not 'stronghold', "
                                       "'staging' or a stronghold's name (S0, S1, ...)")
            if not isinstance(area, Mapping):
                raise self.fail(where, 'must be an object {"land": ..., "neighbours": [...]}')
            extra = set(area) - _AREA_KEYS
            if extra:
                raise self.fail(where, f"unknown field {sorted(extra)[0]!r}")
            if "land" not in area:
                raise self.fail(f"{where}.land", "is required (a cell as in rows)")
            ns = area.get("neighbours", [])
            if not isinstance(ns, list) or not all(isinstance(n, str) for n in ns):
                raise self.fail(f"{where}.neighbours", "must be a list of area names")
            if len(set(ns)) != len(ns):
                raise self.fail(f"{where}.neighbours", "names an area twice")
            links[name] = list(ns)
        # Sets: each check is one look-up, so a board of MAX_AREAS areas all neighbours of
        # one another reads in about a second (lists made it cubic: issue 25, 15).
        linked = {name: set(ns) for name, ns in links.items()}
        for name, ns in links.items():
            near = linked[name]
            if name not in near and near <= linked.keys() and all(
                    [name in linked[n] for n in ns]):
                continue  # the usual case, checked at C speed; else find the first fault
            where = f"board.areas.{name}.neighbours"
            for n in ns:
                if n == name:
                    raise self.fail(where, f"{name!r} can't be its own neighbour")
                if n not in links:
                    raise self.fail(where, f"no area {n!r}")
                if name not in linked[n]:
                    raise self.fail(where, f"{n!r} is a neighbour of {name!r} but "
                                           f"board.areas.{n}.neighbours does not name {name!r} "
                                           "(neighbour lists must be symmetric)")
        return GraphBoard(links)

    def _board(self) -> Board:
        """The board with each stronghold as an outside place beside its land."""
        given = self.data.get("strongholds")
        if given is None:
            beside = self.default_beside()
            if beside is None:
                raise self.fail("board.strongholds", "is required on this board (one per "
                                                     "player, beside an area)")
            self.beside = beside
        else:
            if not isinstance(given, list) or len(given) != self.players:
                raise self.fail("board.strongholds", f"must list one stronghold per player "
                                                     f"({self.players}), in seat order")
            for i, item in enumerate(given):
                where = f"board.strongholds[{i}]"
                if not isinstance(item, Mapping):
                    raise self.fail(where, 'must be an object {"player", "land", "beside"}')
                unknown = set(item) - self.stronghold_keys
                if unknown:
                    raise self.fail(where, f"unknown field {sorted(unknown)[0]!r}")
                player = item.get("player", i)
                if player != i or isinstance(player, bool):
                    raise self.fail(f"{where}.player", f"must be {i} (one stronghold per "
                                                       "player, in seat order)")
                if "beside" not in item:
                    raise self.fail(f"{where}.beside", "is required (the one square or area "
                                                       "it is adjacent to)")
                self.beside.append(self.position(item["beside"], f"{where}.beside"))
        outside = {stronghold(seat): pos for seat, pos in enumerate(self.beside)}
        if isinstance(self.shape, GridBoard):
            return GridBoard(self.shape.rows, self.shape.cols, outside=outside)
        assert isinstance(self.shape, GraphBoard)
        return GraphBoard({p: self.shape.neighbours(p) for p in self.shape.positions()},
                          outside=outside)

    def default_beside(self) -> list[Pos] | None:
        """Where each stronghold stands when the file gives no ``board.strongholds``."""
        return standard_beside(self.shape, self.players)

    def position(self, value: object, where: str) -> Pos:
        """A square or area of the board (never a stronghold)."""
        try:
            pos = self.shape.pos_from_wire(value)
        except ValueError:
            pos = None
        if pos is None or not self.shape.contains(pos):
            kind = "[row, col] on the board" if isinstance(self.shape, GridBoard) \
                else "the name of an area in board.areas"
            raise self.fail(where, f"must be {kind}, not {value!r}")
        return pos

    # ------------------------------------------------------------------ cells
    def read_cells(self, state: GameState, player_data: list[Any]) -> None:
        """Every area's cell, then the strongholds; then each player's colour and
        ``eliminated``."""
        if isinstance(self.shape, GridBoard):
            for r, row in enumerate(self.data["rows"]):
                for c, value in enumerate(row):
                    where = f"board.rows[{r}][{c}]"
                    state.cells[(r, c)] = self.cell(state, value, where)
        else:
            for name, area in self.data["areas"].items():
                state.cells[name] = self.cell(state, area["land"], f"board.areas.{name}.land")
        self.roll_missing_cvs(state)
        lands = self.strongholds(state, player_data)
        colours = []
        for seat, pdata in enumerate(player_data):
            where = f"players[{seat}]"
            colour = pdata.get("color")
            if colour is None:
                colour = BASIC_LAND_COLOUR[lands[seat]]
            elif colour not in COLOURS:
                raise self.fail(f"{where}.color", f"must be one of {' '.join(COLOURS)}")
            colours.append(colour)
            eliminated = pdata.get("eliminated", False)
            if not isinstance(eliminated, bool):
                raise self.fail(f"{where}.eliminated", "must be true or false")
            state.players[seat].lost = eliminated
            # As at the Conquering's set-up, a blocked attacker's controller divides its damage
            # (a pending "assign") unless the file switches it off (then lethal in block
            # order, the rest to the CV).
            state.players[seat].assign = bool(pdata.get("assign", True))
        state.extra["colors"] = colours

    def cell(self, state: GameState, value: object, where: str) -> Cell:
        if isinstance(value, Mapping):
            unknown = set(value) - {"land", "face_up", "tapped_by", "controller", "cv", "hole",
                                    "id"}
            if unknown:
                hint = " (strongholds are listed in board.strongholds)" \
                    if "stronghold_of" in unknown else ""
                raise self.fail(where, f"unknown field {sorted(unknown)[0]!r}{hint}")
        cell = self.loader.cell(state, value, where)
        if cell.land is None:
            raise self.fail(where, "the Conquering's boards have no holes")
        extra = cell.extra or {}
        controller, cv = extra.get("controller"), extra.get("cv")
        if not cell.face_up and controller is not None:
            raise self.fail(f"{where}.controller", "a face-down land has no controller (a "
                                                   "creature's first entry flips it)")
        if not cell.face_up and cv is not None:
            raise self.fail(f"{where}.cv", "a face-down land's conquer value is not rolled "
                                           "yet: give null")
        if cv is not None and not 1 <= cv <= 6:
            raise self.fail(f"{where}.cv", "must be a d6 roll from 1 to 6, or null")
        cell.extra = {"controller": controller, "cv": cv}
        return cell

    @staticmethod
    def roll_missing_cvs(state: GameState) -> None:
        """A face-up area was entered, so its conquer value was rolled: one the file leaves
        out is rolled now, from the position's seed (a revealed area always has a CV)."""
        from frontier_desktop.rules.core.shared import game_rng, save_rng

        rng = game_rng(state)
        for pos in state.board.positions():
            cell = state.cells[pos]
            if cell.face_up and cell.extra is not None and cell.extra["cv"] is None:
                cell.extra["cv"] = rng.randbelow(6) + 1
        save_rng(state, rng)

    def stronghold_entries(self, player_data: list[Any]
                           ) -> Iterator[tuple[int, str, Mapping[str, Any], object]]:
        """Each seat's ``board.strongholds`` entry (``{}`` when the file gives none): the seat,
        where it stands in the file, the entry and its ``land`` (when the file gives no
        strongholds, :meth:`default_stronghold_land`).

        Raises:
            InvalidPositionError: an entry without its ``land``.
        """
        given = self.data.get("strongholds")
        for seat in range(self.players):
            where = f"board.strongholds[{seat}]"
            item: Mapping[str, Any] = given[seat] if given is not None else {}
            land = item.get("land")
            if land is None:
                if given is not None:
                    raise self.fail(f"{where}.land", "is required (a basic land)")
                land = self.default_stronghold_land(seat, player_data[seat])
            yield seat, where, item, land

    def default_stronghold_land(self, seat: int, pdata: Mapping[str, Any]) -> str:
        """A stronghold left out: the basic land of the player's ``color``, else one by
        seat."""
        colour = pdata.get("color")
        return _LAND_OF_COLOUR.get(colour, _LAND_OF_COLOUR[COLOURS[seat % 5]]) \
            if isinstance(colour, str) else _LAND_OF_COLOUR[COLOURS[seat % 5]]

    def strongholds(self, state: GameState, player_data: list[Any]) -> list[str]:
        """Put each stronghold in play; return each one's basic land type."""
        out = []
        for seat, where, item, land in self.stronghold_entries(player_data):
            obj, kind, controller = self.stronghold_card(state, seat, land, item, where)
            out.append(kind)
            cv = item.get("cv", STRONGHOLD_CV)
            if not _index(cv, 1_000_001) or cv < 1:
                raise self.fail(f"{where}.cv", "must be a whole number from 1 (default 7)")
            turns = item.get("turns_left")
            if controller == seat and turns is not None:
                raise self.fail(f"{where}.turns_left", "must be null while its owner holds it")
            if controller != seat:
                turns = RETAKE_TURNS if turns is None else turns
                if not _index(turns, RETAKE_TURNS + 1) or turns < 1:
                    raise self.fail(f"{where}.turns_left", f"must be a whole number from 1 to "
                                                           f"{RETAKE_TURNS}")
            state.cells[stronghold(seat)] = Cell(obj, face_up=True, extra={
                "controller": controller, "cv": cv, "stronghold_of": seat,
                "turns_left": turns})
        return out

    def stronghold_card(self, state: GameState, seat: int, land: object,
                        item: Mapping[str, Any], where: str) -> tuple[str, str, Any]:
        """The stronghold *land* of *seat*'s put among the cards: its id, its basic land type
        and its ``controller`` (default *seat*), checked."""
        from frontier_desktop.position import player_index

        card = self.loader.card(land, f"{where}.land", state)
        kind = next((t for t in LAND_TYPES if t in card.subtypes), None)
        if kind is None and self.loader.dry_run:
            kind = LAND_TYPES[0]  # an unknown name's stand-in: collect the other names too
        if not card.is_land or kind is None:
            raise self.fail(f"{where}.land", f"{card.name} is not a basic land type (a "
                                             "stronghold is a Plains, Island, Swamp, "
                                             "Mountain or Forest)")
        obj = f"H{seat}" if f"H{seat}" not in state.cards else state.new_id("H")
        state.cards[obj] = (card.name, seat)
        controller = item.get("controller", seat)
        if not player_index(controller, self.players):
            raise self.fail(f"{where}.controller", "must be a player index")
        return obj, kind, controller

    # ------------------------------------------------------------------ places
    def place(self, state: GameState, value: object, owner: int, where: str) -> Pos:
        """``units[i].at``: a square, an area, ``"S0"``… or ``"stronghold"`` (the owner's)."""
        if value == "stronghold":
            return stronghold(owner)
        if isinstance(value, str) and value in state.board.outside:
            return value
        if value == "staging":
            raise self.fail(where, f"{self.title} has no staging row: a creature stands in "
                                   'a place or a stronghold ("stronghold" for its owner\'s)')
        try:
            pos = state.board.pos_from_wire(value)
        except ValueError:
            pos = None
        if pos is None or not state.board.is_place(pos):
            kind = "[row, col]" if isinstance(state.board, GridBoard) else "an area name"
            raise self.fail(where, f"must be {kind}, \"S0\"... or \"stronghold\", not "
                                   f"{value!r}")
        cell = state.cells.get(pos)
        if state.board.contains(pos) and cell is not None and not cell.face_up:
            raise self.fail(where, "a creature can't stand on a face-down land (its first "
                                   "entry flips it: give the land face up, with its cv)")
        return pos

    def read_units(self, state: GameState, units: list[Any]) -> None:
        """The variant's own unit fields (:attr:`unit_keys`), once every unit is in play."""

    def started(self, state: GameState, events: list[dict[str, Any]]) -> None:
        """Carry out what the file's step has done on entering it (nothing here)."""

    def check_players(self, state: GameState) -> None:
        """The active player in the game, at least two players left, and nothing of an
        eliminated player's in play."""
        left = [seat for seat, p in enumerate(state.players) if not p.lost]
        if len(left) < 2:
            raise self.fail("players", "at least two players must still be in the game")
        if state.players[state.active].lost:
            raise self.fail("active", "an eliminated player has no turns")
        for perm in state.perms.values():
            if state.players[state.owner(perm.id)].lost or state.players[perm.controller].lost:
                raise self.fail("units", f"{state.name(perm.id)} belongs to an eliminated "
                                         "player (their permanents left the game)")

    def finish(self, state: GameState) -> None:
        """What a Conquering position must be: the active player in the game, at least two
        players left, nothing of an eliminated player's in play, and a player without their
        stronghold controlling no area."""
        self.check_players(state)
        for pos in state.board.positions():
            who = state.cells[pos].extra["controller"]  # type: ignore[index]
            if who is None:
                continue
            held = state.cells[stronghold(who)].extra["controller"]  # type: ignore[index]
            if state.players[who].lost or held != who:
                why = "is eliminated" if state.players[who].lost else "has lost their stronghold"
                raise self.fail(_where(state, pos, self.shape) + ".controller",
                                f"{state.players[who].name} {why} and controls no area")


def _where(state: GameState, pos: Pos, board: Board) -> str:
    if isinstance(board, GridBoard):
        return f"board.rows[{pos[0]}][{pos[1]}]"
    return f"board.areas.{pos}.land"


def _is_stronghold_name(name: str) -> bool:
    return len(name) > 1 and name[0] == "S" and name[1:].isdigit()
