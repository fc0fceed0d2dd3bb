"""LAN play in the UI: the lobby (deck choice, host, resume the last hosted game, join by
address or from the discovery list). The table for one seat is in :mod:`.lan_table`.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from frontier_desktop.ui.scenes.base import Scene
from frontier_desktop.ui.scenes.lan_table import (
    LanGameOverScene,
    LanSeat,
    LanTableScene,
    unfair_notice,
)

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App

DEFAULT_PORT = 47470
LAN_VARIANTS = ("frontier", "army", "conquering", "wargame")
"""The variants the LAN lobby hosts and joins (the deck chosen decides)."""

SEATED_VARIANTS = {"conquering": "the Conquering", "wargame": "the War Game"}
"""The variants for two to four players (the players and guests menus count for them), by
their title."""

PLAYER_CHOICES = ("2 players", "3 players", "4 players")
GUEST_CHOICES = ("1 guest", "2 guests", "3 guests")
"""A game's players (the Conquering, the War Game), and how many of them join from other
computers (the others play hot-seat on the host's computer)."""


def section_names(deck: Any) -> dict[str, list[str]] | None:
    """An Army ``DeckList``'s sections as card names, one per copy (None: no sections)."""
    if deck.variant != "army" or not deck.sections:
        return None
    return {name: [n for count, n in lines for _ in range(count)]
            for name, lines in deck.sections}


class LanScene(Scene):
    """The LAN lobby: choose your deck; host a game (shows the address to give the friend),
    resume the last hosted game from its autosave, or join by address or from the list.

    The decks are the bundled sample decks and the player's saved decks
    (``<user data dir>/decks/``), Frontier and Army Magic; the chosen deck is checked against
    its variant's deck rules here, and again by the host when a guest brings it. An Army deck
    hosts an Army game (the guest must bring an army) and travels with its sections (home
    base, land grid, initial forces).
    """

    name = "lan"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: dict[str, Any] = {}
        self.address_entry: Any = None
        self.host_list: Any = None
        self.deck_menu: Any = None
        self.note = "Choose your deck, then host a game or join one (HOST:PORT or the list)."
        self.net: Any = None
        self.found: list[Any] = []
        self._responder: Any = None
        self._pool: Any = None
        self.decks: dict[str, Any] = {}
        """Menu label → ``DeckList`` (sample decks first, then the player's own)."""
        self.bind = "0.0.0.0"
        """Where a hosted game listens (tests use 127.0.0.1)."""
        self.port = DEFAULT_PORT
        self.unfair_pending = False
        """The guest was asked whether to play a board the host chose (not drawn fairly)."""
        self.players_menu: Any = None
        self.guests_menu: Any = None
        self.players = 2
        """Players of a hosted Conquering game (2-4; other variants are for two)."""
        self.guests = 1
        """How many of them join over the network (the others play on this computer)."""
        self.seated = False
        """This guest is seated in the lobby, waiting for the other guests to join."""
        self.seat_lines: list[str] = []
        """The hosted game's seats, one line each ("Seat 2: Ben (joined)")."""
        self.free_buttons: dict[int, Any] = {}
        """Seat → its "Free seat" button, beside each guest seated in the lobby (the host
        sends a squatter away before the game starts)."""

    @property
    def autosave_path(self) -> Path:
        return self.app.paths.data_dir / "lan-autosave.jsonl"

    @property
    def pool(self) -> Any:
        if self._pool is None:
            from frontier_desktop.cards.pool import BundledPool

            self._pool = BundledPool.load()
        return self._pool

    def load_decks(self) -> None:
        """The sample decks and the player's saved Frontier and Army decks that read cleanly."""
        from frontier_desktop.ui.games import read_deck, sample_decks

        decks: dict[str, Any] = {}
        for deck in sample_decks("frontier", self.pool):
            decks[f"{deck.name} (sample)"] = deck
        for deck in sample_decks("army", self.pool):
            decks[f"{deck.name} (sample army)"] = deck
        for variant, title in SEATED_VARIANTS.items():
            for deck in sample_decks(variant, self.pool):
                decks[f"{deck.name} (sample, {title})"] = deck
        folder = self.app.paths.data_dir / "decks"
        paths = sorted(p for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []
        for path in paths:
            try:
                deck = read_deck(path, self.pool)
            except (OSError, ValueError):
                continue  # not a deck, or one with unknown cards: the deck builder says why
            if deck.variant in LAN_VARIANTS:
                label = deck.name if deck.variant == "frontier" else \
                    f"{deck.name} (army)" if deck.variant == "army" else \
                    f"{deck.name} ({SEATED_VARIANTS[deck.variant]})"
                while label in decks:
                    label += " ·"
                decks[label] = deck
        self.decks = decks

    def resume_label(self) -> str | None:
        """"Resume last LAN game: Ann vs Ben" when the autosave holds an unfinished game."""
        from frontier_desktop.record import RecordError, read_record

        try:
            header, _ = read_record(self.autosave_path)
        except (OSError, RecordError, ValueError):
            return None
        lan = header.get("lan")
        if not isinstance(lan, dict):
            return None
        players = header.get("players") or (header.get("position") or {}).get("players") or []
        names = [str(p.get("name", "?")) for p in players if isinstance(p, dict)]
        for seat, meta in (lan.get("guests") or {}).items():
            if isinstance(meta, dict) and meta.get("name") and str(seat).isdigit() and \
                    int(seat) < len(names):
                names[int(seat)] = str(meta["name"])
        if lan.get("guest_name") and len(names) == 2:
            names[1 - int(lan.get("host_seat", 0))] = str(lan["guest_name"])
        return "Resume last LAN game" + (f": {' vs '.join(names)}" if names else "")

    # Layout in design pixels of the 960x600 frame: hosting on the left, joining on the right.
    _LEFT, _RIGHT, _COL_W, _TOP = 70, 510, 380, 214

    def build(self) -> None:
        d = self.app.drect
        ui = self.app.ui
        left, right, cw, top = self._LEFT, self._RIGHT, self._COL_W, self._TOP
        if not self.decks:
            self.load_decks()
        labels = list(self.decks) or ["(no deck)"]
        self.deck_menu = pygame_gui.elements.UIDropDownMenu(labels, labels[0],
                                                            d(left, top, cw, 40), ui)
        self.buttons = {"host": pygame_gui.elements.UIButton(
            d(left, top + 56, cw, 40), "Host a game", ui, object_id="#primary")}
        resume = self.resume_label()
        self.buttons["resume"] = pygame_gui.elements.UIButton(
            d(left, top + 104, cw, 40), resume or "Resume last LAN game (none saved)", ui)
        if resume is None:
            self.buttons["resume"].disable()
        self.address_entry = pygame_gui.elements.UITextEntryLine(d(right, top, cw - 96, 40), ui)
        self.hints[self.address_entry] = "The host's address, e.g. 192.168.1.20:47470"
        self.buttons["join"] = pygame_gui.elements.UIButton(
            d(right + cw - 88, top, 88, 40), "Join", ui)
        self.buttons["find"] = pygame_gui.elements.UIButton(
            d(right, top + 56, cw, 40), "Find games on this network", ui)
        self.host_list = pygame_gui.elements.UISelectionList(
            d(right, top + 104, cw, 150), [h.label for h in self.found], ui)
        self.buttons["back"] = pygame_gui.elements.UIButton(d(360, 520, 240, 40), "Back", ui)
        half = (cw - 8) // 2
        self.players_menu = pygame_gui.elements.UIDropDownMenu(
            list(PLAYER_CHOICES), PLAYER_CHOICES[self.players - 2],
            d(left, top + 152, half, 36), ui)
        self.guests_menu = pygame_gui.elements.UIDropDownMenu(
            list(GUEST_CHOICES), GUEST_CHOICES[self.guests - 1],
            d(left + half + 8, top + 152, half, 36), ui)
        self.widgets = [self.deck_menu, *self.buttons.values(), self.address_entry,
                        self.host_list, self.players_menu, self.guests_menu]
        self.free_buttons = {}
        self._sync_free_buttons()

    _SEATS_Y, _SEAT_STEP = 418, 24
    """Where the hosted game's seat lines start, and their spacing (design pixels)."""

    def _sync_free_buttons(self) -> None:
        """A "Free seat" button beside every guest seated in the lobby, none otherwise."""
        net = self.net
        want: set[int] = set()
        if net is not None and hasattr(net, "host_seat") and len(net.guests) > 1 and \
                not net.started.is_set():
            want = {s["seat"] for s in net.seats() if not s["local"] and s["joined"]}
        for seat in [s for s in self.free_buttons if s not in want]:
            btn = self.free_buttons.pop(seat)
            btn.kill()
            if btn in self.widgets:
                self.widgets.remove(btn)
        if self.deck_menu is None:
            return  # not built yet
        for seat in sorted(want - set(self.free_buttons)):
            btn = pygame_gui.elements.UIButton(
                self.app.drect(self._LEFT + self._COL_W - 110,
                               self._SEATS_Y + seat * self._SEAT_STEP, 110, 22),
                "Free seat", self.app.ui, tool_tip_text=f"Send the guest of seat {seat + 1} "
                "away: the seat is open again")
            self.free_buttons[seat] = btn
            self.widgets.append(btn)

    def free_seat(self, seat: int) -> None:
        """Send the guest of *seat* away before the game starts (the seat opens again)."""
        net = self.net
        if net is None or not hasattr(net, "release"):
            return
        name = next((s["name"] for s in net.seats() if s["seat"] == seat), f"seat {seat + 1}")
        if net.release(seat):
            self.note = f"You freed seat {seat + 1}: {name} is no longer in this game."
        else:
            self.note = f"Seat {seat + 1} cannot be freed now: the game has begun."
        self._sync_free_buttons()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, btn in self.buttons.items():
                if event.ui_element is btn:
                    self.activate(key)
                    return True
            for seat, btn in self.free_buttons.items():
                if event.ui_element is btn:
                    self.free_seat(seat)
                    return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                event.ui_element is self.host_list:
            for info in self.found:
                if info.label == event.text:
                    self.address_entry.set_text(f"{info.address}:{info.port}")
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.players_menu:
                self.choose_players(PLAYER_CHOICES.index(event.text) + 2, self.guests)
                return True
            if event.ui_element is self.guests_menu:
                self.choose_players(self.players, GUEST_CHOICES.index(event.text) + 1)
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.activate("back")
            return True
        return False

    def choose_players(self, players: int, guests: int) -> None:
        """The players and guests of a game of the Conquering or the War Game (at least one
        seat stays on this computer)."""
        self.players = max(2, min(4, players))
        self.guests = max(1, min(guests, self.players - 1, 3))
        self.note = (f"A game of {self.players} (the Conquering or the War Game): {self.guests} "
                     f"guest{'s' if self.guests > 1 else ''} join from other computers, "
                     f"{self.players - self.guests} play here (hot-seat).")

    def activate(self, key: str) -> None:
        if key == "back":
            self.stop()
            self.app.scenes.pop()
        elif key == "host":
            self.host(bind=self.bind, port=self.port)
        elif key == "resume":
            self.resume_last(bind=self.bind)
        elif key == "join":
            self.join(self.address_entry.get_text().strip())
        elif key == "find":
            self.find()

    def chosen_deck(self) -> Any:
        """The deck chosen in the menu, or None (with a note saying why) if it can't be played."""
        from frontier_desktop.decks.loading import deck_checker

        choice = self.deck_menu.selected_option if self.deck_menu is not None else None
        label = choice[0] if isinstance(choice, tuple) else choice
        deck = self.decks.get(str(label))
        if deck is None:
            self.note = "No deck to play: add a Frontier deck in the deck builder."
            return None
        names = [name for count, name in deck.cards for _ in range(count)]
        check = deck_checker(self.pool, deck.variant, points=self.army_points(deck))
        problems = check(names, section_names(deck)) if deck.variant == "army" else check(names)
        if problems:
            what = {"army": "Army Magic", **SEATED_VARIANTS}.get(deck.variant, "Frontier")
            self.note = f"Your deck {deck.name} is not legal for {what}: {'; '.join(problems)}"
            return None
        return deck

    def army_points(self, deck: Any) -> int | None:
        """An Army deck's agreed army size (its ``points``), None for other decks."""
        if deck.variant != "army":
            return None
        from frontier_desktop.decks.loading import read_deck_parts

        try:
            return read_deck_parts(deck.path, self.pool).points
        except (OSError, ValueError):
            return None

    def host(self, *, bind: str = "0.0.0.0", port: int = DEFAULT_PORT) -> None:
        from frontier_desktop.decks.loading import deck_checker, load_deck
        from frontier_desktop.net.host import GameSource, HostSession
        from frontier_desktop.sample_decks import DEFAULT_DECKS
        from frontier_desktop.ui.games import deck_cards

        self.stop()
        deck = self.chosen_deck()
        if deck is None:
            return
        names = list(self.app.settings.player_names)
        points = self.army_points(deck)
        guest_seats: list[int] | None = None
        if deck.variant in SEATED_VARIANTS:
            from frontier_desktop.sample_decks import default_deck

            players, guests = self.players, min(self.guests, self.players - 1)
            guest_seats = list(range(players - guests, players))
            cards = deck_cards(deck, self.pool)
            decks: list[Any] = [None if s in guest_seats else cards if s == 0 else
                                load_deck(default_deck(deck.variant, s), self.pool)
                                for s in range(players)]
            seat_names = [names[s] if s < len(names) and names[s] else f"Player {s + 1}"
                          for s in range(players)]
            source = GameSource(decks=decks, variant=deck.variant, names=seat_names,
                                guest_fallback=load_deck(default_deck(deck.variant, 1),
                                                         self.pool))
        elif deck.variant == "army":  # the guest brings an army too (or gets the sample one)
            from frontier_desktop.decks.loading import read_deck_parts
            from frontier_desktop.sample_decks import default_deck

            fallback = read_deck_parts(default_deck("army", 1), self.pool)
            own = {k: [self.pool.card(n) for n in v]
                   for k, v in (section_names(deck) or {}).items()}
            source = GameSource(decks=[deck_cards(deck, self.pool), None], variant="army",
                                sections=[own, None], guest_fallback=fallback.cards,
                                guest_fallback_sections=fallback.sections, points=points,
                                names=[names[0] if names else "Host", "Guest"])
        else:
            source = GameSource(decks=[deck_cards(deck, self.pool), None],
                                guest_fallback=load_deck(DEFAULT_DECKS[1], self.pool),
                                names=[names[0] if names else "Host", "Guest"])
        net = HostSession(source, resolve_card=self.pool.card,
                          check_deck=deck_checker(self.pool, deck.variant, points=points),
                          autosave=self.autosave_path, guest_seats=guest_seats)
        self._serve(net, bind, port, f"Hosting with {deck.name}. ")

    def resume_last(self, *, bind: str = "0.0.0.0") -> None:
        """Serve the game of the LAN autosave again on its port; the guest rejoins with its
        seat's token (automatically, or with Reconnect now)."""
        from frontier_desktop.decks.loading import deck_checker
        from frontier_desktop.net.host import GameSource, HostSession
        from frontier_desktop.record import RecordError, read_record

        self.stop()
        try:
            header, actions = read_record(self.autosave_path)
            source = GameSource(record=(header, actions))
            net = HostSession(source, resolve_card=self.pool.card,
                              check_deck=deck_checker(self.pool, source.played_variant()),
                              autosave=self.autosave_path)
        except (OSError, RecordError, ValueError, KeyError) as exc:
            self.note = f"Cannot resume the last LAN game: {exc}"
            return
        if net.result is not None:
            net.close()
            self.note = "The last LAN game is over: host a new one."
            return
        self._serve(net, bind, net.saved_port or DEFAULT_PORT, "Last game resumed. ")

    def _serve(self, net: Any, bind: str, port: int, what: str) -> None:
        from frontier_desktop.net.address import lan_address
        from frontier_desktop.net.discovery import Responder

        try:
            bound = net.listen(bind, port)
        except OSError as exc:
            net.close()
            from frontier_desktop.problems import serve_problem
            from frontier_desktop.ui.scenes.crash import ProblemScene

            self.note = serve_problem(port, exc)
            self.app.scenes.push(ProblemScene(self.app, "Cannot host the game", self.note))
            return
        self.net = net
        shown = lan_address() if bind == "0.0.0.0" else bind
        self.note = (f"{what}Your address on this network is {shown}:{bound} — give it to "
                     + ("your friend. Waiting for them to join…" if len(net.guests) == 1 else
                        f"your {len(net.guests)} friends. The game starts when every open "
                        "seat is taken."))
        host_name = net.source.names[net.host_seat] if net.state is None else \
            net.state.players[net.host_seat].name
        try:
            self._responder = Responder(lambda: (host_name, bound, not net.started.is_set()),
                                        bind=bind)
        except OSError:
            self._responder = None  # discovery is a convenience: joining by address still works

    def join(self, text: str) -> None:
        from frontier_desktop.net.address import parse_address
        from frontier_desktop.net.client import GuestSession, JoinError

        self.stop()
        try:
            address = parse_address(text if ":" in text else f"{text}:{DEFAULT_PORT}")
        except ValueError as exc:
            self.note = str(exc)
            return
        deck = self.chosen_deck()
        if deck is None:
            return
        names = list(self.app.settings.player_names)
        cards = [name for count, name in deck.cards for _ in range(count)]
        net = GuestSession(address, name=names[1] if len(names) > 1 else "Guest", deck=cards,
                           sections=section_names(deck), session_file=self.app.paths.data_dir /
                           f"lan-session-{address[0]}-{address[1]}.json", reconnect=False)
        try:
            net.connect(timeout=5.0, until_seated=True)
        except JoinError as exc:
            from frontier_desktop.problems import join_problem
            from frontier_desktop.ui.scenes.crash import ProblemScene

            self.note = join_problem(str(exc))
            self.app.scenes.push(ProblemScene(self.app, "Cannot join the game", self.note))
            return
        net.auto_reconnect = True
        self.net = net
        if not net.started.is_set():  # seated: the game starts when every guest is here
            self.seated = True
            hosts = net.host_names()
            game = (f" in {hosts[0]}'s game" if len(hosts) == 1 else
                    f" in the game of {', '.join(hosts[:-1])} and {hosts[-1]}" if hosts else "")
            self.note = (f"You have seat {(net.seat or 0) + 1}{game}. Waiting for the other "
                         "guests to join…")
            return
        self._after_join()

    def _after_join(self) -> None:
        net = self.net
        self.seated = False
        notice = unfair_notice(net)
        if notice is None:
            self._enter_table()
            return
        # A board the host chose: say so plainly before the first move, and let the player
        # leave (the table keeps a badge saying it for the whole game).
        from frontier_desktop.ui.scenes.dialogs import ConfirmScene

        self.note = f"{notice}."
        self.unfair_pending = True
        self.app.scenes.push(ConfirmScene(self.app, f"{notice}. Play it anyway?",
                                          self._enter_table))

    def find(self) -> None:
        from frontier_desktop.net.discovery import discover

        self.note = "Looking for games…"

        def run() -> None:
            self.found = discover(timeout=1.0)
            self.note = f"{len(self.found)} game(s) found." if self.found else \
                "No game found: ask the host for their address."
            self.app.request_redraw()

        threading.Thread(target=run, daemon=True).start()

    def stop(self) -> None:
        if self._responder is not None:
            self._responder.close()
            self._responder = None
        if self.net is not None and not isinstance(self.app.scenes.top, LanTableScene):
            self.net.close()
        self.net = None

    def _enter_table(self) -> None:
        self.unfair_pending = False
        net = self.net
        seat = net.host_seat if hasattr(net, "host_seat") else net.seat
        self.net = None  # the table owns it now
        inbox = getattr(net, "inbox", None)
        if inbox is not None:
            inbox.on_post = self.app.request_redraw   # a peer's move wakes the idle loop
        if self._responder is not None:
            self._responder.close()
            self._responder = None
        self.app.scenes.push(LanTableScene(self.app, net, seat))

    def update(self, dt: float) -> None:
        if self.unfair_pending and self.app.scenes.top is self:
            # "No" to a board the host chose: leave the game
            self.unfair_pending = False
            note = self.note
            self.stop()
            self.note = f"You left: {note[:1].lower() + note[1:]}"
        if self.net is not None and hasattr(self.net, "host_seat"):
            self.seat_lines = seat_lines(self.net) if len(self.net.guests) > 1 else []
            if self.net.started.is_set():
                self._sync_free_buttons()
                self._enter_table()
        elif self.net is not None and self.seated:
            if self.net.refusal is not None:
                self.seated = False
                self.note = self.net.refusal
                self.stop()
            elif self.net.started.is_set():
                self._after_join()
        self._sync_free_buttons()
        if self.host_list is not None and \
                len(self.host_list.item_list) != len(self.found):
            self.host_list.set_item_list([h.label for h in self.found])

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts = self.app.palette, self.app.fonts
        surface.fill(pal.bg)
        dpos = self.app.dpos
        title = fonts.text("LAN game", 36, pal.accent, True)
        surface.blit(title, title.get_rect(center=dpos(480, 64)))
        note = self.note[:1].upper() + self.note[1:]
        for i, line in enumerate(fonts.wrap(note, 15, self.app.px(820))[:3]):
            t = fonts.text(line, 15, pal.text)
            surface.blit(t, t.get_rect(center=dpos(480, 112 + i * 21)))
        for i, line in enumerate(self.seat_lines):  # who has joined, seat by seat
            t = fonts.text(line, 14, pal.text_dim)
            surface.blit(t, t.get_rect(topleft=dpos(self._LEFT,
                                                    self._SEATS_Y + 2 + i * self._SEAT_STEP)))
        if self.deck_menu is not None:
            for x, text in ((self._LEFT, self.deck_label()), (self._RIGHT, "Join a game")):
                label = fonts.fit(text, 15, pal.text_dim, self.app.px(self._COL_W), bold=True)
                surface.blit(label, label.get_rect(bottomleft=dpos(x, self._TOP - 8)))

    def deck_label(self) -> str:
        """The deck menu's heading, naming the variant the chosen deck plays: there is no
        variant to choose here, the deck decides it (play-test L10)."""
        from frontier_desktop.ui.builder.model import VARIANT_TITLES

        chosen = self.deck_menu.selected_option if self.deck_menu is not None else None
        chosen = chosen[0] if isinstance(chosen, tuple) else chosen
        deck = self.decks.get(chosen) if isinstance(chosen, str) else None
        variant = getattr(deck, "variant", None)
        if not variant:
            return "Your deck (to host or to join)"
        return f"Your deck (it plays {VARIANT_TITLES.get(variant, variant)})"


def seat_lines(net: Any) -> list[str]:
    """The hosted game's seats in words: "Seat 2: Ben (joined)", "Seat 3: open"."""
    lines = []
    for seat in net.seats():
        if seat["local"]:
            what = f"{seat['name']} (here)"
        elif seat["joined"]:
            what = f"{seat['name']} (joined)"
        else:
            what = "open: waiting for a guest"
        lines.append(f"Seat {seat['seat'] + 1}: {what}")
    return lines


def host_game_for_tests(app: App, *, port: int = 0) -> LanScene:
    """Push the LAN scene and host on 127.0.0.1 (tests)."""
    scene = LanScene(app)
    scene.bind, scene.port = "127.0.0.1", port
    app.scenes.push(scene)
    scene.host(bind="127.0.0.1", port=port)
    return scene


__all__ = ["DEFAULT_PORT", "LanGameOverScene", "LanScene", "LanSeat", "LanTableScene",
           "host_game_for_tests"]
