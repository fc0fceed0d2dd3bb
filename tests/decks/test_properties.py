"""Property tests: any deck written in any format reads back as the same cards."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from frontier_desktop.decks.formats import FORMATS, parse_deck, write_deck
from frontier_desktop.decks.model import Deck, DeckEntry, Section

NAMES = [
    "Lightning Bolt",
    "Mountain",
    "Wear // Tear",
    "Lim-Dûl's Vault",
    "Isamaru, Hound of Konda",
    "Who // What // When // Where // Why",
    "Smuggler's Copter",
    "Ba Sing Se",
    "Naturalize",
    'Kongming, "Sleeping Dragon"',
    "Borrowing 100,000 Arrows",
    "Erase (Not the Urza's Legacy One)",
]

entries = st.builds(
    DeckEntry,
    count=st.integers(1, 99),
    name=st.sampled_from(NAMES),
    section=st.sampled_from([Section.MAIN, Section.SIDEBOARD]),
    set_code=st.one_of(
        st.none(), st.text(string.ascii_uppercase + string.digits, min_size=3, max_size=5)
    ),
    collector_number=st.sampled_from(["1", "146", "MH2-123", "12a"]),
    finish=st.sampled_from(["", "foil", "etched"]),
    categories=st.lists(
        st.sampled_from(["Ramp", "Burn", "Card Draw"]), max_size=2, unique=True
    ).map(tuple),
)


def _fix(entry: DeckEntry) -> DeckEntry:
    # A collector number only exists with a set code.
    return (
        entry
        if entry.set_code
        else entry.__class__(
            entry.count, entry.name, entry.section, finish=entry.finish, categories=entry.categories
        )
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(entries, min_size=1, max_size=12), st.sampled_from(sorted(FORMATS)))
def test_write_then_read_keeps_the_cards(items: list[DeckEntry], fmt: str) -> None:
    deck = Deck(tuple(_fix(e) for e in items), name="Property")
    spec = FORMATS[fmt]
    back = parse_deck(write_deck(deck, fmt), fmt=fmt)
    assert back.is_complete, [str(p) for p in back.problems]

    def key(d: Deck) -> list[tuple[object, ...]]:
        out = []
        for s in (Section.MAIN, Section.SIDEBOARD):
            for e in d.section(s):
                out.append(
                    (
                        e.count,
                        e.name,
                        e.section,
                        e.set_code if spec.keeps_printing else None,
                        e.collector_number if spec.keeps_printing else None,
                        e.finish if spec.keeps_finish else "",
                        e.categories if spec.keeps_categories else (),
                    )
                )
        return out

    assert key(back.deck) == key(deck)
