"""Deck rules per variant: one validator each behind :func:`validate_deck`.

Every validator returns *every* problem with its reason (never only the first), each an
error (the deck is illegal), a warning (legal, but the variant cannot support the card or a
recommendation is not met) or info (a flag the player overrode). The rules come from the
rules digests in ``shared/rules``; their rulings are the defaults here:

* **Frontier** — a normal Magic deck, lands included (they become the shared board): at
  least 60 cards in the main deck, at most 4 copies of a card but basic lands (main deck and
  sideboard together), at most 15 in the sideboard (warning). Warnings for mass land
  destruction and for lands or artifacts that become creatures; the report says how many
  lands the deck adds to the board.
* **Army** — points = total mana value of the army's spells (main deck plus initial forces;
  lands cost nothing), at most the agreed total (default 100, between 50 and 500); at most
  10% / 20% / 40% of the agreed total on mythics / rares / uncommons; copies: 1 per
  personality (legends by the name before the comma, planeswalkers by subtype, one group if
  either matches), 2 per mythic, 4 per rare, 8 per uncommon, 16 per common (basic lands
  exempt); a 15-land grid (``Home base`` 1 + ``Land grid`` 14); initial forces are
  permanent spells within their share of the points (warning above the recommended 25% when
  no share is agreed). Scryfall's ``special`` rarity counts as rare, ``bonus`` as mythic.
* **War Game** — at least 40 cards (the stronghold included), no lands except one basic
  land, the stronghold (in the deck or a ``Stronghold`` section; a warning when missing).
* **Conquering** — at least 60 cards in the main deck, no lands, one colour only (no
  multicoloured, hybrid or two-colour split cards; colourless is fine), Vintage legality when
  the card data has it, at most 4 copies; and each banned category of appendix A flagged by
  card data with the reason. Those flags may be overridden by the player (``Deck.allowed`` or
  ``allowed=``); lands and colours may not, since they are read from the card, not guessed.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from frontier_desktop.decks import heuristics
from frontier_desktop.decks.model import Deck, DeckEntry, DeckProblem, Section, Severity
from frontier_desktop.decks.resolve import CardLookup, Suggester, lookup
from frontier_desktop.rules.card import COLOURS, Card, normalise_name
from frontier_desktop.rules.errors import InvalidCardError

VARIANTS = ("frontier", "army", "wargame", "conquering")
"""Variant names the validators know."""

_ALIASES = {
    "frontier": "frontier", "frontier magic": "frontier",
    "army": "army", "army magic": "army",
    "wargame": "wargame", "war game": "wargame", "the war game": "wargame",
    "magic the war game": "wargame",
    "conquering": "conquering", "the conquering": "conquering",
    "magic the conquering": "conquering",
}

ARMY_DEFAULT_POINTS = 100
ARMY_POINTS_RANGE = (50, 500)
ARMY_RARITY_BUDGET = {"mythic": 10, "rare": 20, "uncommon": 40}
"""Percent of the agreed total each rarity may use."""
ARMY_COPY_LIMITS = {"mythic": 2, "rare": 4, "uncommon": 8, "common": 16}
ARMY_GRID_LANDS = 15
ARMY_INITIAL_RECOMMENDED = (5, 25)
"""Recommended share of the points for initial forces, in percent."""

_COLOUR_NAMES = dict(zip(COLOURS, ("white", "blue", "black", "red", "green")))


def normalise_variant(name: str) -> str:
    """The validator key for a variant name (``"War Game"`` → ``"wargame"``).

    Raises:
        ValueError: not a known variant.
    """
    key = re.sub(r"[^a-z ]+", " ", name.lower().replace("-", " ").replace("_", " "))
    key = re.sub(r"\s+", " ", key).strip()
    if key in _ALIASES:
        return _ALIASES[key]
    raise ValueError(f"unknown variant '{name}' (known: {', '.join(VARIANTS)})")


@dataclasses.dataclass(frozen=True)
class ValidationReport:
    """The result of checking a deck for one variant."""

    variant: str
    """The variant key (``"army"``)."""
    problems: tuple[DeckProblem, ...]
    """Every problem, errors first."""
    stats: Mapping[str, Any]
    """Figures the deck builder shows (card counts, points, board lands...)."""
    summary: str
    """One line: legal or not, and the key figures."""

    @property
    def is_legal(self) -> bool:
        """True when there is no error (warnings and info do not count)."""
        return not any(p.is_error for p in self.problems)

    @property
    def errors(self) -> tuple[DeckProblem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[DeckProblem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.WARNING)

    def to_wire(self) -> dict[str, Any]:
        return {"variant": self.variant, "legal": self.is_legal, "summary": self.summary,
                "stats": dict(self.stats), "problems": [p.to_wire() for p in self.problems]}

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> ValidationReport:
        return cls(variant=str(data["variant"]),
                   problems=tuple(DeckProblem.from_wire(p) for p in data.get("problems", ())),
                   stats=dict(data.get("stats", {})), summary=str(data.get("summary", "")))


@dataclasses.dataclass
class _Context:
    """What one validator works with: the deck, its known cards, the options, the output."""

    deck: Deck
    cards: dict[str, Card]
    raw: dict[str, Mapping[str, Any]]
    points: int | None
    initial_share: float | None
    allowed: frozenset[str]
    problems: list[DeckProblem] = dataclasses.field(default_factory=list)
    stats: dict[str, Any] = dataclasses.field(default_factory=dict)

    def card(self, entry: DeckEntry) -> Card | None:
        return self.cards.get(entry.name)

    def entries(self, *sections: Section) -> tuple[DeckEntry, ...]:
        return tuple(e for e in self.deck.entries if e.section in sections)

    def add(self, severity: Severity, code: str, message: str, *, card: str | None = None,
            line: int | None = None, overridable: bool = False) -> None:
        self.problems.append(DeckProblem(message, severity, code, line=line, card=card,
                                         overridable=overridable))

    def error(self, code: str, message: str, **kw: Any) -> None:
        self.add(Severity.ERROR, code, message, **kw)

    def warn(self, code: str, message: str, **kw: Any) -> None:
        self.add(Severity.WARNING, code, message, **kw)

    def flag(self, code: str, entry: DeckEntry, reason: str) -> None:
        """An overridable error, downgraded to info when the player allowed the card."""
        if normalise_name(entry.name) in self.allowed or \
                normalise_name(entry.front_name) in self.allowed:
            self.add(Severity.INFO, code, f"{entry.name}: {reason} — allowed by the player",
                     card=entry.name, line=entry.line, overridable=True)
        else:
            self.error(code, f"{entry.name}: {reason}", card=entry.name, line=entry.line,
                       overridable=True)


Validator = Callable[[_Context], str]
"""A variant's checks: add problems and stats to the context, return the summary figures."""


def validate_deck(
    deck: Deck,
    variant: str,
    cards: CardLookup,
    *,
    points: int | None = None,
    initial_share: float | None = None,
    allowed: Iterable[str] = (),
) -> ValidationReport:
    """Check *deck* against *variant*'s deck rules.

    Args:
        deck: the deck (names may be as written or canonical).
        variant: a variant name or alias (see :func:`normalise_variant`).
        cards: the card source names are looked up in.
        points: Army: the agreed total (default: the deck's ``points``, else 100).
        initial_share: Army: the agreed share of the points for initial forces, in percent.
        allowed: card names the player allows despite an overridable flag (added to the
            deck's own ``allowed`` list).

    Returns:
        The report: every problem with its reason, figures and a one-line summary.

    Raises:
        ValueError: an unknown variant.
    """
    key = normalise_variant(variant)
    known: dict[str, Card] = {}
    raw: dict[str, Mapping[str, Any]] = {}
    problems: list[DeckProblem] = []
    entries: list[DeckEntry] = []
    suggester: Suggester | None = None
    for entry in deck.entries:
        obj = lookup(cards, entry)
        card: Card | None = None
        if obj is not None:
            try:
                card = Card.from_scryfall(obj)
            except InvalidCardError as exc:
                problems.append(DeckProblem(f"{entry.name}: the card data is unusable ({exc})",
                                            Severity.ERROR, "bad-card-data", line=entry.line,
                                            card=entry.name))
        if card is None:
            if obj is None:
                suggester = suggester or Suggester.from_lookup(cards)
                problems.append(DeckProblem(
                    f"'{entry.name or entry.mtgo_id}' is not a known card, so it cannot be "
                    "checked", Severity.ERROR, "unknown-card", line=entry.line,
                    card=entry.name, suggestions=suggester.suggest(entry.name)))
            entries.append(entry)
            continue
        entry = dataclasses.replace(entry, name=card.name)
        known[card.name] = card
        raw[card.name] = obj  # type: ignore[assignment]
        entries.append(entry)
    ctx = _Context(
        deck=deck.replace(entries=tuple(entries)), cards=known, raw=raw, points=points,
        initial_share=initial_share,
        allowed=frozenset(normalise_name(a) for a in (*deck.allowed, *allowed)),
        problems=problems,
    )
    figures = _VALIDATORS[key](ctx)
    order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
    ctx.problems.sort(key=lambda p: order[p.severity])
    n_err = sum(p.is_error for p in ctx.problems)
    n_warn = sum(p.severity is Severity.WARNING for p in ctx.problems)
    verdict = "legal" if n_err == 0 else f"illegal ({n_err} error{'s' if n_err != 1 else ''})"
    if n_warn:
        verdict += f", {n_warn} warning{'s' if n_warn != 1 else ''}"
    title = {"frontier": "Frontier", "army": "Army", "wargame": "War Game",
             "conquering": "Conquering"}[key]
    return ValidationReport(key, tuple(ctx.problems), ctx.stats,
                            f"{title}: {verdict} — {figures}")


# ----------------------------------------------------------------- shared checks

def _unused_sections(ctx: _Context, used: Iterable[Section], variant: str) -> None:
    used = set(used) | {Section.MAYBEBOARD, Section.TOKENS}
    for section in ctx.deck.sections:
        if section not in used:
            ctx.warn("unused-section", f"the {section.heading} section ({ctx.deck.count(section)} "
                     f"cards) is not used in {variant}")


def _is_basic(card: Card | None) -> bool:
    return card is not None and card.is_land and "Basic" in card.supertypes


def _copy_allowance(card: Card | None, default: int) -> int | None:
    """How many copies the card's own text allows (None: any number), else *default*."""
    if card is None:
        return default
    if _is_basic(card):
        return None
    text = card.oracle_text.lower()
    if "a deck can have any number of cards named" in text:
        return None
    match = re.search(r"a deck can have up to (\w+) cards named", text)
    if match:
        words = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10}
        return words.get(match.group(1), int(match.group(1)) if match.group(1).isdigit()
                         else default)
    return default


def _four_copies(ctx: _Context, sections: tuple[Section, ...]) -> None:
    for name, count in ctx.deck.counts_by_name(*sections).items():
        limit = _copy_allowance(ctx.cards.get(name), 4)
        if limit is not None and count > limit:
            ctx.error("copy-limit", f"{name}: {count} copies; at most {limit} (basic lands "
                      "excepted)", card=name)


def _distinct(ctx: _Context, *sections: Section) -> list[tuple[DeckEntry, Card]]:
    """The first entry of each known card in *sections*."""
    seen: set[str] = set()
    out = []
    for entry in ctx.entries(*sections):
        card = ctx.card(entry)
        if card is not None and entry.name not in seen:
            seen.add(entry.name)
            out.append((entry, card))
    return out


def _land_count(ctx: _Context, *sections: Section) -> int:
    return sum(e.count for e in ctx.entries(*sections) if (c := ctx.card(e)) and c.is_land)


# ----------------------------------------------------------------- Frontier

def _frontier(ctx: _Context) -> str:
    main = ctx.deck.count(Section.MAIN)
    side = ctx.deck.count(Section.SIDEBOARD)
    lands = _land_count(ctx, Section.MAIN)
    ctx.stats.update(cards=main, sideboard=side, board_lands=lands)
    if main < 60:
        ctx.error("deck-size", f"the main deck has {main} cards; a Frontier deck needs at least "
                  "60 (lands included)")
    if side > 15:
        ctx.warn("sideboard-size", f"the sideboard has {side} cards; Magic allows at most 15")
    _four_copies(ctx, (Section.MAIN, Section.SIDEBOARD))
    checks = (("mass-land-destruction", heuristics.mass_land_destruction),
              ("land-creature", heuristics.land_becomes_creature),
              ("artifact-creature", heuristics.artifact_becomes_creature))
    for entry, card in _distinct(ctx, Section.MAIN, Section.SIDEBOARD):
        for code, check in checks:
            reason = check(card)
            if reason:
                ctx.warn(code, f"{entry.name}: {reason}, which Frontier does not support",
                         card=entry.name, line=entry.line)
                break
    if lands == 0:
        ctx.warn("no-lands", "the deck adds no lands to the shared board")
    _unused_sections(ctx, (Section.MAIN, Section.SIDEBOARD), "Frontier")
    return (f"{main} cards, adds {lands} land{'s' if lands != 1 else ''} to the shared board "
            f"({lands // 5} full column{'s' if lands // 5 != 1 else ''} of five on its own)")


# ----------------------------------------------------------------- Army

def _army_rarity(card: Card) -> str:
    return {"special": "rare", "bonus": "mythic"}.get(card.rarity, card.rarity)


def _personality_keys(card: Card) -> set[str]:
    keys: set[str] = set()
    if card.is_legendary:
        keys.add(normalise_name(card.name.split(" // ")[0].split(",")[0]))
    if "Planeswalker" in card.types:
        keys.update(normalise_name(s) for s in card.subtypes)
        keys.add(normalise_name(card.name.split(" // ")[0].split(",")[0]))
    return keys


def _personalities(cards: list[tuple[str, Card, int]]) -> list[list[tuple[str, int]]]:
    """Group personality cards that share a key (union-find over names)."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    owner: dict[str, str] = {}
    for name, card, _ in cards:
        find(name)
        for key in _personality_keys(card):
            if key in owner:
                parent[find(name)] = find(owner[key])
            else:
                owner[key] = name
    groups: dict[str, list[tuple[str, int]]] = {}
    for name, _, count in cards:
        groups.setdefault(find(name), []).append((name, count))
    return list(groups.values())


def _army(ctx: _Context) -> str:
    agreed = ctx.points or ctx.deck.points or ARMY_DEFAULT_POINTS
    low, high = ARMY_POINTS_RANGE
    if not low <= agreed <= high:
        ctx.error("points-range", f"the agreed total is {agreed} points; it must be between "
                  f"{low} and {high}")
    army = (Section.MAIN, Section.INITIAL_FORCES)
    counts = ctx.deck.counts_by_name(*army)
    spells = [(n, c, counts[n]) for n, c in ctx.cards.items() if n in counts and not c.is_land]
    points = sum(c.cmc * k for _, c, k in spells)
    by_rarity: dict[str, float] = {}
    for _, card, k in spells:
        by_rarity[_army_rarity(card)] = by_rarity.get(_army_rarity(card), 0.0) + card.cmc * k
    ctx.stats.update(points=_num(points), agreed_points=agreed,
                     rarity_points={r: _num(v) for r, v in sorted(by_rarity.items())},
                     spells=sum(k for *_, k in spells),
                     extra_lands=_land_count(ctx, Section.MAIN))
    if points > agreed:
        ctx.error("points-over", f"the army's spells total {_num(points)} points; the agreed "
                  f"total is {agreed}")
    for rarity, percent in ARMY_RARITY_BUDGET.items():
        used, budget = by_rarity.get(rarity, 0.0), agreed * percent / 100
        if used > budget:
            ctx.error("rarity-budget", f"{rarity}s use {_num(used)} points; at most "
                      f"{_num(budget)} ({percent}% of {agreed})")
    for name, count in counts.items():
        known = ctx.cards.get(name)
        if known is None or _is_basic(known):
            continue
        rarity = _army_rarity(known)
        limit = ARMY_COPY_LIMITS.get(rarity)
        if limit is not None and count > limit:
            ctx.error("copy-limit", f"{name}: {count} copies; at most {limit} of a {rarity}",
                      card=name)
    people = [(n, c, counts[n]) for n, c in ctx.cards.items()
              if n in counts and _personality_keys(c)]
    for group in _personalities(people):
        total = sum(k for _, k in group)
        if total > 1:
            names = ", ".join(f"{n} ({k})" if k > 1 else n for n, k in group)
            ctx.error("personality", f"one version of each personality: {names} are "
                      f"{total} copies of the same character", card=group[0][0])
    _army_grid(ctx)
    init = _army_initial(ctx, agreed)
    _unused_sections(ctx, (Section.MAIN, Section.SIDEBOARD, Section.INITIAL_FORCES,
                           Section.HOME_BASE, Section.LAND_GRID), "Army")
    return (f"{_num(points)}/{agreed} points, {ctx.stats['spells']} spells, initial forces "
            f"{_num(init)} points, grid {ctx.stats['grid_lands']}/{ARMY_GRID_LANDS} lands")


def _army_grid(ctx: _Context) -> None:
    home = ctx.deck.count(Section.HOME_BASE)
    grid = ctx.deck.count(Section.LAND_GRID)
    ctx.stats["grid_lands"] = home + grid
    if home + grid == 0:
        ctx.error("no-land-grid", f"no land grid: list {ARMY_GRID_LANDS} lands, one under "
                  "'Home base' and the others under 'Land grid'")
        return
    if home != 1:
        ctx.error("home-base", f"the home base section has {home} lands; choose exactly one")
    if home + grid != ARMY_GRID_LANDS:
        ctx.error("grid-size", f"the land grid has {home + grid} lands (home base included); "
                  f"it needs {ARMY_GRID_LANDS}")
    for entry in ctx.entries(Section.HOME_BASE, Section.LAND_GRID):
        card = ctx.card(entry)
        if card is not None and not card.is_land:
            ctx.error("grid-not-land", f"{entry.name} in the {entry.section.heading} section is "
                      "not a land", card=entry.name, line=entry.line)


def _army_initial(ctx: _Context, agreed: int) -> float:
    total = 0.0
    for entry in ctx.entries(Section.INITIAL_FORCES):
        card = ctx.card(entry)
        if card is None:
            continue
        if card.is_land or not card.is_permanent:
            ctx.error("initial-not-permanent", f"{entry.name} cannot be an initial force: "
                      "initial forces are permanent spells of the army", card=entry.name,
                      line=entry.line)
            continue
        total += card.cmc * entry.count
    ctx.stats["initial_points"] = _num(total)
    percent = 100 * total / agreed if agreed else 0.0
    if ctx.initial_share is not None:
        allowed = agreed * ctx.initial_share / 100
        if total > allowed:
            ctx.error("initial-share", f"the initial forces use {_num(total)} points; the "
                      f"agreed share is {_num(ctx.initial_share)}% ({_num(allowed)} points)")
    elif total and percent > ARMY_INITIAL_RECOMMENDED[1]:
        low, high = ARMY_INITIAL_RECOMMENDED
        ctx.warn("initial-share", f"the initial forces use {_num(total)} points "
                 f"({percent:.0f}% of {agreed}); {low}-{high}% is recommended")
    return total


def _num(value: float) -> float | int:
    return int(value) if float(value).is_integer() else round(value, 2)


# ----------------------------------------------------------------- War Game

def _wargame(ctx: _Context) -> str:
    sections = (Section.MAIN, Section.STRONGHOLD)
    total = ctx.deck.count(*sections)
    basics = 0
    for entry in ctx.entries(*sections):
        card = ctx.card(entry)
        if card is None or not card.is_land:
            continue
        if _is_basic(card):
            basics += entry.count
        else:
            ctx.error("land", f"{entry.name}: no lands except one basic land for the "
                      "stronghold", card=entry.name, line=entry.line)
    ctx.stats.update(cards=total, stronghold_lands=basics)
    if basics > 1:
        ctx.error("stronghold", f"the deck has {basics} basic lands; only one is allowed, "
                  "for the stronghold")
    elif basics == 0:
        ctx.warn("stronghold", "no stronghold: add one basic land of your choice")
    if total < 40:
        ctx.error("deck-size", f"the deck has {total} cards; the War Game needs at least 40")
    _unused_sections(ctx, (Section.MAIN, Section.SIDEBOARD, Section.STRONGHOLD), "the War Game")
    return f"{total} cards"


# ----------------------------------------------------------------- Conquering

def _conquering(ctx: _Context) -> str:
    main = ctx.deck.count(Section.MAIN)
    ctx.stats["cards"] = main
    if main < 60:
        ctx.error("deck-size", f"the deck has {main} cards; the Conquering needs at least 60")
    for entry in ctx.entries(Section.STRONGHOLD):
        card = ctx.card(entry)
        if card is not None and not _is_basic(card):
            ctx.error("stronghold", f"{entry.name}: the stronghold must be a basic land",
                      card=entry.name, line=entry.line)
    if ctx.deck.count(Section.STRONGHOLD) > 1:
        ctx.error("stronghold", "choose one basic land for the stronghold")
    colours: dict[str, int] = {}
    for entry in ctx.entries(Section.MAIN):
        card = ctx.card(entry)
        if card is None:
            continue
        if card.is_land:
            ctx.error("land", f"{entry.name}: decks cannot use any land (appendix A, 1)",
                      card=entry.name, line=entry.line)
            continue
        if len(set(card.colors)) > 1:
            kinds = "hybrid" if re.search(r"\{[WUBRG]/[WUBRG]\}", card.mana_cost) else (
                "split" if " // " in card.name else "multicoloured")
            ctx.error("multicolour", f"{entry.name}: {kinds} card of "
                      f"{_colour_list(card.colors)}; the deck must be one colour (appendix A, 9)",
                      card=entry.name, line=entry.line)
        for colour in set(card.colors):
            colours[colour] = colours.get(colour, 0) + entry.count
    ctx.stats["colours"] = {_COLOUR_NAMES[c]: n for c, n in sorted(colours.items())}
    if len(colours) > 1:
        parts = ", ".join(f"{_COLOUR_NAMES[c]} ({_cards(n)})" for c, n in sorted(
            colours.items(), key=lambda kv: -kv[1]))
        ctx.error("colours", f"the deck has cards of {len(colours)} colours: {parts}; a "
                  "Conquering deck is one colour (colourless cards are fine)")
    elif not colours:
        ctx.warn("colours", "the deck has no coloured card: choose the colour you play")
    _vintage(ctx)
    _four_copies(ctx, (Section.MAIN,))
    for entry, card in _distinct(ctx, Section.MAIN):
        if card.is_land:
            continue
        for code, check in heuristics.CONQUERING_FLAGS:
            reason = check(card)
            if reason:
                ctx.flag(code, entry, f"{reason} (appendix A)")
    _unused_sections(ctx, (Section.MAIN, Section.SIDEBOARD, Section.STRONGHOLD),
                     "the Conquering")
    colour = ", ".join(ctx.stats["colours"]) or "no colour"
    return f"{main} cards, {colour}"


def _vintage(ctx: _Context) -> None:
    counts = ctx.deck.counts_by_name(Section.MAIN)
    for name, count in counts.items():
        legalities = ctx.raw.get(name, {}).get("legalities")
        if not isinstance(legalities, Mapping) or "vintage" not in legalities:
            continue
        status = legalities["vintage"]
        if status in ("banned", "not_legal"):
            ctx.error("vintage", f"{name} is {status.replace('_', ' ')} in Vintage",
                      card=name)
        elif status == "restricted" and count > 1:
            ctx.error("vintage", f"{name} is restricted in Vintage: {count} copies, at most 1",
                      card=name)


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _colour_list(colors: Iterable[str]) -> str:
    names = [_COLOUR_NAMES[c] for c in COLOURS if c in set(colors)]
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]


def validate_frontier(deck: Deck, cards: CardLookup, **options: Any) -> ValidationReport:
    """Frontier Magic's deck rules (see :func:`validate_deck`)."""
    return validate_deck(deck, "frontier", cards, **options)


def validate_army(deck: Deck, cards: CardLookup, *, points: int | None = None,
                  initial_share: float | None = None, **options: Any) -> ValidationReport:
    """Army Magic's deck rules (see :func:`validate_deck`)."""
    return validate_deck(deck, "army", cards, points=points, initial_share=initial_share,
                         **options)


def validate_wargame(deck: Deck, cards: CardLookup, **options: Any) -> ValidationReport:
    """Magic: the War Game's deck rules (see :func:`validate_deck`)."""
    return validate_deck(deck, "wargame", cards, **options)


def validate_conquering(deck: Deck, cards: CardLookup, *, allowed: Iterable[str] = (),
                        **options: Any) -> ValidationReport:
    """Magic: the Conquering's deck rules (see :func:`validate_deck`)."""
    return validate_deck(deck, "conquering", cards, allowed=allowed, **options)


_VALIDATORS: dict[str, Validator] = {
    "frontier": _frontier,
    "army": _army,
    "wargame": _wargame,
    "conquering": _conquering,
}
