"""Scenes: menu, setup, table, cover, game over, settings, replay."""
