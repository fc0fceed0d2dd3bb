"""Saving the game under a name and opening a saved one, from the table's Game menu."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from frontier_desktop.ui.scenes.table import TableScene


class GameFiles:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.dialog: Any = None
        """The open "Open a saved game" file dialog, if any."""

    def save_as(self) -> None:
        from frontier_desktop.ui.scenes.dialogs import SaveAsScene

        s = self.scene
        names = [p["name"] for p in s.view.get("players", [])]
        default = f"{' vs '.join(names)} turn {s.view.get('turn', 0)}"
        s.app.scenes.push(SaveAsScene(s.app, default, self.save_named))

    def save_named(self, name: str) -> str:
        """Write the game record to ``saves/NAME.jsonl``; says where (or why not)."""
        from frontier_desktop.record import write_record
        from frontier_desktop.ui.scenes.dialogs import safe_file_stem

        s = self.scene
        if s.session.record_header is None:
            s.say("This game can't be saved (it has no record header).", warn=True)
            return s.local.message
        path = s.app.paths.saves_dir / f"{safe_file_stem(name)}.jsonl"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_record(path, s.session.record_header, s.session.actions)
        except OSError as exc:
            s.say(f"Couldn't save {path}: {os_error_words(exc)}.", warn=True)
        else:
            s.saved_path = path
            s.say(f"Saved as {path.name} (Open game… in the menu loads it).")
        return s.local.message

    def open_saved(self) -> None:
        from pygame_gui.windows import UIFileDialog

        s = self.scene
        w, h = s.app.size
        start = s.app.paths.saves_dir
        if not start.exists():
            start = s.app.paths.data_dir if s.app.paths.data_dir.exists() else Path.home()
        self.dialog = UIFileDialog(pygame.Rect(w // 2 - 300, h // 2 - 250, 600, 500),
                                   s.app.ui, window_title="Open a saved game",
                                   initial_file_path=str(start),
                                   allow_existing_files_only=True)

    def open_record(self, path: Path) -> None:
        """Leave this game (it is autosaved) for the saved game at *path*."""
        from frontier_desktop.ui.games import session_from_record
        from frontier_desktop.ui.scenes.main_menu import start_table

        s = self.scene
        try:
            session = session_from_record(path)
        except (ValueError, OSError, KeyError) as exc:
            # the record's error already names the file and says what is wrong with it
            from frontier_desktop.record import RecordError

            s.say(str(exc) if isinstance(exc, RecordError) else
                  f"Couldn't open {path}: {os_error_words(exc)}." if isinstance(exc, OSError) else
                  f"{path.name} is not a saved game this version can read.", warn=True)
            return
        start_table(s.app, session)


_OS_ERRORS = {
    errno.EACCES: "the folder is not writable (no permission)",
    errno.EPERM: "the folder is not writable (no permission)",
    errno.EROFS: "the folder is read-only",
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is full",
    errno.ENOENT: "the folder does not exist",
    errno.ENOTDIR: "part of the path is a file, not a folder",
    errno.EISDIR: "a folder has that name",
    errno.ENAMETOOLONG: "the name is too long",
    errno.EEXIST: "a file is in the way",
}


def os_error_words(exc: OSError) -> str:
    """What went wrong with a file, in a player's words (never Python's exception text)."""
    words = _OS_ERRORS.get(exc.errno or 0)
    if words is not None:
        return words
    return "the system refused to write it" + (f" ({exc.strerror.lower()})" if exc.strerror
                                                else "")
