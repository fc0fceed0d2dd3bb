"""Deck lists modelled on Cockatrice's clipboard tests (``loading_from_clipboard_test.cpp``):
what each one exercises, our own card names, and what every reader of the program must make
of it (the cards by section, in Scryfall's spelling).

Shared by the end-to-end tests of ``cards prefetch``, ``deck check``, ``deck convert`` and
the deck builder's import, so that every way in reads a list the same way.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from tests.cards.fakescryfall import make_card

LONG_NAME = ("Our Market Research Shows That Players Like Really Long Card Names So We Made "
             "This Card to Have the Absolute Longest Card Name Ever Elemental")
UNKNOWN = "Card That Exists Nowhere"


def _no_body(card: dict[str, Any]) -> dict[str, Any]:
    del card["power"], card["toughness"]
    return card


def _split(name: str, number: int) -> dict[str, Any]:
    left, right = name.split(" // ")
    return _no_body(make_card(name, number=number, layout="split", type_line="Instant // Instant",
                     card_faces=[{"object": "card_face", "name": left, "mana_cost": "{1}{R}",
                                  "type_line": "Instant", "oracle_text": ""},
                                 {"object": "card_face", "name": right, "mana_cost": "{1}{U}",
                                  "type_line": "Instant", "oracle_text": ""}]))


def _land(name: str, number: int) -> dict[str, Any]:
    return _no_body(make_card(name, number=number, type_line=f"Basic Land — {name}",
                              mana_cost="", cmc=0.0, colors=[]))


CARDS: list[dict[str, Any]] = [
    *(_land(n, i) for i, n in enumerate(("Mountain", "Island", "Forest", "Swamp", "Plains"), 1)),
    make_card("Aether Adept", number=10), make_card("Algae Gharial", number=11),
    make_card("Phelddagrif", number=12), make_card("Giant Growth", number=13),
    make_card("Nature's Resurgence", number=14), make_card("Gaea's Skyfolk", number=15),
    make_card("B.F.M. (Big Furry Monster)", number=16), make_card(LONG_NAME, number=17),
    make_card("Lightning Bolt", number=146, set_code="m10"),
    make_card("Riddlemaster Sphinx", number=31, set_code="anb"),
    _split("Fire // Ice", 20), _split("Pain // Suffering", 21),
]
"""Every card the lists name (Scryfall-shaped), except :data:`UNKNOWN`."""


@dataclasses.dataclass(frozen=True)
class Case:
    id: str
    text: str
    main: dict[str, int]
    side: dict[str, int] = dataclasses.field(default_factory=dict)

    @property
    def names(self) -> set[str]:
        return set(self.main) | set(self.side)


CASES = [
    Case("quantity-prefixed", "1 Mountain\n2x Island\n3X Forest\n",
         {"Mountain": 1, "Island": 2, "Forest": 3}),
    Case("sideboard-prefix", "1 Mountain\nSB: 1 Mountain\nsb: 2x Island\n2 Swamp\n\n3 Plains\n",
         {"Mountain": 1, "Swamp": 2, "Plains": 3}, {"Mountain": 1, "Island": 2}),
    Case("sideboard-line", "1 Mountain\n2 Swamp\n\n3 Plains\nsideboard\n1 Mountain\n2x Island\n",
         {"Mountain": 1, "Swamp": 2, "Plains": 3}, {"Mountain": 1, "Island": 2}),
    Case("unknown-cards-kept", f"1 {UNKNOWN}\n2 Mountain\n", {UNKNOWN: 1, "Mountain": 2}),
    Case("weird-whitespace",
         "\t\tSb:\t1\tOur Market   Research Shows That Players Like  Really Long Card Names   "
         "        So We Made   This Card to Have\tthe Absolute \t Longest Card Name \tEver "
         "Elemental\t\n\t", {}, {LONG_NAME: 1}),
    Case("blanks-at-both-ends", "\n\n\n1x Algae Gharial\n3x Giant Growth\n2x Phelddagrif\n\n\n",
         {"Algae Gharial": 1, "Giant Growth": 3, "Phelddagrif": 2}),
    Case("one-blank-splits-the-sideboard", "1x Algae Gharial\n3x Giant Growth\n\n2x Phelddagrif\n",
         {"Algae Gharial": 1, "Giant Growth": 3}, {"Phelddagrif": 2}),
    Case("scattered-blanks-all-main",
         "1x Algae Gharial\n3x Giant Growth\n\n2x Phelddagrif\n\n3 Forest\n",
         {"Algae Gharial": 1, "Giant Growth": 3, "Phelddagrif": 2, "Forest": 3}),
    Case("edge-cases",
         "\n// Edge Deck\n\n   // Comment 1\n\n//\n//Comment [two]\n//(test) Æ ’ | / (3)\n\n\n"
         "// Mainboard (10 cards)\nÆther Adept\n2x Fire & Ice\n3 Pain/Suffering\n"
         "4X [B] Forest (3)\n\n\n// Sideboard (11 cards)\n\n5x [WTH] Nature’s Resurgence\n"
         "6X Gaea's Skyfolk\n7  B.F.M. (Big Furry Monster)\n\n\n\n",
         {"Aether Adept": 1, "Fire // Ice": 2, "Pain // Suffering": 3, "Forest": 4},
         {"Nature's Resurgence": 5, "Gaea's Skyfolk": 6, "B.F.M. (Big Furry Monster)": 7}),
    Case("comments-before-cards",
         "// Title from website.com\n// A nice deck\n// With nice cards\n\n// Mainboard\n"
         "1 Mountain\nSideboard\n2 Island\n", {"Mountain": 1}, {"Island": 2}),
    Case("arena-set-codes-in-brackets",
         "Deck\n2 Riddlemaster Sphinx (ANB) 31\n4 Lightning Bolt (M10) 146\n\n"
         "Sideboard\n3 Island\n", {"Riddlemaster Sphinx": 2, "Lightning Bolt": 4},
         {"Island": 3}),
]
"""Lists with cards in them (Cockatrice's empty ones are :data:`EMPTY`)."""

EMPTY = {"empty": "", "empty-sideboard": "Sideboard\n",
         "comments-only": "//1 Mountain\n//2x Island\n//SB:2x Island\n"}
"""Lists without a card: every reader says so instead of inventing one."""
