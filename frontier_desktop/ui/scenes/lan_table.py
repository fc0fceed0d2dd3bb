"""The table for one seat of a LAN game.

The table is the hot-seat :class:`TableScene` with ``hotseat=False`` on a :class:`LanSeat`
adapter, which gives a ``HostSession`` or ``GuestSession`` the few extra things the table asks
a ``LocalSession`` for (a ``state`` summary built from the *view*, no undo). Network notices are
drained once a frame on the display thread: the peer's actions are animated like local ones,
chat and draw offers go into the log panel, a connection line shows the peer's state and
latency, and a "game paused" panel covers the top of the board while the peer is away.
"""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from frontier_desktop.net.bridge import CONNECTED, FAILED, LEFT, RECONNECTING, duration
from frontier_desktop.session import Result
from frontier_desktop.ui.scenes.game_over import GameOverScene
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.table.words import entry_lines

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App


class LanSeat:
    """One seat of a LAN game with the interface the table uses (see the module docstring)."""

    def __init__(self, net: Any, seat: int) -> None:
        self.net = net
        self.seat = seat
        self.actions: list[dict[str, Any]] = []
        self.chat: list[tuple[int, str]] = []
        """Chat, draw offers and connection lines, each with the game state it came after
        (its ``state_id``), so the log panel shows them in time order among the game's."""
        self.state_seen = 0
        """The newest game state this screen has taken in (from the network's updates)."""

    @property
    def chat_lines(self) -> list[str]:
        return [line for _, line in self.chat]

    def add_line(self, line: str, state_id: int | None = None) -> None:
        """A chat or table line, placed after the game state *state_id* (the newest seen)."""
        self.chat.append((self.state_seen if state_id is None else state_id, line))
        del self.chat[:-200]

    def merged_log(self, entry_lines: Any) -> list[str]:
        """The game log's lines (``entry_lines(entry)`` of each entry) with the chat lines
        between them, in the order things happened."""
        lines: list[str] = []
        chat = list(self.chat)
        k = 0
        for entry in self.log(self.seat):
            sid = int(entry.get("state_id", 0))
            while k < len(chat) and chat[k][0] < sid:
                lines.append(chat[k][1])
                k += 1
            lines.extend(entry_lines(entry))
        lines.extend(line for _, line in chat[k:])
        return lines

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

    @property
    def local_seats(self) -> list[int]:
        """The seats played at this screen: the host's hot-seat seats, or the guest's own."""
        seats = getattr(self.net, "local_seats", None)
        return list(seats) if seats else [self.seat]

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

    def can_undo(self, seat: int | None = None) -> bool:
        return False  # undo needs both players' agreement: not offered over the network

    def undo(self, seat: int | None = None) -> bool:
        return False

    def undo_refusal(self, seat: int | None = None) -> str:
        return "Undo is not offered in a LAN game."


class LanTableScene(TableScene):
    """The table for this computer's seat of a LAN game.

    Beyond the hot-seat table: a connection line (the peer's state, latency, whose turn), a
    "game paused" panel while the peer is away (with "Reconnect now" on the guest; F5 too),
    chat, "Offer draw" and "Resign" buttons, and a non-blocking Accept / Decline prompt when
    the peer offers a draw. A draw offer lapses when anyone acts (as the host rules).
    """

    name = "lan_table"

    def __init__(self, app: App, net: Any, seat: int) -> None:
        self.lan = LanSeat(net, seat)
        super().__init__(app, self.lan, seat=seat, hotseat=False)  # type: ignore[arg-type]
        self.lan.state_seen = int(self.view.get("state_id") or 0)
        self.chat_entry: Any = None
        self.lan_buttons: dict[str, Any] = {}
        self.banner = ""
        self.pause_lines: list[str] = []
        """The "game paused" panel's lines (empty while connected)."""
        self.offer_from: int | None = None
        """The peer's seat while its draw offer waits for our answer."""
        self.my_offer = False
        """Our draw offer waits for the peer's answer."""
        self.end_reason = ""
        """How the game ended, for the game-over screen ("Ben resigned.")."""
        self.unfair = unfair_notice(net)
        """Why this board was not drawn fairly (the guest of a host-chosen board), else None:
        a badge for the whole game, under the connection line."""
        self.fairness: list[str] = list(getattr(net, "fairness_warnings", []) or [])
        """Fairness warnings so far: a red panel over the board for the rest of the game."""
        if self.unfair:
            self.lan.add_line(f"— {self.unfair}.")
        for warning in self.fairness:
            self.lan.add_line(f"— FAIRNESS WARNING: {warning}")

    @property
    def is_guest(self) -> bool:
        return hasattr(self.lan.net, "reconnect_now")

    def peer_name(self) -> str:
        """The other player (two players), else the player the game waits for when it is
        not at this screen, else "the other players"."""
        players = self.view.get("players") or []
        if len(players) > 2:
            acting = self.lan.acting_seat()
            if acting is not None and acting not in self.lan.local_seats and \
                    acting < len(players):
                return str(players[acting].get("name") or "the other players")
            return "the other players"
        other = 1 - self.seat
        return str(players[other].get("name") or "the opponent") if other < len(players) \
            else "the opponent"

    def seat_name(self, seat: Any) -> str:
        players = self.view.get("players") or []
        if isinstance(seat, int) and 0 <= seat < len(players):
            return str(players[seat].get("name") or f"Player {seat + 1}")
        return "a player"

    def away(self, seat: Any) -> bool:
        """Whether *seat* is a guest's whose connection is lost (games of more than two)."""
        if not self.many or not isinstance(seat, int) or seat in self.lan.local_seats:
            return False
        if self.is_guest:
            return seat in (getattr(self.lan.net, "away", {}) or {})
        if seat not in getattr(self.lan.net, "guests", {}):
            return False
        return bool(self.lan.net.seat_status(seat).state != CONNECTED)

    @property
    def many(self) -> bool:
        """A game of more than two players (no draw offers; several seats elsewhere)."""
        return len(self.view.get("players") or []) > 2

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        super().build()
        lay = self.renderer.layout
        if lay is None:
            return
        px, ui = self.app.px, self.app.ui
        x, w, h = lay.status.x, lay.status.w, px(32)
        top = min(b.rect.y for b in self.buttons.values() if b.visible) - px(14)
        half = (w - px(6)) // 2
        row = top - h
        self.lan_buttons = {
            "offer_draw": pygame_gui.elements.UIButton(pygame.Rect(x, row, half, h),
                                                       "Offer draw", ui),
            "resign": pygame_gui.elements.UIButton(pygame.Rect(x + half + px(6), row, half, h),
                                                   "Resign…", ui, object_id="#danger"),
        }
        self.chat_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x, row - px(6) - h, w, h), ui)
        self.hints[self.chat_entry] = "Chat (Enter sends)…"
        pause = self.pause_rect()
        bw = px(260)
        self.lan_buttons["reconnect"] = pygame_gui.elements.UIButton(
            pygame.Rect(pause.centerx - bw // 2, pause.bottom - h - px(10), bw, h),
            "Reconnect now   [F5]", ui, object_id="#primary")
        offer = self.offer_rect()
        ow = (offer.w - px(30)) // 2
        oy = offer.bottom - h - px(10)
        self.lan_buttons["accept_draw"] = pygame_gui.elements.UIButton(
            pygame.Rect(offer.x + px(10), oy, ow, h), "Accept draw", ui, object_id="#primary")
        self.lan_buttons["decline_draw"] = pygame_gui.elements.UIButton(
            pygame.Rect(offer.right - px(10) - ow, oy, ow, h), "Decline", ui)
        self.widgets += [self.chat_entry, *self.lan_buttons.values()]
        self._update_lan_widgets()

    def pause_rect(self) -> pygame.Rect:
        """The "game paused" panel: across the top of the board."""
        lay = self.renderer.layout
        assert lay is not None
        px = self.app.px
        rect = pygame.Rect(0, 0, min(px(700), lay.board.w), px(132 if self.is_guest else 90))
        rect.midtop = (lay.board.centerx, lay.opp_strip.y + px(4))
        return rect

    def offer_rect(self) -> pygame.Rect:
        """The draw-offer prompt: at the right of the opponent's staging row (not modal)."""
        lay = self.renderer.layout
        assert lay is not None
        px = self.app.px
        rect = pygame.Rect(0, 0, px(400), px(96))
        rect.topright = (lay.opp_strip.right - px(8), lay.opp_strip.y + px(4))
        return rect

    def on_resume(self) -> None:
        super().on_resume()
        self._update_lan_widgets()  # the base shows every widget again

    def _update_lan_widgets(self) -> None:
        if not self.lan_buttons:
            return
        status = self.lan.net.status()
        over = self._is_over()
        live = not status.is_paused and not over
        show = {
            "reconnect": self.is_guest and status.is_paused and status.state != FAILED
            and not over,
            "accept_draw": live and self.offer_from is not None,
            "decline_draw": live and self.offer_from is not None,
        }
        for key, visible in show.items():
            btn = self.lan_buttons[key]
            if visible and not btn.visible:
                btn.show()
            elif not visible and btn.visible:
                btn.hide()
        for key, enabled in (("offer_draw", live and not self.my_offer and not self.many
                              and self.offer_from is None), ("resign", live)):
            btn = self.lan_buttons[key]
            if enabled and not btn.is_enabled:
                btn.enable()
            elif not enabled and btn.is_enabled:
                btn.disable()

    # ------------------------------------------------------------------ intents
    def note(self, line: str) -> None:
        """A line in the log panel (chat, draw offers, connection, the result)."""
        self.lan.state_seen = max(self.lan.state_seen, int(self.view.get("state_id") or 0))
        self.lan.add_line(line)
        self.refresh()

    def reconnect(self) -> None:
        if self.is_guest and self.lan.net.reconnect_now():
            self.say("Reconnecting…")

    def ask_resign(self) -> None:
        from frontier_desktop.ui.scenes.dialogs import ConfirmScene

        if self._is_over():
            return
        self.app.scenes.push(ConfirmScene(
            self.app, f"Resign this game? {self.peer_name()} wins.", self.resign))

    def resign(self) -> None:
        result = self.lan.net.resign(self.seat) if not self.is_guest else self.lan.net.resign()
        if isinstance(result, Result) and not result.ok:
            self.say(f"Could not resign: {result.reason}", warn=True)
            return
        self.note("— You resigned.")
        if self.lan.net.status().is_paused:
            self.say("Not connected: the resignation could not be sent.", warn=True)

    def offer_draw(self) -> None:
        if self.my_offer or self._is_over():
            return
        self.lan.net.offer_draw()
        self.my_offer = True
        self.note(f"— You offered a draw; waiting for {self.peer_name()}'s answer.")
        self._update_lan_widgets()

    def answer_draw(self, accept: bool) -> None:
        if self.offer_from is None:
            return
        self.offer_from = None
        self.lan.net.answer_draw(accept)
        self.note("— You accepted the draw." if accept else "— You declined the draw.")
        self._update_lan_widgets()

    def on_end(self, data: dict[str, Any]) -> None:
        """The game is over (resignation, a draw agreed, or the rules)."""
        if self.end_reason:
            return
        peer = self.peer_name()
        if data.get("result") == "draw":
            self.end_reason = "The players agreed to a draw."
        else:
            last = (self.lan.log(self.seat) or [{}])[-1]
            conceded = (last.get("action") or {}).get("type") == "concede"
            winner = data.get("winner")
            if self.many:
                self.end_reason = "You win." if winner == self.seat and \
                    len(self.lan.local_seats) == 1 else f"{self.seat_name(winner)} wins."
            else:
                loser = "You" if winner != self.seat else peer
                self.end_reason = f"{loser} resigned." if conceded else \
                    ("You win." if winner == self.seat else f"{peer} wins.")
        self.note(f"— Game over: {self.end_reason}")

    def _is_over(self) -> bool:
        return bool(self.view.get("game_over")) or getattr(self.lan.net, "result", None) \
            is not None

    # ------------------------------------------------------------------ events
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

    def settle(self) -> None:
        """As the table's, but the game-over screen also says how a LAN game ended (and
        comes for a draw by agreement, which the rules' view does not know). With several
        seats played at this screen (the host's hot-seat seats) the screen follows the
        seat that is to act among them, with the cover screen between."""
        acting = self.lan.acting_seat()
        if acting is not None and acting != self.seat and acting in self.lan.local_seats \
                and len(self.lan.local_seats) > 1:
            self.seat = self.lan.seat = acting
            self.new_seat_state()
            self.refresh()
            self._push_cover()
        shown, self.game_over_shown = self.game_over_shown, True
        try:
            super().settle()
        finally:
            self.game_over_shown = shown
        if self._is_over() and not self.game_over_shown:
            self.game_over_shown = True
            result = getattr(self.lan.net, "result", None)
            if result is None:
                # The rules ended it (the update can come before the host's result): say how
                # from the view, so the game-over screen never lays out without a reason.
                winner = self.view.get("winner")
                result = {"result": "win" if winner is not None else "draw", "winner": winner}
            self.on_end(result)
            self.app.scenes.push(LanGameOverScene(self.app, self))

    def refresh(self) -> None:
        super().refresh()
        result = getattr(self.lan.net, "result", None)
        if result is not None and not self.view.get("game_over"):
            # a draw agreed (or a resignation during set-up): the session knows, the view not
            self.view = {**self.view, "game_over": True, "winner": result.get("winner")}
        if self.lan.chat:
            lines = self.lan.merged_log(lambda entry: entry_lines(entry, self.names))
            self.renderer.set_view(self.view, self.seat, lines, hidden_hand=False)

    def leave_question(self) -> str:
        """A LAN game comes back from the LAN screen, not from Continue (a hot-seat game)."""
        if self.is_guest:
            return ("Leave this LAN game? The host keeps it: join the host again from the LAN "
                    "screen to play on.")
        return ("Leave this LAN game? It is autosaved: LAN game, then Resume last LAN game, "
                "serves it again for the other players to rejoin.")

    def on_exit(self) -> None:
        super().on_exit()
        self.lan.net.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.chat_entry:
            text = self.chat_entry.get_text().strip()
            if text:
                self.lan.net.chat(text)
                self.note(f"You: {text}")
                self.chat_entry.set_text("")
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            actions = {"reconnect": self.reconnect, "resign": self.ask_resign,
                       "offer_draw": self.offer_draw,
                       "accept_draw": lambda: self.answer_draw(True),
                       "decline_draw": lambda: self.answer_draw(False)}
            for key, btn in self.lan_buttons.items():
                if event.ui_element is btn:
                    actions[key]()
                    return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F5 and self.is_guest and \
                self.lan.net.status().is_paused:
            self.reconnect()  # the keyboard twin of the "Reconnect now" button
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.pump()

    def is_animating(self) -> bool:
        """Also while the game is paused: the reconnect countdown ticks."""
        return super().is_animating() or bool(self.pause_lines)

    def pump(self) -> None:
        """Apply what the network thread posted since the last frame (display thread only)."""
        changed = False
        peer = self.peer_name()
        ended: dict[str, Any] | None = None
        for notice in self.lan.net.inbox.drain():
            if notice.kind == "update":
                self.lan.state_seen = max(self.lan.state_seen, int(notice.data.state_id))
                if notice.data.actor not in (self.seat, -1):
                    self._animate(list(notice.data.events))  # the peer's action, as if local
                if (self.offer_from is not None or self.my_offer) and notice.data.actor != -1:
                    self.offer_from, self.my_offer = None, False
                    self.lan.add_line("— The draw offer lapsed (a player acted).")
                changed = True
            elif notice.kind == "chat":
                who = notice.data.get("name") or self.seat_name(notice.data.get("seat")) \
                    if self.many else notice.data.get("name") or peer
                self.lan.add_line(f"{who}: {notice.data['text']}")
                changed = True
            elif notice.kind == "offer" and notice.data.get("seat") != self.seat:
                self.offer_from = notice.data.get("seat")
                self.lan.add_line(f"— {peer} offers a draw: Accept or Decline.")
                changed = True
            elif notice.kind == "answer" and notice.data.get("seat") != self.seat:
                self.my_offer = False
                self.lan.add_line(f"— {peer} " + ("accepted" if notice.data.get("accept")
                                                   else "declined") + " your draw offer.")
                changed = True
            elif notice.kind == "fairness":
                text = str(notice.data)
                if text not in self.fairness:
                    self.fairness.append(text)
                    self.lan.add_line(f"— FAIRNESS WARNING: {text}")
                self.say(f"Fairness warning: {text}", warn=True)
                changed = True
            elif notice.kind == "game_end":
                ended = dict(notice.data)
                changed = True
            elif notice.kind == "status":
                changed = True
            elif notice.kind == "seat_status" and self.many:
                line = seat_status_line(notice.data, self.seat)
                if line:
                    self.lan.add_line(line)
                    changed = True
        if changed:
            try:
                self.settle()
            except RuntimeError:
                pass
        if ended is not None:
            self.on_end(ended)
        self._update_banner()
        self._update_lan_widgets()

    def _update_banner(self) -> None:
        status = self.lan.net.status()
        peer = self.peer_name()
        if self.many:  # the connection is to the host, or (the host's) to every guest
            peer = host_words(self.lan.net) if self.is_guest else "the guests"
        over = self._is_over()
        text = status.banner(peer=peer if not self.is_guest or self.many else f"{peer} (host)",
                             we_reconnect=self.is_guest)
        paused_by_host = self.is_guest and status.state == RECONNECTING and \
            bool(getattr(self.lan.net, "host_paused", None))
        if paused_by_host:  # the host left a game it will resume: we wait, and rejoin alone
            text = (f"{host_words(self.lan.net, bare=True)} paused the game "
                    f"{duration(status.seconds())} ago")
        acting = self.lan.acting_seat()
        turn = "game over" if over else "game paused" if status.is_paused else \
            "your turn" if acting == self.seat else \
            f"waiting for {self.seat_name(acting)} to reconnect" if self.away(acting) else \
            f"{self.seat_name(acting)}'s turn" if acting is not None else ""
        self.banner = " · ".join(x for x in (short_status(status, peer), turn) if x)
        if self.many and status.detail and not self.is_guest:
            self.banner += f" · {status.detail}"  # "away: Cat" (the game goes on meanwhile)
        away = sorted(getattr(self.lan.net, "away", {}) or {}) if self.is_guest else []
        if self.many and away:  # the other guests away, as the host's table says them
            self.banner += " · away: " + ", ".join(self.seat_name(s) for s in away)
        self.pause_lines = []
        if status.is_paused and not over:
            lines = [text[:1].upper() + text[1:] + "."]
            if paused_by_host:
                lines.append("It is saved: this screen rejoins by itself when they resume it.")
            elif self.is_guest and status.state != FAILED:
                net = self.lan.net
                if status.state == RECONNECTING and net.next_attempt is not None:
                    wait = max(0.0, net.next_attempt - time.monotonic())
                    lines.append(f"Attempt {net.attempts + 1} in {wait:.0f} s — or press "
                                 "Reconnect now.")
                else:
                    lines.append(f"Press Reconnect now when {host_words(net, bare=True)} "
                                 "is back.")
            elif status.state == LEFT:
                lines.append(f"{peer} may come back: their seat is kept.")
            else:
                lines.append("Nothing is lost: play goes on when they are back.")
            self.pause_lines = lines
        problems = getattr(getattr(self.lan.net, "verifier", None), "problems", [])
        if problems:
            self.banner += " · FAIRNESS WARNING: see the log"

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self.renderer.layout
        if not self.banner or lay is None:
            return
        status = self.lan.net.status()
        pal, fonts, px = self.app.palette, self.app.fonts, self.app.px
        colour = pal.move if status.state == CONNECTED else pal.warn
        # the connection line: top left of the opponent's hand strip (the cards are centred)
        width = max(px(120), lay.opp_hand.w // 3)
        text = fonts.fit(self.banner, 14, pal.text, width - px(24), bold=True)
        rect = text.get_rect(topleft=(lay.opp_hand.x + px(24), lay.opp_hand.y + px(6)))
        back = rect.inflate(px(30), px(8)).move(-px(7), 0)
        pygame.draw.rect(surface, pal.bg_panel_hi, back, border_radius=8)
        pygame.draw.circle(surface, colour, (rect.x - px(10), rect.centery), px(5))
        surface.blit(text, rect)
        if self.pause_lines:
            self._draw_panel(surface, self.pause_rect(), "Game paused", self.pause_lines,
                             pal.warn)
        if self.offer_from is not None and not status.is_paused and not self._is_over():
            self._draw_panel(surface, self.offer_rect(), f"{self.peer_name()} offers a draw",
                             [], pal.accent)
        if self.unfair:
            badge = fonts.fit(self.unfair, 14, pal.bg, lay.opp_hand.w // 2 - px(24),
                              bold=True)
            at = badge.get_rect(topleft=(back.x + px(7), back.bottom + px(6)))
            pygame.draw.rect(surface, pal.warn, at.inflate(px(16), px(8)), border_radius=8)
            surface.blit(badge, at)
        if self.fairness:
            self._draw_panel(surface, self.fairness_rect(), "FAIRNESS WARNING",
                             self.fairness_lines(), pal.attack)

    def fairness_rect(self) -> pygame.Rect:
        """The fairness warnings: across the bottom of the board, for the rest of the game."""
        lay = self.renderer.layout
        assert lay is not None
        px = self.app.px
        rect = pygame.Rect(0, 0, min(px(760), lay.board.w - px(16)),
                           px(44) + px(20) * len(self.fairness_lines()))
        rect.midbottom = (lay.board.centerx, lay.board.bottom - px(8))
        return rect

    def fairness_lines(self) -> list[str]:
        lines = [w[:1].upper() + w[1:] for w in self.fairness[:2]]
        if len(self.fairness) > 2:
            lines.append(f"and {len(self.fairness) - 2} more: see the log")
        return lines

    def _draw_panel(self, surface: pygame.Surface, box: pygame.Rect, title: str,
                    lines: list[str], colour: tuple[int, int, int]) -> None:
        pal, fonts, px = self.app.palette, self.app.fonts, self.app.px
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((*pal.bg_panel_hi[:3], 242))
        surface.blit(shade, box)
        pygame.draw.rect(surface, colour, box, 2, border_radius=10)
        head = fonts.fit(title, 20, colour, box.w - px(24), bold=True)
        y = box.y + px(10)
        surface.blit(head, head.get_rect(midtop=(box.centerx, y)))
        y += head.get_height() + px(4)
        for line in lines:
            t = fonts.fit(line, 14, pal.text, box.w - px(24))
            surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
            y += t.get_height() + px(2)


def unfair_notice(net: Any) -> str | None:
    """"Ann chose this board: it was not drawn fairly (hosted from a position file)" for the
    guest of a board the host chose, else None (the host knows what it served)."""
    if not getattr(net, "unfair_board", None):
        return None
    host = host_words(net, bare=True)
    host = host[:1].upper() + host[1:]
    how = {"position": "hosted from a position file",
           "fixed": "a fixed seed or a saved game"}.get(getattr(net, "seed_mode", ""),
                                                        "the seed was not agreed")
    return f"{host} chose this board: it was not drawn fairly ({how})"


def host_words(net: Any, *, bare: bool = False) -> str:
    """The players at the host's computer for a guest: "Edna (host)", "Edna and Finn
    (host)" (*bare*: "Edna", "Edna and Finn"); "the host" only when the names are unknown."""
    names = net.host_names() if hasattr(net, "host_names") else []
    if not names:
        return "the host"
    said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"
    return said if bare else f"{said} (host)"


def seat_status_line(data: Any, seat: int) -> str:
    """A guest's connection change in words for the log, or "" for this screen's own seat:
    "— Cat has lost the connection — the game waits for Cat only when it is Cat's turn to
    decide.", "— Cat is back."."""
    if not isinstance(data, dict) or data.get("seat") == seat:
        return ""
    name = str(data.get("name") or "A player")
    state = data.get("state")
    if state == CONNECTED:
        return f"— {name} is back."
    what = "has left the game (the seat is kept)" if state == LEFT else \
        "has lost the connection"
    return (f"— {name} {what} — the game waits for {name} only when it is {name}'s turn to "
            "decide.")


def short_status(status: Any, peer: str) -> str:
    """The connection line: "Ben: connected · 3 ms", "Ben: reconnecting (12 s)"."""
    if status.state == CONNECTED:
        ms = f" · {status.latency_ms:.0f} ms" if status.latency_ms is not None else ""
        return f"{peer}: connected{ms}"
    if status.state == FAILED:
        return f"{peer}: connection failed"
    if status.state not in (RECONNECTING, LEFT):
        return f"{peer}: {status.state}"
    return f"{peer}: {status.state} ({duration(status.seconds())})"


class LanGameOverScene(GameOverScene):
    """The game-over screen with how the LAN game ended (a resignation, a draw agreed): the
    table's ``end_reason``, laid out by :class:`GameOverScene` with the other lines."""


__all__ = ["LanGameOverScene", "LanSeat", "LanTableScene", "short_status", "unfair_notice"]
