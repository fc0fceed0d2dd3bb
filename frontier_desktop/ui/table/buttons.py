"""The table's status-column buttons: Pass (its label follows the step), the variant's step
buttons, Keep / Mulligan, Undo and Menu, stacked from the bottom."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost
    from frontier_desktop.ui.scenes.table import TableScene
    from frontier_desktop.ui.variants import StepButton

STEP_SHORT = {"combat": "combat", "main2": "second main", "movement": "movement",
              "conquer": "conquer", "casting": "casting", "heal": "heal", "main": "main phase"}
"""The phases a pass may lead to, as short as the button needs ("To combat  »")."""
LAST_STEPS = ("end", "discard")
"""A variant's last step: passing it passes the turn; passing into it ends the turn."""


def pass_label(variant: str, phase: str | None) -> str:
    """What the main button does when passing in *phase*: "End turn" only where the pass goes
    to the end step (Frontier's main phase; Army's, the Conquering's second main phase; the
    War Game's casting phase), else the step it goes to ("To combat"), or "Pass the turn"."""
    from frontier_desktop.rules.variants import find_variant

    try:
        phases = tuple(getattr(find_variant(variant), "phases", ()) or ())
    except (KeyError, ValueError):
        phases = ()
    if phase in LAST_STEPS:
        return "Pass the turn  »"
    if phase not in phases:
        return "Pass"
    following = phases[phases.index(phase) + 1:]
    if not following or following[0] in LAST_STEPS:
        return "End turn  »"
    if following[0] in STEP_SHORT and phase not in ("untap", "upkeep", "draw", "supply",
                                                     "mana"):
        return f"To {STEP_SHORT[following[0]]}  »"
    return "Next step  »"


def build_buttons(app: UIHost, column: pygame.Rect,
                  steps: Sequence[StepButton]) -> dict[str, Any]:
    """Create the buttons in the bottom of *column*; keyed by what they do (a step button by
    its action type)."""
    ui, px = app.ui, app.px
    x, w = column.x, column.w
    h = px(36)
    y = column.bottom - h
    rects = {}
    for key in ("menu", *(b.action for b in reversed(steps)), "pass"):
        rects[key] = pygame.Rect(x, y, w, h)
        y -= h + px(6)
    half = (w - px(6)) // 2
    rects["undo"] = pygame.Rect(x, rects["menu"].y, half, h)
    rects["menu"] = pygame.Rect(x + half + px(6), rects["menu"].y, half, h)
    keep_y = rects["pass"].y
    labels = {"pass": "Pass", "undo": "Undo", "menu": "Menu", **{b.action: b.label for b in steps}}
    ids = {"pass": "#primary", "menu": "#danger"}
    buttons: dict[str, Any] = {}
    for key, rect in rects.items():
        buttons[key] = pygame_gui.elements.UIButton(rect, labels[key], ui, object_id=ids.get(key))
    buttons["keep"] = pygame_gui.elements.UIButton(
        pygame.Rect(x, keep_y, half, h), "Keep", ui, object_id="#primary")
    buttons["mulligan"] = pygame_gui.elements.UIButton(
        pygame.Rect(x + half + px(6), keep_y, half, h), "Mulligan", ui)
    return buttons


def update_buttons(buttons: dict[str, Any], table: TableScene,
                   steps: Sequence[StepButton]) -> None:
    """Show, enable and label the buttons for the table's current view."""
    view = table.view
    types = {a["type"] for a in table.legal}
    decision = view.get("decision") or {}
    mull = decision.get("kind") == "mulligan" and decision.get("player") == table.seat
    for key in ("keep", "mulligan"):
        buttons[key].show() if mull else buttons[key].hide()
    buttons["pass"].hide() if mull else buttons["pass"].show()
    label = "Let it resolve" if view.get("pending") else \
        pass_label(str(view.get("variant") or "frontier"), view.get("phase"))
    if decision.get("by") == "stronghold" and decision.get("player") == table.seat:
        label = "Tap none"  # the War Game: the stronghold's owner taps no attacker
    request = table.division.request
    if request is not None:
        label = request.confirm_label
        types = types | {"pass"}
    hint = table.app.settings.keys.get("pass_or_done", "")
    text = f"{label}   [{hint}]" if "pass" in types and hint else label
    if text != label and not _fits(buttons["pass"], text):
        text = label  # the key hint goes before the label is cut ("Let it resolve" at 960x600)
    buttons["pass"].set_text(text)
    for key in ("pass", *(b.action for b in steps)):
        buttons[key].enable() if key in types else buttons[key].disable()
    buttons["undo"].enable() if table.session.can_undo(table.seat) else buttons["undo"].disable()


def _fits(button: Any, text: str) -> bool:
    """Whether *text* fits *button* in its own font (True when the font can't be asked)."""
    font = getattr(button, "font", None)
    try:
        width = font.size(text)[0] if font is not None else 0
    except Exception:  # noqa: BLE001 - a theme font without size(): keep the text
        return True
    return bool(width <= button.rect.width - 16)
