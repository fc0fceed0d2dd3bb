"""The game log in a player's words: every event the engine emits, band combat, and names that
survive loading a save and the replay viewer (without naming anything hidden)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.decks import Section, read_deck_file
from frontier_desktop.record import new_game, read_record, replay, write_record
from frontier_desktop.rules import acting_seat, apply, legal_actions
from frontier_desktop.rules.views import describe, log_view
from frontier_desktop.session import LocalSession
from frontier_desktop.ui.table.words import SILENT_EVENTS, Namer, all_lines, entry_lines, event_words
from tests.rules.helpers import position, unit

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "frontier_desktop" / "rules"
PREFERENCE = ("attack", "cast", "move", "place_token", "keep", "done_attacking", "done_moving",
              "pass")


def _deck(name: str, pool: BundledPool) -> list:
    result = read_deck_file(ROOT / "assets" / "decks" / name, cards=pool)
    cards = []
    for entry in result.deck.entries:
        if entry.section is Section.MAIN:
            cards += [pool.card(entry.name)] * entry.count
    return cards


@pytest.fixture(scope="module")
def decks() -> list[list]:
    pool = BundledPool.load()
    return [_deck("frontier_bog_and_forest_walkers.txt", pool),
            _deck("frontier_banners_of_benalia.txt", pool)]


def _game(decks: list[list], seed: int, limit: int = 700, manual: bool = False):
    """An aggressive bot game (as tests/rules/test_aggressive_games.py) with its record."""
    state, header = new_game("frontier", decks, ["Ann", "Ben"], seed=seed,
                             options={"board_depth": 3})
    chooser = random.Random(seed)
    lines = []
    for _ in range(limit):
        seat = acting_seat(state)
        if seat is None:
            break
        by_kind: dict[str, list] = {}
        for action in legal_actions(state, seat):
            by_kind.setdefault(action.type, []).append(action.to_wire())
        if manual and state.phase == "main" and chooser.random() < 0.1:
            by_kind.update(_manual_options(state, seat, chooser))
        preferred = [k for k in PREFERENCE if k in by_kind]
        kind = preferred[0] if preferred and chooser.random() < 0.8 else chooser.choice(sorted(by_kind))
        action = chooser.choice(by_kind[kind])
        try:
            state, _ = apply(state, action, seat)
        except ValueError:
            continue
        lines.append({"seat": seat, "action": action})
    return state, header, lines


def _manual_options(state, seat: int, chooser: random.Random) -> dict[str, list[dict[str, Any]]]:
    """Every manual action of the menu, on objects of the game (some are refused; fine)."""
    mine = [p.id for p in state.perms.values() if p.controller == seat]
    squares = [list(pos) for pos, cell in sorted(state.cells.items()) if cell.land is not None]
    hand = state.players[seat].hand
    out: dict[str, list[dict[str, Any]]] = {
        "roll": [{"type": "roll", "sides": 6}],
        "draw": [{"type": "draw", "count": 1}],
        "life": [{"type": "life", "player": 1 - seat, "delta": -1},
                 {"type": "life", "player": seat, "delta": 2}],
        "create_token": [{"type": "create_token", "at": "staging", "name": "Soldier",
                          "colors": ["W"]}],
    }
    if squares:
        sq = chooser.choice(squares)
        out["manual_tap"] = [{"type": "manual_tap", "target": sq}]
        out["manual_untap"] = [{"type": "manual_untap", "target": sq}]
        out["destroy_land"] = [{"type": "destroy_land", "at": sq}]
    if mine:
        u = chooser.choice(mine)
        out["counters"] = [{"type": "counters", "unit": u, "kind": "+1/+1", "delta": 1}]
        out["pt_change"] = [{"type": "pt_change", "unit": u, "power": 2, "toughness": -1}]
        out["regenerate"] = [{"type": "regenerate", "unit": u}]
        out["manual_tap_unit"] = [{"type": "manual_tap", "target": u}]
        out["destroy"] = [{"type": "destroy", "unit": u}]
        out["move_card"] = [{"type": "move_card", "card": u, "to": "hand"}]
    if hand:
        out["move_card_hand"] = [{"type": "move_card", "card": hand[0], "to": "graveyard"}]
    return out


def _emitted_types() -> set[str]:
    """Every event type the rules source can emit (``{"type": "..."`` in an event dict)."""
    found: set[str] = set()
    for path in [RULES / "engine.py", *sorted((RULES / "variants").rglob("*.py")),
                 *sorted((RULES / "core").rglob("*.py"))]:
        found |= set(re.findall(r'(?:events\.append\(|Event = )\{"type": "?([a-z_]+)', path.read_text()))
        found |= set(re.findall(r'"type": "(died)" if', path.read_text()))
        found |= set(re.findall(r'else "(left)", "unit"', path.read_text()))
    return found


# Hand-made examples for event types a short bot game may not reach.
SAMPLES: list[dict[str, Any]] = [
    # the Conquering (issue 14)
    {"type": "mana", "player": 0, "roll": 4, "added": "{G}{G}{G}{G}{W}", "pool": "{G}{G}{G}{G}{W}"},
    {"type": "mana", "player": 1, "roll": None, "added": ""},
    {"type": "cv", "at": [1, 1], "value": 3},
    {"type": "conquer", "player": 0, "at": "S1", "units": ["u1"]},
    {"type": "conquer_damage", "at": "Ai", "damage": 4, "cv": 3},
    {"type": "entered", "unit": "u1", "name": "River Boa", "at": "S0"},
    {"type": "stronghold_lost", "player": 1, "by": 0, "turns_left": 5},
    {"type": "retake_countdown", "player": 1, "turns_left": 4},
    {"type": "eliminated", "player": 1, "reason": "did not retake their stronghold in time"},
    {"type": "life_ignored", "player": 1, "amount": 3, "what": "damage", "source": "Lightning Bolt"},
    # the War Game (issue 15)
    {"type": "supply", "player": 0, "roll": 4, "total": 6},
    {"type": "supply", "player": 1, "roll": None, "total": 2},
    {"type": "healed", "unit": "u1", "amount": 1, "paid": 1, "damage": 1, "free": False},
    {"type": "healed", "unit": "u1", "amount": 1, "paid": 0, "damage": 0, "free": True},
    # fx-mana
    {"type": "mana_added", "player": 0, "mana": "{B}{B}{B}", "by": "Dark Ritual",
     "pool": "{B}{B}{B}"},
    {"type": "land_tapped_by_effect", "at": [2, 3], "land": "Forest", "player": 0,
     "by": "Icy Manipulator"},
    {"type": "mana_restricted", "player": 0, "mana": "{C}{C}{C}", "for": "artifact",
     "pool": ""},
    {"type": "pool_emptied", "player": 1, "by": "Mana Short"},
    {"type": "land_makes_colourless", "at": [2, 3], "land": "Plains", "player": 0,
     "by": "Quarum Trench Gnomes", "instead_of": "W"},
    {"type": "keep_tapped", "at": [2, 3], "land": "Bottomless Vault", "player": 0, "on": True},
    {"type": "land_enters_tapped", "at": [2, 3], "land": "Dwarven Ruins", "player": 0},
    {"type": "land_untapped", "at": [2, 3], "land": "Forest", "player": 0, "by": "Ley Druid"},
    {"type": "land_counters", "at": [2, 3], "land": "Lava Tubes", "player": 0,
     "counter": "depletion", "count": 1},
    # fx-oneshots (rules/core/fx_oneshots.py)
    {"type": "poison", "player": 1, "count": 1, "by": "Pit Scorpion"},
    {"type": "silenced", "unit": "u1", "by": "Horn of Deafening"},
    {"type": "chosen", "player": 0, "by": "Circle of Protection: Red", "source": "u1",
     "name": "River Boa"},
    {"type": "no_choice", "player": 0, "card": "Circle of Protection: Red", "what": "source"},
    {"type": "untapped", "unit": "u1", "by": "Jolt"},
    {"type": "exiled", "player": 1, "card": "Hill Giant", "from": "graveyard", "by": "Headstone"},
    {"type": "searched", "player": 0, "by": "Demonic Tutor", "card": None, "to": "hand"},
    {"type": "searched", "player": 0, "card": None, "by": "Rampant Growth", "no_lands": True},
    {"type": "shuffled", "player": 0, "cards": 0, "by": "Demonic Tutor"},
    {"type": "looked", "player": 0, "at": 1, "cards": ["Hill Giant"]},
    {"type": "put_back", "player": 0, "card": "Hill Giant"},
    {"type": "to_library", "player": 0, "card": "Hill Giant", "where": "top", "by": "Reinforcements"},
    {"type": "no_regeneration", "unit": "u1", "by": "Gravebind"},
    {"type": "declined", "player": 1, "by": "Soldevi Heretic"},
    {"type": "kept_looked", "player": 0, "card": "Hill Giant", "by": "Browse"},
    {"type": "milled", "player": 0, "card": "Hill Giant", "from": "library", "by": "Ancestral Memories"},
    {"type": "reordered", "player": 0, "at": 1, "count": 3, "by": "Elemental Augury"},
    {"type": "shielded_from", "player": 0, "what": "creatures with flying", "by": "Scarecrow"},
    {"type": "revealed_card", "player": 0, "card": "Hill Giant", "by": "Sindbad"},
    {"type": "to_bottom", "player": 1, "by": "Coral Fighters"},
    {"type": "redirection", "unit": "u1", "to": "u1", "amount": 1, "by": "Daughter of Autumn"},
    {"type": "stacked", "id": "s3", "card": "Lightning Bolt", "controller": 0,
     "targets": ["u1", {"player": 1}], "kind": "spell"},
    {"type": "priority", "player": 1, "stack": "s3"},
    {"type": "fog", "player": 1, "card": "Fog"},
    {"type": "resolved", "id": "s3", "card": "Lightning Bolt", "player": 0},
    {"type": "countered", "id": "s3", "card": "Lightning Bolt", "player": 0,
     "by": "Counterspell"},
    {"type": "fizzled", "id": "s3", "card": "Lightning Bolt", "player": 0,
     "reason": "its targets are all illegal now"},
    {"type": "by_hand", "player": 0, "card": "Mind Rot",
     "clauses": ["Target player discards two cards."]},
    {"type": "pumped", "unit": "u1", "power": 3, "toughness": 3},
    {"type": "tapped", "unit": "u1", "by": "Icy Manipulator"},
    {"type": "prevention", "unit": "u1", "amount": 3},
    {"type": "prevented", "unit": "u1", "amount": 2},
    {"type": "shielded", "unit": "u1"},
    {"type": "choose", "player": 1, "kind": "discard", "count": 2, "by": "Mind Rot"},
    {"type": "returned", "player": 0, "card": "Grizzly Bears", "to": "hand"},
    {"type": "delayed", "player": 0, "card": "Blessed Wine",
     "text": "Draw a card at the beginning of the next turn's upkeep."},
    {"type": "paid", "player": 0, "amount": 1, "card": "Lightning Bolt"},
    {"type": "choose", "player": 0, "kind": "pay", "amount": 1, "card": "Lightning Bolt",
     "by": "Force Spike"},
    {"type": "gained", "unit": "u1", "keywords": ["flying"]},
    {"type": "marked", "unit": "u1", "mark": "can't be blocked", "lost": False},
    {"type": "marked", "unit": "u1", "mark": "flying", "lost": True},
    {"type": "marked", "unit": "u1", "mark": "switched", "lost": False},
    {"type": "prevented", "unit": "u1", "amount": 2, "dealt_by": True},
    {"type": "redirected", "unit": "u1", "player": 1, "amount": 3},
    {"type": "prevention", "player": 1, "amount": 1_000_000, "all": True},
    {"type": "prevented", "player": 1, "amount": 2},
    {"type": "counters", "unit": "u1", "kind": "+1/+1", "delta": 1, "count": 1},
    *({"type": "consent_asked", "player": 0, "by": 1, "action": a, "for": "Lightning Bolt"}
      for a in ({"type": "life", "player": 0, "delta": -20}, {"type": "destroy", "unit": "u1"},
                {"type": "pt_change", "unit": "u1", "power": -5, "toughness": -5},
                {"type": "destroy_land", "at": [1, 1]}, {"type": "manual_tap", "target": [1, 1]},
                {"type": "move_card", "card": "u1", "to": "graveyard"},
                {"type": "counters", "unit": "u1", "kind": "-1/-1", "delta": 3},
                {"type": "create_token", "at": [2, 2], "name": "Dragon", "power": 99,
                 "toughness": 99, "keywords": ["Flying"]})),
    {"type": "consent", "player": 0, "by": 1, "action": {"type": "destroy", "unit": "u1"},
     "for": None, "answer": "accepted"},
    {"type": "consent", "player": 0, "by": 1, "action": {"type": "destroy", "unit": "u1"},
     "for": "Terror", "answer": "declined"},
    {"type": "consent", "player": 0, "by": 1, "action": {"type": "destroy", "unit": "u1"},
     "for": None, "answer": "lapsed", "why": "the game ended"},
    {"type": "assign_choice", "player": 0, "on": False},
    {"type": "choose", "player": 1, "kind": "assign", "attacker": "u1", "units": ["u1"],
     "amount": 2},
    {"type": "assigned", "player": 1, "attacker": "u1", "damage": {"u1": 2}, "default": False},
    {"type": "draw_empty", "player": 1},
    {"type": "left", "unit": "u1", "name": "Grizzly Bears", "owner": 0, "controller": 0,
     "at": [1, 2], "to": "hand", "reason": "moved by hand"},
    {"type": "fizzled", "unit": "u1", "reason": "the way is blocked"},
    {"type": "stopped", "unit": "u1", "at": [2, 3], "reason": "a flyer blocks"},
    {"type": "trample", "unit": "u1", "at": [3, 3], "amount": 2},
    {"type": "trample", "unit": "u1", "at": None, "amount": 2, "lost": True},
    {"type": "regenerated", "unit": "u1", "name": "River Boa", "from": [2, 2]},
    {"type": "activated", "unit": "u1", "name": "Llanowar Elves", "cost": "{T}",
     "effect": "Add {G}.", "modelled": False},
    {"type": "choose", "player": 0, "kind": "place_token"},
    # fx-targets: a triggered ability's targets
    {"type": "choose", "player": 0, "kind": "targets", "card": "Test Sparker", "stack": "s4"},
    {"type": "targeted", "id": "s4", "card": "Test Sparker", "player": 0,
     "targets": ["u1", {"player": 1}, [2, 3]]},
    {"type": "trigger_removed", "id": "s4", "card": "Test Sparker", "player": 0,
     "reason": "it has no legal target"},
    {"type": "resolving", "kind": "attack"},
    {"type": "pending", "action": {"type": "move", "unit": "u1", "to": [1, 1]}, "seat": 0},
    {"type": "land_destroyed", "at": [0, 4], "land": "Forest", "player": 1, "how": "sacrificed"},
    {"type": "dice", "player": 0, "sides": 20, "result": 17},
    {"type": "lost", "player": 0, "reason": "drew from an empty library"},
    {"type": "control", "at": [0, 4], "from": None, "to": 0},
    {"type": "control", "at": [0, 4], "from": 1, "to": 0, "land": "Forest"},
    {"type": "control", "at": [0, 4], "from": 1, "to": None},
    {"type": "manual", "player": 0, "action": "pt_change", "unit": "t1", "name": "Green Token",
     "power": 1, "toughness": 1},
    {"type": "manual", "player": 0, "action": "move_card", "from": "hand", "to": "library_top",
     "card": "c9", "name": "Terror"},
    {"type": "manual", "player": 1, "action": "counters", "unit": "u1", "name": "River Boa",
     "kind": "+1/+1", "delta": -1, "count": 0},
    {"type": "manual", "player": 1, "action": "draw", "count": 2},
    {"type": "manual", "player": 1, "action": "life", "player_changed": 0, "delta": -3},
    {"type": "discarded", "player": 0, "card": "Terror", "id": "c9"},
    {"type": "skip_draw", "player": 0},
    {"type": "responses", "player": 0, "on": True},
    # Army Magic
    {"type": "move_declared", "units": ["u1"], "to": [1, 2]},
    {"type": "explored", "at": [1, 2], "by": 0},
    {"type": "land_life", "at": [1, 2], "life": 4, "delta": -2},
    {"type": "damage", "source": "u1", "target": "land", "at": [1, 2], "amount": 2},
    {"type": "captured", "at": [1, 2], "by": 1, "from": 0},
    {"type": "retreated", "unit": "u1", "from": [1, 2], "to": [0, 2]},
    {"type": "block", "blocker": "u1", "attacker": "u1", "player": 1},
    {"type": "done_blocking", "player": 1, "blocks": {}},
    {"type": "loyalty", "unit": "u1", "name": "Chandra Nalaar", "delta": 1, "loyalty": 7},
    {"type": "attached", "unit": "u1", "name": "Bonesplitter", "to": "u1"},
    {"type": "unattached", "unit": "u1", "name": "Bonesplitter", "from": "u1", "at": [1, 2]},
    {"type": "unblocked", "blocker": "u1", "attacker": "u1", "player": 1,
     "reason": "Goblin Heelcutter has menace: it can't be blocked except by two or more "
               "creatures"},
    {"type": "combat_over", "at": [1, 2], "life": 4},
    {"type": "land_played", "player": 0, "card": "Forest", "id": "c1", "at": [0, 2]},
    {"type": "treasure", "at": [1, 2], "player": 0, "unit": "u1", "name": "Sol Ring"},
    {"type": "placed", "unit": "u1", "at": [1, 2]},
    {"type": "dropped", "unit": "u1", "name": "Sol Ring", "at": [1, 2], "to": 1},
    {"type": "dropped", "unit": "u1", "name": "Sol Ring", "at": [1, 2], "by": "u1"},
    {"type": "picked_up", "unit": "u1", "permanent": "c9", "name": "Sol Ring", "at": [1, 2],
     "player": 0, "from": 1},
    {"type": "life_paid", "player": 0, "amount": 2, "source": "c9"},
    {"type": "stronghold_returned", "at": "S1", "player": 1, "from": 0},
    {"type": "origin_chosen", "player": 0, "card": "Test Quaker", "id": "s1", "origin": "S1"},
    {"type": "not_created", "player": 0, "card": "Goblin", "unit": "u1", "token": True,
     "reason": "their stronghold already holds 3 of their creatures"},
    {"type": "regenerated", "unit": "u1", "name": "River Boa", "from": [1, 2], "stays": True},
    {"type": "choose", "player": 1, "kind": "blocks", "attackers": ["u1"], "at": [1, 2]},
    {"type": "lost", "player": 1, "reason": "home base at 0 life"},
    {"type": "held", "unit": "u1", "by": "Barl's Cage"},
    {"type": "extra_turn", "player": 0, "card": "Time Walk"},
    {"type": "no_attack", "unit": "u1", "by": "Wall of Dust"},
    {"type": "pumped", "unit": "u1", "power": 2, "toughness": 0, "until": "end of combat"},
    {"type": "pumped", "unit": "u1", "power": -2, "toughness": 0, "by": "end of combat"},
    {"type": "phased_out", "unit": "u1", "name": "Sandbar Crocodile", "player": 1},
    {"type": "phased_in", "unit": "u1", "name": "Sandbar Crocodile", "player": 1, "at": [1, 2]},
    {"type": "phased_in", "unit": "u1", "name": "Sandbar Crocodile", "player": 1,
     "at": "staging"},
    {"type": "choose", "player": 0, "kind": "pay_or_else", "cost": "{2}", "card": "Hasran Ogress",
     "text": "Hasran Ogress deals 3 damage to you"},
    {"type": "choose", "player": 1, "kind": "pay_upkeep", "cost": "{U}{U}", "card": "Chromium"},
    {"type": "paid", "player": 1, "amount": 2, "cost": "{U}{U}", "card": "Chromium"},
]

BAD = [re.compile(p) for p in (r"\bNone\b", r"[\[\]]", r"\{'", r"': ", r"\(unit ", r"\bunit\b",
                               r"\b[a-z]+_[a-z_]+\b", r"\br\d+c\d+\b")]


def _assert_words(line: str, ids: set[str]) -> None:
    for bad in BAD:
        assert not bad.search(line), f"{line!r} shows internal data ({bad.pattern})"
    for card_id in ids:
        if card_id in line:
            assert not re.search(rf"(?<![\w-]){re.escape(card_id)}(?![\w-])", line), \
                f"{line!r} shows the id {card_id!r}"


def test_every_event_type_the_engine_emits_reads_as_words(decks) -> None:
    emitted = _emitted_types()
    assert {"damage", "attack", "control", "manual", "land_tapped", "died"} <= emitted
    seen: dict[str, list[dict[str, Any]]] = {}
    ids: set[str] = set()
    for seed in range(4):
        state, _header, _lines = _game(decks, seed, manual=True)
        ids |= set(state.cards) | {f"t{i}" for i in range(1, state.next_id + 1)}
        for viewer in (0, 1):
            names = Namer(["Ann", "Ben"])
            for entry in log_view(state, viewer):
                for line in entry_lines(entry, names):
                    _assert_words(line, ids)
                for event in entry["events"]:
                    seen.setdefault(event["type"], []).append(event)
    for sample in SAMPLES:
        seen.setdefault(sample["type"], []).append(sample)
    missing = emitted - set(seen)
    assert not missing, f"no example of {sorted(missing)}: add one to SAMPLES"
    names = Namer(["Ann", "Ben"], {"u1": "River Boa"})
    for kind in sorted(emitted):
        for event in seen[kind]:
            text = event_words(event, names)
            if kind in SILENT_EVENTS:
                continue
            assert text, f"{kind} has no line"
            _assert_words(text, ids | {"u1", "c9", "t1"})
            if "_" in kind:  # "pt change (unit t1 ...)" was the raw type name
                assert kind.replace("_", " ") not in text, text


def test_every_action_type_has_a_line_or_its_events_speak(decks) -> None:
    """Manual actions (pt_change, activate...) read as sentences, never 'pt change (unit t1 ...)'."""
    state, _header, lines = _game(decks, 2, manual=True)
    kinds = {line["action"]["type"] for line in lines}
    assert {"pt_change", "counters", "manual_tap", "roll", "create_token"} & kinds
    names = Namer(["Ann", "Ben"])
    for entry in log_view(state, 0):
        out = entry_lines(entry, names)
        if entry["action"]["type"] not in ("pass",):
            assert out or entry["action"]["type"] in ("tap_land", "done_moving"), entry["action"]


def test_a_band_attack_names_every_member_and_the_creature_that_struck() -> None:
    names = Namer(["Ann", "Ben"], {"k": "White Knight", "h": "Benalish Hero",
                                   "g": "Grizzly Bears"})
    entry = {"seat": 0, "action": {"type": "attack", "unit": "k", "target": [3, 2]},
             "events": [{"type": "attack", "unit": "k", "units": ["k", "h"], "band": ["k", "h"],
                         "defenders": ["g"], "target": [3, 2]},
                        {"type": "damage", "source": "k", "target": "g", "amount": 2},
                        {"type": "damage", "source": "g", "sources": ["g"], "target": "h",
                         "amount": 2},
                        {"type": "damage", "source": "k", "sources": ["k", "h"],
                         "target": "player", "player": 1, "amount": 3}]}
    assert entry_lines(entry, names) == [
        "White Knight and Benalish Hero attack Grizzly Bears at column 3, row 4",
        "  White Knight deals 2 damage to Grizzly Bears",
        "  Grizzly Bears deals 2 damage to Benalish Hero",
        "  White Knight and Benalish Hero deal 3 damage to Ben",
    ]


def test_an_attack_logged_by_an_older_engine_still_reads() -> None:
    names = Namer(["Ann", "Ben"], {"k": "White Knight", "h": "Benalish Hero"})
    old = {"seat": 0, "action": {"type": "attack", "unit": "k", "target": "player"},
           "events": [{"type": "attack", "unit": "k", "units": ["k", "h"], "target": "player"},
                      {"type": "damage", "source": "k", "target": "player", "player": 1,
                       "amount": 3}]}
    assert entry_lines(old, names)[:2] == ["White Knight and Benalish Hero attack Ben",
                                           "  White Knight deals 3 damage to Ben"]
    bare = {"seat": 1, "action": {"type": "attack", "unit": "x", "target": [1, 1]}, "events": []}
    assert entry_lines(bare, names) == ["Ben attacks the creature at column 2, row 2 with a creature"]


def test_a_band_attack_in_a_real_game_names_the_band() -> None:
    grid = [["Plains"] * 4 for _ in range(5)]
    state = position(grid, [unit("k", "White Knight", 0, (2, 1)), unit("h", "Benalish Hero", 0, (2, 1)),
                            unit("g", "Grizzly Bears", 1, (3, 1))])
    state, _ = apply(state, {"type": "attack", "unit": "k", "target": [3, 1]}, 0)
    lines = all_lines(log_view(state, 1), Namer(["Ann", "Ben"]))
    assert "White Knight and Benalish Hero attack Grizzly Bears at column 2, row 4" in lines, lines
    assert any("deals" in line and "Grizzly Bears" in line for line in lines), lines


def _first_game_with_a_death(decks):
    for seed in range(12):
        state, header, lines = _game(decks, seed)
        dead = {e["unit"] for entry in state.log for e in entry["events"] if e["type"] == "died"}
        if any(e["type"] == "damage" and e["source"] in dead
               for entry in state.log for e in entry["events"]):
            return state, header, lines
    pytest.fail("no bot game with a creature that dealt damage and died")


def test_a_loaded_save_names_every_creature_as_the_live_game_did(decks, tmp_path) -> None:
    state, header, lines = _first_game_with_a_death(decks)
    live = LocalSession(new_game("frontier", decks, ["Ann", "Ben"], seed=header["seed"],
                                 options=header["options"])[0], record_header=header)
    namer_live = Namer(["Ann", "Ben"])
    for line in lines:
        assert live.submit(line["seat"], line["action"]).ok
        namer_live.learn_view(live.view(0))  # the table learns from every view it shows
    live_lines = all_lines(live.log(0), namer_live)
    path = tmp_path / "save.jsonl"
    write_record(path, header, live.actions)
    saved_header, saved_actions = read_record(path)
    loaded = LocalSession(replay(saved_header, saved_actions), record_header=saved_header)
    namer = Namer(["Ann", "Ben"])
    namer.learn_view(loaded.view(0))  # a loaded table has seen one view only
    loaded_lines = all_lines(loaded.log(0), namer)
    assert not [line for line in loaded_lines if "a creature" in line]
    assert [line for line in loaded_lines if " dies" in line or " deal" in line] == \
        [line for line in live_lines if " dies" in line or " deal" in line]


def test_the_replay_viewer_names_creatures_that_are_gone_by_then(decks) -> None:
    state, header, lines = _first_game_with_a_death(decks)
    for k in range(0, len(lines) + 1, max(1, len(lines) // 8)):
        at_k = replay(header, lines, k)
        view = describe(at_k, viewer=0)
        names = Namer([p.name for p in at_k.players])
        names.learn_view(view)  # as the replay scene does: the units shown at that moment
        text = all_lines(log_view(at_k, 0), names)
        assert not [line for line in text if "a creature" in line], k


def test_the_log_never_names_the_other_hand_or_a_face_down_land(decks) -> None:
    state, _header, _lines = _first_game_with_a_death(decks)
    for viewer in (0, 1):
        other = state.players[1 - viewer]
        text = "\n".join(all_lines(log_view(state, viewer), Namer(["Ann", "Ben"])))
        names_in_log = set()
        for entry in log_view(state, viewer):
            names_in_log |= set(entry["names"].values())
        # a card still in the other hand was never public unless it left the battlefield
        public = {e.get("name") for entry in state.log for e in entry["events"]
                  if e["type"] in ("left",)} | {e.get("card") for entry in state.log
                                                for e in entry["events"] if e["type"] == "cast"}
        for card_id in other.hand + other.library:
            assert card_id not in text
            name = state.name(card_id)
            if name not in public:
                assert card_id not in {k for entry in log_view(state, viewer)
                                       for k in entry["names"]}
        for pos, cell in state.cells.items():
            if cell.land is not None and not cell.face_up:
                where = f"at column {pos[1] + 1}, row {pos[0] + 1}"
                assert all(line.endswith(f"the land {where}") or where not in line
                           or f"the land {where}" in line for line in text.splitlines())


def test_lands_face_up_from_the_start_are_named_and_face_down_ones_never() -> None:
    grid = [["Forest", "?Swamp", "?Island", "Forest"], ["Forest"] * 4, ["Forest"] * 4,
            ["Forest"] * 4, ["Forest", "Forest", "?Mountain", "Forest"]]
    state = position(grid, [unit("elf", "Llanowar Elves", 0, (0, 0)),
                            unit("bear", "Grizzly Bears", 1, (4, 3))])
    state, _ = apply(state, {"type": "tap_land", "at": [0, 0]}, 0)
    for viewer in (0, 1):
        lines = all_lines(log_view(state, viewer), Namer(["Ann", "Ben"]))
        assert "  Ann taps the Forest at column 1, row 1 for {G}" in lines, lines
    # a face-down land's name is in no entry of anyone's log, even after it is talked about
    state, _ = apply(state, {"type": "manual_tap", "target": [0, 2]}, 0)
    for viewer in (0, 1, None):
        entries = log_view(state, viewer)
        text = "\n".join(all_lines(entries, Namer(["Ann", "Ben"])))
        assert "Ann taps the land at column 3, row 1 by hand" in text
        assert "Island" not in text and "Island" not in repr(entries)
        assert "Mountain" not in repr(entries)


def test_every_action_type_has_a_sentence_for_the_replays_next_line() -> None:
    from frontier_desktop.rules import actions as A
    from frontier_desktop.ui.table.words import action_sentence

    kinds = {cls.type for cls in vars(A).values()
             if isinstance(cls, type) and issubclass(cls, A.Action) and cls.type}
    assert {"place_token", "cast", "pt_change", "activate"} <= kinds
    names = Namer(["Ann", "Ben"], {"u1": "River Boa"})
    for kind in sorted(kinds):
        text = action_sentence({"type": kind, "unit": "u1", "to": [1, 1], "target": [1, 2]}, 0,
                               names)
        assert text.startswith("Ann "), text
        _assert_words(text, {"u1"})
        assert " acts" not in text, f"{kind} has no sentence"


def test_tokens_get_an_article() -> None:
    names = Namer(["Ann", "Ben"])
    assert event_words({"type": "token", "player": 0, "unit": "t1", "name": "Blue Token",
                        "at": [0, 1]}, names) == "Ann puts a Blue Token at column 2, row 1"
    assert event_words({"type": "token", "player": 1, "unit": "t2", "name": "Orange Token",
                        "at": "staging"}, names) == "Ben puts an Orange Token on the staging row"


def test_an_army_game_log_reads_as_words() -> None:
    from tests.rules.army_helpers import play_randomly, sample_game

    state, _ = play_randomly(sample_game(3), random.Random(3), 600)
    ids = set(state.cards) | {f"t{i}" for i in range(1, state.next_id + 1)}
    kinds: set[str] = set()
    for viewer in (0, 1):
        names = Namer(["Ann", "Ben"])
        for entry in log_view(state, viewer):
            kinds |= {e["type"] for e in entry["events"]}
            for line in entry_lines(entry, names):
                _assert_words(line, ids)
    assert {"explored", "attack", "land_life"} <= kinds


def test_a_triggered_ability_going_on_the_stack_reads_as_one() -> None:
    names = Namer(["Ann", "Ben"], {"d": "Juzám Djinn"})
    event = {"type": "stacked", "id": "s1", "card": "Juzám Djinn", "controller": 1,
             "targets": [], "kind": "trigger"}
    assert event_words(event, names) == "  Juzám Djinn's triggered ability goes on the stack"


def test_fog_and_a_prevent_all_shield_read_as_words() -> None:
    names = Namer(["Ann", "Ben"], {"a": "Grizzly Bears"})
    assert event_words({"type": "fog", "player": 1, "card": "Fog"}, names) == \
        "  Fog: no combat damage will be dealt this turn"
    assert event_words({"type": "prevention", "unit": "a", "amount": 1_000_000, "all": True},
                       names) == "  All damage to Grizzly Bears this turn will be prevented"


def test_a_payment_for_a_triggered_ability_reads_as_words() -> None:
    names = Namer(["Ann", "Ben"], {})
    assert event_words({"type": "choose", "player": 0, "kind": "pay_trigger", "amount": 1,
                        "card": "Ivory Cup"}, names) == \
        "  Ann may pay {1} for Ivory Cup's triggered ability"


def test_a_triggered_abilitys_targets_read_as_sentences() -> None:
    # fx-targets: the targets decision, its answer and a trigger with nothing to target.
    names = Namer(["Ann", "Ben"], {"u1": "River Boa"})
    said = [event_words(e, names) for e in SAMPLES if e["type"] in (
        "targeted", "trigger_removed") or e.get("kind") == "targets"]
    assert said == [
        "  Ann chooses the targets of Test Sparker's triggered ability",
        "  Test Sparker's triggered ability targets River Boa, Ben and column 4, row 3",
        "  Test Sparker's triggered ability is removed from the stack: it has no legal target",
    ]


def test_a_change_of_control_of_a_permanent_reads_as_words() -> None:
    # core/control.py: a permanent's control event (before, it read as a land "somewhere off
    # the board" being taken).
    names = Namer(["Ann", "Ben"], {"b": "Grizzly Bears"})
    line = event_words({"type": "control", "unit": "b", "name": "Grizzly Bears", "from": 1,
                        "to": 0}, names)
    assert line is not None and "Ann gains control of" in line and "Grizzly Bears" in line
    assert "land" not in line and "off the board" not in line
    back = event_words({"type": "control", "unit": "b", "name": "Grizzly Bears", "from": 0,
                        "to": 1, "reason": "its controller is out"}, Namer(["Ann", "Ben"]))
    assert back == "  Ben gains control of Grizzly Bears: its controller is out"
