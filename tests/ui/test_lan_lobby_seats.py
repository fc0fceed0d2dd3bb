"""The LAN lobby's N-seat polish: a resumed game checks decks by its own variant (not
Frontier's), and the host frees a lobby seat a guest sits on ("Free seat")."""

from __future__ import annotations

import random
import shutil

import pytest

from frontier_desktop.net.cli import load_deck
from frontier_desktop.selfplay import sample_paths
from frontier_desktop.ui.scenes.lan import LanScene
from tests.net.conftest import pool
from tests.net.test_conquering_lan import connect_all, make_guest, make_host, play
from tests.ui.helpers import press, step
from tests.ui.test_lan_table import step_until

pytestmark = pytest.mark.timeout(150)


def frontier_names() -> list[str]:
    return [c.name for c in load_deck(sample_paths("frontier", 1)[0], pool())]


def test_a_resumed_conquering_game_checks_decks_by_the_conquerings_rules(app, tmp_path):
    host = make_host(tmp_path)
    ben, cat = make_guest(host, "Ben", seat=1), make_guest(host, "Cat", seat=2)
    try:
        connect_all(ben, cat)
        play(host, {1: ben, 2: cat}, 6, random.Random(2))
    finally:
        ben.close()
        cat.close()
        host.close()
    app.paths.data_dir.mkdir(parents=True, exist_ok=True)
    shutil.copy(tmp_path / "autosave.jsonl", app.paths.data_dir / "lan-autosave.jsonl")
    lobby = LanScene(app)
    app.scenes.push(lobby)
    step(app)
    lobby.resume_last(bind="127.0.0.1")
    try:
        net = lobby.net
        assert net is not None, lobby.note
        assert net.source.played_variant() == "conquering" and list(net.guests) == [1, 2]
        # a Frontier deck (basic lands) is not a Conquering deck: the Frontier checker
        # would have passed it
        problems = net.check_deck(frontier_names())
        assert problems and any("land" in p for p in problems)
    finally:
        lobby.stop()
