"""Table layout, hit-testing and rendering of one player view.

Everything that depends only on the view (board, lands, zones, hands, panels, log) is drawn
once into a static layer when the view changes; tokens are pre-built sprites blitted per
frame (so a dragged token can follow the mouse and a rejected one can glide back) and
highlights are cached translucent tiles. Nothing per frame scales, loads or lays out text.
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from frontier_desktop.ui.table.board_layer import BoardLayer
from frontier_desktop.ui.table.hand import HAND_NAME_MIN, HAND_NAME_SIZE, HandLayer
from frontier_desktop.ui.table.layout import (
    BAND_RESERVE,
    CELL_RATIO,
    CELL_WIDE_RATIO,
    LAND_NAME_MIN,
    LAND_NAME_SIZE,
    Layout,
    Square,
    TokenSprite,
)
from frontier_desktop.ui.table.panels import PanelLayer
from frontier_desktop.ui.table.tokens import TokenLayer, _dim, _int, _pill, _shadow, _tapped
from frontier_desktop.ui.table.words import PHASE_NAMES

__all__ = ["BAND_RESERVE", "CELL_RATIO", "CELL_WIDE_RATIO", "HAND_NAME_MIN", "HAND_NAME_SIZE",
           "LAND_NAME_MIN", "LAND_NAME_SIZE", "Layout", "Square", "TableRenderer",
           "TokenSprite", "_dim", "_int", "_pill", "_shadow", "_tapped"]
"""The renderer, and the names the table's other modules and the tests take from here."""


class TableRenderer(BoardLayer, HandLayer, PanelLayer, TokenLayer):
    """Draws a view (from one seat, or the revealed replay) and answers hit tests.

    Its parts: the state, geometry and hit tests (``geometry.py``), the board and strips
    (``board_layer.py``), the hands (``hand.py``), the seats' panels and the log
    (``panels.py``) and the tokens (``tokens.py``)."""

    # ------------------------------------------------------------------ build
    def set_view(self, view: dict[str, Any], seat: int, log_lines: list[str] | None = None,
                 *, hidden_hand: bool = False) -> None:
        """Adopt a new view and rebuild the static layer and sprites (once per state change)."""
        self.view = view
        self.seat = seat
        if log_lines is not None:
            self.log_lines = log_lines
        self.places = self.pres.place_layout(view, seat)
        extent = (self.places.height, self.places.width) if self.places is not None else \
            (self.rows, self.cols)
        self.layout = Layout(self.app.size, extent[0], extent[1], self.app.scale,
                             self.app.settings.card_scale, self.pres.strip_room,
                             self.pres.cell_wide)
        if len(view.get("players") or ()) > 2:
            from frontier_desktop.ui.table.players import fit_players_panel, status_words

            others = [s for s in range(len(view["players"])) if s != seat]
            fit_players_panel(self.layout, self.app, len(others),
                              4 if any(status_words(view, s) for s in others) else 3)
        self._lay_out_places()
        self.hidden_hand = hidden_hand
        self._build_static()
        self._build_sprites()

    def rebuild(self) -> None:
        if self.view is not None:
            self.set_view(self.view, self.seat, hidden_hand=self.hidden_hand)

    def _build_static(self) -> None:
        """The static layer: the panels' ground, the board, the strips, the hands, the seats'
        panels, the permanents and the log, drawn in that order."""
        app, pal = self.app, self.app.palette
        lay = self.layout
        assert lay is not None and self.view is not None
        view = self.view
        surf = self.new_layer(app.size)
        surf.fill(pal.bg)
        # panels
        pygame.draw.rect(surf, pal.bg_panel, lay.side)
        pygame.draw.line(surf, pal.bg_panel_hi, lay.side.topleft, lay.side.bottomleft, 2)
        pygame.draw.rect(surf, pal.bg_panel, lay.left)
        pygame.draw.line(surf, pal.bg_panel_hi, lay.left.topright, lay.left.bottomright, 2)
        opp = (self.seat + 1) % max(1, len(view["players"]))  # the next seat clockwise
        me = self.seat
        self._draw_board(surf, me, opp)
        self._draw_strips(surf, me, opp)
        self._draw_hands(surf, me, opp)
        self.player_rects = []
        if len(view["players"]) > 2:
            # three or four players: every other player listed, clockwise from the viewer
            from frontier_desktop.ui.table.players import clockwise_others, draw_players

            self.player_rects = draw_players(self, surf, lay.opp_panel,
                                             clockwise_others(view, me))
        else:
            self._draw_panel(surf, lay.opp_panel, opp, top=True)
        self._draw_panel(surf, lay.own_panel, me, top=False)
        self._draw_permanents(surf, me, opp)
        self._draw_log(surf)
        self.static = surf.convert() if pygame.display.get_surface() is not None else surf

    def new_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """The surface the static layer is drawn on (tests swap it to see where text goes)."""
        return pygame.Surface(size)

    # ------------------------------------------------------------------ draw
    def prepare(self, size: tuple[int, int]) -> None:
        """Before drawing: lay out again after a resize, else take in newly loaded card art."""
        if self.layout is None or self.layout.size != size:
            self.rebuild()
        else:
            self.refresh_art()

    def refresh_art(self, *, throttle_s: float = 0.3) -> bool:
        """Rebuild the cached layers when card images arrived (at most every *throttle_s*)."""
        art = self.app.art
        if art.version == self._art_version or self.view is None:
            return False
        now = time.perf_counter()
        if now - self._art_checked < throttle_s and self._art_version >= 0:
            return False
        self._art_checked = now
        self._art_version = art.version
        self.rebuild()
        return True

    def draw_static(self, surface: pygame.Surface) -> None:
        if self.static is not None:
            surface.blit(self.static, (0, 0))

    def phase_text(self) -> str:
        view = self.view
        if not view:
            return ""
        if view.get("game_over"):
            w = view.get("winner")
            return "Game over" + (f": {view['players'][w]['name']} wins" if w is not None else "")
        active = view["players"][view["active"]]["name"]
        return f"Turn {view['turn']} · {active} · {PHASE_NAMES.get(view['phase'], view['phase'])}"
