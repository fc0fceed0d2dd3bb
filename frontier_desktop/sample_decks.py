"""The bundled sample decks a seat plays when it is given none (the LAN host's and guest's).

Beside :mod:`.resources`, not in ``decks/``: the deck package imports only the rules and the
card layer, and these are the program's own files.
"""

from __future__ import annotations

from pathlib import Path

from frontier_desktop import resources

DEFAULT_DECKS = tuple(resources.decks_dir() / name for name in resources.QUICK_DECKS)
"""The bundled sample decks: the host's and the guest's when none is given."""


def default_deck(variant: str, seat: int) -> Path:
    """The sample deck a seat plays when none is given: the quick-game decks for Frontier;
    for another variant its sample decks, in name order (the first one again when there is
    only one).

    Raises:
        ValueError: no sample deck of *variant*.
    """
    if variant == "frontier":
        return DEFAULT_DECKS[seat]
    from frontier_desktop.selfplay import sample_paths

    return sample_paths(variant, seat + 1)[seat]
