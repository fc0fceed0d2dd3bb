"""Settings: UI scale, card size, theme, animation speed, auto-pass, hold priority,
dividing the damage to your bands yourself, offline, cache, and the key bindings (click a
key's button, then press the new key)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from frontier_desktop.config import DEFAULT_KEYS, save_settings
from frontier_desktop.ui.keys import INTENT_LABELS, binding_of
from frontier_desktop.ui.scenes.base import Scene

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App

SCALES = ("100%", "125%", "150%", "175%", "200%")
CARD_SIZES = ("75%", "100%", "125%", "150%", "200%")
SPEEDS = ("Off", "Slow", "Normal", "Fast")
SPEED_VALUES = {"Off": 0.0, "Slow": 0.5, "Normal": 1.0, "Fast": 2.0}


def _pct(value: float) -> str:
    return f"{round(value * 100)}%"


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.w: dict[str, object] = {}
        # No "Sound" row: the game plays no sound yet, and a switch that does nothing misleads
        # (play-test M7); the setting stays in settings.json for when sounds come.
        self.rows = ("UI scale", "Card size", "Theme", "Animations", "Auto-pass empty steps",
                     "Respond to others' plays", "Divide damage to my bands myself",
                     "Offline mode", "Card cache folder")
        self.keys = dict(app.settings.keys)
        self.capturing: str | None = None
        self.key_buttons: dict[str, pygame_gui.elements.UIButton] = {}

    # Two columns in design pixels of the 960x600 frame (``App.drect``): the options with
    # their labels right-aligned at LABEL_RIGHT, the key bindings with theirs at KEY_LABEL_RIGHT.
    TOP, PITCH, ROW_H = 96, 42, 32
    LABEL_LEFT, LABEL_RIGHT, CONTROL_W = 30, 326, 240
    KEY_LABEL_LEFT, KEY_LABEL_RIGHT, KEY_W = 620, 752, 160

    def _rect(self, row: int, wide: bool = False) -> pygame.Rect:
        return self.app.drect(self.LABEL_RIGHT + 16, self.TOP + row * self.PITCH, self.CONTROL_W,
                              self.ROW_H)

    def _key_rect(self, row: int) -> pygame.Rect:
        return self.app.drect(self.KEY_LABEL_RIGHT + 12, self.TOP + row * self.PITCH, self.KEY_W,
                              self.ROW_H)

    def build(self) -> None:
        ui, s = self.app.ui, self.app.settings
        d = pygame_gui.elements.UIDropDownMenu
        speed = min(SPEED_VALUES, key=lambda k: abs(SPEED_VALUES[k] - s.animation_speed))
        scale = _pct(s.ui_scale) if _pct(s.ui_scale) in SCALES else "100%"
        card = _pct(s.card_scale) if _pct(s.card_scale) in CARD_SIZES else "100%"
        self.w = {
            "ui_scale": d(list(SCALES), scale, self._rect(0), ui),
            "card_scale": d(list(CARD_SIZES), card, self._rect(1), ui),
            "theme": d(["dark", "light"], s.theme, self._rect(2), ui),
            "anim": d(list(SPEEDS), speed, self._rect(3), ui),
            "auto_pass": d(["on", "off"], "on" if s.auto_pass else "off", self._rect(4), ui),
            "hold": d(["off", "on"], "on" if s.hold_priority else "off", self._rect(5), ui),
            "divide": d(["on", "off"], "on" if s.divide_damage else "off", self._rect(6), ui),
            "offline": d(["off", "on"], "on" if s.offline else "off", self._rect(7), ui),
            "cache": pygame_gui.elements.UITextEntryLine(self._rect(8, True), ui),
        }
        self.w["cache"].set_text(s.cache_dir)  # type: ignore[attr-defined]
        self.key_buttons = {}
        for row, intent in enumerate(INTENT_LABELS):
            btn = pygame_gui.elements.UIButton(self._key_rect(row), self._key_label(intent), ui)
            self.key_buttons[intent] = btn
            self.w[f"key_{intent}"] = btn
        self.w["keys_reset"] = pygame_gui.elements.UIButton(
            self._key_rect(len(INTENT_LABELS)), "Default keys", ui)
        bottom = self.TOP + len(self.rows) * self.PITCH + 12
        self.w["save"] = pygame_gui.elements.UIButton(
            self.app.drect(490, bottom, 170, 42), "Save", ui, object_id="#primary")
        self.w["back"] = pygame_gui.elements.UIButton(
            self.app.drect(300, bottom, 170, 42), "Cancel", ui)
        self.widgets = list(self.w.values())

    def _key_label(self, intent: str) -> str:
        if self.capturing == intent:
            return "press a key…"
        return self.keys.get(intent, "") or "(none)"

    def _refresh_keys(self) -> None:
        for intent, btn in self.key_buttons.items():
            btn.set_text(self._key_label(intent))

    def capture(self, event: pygame.event.Event) -> None:
        """Bind the key of *event* to the intent being captured (a key used elsewhere moves)."""
        intent, self.capturing = self.capturing, None
        binding = binding_of(event)
        if intent is None or binding is None:
            self.capturing = intent
            return
        if binding != "escape" or intent == "cancel":
            for other, value in self.keys.items():
                if value == binding and other != intent:
                    self.keys[other] = ""
            self.keys[intent] = binding
        self._refresh_keys()

    @staticmethod
    def _opt(widget: object) -> str:
        value = widget.selected_option  # type: ignore[attr-defined]
        return value[0] if isinstance(value, tuple) else value

    def scale_note(self) -> str:
        """Why the chosen UI scale doesn't show ('' when it does): the screen is laid out for
        960x600 at 100%, so a smaller window draws a larger scale smaller (play-test L9)."""
        from frontier_desktop.ui.scale import DESIGN_SIZE, fit_scale

        widget = self.w.get("ui_scale")
        try:
            chosen = float(self._opt(widget).rstrip("%")) / 100 if widget is not None else 1.0
        except (TypeError, ValueError):
            return ""
        drawn = fit_scale(chosen, self.app.size)
        if drawn >= chosen - 1e-6:
            return ""
        need = (round(DESIGN_SIZE[0] * chosen), round(DESIGN_SIZE[1] * chosen))
        return (f"This window draws the UI at {round(drawn * 100)}%: {round(chosen * 100)}% "
                f"needs a window of at least {need[0]}x{need[1]} (or full screen, F11).")

    def save(self) -> None:
        s = self.app.settings
        s.ui_scale = int(self._opt(self.w["ui_scale"]).rstrip("%")) / 100
        s.card_scale = int(self._opt(self.w["card_scale"]).rstrip("%")) / 100
        s.theme = self._opt(self.w["theme"])
        s.animation_speed = SPEED_VALUES[self._opt(self.w["anim"])]
        s.auto_pass = self._opt(self.w["auto_pass"]) == "on"
        s.offline = self._opt(self.w["offline"]) == "on"
        s.hold_priority = self._opt(self.w["hold"]) == "on"
        s.divide_damage = self._opt(self.w["divide"]) == "on"
        s.cache_dir = self.w["cache"].get_text().strip()  # type: ignore[attr-defined]
        s.keys = dict(self.keys)
        try:
            save_settings(self.app.paths, s)
        except OSError:
            pass
        self.app.scenes.pop()
        self.app.apply_settings()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.capturing is not None and event.type == pygame.KEYDOWN:
            self.capture(event)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for intent, btn in self.key_buttons.items():
                if event.ui_element is btn:
                    self.capturing = intent
                    self._refresh_keys()
                    return True
            if event.ui_element is self.w.get("keys_reset"):
                self.keys = dict(DEFAULT_KEYS)
                self.capturing = None
                self._refresh_keys()
                return True
            if event.ui_element is self.w.get("save"):
                self.save()
                return True
            if event.ui_element is self.w.get("back"):
                self.app.scenes.pop()
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts, px, dpos = self.app.palette, self.app.fonts, self.app.px, self.app.dpos
        surface.fill(pal.bg)
        t = fonts.text("Settings", 32, pal.accent, True)
        surface.blit(t, t.get_rect(center=dpos(480, 46)))
        right, width = dpos(self.LABEL_RIGHT, 0)[0], px(self.LABEL_RIGHT - self.LABEL_LEFT)
        for row, label in enumerate(self.rows):
            s = fonts.fit(label, 15, pal.text, width, bold=True)
            surface.blit(s, s.get_rect(midright=(right, self._rect(row).centery)))
        note = self.scale_note()
        if note:
            t = fonts.fit(note, 13, pal.warn, px(900))
            surface.blit(t, t.get_rect(center=dpos(480, 566)))
        first = self._key_rect(0)
        head_w = first.right - dpos(self.KEY_LABEL_LEFT, 0)[0]
        head = fonts.fit("Keys (click, then press a key)", 15, pal.accent, head_w, bold=True)
        surface.blit(head, head.get_rect(bottomright=(first.right, first.y - px(8))))
        right, width = dpos(self.KEY_LABEL_RIGHT, 0)[0], px(self.KEY_LABEL_RIGHT -
                                                            self.KEY_LABEL_LEFT)
        for row, label in enumerate(INTENT_LABELS.values()):
            t = fonts.fit(label, 14, pal.text, width)
            surface.blit(t, t.get_rect(midright=(right, self._key_rect(row).centery)))
