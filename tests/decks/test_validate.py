"""Deck rules per variant: one test per rule, legal and illegal decks for each variant."""

from __future__ import annotations

from pathlib import Path

import pytest

from frontier_desktop.decks.formats import parse_deck, read_deck_file
from frontier_desktop.decks.model import Deck, DeckEntry, Section, Severity
from frontier_desktop.decks.resolve import CardList
from frontier_desktop.decks.validate import (
    ValidationReport,
    normalise_variant,
    validate_deck,
)


def deck(text: str, cards: CardList) -> Deck:
    result = parse_deck(text, cards=cards)
    assert result.is_complete, [str(p) for p in result.problems]
    return result.deck


def codes(report: ValidationReport, severity: Severity | None = Severity.ERROR) -> list[str]:
    return [p.code for p in report.problems if severity is None or p.severity is severity]


def fixture_deck(fixtures: Path, name: str, cards: CardList) -> Deck:
    return read_deck_file(fixtures / name, cards=cards).deck


def with_entries(base: Deck, *extra: DeckEntry) -> Deck:
    return base.replace(entries=base.entries + extra)


def without(base: Deck, name: str) -> Deck:
    return base.replace(entries=tuple(e for e in base.entries if e.name != name))


# --------------------------------------------------------------- common


@pytest.mark.parametrize(
    "alias, key",
    [
        ("Frontier", "frontier"),
        ("army-magic", "army"),
        ("War Game", "wargame"),
        ("war_game", "wargame"),
        ("Magic: the Conquering", "conquering"),
    ],
)
def test_variant_aliases(alias: str, key: str) -> None:
    assert normalise_variant(alias) == key


def test_unknown_variant() -> None:
    with pytest.raises(ValueError, match="unknown variant 'chess'"):
        normalise_variant("chess")


@pytest.mark.parametrize("variant", ["frontier", "army", "wargame", "conquering"])
def test_unknown_card_is_an_error_with_suggestions(variant: str, cards: CardList) -> None:
    d = Deck((DeckEntry(4, "Lightning Blot", line=3),))
    report = validate_deck(d, variant, cards)
    problem = next(p for p in report.problems if p.code == "unknown-card")
    assert problem.line == 3 and problem.suggestions == ("Lightning Bolt",)
    assert not report.is_legal


@pytest.mark.parametrize(
    "file, variant",
    [
        ("frontier_legal.fdeck", "frontier"),
        ("army_legal.fdeck", "army"),
        ("wargame_legal.fdeck", "wargame"),
        ("conquering_legal.fdeck", "conquering"),
    ],
)
def test_legal_fixture_decks(fixtures: Path, file: str, variant: str, cards: CardList) -> None:
    d = fixture_deck(fixtures, file, cards)
    assert d.variant == variant
    report = validate_deck(d, variant, cards)
    assert report.is_legal, [str(p) for p in report.problems]
    assert codes(report, None) == []
    assert report.summary.startswith(
        ("Frontier: legal", "Army: legal", "War Game: legal", "Conquering: legal")
    )


def test_report_wire_round_trip(fixtures: Path, cards: CardList) -> None:
    report = validate_deck(fixture_deck(fixtures, "typos.txt", cards), "frontier", cards)
    assert ValidationReport.from_wire(report.to_wire()) == report


def test_every_problem_is_returned_not_only_the_first(cards: CardList) -> None:
    d = deck("5 Hill Giant\n5 Grizzly Bears\n1 Armageddon\n", cards)
    report = validate_deck(d, "frontier", cards)
    assert sorted(codes(report)) == ["copy-limit", "copy-limit", "deck-size"]
    assert codes(report, Severity.WARNING) == ["mass-land-destruction", "no-lands"]


# --------------------------------------------------------------- Frontier


@pytest.fixture
def frontier(fixtures: Path, cards: CardList) -> Deck:
    return fixture_deck(fixtures, "frontier_legal.fdeck", cards)


def test_frontier_needs_60_cards(frontier: Deck, cards: CardList) -> None:
    report = validate_deck(without(frontier, "Lightning Bolt"), "frontier", cards)
    assert codes(report) == ["deck-size"]
    assert "56 cards" in report.errors[0].message


def test_frontier_at_most_four_copies_counting_the_sideboard(
    frontier: Deck, cards: CardList
) -> None:
    d = with_entries(frontier, DeckEntry(1, "Hill Giant", Section.SIDEBOARD))
    report = validate_deck(d, "frontier", cards)
    assert codes(report) == ["copy-limit"]
    assert report.errors[0].message == "Hill Giant: 5 copies; at most 4 (basic lands excepted)"


def test_frontier_basic_lands_and_any_number_cards_are_exempt(cards: CardList) -> None:
    d = deck("30 Mountain\n20 Relentless Rats\n7 Seven Dwarves\n3 Lightning Bolt\n", cards)
    assert validate_deck(d, "frontier", cards).is_legal
    d = deck("30 Mountain\n22 Relentless Rats\n8 Seven Dwarves\n", cards)
    report = validate_deck(d, "frontier", cards)
    assert [p.message for p in report.errors] == [
        "Seven Dwarves: 8 copies; at most 7 (basic lands excepted)"
    ]


def test_frontier_sideboard_over_15_is_a_warning(frontier: Deck, cards: CardList) -> None:
    d = with_entries(frontier, DeckEntry(16, "Island", Section.SIDEBOARD))
    report = validate_deck(d, "frontier", cards)
    assert report.is_legal and codes(report, Severity.WARNING) == ["sideboard-size"]


@pytest.mark.parametrize(
    "card, code",
    [
        ("Armageddon", "mass-land-destruction"),
        ("Ravages of War", "mass-land-destruction"),
        ("Sunder", "mass-land-destruction"),
        ("Stalking Stones", "land-creature"),
        ("Mishra's Factory", "land-creature"),
        ("Chimeric Staff", "artifact-creature"),
        ("Smuggler's Copter", "artifact-creature"),
    ],
)
def test_frontier_warns_about_unsupported_cards(
    frontier: Deck, card: str, code: str, cards: CardList
) -> None:
    d = with_entries(without(frontier, "Naturalize"), DeckEntry(4, card, line=99))
    report = validate_deck(d, "frontier", cards)
    assert report.is_legal  # warnings only
    (warning,) = report.warnings
    assert warning.code == code and warning.card == card and warning.line == 99
    assert "Frontier does not support" in warning.message


def test_frontier_reports_board_lands(frontier: Deck, cards: CardList) -> None:
    report = validate_deck(frontier, "frontier", cards)
    assert report.stats["board_lands"] == 28
    assert "adds 28 lands to the shared board" in report.summary


def test_frontier_warns_about_sections_it_does_not_use(frontier: Deck, cards: CardList) -> None:
    d = with_entries(frontier, DeckEntry(1, "Plains", Section.HOME_BASE))
    assert codes(validate_deck(d, "frontier", cards), Severity.WARNING) == ["unused-section"]


# --------------------------------------------------------------- Army


@pytest.fixture
def army(fixtures: Path, cards: CardList) -> Deck:
    return fixture_deck(fixtures, "army_legal.fdeck", cards)


def test_army_points_are_total_mana_value_of_spells(army: Deck, cards: CardList) -> None:
    report = validate_deck(army, "army", cards)
    assert report.stats["points"] == 98  # initial forces count; lands cost nothing
    assert report.stats["extra_lands"] == 2
    assert report.stats["agreed_points"] == 100


def test_army_over_the_agreed_total(army: Deck, cards: CardList) -> None:
    report = validate_deck(army, "army", cards, points=90)
    assert "points-over" in codes(report)
    assert "the army's spells total 98 points; the agreed total is 90" in [
        p.message for p in report.errors
    ]


def test_army_points_option_overrides_the_deck(army: Deck, cards: CardList) -> None:
    assert army.points == 100
    assert validate_deck(army, "army", cards, points=200).stats["agreed_points"] == 200


@pytest.mark.parametrize("points", [49, 501])
def test_army_agreed_total_between_50_and_500(army: Deck, points: int, cards: CardList) -> None:
    assert "points-range" in codes(validate_deck(army, "army", cards, points=points))


def test_army_default_total_is_100(army: Deck, cards: CardList) -> None:
    assert validate_deck(army.replace(points=None), "army", cards).stats["agreed_points"] == 100


def test_army_mythic_budget(army: Deck, cards: CardList) -> None:
    # Jace Beleren (3) + Akroma's Memorial (7) + 1 more mythic point would pass 10%.
    d = with_entries(without(army, "Hill Giant"), DeckEntry(1, "Akroma's Memorial"))
    assert validate_deck(d, "army", cards).is_legal  # exactly 10 of 100
    d = with_entries(without(army, "Hill Giant"), DeckEntry(1, "Akroma's Memorial"))
    report = validate_deck(d, "army", cards, points=90)
    assert "rarity-budget" in codes(report)
    assert "mythics use 10 points; at most 9 (10% of 90)" in [p.message for p in report.errors]


def test_army_rare_budget(army: Deck, cards: CardList) -> None:
    d = with_entries(without(army, "Kami of Ancient Law"), DeckEntry(2, "Shivan Dragon"))
    report = validate_deck(d, "army", cards)
    assert codes(report) == ["rarity-budget"]
    assert report.errors[0].message == "rares use 21 points; at most 20 (20% of 100)"


def test_army_uncommon_budget(army: Deck, cards: CardList) -> None:
    d = with_entries(without(army, "Kami of Ancient Law"), DeckEntry(1, "Serra Angel"))
    report = validate_deck(d, "army", cards)
    assert codes(report) == ["rarity-budget"]
    assert "uncommons use 43 points; at most 40" in report.errors[0].message


@pytest.mark.parametrize(
    "card, count, rarity, limit",
    [
        ("Savannah Lions", 17, "common", 16),
        ("Bushi Tenderfoot", 9, "uncommon", 8),
        ("Honor the Pure", 5, "rare", 4),
        ("Jace Beleren", 3, "mythic", 2),
    ],
)
def test_army_copy_limits_by_rarity(
    card: str, count: int, rarity: str, limit: int, cards: CardList
) -> None:
    d = Deck((DeckEntry(count, card),))
    report = validate_deck(d, "army", cards, points=500)
    assert f"{card}: {count} copies; at most {limit} of a {rarity}" in [
        p.message for p in report.errors
    ]


def test_army_copy_limit_counts_initial_forces(army: Deck, cards: CardList) -> None:
    # 14 in the library + 2 initial + 1 more = 17 Savannah Lions.
    d = with_entries(army, DeckEntry(1, "Savannah Lions", Section.INITIAL_FORCES))
    assert "copy-limit" in codes(validate_deck(d, "army", cards, points=200))


def test_army_one_copy_per_personality(cards: CardList) -> None:
    d = Deck((DeckEntry(2, "Isamaru, Hound of Konda"),))
    report = validate_deck(d, "army", cards)
    assert "personality" in codes(report)


def test_army_one_jace_whatever_the_version(cards: CardList) -> None:
    d = Deck((DeckEntry(1, "Jace Beleren"), DeckEntry(1, "Jace, the Mind Sculptor")))
    (problem,) = [
        p for p in validate_deck(d, "army", cards, points=500).problems if p.code == "personality"
    ]
    assert (
        "Jace Beleren, Jace, the Mind Sculptor are 2 copies of the same character"
        in problem.message
    )


def test_army_one_nicol_bolas_legend_or_planeswalker(cards: CardList) -> None:
    # Legend by the name before the comma, planeswalker by subtype "Bolas": one character.
    d = Deck((DeckEntry(1, "Nicol Bolas"), DeckEntry(1, "Nicol Bolas, Planeswalker")))
    assert "personality" in codes(validate_deck(d, "army", cards, points=500))
    alone = Deck((DeckEntry(1, "Nicol Bolas"),))
    assert "personality" not in codes(validate_deck(alone, "army", cards, points=500))


def test_army_needs_a_land_grid(army: Deck, cards: CardList) -> None:
    d = army.replace(
        entries=tuple(
            e for e in army.entries if e.section not in (Section.HOME_BASE, Section.LAND_GRID)
        )
    )
    assert codes(validate_deck(d, "army", cards)) == ["no-land-grid"]


def test_army_grid_has_15_lands(army: Deck, cards: CardList) -> None:
    d = with_entries(army, DeckEntry(1, "Plains", Section.LAND_GRID))
    report = validate_deck(d, "army", cards)
    assert codes(report) == ["grid-size"]
    assert "16 lands" in report.errors[0].message


def test_army_grid_has_exactly_one_home_base(army: Deck, cards: CardList) -> None:
    d = army.replace(
        entries=tuple(
            e
            if e.section is not Section.HOME_BASE
            else DeckEntry(1, "Eiganjo Castle", Section.LAND_GRID)
            for e in army.entries
        )
    )
    assert codes(validate_deck(d, "army", cards)) == ["home-base"]


def test_army_grid_cards_are_lands(army: Deck, cards: CardList) -> None:
    d = army.replace(
        entries=tuple(
            e
            if e.section is not Section.HOME_BASE
            else DeckEntry(1, "Grizzly Bears", Section.HOME_BASE)
            for e in army.entries
        )
    )
    assert codes(validate_deck(d, "army", cards)) == ["grid-not-land"]


def test_army_initial_forces_are_permanents(army: Deck, cards: CardList) -> None:
    d = with_entries(
        without(army, "Wrath of God"), DeckEntry(1, "Wrath of God", Section.INITIAL_FORCES)
    )
    assert codes(validate_deck(d, "army", cards)) == ["initial-not-permanent"]


def test_army_initial_forces_within_the_agreed_share(army: Deck, cards: CardList) -> None:
    report = validate_deck(army, "army", cards, initial_share=5)
    assert report.is_legal and report.stats["initial_points"] == 4
    report = validate_deck(army, "army", cards, initial_share=3)
    assert codes(report) == ["initial-share"]
    assert "the agreed share is 3% (3 points)" in report.errors[0].message


def test_army_initial_forces_above_recommendation_warn(army: Deck, cards: CardList) -> None:
    d = army.replace(
        entries=tuple(
            e if e.name != "Savannah Lions" else DeckEntry(e.count, e.name, Section.INITIAL_FORCES)
            for e in army.entries
        )
    )
    d = d.replace(
        entries=tuple(
            e
            if e.name != "Kami of Ancient Law"
            else DeckEntry(e.count, e.name, Section.INITIAL_FORCES)
            for e in d.entries
        )
    )
    report = validate_deck(d, "army", cards)
    assert report.is_legal and codes(report, Severity.WARNING) == ["initial-share"]


# --------------------------------------------------------------- War Game


@pytest.fixture
def wargame(fixtures: Path, cards: CardList) -> Deck:
    return fixture_deck(fixtures, "wargame_legal.fdeck", cards)


def test_wargame_needs_40_cards(wargame: Deck, cards: CardList) -> None:
    d = without(wargame, "White Knight")
    report = validate_deck(d, "wargame", cards)
    assert codes(report) == ["deck-size"] and "37 cards" in report.errors[0].message


def test_wargame_no_lands_but_the_stronghold(wargame: Deck, cards: CardList) -> None:
    d = with_entries(wargame, DeckEntry(1, "Mishra's Factory"))
    assert codes(validate_deck(d, "wargame", cards)) == ["land"]


def test_wargame_only_one_basic_land(wargame: Deck, cards: CardList) -> None:
    d = with_entries(wargame, DeckEntry(1, "Island"))
    report = validate_deck(d, "wargame", cards)
    assert codes(report) == ["stronghold"] and "2 basic lands" in report.errors[0].message


def test_wargame_stronghold_may_be_in_the_main_deck(wargame: Deck, cards: CardList) -> None:
    d = wargame.replace(
        entries=tuple(
            DeckEntry(e.count, e.name) if e.section is Section.STRONGHOLD else e
            for e in wargame.entries
        )
    )
    assert validate_deck(d, "wargame", cards).is_legal


def test_wargame_missing_stronghold_warns(wargame: Deck, cards: CardList) -> None:
    d = with_entries(without(wargame, "Forest"), DeckEntry(1, "White Knight"))
    report = validate_deck(d, "wargame", cards)
    assert report.is_legal and codes(report, Severity.WARNING) == ["stronghold"]


# --------------------------------------------------------------- Conquering


@pytest.fixture
def conquering(fixtures: Path, cards: CardList) -> Deck:
    return fixture_deck(fixtures, "conquering_legal.fdeck", cards)


def test_conquering_needs_60_cards(conquering: Deck, cards: CardList) -> None:
    report = validate_deck(without(conquering, "Mox Pearl"), "conquering", cards)
    assert codes(report) == ["deck-size"]


def test_conquering_no_lands_at_all(conquering: Deck, cards: CardList) -> None:
    d = with_entries(conquering, DeckEntry(1, "Plains", line=40))
    (problem,) = validate_deck(d, "conquering", cards).errors
    assert problem.code == "land" and problem.line == 40 and not problem.overridable


def test_conquering_stronghold_must_be_basic(conquering: Deck, cards: CardList) -> None:
    d = with_entries(
        without(conquering, "Plains"), DeckEntry(1, "Eiganjo Castle", Section.STRONGHOLD)
    )
    assert codes(validate_deck(d, "conquering", cards)) == ["stronghold"]


def test_conquering_one_colour_only(conquering: Deck, cards: CardList) -> None:
    d = with_entries(conquering, DeckEntry(1, "Grizzly Bears"))
    report = validate_deck(d, "conquering", cards)
    assert codes(report) == ["colours"]
    assert "white (50 cards), green (1 card)" in report.errors[0].message


@pytest.mark.parametrize(
    "card, kind",
    [("Boros Charm", "multicoloured"), ("Kitchen Finks", "hybrid"), ("Wear // Tear", "split")],
)
def test_conquering_no_multicolour_hybrid_or_two_colour_split(
    conquering: Deck, card: str, kind: str, cards: CardList
) -> None:
    d = with_entries(conquering, DeckEntry(1, card))
    report = validate_deck(d, "conquering", cards)
    problem = next(p for p in report.errors if p.code == "multicolour")
    assert f"{card}: {kind} card" in problem.message and not problem.overridable


def test_conquering_one_colour_split_card_is_fine(cards: CardList) -> None:
    d = deck("60 Relentless Rats\n", cards)  # control: mono black
    assert validate_deck(d, "conquering", cards).is_legal
    d = deck("56 Relentless Rats\n", cards)
    d = with_entries(d, DeckEntry(4, "Dead // Gone"))
    assert "multicolour" not in codes(validate_deck(d, "conquering", cards))


def test_conquering_colourless_cards_are_fine(conquering: Deck, cards: CardList) -> None:
    report = validate_deck(conquering, "conquering", cards)
    assert report.stats["colours"] == {"white": 50}


def test_conquering_vintage_legality(conquering: Deck, cards: CardList) -> None:
    d = with_entries(without(conquering, "Mox Pearl"), DeckEntry(2, "Mox Pearl"))
    report = validate_deck(d, "conquering", cards)
    assert codes(report) == ["vintage"]
    assert "restricted in Vintage: 2 copies, at most 1" in report.errors[0].message


def test_conquering_four_copies(conquering: Deck, cards: CardList) -> None:
    d = with_entries(conquering, DeckEntry(1, "Savannah Lions"))
    assert codes(validate_deck(d, "conquering", cards)) == ["copy-limit"]


@pytest.mark.parametrize(
    "card, code",
    [
        ("Troll Ascetic", "shroud"),
        ("Lightning Greaves", "shroud"),
        ("Wrath of God", "mass-creature-removal"),
        ("Moat", "prevents-attacking"),
        ("Stone Rain", "land-destruction"),
        ("Armageddon", "land-destruction"),
        ("Wild Growth", "needs-land-taps"),
        ("Earthcraft", "needs-land-taps"),
        ("Sizzle", "only-damages-opponent"),
        ("Lava Spike", "only-damages-opponent"),
        ("Vampiric Tutor", "uses-life"),
        ("Channel", "uses-life"),
        ("Gitaxian Probe", "uses-life"),
        ("Chaos Orb", "ante-dexterity"),
        ("Contract from Below", "ante-dexterity"),
    ],
)
def test_conquering_appendix_a_flags(card: str, code: str, cards: CardList) -> None:
    d = Deck((DeckEntry(1, card, line=5),))
    report = validate_deck(d, "conquering", cards)
    flags = [p for p in report.errors if p.overridable]
    assert code in [p.code for p in flags], [str(p) for p in report.problems]
    flag = next(p for p in flags if p.code == code)
    assert flag.line == 5 and flag.card == card and "appendix A" in flag.message


@pytest.mark.parametrize(
    "card",
    [
        "Peacekeeper",
        "Pacifism",
        "Sea's Claim",
        "White Knight",
        "Lightning Bolt",
        "Naturalize",
        "Counterspell",
        "Dead // Gone",
    ],
)
def test_conquering_allowed_cards_are_not_flagged(card: str, cards: CardList) -> None:
    report = validate_deck(Deck((DeckEntry(1, card),)), "conquering", cards)
    assert [p for p in report.problems if p.overridable] == []


def test_conquering_player_may_override_a_flag(conquering: Deck, cards: CardList) -> None:
    d = with_entries(without(conquering, "Mox Pearl"), DeckEntry(1, "Wrath of God"))
    assert codes(validate_deck(d, "conquering", cards)) == ["mass-creature-removal"]
    report = validate_deck(d, "conquering", cards, allowed=["wrath of god"])
    assert report.is_legal
    (note,) = report.problems
    assert note.severity is Severity.INFO and "allowed by the player" in note.message
    # The deck file can carry the override too.
    assert validate_deck(d.replace(allowed=("Wrath of God",)), "conquering", cards).is_legal


def test_conquering_lands_cannot_be_overridden(conquering: Deck, cards: CardList) -> None:
    d = with_entries(conquering, DeckEntry(1, "Mishra's Factory"))
    assert not validate_deck(d, "conquering", cards, allowed=["Mishra's Factory"]).is_legal


def test_one_function_per_variant(fixtures: Path, cards: CardList) -> None:
    from frontier_desktop.decks import (
        validate_army,
        validate_conquering,
        validate_frontier,
        validate_wargame,
    )

    for function, file in (
        (validate_frontier, "frontier_legal.fdeck"),
        (validate_army, "army_legal.fdeck"),
        (validate_wargame, "wargame_legal.fdeck"),
        (validate_conquering, "conquering_legal.fdeck"),
    ):
        assert function(fixture_deck(fixtures, file, cards), cards).is_legal
