"""The oracle-text reader: a card's rules text → :class:`~.nodes.CardReading`.

Steps: the text is normalised (:func:`normalise_text`: reminder text out, the card's own name
→ ``CARDNAME``, old wordings → current ones); each line becomes one ability (keywords,
activated "cost: effect", triggered "When/Whenever/At …, effect", an instant's or sorcery's
effect, or a static ability); each sentence of an effect is matched against the templates of
:func:`read_clause`, splitting "A and B" / "A, then B" when the whole doesn't match. A clause that
matches nothing becomes an :class:`~.nodes.Unimplemented` node carrying its text and whatever
target phrase it has: nothing is dropped.

Templates match whole clauses of lower-case text and read every noun phrase whole (see
:mod:`.targets`), so a clause with words the reader doesn't know is never half-read.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Iterator

from frontier_desktop.rules.effects.nodes import (
    Ability, ActivatedAbility, AddMana, Amount, Attach, Bounce, CantBeBlocked, CantBlock,
    CardReading,
    CostPart, CounterSpell, CreateToken, DealDamage, Destroy, Discard, DiscardCost,
    AdditionalCost, ChooseOnEnter, Condition, ExtraTurn, NoRegenerate, PutOntoBattlefield, CantAttack, PutOnLibrary, Delayed, DoesntUntap, ExileCost, IfPaid, PayMana, RemoveCountersCost,
 Draw, Effect, EntersTapped, EntersWithCounters, MayNotUntap,
    MustAttack, Exile, GainControl, GainLife, GrantKeyword, Keyword,
    KeywordLine, Landhome, LoseLife, LoyaltyCost, ManaCost, May, Modal, Mode, Node, PayLifeCost,
    PreventDamage, Pump, PutCounters, Regenerate, Restriction, ReturnFromGraveyard,
    SacrificeCost, Sacrifice, SearchLibrary, Selector, SpellAbility, StaticAbility, TapCost,
    Tap, TargetSpec, Trigger, TriggeredAbility, Unimplemented, UnreadCost, Untap, UntapCost,
)
from frontier_desktop.rules.effects.targets import (
    KEYWORD_RE, NUMBER_WORDS, find_targets, read_number, read_object, read_pt, read_spec,
)
from frontier_desktop.rules.card import EQUIP_RE, loyalty_cost
from frontier_desktop.rules.mana import parse_mana_effect

PLACEHOLDER = "CARDNAME"
"""What the card's own name (and "this creature") becomes in normalised text."""

# ====================================================================== normalising
_WORDINGS: tuple[tuple[str, str], ...] = (
    (r"\b(is|are) put into (?:a|your|its owner's|their owners') graveyards? from "
     r"(?:play|the battlefield)", "dies"),
    (r"\bcomes into play\b", "enters the battlefield"),
    (r"\b(enters?)\b(?! the battlefield)", r"\1 the battlefield"),
    (r"\bcome into play\b", "enter the battlefield"),
    (r"\bfrom play\b", "from the battlefield"),
    (r"\binto play\b", "onto the battlefield"),
    (r"\bin play\b", "on the battlefield"),
    (r"\btarget creature or player\b", "any target"),
    (r"\bremoved? from the game\b", "exiled"),
    (r"\bremove (target [^.]+?|CARDNAME|it) from the game\b", r"exile \1"),
    (r"\b(?:play|activate) this ability only\b", "activate only"),
    (r"\bthis (?:creature|permanent|artifact|enchantment|land)\b", PLACEHOLDER),
    (r"\b(target|any|each) (player|creature) or planeswalker\b", r"\1 \2"),
    (r"\b(creatures?|players?), planeswalker,? (or|and) (players?|creatures?)\b", r"\1 \2 \3"),
)


def _name_forms(name: str, type_line: str) -> list[str]:
    forms = {name}
    for half in name.split("//"):
        forms.add(half.strip())
    if "," in name:
        forms.add(name.split(",")[0].strip())
    if "Legendary" in type_line:
        first = name.split()[0].rstrip(",")
        if len(first) >= 4 and first[0].isupper() and first.lower() not in {
                "lord", "king", "queen", "lady", "baron", "the", "sir"}:
            forms.add(first)
    return sorted((f for f in forms if f), key=len, reverse=True)


def normalise_text(name: str, oracle_text: str, type_line: str = "") -> str:
    """Reminder text stripped, the card's name → ``CARDNAME``, old wordings modernised.

    Lines are kept (``\\n``); spacing inside a line is collapsed.
    """
    text = oracle_text.replace("\r", "")
    while True:
        stripped = re.sub(r"\s*\([^()]*\)", "", text)
        if stripped == text:
            break
        text = stripped
    for form in _name_forms(name, type_line):
        text = re.sub(rf"(?<![\w'-]){re.escape(form)}(?![\w-])", PLACEHOLDER, text)
    for pattern, repl in _WORDINGS:
        text = re.sub(pattern, repl, text, flags=re.IGNORECASE)
    lines = [re.sub(r"[ \t]+", " ", line).strip() for line in text.split("\n")]
    return "\n".join(line for line in lines if line)


def split_sentences(text: str) -> list[str]:
    """Sentences of one line, never splitting inside quotes; each keeps its final period."""
    out: list[str] = []
    start = 0
    quoted = False
    for i, ch in enumerate(text):
        if ch in "\"“”":
            quoted = not quoted
        elif ch == "." and not quoted and (i + 1 == len(text) or text[i + 1] == " "):
            # "{T}: Add {G}." ends a sentence; a period inside a number never occurs in text.
            out.append(text[start:i + 1].strip())
            start = i + 1
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return [s for s in out if s]


# ====================================================================== reading
@functools.lru_cache(maxsize=8192)
def read_card(name: str, oracle_text: str, type_line: str = "",
              mana_cost: str = "") -> CardReading:
    """Read a card's rules text. Cached per (name, text, type line, cost): cards repeat."""
    text = normalise_text(name, oracle_text, type_line)
    is_spell = bool(re.search(r"\b(Instant|Sorcery)\b", type_line.split("—")[0]))
    walker = "Planeswalker" in type_line.split("—")[0]
    abilities = tuple(_read_line(line, is_spell, walker) for line in _merge_bullets(text))
    return CardReading(name=name, abilities=abilities, x_cost="{X}" in mana_cost.upper(),
                       text=text)


def _merge_bullets(text: str) -> list[str]:
    """Lines, with the "• mode" lines of a modal card joined to their "Choose one —" line."""
    lines: list[str] = []
    for line in text.split("\n"):
        if line.startswith("•") and lines:
            lines[-1] += "\n" + line
        else:
            lines.append(line)
    return lines


def _read_line(line: str, is_spell: bool, walker: bool = False) -> Ability:
    low = line.lower()
    keywords = read_keyword_line(line)
    if keywords is not None:
        return KeywordLine(keywords, text=line)
    own = _read_equip_or_loyalty(line, walker)
    if own is not None:
        return own
    home = _read_landhome(low)
    if home is not None:
        return StaticAbility((Landhome(home, text=line),), text=line)
    if re.match(r"(when|whenever|at) ", low):
        return _read_triggered(line)
    cost_end = _cost_colon(line)
    if cost_end is not None:
        cost_text, effect_text = line[:cost_end].strip(), line[cost_end + 1:].strip()
        return ActivatedAbility(_read_cost(cost_text), read_effects(effect_text, "activated"),
                                text=line)
    if is_spell:
        return SpellAbility(read_effects(line, "spell"), text=line)
    return StaticAbility(read_effects(line, "static"), text=line)


def _read_equip_or_loyalty(line: str, walker: bool) -> ActivatedAbility | None:
    """"Equip {N}" (attach to target creature you control, as a sorcery) and a planeswalker's
    loyalty abilities ("+1: …", "−2: …", "−X: …", "0: …"): activated abilities whose costs
    the engine pays itself (rules/core/equipment.py, rules/core/planeswalkers.py). The same
    lines as the card model's (``Card.activated``), one ability each."""
    equip = EQUIP_RE.match(line)
    if equip is not None:
        cost = (equip.group("cost") or equip.group("long") or "").strip()
        what = (equip.group("what") or "").strip().lower() or "creature"
        to = read_object(f"target {what} you control")
        effect: Effect = Attach(to, text=line) if to is not None else Unimplemented(
            text=line)
        return ActivatedAbility(_read_cost(cost) if cost else (), (effect,), text=line)
    if not walker or ":" not in line:
        return None
    cost_text, _, effect_text = line.partition(":")
    change = loyalty_cost(cost_text)
    if not change:
        return None
    return ActivatedAbility((LoyaltyCost(change, text=cost_text.strip()),),
                            read_effects(effect_text.strip(), "activated"), text=line)


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
        own = _oneshots.read_cost_part(low, part)  # fx-oneshots: "Exile the top card of …"
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


def _read_triggered(line: str) -> TriggeredAbility:
    # The condition ends at the first comma outside quotes that is followed by an effect.
    comma = line.find(", ")
    if comma < 0:
        return TriggeredAbility(Trigger("unread", text=line), (), text=line)
    condition, effect = line[:comma], line[comma + 2:]
    trigger = read_trigger(condition)
    if trigger.event != "unread" and effect.lower().startswith("if "):
        # An intervening "if" clause.
        end = effect.find(", ")
        if end > 0:
            condition_node = _read_condition(effect[:end])
            return TriggeredAbility(trigger, (condition_node,)
                                    + read_effects(effect[end + 2:], "triggered"), text=line)
    return TriggeredAbility(trigger, read_effects(effect, "triggered"), text=line)


def _read_condition(text: str) -> Effect:
    m = re.fullmatch(r"if (?P<s>.+?) is (?P<state>tapped|untapped)", text.lower())
    subject = read_object(m.group("s")) if m else None
    if m is None or subject is None:
        from frontier_desktop.rules.effects.templates_timing import read_condition

        found = read_condition(text)  # fx-timing's step conditions
        return found if found is not None else Unimplemented(targets=find_targets(text),
                                                             text=text)
    return Condition(subject, m.group("state"), text=text)


# ---------------------------------------------------------------------- effects
def read_effects(text: str, context: str) -> tuple[Effect, ...]:
    """The effects of one ability's effect text, in order; unread sentences become
    :class:`~.nodes.Unimplemented`. *context* is ``spell``, ``activated``, ``triggered`` or
    ``static`` (a static ability's "gets +1/+1" lasts as long as the ability)."""
    modal = re.match(r"^(?P<head>.*?choose (?P<n>one|two|one or both|one or more) —)\s*\n(?P<rest>•.*)$",
                     text, re.IGNORECASE | re.DOTALL)
    if modal:
        head = modal.group("head")
        modes = []
        for bullet in modal.group("rest").split("\n"):
            body = bullet.lstrip("•").strip()
            modes.append(Mode(read_effects(body, context), text=bullet.strip()))
        n = {"one": 1, "two": 2}.get(modal.group("n").lower(), 1)
        return (Modal(n, tuple(modes), text=head),)
    out: list[Effect] = []
    for sentence in split_sentences(text):
        low = sentence.lower().rstrip(".")
        if out and low in ("it can't be regenerated", "they can't be regenerated") \
                and isinstance(out[-1], Destroy):
            last = out[-1]
            out[-1] = Destroy(last.to, True, text=f"{last.text} {sentence}")
            continue
        if out and low in ("it can't be regenerated", "a creature destroyed this way can't be "
                           "regenerated") and getattr(out[-1], "no_regenerate", None) is False:
            # fx-oneshots: "Destroy target creature if it's white. A creature destroyed this
            # way can't be regenerated." (oneshots.IfColour)
            out[-1] = dataclasses.replace(out[-1], no_regenerate=True,  # type: ignore[call-arg]
                                          text=f"{out[-1].text} {sentence}")
            continue
        if out and low in ("it can't be regenerated", "they can't be regenerated",
                           "a creature destroyed this way can't be regenerated") \
                and any(isinstance(n, Destroy) for n in out[-1].walk()):
            out.append(NoRegenerate(text=sentence))
            continue
        restriction = _read_restriction(low)
        if restriction:
            out.append(Restriction(restriction, text=sentence))
            continue
        m = re.match(r"(if you do|if you don't|if the player does|if they do), (.+)$", sentence,
                     re.IGNORECASE)
        if m and out and isinstance(out[-1], (May, PayMana)):
            inner = read_sentence(m.group(2), context)
            if inner is not None:
                did = "don't" not in m.group(1).lower()
                out.append(IfPaid(tuple(inner), did, text=sentence))
                continue
        m = re.match(r"as an additional cost to cast this spell, (.+?)\.?$", sentence,
                     re.IGNORECASE)
        if m:
            cost = _read_cost(m.group(1))
            if not any(isinstance(c, UnreadCost) for c in cost):
                out.append(AdditionalCost(cost, text=sentence))
                continue
        effects = read_sentence(sentence, context)
        if effects is None:
            out.append(Unimplemented(targets=find_targets(sentence), text=sentence))
        else:
            out.extend(effects)
    return tuple(out)


_RESTRICTIONS = {
    "activate only as an instant": "instant",
    "activate only any time you could cast an instant": "instant",
    "activate only as a sorcery": "sorcery",
    "activate only any time you could cast a sorcery": "sorcery",
    "activate only during your upkeep": "upkeep",
    "activate only during your upkeep and only once each turn": "upkeep+once_each_turn",
    "activate only once each turn": "once_each_turn",
    "activate only during your turn": "your_turn",
    "activate no more than twice each turn": "twice_each_turn",
    "activate no more than three times each turn": "three_times_each_turn",
    "activate only during the declare blockers step": "declare_blockers",
    "cast this spell only during the declare blockers step": "declare_blockers",
    "cast this spell only during combat before blockers are declared": "before_blockers",
    "cast this spell only during combat": "combat",
    "cast this spell only during combat after blockers are declared": "after_blockers",
    "any player may activate this ability": "any_player",
    "x can't be 0": "x_not_0",
}


def _read_restriction(low: str) -> str:
    return _RESTRICTIONS.get(low, "")


_SPLITTERS = (", then ", ", and ", " and ")


def read_sentence(sentence: str, context: str) -> list[Effect] | None:
    """One sentence as effects: the whole as one clause, or split at "and" / ", then"."""
    effects = _read_sentence(sentence.strip(), context)
    if effects and sentence.strip().endswith(".") and not effects[-1].text.endswith("."):
        effects[-1] = _retext(effects[-1], effects[-1].text + ".")
    return effects


def _read_sentence(sentence: str, context: str) -> list[Effect] | None:
    body = sentence.rstrip(".").strip()
    whole = read_clause(body, context)
    if whole is not None:
        return [_retext(whole, body)]
    low = body.lower()
    if low.startswith("you may "):
        inner = _read_sentence(body[len("you may "):], context)
        if inner is not None:
            return [May(tuple(inner), text=body)]
        return None
    m = re.match(r"^(target opponent|target player|that player|each player|its controller|"
                 r"defending player) may (.+)$", body, re.IGNORECASE)
    if m:
        inner = _read_sentence(f"{m.group(1)} {_third_person(m.group(2))}", context)
        if inner is not None:
            return [May(tuple(inner), text=body)]
        return None
    for splitter in _SPLITTERS:
        for m in re.finditer(re.escape(splitter), low):
            left, right = body[:m.start()], body[m.start():]
            right_body = right[len(splitter):]
            left_fx = read_clause(left, context)
            if left_fx is None:
                continue
            right_fx = _read_sentence(_carry_subject(left, right_body), context)
            if right_fx is None:
                continue
            # The right part's text keeps its connector so the clauses tile the sentence.
            first = right_fx[0]
            right_fx[0] = _retext(first, right.strip())
            return [_retext(left_fx, left)] + right_fx
    return None


def _third_person(clause: str) -> str:
    """"draw a card" → "draws a card" (after "that player may …")."""
    first, _, rest = clause.partition(" ")
    if first.lower() in ("have", "pay"):
        return clause
    verb = first + ("es" if first.endswith(("s", "sh", "ch")) else "s")
    return f"{verb} {rest}".strip()


def _carry_subject(left: str, right: str) -> str:
    """"CARDNAME gets +1/+0 and gains flying" → the right part keeps the subject."""
    low = right.lower()
    if re.match(r"(\w+) damage to ", low):
        m = re.match(r"^(.*? deals?) ", left, re.IGNORECASE)
        if m:
            return f"{m.group(1)} {right}"
    verbs = r"(gets|gains|has|deals|can't|can|doesn't|don't|loses|attacks|blocks|get|gain|have)"
    if re.match(verbs + " ", low):
        m = re.match(rf"^(.*?) {verbs} ", left, re.IGNORECASE)
        if m:
            return f"{m.group(1)} {right}"
    return right


def _retext(node: Effect, text: str) -> Effect:
    return dataclasses.replace(node, text=text)


# ---------------------------------------------------------------------- clause templates
Template = Callable[[re.Match[str], str, str], Effect | None]
_TEMPLATES: list[tuple[re.Pattern[str], Template]] = []


def _template(pattern: str) -> Callable[[Template], Template]:
    def register(fn: Template) -> Template:
        _TEMPLATES.append((re.compile(pattern), fn))
        return fn
    return register


def read_clause(clause: str, context: str) -> Effect | None:
    """One clause (no final period) as one effect, or ``None`` when no template reads it."""
    text = clause.strip().rstrip(".").strip()
    low = text.lower()
    for pattern, build in _TEMPLATES:
        m = pattern.fullmatch(low)
        if m is None:
            continue
        effect = build(m, text, context)
        if effect is not None:
            return effect
    mana = _read_mana(text)
    if mana is not None:
        return mana
    for suffix, when in _DELAYS:
        if low.endswith(suffix) and len(low) > len(suffix):
            inner = read_clause(text[:-len(suffix)], context)
            if inner is not None:
                return Delayed(when, (inner,), text=text)
    return None


_DELAYS = ((" at the beginning of the next turn's upkeep", "next_upkeep"),
           (" at the beginning of the next end step", "next_end_step"),
           (" at end of combat", "end_of_combat"))


def _read_mana(text: str) -> Effect | None:
    if not text.lower().startswith("add "):
        return None
    read = parse_mana_effect(text + ".")
    if read is None or read[1]:
        return None
    return AddMana(read[0], text=text)


def _obj(phrase: str | None) -> Selector | None:
    return read_object(phrase) if phrase is not None else None


def _amount(word: str, per: str | None = None) -> Amount | None:
    amount = read_number(word)
    if amount is None:
        return None
    if per:
        return Amount(amount.n, per.strip(), text=f"{word} {per}")
    return Amount(amount.n, amount.var, text=word)


def _duration(m: re.Match[str], context: str) -> str:
    if m.groupdict().get("dur"):
        return "end_of_turn"
    return "" if context == "static" else "end_of_turn"


_PER = r"(?: (?P<per>for each [^,]+))?"
_DUR = r"(?P<dur> until end of turn| this turn)?"


@_template(r"(?P<src>.+?) deals? (?P<n>\w+) damage to (?P<to>.+?)" + _PER)
def _damage(m: re.Match[str], text: str, context: str) -> Effect | None:
    amount = _amount(m.group("n"), m.group("per"))
    src = read_object(m.group("src"))
    tos = _read_objects(m.group("to"))
    if amount is None or src is None or tos is None:
        return None
    return DealDamage(amount, tos, source=None if src.ref == "self" else src, text=text)


@_template(r"(?P<src>.+?) deals? (?P<n>\w+) damage divided as you choose among (?P<to>.+)")
def _damage_divided(m: re.Match[str], text: str, context: str) -> Effect | None:
    amount = _amount(m.group("n"))
    src = read_object(m.group("src"))
    to = read_object(m.group("to"))
    if amount is None or src is None or to is None:
        return None
    return DealDamage(amount, (to,), divided=True, source=None if src.ref == "self" else src,
                      text=text)


@_template(r"(?P<src>.+?) deals? damage equal to (?P<eq>.+?) to (?P<to>.+)")
def _damage_equal(m: re.Match[str], text: str, context: str) -> Effect | None:
    src = read_object(m.group("src"))
    tos = _read_objects(m.group("to"))
    if src is None or tos is None:
        return None
    return DealDamage(Amount(1, f"equal to {m.group('eq')}"), tos,
                      source=None if src.ref == "self" else src, text=text)


def _read_objects(phrase: str) -> tuple[Selector, ...] | None:
    """"each creature and each player" → two selectors."""
    one = read_object(phrase)
    if one is not None:
        return (one,)
    parts = re.split(r",? and |, ", phrase)
    if len(parts) < 2:
        return None
    out = []
    for part in parts:
        sel = read_object(part)
        if sel is None:
            return None
        out.append(sel)
    return tuple(out)


@_template(r"(?P<to>.+?) (?:gets?|get) (?P<p>[+-](?:\d+|x))/(?P<t>[+-](?:\d+|x))"
           r"(?: and (?:gains?|has|have) (?P<kw>(?:" + KEYWORD_RE + r")(?:(?:,| and) (?:"
           + KEYWORD_RE + r"))*))?" + _PER + _DUR)
def _pump(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    power, tough = read_pt(m.group("p")), read_pt(m.group("t"))
    if to is None or power is None or tough is None:
        return None
    per = m.group("per")
    if per:
        power = Amount(power.n, per)
        tough = Amount(tough.n, per)
    keywords = _keywords(m.group("kw") or "")
    return Pump(to, power, tough, keywords, _duration(m, context), text=text)


def _keywords(text: str) -> tuple[str, ...]:
    return tuple(k.strip() for k in re.split(r",| and ", text) if k.strip())


@_template(r"(?P<to>.+?) (?:gains?|has|have) (?P<kw>(?:" + KEYWORD_RE + r")(?:(?:,|,? and) (?:"
           + KEYWORD_RE + r"))*)" + _DUR)
def _grant(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None:
        return None
    return GrantKeyword(to, _keywords(m.group("kw")), _duration(m, context), text=text)


@_template(r"destroy (?P<to>.+)")
def _destroy(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return Destroy(to, text=text) if to else None


@_template(r"tap (?P<to>.+)")
def _tap(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return Tap(to, text=text) if to else None


@_template(r"untap (?P<to>.+)")
def _untap(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return Untap(to, text=text) if to else None


@_template(r"(?:(?P<who>.+?) )?draws? (?P<n>\w+) (?:additional )?cards?" + _PER)
def _draw(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who")) if m.group("who") else Selector("you")
    amount = _amount(m.group("n"), m.group("per"))
    if who is None or amount is None:
        return None
    return Draw(who, amount, text=text)


@_template(r"(?:(?P<who>.+?) )?discards? (?P<n>\w+) cards?(?P<random> at random)?")
def _discard(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who")) if m.group("who") else Selector("you")
    amount = _amount(m.group("n"))
    if who is None or amount is None:
        return None
    return Discard(who, amount, bool(m.group("random")), text=text)


@_template(r"(?:(?P<who>.+?) )?(?P<verb>gains?|loses?) (?P<n>\w+) life" + _PER)
def _life(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who")) if m.group("who") else Selector("you")
    amount = _amount(m.group("n"), m.group("per"))
    if who is None or amount is None:
        return None
    if m.group("verb").startswith("gain"):
        return GainLife(who, amount, text=text)
    return LoseLife(who, amount, text=text)


@_template(r"(?:(?P<who>.+?) )?(?P<verb>gains?|loses?) life equal to (?P<eq>.+)")
def _life_equal(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who")) if m.group("who") else Selector("you")
    if who is None:
        return None
    amount = Amount(1, f"equal to {m.group('eq')}")
    if m.group("verb").startswith("gain"):
        return GainLife(who, amount, text=text)
    return LoseLife(who, amount, text=text)


@_template(r"put (?P<n>\w+) (?P<c>[+-]\d+/[+-]\d+|\w+) counters? on (?P<to>.+?)" + _PER)
def _counters(m: re.Match[str], text: str, context: str) -> Effect | None:
    amount = _amount(m.group("n"), m.group("per"))
    to = read_object(m.group("to"))
    if amount is None or to is None:
        return None
    return PutCounters(to, m.group("c"), amount, text=text)


@_template(r"(?P<to>.+?) gets? (?P<n>\w+) (?P<c>poison) counters?")
def _poison(m: re.Match[str], text: str, context: str) -> Effect | None:
    amount = _amount(m.group("n"))
    to = read_object(m.group("to"))
    if amount is None or to is None:
        return None
    return PutCounters(to, m.group("c"), amount, text=text)


@_template(r"regenerate (?P<to>.+)")
def _regenerate(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return Regenerate(to, text=text) if to else None


@_template(r"prevent (?:(?P<all>all)|the next (?P<n>\w+)) (?P<combat>combat )?damage"
           r"(?: that would be dealt)?(?: to (?P<to>.+?))?(?: by (?P<by>.+?))?(?: this turn)?")
def _prevent(m: re.Match[str], text: str, context: str) -> Effect | None:
    if m.group("all"):
        amount: Amount | None = Amount(1, "all")
    else:
        amount = _amount(m.group("n"))
    to = _obj(m.group("to"))
    by = _obj(m.group("by"))
    if amount is None or (m.group("to") and to is None) or (m.group("by") and by is None):
        return None
    return PreventDamage(amount, to, bool(m.group("combat")), by, text=text)


@_template(r"return (?P<to>.+?) to (?:its|their) owners?'?s? hands?")
def _bounce(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None:
        return None
    if to.spec is not None and "graveyard" in to.spec.zone:
        return ReturnFromGraveyard(to, "hand", text=text)
    return Bounce(to, text=text)


@_template(r"put (?P<to>.+?) onto the battlefield(?P<tapped> tapped)?(?: under your control)?")
def _put_onto_battlefield(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None or to.ref not in ("self", "that", "target"):
        return None
    return PutOntoBattlefield(to, bool(m.group("tapped")), text=text)


@_template(r"return cardname from your graveyard to (?P<dest>your hand|the battlefield)")
def _return_self(m: re.Match[str], text: str, context: str) -> Effect | None:
    dest = "hand" if m.group("dest") == "your hand" else "battlefield"
    return ReturnFromGraveyard(Selector("self", text="cardname"), dest, text=text)


@_template(r"return (?P<to>.+?) to (?P<dest>your hand|the battlefield(?: under your control)?"
           r"|the top of (?:your|its owner's) library)")
def _return_graveyard(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None or to.spec is None or "graveyard" not in to.spec.zone:
        return None
    dest = m.group("dest")
    where = "hand" if dest == "your hand" else (
        "battlefield" if dest.startswith("the battlefield") else "library_top")
    return ReturnFromGraveyard(to, where, text=text)


@_template(r"counter (?P<to>.+?)(?: unless its controller pays (?P<pay>\{[^}]+\}|x))?")
def _counter(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None:
        return None
    unless = None
    if m.group("pay"):
        pay = m.group("pay").strip("{}")
        unless = Amount(int(pay)) if pay.isdigit() else Amount(1, "X")
    return CounterSpell(to, unless, text=text)


@_template(r"search your library for (?P<n>a|an|one|two|three|up to (?:two|three|four)) "
           r"(?P<card>(?:[\w'-]+ )*?)cards?,(?P<reveal> reveal (?:it|them|that card),)? "
           r"(?:put (?:it|them|that card|those cards) (?P<dest>into your hand|onto the "
           r"battlefield(?: tapped)?), then shuffle|then shuffle and put (?:the|that) card on "
           r"top)")
def _search(m: re.Match[str], text: str, context: str) -> Effect | None:
    card = read_spec(m.group("card") + "card")
    n = m.group("n").replace("up to ", "")
    amount = _amount(n)
    if card is None or amount is None:
        return None
    dest = m.group("dest") or "top"
    where = {"into your hand": "hand", "onto the battlefield": "battlefield",
             "onto the battlefield tapped": "battlefield_tapped"}.get(dest, "top")
    return SearchLibrary(Selector("you"), card, where, amount, bool(m.group("reveal")),
                         text=text)


_COLOUR_WORDS = r"(?:white|blue|black|red|green|colorless)"


@_template(r"(?:(?P<who>.+?) )?creates? (?P<n>\w+) (?P<p>\d+)/(?P<t>\d+) "
           r"(?P<col>" + _COLOUR_WORDS + r"(?: and " + _COLOUR_WORDS + r")?) "
           r"(?P<types>[a-z ]+?) creature tokens?(?: with (?P<kw>" + KEYWORD_RE + r"))?")
def _token(m: re.Match[str], text: str, context: str) -> Effect | None:
    amount = _amount(m.group("n"))
    who = read_object(m.group("who")) if m.group("who") else None
    if amount is None or (m.group("who") and who is None):
        return None
    colours = tuple(c for c in m.group("col").split(" and ") if c != "colorless")
    types = tuple(w.capitalize() for w in m.group("types").split()) + ("Creature",)
    keywords = (m.group("kw"),) if m.group("kw") else ()
    return CreateToken(amount, int(m.group("p")), int(m.group("t")), colours, types, keywords,
                       who, text=text)


@_template(r"(?:(?P<who>.+?) )?sacrifices? (?P<what>.+?)(?: unless (?:you pay|they pay) "
           r"(?P<pay>(?:\{[^}]+\})+))?")
def _sacrifice(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who")) if m.group("who") else Selector("you")
    what = read_object(m.group("what"))
    if who is None or what is None:
        return None
    return Sacrifice(who, what, (m.group("pay") or "").upper(), text=text)


@_template(r"gain control of (?P<to>.+?)(?P<dur> until end of turn)?")
def _control(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None:
        return None
    return GainControl(to, "end_of_turn" if m.group("dur") else "", text=text)


@_template(r"exile (?P<to>.+)")
def _exile(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return Exile(to, text=text) if to else None


@_template(r"(?P<to>.+?) can't block" + _DUR)
def _cant_block(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return CantBlock(to, _duration(m, context), text=text) if to else None


@_template(r"as cardname enters the battlefield, choose (?P<what>.+)")
def _choose_on_enter(m: re.Match[str], text: str, context: str) -> Effect | None:
    words = {"a color": "color", "an opponent": "opponent", "a land type": "land_type",
             "a creature type": "creature_type", "a basic land type": "basic_land_type"}
    choices = [words.get(part.strip()) for part in m.group("what").split(" and ")]
    if not all(choices):
        return None
    return ChooseOnEnter(tuple(c for c in choices if c), text=text)


@_template(r"(?:(?P<who>.+?) )?takes? an extra turn after this one")
def _extra_turn(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who")) if m.group("who") else Selector("you")
    return ExtraTurn(who, text=text) if who else None


@_template(r"(?P<to>.+?) can't attack" + _DUR)
def _cant_attack(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return CantAttack(to, _duration(m, context), text=text) if to else None


@_template(r"put (?P<to>.+?) on top of (?:its|their) owners?'?s? librar(?:y|ies)")
def _put_on_library(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return PutOnLibrary(to, text=text) if to else None


@_template(r"the next time (?P<src>an? .*?source|a source) of your choice would deal "
           r"(?P<combat>combat )?damage to (?P<to>.+?) this turn, prevent that damage")
def _prevent_next_time(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    by = read_object(m.group("src"))
    if to is None or by is None:
        return None
    return PreventDamage(Amount(1, "the next time"), to, bool(m.group("combat")), by,
                         text=text)


@_template(r"(?P<to>.+?) can't be blocked(?: by (?P<by>.+?))?" + _DUR)
def _unblockable(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    by = read_spec(m.group("by")) if m.group("by") else None
    if to is None or (m.group("by") and by is None):
        return None
    return CantBeBlocked(to, _duration(m, context), by, text=text)


@_template(r"(?:you )?pay (?P<pay>(?:\{[^}]+\})+)")
def _pay(m: re.Match[str], text: str, context: str) -> Effect | None:
    return PayMana(m.group("pay").upper(), text=text)


@_template(r"(?P<who>that player|its controller|target player|each player|an opponent) "
           r"(?P<may>may )?pays? (?P<pay>(?:\{[^}]+\})+)")
def _they_pay(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who"))
    if who is None:
        return None
    pay = PayMana(m.group("pay").upper(), who, text=text)
    return May((pay,), text=text) if m.group("may") else pay


@_template(r"(?P<to>.+?) doesn't untap during (?:(?:its|your) controller's|your) next untap step")
def _skip_untap(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return DoesntUntap(to, True, text=text) if to else None


@_template(r"you may choose not to untap (?P<to>.+?) during your untap step")
def _may_not_untap(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return MayNotUntap(to, text=text) if to else None


@_template(r"(?P<to>.+?) enters? the battlefield tapped")
def _enters_tapped(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return EntersTapped(to, text=text) if to else None


@_template(r"cardname enters the battlefield with (?P<n>\w+) (?P<c>[+-]\d+/[+-]\d+|\w+) "
           r"counters? on it")
def _enters_counters(m: re.Match[str], text: str, context: str) -> Effect | None:
    amount = _amount(m.group("n"))
    return EntersWithCounters(m.group("c"), amount, text=text) if amount else None


@_template(r"(?P<to>.+?) attacks? each (?:combat|turn) if able")
def _must_attack(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return MustAttack(to, text=text) if to else None


@_template(r"(?P<to>.+?) (?:doesn't|don't) untap during (?:your|its controller's|their "
           r"controllers') untap steps?")
def _doesnt_untap(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return DoesntUntap(to, text=text) if to else None


# Templates kept in modules of their own (registered on import, after the ones above).
from frontier_desktop.rules.effects import templates_mana as _templates_mana  # noqa: E402,F401  (fx-mana)
# fx-oneshots: one-shot templates (rules/effects/oneshots.py), tried after the ones above.
from frontier_desktop.rules.effects import oneshots as _oneshots  # noqa: E402

_oneshots.register(_template)


# ====================================================================== clauses
def clause_texts(node: Node) -> Iterator[str]:
    """The source texts of the clauses of *node*, in order: cost parts, triggers, keywords,
    effects (a :class:`~.nodes.Modal` gives its header then its modes' clauses). Joined, they
    cover the card's normalised text; tests check that nothing is dropped."""
    if isinstance(node, CardReading):
        for ability in node.abilities:
            yield from clause_texts(ability)
    elif isinstance(node, KeywordLine):
        for keyword in node.keywords:
            yield keyword.text
    elif isinstance(node, ActivatedAbility):
        for part in node.cost:
            yield part.text
        for effect in node.effects:
            yield from clause_texts(effect)
    elif isinstance(node, TriggeredAbility):
        yield node.trigger.text
        for effect in node.effects:
            yield from clause_texts(effect)
    elif isinstance(node, (SpellAbility, StaticAbility)):
        for effect in node.effects:
            yield from clause_texts(effect)
    elif isinstance(node, Modal):
        yield node.text
        for mode in node.modes:
            for effect in mode.effects:
                yield from clause_texts(effect)
    else:
        yield node.text


# fx-statics: continuous and combat statics register their templates (imported once, here).
from frontier_desktop.rules.effects import templates_statics as _templates_statics  # noqa: E402,F401

__all__ = ["PLACEHOLDER", "clause_texts", "normalise_text", "read_card", "read_clause",
           "read_effects", "read_keyword", "read_keyword_line", "read_sentence",
           "read_trigger", "split_sentences", "NUMBER_WORDS", "TargetSpec"]

# Templates of other modules, registered after these (they may read clauses with read_clause).
from frontier_desktop.rules.effects import templates_timing as _templates_timing  # noqa: E402,F401
