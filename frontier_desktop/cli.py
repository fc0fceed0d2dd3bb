"""The ``frontier-desktop`` command line: the game by default, tools as subcommands.

Each tool module exposes ``register(subparsers)`` that adds its subcommand and sets
``func`` on the parsed namespace; ``func(args)`` returns the exit code.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from collections.abc import Sequence

from frontier_desktop import __version__
from frontier_desktop.launch import run_game

SUBCOMMAND_MODULES = (
    "frontier_desktop.position",
    "frontier_desktop.record",
    "frontier_desktop.cards.cli",
    "frontier_desktop.decks.cli",
    "frontier_desktop.ui.screenshot",
    "frontier_desktop.net.cli",
    "frontier_desktop.effects_cli",
    "frontier_desktop.selfplay",
    "frontier_desktop.desktop_entry",
)
"""Modules that add subcommands, in the order they are listed in ``--help``."""

ACTION_MODULES: dict[str, tuple[str, ...]] = {
    "frontier_desktop.cards.cli": ("frontier_desktop.decks.prefetch",),
}
"""Actions attached to another module's subcommand: ``cards prefetch`` reads deck lists, and
the card layer may not import the deck layer. Each module's ``register_action(actions,
guard)`` gets what that subcommand's ``register`` returned and its ``guard``."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="frontier-desktop",
        description="A desktop tabletop for the grid-based Magic: the Gathering variants. "
        "Run with no subcommand to open the game.",
        epilog="The log is written to the user log folder (frontier-desktop.log); "
        "'frontier-desktop COMMAND --help' describes each command.",
    )
    parser.add_argument("--version", action="version", version=f"frontier-desktop {__version__}")
    parser.add_argument("-v", "--verbose", action="count", default=0,
                        help="show more on stderr (-vv: debug) and write debug lines to the log")
    parser.add_argument("-q", "--quiet", action="store_true", help="show only errors on stderr")
    parser.add_argument("--headless-check", action="store_true",
                        help="start without a screen, reach the main menu, and exit (checks "
                        "an install; exit code 0 when it works)")
    parser.set_defaults(show_help=parser.print_help)  # the game's fallback (launch.run_game)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMAND_MODULES:
        module = importlib.import_module(name)
        actions = module.register(subparsers)
        for extra in ACTION_MODULES.get(name, ()):
            importlib.import_module(extra).register_action(actions, module.guard)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # Commands print JSON or plain text on stdout: keep pygame's import banner out of it.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    parser = build_parser()
    args = parser.parse_args(argv)
    from frontier_desktop.logs import setup_logging

    log = setup_logging(args.verbose, args.quiet)
    logging.getLogger(__name__).info("frontier-desktop %s: %s (log: %s)", __version__,
                                     args.command or "game", log)
    if getattr(args, "func", None) is None:
        return run_game(args)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
