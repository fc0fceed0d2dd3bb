"""Opening the game's window: what ``frontier-desktop`` runs with no subcommand, and ``host``
and ``join`` without ``--headless``.

No command line here: the command-line modules call :func:`run_game`, and nothing below the
command line imports them. The app is imported by name only when the window opens, so the
tools work where pygame cannot be loaded.
"""

from __future__ import annotations

import argparse
import importlib


def run_game(args: argparse.Namespace) -> int:
    """Open the game (with ``--headless-check``: reach the main menu without a screen and
    exit) and return the exit code.

    Where the app cannot be imported the game cannot open: then the command line's help is
    shown (``args.show_help``, which the ``frontier-desktop`` parser sets) and the code is 0.
    """
    try:
        app = importlib.import_module("frontier_desktop.app")
    except ModuleNotFoundError:
        show_help = getattr(args, "show_help", None)
        if show_help is not None:
            show_help()
        return 0
    if getattr(args, "headless_check", False):
        return int(app.headless_check())
    return int(app.main([]))
