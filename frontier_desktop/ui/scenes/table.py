"""The table scene: renders one seat's view and turns intents into actions.

Render only from ``session.view(seat)``; every decision comes from the rules engine (legal
moves light up from the view, a refused drop glides back with ``Result.reason``). The view is
fetched once per state change; frames only blit cached surfaces.

The scene is variant-blind and composes parts with one job each: :class:`TableInput` (events →
intents), :class:`TableDrawing` (per-frame drawing), :mod:`menus <frontier_desktop.ui.table.menus>`,
the response prompt, the renderer, and the variant's :class:`VariantPresentation` (geometry,
badges, prompts, buttons, unit menus and modes). Everything remembered for the seat at the
screen is one :class:`SeatState`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from frontier_desktop.session import LocalSession, Result
from frontier_desktop.ui.games import CardInfo, autosave
from frontier_desktop.ui.scenes.base import Scene
from frontier_desktop.ui.table.buttons import build_buttons, update_buttons
from frontier_desktop.ui.table.consent import ConsentPrompt
from frontier_desktop.ui.table.divide import DivisionPanel
from frontier_desktop.ui.table.draw import TableDrawing
from frontier_desktop.ui.table.effects import Effects
from frontier_desktop.ui.table.files import GameFiles
from frontier_desktop.ui.table.input import TableInput
from frontier_desktop.ui.table.menus import TableMenus
from frontier_desktop.ui.table.prompt import ResponsePrompt
from frontier_desktop.ui.table.render import Square, TableRenderer
from frontier_desktop.ui.table.seat import Drag, Glide, SeatState
from frontier_desktop.ui.table.stack import StackPanel
from frontier_desktop.ui.table.targeting import TargetingPart
from frontier_desktop.ui.table.words import Namer, _stack_target, entry_lines
from frontier_desktop.ui.variants import PromptContext, presentation_for

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost

MESSAGE_S = 3.0
GLIDE_S = 0.22


def _local(name: str, doc: str = "") -> Any:
    """A scene attribute that lives in the per-seat :class:`SeatState`."""

    def get(self: TableScene) -> Any:
        return getattr(self.local, name)

    def put(self: TableScene, value: Any) -> None:
        setattr(self.local, name, value)

    return property(get, put, doc=doc or f"``local.{name}`` (per-seat state).")


def discard_of(actions: list[dict[str, Any]], cid: str, name: str) -> dict[str, Any] | None:
    """The legal discard that throws away just the clicked hand card. The variants offer it
    in their own words: ``{"card": id}`` (Frontier), ``{"card": name}`` (the Conquering, whose
    copies are alike), ``{"cards": [id]}`` (Army, the War Game); any of them matches the card
    by its id or its name."""
    for action in actions:
        refs = [action["card"]] if action.get("card") else list(action.get("cards") or ())
        if len(refs) == 1 and refs[0] in (cid, name):
            return action
    return None


class TableScene(Scene):
    """Hot-seat table for a :class:`LocalSession` (both seats at one screen)."""

    name = "table"

    selected = _local("selected")
    group = _local("group")
    mode = _local("mode")
    highlights = _local("highlights")
    hover = _local("hover")
    pinned = _local("pinned")
    menu = _local("menu")
    bottom_pick = _local("bottom_pick")
    colour = _local("colour")
    drag = _local("drag")
    glides = _local("glides")
    box = _local("box")
    message = _local("message")

    def __init__(self, app: UIHost, session: LocalSession, *, seat: int | None = None,
                 autosave_path: Path | None = None, hotseat: bool = True,
                 cover_first: bool = False,
                 autoplay: Callable[[LocalSession], bool] | None = None,
                 on_leave: Callable[[], None] | None = None) -> None:
        """Args beyond the obvious: *autoplay* is called after every change until it returns
        False, to let an idle seat act (goldfishing: the device is never handed to it);
        *on_leave* replaces "back to the main menu" when the player leaves."""
        super().__init__(app)
        self.autoplay = autoplay
        self.on_leave = on_leave
        self.session = session
        self.info = CardInfo(session.record_header)
        self.renderer = TableRenderer(app, self.info)
        acting = session.acting_seat()
        self.seat = seat if seat is not None else (acting if acting is not None else 0)
        self.presentation = presentation_for(session.view(self.seat).get("variant"))
        self.renderer.presentation = self.presentation
        self.autosave_path = autosave_path
        self.hotseat = hotseat
        self.view: dict[str, Any] = {}
        self.legal: list[dict[str, Any]] = []
        self.names = Namer([p.name for p in session.state.players])
        self.local = SeatState()
        """What the seat at the screen selected, hovered, pinned, chose and was told."""
        self.fx = Effects()
        self.respond = ResponsePrompt()
        self.division = DivisionPanel(self)
        """The prompt to divide damage among a band's members (the ``assign`` decision)."""
        self.consent = ConsentPrompt(self)
        """The other player's request to carry out card text on our things (``consent``)."""
        self.targeting = TargetingPart(self)
        """Casting or activating with targets: lit targets, click to choose (issue 12)."""
        self.stack_panel = StackPanel(self)
        """The stack beside the board, with Respond / Let it resolve and Pay / Don't pay."""
        self.input = TableInput(self)
        self.drawing = TableDrawing(self)
        self.menus = TableMenus(self)
        self.files = GameFiles(self)
        self.clock = 0.0
        self.dice: dict[str, Any] | None = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.game_over_shown = False
        self.cover_first = cover_first
        self.saved_path: Path | None = None
        """Where "Save game as…" last wrote this game."""
        self.frames_since_change = 0
        self.handed_from: int | None = None
        """The seat that had the computer before the last hand-over (None: none yet)."""
        self.handed_turn: Any = None
        """The turn when it was handed over (a new turn since: the last seat's turn ended)."""
        self.block_pairs: list[tuple[str, str]] = []
        """(blocker, attacker) declared so far in the combat being blocked (lines on the board)."""
        self._moment: tuple[Any, ...] | None = None
        """(turn, phase, active seat, seat at the screen) when the view was last fetched."""

    @property
    def seats(self) -> tuple[int, ...]:
        """Every seat of the game (hot-seat: each of them at this screen in turn)."""
        return tuple(range(len(self.session.state.players)))

    @property
    def colour_rects(self) -> list[tuple[pygame.Rect, str | None]]:
        """Where the last frame drew the starting token's colour choices."""
        return self.drawing.colour_rects

    # ------------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        super().on_enter()
        self.sync_responses()
        self.sync_assign()
        self.settle()
        if self.cover_first and self.hotseat:
            self._push_cover()

    def build(self) -> None:
        self.renderer.layout = None
        self.refresh()
        lay = self.renderer.layout
        assert lay is not None
        self.buttons = build_buttons(self.app, lay.status, self.presentation.step_buttons)
        self.widgets = list(self.buttons.values())
        self._update_buttons()
        if self.help:
            for widget in self.widgets:
                widget.hide()

    def _update_buttons(self) -> None:
        if self.buttons:
            update_buttons(self.buttons, self, self.presentation.step_buttons)

    @property
    def help(self) -> bool:
        """The rules overlay is up (the widgets are hidden meanwhile: they'd draw over it)."""
        return self.local.help

    @help.setter
    def help(self, on: bool) -> None:
        self.local.help = on
        for widget in self.widgets:
            widget.hide() if on else widget.show()
        if not on:
            self._update_buttons()

    def on_resume(self) -> None:
        super().on_resume()
        changed = self.sync_responses()
        if self.sync_assign() or changed:
            self.refresh()
        self._update_buttons()

    def sync_responses(self) -> bool:
        """Tell the engine each seat at this screen's "hold priority" setting; True if changed."""
        want = bool(self.app.settings.hold_priority)
        seats = self.seats if self.hotseat else (self.seat,)
        changed = False
        for seat in seats:
            players = self.session.view(seat).get("players") or []
            if seat < len(players) and not players[seat].get("game_over") and \
                    bool(players[seat].get("responses")) != want:
                if self.session.submit(seat, {"type": "set_responses", "on": want}).ok:
                    changed = True
        if changed:
            self._autosave()
        return changed

    def sync_assign(self) -> bool:
        """Tell the engine whether each seat at this screen divides the damage to its bands
        itself (the "Divide damage to my bands myself" setting); True if changed."""
        want = bool(getattr(self.app.settings, "divide_damage", True))
        seats = self.seats if self.hotseat else (self.seat,)
        changed = False
        for seat in seats:
            players = self.session.view(seat).get("players") or []
            if seat < len(players) and not players[seat].get("game_over") and \
                    "assign" in players[seat] and bool(players[seat].get("assign")) != want:
                if self.session.submit(seat, {"type": "set_assign", "on": want}).ok:
                    changed = True
        if changed:
            self._autosave()
        return changed

    # ------------------------------------------------------------------ state
    def refresh(self) -> None:
        """Fetch this seat's view once and rebuild what depends on it."""
        self.view = self.session.view(self.seat)
        self.legal = list(self.view.get("legal_actions", []))
        self.presentation.observe(self.view)
        # a creature named with its controller when that name is seen under several players
        # (every variant: a mirror match, Army's Benalish Hero against Benalish Hero)
        self.names.possessive = True
        for unit in self.view.get("units", []):
            self.names.learn_unit(str(unit["id"]), str(unit.get("name", "a creature")),
                                  unit.get("controller", unit.get("owner")))
        lines: list[str] = []
        for entry in self.session.log(self.seat):
            lines.extend(entry_lines(entry, self.names))
        self.block_pairs = self._block_pairs()
        auto = self.presentation.auto_fan(self.view, self.seat)
        key = (auto, len(self.legal))
        if auto is not None and key != self.local.auto_fan:
            # Army's blocks: the defender's creatures fanned out to be dragged one by one
            # (again after each block: the choice changed)
            self.renderer.expanded, self.renderer.fan_away = auto
        self.local.auto_fan = key
        self.renderer.set_view(self.view, self.seat, lines, hidden_hand=False)
        self.respond.update(self.view, self.seat, self.names)
        self.stack_panel.update()
        if self.stack_panel.buttons:  # the stack panel asks (it shows what waits)
            self.respond.key = None
        pending = self.view.get("pending") or {}
        asked = pending.get("kind") == "targets" and pending.get("seat") == self.seat
        current = self.local.targeting
        trigger = getattr(current, "stack", None)
        if current is not None and (trigger is not None and (
                not asked or trigger != pending.get("stack")) or trigger is None and (
                not self.legal_of("cast") and not self.legal_of("activate"))):
            self.local.targeting = None
        if asked and self.local.targeting is None:
            self.targeting.start_trigger(pending)  # a triggered ability's targets (issue 12)
        self.division.sync()
        moment = (self.view.get("turn"), self.view.get("phase"), self.view.get("active"),
                  self.seat)
        if moment != self._moment:
            # a new turn, phase or seat: a selection from before would turn later clicks
            # into moves of a creature the player no longer means
            self._moment = moment
            self.local.selected, self.local.group, self.local.mode = None, [], "move"
        if self.selected and self.selected not in self.renderer.sprites:
            self.selected = None
        self.group = [u for u in self.group if self.is_movable_mine(u)]
        if len(self.group) < 1 or (self.selected and self.selected not in self.group):
            self.group = []
        self._compute_highlights()
        self._update_buttons()
        self.frames_since_change = 0

    def settle(self) -> None:
        """After a change: auto-pass empty steps, let an idle seat act, hand the device over,
        show game over."""
        for _ in range(64):
            self._auto_pass()
            if self.autoplay is None or not self.autoplay(self.session):
                break
        acting = self.session.acting_seat()
        changed = False
        if self.hotseat and acting is not None and acting != self.seat:
            self.handed_from = self.seat
            self.handed_turn = self.view.get("turn")
            self.seat = acting
            self.new_seat_state()
            changed = True
        self.refresh()
        if changed:
            self._push_cover()
        if self.view.get("game_over") and not self.game_over_shown:
            self.game_over_shown = True
            from frontier_desktop.ui.scenes.game_over import GameOverScene

            self.app.scenes.push(GameOverScene(self.app, self))

    def new_seat_state(self) -> None:
        """Forget everything the last seat at the screen selected, hovered, pinned, chose,
        opened or was told (the device changes hands): one fresh object, nothing carried."""
        if self.help:
            self.help = False  # shows the widgets the overlay had hidden
        self.local = SeatState()
        self.renderer.expanded = None  # the last player's fanned-out stack closes
        self.respond = ResponsePrompt()
        self.fx.clear()
        self.renderer.log_scroll = 0

    def _push_cover(self) -> None:
        from frontier_desktop.ui.scenes.cover import CoverScene

        if isinstance(self.app.scenes.top, CoverScene):
            return
        name = self.view["players"][self.seat]["name"]
        self.app.scenes.push(CoverScene(self.app, name, self._cover_reason(), seat=self.seat,
                                        players=len(self.view.get("players") or ())))

    def _cover_reason(self) -> str:
        """Why the computer goes to the seat now, naming who hands it over and what for (the
        variant's words for two players; with more, who acted and what the seat decides)."""
        from frontier_desktop.ui.table.words import handover_reason

        fallback = self.presentation.cover_reason(self.view)
        if len(self.view.get("players") or ()) <= 2 and self.view.get("variant") != "conquering":
            return fallback
        return handover_reason(self.view, self.seat, self.names, self.handed_from, fallback,
                               new_turn=self.view.get("turn") != self.handed_turn)

    def _auto_pass(self) -> None:
        if not self.app.settings.auto_pass:
            return
        for _ in range(12):
            acting = self.session.acting_seat()
            if acting is None:
                return
            state = self.session.state
            if state.decision is not None or state.pending is not None:
                return
            if state.phase not in ("upkeep", "draw", "end"):
                return
            legal = [a.to_wire()["type"] for a in self.session.legal_actions(acting)]
            if "pass" not in legal or "discard" in legal:
                return
            result = self.session.submit(acting, {"type": "pass"})
            if not result.ok:
                return
            self._animate(result.events)  # e.g. the next turn's mana production die
            self._autosave()

    def _autosave(self) -> None:
        if self.autosave_path is not None:
            autosave(self.session, self.autosave_path)

    def submit(self, action: dict[str, Any], *, quiet: bool = False) -> Result:
        """Submit for the seat at the screen; on success animate, autosave and settle."""
        result = self.session.submit(self.seat, action)
        if not result.ok:
            if not quiet:
                self.say(result.reason, warn=True)
            return result
        self._autosave()
        self._animate(result.events)
        self.menu = None
        self.mode = "move"
        self.settle()
        return result

    def say(self, text: str, *, warn: bool = False) -> None:
        """Tell the seat at the screen *text*: information, or (*warn*) an error or refusal."""
        self.local.message = text
        self.local.message_warn = warn
        self.local.message_t = MESSAGE_S

    # ------------------------------------------------------------------ legal helpers
    def legal_of(self, kind: str, **match: Any) -> list[dict[str, Any]]:
        out = []
        for a in self.legal:
            if a.get("type") != kind:
                continue
            if all(a.get(k) == v for k, v in match.items()):
                out.append(a)
        return out

    def unit(self, unit_id: str | None) -> dict[str, Any] | None:
        sprite = self.renderer.sprites.get(unit_id or "")
        return sprite.unit if sprite else None

    def _compute_highlights(self) -> None:
        pres = self.presentation
        hl: dict[Hashable, str] = dict(pres.decision_targets(self.view, self.seat, self.legal))
        unit = self.unit(self.selected)
        if unit is not None:
            self.local.carried = self.carried_ids(str(self.selected))
            hl.update(pres.group_targets(self.mode, unit, self.local.carried, self.legal))
        else:
            self.local.carried = []
        self.highlights = hl

    def carried_ids(self, unit_id: str) -> list[str]:
        """The creatures a press on *unit_id* picks up: the chosen group it belongs to, else
        what the variant says (its stack; a fanned-out creature alone; a blocker alone)."""
        if self.group and unit_id in self.group:
            return list(self.group)
        unit = self.unit(unit_id)
        if unit is None:
            return [unit_id]
        return self.presentation.carry(unit, unit_id in self.renderer.fan_ids, self.legal)

    def expand(self, sq: Any, *, recompute: bool = True) -> None:
        """Fan out the stack on *sq* (None: close the fanned-out stack); *recompute*: light
        the lands again for what the selection now picks up (not while it is carried)."""
        if self.renderer.expanded == sq:
            return
        self.renderer.expanded = sq
        self.renderer.fan_away = None
        if self.renderer.view is not None:
            self.renderer.rebuild()
        if self.selected and recompute:
            self._compute_highlights()

    def stack_square(self, unit_id: str) -> Any:
        """The place of the collapsed stack whose top is *unit_id* (None: not such a top)."""
        sprite = self.renderer.sprites.get(unit_id)
        if sprite is None or sprite.hidden or not self.presentation.collapse_stacks or \
                unit_id in self.renderer.fan_ids or \
                len(self.presentation.stack_members(sprite.unit)) < 2:
            return None
        return self.presentation.place(sprite.unit.get("at"))

    def _block_pairs(self) -> list[tuple[str, str]]:
        """(blocker, attacker) declared in the combat now being blocked: from the view where
        the variant's decision names them (Army), otherwise from the log."""
        if (self.view.get("pending") or {}).get("kind") != "blocks":
            return []
        declared = self.presentation.declared_blocks(self.view)
        if declared is not None:
            return declared
        pairs: list[tuple[str, str]] = []
        for entry in self.session.log(self.seat):
            action = entry.get("action") or {}
            if action.get("type") == "attack":
                pairs = []
            elif action.get("type") == "block":
                pairs.append((str(action.get("blocker")), str(action.get("attacker"))))
        return pairs

    def tappable(self) -> dict[Square, list[dict[str, Any]]]:
        out: dict[Square, list[dict[str, Any]]] = {}
        for a in self.legal_of("tap_land") + self.legal_of("keep_tapped"):  # fx-mana
            sq = self.presentation.place(a.get("at"))
            if isinstance(sq, tuple):
                out.setdefault(sq, []).append(a)
        return out

    def is_movable_mine(self, unit_id: str) -> bool:
        unit = self.unit(unit_id)
        return bool(unit and unit.get("controller") == self.seat and
                    self.presentation.strip_of(unit) is None)

    def toggle_group(self, unit_id: str) -> None:
        """Shift-click: add or remove a creature of the selected square to the moving group."""
        unit = self.unit(unit_id)
        if unit is None or not self.is_movable_mine(unit_id):
            return
        first = self.unit(self.group[0]) if self.group else self.unit(self.selected)
        if first is None or first.get("at") != unit.get("at"):
            self.group = []
        elif not self.group and self.selected:
            self.group = [self.selected]
        if unit_id in self.group:
            self.group.remove(unit_id)
        else:
            self.group.append(unit_id)
        lead = self.group[0] if self.group else None
        self.select(unit_id if unit_id in self.group else lead, keep_group=True)
        n = len(self.group)
        if n:
            self.say(f"{n} chosen to move together: drag one of them." if n > 1 else
                     "Only this creature will move: drag it (shift-click adds more).")

    def box_select(self, rect: pygame.Rect) -> None:
        """A drag box: choose your creatures inside it (those of the square with the most)."""
        by_square: dict[tuple[int, int], list[str]] = {}
        for uid, sprite in self.renderer.sprites.items():
            if rect.collidepoint(sprite.home) and self.is_movable_mine(uid):
                at = sprite.unit["at"]
                by_square.setdefault((int(at[0]), int(at[1])), []).append(uid)
        if not by_square:
            self.select(None)
            return
        ids = max(by_square.values(), key=len)
        self.select(ids[0])
        self.group = ids if len(ids) > 1 else []
        if len(ids) > 1:
            self.say(f"{len(ids)} chosen to move together: drag one of them.")

    def moving_ids(self) -> list[str]:
        """The creatures a token drag carries: those picked up with it (the chosen group,
        else the dragged one's stack; see :meth:`carried_ids`)."""
        if self.drag is None or self.drag.kind != "token" or not self.drag.active:
            return []
        return self.ids_for(self.drag.ident)

    def ids_for(self, unit_id: str) -> list[str]:
        """The creatures acting with *unit_id*: those picked up with it when it is selected."""
        if unit_id == self.selected and unit_id in self.local.carried:
            return list(self.local.carried)
        return self.carried_ids(unit_id)

    def move_action(self, unit_id: str, sq: Square) -> dict[str, Any]:
        """A move of *unit_id* to *sq*, naming the chosen group when it is part of a stack."""
        custom = self.presentation.group_action("move", self.ids_for(unit_id), sq)
        if custom is not None:
            return custom
        action: dict[str, Any] = {"type": "move", "unit": unit_id, "to": list(sq)}
        unit = self.unit(unit_id) or {}
        stack = (unit.get("stack") or {}).get("units") or [unit_id]
        if self.group and unit_id in self.group and set(self.group) != set(stack):
            action["units"] = sorted(self.group, key=stack.index if set(self.group) <= set(stack)
                                     else self.group.index)
        return action

    def select(self, unit_id: str | None, mode: str = "move", *, keep_group: bool = False) -> None:
        if not keep_group:
            self.group = []
        self.selected = unit_id
        self.mode = mode
        self._compute_highlights()
        if unit_id:
            unit = self.unit(unit_id)
            if unit:
                self.pinned = ("unit", unit)

    # ------------------------------------------------------------------ intents
    def primary(self) -> None:
        """Space / the main button: the first legal of the variant's step actions, keep, or pass."""
        if self.division.request is not None:
            self.division.confirm()
            return
        types = {a["type"] for a in self.legal}
        for kind in self.presentation.primary_order:
            if kind in types:
                self.submit({"type": kind})
                return
        decision = self.view.get("decision") or {}
        if decision.get("kind") == "mulligan" and "keep" in types:
            self.keep()
            return
        hint = self.presentation.waiting_hint(self.view, self.seat, frozenset(types))
        if hint:
            self.say(hint)

    def keep(self) -> None:
        need = self.mulligans_taken()
        if len(self.bottom_pick) != need:
            self.say(f"Click {need} card(s) in your hand to put on the bottom, then Keep.")
            return
        self.submit({"type": "keep", "bottom": list(self.bottom_pick)})
        self.bottom_pick = []

    def mulligans_taken(self) -> int:
        return sum(1 for e in self.session.log(self.seat)
                   if e["seat"] == self.seat and e["action"].get("type") == "mulligan")

    def cancel(self) -> bool:
        if self.help:
            self.help = False
            return True
        if self.targeting.cancel():
            return True
        if self.menu is not None:
            self.menu = None
            return True
        if self.drag is not None:
            self.end_drag_back(self.drag)
            self.drag = None
            return True
        if self.selected is not None or self.pinned is not None:
            self.select(None)
            self.pinned = None
            return True
        if self.renderer.expanded is not None:
            self.expand(None)
            return True
        return False

    def undo(self) -> None:
        """Take back the last decision of the seat at the screen (the engine decides whether
        it may: only its own, this turn, nothing hidden shown since)."""
        if not self.session.can_undo(self.seat):
            refusal = getattr(self.session, "undo_refusal", None)
            reason = refusal(self.seat) if callable(refusal) else ""
            self.say(reason or "Nothing of yours to undo this turn.", warn=True)
            return
        if not self.session.undo(self.seat):
            self.say("Nothing of yours to undo this turn.", warn=True)
            return
        self._autosave()
        self.refresh()
        self.say("Undone.")

    def cast(self, card_id: str, name: str) -> None:
        options = [a for a in self.legal_of("cast") if a.get("card") in (name, card_id)]
        if not options:
            result = self.session.submit(self.seat, {"type": "cast", "card": card_id})
            if result.ok:  # should not happen: legal_actions lists every castable card
                self._autosave()
                self.settle()
            else:
                self.say(f"Can't cast {name}: {result.reason}", warn=True)
            return
        if self.targeting.start(card_id, name, options):
            return
        if len(options) == 1:
            self.submit(options[0])
            return
        self.menus.cast(name, options, self.input.mouse)

    def names_of(self, target: Any) -> str:
        """A target (wire form) in words: a creature, a player, a square, a spell."""
        if isinstance(target, dict) and "stack" in target:
            line = next((ln for ln in self.stack_panel.lines if ln.id == target["stack"]), None)
            return line.text.split(", targeting ")[0] if line else "that spell"
        return _stack_target(target, self.names)

    def tap_land(self, sq: Square, pos: tuple[int, int]) -> bool:
        options = self.tappable().get(sq)
        if not options:
            return False
        if len(options) == 1 and options[0].get("type") == "tap_land":
            self.submit(options[0])
            return True
        self.menus.tap_land(options, pos)
        return True

    def act_on_square(self, unit_id: str, sq: Square) -> Result | None:
        """Move, attack or act in the unit's mode on *sq* as the highlights say; None if no highlight."""
        kind = self.highlights.get(sq)
        if kind == "move":
            return self.submit(self.move_action(unit_id, sq))
        action = self.presentation.group_action(kind, self.ids_for(unit_id), sq) if kind \
            else None
        if action is None and kind:
            action = self.presentation.target_action(kind, unit_id, sq)
        return self.submit(action) if action is not None else None

    def confirm(self, question: str, action: dict[str, Any]) -> None:
        from frontier_desktop.ui.scenes.dialogs import ConfirmScene

        self.app.scenes.push(ConfirmScene(self.app, question, lambda: self.submit(action)))

    def open_record(self, path: Path) -> None:
        """Leave this game (it is autosaved) for the saved game at *path*."""
        self.files.open_record(path)

    def leave(self) -> None:
        from frontier_desktop.ui.scenes.dialogs import ConfirmScene
        from frontier_desktop.ui.scenes.main_menu import MainMenuScene

        def go() -> None:
            if self.on_leave is not None:
                self.on_leave()
                return
            self.app.scenes.reset(MainMenuScene(self.app))

        if self.view.get("game_over"):
            go()
            return
        self.app.scenes.push(ConfirmScene(self.app, self.leave_question(), go))

    def leave_question(self) -> str:
        """What leaving a game that isn't over asks, with how to come back to it."""
        return "Leave this game? It is autosaved: Continue resumes it."

    # ------------------------------------------------------------------ intents from input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos"):
            self.input.mouse = event.pos
        return self.consent.handle_event(event) or self.input.handle_event(event)

    def key_mode(self, mode: str) -> bool:
        """A key switches a unit to a variant mode: the unit the preview shows (hovered or
        pinned), else the selected one; False if there is none."""
        target = self.drawing.preview_target()
        uid = str(target[1].get("id")) if target and target[0] == "unit" else self.selected
        unit = self.unit(uid)
        if unit is None:
            return False
        if unit.get("controller") != self.seat:
            self.say(f"{unit.get('name', 'That creature')} is not yours.", warn=True)
            return True
        self.select(uid, mode)
        return True

    def scroll_log(self, lines: int) -> None:
        self.renderer.log_scroll = max(0, self.renderer.log_scroll + lines)
        self.renderer.rebuild()

    def hand_click(self, cid: str, name: str) -> bool:
        """Mulligan bottoms and discards are chosen by clicking hand cards."""
        decision = self.view.get("decision") or {}
        if decision.get("kind") == "mulligan" and decision.get("player") == self.seat:
            need = self.mulligans_taken()
            if cid in self.bottom_pick:
                self.bottom_pick.remove(cid)
            elif need:
                self.bottom_pick.append(cid)
                self.bottom_pick = self.bottom_pick[-need:]
            else:
                self.say("No mulligan taken: Keep keeps all seven.")
            return True
        pending = self.view.get("pending") or {}
        if pending.get("kind") == "discard" and pending.get("seat") == self.seat:
            self.pick_discard(cid, int(pending.get("count") or 1))
            return True
        action = discard_of(self.legal_of("discard"), cid, name)
        if action is not None:
            self.submit(action)
            return True
        return False

    def pick_discard(self, cid: str, count: int) -> None:
        """A "discard N cards" decision: clicking hand cards picks them (again: unpicks);
        the N-th pick discards them."""
        picks = self.local.discard_pick
        if cid in picks:
            picks.remove(cid)
        else:
            picks.append(cid)
        self.stack_panel.update()
        if len(picks) < count:
            return
        chosen, self.local.discard_pick = list(picks[:count]), []
        action = next((a for a in self.legal_of("discard")
                       if sorted(a.get("cards") or []) == sorted(chosen)), None)
        if self.submit(action or {"type": "discard", "cards": chosen}).ok is False:
            self.stack_panel.update()

    def drop_token(self, drag: Drag, sq: Square | None, over_opponent: bool) -> None:
        """A carried token was let go over *sq* (None: off the board)."""
        unit = self.unit(drag.ident)
        ids = self.ids_for(drag.ident)
        over = self.renderer.sprite_at(drag.pos)
        onto = over.id if over is not None and over.id not in ids else None
        if onto is not None and sq is None:
            sq = self.presentation.place((self.unit(onto) or {}).get("at"))

        choices = self.presentation.drop_choices(self.view, ids, sq, onto, self.legal,
                                                 onto in self.renderer.fan_ids)
        if choices:  # Army: a blocker dropped on an attacker (or on the attackers' land)
            self.end_drag_back(drag)
            if len(choices) == 1 and choices[0].action is not None:
                self.submit(dict(choices[0].action))
            else:
                from frontier_desktop.ui.table.menus import ContextMenu, MenuItem

                self.menu = ContextMenu(self.app, drag.pos, [
                    MenuItem(c.label, lambda a=dict(c.action or {}): self.submit(a), c.enabled)
                    for c in choices], str((unit or {}).get("name", "")))
            return
        home_sq = self.presentation.place(unit.get("at")) if unit else None
        if sq is None or sq == home_sq:
            if sq is None and over_opponent and unit and unit.get("can_attack_player"):
                self.submit({"type": "attack", "unit": drag.ident, "target": "player"})
                return
            self.end_drag_back(drag)
            return
        result = self.act_on_square(drag.ident, sq)
        if result is None:
            # not highlighted: ask the engine why, so the message is the rules' own reason
            probe = self.session.submit(self.seat, self.move_action(drag.ident, sq))
            if probe.ok:  # the engine allowed something the view did not list: accept it
                self._autosave()
                self.settle()
                return
            self.say(probe.reason or "You can't move there.", warn=True)
            self.end_drag_back(drag)
        elif not result.ok:
            self.end_drag_back(drag)

    def end_drag_back(self, drag: Drag) -> None:
        if drag.kind == "token" and drag.active:
            if drag.refan is not None:  # back into the fanned-out stack it came from
                self.expand(drag.refan, recompute=False)
            self.glides.append(Glide(drag.ident, (drag.pos[0] - drag.offset[0],
                                                  drag.pos[1] - drag.offset[1])))

    # ------------------------------------------------------------------ animation
    def _animate(self, events: list[dict[str, Any]]) -> None:
        """Start cosmetic overlays for *events* (call before the view refresh)."""
        speed = self.app.settings.animation_speed
        if speed > 0:
            self.fx.from_events(events, self.renderer, self.seat)
        for e in events:
            if e.get("type") == "dice":
                at = next((c.get("at") for c in events if c.get("type") == "cv"), None)
                self.dice = {"sides": e.get("sides", 6), "result": e.get("result"), "t": 0.0,
                             "caption": self.presentation.dice_caption(events),
                             "player": e.get("player"), "at": at}
                if speed <= 0:
                    self.dice["t"] = 1.0

    def is_animating(self) -> bool:
        """Frames are needed without input: effects, glides, a carried token or card, dice,
        a message fading."""
        st = self.local
        return bool(self.fx.busy or st.glides or (st.drag is not None and st.drag.active)
                    or self.dice is not None or st.message_t > 0)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.frames_since_change += 1
        st = self.local
        speed = max(0.25, self.app.settings.animation_speed or 4.0)
        if st.message_t > 0:
            st.message_t = max(0.0, st.message_t - dt)
        for glide in st.glides:
            glide.t += dt * speed / GLIDE_S
        st.glides = [g for g in st.glides if g.t < 1.0]
        self.fx.update(dt, speed)
        if self.dice is not None:
            self.dice["t"] += dt * speed
            if self.dice["t"] > 2.2:
                self.dice = None

    # ------------------------------------------------------------------ buttons
    # ------------------------------------------------------------------ draw
    def prompt(self) -> str:
        """The status column's instruction for the seat at the screen (the variant's words)."""
        return self.presentation.prompt(PromptContext(
            self.view, self.seat, frozenset(a["type"] for a in self.legal),
            selected=bool(self.selected), mode=self.mode, mulligans=self.mulligans_taken(),
            bottom_chosen=len(self.bottom_pick), keys=dict(self.app.settings.keys),
            fanned=self.renderer.fan_rect is not None))

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)
        self.consent.draw(surface)
