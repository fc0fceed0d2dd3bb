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

from collections.abc import Callable
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
from frontier_desktop.ui.table.intents import TableIntents
from frontier_desktop.ui.table.intents import discard_of as discard_of  # re-exported
from frontier_desktop.ui.table.menus import TableMenus
from frontier_desktop.ui.table.prompt import ResponsePrompt
from frontier_desktop.ui.table.render import TableRenderer
from frontier_desktop.ui.table.seat import SeatState
from frontier_desktop.ui.table.selection import TableSelection
from frontier_desktop.ui.table.stack import StackPanel
from frontier_desktop.ui.table.targeting import TargetingPart
from frontier_desktop.ui.table.words import Namer, entry_lines
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


class TableScene(TableSelection, TableIntents, Scene):
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
