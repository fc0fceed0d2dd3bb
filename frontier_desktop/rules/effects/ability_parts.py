"""The parts of an ability around its effects: keywords, landhome, costs and triggers.

:func:`read_keyword` / :func:`read_keyword_line` read keyword abilities ("Flying, first
strike", "Protection from red", "Enchant creature"); ``_read_landhome`` the old landhome
wording; ``_cost_colon`` finds where an activated ability's cost ends and ``_read_cost`` reads
its parts ("{2}{R}, {T}, Sacrifice a creature"); :func:`read_trigger` reads the condition of a
triggered ability ("Whenever CARDNAME attacks"). :mod:`.reader` puts them together.
"""

from __future__ import annotations

import re

from frontier_desktop.rules.effects.nodes import (
    Amount, CostPart, DiscardCost, ExileCost, Keyword, ManaCost, PayLifeCost, RemoveCountersCost,
    SacrificeCost, TapCost, Trigger, UnreadCost, UntapCost,
)
from frontier_desktop.rules.effects.oneshots import read_cost_part
from frontier_desktop.rules.effects.targets import read_number, read_object, read_spec


# ---------------------------------------------------------------------- keywords
_KEYWORDS = frozenset((
    "flying", "trample", "banding", "first strike", "double strike", "deathtouch", "lifelink",
    "vigilance", "haste", "defender", "reach", "shadow", "flash", "fear", "shroud", "phasing",
    "flanking", "horsemanship", "landwalk", "legendary landwalk", "nonbasic landwalk",
    "snow landwalk", "swampwalk", "islandwalk", "forestwalk", "mountainwalk", "plainswalk",
    "snow swampwalk", "snow islandwalk", "snow forestwalk", "snow mountainwalk",
    "snow plainswalk", "banding when attacking", "islandhome", "swamphome", "foresthome",
    "mountainhome", "plainshome", "hexproof", "menace", "indestructible", "intimidate",
    "desertwalk",
))


def read_keyword(part: str) -> Keyword | None:
    """One keyword ability, or ``None``: ``"Flying"``, ``"Protection from red"``,
    ``"Enchant creature"``, ``"Rampage 2"``, ``"Cumulative upkeep {1}"``."""
    low = part.strip().rstrip(".").lower()
    if low in _KEYWORDS:
        return Keyword(low, text=part)
    if re.fullmatch(r"protection from (?:[\w ]+?)(?: and from [\w ]+)*", low) and len(low) < 60:
        return Keyword(low, text=part)
    if re.fullmatch(r"(?:rampage|bushido|bands with other) .+", low) and len(low) < 60:
        return Keyword(low, text=part)
    if re.fullmatch(r"cumulative upkeep[ —-]+.+", low) and ":" not in low:
        return Keyword(low, text=part)
    m = re.fullmatch(r"enchant (.+)", low)
    if m:
        spec = read_spec(m.group(1))
        if spec is not None:
            return Keyword(low, enchant=spec, text=part)
    return None


def read_keyword_line(line: str) -> tuple[Keyword, ...] | None:
    """The keywords of a keywords-only line, or ``None`` when it isn't one."""
    parts = [p.strip() for p in re.split(r"[,;](?![^{]*\})", line.rstrip(".")) if p.strip()]
    if not parts:
        return None
    out = []
    for part in parts:
        keyword = read_keyword(part)
        if keyword is None:
            return None
        out.append(keyword)
    return tuple(out)


_HOME_RE = re.compile(
    r"^(?:cardname can't attack unless defending player controls an? |when you control no )"
    r"(plains|islands?|swamps?|mountains?|forests?)(?:, sacrifice cardname)?\.?$")


def _read_landhome(low: str) -> str | None:
    m = _HOME_RE.match(low)
    if not m:
        return None
    word = m.group(1)
    return "Plains" if word == "plains" else word.rstrip("s").capitalize()


# ---------------------------------------------------------------------- costs
_COST_START = re.compile(
    r"^(?:\{|sacrifice |pay |discard |remove |exile |tap |untap |return |put )", re.I)


def _cost_colon(line: str) -> int | None:
    """The index of the colon ending an activated ability's cost, or ``None``."""
    quoted = False
    for i, ch in enumerate(line):
        if ch in "\"“”":
            quoted = not quoted
        elif ch == ":" and not quoted:
            cost = line[:i]
            if len(cost) > 160 or not _COST_START.match(cost):
                return None
            return i
    return None


def _read_cost(cost: str) -> tuple[CostPart, ...]:
    parts: list[CostPart] = []
    for raw in re.split(r",\s*", cost):
        part = raw.strip()
        if not part:
            continue
        low = part.lower()
        symbols = re.findall(r"\{[^}]+\}", part)
        if symbols and "".join(symbols) == part.replace(" ", ""):
            mana = "".join(s for s in symbols if s.upper() not in ("{T}", "{Q}"))
            if mana:
                parts.append(ManaCost(mana.upper(), text=part if len(symbols) == 1 or (
                    "{T}" not in part.upper() and "{Q}" not in part.upper()) else mana))
            if "{T}" in part.upper():
                parts.append(TapCost(text="{T}" if mana else part))
            if "{Q}" in part.upper():
                parts.append(UntapCost(text="{Q}" if mana else part))
            continue
        m = re.fullmatch(r"pay (\d+|x) life", low)
        if m:
            amount = read_number(m.group(1))
            assert amount is not None
            parts.append(PayLifeCost(amount, text=part))
            continue
        m = re.fullmatch(r"sacrifice (.+)", low)
        if m:
            what = read_object(m.group(1))
            if what is not None:
                parts.append(SacrificeCost(what, text=part))
                continue
        m = re.fullmatch(r"discard (a|one|two|three|x) cards?( at random)?", low)
        if m:
            amount = read_number(m.group(1))
            assert amount is not None
            parts.append(DiscardCost(amount, bool(m.group(2)), text=part))
            continue
        m = re.fullmatch(r"remove (?P<n>a|an|one|two|three|four|x|\d+|any number of) "
                         r"(?P<c>[+-]\d+/[+-]\d+|\w+) counters? from (?P<src>.+)", low)
        if m:
            source = read_object(m.group("src"))
            amount = Amount(1, "any") if m.group("n") == "any number of" else read_number(
                m.group("n"))
            if source is not None and amount is not None:
                parts.append(RemoveCountersCost(m.group("c"), amount, source, text=part))
                continue
        m = re.fullmatch(r"exile (.+)", low)
        if m:
            what = read_object(m.group(1))
            if what is not None:
                parts.append(ExileCost(what, text=part))
                continue
        own = read_cost_part(low, part)  # fx-oneshots: "Exile the top card of …"
        if own is not None:
            parts.append(own)
            continue
        parts.append(UnreadCost(text=part))
    return tuple(parts)


# ---------------------------------------------------------------------- triggers
_TRIGGERS: tuple[tuple[str, str, str], ...] = (
    # (pattern on the condition, event, whose)
    (r"when(?:ever)? (?P<s>.+?) enters the battlefield", "enters", ""),
    (r"when(?:ever)? (?P<s>.+?) dies", "dies", ""),
    (r"when(?:ever)? (?P<s>.+?) leaves the battlefield", "leaves", ""),
    (r"when(?:ever)? (?P<s>.+?) attacks or blocks", "attacks_or_blocks", ""),
    (r"when(?:ever)? (?P<s>.+?) attacks and isn't blocked", "attacks_unblocked", ""),
    (r"when(?:ever)? (?P<s>.+?) blocks or becomes blocked by (?:a|one or more) (?P<by>.+)",
     "blocks_or_blocked", ""),
    (r"when(?:ever)? (?P<s>.+?) blocks (?:a|one or more) (?P<by>.+)", "blocks", ""),
    (r"when(?:ever)? (?P<s>.+?) becomes blocked by (?:a|one or more) (?P<by>.+)",
     "becomes_blocked", ""),
    (r"when(?:ever)? (?P<s>.+?) blocks or becomes blocked", "blocks_or_blocked", ""),
    (r"when(?:ever)? (?P<s>.+?) attacks", "attacks", ""),
    (r"when(?:ever)? (?P<s>.+?) blocks", "blocks", ""),
    (r"when(?:ever)? (?P<s>.+?) becomes blocked", "becomes_blocked", ""),
    (r"when(?:ever)? (?P<s>.+?) deals combat damage to (?P<to>a player|a creature|an opponent)",
     "deals_combat_damage", ""),
    (r"when(?:ever)? (?P<s>.+?) deals damage to (?P<to>a player|a creature|an opponent)",
     "deals_damage", ""),
    (r"when(?:ever)? (?P<s>.+?) deals (?:combat )?damage", "deals_damage", ""),
    (r"when(?:ever)? (?P<s>.+?) is dealt damage", "dealt_damage", ""),
    (r"when(?:ever)? (?P<s>.+?) becomes tapped", "becomes_tapped", ""),
    (r"when(?:ever)? (?P<s>.+?) phases in", "phases_in", ""),
    (r"whenever an? (?P<by>plains|island|swamp|mountain|forest) is tapped for mana",
     "tapped_for_mana", ""),  # fx-mana: Gauntlet of Might (fx_mana.extra_land_mana)
    (r"whenever (?P<who>a player|an opponent|you) casts? (?:a|an) (?P<by>.+)", "cast", ""),
    (r"at the beginning of your upkeep", "upkeep", "you"),
    (r"at the beginning of (?:each|each player's) upkeep", "upkeep", "each"),
    (r"at the beginning of (?:each opponent's|your opponent's) upkeep", "upkeep", "opponent"),
    (r"at the beginning of the upkeep of enchanted "
     r"(?:creature|land|permanent|artifact|enchantment)'s controller",
     "upkeep", "enchanted_controller"),
    (r"at the beginning of your draw step", "draw_step", "you"),
    (r"at the beginning of (?:each|each player's) draw step", "draw_step", "each"),
    (r"at the beginning of your end step", "end_step", "you"),
    (r"at the beginning of (?:each|the) end step", "end_step", "each"),
    (r"at end of combat", "end_of_combat", ""),
    (r"at the end of combat", "end_of_combat", ""),
)


def read_trigger(condition: str) -> Trigger:
    """The trigger of "When/Whenever/At …" (the part before the comma)."""
    low = condition.lower().strip()
    for pattern, event, whose in _TRIGGERS:
        m = re.fullmatch(pattern, low)
        if not m:
            continue
        subject = None
        if "s" in m.groupdict():
            subject = read_object(m.group("s"))
            if subject is None:
                continue
        by = None
        if "by" in m.groupdict():
            by = read_spec(m.group("by"))
            if by is None:
                continue
        if "who" in m.groupdict():
            whose = {"a player": "each", "an opponent": "opponent", "you": "you"}[m.group("who")]
        to = ""
        if "to" in m.groupdict() and m.group("to"):
            to = "creature" if m.group("to") == "a creature" else "player"
        return Trigger(event, subject, whose, to, by, text=condition)
    return Trigger("unread", text=condition)

