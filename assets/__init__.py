"""Game data shipped inside the package as ``frontier_desktop._assets`` (see setup.py and
``frontier_desktop.resources``): themes, sample decks, puzzle positions, the icon."""
