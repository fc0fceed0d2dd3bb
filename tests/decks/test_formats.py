"""Reading and writing every decklist format, with the quirks of real pastes and files."""

from __future__ import annotations

from pathlib import Path

import pytest

from frontier_desktop.decks.formats import (
    FORMATS,
    MAX_BYTES,
    decode_deck_bytes,
    detect_format,
    format_for_path,
    parse_deck,
    read_deck_file,
    save_deck,
    write_deck,
)
from frontier_desktop.decks.model import (
    Deck,
    DeckEntry,
    DeckReadError,
    DeckWriteError,
    ParseResult,
    Section,
)
from frontier_desktop.decks.resolve import CardList
from frontier_desktop.decks.text import fold_name


def names(result: ParseResult, section: Section = Section.MAIN) -> list[tuple[int, str]]:
    return [(e.count, e.name) for e in result.deck.section(section)]


# --------------------------------------------------------------- plain MTGO text


def test_mtgo_blank_line_splits_sideboard() -> None:
    result = parse_deck("4 Lightning Bolt\n20 Mountain\n\n2 Pyroblast\n")
    assert result.format == "mtgo"
    assert names(result) == [(4, "Lightning Bolt"), (20, "Mountain")]
    assert names(result, Section.SIDEBOARD) == [(2, "Pyroblast")]
    assert result.is_complete


def test_several_scattered_blank_lines_mean_all_main() -> None:
    result = parse_deck("4 Lightning Bolt\n\n20 Mountain\n\n2 Pyroblast\n")
    assert result.deck.count(Section.SIDEBOARD) == 0
    assert result.deck.count(Section.MAIN) == 26


def test_sb_prefix_in_any_case_and_x_counts() -> None:
    # The Cockatrice clipboard test from the spec.
    result = parse_deck("1 Mountain\nSB: 1 Mountain\nsb: 2x Island\n2 Swamp\n")
    assert names(result) == [(1, "Mountain"), (2, "Swamp")]
    assert names(result, Section.SIDEBOARD) == [(1, "Mountain"), (2, "Island")]


@pytest.mark.parametrize(
    "line",
    [
        "4 Lightning Bolt",
        "4x Lightning Bolt",
        "4X Lightning Bolt",
        "(4) Lightning Bolt",
        "[4] Lightning Bolt",
        "4  Lightning   Bolt  ",
    ],
)
def test_count_spellings(line: str) -> None:
    assert names(parse_deck(line)) == [(4, "Lightning Bolt")]


@pytest.mark.parametrize("header", ["Sideboard", "SideBoard: 2 cards", "SIDEBOARD:", "sideboard"])
def test_sideboard_headers(header: str) -> None:
    result = parse_deck(f"Main\n4 Lightning Bolt\n{header}\n2 Pyroblast\n")
    assert names(result, Section.SIDEBOARD) == [(2, "Pyroblast")]
    assert names(result) == [(4, "Lightning Bolt")]


def test_comments_name_and_describe_the_deck() -> None:
    result = parse_deck(
        "// Burn\n// Fast and red.\n# ignored\n4 Lightning Bolt\n// mid comment\n20 Mountain\n"
    )
    assert result.deck.name == "Burn"
    assert result.deck.notes == "Fast and red.\nmid comment"
    assert result.deck.count() == 24


def test_mainboard_header_with_count_is_skipped() -> None:
    result = parse_deck("MainBoard: 3 cards\n3 Lightning Bolt\n")
    assert names(result) == [(3, "Lightning Bolt")]


def test_type_group_headers_are_not_cards() -> None:
    result = parse_deck("Creatures (4)\n4 Hill Giant\nLands (20)\n20 Mountain\n")
    assert result.deck.count() == 24 and result.is_complete


# --------------------------------------------------------------- Arena


def test_arena_export_from_the_spec() -> None:
    text = (
        "Deck\n2 Riddlemaster Sphinx (ANB) 31\n3 Cloudkin Seer (ANB) 25\n25 Island (ANB) 113\n"
        "\nSideboard\n4 Zephyr Gull (ANB) 44\n3 Armored Whirl Turtle (ANB) 24\n"
    )
    result = parse_deck(text)
    assert result.format == "arena"
    first = result.deck.entries[0]
    assert (first.name, first.set_code, first.collector_number) == (
        "Riddlemaster Sphinx",
        "ANB",
        "31",
    )
    assert result.deck.count(Section.SIDEBOARD) == 7


def test_arena_commander_and_companion_sections() -> None:
    text = (
        "Commander\n1 Teysa, Opulent Oligarch (MKM) 234\n\nCompanion\n1 Lurrus of the "
        "Dream-Den (IKO) 226\n\nDeck\n8 Swamp (M21) 311\n1 Thoughtseize (AKR) 127\n"
    )
    result = parse_deck(text)
    assert names(result, Section.COMMANDER) == [(1, "Teysa, Opulent Oligarch")]
    assert names(result, Section.COMPANION) == [(1, "Lurrus of the Dream-Den")]
    assert names(result) == [(8, "Swamp"), (1, "Thoughtseize")]


def test_arena_about_block_names_the_deck() -> None:
    result = parse_deck("About\nName Mono Red\n\nDeck\n4 Lightning Bolt (M10) 146\n")
    assert result.deck.name == "Mono Red"
    assert names(result) == [(4, "Lightning Bolt")]


def test_arena_without_sideboard_header_uses_the_blank_line() -> None:
    result = parse_deck("Deck\n4 Lightning Bolt (M10) 146\n\n2 Pyroblast (ICE) 212\n")
    assert names(result, Section.SIDEBOARD) == [(2, "Pyroblast")]


def test_plst_hyphenated_collector_number() -> None:
    entry = parse_deck("1 Lightning Bolt (PLST) MH2-123").deck.entries[0]
    assert (entry.name, entry.set_code, entry.collector_number) == (
        "Lightning Bolt",
        "PLST",
        "MH2-123",
    )


# --------------------------------------------------------------- Moxfield / Archidekt


def test_moxfield_foil_and_printing_are_not_part_of_the_name() -> None:
    result = parse_deck("1 Insidious Roots (MKM) 313\n1 Ba Sing Se (TLA) 266 *F*\n")
    roots, ba = result.deck.entries
    assert (roots.name, roots.set_code, roots.collector_number, roots.is_foil) == (
        "Insidious Roots",
        "MKM",
        "313",
        False,
    )
    assert (ba.name, ba.set_code, ba.collector_number, ba.finish) == (
        "Ba Sing Se",
        "TLA",
        "266",
        "foil",
    )


def test_moxfield_sideboard_header(fixtures: Path, cards: CardList) -> None:
    result = read_deck_file(fixtures / "moxfield.txt", cards=cards)
    assert result.format == "moxfield" and result.is_complete
    assert names(result, Section.SIDEBOARD) == [(2, "Pyroblast")]
    assert names(result)[3] == (1, "Wear // Tear")


def test_archidekt_categories_and_zone_hints(fixtures: Path, cards: CardList) -> None:
    result = read_deck_file(fixtures / "archidekt.txt", cards=cards)
    assert result.format == "archidekt" and result.is_complete
    bolt, lotus = result.deck.entries[:2]
    assert (bolt.set_code, bolt.categories) == ("M10", ("Burn",))
    assert (lotus.name, lotus.finish, lotus.categories) == (
        "Black Lotus",
        "foil",
        ("Ramp", "Artifact"),
    )
    assert names(result, Section.SIDEBOARD) == [(2, "Pyroblast")]
    # [Maybeboard] and any category marked {noDeck} are out of the deck, not dropped.
    assert names(result, Section.MAYBEBOARD) == [(1, "Chaos Orb"), (1, "Ornithopter")]


def test_archidekt_line_from_the_spec() -> None:
    entry = parse_deck("1x Insidious Roots (mkm) 313 [Ramp]").deck.entries[0]
    assert (entry.count, entry.name, entry.set_code, entry.collector_number, entry.categories) == (
        1,
        "Insidious Roots",
        "MKM",
        "313",
        ("Ramp",),
    )


# --------------------------------------------------------------- Forge, XMage, MWS


def test_forge_dck(fixtures: Path) -> None:
    result = read_deck_file(fixtures / "forge.dck")
    assert result.format == "forge"
    assert result.deck.name == "LEB 3 Strategy: Tempo"
    assert names(result) == [(4, "Counterspell"), (9, "Island"), (4, "Lightning Bolt")]
    assert result.deck.entries[1].set_code == "LEB"
    assert names(result, Section.SIDEBOARD) == [(2, "Pyroblast")]


def test_xmage_dck(fixtures: Path) -> None:
    result = read_deck_file(fixtures / "xmage.dck")
    assert result.format == "xmage" and result.deck.name == "My Deck"
    bolt = result.deck.entries[0]
    assert (bolt.name, bolt.set_code, bolt.collector_number) == ("Lightning Bolt", "M10", "146")
    pyro = result.deck.section(Section.SIDEBOARD)[0]
    assert (pyro.name, pyro.collector_number) == ("Pyroblast", None)  # "xxx" is no number
    assert result.is_complete  # the LAYOUT line is not a card


def test_magic_workstation_lines() -> None:
    result = parse_deck("4 [M10] Lightning Bolt\nSB: 2 [M10] Pyroblast\n")
    assert result.format == "mws"
    assert names(result) == [(4, "Lightning Bolt")]
    assert result.deck.entries[0].set_code == "M10"
    assert names(result, Section.SIDEBOARD) == [(2, "Pyroblast")]


# --------------------------------------------------------------- XML


def test_dek_from_the_spec_with_split_names() -> None:
    text = """<?xml version="1.0" encoding="UTF-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <NetDeckID>0</NetDeckID>
  <PreconstructedDeckID>0</PreconstructedDeckID>

  <Cards CatID="21213" Quantity="2" Sideboard="false" Name="Nezumi Shortfang" Annotation="0" />
  <Cards CatID="61446" Quantity="1" Sideboard="false" Name="Kessig Prowler" Annotation="0" />
  <Cards CatID="64832" Quantity="1" Sideboard="false" Name="Refuse/Cooperate" Annotation="0" />

  <Cards CatID="48512" Quantity="1" Sideboard="true" Name="Catch/Release" Annotation="0" />
</Deck>
"""
    result = parse_deck(text)
    assert result.format == "dek"
    assert names(result) == [
        (2, "Nezumi Shortfang"),
        (1, "Kessig Prowler"),
        (1, "Refuse // Cooperate"),
    ]
    assert names(result, Section.SIDEBOARD) == [(1, "Catch // Release")]
    assert result.deck.entries[0].mtgo_id == 21213
    assert result.deck.entries[0].line == 6


def test_dek_card_with_only_a_catid_is_found_by_mtgo_id(cards: CardList) -> None:
    text = '<Deck><Cards CatID="123066" Quantity="4" Sideboard="false" Name="" /></Deck>'
    result = parse_deck(text, cards=cards)
    assert result.is_complete
    assert names(result) == [(4, "Lightning Bolt")]


def test_dek_bad_quantity_is_reported_with_its_line() -> None:
    text = '<Deck>\n<Cards Quantity="lots" Sideboard="false" Name="Mountain" />\n</Deck>'
    result = parse_deck(text)
    assert not result.is_complete
    assert result.errors[0].line == 2 and "count" in result.errors[0].message


def test_cod_from_the_spec() -> None:
    text = """<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1">
  <deckname>My deck</deckname>
  <zone name="main">
    <card number="2" name="Riverglide Pathway // Lavaglide Pathway"/>
    <card number="1" name="Dead // Gone"/>
  </zone>
  <zone name="side">
    <card number="1" name="Who // What // When // Where // Why"/>
  </zone>
</cockatrice_deck>
"""
    result = parse_deck(text)
    assert result.format == "cod" and result.deck.name == "My deck"
    assert names(result) == [(2, "Riverglide Pathway // Lavaglide Pathway"), (1, "Dead // Gone")]
    assert names(result, Section.SIDEBOARD) == [(1, "Who // What // When // Where // Why")]


def test_cod_current_cockatrice_elements(fixtures: Path, cards: CardList) -> None:
    result = read_deck_file(fixtures / "cockatrice.cod", cards=cards)
    assert result.is_complete
    assert result.deck.name == "Red Deck Wins" and result.deck.notes == "Burn, then more burn."
    bolt = result.deck.entries[0]
    assert (bolt.set_code, bolt.collector_number, bolt.scryfall_id) == (
        "M10",
        "146",
        "e3285e6b-3e79-4d7c-bf96-d920f973b122",
    )
    assert names(result, Section.TOKENS) == [(1, "Ornithopter")]


@pytest.mark.parametrize(
    "text",
    [
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">]>\n<Deck>&lol;</Deck>',
        '<!DOCTYPE Deck SYSTEM "file:///etc/passwd"><Deck/>',
    ],
)
def test_xml_with_a_dtd_is_refused(text: str) -> None:
    with pytest.raises(DeckReadError, match="DTD"):
        parse_deck(text)


def test_malformed_xml_is_a_clear_error() -> None:
    with pytest.raises(DeckReadError, match="line 2: not well-formed"):
        parse_deck("<Deck>\n<Cards Quantity=4></Deck>")


def test_other_xml_is_not_a_deck() -> None:
    with pytest.raises(DeckReadError, match="neither"):
        parse_deck("<html><body>hi</body></html>")


# --------------------------------------------------------------- names and quirks


@pytest.mark.parametrize(
    "spelling", ["Wear // Tear", "Wear/Tear", "Wear /// Tear", "wear//tear", "Wear", "WEAR // TEAR"]
)
def test_split_names_in_every_spelling(spelling: str, cards: CardList) -> None:
    result = parse_deck(f"1 {spelling}", cards=cards)
    assert result.is_complete, result.problems
    assert names(result) == [(1, "Wear // Tear")]


@pytest.mark.parametrize(
    "spelling",
    ["Delver of Secrets", "Delver of Secrets // Insectile Aberration", "Insectile Aberration"],
)
def test_double_faced_names(spelling: str, cards: CardList) -> None:
    result = parse_deck(f"4 {spelling}", cards=cards)
    assert names(result) == [(4, "Delver of Secrets // Insectile Aberration")]
    assert result.deck.entries[0].layout == "transform"


@pytest.mark.parametrize(
    "spelling", ["Lim-Dûl's Vault", "Lim-Dul's Vault", "Lim-Dul’s Vault", "lim dul's vault"]
)
def test_accents_and_curly_apostrophes_fold(spelling: str, cards: CardList) -> None:
    assert names(parse_deck(f"2 {spelling}", cards=cards)) == [(2, "Lim-Dûl's Vault")]


def test_ae_ligature_folds() -> None:
    assert fold_name("Æther Vial") == "Aether Vial"
    assert fold_name("Refuse /// Cooperate") == "Refuse // Cooperate"
    assert fold_name("Catch/Release") == "Catch // Release"


def test_windows_line_endings_bom_and_trailing_spaces(fixtures: Path, cards: CardList) -> None:
    raw = (fixtures / "arena_windows.txt").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in raw  # the fixture keeps its quirks
    result = read_deck_file(fixtures / "arena_windows.txt", cards=cards)
    assert result.is_complete, [str(p) for p in result.problems]
    assert result.format == "arena" and result.deck.name == "Windows Paste"
    assert names(result) == [
        (4, "Lightning Bolt"),
        (20, "Mountain"),
        (1, "Wear // Tear"),
        (1, "Delver of Secrets // Insectile Aberration"),
        (2, "Lim-Dûl's Vault"),
        (1, "Aether Vial"),
    ]
    assert result.deck.entries[1].collector_number == "271"
    assert names(result, Section.SIDEBOARD) == [(2, "Pyroblast")]


def test_utf16_with_bom_is_read() -> None:
    text = decode_deck_bytes("4 Lightning Bolt\r\n".encode("utf-16"))
    assert names(parse_deck(text)) == [(4, "Lightning Bolt")]


# --------------------------------------------------------------- bad input


def test_unknown_card_reported_with_line_and_suggestion(fixtures: Path, cards: CardList) -> None:
    result = read_deck_file(fixtures / "typos.txt", cards=cards)
    assert not result.is_complete
    (problem,) = result.problems
    assert (
        str(problem)
        == "line 7: 'Lightning Blot' is not a known card — did you mean Lightning Bolt?"
    )
    # Nothing dropped: the unknown card is still in the deck, flagged.
    assert (4, "Lightning Blot") in names(result)


def test_unreadable_lines_are_reported_not_dropped() -> None:
    result = parse_deck("4 Lightning Bolt\n0 Mountain\n4 ???\n1000 Island\n2 Pyroblast\n")
    lines = [(p.line, p.code) for p in result.problems]
    assert lines == [(2, "bad-count"), (3, "unreadable-line"), (4, "bad-count")]
    assert names(result) == [(4, "Lightning Bolt"), (2, "Pyroblast")]
    assert not result.is_complete


def test_text_without_cards_is_an_error() -> None:
    result = parse_deck("// just a comment\n\n")
    assert [p.code for p in result.problems] == ["empty-deck"]


def test_native_bad_points_is_an_error_and_other_comments_are_ignored() -> None:
    result = parse_deck("// name: Red\n// colour: red\n// points: many\n1 Mountain\n")
    assert [(p.line, p.code, p.severity.value) for p in result.problems] == [
        (3, "bad-metadata", "error")
    ]
    assert (result.deck.name, result.deck.notes) == ("Red", "")


# --------------------------------------------------------------- the sample decks' convention

SAMPLE_STYLE_ARMY = """// name: Samurai Patrol
// variant: army
// points: 60
// home: Eiganjo Castle
// A comment that is not metadata: ignored, not the deck's name or notes.

// commons
8 Savannah Lions
4 Kami of Ancient Law
// uncommons (the header above is just a comment)
4 White Knight

// initial forces
2 Savannah Lions

// grid
// the 15 lands of this player's half of the board
1 Eiganjo Castle
14 Plains
"""


def test_sample_deck_convention_is_the_native_format(cards: CardList) -> None:
    result = parse_deck(SAMPLE_STYLE_ARMY, cards=cards)
    assert result.format == "fdeck" and result.is_complete, [str(p) for p in result.problems]
    deck = result.deck
    assert (deck.name, deck.variant, deck.points, deck.notes) == ("Samurai Patrol", "army", 60, "")
    assert names(result) == [(8, "Savannah Lions"), (4, "Kami of Ancient Law"), (4, "White Knight")]
    assert names(result, Section.INITIAL_FORCES) == [(2, "Savannah Lions")]
    assert names(result, Section.HOME_BASE) == [(1, "Eiganjo Castle")]
    assert names(result, Section.LAND_GRID) == [(14, "Plains")]
    assert result.deck.section(Section.HOME_BASE)[0].line == 4


def test_blank_lines_do_not_split_a_native_deck() -> None:
    # The sample Conquering deck has two blocks of cards: both are the main deck.
    result = parse_deck(
        "// name: Green Tide\n// creatures (4)\n4 Grizzly Bears\n\n// spells (4)\n4 Giant Growth\n"
    )
    assert result.deck.count(Section.MAIN) == 8 and result.deck.count(Section.SIDEBOARD) == 0


def test_home_taken_out_of_a_grid_line_of_several(cards: CardList) -> None:
    text = "// variant: army\n// home: plains\n1 Savannah Lions\n// grid\n8 Plains\n7 Mountain\n"
    result = parse_deck(text, cards=cards)
    assert names(result, Section.HOME_BASE) == [(1, "Plains")]
    assert names(result, Section.LAND_GRID) == [(7, "Plains"), (7, "Mountain")]
    # Written back the sample decks' way: the home land stays listed in the grid.
    text_out = write_deck(result.deck, "fdeck")
    assert "// home: Plains" in text_out and "// grid\n8 Plains\n7 Mountain" in text_out


def test_home_not_in_the_grid_is_an_error() -> None:
    result = parse_deck("// home: Forest\n1 Savannah Lions\n// grid\n15 Plains\n")
    (problem,) = result.problems
    assert (problem.line, problem.code) == (1, "home-base")
    assert "not one of the grid lands" in problem.message


def test_sideboard_marker_comment_in_any_text() -> None:
    result = parse_deck("4 Lightning Bolt\n// Sideboard\n2 Pyroblast\n")
    assert names(result, Section.SIDEBOARD) == [(2, "Pyroblast")]


def test_samples_from_the_sample_decks_folder_read_completely() -> None:
    # The sample decks live in assets/decks/ (another area); read whatever is there.
    folder = Path(__file__).resolve().parent.parent.parent / "assets" / "decks"
    files = sorted(folder.glob("*.txt")) if folder.is_dir() else []
    if not files:
        pytest.skip("no sample decks in assets/decks/ on this branch")
    from frontier_desktop.cards.pool import BundledPool

    pool = BundledPool.load()
    for path in files:
        result = read_deck_file(path, cards=pool)
        assert result.format == "fdeck", path.name
        assert result.is_complete, (path.name, [str(p) for p in result.problems])
        assert result.deck.name and result.deck.variant


@pytest.mark.parametrize(
    "data, message",
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "PNG image"),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF", "JPEG image"),
        (b"PK\x03\x04\x14\x00", "ZIP archive"),
        (b"4 Lightning Bolt\n\x00\x01\x02", "binary"),
        (b"4 Lightning Bolt\n4 \xe6ther Vial\n", "not UTF-8"),
        (b"\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0e\x0f\x10 x", "control characters"),
    ],
)
def test_wrong_kind_of_file_gets_a_clear_message(tmp_path: Path, data: bytes, message: str) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(data)
    with pytest.raises(DeckReadError, match=message):
        read_deck_file(path)


def test_huge_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)
    with pytest.raises(DeckReadError, match="MiB"):
        read_deck_file(path)


def test_missing_file_is_a_deck_read_error(tmp_path: Path) -> None:
    with pytest.raises(DeckReadError, match="cannot read"):
        read_deck_file(tmp_path / "nope.txt")


def test_half_read_deck_is_never_written(tmp_path: Path, fixtures: Path, cards: CardList) -> None:
    result = read_deck_file(fixtures / "typos.txt", cards=cards)
    with pytest.raises(DeckWriteError, match="not read completely.*Lightning Blot"):
        write_deck(result, "mtgo")
    with pytest.raises(DeckWriteError):
        save_deck(result, tmp_path / "out.txt")
    assert not (tmp_path / "out.txt").exists()


def test_format_that_cannot_hold_a_section_refuses(fixtures: Path, cards: CardList) -> None:
    deck = read_deck_file(fixtures / "army_legal.fdeck", cards=cards).deck
    with pytest.raises(DeckWriteError, match="Home base.*Land grid.*fdeck"):
        write_deck(deck, "arena")


# --------------------------------------------------------------- detection


@pytest.mark.parametrize(
    "file, fmt",
    [
        ("arena_windows.txt", "arena"),
        ("typos.txt", "mtgo"),
        ("mtgo.dek", "dek"),
        ("cockatrice.cod", "cod"),
        ("moxfield.txt", "moxfield"),
        ("archidekt.txt", "archidekt"),
        ("forge.dck", "forge"),
        ("xmage.dck", "xmage"),
        ("army_legal.fdeck", "fdeck"),
    ],
)
def test_detect_format(fixtures: Path, file: str, fmt: str) -> None:
    path = fixtures / file
    assert detect_format(decode_deck_bytes(path.read_bytes()), path) == fmt


def test_format_for_path() -> None:
    assert format_for_path("x.DEK") == "dek"
    assert format_for_path("x.cod") == "cod"
    assert format_for_path("x.txt") == "mtgo"
    assert format_for_path("x.fdeck") == "fdeck"
    assert format_for_path("x.png") is None


# --------------------------------------------------------------- writers and round trips

SAMPLE = Deck(
    entries=(
        DeckEntry(
            4,
            "Lightning Bolt",
            set_code="M10",
            collector_number="146",
            finish="foil",
            categories=("Burn",),
        ),
        DeckEntry(20, "Mountain"),
        DeckEntry(1, "Wear // Tear", set_code="DGM", collector_number="135", layout="split"),
        DeckEntry(1, "Delver of Secrets // Insectile Aberration", layout="transform"),
        DeckEntry(2, "Pyroblast", Section.SIDEBOARD),
    ),
    name="Sample",
    variant="frontier",
    notes="line one\nline two",
    allowed=("Channel",),
)


def _project(deck: Deck, fmt: str) -> list[tuple[object, ...]]:
    """What *fmt* keeps of each entry."""
    spec = FORMATS[fmt]
    out = []
    for e in deck.entries:
        name = e.name
        if e.layout == "transform" and fmt not in ("fdeck", "moxfield", "archidekt"):
            name = e.front_name
        out.append(
            (
                e.count,
                name,
                e.section,
                e.set_code if spec.keeps_printing else None,
                e.collector_number if spec.keeps_printing else None,
                e.finish if spec.keeps_finish else "",
                e.categories if spec.keeps_categories else (),
            )
        )
    return out


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_round_trip_every_format(fmt: str) -> None:
    text = write_deck(SAMPLE, fmt)
    back = parse_deck(text, fmt=fmt)
    assert back.is_complete, back.problems
    assert _project(back.deck, fmt) == _project(SAMPLE, fmt)
    if FORMATS[fmt].keeps_name:
        assert back.deck.name == "Sample"
    if FORMATS[fmt].keeps_metadata:
        assert (back.deck.variant, back.deck.notes, back.deck.allowed) == (
            "frontier",
            "line one\nline two",
            ("Channel",),
        )
    # Detection finds the format it was written in (or a reader of the same text).
    assert detect_format(text, f"deck{FORMATS[fmt].extensions[0]}") in (fmt, "arena", "mtgo")


@pytest.mark.parametrize(
    "file",
    ["army_legal.fdeck", "frontier_legal.fdeck", "wargame_legal.fdeck", "conquering_legal.fdeck"],
)
def test_native_round_trip_keeps_everything(fixtures: Path, file: str, cards: CardList) -> None:
    first = read_deck_file(fixtures / file, cards=cards)
    again = parse_deck(write_deck(first, "fdeck"), cards=cards)
    # The writer groups entries by section in a fixed order; within a section order is kept.
    def by_section(d: Deck) -> Deck:
        return d.replace(
            entries=tuple(sorted(d.entries, key=lambda e: list(Section).index(e.section)))
        )

    assert by_section(again.deck) == by_section(first.deck)


def test_writers_use_each_formats_name_conventions() -> None:
    dek = write_deck(SAMPLE.replace(entries=SAMPLE.entries[1:]), "dek")
    assert 'Name="Wear/Tear"' in dek and 'Name="Delver of Secrets"' in dek
    arena = write_deck(SAMPLE.replace(entries=SAMPLE.entries[2:]), "arena")
    assert "1 Wear // Tear (DGM) 135" in arena and "1 Delver of Secrets\n" in arena
    archidekt = write_deck(SAMPLE, "archidekt")
    assert "4x Lightning Bolt (m10) 146 *F* [Burn]" in archidekt
    assert "2x Pyroblast [Sideboard]" in archidekt
    cod = write_deck(SAMPLE, "cod")
    assert 'setShortName="M10" collectorNumber="146"' in cod


def test_save_is_atomic_and_uses_the_extension(tmp_path: Path) -> None:
    path = tmp_path / "deck.cod"
    assert save_deck(SAMPLE, path) == "cod"
    assert parse_deck(path.read_text(encoding="utf-8")).deck.count() == SAMPLE.count()
    assert [p.name for p in tmp_path.iterdir()] == ["deck.cod"]
    with pytest.raises(DeckWriteError, match="cannot tell the format"):
        save_deck(SAMPLE, tmp_path / "deck.png")


def test_deck_wire_round_trip() -> None:
    assert Deck.from_wire(SAMPLE.to_wire()) == SAMPLE


def test_mtgo_sideboard_only_deck_round_trips() -> None:
    # Found by the property test: a blank line before any card is no separator.
    deck = Deck((DeckEntry(2, "Pyroblast", Section.SIDEBOARD),))
    assert parse_deck(write_deck(deck, "mtgo")).deck.section(Section.SIDEBOARD) == deck.entries
