"""User settings: a dataclass loaded and saved explicitly (never at import time).

Settings live in ``platformdirs.user_config_dir("frontier-desktop")/settings.json``; autosaves
and named games in ``user_data_dir``. Every path is passed in (``Paths``), so tests point the
whole application at a temporary directory.
"""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

APP_NAME = "frontier-desktop"

DEFAULT_KEYS: dict[str, str] = {
    "pass_or_done": "space",
    "cancel": "escape",
    "undo": "ctrl+z",
    "help": "f1",
    "fullscreen": "f11",
    "scout": "s",
}
"""Intent → key name (``pygame.key.key_code`` names, ``ctrl+`` prefix); rebindable data."""


@dataclass(frozen=True)
class Paths:
    """Where settings, autosaves and saved games go."""

    config_dir: Path
    data_dir: Path

    @classmethod
    def default(cls) -> Paths:
        import platformdirs

        return cls(Path(platformdirs.user_config_dir(APP_NAME)),
                   Path(platformdirs.user_data_dir(APP_NAME)))

    @property
    def settings_file(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def autosave_file(self) -> Path:
        return self.data_dir / "autosave.jsonl"

    @property
    def saves_dir(self) -> Path:
        return self.data_dir / "saves"


@dataclass
class Settings:
    """Everything the player can change in the settings scene."""

    window_size: tuple[int, int] = (1600, 900)
    """Last window size (remembered between runs)."""
    fullscreen: bool = False
    ui_scale: float = 1.0
    """Text and widget scale, 1.0-2.0."""
    card_scale: float = 1.0
    """Card size in hand and preview, separate from ``ui_scale`` (0.75-2.0)."""
    theme: str = "dark"
    """``dark`` (default) or ``light``."""
    sound: bool = True
    animation_speed: float = 1.0
    """Multiplier on animation durations' speed; 0 turns animations off."""
    offline: bool = False
    cache_dir: str = ""
    """Card image cache location ('' = the default user cache dir)."""
    auto_pass: bool = True
    """Pass upkeep/draw automatically when nothing can be done there."""
    hold_priority: bool = False
    """Ask for a response window on each of the opponent's moves and attacks
    (``set_responses``); off by default so play is never slowed when nobody responds."""
    divide_damage: bool = True
    """Ask me to divide the combat damage dealt to my banding stacks (``set_assign``); off:
    the rules divide it, lethal damage first in order."""
    welcome_seen: bool = False
    """The first-run welcome was shown and closed (Help shows it again)."""
    player_names: tuple[str, str] = ("Ann", "Ben")
    keys: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_KEYS))
    last_setup: dict[str, str] = field(default_factory=dict)
    """The New game screen's last start: ``variant``, ``players`` and ``deck0``… by name, so
    the next New game opens on the same choices."""

    def to_json(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["window_size"] = list(self.window_size)
        out["player_names"] = list(self.player_names)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        """Read settings leniently: unknown keys are ignored, bad values fall back to defaults."""
        out = cls()
        defaults = cls()
        for f in dataclasses.fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(defaults, f.name)
            try:
                if isinstance(default, tuple):
                    value = tuple(type(default[0])(v) for v in value)
                    if len(value) != len(default):
                        continue
                elif isinstance(default, bool):
                    value = bool(value)
                elif isinstance(default, float):
                    value = float(value)
                elif isinstance(default, dict):
                    value = {**default, **{str(k): str(v) for k, v in dict(value).items()}}
                elif isinstance(default, str):
                    value = str(value)
            except (TypeError, ValueError):
                continue
            setattr(out, f.name, value)
        out.ui_scale = min(2.0, max(1.0, out.ui_scale))
        out.card_scale = min(2.0, max(0.75, out.card_scale))
        out.animation_speed = min(4.0, max(0.0, out.animation_speed))
        if out.theme not in ("dark", "light"):
            out.theme = "dark"
        w, h = out.window_size
        out.window_size = (max(960, w), max(600, h))
        return out


def load_settings(paths: Paths) -> Settings:
    """The saved settings, or the defaults when there are none (or the file is damaged)."""
    try:
        data = json.loads(paths.settings_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    return Settings.from_json(data) if isinstance(data, dict) else Settings()


def save_settings(paths: Paths, settings: Settings) -> None:
    """Write the settings atomically."""
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=paths.config_dir, prefix="settings", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(settings.to_json(), handle, indent=2)
    os.replace(tmp, paths.settings_file)
