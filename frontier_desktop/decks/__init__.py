"""Deck lists: formats (read and write), name checking and per-variant deck rules. No pygame."""
