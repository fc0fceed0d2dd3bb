"""Key bindings as data: ``"ctrl+z"``-style names (``pygame.key.name`` plus modifiers)."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

INTENT_LABELS: dict[str, str] = {
    "pass_or_done": "Pass / done",
    "cancel": "Cancel",
    "undo": "Undo",
    "help": "Rules help",
    "fullscreen": "Fullscreen",
    "scout": "Scout",
}
MODIFIERS = (("ctrl", pygame.KMOD_CTRL), ("alt", pygame.KMOD_ALT), ("shift", pygame.KMOD_SHIFT))
_MOD_KEYS = {pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT, pygame.K_LSHIFT,
             pygame.K_RSHIFT, pygame.K_LMETA, pygame.K_RMETA}


def binding_of(event: pygame.event.Event) -> str | None:
    """The binding name of a KEYDOWN (``None`` for a lone modifier key)."""
    if event.key in _MOD_KEYS:
        return None
    mods = getattr(event, "mod", 0)
    prefix = "".join(f"{name}+" for name, flag in MODIFIERS if mods & flag)
    return prefix + pygame.key.name(event.key).lower()


def matches(binding: str, event: pygame.event.Event) -> bool:
    """Whether a KEYDOWN is *binding* (modifiers must match exactly, shift aside for
    bindings that don't name it)."""
    got = binding_of(event)
    if got is None:
        return False
    want = binding.lower()
    if got == want:
        return True
    return "shift+" not in want and got.replace("shift+", "") == want


def intent_of(bindings: Mapping[str, str], event: pygame.event.Event) -> str | None:
    """The intent a KEYDOWN is bound to, if any."""
    for intent, binding in bindings.items():
        if binding and matches(binding, event):
            return intent
    return None
