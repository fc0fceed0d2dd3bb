"""The table's parts: layout and rendering, log words."""
