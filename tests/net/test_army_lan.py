"""Army Magic over LAN: the deck sections (home base, land grid, initial forces) cross the wire
with the guest's army and are committed to before the seed; a hostile guest's sections are
refused in a player's words; the guest never learns a face-down land, a hidden treasure or the
host's hand; a whole Army game ends with equal views and a clean audit."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

import pytest

from frontier_desktop.decks.loading import deck_checker, read_deck_parts
from frontier_desktop.net import GameSource, HostSession, JoinError
from frontier_desktop.net import fairness
from frontier_desktop.net.framing import FrameDecoder
from frontier_desktop.net.protocol import decode, make
from frontier_desktop.rules import Card
from frontier_desktop.rules.views import describe
from frontier_desktop.selfplay import pick, sample_paths
from tests.net.conftest import DECK_A, make_guest, pool
from tests.net.test_session import wait_until

pytestmark = pytest.mark.timeout(120)


@functools.lru_cache(maxsize=1)
def army():
    """The sample army (Monk Legion) as a :class:`~frontier_desktop.decks.loading.DeckFile`."""
    return read_deck_parts(sample_paths("army", 1)[0], pool())


def names(cards) -> list[str]:
    return [c.name for c in cards]


def army_host(tmp_path, *, fixed=None, options=None, tap=None, seed=None) -> HostSession:
    """An Army host playing the sample army; the guest brings its own unless *fixed* gives
    both seats' ``(deck, sections)``."""
    mine = army()
    if fixed is None:
        decks = [list(mine.cards), None]
        sections = [mine.sections, None]
    else:
        decks = [list(d) for d, _ in fixed]
        sections = [s for _, s in fixed]
    source = GameSource(decks=decks, sections=sections, variant="army", names=["Ann", "Ben"],
                        guest_fallback=list(mine.cards), guest_fallback_sections=mine.sections,
                        options=options, seed=seed, points=mine.points)
    host = HostSession(source, autosave=tmp_path / "autosave.jsonl", resolve_card=pool().card,
                       check_deck=deck_checker(pool(), "army", points=mine.points),
                       heartbeat=0.2, timeout=3.0, tap=tap)
    host.listen("127.0.0.1", 0)
    return host


def play_army(host, guest, rnd, limit=3000, turns=40, resync_every=None):
    """Both seats play the selfplay bot (the host's over its session, the guest's from its
    view) to the end, or concede after *turns* turns; every *resync_every* actions the guest
    asks for a full resync (a ``sync`` with the log since the start)."""
    n = 0
    while not host.is_over and n < limit:
        if resync_every and n and n % resync_every == 0:
            syncs = guest.resyncs
            guest._conn.send(make("resync", state_id=0))
            assert wait_until(lambda: guest.resyncs > syncs, 15)
        seat = host.acting_seat()
        if seat == host.host_seat:
            session, options = host, host.legal_actions(seat)
        else:
            assert wait_until(lambda: guest.state_id == host.state.state_id, 15)
            assert wait_until(lambda: bool(guest.legal_actions(guest.seat)), 15)
            session, options = guest, guest.legal_actions(guest.seat)
        action = {"type": "concede"} if host.state.turn > turns else pick("army", options, rnd)
        result = session.submit(seat, action)
        assert result.ok, result.reason
        n += 1
    return n


# ---------------------------------------------------------------- the sections cross the wire

def test_the_guest_brings_its_army_with_its_sections(tmp_path):
    host = army_host(tmp_path)
    mine = army()
    guest = make_guest(host, deck=names(mine.cards), sections=mine.section_names(),
                       reconnect=False)
    try:
        guest.connect(timeout=10)
        players = host.header["players"]
        for player in players:  # both halves laid from the sections, in canonical order
            assert player["sections"] == fairness.canonical_sections(mine.section_names())
            assert player["deck"] == sorted(names(mine.cards))
        state = host.state
        homes = {c.extra["stronghold_of"]: state.name(c.land) for c in state.cells.values()
                 if c.extra.get("stronghold_of") is not None}
        assert homes == {0: "Plains", 1: "Plains"}
        assert sum(1 for c in state.cells.values() if not c.face_up) == 28
        view = guest.view()
        assert all(cell["land"] is None for row in view["board"]["rows"] for cell in row
                   if not cell["face_up"])
        assert len(guest.verifier.commitments) == 28  # every face-down land committed
    finally:
        guest.close()
        host.close()


def test_the_sections_are_in_the_setup_commitment(tmp_path):
    """A host that lays out another land grid than the one it committed to before the seed
    fails the audit (the commitment covers the sections, not only the decks)."""
    mine = army()
    header = {"variant": "army", "players": [
        {"deck": sorted(names(mine.cards)),
         "sections": fairness.canonical_sections(mine.section_names())}] * 2}
    nonce = fairness.new_nonce()
    committed = fairness.setup_commit(nonce, fairness.setup_document(header))
    swapped = json.loads(json.dumps(header))
    swapped["players"][1]["sections"]["land_grid"] = ["Mountain"] * 14
    assert fairness.setup_commit(nonce, fairness.setup_document(swapped)) != committed
    # and a Frontier header's document is what it always was (no "sections" key)
    assert "sections" not in fairness.setup_document({"variant": "frontier", "players": [
        {"deck": ["Forest"]}, {"deck": ["Island"]}]})


def test_sections_out_of_the_canonical_order_fail_the_audit():
    mine = army()
    parts = fairness.canonical_sections(mine.section_names())
    parts["land_grid"] = list(reversed(parts["land_grid"]))
    problems = fairness.audit(
        host_commit=fairness.commit("ab" * 16), host_nonce="ab" * 16, guest_nonce="cd" * 16,
        seed_mode="fixed", commitments={}, salts={}, final_view=None, seat=1,
        record=[{"format": "frontier-record/1", "variant": "army", "players": [
            {"name": "Ann", "deck": sorted(names(mine.cards)), "sections": parts},
            {"name": "Ben", "deck": sorted(names(mine.cards)), "sections": parts}]}],
        own_sections=mine.section_names())
    assert any("canonical order" in p for p in problems), problems
    assert any("different home base" in p for p in problems), problems


@pytest.mark.parametrize("deck, sections, reason", [
    # a land grid of four lands: the Army deck rules say what is wrong
    (lambda a: names(a.cards), lambda a: {"home_base": ["Plains"], "land_grid": ["Plains"] * 3},
     "the land grid has 4 lands"),
    # a spell in the land grid
    (lambda a: names(a.cards), lambda a: {"home_base": ["Plains"],
                                          "land_grid": ["Plains"] * 13 + ["Shivan Dragon"]},
     "Shivan Dragon in the Land grid section is not a land"),
    # initial forces worth far more than the army's points, and lands among them
    (lambda a: names(a.cards), lambda a: {**a.section_names(),
                                          "initial_forces": ["Shivan Dragon"] * 40},
     "points"),
    # a card the host does not know
    (lambda a: names(a.cards), lambda a: {**a.section_names(), "land_grid": ["Unobtainium"]},
     "your land grid names a card this host does not know"),
    # no sections at all (a Frontier deck, or an old client)
    (lambda a: names(a.cards), lambda a: None, "your army has no land grid"),
    # an absurd army: 500 copies of one dragon
    (lambda a: ["Shivan Dragon"] * 500, lambda a: a.section_names(), "Shivan Dragon"),
])
def test_a_hostile_guests_army_is_refused_in_a_players_words(tmp_path, deck, sections, reason):
    host = army_host(tmp_path)
    guest = make_guest(host, deck=deck(army()), sections=sections(army()), reconnect=False)
    try:
        with pytest.raises(JoinError, match=reason) as raised:
            guest.connect(timeout=10)
        text = str(raised.value)
        assert "{" not in text and "None" not in text and "Error" not in text, text
        assert not host.started.is_set() and host.state is None
        # the seat stays free: the honest army joins after the refusal
        again = make_guest(host, deck=names(army().cards), sections=army().section_names(),
                           reconnect=False)
        again.connect(timeout=10)
        again.close()
    finally:
        guest.close()
        host.close()


def test_a_frontier_host_refuses_an_army_with_sections(tmp_path):
    from tests.net.test_guest_deck import open_host

    host = open_host(tmp_path)
    guest = make_guest(host, deck=[c.name for c in read_deck_parts(DECK_A, pool()).cards],
                       sections=army().section_names(), reconnect=False)
    try:
        with pytest.raises(JoinError, match="Army Magic sections"):
            guest.connect(timeout=10)
    finally:
        guest.close()
        host.close()


def test_sections_of_the_wrong_shape_are_refused_at_the_protocol():
    from frontier_desktop.net.protocol import ProtocolError, make

    base = dict(program="p", protocol=1, cards="c", name="Ben", deck=["Plains"], token=None,
                commit="ab" * 16)
    make("hello", **base, sections={"land_grid": ["Plains"] * 15})
    for bad in ({"graveyard": ["Plains"]}, {"land_grid": ["Plains"] * 501},
                {"land_grid": "Plains"}, {"land_grid": [7]}):
        with pytest.raises(ProtocolError):
            make("hello", **base, sections=bad)


# ---------------------------------------------------------------- hidden information

def unique_army(tag: str):
    """The sample army with every grid land renamed uniquely (a name on the wire pins down one
    square) and a uniquely named artifact among its initial forces (hidden treasure)."""
    mine = army()
    counter = iter(range(1000))

    def renamed(card: Card, name: str) -> Card:
        obj = dict(pool().get(card.name))
        obj["name"] = name
        return Card.from_scryfall(obj)

    sections = {
        "home_base": list(mine.sections["home_base"]),
        "land_grid": [renamed(c, f"Secret {tag} {c.name} {next(counter):02d}")
                      for c in mine.sections["land_grid"]],
        "initial_forces": [renamed(pool().card("Sol Ring"), f"Hidden Idol {tag} {i}")
                           for i in range(2)],
    }
    return list(mine.cards), sections


def test_the_guest_never_learns_a_face_down_land_a_treasure_or_the_hosts_hand(tmp_path):
    captured: list[bytes] = []
    host = army_host(tmp_path, fixed=[unique_army("A"), unique_army("B")],
                     options={"hidden_treasure": True}, tap=captured.append, seed=5)
    guest = make_guest(host, deck=None, reconnect=False)
    guest.connect(timeout=10)
    start = host.state
    treasure_at = {}
    for pos, cell in start.cells.items():
        for obj in (cell.extra or {}).get("_treasure", []):
            treasure_at[start.name(obj)] = fairness.square_key(start, pos)
    assert len(treasure_at) == 4
    try:
        play_army(host, guest, random.Random(3), resync_every=97)
        assert guest.audited.wait(10)
        assert not guest.fairness_warnings, guest.fairness_warnings
    finally:
        guest.close()
        host.close()
    state = host.state
    land_names = {name for name, _ in state.cards.values() if name.startswith("Secret ")}
    assert len(land_names) == 28
    hidden_ids = set(state.players[0].hand) | set(state.players[0].library) | \
        set(state.players[1].library)
    revealed: set[str] = set()
    revealed_at: set[str] = set()
    treasures = 0
    syncs = 0
    decoder = FrameDecoder()
    bodies = [b for chunk in captured for b in decoder.feed(chunk)]
    assert len(bodies) > 200
    for body in bodies:
        msg = decode(body)
        if msg["type"] == "audit":
            continue  # sent after the game: the whole record, by design
        text = body.decode("utf-8")
        syncs += msg["type"] == "sync"
        events = list(msg.get("events", []))
        for entry in msg.get("log", []):
            events += entry["events"]
        for event in events:
            if event.get("type") == "revealed":
                revealed.add(event["land"])
                revealed_at.add(fairness.key_of_wire(event["at"]))
            treasures += event.get("type") == "treasure"
        for name in land_names:
            if name in text:
                assert name in revealed, f"{name} crossed the wire before it was revealed"
        for name, key in treasure_at.items():
            if name in text:
                assert key in revealed_at, f"{name} crossed the wire before its land was explored"
        for secret in hidden_ids:
            assert secret not in text
        for key in ('"seed"', '"rng_counter"', '"library"', '"nonce"', '"_treasure"'):
            assert key not in text
        view = msg.get("view")
        if view is not None:
            assert "hand" not in view["players"][0] and "hand_ids" not in view["players"][0]
    assert revealed, "the game explored some lands"
    assert treasures, "some hidden treasure was found"
    assert syncs >= 2, "the log of a full resync was inspected too"


def test_a_whole_army_game_over_lan_ends_with_equal_views_and_a_clean_audit(tmp_path):
    host = army_host(tmp_path)
    mine = army()
    guest = make_guest(host, deck=names(mine.cards), sections=mine.section_names(),
                       reconnect=False)
    guest.connect(timeout=10)
    try:
        assert guest.seed_mode == "commit-reveal"
        play_army(host, guest, random.Random(8), turns=200)
        assert host.is_over and host.state.winner is not None
        assert guest.audited.wait(10)
        assert guest.audit_problems == [] and not guest.fairness_warnings
        assert wait_until(lambda: guest.state_id == host.state.state_id)
        assert guest.view() == describe(host.state, viewer=guest.seat)
    finally:
        guest.close()
        host.close()


def test_an_army_host_that_changes_a_face_down_land_after_committing_is_caught(tmp_path):
    host = army_host(tmp_path)
    guest = make_guest(host, deck=None, reconnect=False)
    guest.connect(timeout=10)
    try:
        with host.changed:  # the host swaps every face-down Plains and Mountain
            state = host.state
            for cell in state.cells.values():
                if cell.land is not None and not cell.face_up:
                    name, owner = state.cards[cell.land]
                    state.cards[cell.land] = ("Mountain" if name == "Plains" else "Plains", owner)
        rnd = random.Random(4)
        for _ in range(400):
            if guest.verifier.problems or host.is_over:
                break
            play_army(host, guest, rnd, limit=1)
        assert any("not the land it committed to" in p for p in guest.verifier.problems)
    finally:
        guest.close()
        host.close()


def test_the_army_guest_reconnects_and_the_game_goes_on_with_the_same_commitments(tmp_path):
    host = army_host(tmp_path)
    mine = army()
    guest = make_guest(host, deck=names(mine.cards), sections=mine.section_names())
    guest.connect(timeout=10)
    try:
        rnd = random.Random(6)
        play_army(host, guest, rnd, limit=40)
        commitments = dict(guest.verifier.commitments)
        host._conn.close("simulated drop")           # no bye: a dropped connection
        assert wait_until(lambda: host.status().state == "reconnecting")
        assert wait_until(lambda: guest.status().state == "connected"
                          and host.status().state == "connected", 10)
        assert wait_until(lambda: guest.view() == describe(host.state, viewer=guest.seat))
        assert guest.verifier.commitments == commitments
        play_army(host, guest, rnd, limit=40)
        assert wait_until(lambda: guest.view() == describe(host.state, viewer=guest.seat))
        assert not guest.fairness_warnings
    finally:
        guest.close()
        host.close()


def test_an_army_position_hosted_over_lan_is_said_plainly_and_audits_clean(tmp_path):
    doc = json.loads((Path(__file__).resolve().parents[2] / "assets" / "positions" /
                      "army-border-fight.json").read_text())
    doc.pop("seed", None)
    host = HostSession(GameSource(position=doc, names=["Ann", "Ben"]), heartbeat=0.2,
                       timeout=3.0, autosave=tmp_path / "autosave.jsonl")
    host.listen("127.0.0.1", 0)
    guest = make_guest(host, deck=None, reconnect=False)
    guest.connect(timeout=10)
    try:
        assert guest.seed_mode == "position" and "position file" in (guest.unfair_board or "")
        assert host.acting_seat() == host.host_seat  # Ann's turn: explore, then concede
        assert host.submit(0, {"type": "move", "units": ["giant"], "to": [1, 3]}).ok
        assert wait_until(lambda: guest.state_id == host.state.state_id)
        assert guest.view()["board"]["rows"][1][3]["land"] == "Forest"   # revealed, checked
        assert guest.verifier.checked >= 1
        assert host.submit(0, {"type": "concede"}).ok
        assert guest.audited.wait(10)
        assert guest.audit_problems == [] and not guest.fairness_warnings
    finally:
        guest.close()
        host.close()
