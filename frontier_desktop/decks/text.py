"""The text deck formats: one lenient reader, one writer per format.

Every text format people paste is read by the same line reader, which understands all their
spellings at once (``docs``: the shared decklist-formats spec, "What a lenient importer should
accept"):

* counts ``4 X``, ``4x X``, ``4X X``, ``(4) X``, ``[4] X`` (a bare name is one copy);
* ``SB:`` prefixes in any case, section headers (``Deck``, ``Main``, ``Mainboard: 3 cards``,
  ``Sideboard``, ``SideBoard: 2 cards``, ``SIDEBOARD:``, ``Commander``, ``Companion``,
  ``Maybeboard``, ``Tokens``, Forge ``[Main]``/``[Sideboard]``, and this program's Army and
  War Game sections), and a *single* blank line splitting main deck from sideboard;
* printings ``(SET) 123``, ``(PLST) MH2-123``, XMage ``[SET:123] Name``, Magic Workstation
  ``[SET] Name`` and Forge ``Name|SET|art``; foil marks ``*F*``/``*E*``; Archidekt categories
  ``[Ramp]`` (``Sideboard``/``Maybeboard``/``Commander`` and ``{noDeck}`` become sections) and
  ``^tag^`` tags; a trailing art index ``Forest (3)``;
* ``//`` comments (the first names the deck, later ones are notes, as Cockatrice does) and
  ``#`` comments; Arena's ``About``/``Name`` block; Forge ``[metadata]`` ``Name=``; XMage
  ``NAME:``;
* names folded to Scryfall's spelling: ``A/B`` and ``A /// B`` become ``A // B``, ``Æ``
  becomes ``Ae``, curly quotes become straight, runs of spaces collapse.

This program's own format (``fdeck``) is the one the sample decks in ``assets/decks/`` use:
plain ``N Name`` lines with ``// key: value`` metadata comments and ``// section`` marker
comments::

    // name: Samurai of Konda
    // variant: army
    // points: 100
    // home: Eiganjo Castle
    // notes: First line of the notes.
    // notes: Second line.
    // allow: Channel
    // any other comment is ignored
    4 Bushi Tenderfoot
    4 Samurai of the Pale Curtain (CHK) 43 *F*

    // initial forces
    2 Savannah Lions

    // grid
    1 Eiganjo Castle
    14 Plains

Metadata keys: ``name``, ``variant`` (frontier, army, wargame, conquering), ``points`` (Army's
agreed total), ``home`` (Army: which grid land is the home base), ``notes`` (one line each),
``allow`` (a card the player allows despite an overridable validator flag). A file with any of
these (or the optional first line ``// Frontier Desktop deck``) is read as this format, where
comments that are not metadata or markers are ignored.

Section markers (a comment holding only the section name): ``// grid`` (Army's 15 land-grid
lands, the ``home`` one included), ``// initial forces`` (Army: cards of the army that start in
play; they count as army points), ``// stronghold`` (War Game / Conquering: the chosen basic
land; a War Game deck may also list it among the cards), ``// sideboard``, ``// commander``,
``// companion``, ``// maybeboard``, ``// tokens``, ``// home base`` (a home base given as a
section instead of ``home``), and ``// deck`` or ``// main`` to return to the main deck. The
Arena-style header lines (``Sideboard``, ``Land grid``...) are read too.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from frontier_desktop.decks.model import (
    Deck,
    DeckEntry,
    DeckProblem,
    DeckWriteError,
    ParseResult,
    Section,
    Severity,
)

NATIVE_MAGIC = "// Frontier Desktop deck"
"""First line of this program's own format."""

MAX_COUNT = 999
"""Largest count accepted on one line."""

FRONT_FACE_LAYOUTS = frozenset({
    "transform", "modal_dfc", "flip", "adventure", "meld", "reversible_card", "prepare",
})
"""Scryfall layouts whose cards are written by their front face where a format wants that
(Arena, MTGO, Forge); split, aftermath and fuse cards keep both halves."""

_HEADERS: dict[str, Section | None] = {
    "deck": Section.MAIN, "main": Section.MAIN, "maindeck": Section.MAIN,
    "mainboard": Section.MAIN, "main deck": Section.MAIN, "main board": Section.MAIN,
    "sideboard": Section.SIDEBOARD, "side board": Section.SIDEBOARD, "side": Section.SIDEBOARD,
    "commander": Section.COMMANDER, "commanders": Section.COMMANDER,
    "companion": Section.COMPANION, "companions": Section.COMPANION,
    "maybeboard": Section.MAYBEBOARD, "maybe board": Section.MAYBEBOARD,
    "maybe": Section.MAYBEBOARD, "considering": Section.MAYBEBOARD,
    "tokens": Section.TOKENS, "token": Section.TOKENS,
    "home base": Section.HOME_BASE, "homebase": Section.HOME_BASE,
    "land grid": Section.LAND_GRID, "grid": Section.LAND_GRID,
    "initial forces": Section.INITIAL_FORCES, "initial force": Section.INITIAL_FORCES,
    "stronghold": Section.STRONGHOLD,
    # Type groupings some sites print inside the main deck: headers, not cards.
    "creature": None, "creatures": None, "land": None, "lands": None, "instant": None,
    "instants": None, "sorcery": None, "sorceries": None, "artifact": None, "artifacts": None,
    "enchantment": None, "enchantments": None, "planeswalker": None, "planeswalkers": None,
    "spells": None, "other spells": None, "battle": None, "battles": None,
}
_HEADER_RE = re.compile(
    r"^(?P<word>[a-z][a-z ]*?)\s*:?\s*(?:\(?\d+\)?(?:\s*cards?)?)?\s*:?$", re.IGNORECASE
)
_FORGE_SECTION_RE = re.compile(r"^\[(?P<word>[A-Za-z][A-Za-z ]*)\]$")
_FORGE_SECTIONS: dict[str, Section | None] = {
    "main": Section.MAIN, "sideboard": Section.SIDEBOARD, "commander": Section.COMMANDER,
    "metadata": None,
}
_COUNT_RE = re.compile(
    r"^(?:(?P<n>\d+)\s*[xX]?\s+|\((?P<p>\d+)\)\s*|\[(?P<b>\d+)\]\s*)(?P<rest>\S.*)$"
)
_SB_RE = re.compile(r"^sb:\s*(?P<rest>.*)$", re.IGNORECASE)
_TAGS_RE = re.compile(r"\s*\^[^^]*\^$")
_CATEGORY_RE = re.compile(r"\s*\[(?P<cat>[^\[\]]*)\]$")
_FINISH_RE = re.compile(r"\s*\*(?P<f>f|e|foil|etched)\*$", re.IGNORECASE)
_ART_RE = re.compile(r"\s+\((?P<art>\d{1,3})\)$")
"""A trailing art index (``Forest (3)``, Magic Workstation and Cockatrice lists)."""
# One-letter set codes (Magic Workstation's ``[B] Forest``) too, so a written ``(B)`` reads back.
_PRINTING_RE = re.compile(r"\s+\((?P<set>[A-Za-z0-9]{2,6}|[A-Za-z])\)(?:\s+(?P<num>[^\s()\[\]*]+))?$")
_XMAGE_RE = re.compile(r"^\[(?P<set>[A-Za-z0-9]+):(?P<num>[^\]]*)\]\s*(?P<name>.+)$")
_MWS_RE = re.compile(r"^\[(?P<set>[A-Za-z0-9]*)\]\s*(?P<name>.+)$")
_META_RE = re.compile(r"^(?P<key>[a-z]+)\s*:\s?(?P<value>.*)$", re.IGNORECASE)
_NATIVE_KEYS = ("name", "variant", "points", "notes", "allow", "home")
_NATIVE_ONLY_MARKERS = frozenset({"grid", "land grid", "home base", "homebase", "initial forces",
                                  "initial force", "stronghold"})
_MARKER_WORDS = _NATIVE_ONLY_MARKERS | {"sideboard", "commander", "companion", "maybeboard",
                                        "tokens"}



def fold_name(name: str) -> str:
    """Scryfall's spelling of a pasted name: one ``//`` between halves, ``Æ`` → ``Ae``,
    straight quotes, single spaces. Case and accents are kept (lookups fold those)."""
    text = name.replace("Æ", "Ae").replace("æ", "ae")
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
    text = text.replace("\u201d", '"').replace("\u00a0", " ")
    text = re.sub(r"\s*/{1,3}\s*", " // ", text)
    return re.sub(r"\s+", " ", text).strip()


@dataclass
class _Reader:
    """State of one pass over a text deck."""

    native: bool = False
    section: Section = Section.MAIN
    in_forge_meta: bool = False
    in_about: bool = False
    seen_card: bool = False
    seen_header: bool = False
    pending_blank: bool = False
    main_block: int = 0
    main_region: bool = True
    explicit_sideboard: bool = False
    name: str = ""
    variant: str | None = None
    points: int | None = None
    home: tuple[str, int] | None = None


def read_text(text: str, fmt: str = "mtgo") -> ParseResult:
    """Read any text deck format (see the module docstring).

    Args:
        text: the whole file, already decoded (BOM, ``\\r\\n`` and ``\\r`` are handled).
        fmt: the format name recorded in the result.

    Returns:
        The deck and one problem per line that could not be read. Names are not checked
        here: see :func:`frontier_desktop.decks.resolve.resolve_deck`.
    """
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    state = _Reader()
    entries: list[tuple[DeckEntry, int | None]] = []  # (entry, main block or None)
    problems: list[DeckProblem] = []
    comments: list[str] = []
    notes: list[str] = []
    allowed: list[str] = []
    lines = text.split("\n")
    state.native = is_native_text(lines)

    for number, raw in enumerate(lines, 1):
        line = raw.replace("\t", " ").strip()
        if not line:
            state.in_about = False
            if state.seen_card:
                state.pending_blank = True
            continue
        if line.startswith(("//", "#")):
            body = line.lstrip("/#").strip()
            if line.startswith("//"):
                marker = _marker(body, state.native)
                if marker is not None:
                    state.section = marker
                    state.pending_blank = False
                    state.seen_header = True
                    if marker is Section.SIDEBOARD:
                        state.explicit_sideboard = True
                    _note_region(state)
                elif state.native:
                    _native_meta(body, number, state, notes, allowed, problems)
                elif body:
                    comments.append(body)
            continue
        forge = _FORGE_SECTION_RE.match(line)
        if forge:
            word = forge.group("word").strip().lower()
            state.in_forge_meta = word == "metadata"
            state.pending_blank = False
            state.seen_header = True
            if word in _FORGE_SECTIONS:
                state.section = _FORGE_SECTIONS[word] or state.section
            else:
                state.section = Section.MAYBEBOARD
                problems.append(DeckProblem(
                    f"section [{forge.group('word')}] is not part of a deck: its cards are "
                    "kept out of the deck (maybeboard)", Severity.WARNING, "unknown-section",
                    line=number))
            _note_region(state)
            continue
        if state.in_forge_meta:
            key, _, value = line.partition("=")
            if key.strip().lower() == "name":
                state.name = value.strip()
            continue
        if state.in_about:
            if line.lower().startswith("name "):
                state.name = line[5:].strip()
            continue
        if line.upper().startswith("NAME:"):  # XMage
            state.name = line[5:].strip()
            continue
        if line.upper().startswith("LAYOUT "):  # XMage layout hints
            continue
        header = _header(line)
        if header is not None:
            word, section = header
            state.pending_blank = False
            state.seen_header = True
            if word == "about":
                state.in_about = True
            elif section is not None:
                state.section = section
                if section is Section.SIDEBOARD:
                    state.explicit_sideboard = True
                _note_region(state)
            continue
        entry, problem = _card_line(line, number, state.section)
        if problem is not None:
            problems.append(problem)
            continue
        assert entry is not None
        if entry.section is Section.SIDEBOARD and state.section is not Section.SIDEBOARD:
            state.explicit_sideboard = True  # SB: prefix or [Sideboard] category
        block = None
        if entry.section is Section.MAIN and state.main_region and state.section is Section.MAIN:
            if state.pending_blank and state.seen_card:
                state.main_block += 1
            block = state.main_block
        state.pending_blank = False
        state.seen_card = True
        entries.append((entry, block))

    blocks = {b for _, b in entries if b is not None}
    if not state.native and not state.explicit_sideboard and len(blocks) == 2:
        # A single blank line splits the main deck from the sideboard (MTGO, old Arena);
        # this program's format names every section, so its blank lines are only layout.
        last = max(blocks)
        entries = [
            (dataclasses.replace(e, section=Section.SIDEBOARD) if b == last else e, b)
            for e, b in entries
        ]

    final = [e for e, _ in entries]
    if state.home is not None:
        final = _split_home(final, state.home, problems)
    name = state.name
    if not state.native and comments:
        name = name or comments[0]
        notes = comments[1:] if name == comments[0] else comments
    deck = Deck(
        entries=tuple(final), name=name, variant=state.variant,
        notes="\n".join(notes), points=state.points, allowed=tuple(allowed),
    )
    return ParseResult(deck, tuple(problems), fmt)


def _note_region(state: _Reader) -> None:
    """A header ends the main region for blank-line sideboard splitting, except a
    ``Deck``/``Main`` header that opens it."""
    state.main_region = state.section is Section.MAIN
    state.seen_card = False
    state.main_block = state.main_block + 1


def _header(line: str) -> tuple[str, Section | None] | None:
    match = _HEADER_RE.match(line)
    if not match:
        return None
    word = re.sub(r"\s+", " ", match.group("word").strip().lower())
    if word == "about" and line.strip().lower() == "about":
        return word, None
    if word in _HEADERS:
        return word, _HEADERS[word]
    return None


def is_native_text(lines: list[str]) -> bool:
    """Whether *lines* are in this program's format: a ``// key: value`` metadata line with a
    known key, a marker only this format uses (``// grid``...), or the optional magic line."""
    for raw in lines:
        line = raw.strip()
        if not line.startswith("//"):
            continue
        body = line.lstrip("/").strip()
        if body.lower().startswith(NATIVE_MAGIC[3:].lower()):
            return True
        match = _META_RE.match(body)
        if match and match.group("key").lower() in _NATIVE_KEYS:
            return True
        if body.lower().rstrip(":").strip() in _NATIVE_ONLY_MARKERS:
            return True
    return False


def _marker(body: str, native: bool) -> Section | None:
    """The section a ``// name`` comment marks, or None when it is an ordinary comment."""
    word = re.sub(r"\s+", " ", body.lower().rstrip(":").strip())
    if word in _MARKER_WORDS or (native and word in ("deck", "main", "main deck")):
        return _HEADERS.get(word)
    return None


def _native_meta(
    body: str, number: int, state: _Reader, notes: list[str], allowed: list[str],
    problems: list[DeckProblem],
) -> None:
    """Read one ``key: value`` comment; other comments are ignored in this format."""
    match = _META_RE.match(body)
    if not match or match.group("key").lower() not in _NATIVE_KEYS:
        return
    key, value = match.group("key").lower(), match.group("value").strip()
    if key == "name":
        state.name = value
    elif key == "variant":
        state.variant = value.lower() or None
    elif key == "notes":
        notes.append(match.group("value").rstrip())
    elif key == "allow":
        if value:
            allowed.append(fold_name(value))
    elif key == "home":
        if value:
            state.home = (fold_name(value), number)
    elif key == "points":
        if value.isdigit():
            state.points = int(value)
        else:
            problems.append(DeckProblem(
                f"points must be a whole number, not '{value}'", Severity.ERROR,
                "bad-metadata", line=number))


def _split_home(
    entries: list[DeckEntry], home: tuple[str, int], problems: list[DeckProblem]
) -> list[DeckEntry]:
    """Take the ``home`` land out of the grid into the home base section."""
    name, line = home
    if any(e.section is Section.HOME_BASE for e in entries):
        problems.append(DeckProblem(
            f"'home: {name}' and a home base section both name the home base; the section is "
            "kept", Severity.WARNING, "home-base", line=line))
        return entries
    key = _fold_key(name)
    for index, entry in enumerate(entries):
        if entry.section is Section.LAND_GRID and key in (
                _fold_key(entry.name), _fold_key(entry.front_name)):
            rest = [dataclasses.replace(entry, count=entry.count - 1)] if entry.count > 1 else []
            home_entry = dataclasses.replace(entry, count=1, section=Section.HOME_BASE,
                                             line=line)
            return entries[:index] + rest + [home_entry] + entries[index + 1:]
    problems.append(DeckProblem(
        f"the home base '{name}' is not one of the grid lands (list it under '// grid')",
        Severity.ERROR, "home-base", line=line))
    return entries


def _fold_key(name: str) -> str:
    return re.sub(r"[^a-z0-9/]+", " ", fold_name(name).lower()).strip()


def _card_line(
    line: str, number: int, section: Section
) -> tuple[DeckEntry | None, DeckProblem | None]:
    sb = _SB_RE.match(line)
    if sb:
        section = Section.SIDEBOARD
        line = sb.group("rest").strip()
    match = _COUNT_RE.match(line)
    if match:
        count = int(match.group("n") or match.group("p") or match.group("b"))
        rest = match.group("rest").strip()
    else:
        count, rest = 1, line
    if count < 1 or count > MAX_COUNT:
        return None, DeckProblem(
            f"'{line}': the count must be between 1 and {MAX_COUNT}", Severity.ERROR,
            "bad-count", line=number)

    set_code: str | None = None
    number_text: str | None = None
    finish = ""
    categories: list[str] = []
    while True:
        if m := _TAGS_RE.search(rest):
            rest = rest[: m.start()]
        elif m := _FINISH_RE.search(rest):
            finish = "etched" if m.group("f").lower().startswith("e") else "foil"
            rest = rest[: m.start()]
        elif (m := _CATEGORY_RE.search(rest)) and not rest.startswith("["):
            for raw in m.group("cat").split(","):
                label, modifiers = _split_modifiers(raw)
                hint = {"sideboard": Section.SIDEBOARD, "maybeboard": Section.MAYBEBOARD,
                        "commander": Section.COMMANDER}.get(label.lower())
                if hint is not None:
                    section = hint
                elif label:
                    categories.append(label)
                if "nodeck" in modifiers:
                    section = Section.MAYBEBOARD
            rest = rest[: m.start()]
        elif m := _ART_RE.search(rest):
            rest = rest[: m.start()]
        elif (m := _PRINTING_RE.search(rest)) and set_code is None:
            set_code = m.group("set").upper()
            number_text = m.group("num")
            rest = rest[: m.start()]
        else:
            break
    rest = rest.strip()
    if m := _XMAGE_RE.match(rest):
        set_code = set_code or (m.group("set").upper() or None)
        num = m.group("num").strip()
        number_text = number_text or (num if num and num.lower() != "xxx" else None)
        rest = m.group("name")
    elif m := _MWS_RE.match(rest):
        set_code = set_code or (m.group("set").upper() or None)
        rest = m.group("name")
    if "|" in rest:  # Forge: Name|SET|artIndex
        parts = [p.strip() for p in rest.split("|")]
        rest = parts[0]
        if len(parts) > 1 and parts[1] and set_code is None:
            set_code = parts[1].upper()
    name = fold_name(rest)
    if not name or not re.search(r"[^\W\d_]", name):
        return None, DeckProblem(
            f"'{line}' cannot be read as a card line (expected e.g. '4 Lightning Bolt')",
            Severity.ERROR, "unreadable-line", line=number)
    return DeckEntry(
        count=count, name=name, section=section, set_code=set_code,
        collector_number=number_text, finish=finish, categories=tuple(categories),
        line=number,
    ), None


def _split_modifiers(raw: str) -> tuple[str, set[str]]:
    modifiers = {m.lower() for m in re.findall(r"\{([^}]*)\}", raw)}
    return re.sub(r"\{[^}]*\}", "", raw).strip(), modifiers


# ---------------------------------------------------------------------------- writers

def display_name(entry: DeckEntry, *, front_only: bool = True, slash: str = " // ") -> str:
    """The name a format expects: the front face of a double-faced card when *front_only*,
    both halves of a split card joined by *slash*."""
    if front_only and entry.layout in FRONT_FACE_LAYOUTS:
        return entry.front_name
    return entry.name.replace(" // ", slash)


def check_sections(deck: Deck, fmt: str, allowed: Iterable[Section]) -> None:
    """Refuse to write a deck with cards in sections *fmt* cannot hold.

    Raises:
        DeckWriteError: naming the sections and how many cards they hold.
    """
    allowed = set(allowed)
    lost = [s for s in deck.sections if s not in allowed]
    if lost:
        parts = ", ".join(f"{s.heading} ({deck.count(s)} cards)" for s in lost)
        raise DeckWriteError(
            f"the {fmt} format has no place for {parts}; write to the fdeck format instead")


def _printing(entry: DeckEntry, *, lower_set: bool = False) -> str:
    if not entry.set_code:
        return ""
    code = entry.set_code.lower() if lower_set else entry.set_code
    out = f" ({code})"
    if entry.collector_number:
        out += f" {entry.collector_number}"
    return out


def _finish(entry: DeckEntry) -> str:
    return {"foil": " *F*", "etched": " *E*"}.get(entry.finish, "")


def write_mtgo(deck: Deck) -> str:
    """MTGO plain text: ``N Name`` lines, a blank line, then the sideboard (a ``Sideboard``
    header instead when the main deck is empty)."""
    check_sections(deck, "mtgo", (Section.MAIN, Section.SIDEBOARD))
    lines = [f"{e.count} {display_name(e)}" for e in deck.section(Section.MAIN)]
    side = [f"{e.count} {display_name(e)}" for e in deck.section(Section.SIDEBOARD)]
    if side:
        # A blank line only splits when a main deck precedes it; else name the sideboard.
        lines += ([""] if lines else ["Sideboard"]) + side
    return "\n".join(lines) + "\n"


_ARENA_ORDER = (Section.COMMANDER, Section.COMPANION, Section.MAIN, Section.SIDEBOARD)


def write_arena(deck: Deck) -> str:
    """MTG Arena export: ``About``/``Name``, then ``Commander``, ``Companion``, ``Deck`` and
    ``Sideboard`` blocks of ``N Name (SET) 123`` lines."""
    check_sections(deck, "arena", _ARENA_ORDER)
    blocks: list[list[str]] = []
    if deck.name:
        blocks.append(["About", f"Name {deck.name}"])
    for section in _ARENA_ORDER:
        entries = deck.section(section)
        if entries:
            blocks.append([section.heading] + [
                f"{e.count} {display_name(e)}{_printing(e)}" for e in entries])
    return "\n\n".join("\n".join(b) for b in blocks) + "\n"


def write_moxfield(deck: Deck) -> str:
    """Moxfield text: ``N Name (SET) 123 *F*``; the sideboard after ``SIDEBOARD:``."""
    check_sections(deck, "moxfield", (Section.MAIN, Section.SIDEBOARD))
    def line(e: DeckEntry) -> str:
        return f"{e.count} {display_name(e, front_only=False)}{_printing(e)}{_finish(e)}"

    lines = [line(e) for e in deck.section(Section.MAIN)]
    side = deck.section(Section.SIDEBOARD)
    if side:
        lines += ["", "SIDEBOARD:"] + [line(e) for e in side]
    return "\n".join(lines) + "\n"


_ARCHIDEKT_ZONES = {
    Section.SIDEBOARD: "Sideboard", Section.MAYBEBOARD: "Maybeboard{noDeck}",
    Section.COMMANDER: "Commander",
}


def write_archidekt(deck: Deck) -> str:
    """Archidekt text: ``Nx Name (set) 123 *F* [Category]``, zones as categories."""
    check_sections(deck, "archidekt", (Section.MAIN, *_ARCHIDEKT_ZONES))
    lines = []
    for e in deck.entries:
        cats = list(e.categories)
        if e.section in _ARCHIDEKT_ZONES:
            cats.insert(0, _ARCHIDEKT_ZONES[e.section])
        tail = f" [{','.join(cats)}]" if cats else ""
        lines.append(f"{e.count}x {display_name(e, front_only=False)}"
                     f"{_printing(e, lower_set=True)}{_finish(e)}{tail}")
    return "\n".join(lines) + "\n"


_FORGE_SECTIONS_OUT = ((Section.COMMANDER, "Commander"), (Section.MAIN, "Main"),
                       (Section.SIDEBOARD, "Sideboard"))


def write_forge(deck: Deck) -> str:
    """Forge ``.dck``: ``[metadata]`` with ``Name=``, then ``[Main]``/``[Sideboard]`` blocks
    of ``N Name|SET`` lines."""
    check_sections(deck, "forge", (s for s, _ in _FORGE_SECTIONS_OUT))
    lines = ["[metadata]", f"Name={deck.name}"]
    for section, title in _FORGE_SECTIONS_OUT:
        entries = deck.section(section)
        if entries or section is Section.MAIN:
            lines.append(f"[{title}]")
            lines += [f"{e.count} {display_name(e)}" + (f"|{e.set_code}" if e.set_code else "")
                      for e in entries]
    return "\n".join(lines) + "\n"


def write_xmage(deck: Deck) -> str:
    """XMage ``.dck``: ``NAME:``, ``N [SET:123] Name`` lines, ``SB:`` for the sideboard."""
    check_sections(deck, "xmage", (Section.MAIN, Section.SIDEBOARD))

    def line(e: DeckEntry) -> str:
        printing = f"[{e.set_code}:{e.collector_number or ''}] " if e.set_code else ""
        return f"{e.count} {printing}{display_name(e)}"

    lines = [f"NAME:{deck.name}"] if deck.name else []
    lines += [line(e) for e in deck.section(Section.MAIN)]
    lines += ["SB: " + line(e) for e in deck.section(Section.SIDEBOARD)]
    return "\n".join(lines) + "\n"


def write_mws(deck: Deck) -> str:
    """Magic Workstation ``.mwDeck``: ``N [SET] Name`` lines, ``SB:`` for the sideboard."""
    check_sections(deck, "mws", (Section.MAIN, Section.SIDEBOARD))

    def line(e: DeckEntry) -> str:
        return f"{e.count} [{e.set_code or ''}] {display_name(e, slash='/')}"

    lines = [f"// {deck.name}"] if deck.name else []
    lines += [line(e) for e in deck.section(Section.MAIN)]
    lines += ["SB: " + line(e) for e in deck.section(Section.SIDEBOARD)]
    return "\n".join(lines) + "\n"


_NATIVE_MARKERS = (
    (Section.SIDEBOARD, "sideboard"), (Section.COMMANDER, "commander"),
    (Section.COMPANION, "companion"), (Section.INITIAL_FORCES, "initial forces"),
    (Section.STRONGHOLD, "stronghold"), (Section.MAYBEBOARD, "maybeboard"),
    (Section.TOKENS, "tokens"),
)


def write_native(deck: Deck) -> str:
    """This program's format (the sample decks' convention): metadata comments, the main deck,
    then each other section after its ``// marker``; full names, printings, foil marks and
    categories kept. A single one-copy home base is written as ``// home:`` and listed in the
    grid."""
    meta = []
    if deck.name:
        meta.append(f"// name: {deck.name}")
    if deck.variant:
        meta.append(f"// variant: {deck.variant}")
    if deck.points is not None:
        meta.append(f"// points: {deck.points}")
    home = deck.section(Section.HOME_BASE)
    home_in_grid = len(home) == 1 and home[0].count == 1
    if home_in_grid:
        meta.append(f"// home: {home[0].name}")
    for note in deck.notes.split("\n") if deck.notes else ():
        meta.append(f"// notes: {note}".rstrip())
    for name in deck.allowed:
        meta.append(f"// allow: {name}")
    blocks = [meta] if meta else []
    main = deck.section(Section.MAIN)
    if main:
        blocks.append([_native_line(e) for e in main])
    for section, marker in _NATIVE_MARKERS:
        entries = deck.section(section)
        if entries:
            blocks.append([f"// {marker}"] + [_native_line(e) for e in entries])
    grid = list(deck.section(Section.LAND_GRID))
    if home and not home_in_grid:
        blocks.append(["// home base"] + [_native_line(e) for e in home])
    if home_in_grid:
        merged = False
        for index, entry in enumerate(grid):
            if _same_line(entry, home[0]):
                grid[index] = dataclasses.replace(entry, count=entry.count + 1)
                merged = True
                break
        if not merged:
            grid.insert(0, dataclasses.replace(home[0], section=Section.LAND_GRID))
    if grid:
        blocks.append(["// grid"] + [_native_line(e) for e in grid])
    return "\n\n".join("\n".join(b) for b in blocks) + "\n"


def _same_line(a: DeckEntry, b: DeckEntry) -> bool:
    return (a.name, a.set_code, a.collector_number, a.finish, a.categories) == (
        b.name, b.set_code, b.collector_number, b.finish, b.categories)


def _native_line(e: DeckEntry) -> str:
    cats = f" [{','.join(e.categories)}]" if e.categories else ""
    return f"{e.count} {e.name}{_printing(e)}{_finish(e)}{cats}"


TEXT_WRITERS: dict[str, Callable[[Deck], str]] = {
    "fdeck": write_native,
    "mtgo": write_mtgo,
    "arena": write_arena,
    "moxfield": write_moxfield,
    "archidekt": write_archidekt,
    "forge": write_forge,
    "xmage": write_xmage,
    "mws": write_mws,
}
"""Text format name → writer."""


def sniff_text(text: str) -> str:
    """Guess which text format *text* is in (the reader is the same; this names it)."""
    lines = [ln.strip() for ln in text.lstrip("\ufeff").splitlines() if ln.strip()]
    if not lines:
        return "mtgo"
    if is_native_text(lines):
        return "fdeck"
    low = [ln.lower() for ln in lines]
    if any(ln in ("[metadata]", "[main]") for ln in low) or any(
            "|" in ln and _COUNT_RE.match(ln) for ln in lines):
        return "forge"
    if any(ln.startswith("NAME:") for ln in lines) or any(
            re.match(r"^(sb:\s*)?\d+\s+\[[A-Za-z0-9]+:[^\]]*\]", ln) for ln in low):
        return "xmage"
    if any(re.match(r"^(sb:\s*)?\d+\s+\[[A-Za-z0-9]*\]\s", ln) for ln in low):
        return "mws"
    if any(re.match(r"^\d+x\s", ln) for ln in low) and (
            any(_CATEGORY_RE.search(ln) for ln in lines)
            or any(re.search(r"\([a-z0-9]{2,6}\)", ln) for ln in lines)):
        return "archidekt"
    if any(_FINISH_RE.search(ln) for ln in lines) or "SIDEBOARD:" in lines:
        return "moxfield"
    if any(ln in ("deck", "commander", "companion", "about") for ln in low) or any(
            _PRINTING_RE.search(ln) for ln in lines):
        return "arena"
    return "mtgo"
