"""LAN play in the UI: the host/join lobby and the table for one seat of a networked game.

The table is the hot-seat :class:`TableScene` with ``hotseat=False`` on a :class:`LanSeat`
adapter, which gives a ``HostSession`` or ``GuestSession`` the few extra things the table asks
a ``LocalSession`` for (a ``state`` summary built from the *view*, no undo). Network notices are
drained once a frame on the display thread: the peer's actions are animated like local ones,
chat goes into the log panel, and a banner shows the connection state and latency.
"""

from __future__ import annotations

import threading
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from frontier_desktop.net.bridge import CONNECTED
from frontier_desktop.session import Result
from frontier_desktop.ui.scenes.base import Scene
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.table.words import entry_lines

if TYPE_CHECKING:
    from frontier_desktop.app import App

DEFAULT_PORT = 47470


class LanSeat:
    """One seat of a LAN game with the interface the table uses (see the module docstring)."""

    def __init__(self, net: Any, seat: int) -> None:
        self.net = net
        self.seat = seat
        self.actions: list[dict[str, Any]] = []
        self.chat_lines: list[str] = []

    @property
    def record_header(self) -> dict[str, Any] | None:
        return getattr(self.net, "header", None)

    @property
    def state(self) -> Any:
        """A summary of the state from this seat's view (the guest has no state)."""
        view = self.net.view(self.seat)
        return SimpleNamespace(
            players=[SimpleNamespace(name=p["name"]) for p in view["players"]],
            decision=view.get("decision"), pending=view.get("pending"), phase=view.get("phase"))

    def submit(self, seat: int, action: Any) -> Result:
        if seat != self.seat:
            return Result(False, "that is the other player's seat")
        if hasattr(self.net, "send_action"):
            result: Result = self.net.submit(seat, action, timeout=3.0)
        else:
            result = self.net.submit(seat, action)
        return result

    def view(self, seat: int) -> dict[str, Any]:
        return dict(self.net.view(self.seat))

    def log(self, seat: int, since: int = 0) -> list[dict[str, Any]]:
        return list(self.net.log(self.seat, since))

    def legal_actions(self, seat: int) -> list[Any]:
        return list(self.net.legal_actions(self.seat))

    def acting_seat(self) -> int | None:
        acting: int | None = self.net.acting_seat()
        return acting

    def can_undo(self) -> bool:
        return False  # undo needs both players' agreement: not offered over the network

    def undo(self) -> bool:
        return False


class LanTableScene(TableScene):
    """The table for this computer's seat of a LAN game."""

    name = "lan_table"

    def __init__(self, app: App, net: Any, seat: int) -> None:
        self.lan = LanSeat(net, seat)
        super().__init__(app, self.lan, seat=seat, hotseat=False)  # type: ignore[arg-type]
        self.chat_entry: Any = None
        self.banner = ""

    def build(self) -> None:
        super().build()
        lay = self.renderer.layout
        if lay is not None:
            px = self.app.px
            rect = pygame.Rect(lay.status.x, lay.status.y + px(150), lay.status.w, px(32))
            self.chat_entry = pygame_gui.elements.UITextEntryLine(rect, self.app.ui,
                                                                  placeholder_text="Chat…")
            self.widgets.append(self.chat_entry)

    def on_exit(self) -> None:
        super().on_exit()
        self.lan.net.close()

    def _auto_pass(self) -> None:
        """Empty steps pass on their own only for this seat (never for the peer)."""
        if not self.app.settings.auto_pass:
            return
        for _ in range(12):
            if self.lan.acting_seat() != self.seat:
                return
            view = self.lan.view(self.seat)
            if view.get("decision") is not None or view.get("pending") is not None or \
                    view.get("phase") not in ("upkeep", "draw", "end"):
                return
            legal = [a.get("type") for a in view.get("legal_actions", [])]
            if "pass" not in legal or "discard" in legal:
                return
            if not self.lan.submit(self.seat, {"type": "pass"}).ok:
                return

    def refresh(self) -> None:
        super().refresh()
        if self.lan.chat_lines:
            lines: list[str] = []
            for entry in self.lan.log(self.seat):
                lines.extend(entry_lines(entry, self.names))
            self.renderer.set_view(self.view, self.seat, lines + self.lan.chat_lines[-30:],
                                   hidden_hand=False)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.chat_entry:
            text = self.chat_entry.get_text().strip()
            if text:
                self.lan.net.chat(text)
                self.lan.chat_lines.append(f"You: {text}")
                self.chat_entry.set_text("")
                self.refresh()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F5 and \
                hasattr(self.lan.net, "reconnect_now") and self.lan.net.status().is_paused:
            self.lan.net.reconnect_now()  # the "reconnect now" button of the banner
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.pump()

    def pump(self) -> None:
        """Apply what the network thread posted since the last frame (display thread only)."""
        changed = False
        for notice in self.lan.net.inbox.drain():
            if notice.kind == "update":
                if notice.data.actor not in (self.seat, -1):
                    self._animate(list(notice.data.events))  # the peer's action, as if local
                changed = True
            elif notice.kind == "chat":
                who = notice.data.get("name") or "Opponent"
                self.lan.chat_lines.append(f"{who}: {notice.data['text']}")
                changed = True
            elif notice.kind == "fairness":
                self.say(str(notice.data))
            elif notice.kind in ("game_end", "status"):
                changed = True
        status = self.lan.net.status()
        acting = self.lan.acting_seat()
        turn = "your turn" if acting == self.seat else "opponent's turn" if acting is not None \
            else "game over"
        self.banner = f"{status.banner()} · {turn}"
        if status.is_paused and hasattr(self.lan.net, "reconnect_now"):
            self.banner += " · F5: reconnect now"
        problems = getattr(getattr(self.lan.net, "verifier", None), "problems", [])
        if problems:
            self.banner += " · FAIRNESS WARNING: see the log"
        if changed:
            try:
                self.settle()
            except RuntimeError:
                pass

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.banner:
            return
        status = self.lan.net.status()
        pal, fonts = self.app.palette, self.app.fonts
        colour = pal.text if status.state == CONNECTED else pal.warn
        text = fonts.fit(self.banner, 14, colour, surface.get_width() - 40, bold=True)
        rect = text.get_rect(midtop=(surface.get_width() // 2, 4))
        back = pygame.Surface(rect.inflate(16, 6).size, pygame.SRCALPHA)
        back.fill((0, 0, 0, 170 if status.is_paused else 110))
        surface.blit(back, rect.inflate(16, 6))
        surface.blit(text, rect)


class LanScene(Scene):
    """Host a game (shows the address to give the friend) or join one by address or list."""

    name = "lan"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: dict[str, Any] = {}
        self.address_entry: Any = None
        self.host_list: Any = None
        self.note = "Host a game, or join one by address (HOST:PORT) or from the list."
        self.net: Any = None
        self.found: list[Any] = []
        self._responder: Any = None

    def build(self) -> None:
        w, _ = self.app.size
        px = self.app.px
        bw, bh = px(300), px(40)
        x, y = w // 2 - bw // 2, px(200)
        ui = self.app.ui
        self.buttons = {}
        for key, label in (("host", "Host a game"), ("find", "Find games on this network")):
            self.buttons[key] = pygame_gui.elements.UIButton(pygame.Rect(x, y, bw, bh), label, ui)
            y += bh + px(8)
        self.address_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x, y, bw - px(90), bh), ui, placeholder_text="192.168.1.20:47470")
        self.buttons["join"] = pygame_gui.elements.UIButton(
            pygame.Rect(x + bw - px(84), y, px(84), bh), "Join", ui)
        y += bh + px(8)
        self.host_list = pygame_gui.elements.UISelectionList(
            pygame.Rect(x, y, bw, px(160)), [h.label for h in self.found], ui)
        y += px(168)
        self.buttons["back"] = pygame_gui.elements.UIButton(pygame.Rect(x, y, bw, bh), "Back", ui)
        self.widgets = [*self.buttons.values(), self.address_entry, self.host_list]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, btn in self.buttons.items():
                if event.ui_element is btn:
                    self.activate(key)
                    return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                event.ui_element is self.host_list:
            for info in self.found:
                if info.label == event.text:
                    self.address_entry.set_text(f"{info.address}:{info.port}")
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.activate("back")
            return True
        return False

    def activate(self, key: str) -> None:
        if key == "back":
            self.stop()
            self.app.scenes.pop()
        elif key == "host":
            self.host()
        elif key == "join":
            self.join(self.address_entry.get_text().strip())
        elif key == "find":
            self.find()

    def host(self, *, bind: str = "0.0.0.0", port: int = DEFAULT_PORT) -> None:
        from frontier_desktop.cards.pool import BundledPool
        from frontier_desktop.net.cli import DEFAULT_DECKS, lan_address, load_deck
        from frontier_desktop.net.discovery import Responder
        from frontier_desktop.net.host import GameSource, HostSession

        self.stop()
        pool = BundledPool.load()
        names = list(self.app.settings.player_names)
        source = GameSource(decks=[load_deck(DEFAULT_DECKS[0], pool), None],
                            names=[names[0] if names else "Host", "Guest"])
        net = HostSession(source, resolve_card=pool.card,
                          autosave=self.app.paths.data_dir / "lan-autosave.jsonl")
        try:
            bound = net.listen(bind, port)
        except OSError as exc:
            self.note = f"Cannot host on port {port}: {exc.strerror or exc}"
            return
        self.net = net
        shown = lan_address() if bind == "0.0.0.0" else bind
        self.note = (f"Your address on this network is {shown}:{bound} — give it to your "
                     "friend. Waiting for them to join…")
        try:
            self._responder = Responder(lambda: (source.names[0], bound, not net.started.is_set()),
                                        bind=bind)
        except OSError:
            self._responder = None  # discovery is a convenience: joining by address still works

    def join(self, text: str) -> None:
        from frontier_desktop.cards.pool import BundledPool
        from frontier_desktop.net.cli import DEFAULT_DECKS, load_deck, parse_address
        from frontier_desktop.net.client import GuestSession, JoinError

        self.stop()
        try:
            address = parse_address(text if ":" in text else f"{text}:{DEFAULT_PORT}")
        except ValueError as exc:
            self.note = str(exc)
            return
        names = list(self.app.settings.player_names)
        deck = [c.name for c in load_deck(DEFAULT_DECKS[1], BundledPool.load())]
        net = GuestSession(address, name=names[1] if len(names) > 1 else "Guest", deck=deck,
                           session_file=self.app.paths.data_dir /
                           f"lan-session-{address[0]}-{address[1]}.json", reconnect=False)
        try:
            net.connect(timeout=5.0)
        except JoinError as exc:
            self.note = str(exc)
            return
        net.auto_reconnect = True
        self.net = net
        self._enter_table()

    def find(self) -> None:
        from frontier_desktop.net.discovery import discover

        self.note = "Looking for games…"

        def run() -> None:
            self.found = discover(timeout=1.0)
            self.note = f"{len(self.found)} game(s) found." if self.found else \
                "No game found: ask the host for their address."

        threading.Thread(target=run, daemon=True).start()

    def stop(self) -> None:
        if self._responder is not None:
            self._responder.close()
            self._responder = None
        if self.net is not None and not isinstance(self.app.scenes.top, LanTableScene):
            self.net.close()
        self.net = None

    def _enter_table(self) -> None:
        net = self.net
        seat = net.host_seat if hasattr(net, "host_seat") else net.seat
        self.net = None  # the table owns it now
        if self._responder is not None:
            self._responder.close()
            self._responder = None
        self.app.scenes.push(LanTableScene(self.app, net, seat))

    def update(self, dt: float) -> None:
        if self.net is not None and hasattr(self.net, "host_seat") and self.net.started.is_set():
            self._enter_table()
        if self.host_list is not None and \
                len(self.host_list.item_list) != len(self.found):
            self.host_list.set_item_list([h.label for h in self.found])

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = surface.get_size()
        pal, fonts = self.app.palette, self.app.fonts
        surface.fill(pal.bg)
        title = fonts.text("LAN game", 36, pal.accent, True)
        surface.blit(title, title.get_rect(center=(w // 2, self.app.px(110))))
        for i, line in enumerate(fonts.wrap(self.note, 15, w - 80)[:3]):
            t = fonts.text(line, 15, pal.text)
            surface.blit(t, t.get_rect(center=(w // 2, self.app.px(150) + i * 20)))


def host_game_for_tests(app: App, *, port: int = 0) -> LanScene:
    """Push the LAN scene and host on 127.0.0.1 (tests)."""
    scene = LanScene(app)
    app.scenes.push(scene)
    scene.host(bind="127.0.0.1", port=port)
    return scene


__all__ = ["LanScene", "LanSeat", "LanTableScene", "host_game_for_tests"]
