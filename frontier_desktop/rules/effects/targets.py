"""Reading the noun phrases of oracle text: targets, groups, amounts.

All functions take normalised lower-case text (see :mod:`.reader`) and read a *whole* phrase:
they return ``None`` when any word is left over, so a template never half-reads a clause.
"""

from __future__ import annotations

import dataclasses
import re

from frontier_desktop.rules.effects.nodes import Amount, Selector, TargetSpec

NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "another": 1, "twice": 2,
}
COLOURS = ("white", "blue", "black", "red", "green")
_NOUNS = {
    "creature": "creature", "creatures": "creature",
    "player": "player", "players": "player",
    "opponent": "opponent", "opponents": "opponent",
    "land": "land", "lands": "land",
    "artifact": "artifact", "artifacts": "artifact",
    "enchantment": "enchantment", "enchantments": "enchantment",
    "spell": "spell", "spells": "spell",
    "permanent": "permanent", "permanents": "permanent",
    "card": "card", "cards": "card",
    "source": "source", "sources": "source",
}
_TYPE_ADJECTIVES = ("artifact", "enchantment", "land", "creature", "snow", "basic", "legendary",
                    "nonbasic", "token", "nontoken", "instant", "sorcery", "aura")
_LAND_SUBTYPES = {"plains": "Plains", "island": "Island", "islands": "Island",
                  "swamp": "Swamp", "swamps": "Swamp", "mountain": "Mountain",
                  "mountains": "Mountain", "forest": "Forest", "forests": "Forest"}
_CREATURE_TYPES = frozenset("""
advisor angel ape archer artificer assassin atog aurochs avatar badger barbarian bard basilisk
bat bear beast berserker bird boar camel cat centaur cleric construct crocodile demon devil
dinosaur djinn dog dragon drake dreadnought druid dryad dwarf efreet egg elder elemental elephant
elf eye faerie fish fungus gargoyle giant gnome goblin golem gremlin griffin homarid horror
horse human hydra illusion imp insect juggernaut kavu kithkin knight kobold kraken leech
leviathan lizard manticore mercenary merfolk minion minotaur mongoose monk mutant nightmare
nightstalker noble nomad nymph ogre ooze orc orgg ouphe ox pegasus phyrexian pirate plant rat
rhino rogue salamander satyr scarecrow scorpion scout serpent shade shaman shapeshifter shark
skeleton slug snake soldier soltari specter spider spirit starfish thopter thrull treefolk troll
turtle unicorn vampire viashino wall warrior werewolf wizard wolf wolverine wraith wurm yeti
zombie
""".split())
"""Creature types of the cards of Alpha through Mirage (singular, lower case)."""
_IRREGULAR_PLURALS = {"elves": "elf", "dwarves": "dwarf", "wolves": "wolf", "djinn": "djinn",
                      "merfolk": "merfolk", "mice": "mouse", "oxen": "ox", "fungi": "fungus",
                      "treefolk": "treefolk", "kithkin": "kithkin"}


def creature_type(word: str) -> str | None:
    """``"goblins"`` → ``"Goblin"``; ``None`` for a word that isn't a creature type."""
    low = word.lower()
    if low in _CREATURE_TYPES:
        return low.capitalize()
    if low in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[low].capitalize()
    if low.endswith("s") and low[:-1] in _CREATURE_TYPES:
        return low[:-1].capitalize()
    if low.endswith("es") and low[:-2] in _CREATURE_TYPES:
        return low[:-2].capitalize()
    return None


_STATES = {"tapped": "tapped", "untapped": "untapped", "attacking": "attacking",
           "blocking": "blocking", "attacking or blocking": "attacking_or_blocking",
           "blocked": "blocked", "unblocked": "unblocked"}
_KEYWORD_WORDS = ("flying", "first strike", "trample", "banding", "haste", "vigilance",
                  "reach", "defender", "deathtouch", "lifelink", "double strike", "shadow",
                  "swampwalk", "islandwalk", "forestwalk", "mountainwalk", "plainswalk",
                  "flanking", "horsemanship", "fear", "shroud", "menace", "indestructible",
                  "phasing", "hexproof", "protection from artifacts", "protection from (?:white|blue|"
                  "black|red|green|artifacts)")
KEYWORD_RE = "|".join(sorted((k if "(" in k else re.escape(k) for k in _KEYWORD_WORDS),
                             key=len, reverse=True))


def read_number(word: str) -> Amount | None:
    """``"3"`` / ``"three"`` / ``"a"`` / ``"x"`` → an :class:`Amount`."""
    word = word.strip()
    if word.isdigit():
        return Amount(int(word))
    if word in NUMBER_WORDS:
        return Amount(NUMBER_WORDS[word])
    if word == "x":
        return Amount(1, "X")
    return None


def read_pt(text: str) -> Amount | None:
    """One half of a P/T change: ``"+3"``, ``"-1"``, ``"+x"``, ``"-x"``, ``"+0"``."""
    match = re.fullmatch(r"([+-])(\d+|x)", text.strip())
    if not match:
        return None
    sign = -1 if match.group(1) == "-" else 1
    if match.group(2) == "x":
        return Amount(sign, "X")
    return Amount(sign * int(match.group(2)))


def read_spec(phrase: str) -> TargetSpec | None:
    """A noun phrase describing objects: ``"nonblack creature"``, ``"tapped creatures you
    control"``, ``"artifact or enchantment"``, ``"creature card in your graveyard"``."""
    words = phrase.strip()
    if not words:
        return None
    spec: dict[str, object] = {}
    colours: list[str] = []
    not_colours: list[str] = []
    types: list[str] = []
    not_types: list[str] = []
    subtypes: list[str] = []
    with_kw: list[str] = []
    without_kw: list[str] = []

    # Suffixes (read from the end).
    suffixes = [
        (r" you control$", ("controller", "you")),
        (r" you don't control$", ("controller", "not_you")),
        (r" (?:an opponent|your opponents?|defending player) controls?$", ("controller", "opponent")),
        (r" (?:in|from) your graveyard$", ("zone", "your_graveyard")),
        (r" (?:in|from) (?:a|any) graveyard$", ("zone", "graveyard")),
        (r" (?:in|from) an opponent's graveyard$", ("zone", "opponent_graveyard")),
        (r" on the stack$", ("zone", "stack")),
    ]
    changed = True
    while changed:
        changed = False
        for pattern, (key, value) in suffixes:
            m = re.search(pattern, words)
            if m:
                spec[key] = value
                words = words[:m.start()]
                changed = True
        m = re.search(r" with power (\d+) or (less|greater)$", words)
        if m:
            spec["power"] = ("<=" if m.group(2) == "less" else ">=") + m.group(1)
            words = words[:m.start()]
            changed = True
        m = re.search(rf" with ({KEYWORD_RE})$", words)
        if m:
            with_kw.insert(0, m.group(1))
            words = words[:m.start()]
            changed = True
        m = re.search(rf" without ({KEYWORD_RE})$", words)
        if m:
            without_kw.insert(0, m.group(1))
            words = words[:m.start()]
            changed = True
    tokens = words.replace(",", "").split()
    if not tokens:
        return None
    # The noun(s) at the end: "creature", "artifact or enchantment", "creature or player".
    noun = ""
    if len(tokens) >= 4 and tokens[-2] == "or" and all(
            t in _NOUNS for t in (tokens[-4], tokens[-3], tokens[-1])) and \
            "," in words and "player" not in tokens[-4:]:
        # "artifact, creature, or land": three nouns (Icy Manipulator; the commas were dropped above).
        noun = "_or_".join(_NOUNS[t] for t in (tokens[-4], tokens[-3], tokens[-1]))
        tokens = tokens[:-4]
    elif len(tokens) >= 3 and tokens[-2] == "or" and tokens[-1] in _NOUNS and (
            tokens[-3] in _NOUNS or tokens[-3] in _TYPE_ADJECTIVES):
        noun = f"{_NOUNS.get(tokens[-3], tokens[-3])}_or_{_NOUNS[tokens[-1]]}"
        if noun == "creature_or_player":
            noun = "any"
        tokens = tokens[:-3]
    elif tokens[-1] in _NOUNS:
        noun = _NOUNS[tokens[-1]]
        tokens = tokens[:-1]
    elif tokens[-1] in _LAND_SUBTYPES:
        noun = "land"
        subtypes.append(_LAND_SUBTYPES[tokens[-1]])
        tokens = tokens[:-1]
        while len(tokens) >= 2 and tokens[-1] == "or" and tokens[-2] in _LAND_SUBTYPES:
            subtypes.insert(0, _LAND_SUBTYPES[tokens[-2]])  # "Island or Swamp card"
            tokens = tokens[:-2]
    elif creature_type(tokens[-1]) is not None:
        noun = "creature"
        subtypes.append(str(creature_type(tokens[-1])))
        tokens = tokens[:-1]
    else:
        return None
    if tokens and tokens[-1] == "other":
        spec["other"] = True
        tokens = tokens[:-1]
    # Adjectives, any order.
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        two = " ".join(tokens[i:i + 3])
        if two == "attacking or blocking":
            spec["state"] = _STATES[two]
            i += 3
            continue
        if tok == "other":
            spec["other"] = True
        elif tok in COLOURS:
            colours.append(tok)
        elif tok == "or" and colours:
            pass  # "black or red creature"
        elif tok.startswith("non") and tok[3:].lstrip("-") in COLOURS:
            not_colours.append(tok[3:].lstrip("-"))
        elif tok.startswith("non") and tok[3:].lstrip("-") in _TYPE_ADJECTIVES:
            not_types.append(tok[3:].lstrip("-"))
        elif tok.startswith("non") and creature_type(tok[3:].lstrip("-")) is not None:
            not_types.append(str(creature_type(tok[3:].lstrip("-"))))
        elif tok in _STATES:
            spec["state"] = _STATES[tok]
        elif tok in _TYPE_ADJECTIVES:
            types.append(tok)
        elif tok in _LAND_SUBTYPES:
            subtypes.append(_LAND_SUBTYPES[tok])
        elif tok == "or" and i + 1 < len(tokens) and tokens[i + 1] in _LAND_SUBTYPES and subtypes:
            pass  # "Island or Swamp card"
        elif creature_type(tok) is not None:
            subtypes.append(str(creature_type(tok)))
        elif tok == "and/or" and colours:
            pass  # "white and/or blue creature"
        elif tok.startswith("non") and tok[3:].lstrip("-") in _STATES:
            spec["state"] = "not_" + _STATES[tok[3:].lstrip("-")]
        elif tok == "colorless":
            colours.append("colorless")
        else:
            return None
        i += 1
    return TargetSpec(
        noun=noun, colours=tuple(colours), not_colours=tuple(not_colours), types=tuple(types),
        not_types=tuple(not_types), subtypes=tuple(subtypes),
        state=str(spec.get("state", "")), controller=str(spec.get("controller", "")),
        zone=str(spec.get("zone", "")), with_keywords=tuple(with_kw),
        without_keywords=tuple(without_kw), other=bool(spec.get("other", False)),
        power=str(spec.get("power", "")),
        text=phrase.strip())


_TARGET_RE = re.compile(
    r"^(?:(?P<upto>up to) )?(?:(?P<n>one|two|three|four|five|x|\d+|any number of) )?"
    r"(?P<other>other )?target (?P<rest>.+)$")


def read_target(phrase: str) -> TargetSpec | None:
    """``"target nonblack creature"``, ``"up to two target creatures"``, ``"any target"``."""
    phrase = phrase.strip()
    if phrase == "any target":
        return TargetSpec("any", text=phrase)
    m = re.fullmatch(r"(?P<n>one|two|three|four|five|x|\d+|any number of) targets", phrase)
    if m:
        n = m.group("n")
        spec = TargetSpec("any", text=phrase)
        return _with_count(spec, n, False)
    m = _TARGET_RE.match(phrase)
    if not m:
        return None
    rest, other = m.group("rest"), bool(m.group("other"))
    if rest.endswith(" other than cardname"):  # "target creature other than CARDNAME"
        rest, other = rest[:-len(" other than cardname")], True
    spec0 = read_spec(("other " if other else "") + rest)
    if spec0 is None:
        return None
    spec0 = _with_count(spec0, m.group("n") or "", bool(m.group("upto")))
    return dataclasses.replace(spec0, text=phrase)


def _with_count(spec: TargetSpec, n: str, up_to: bool) -> TargetSpec:
    if n == "x":
        return dataclasses.replace(spec, count=0, count_var="X", up_to=up_to)
    if n == "any number of":
        return dataclasses.replace(spec, count=0, count_var="any", up_to=True)
    amount = read_number(n) if n else None
    return dataclasses.replace(spec, count=amount.n if amount else 1, up_to=up_to)


_PLURAL_RE = re.compile(
    r"\b(?:creatures|lands|artifacts|enchantments|permanents|walls|goblins|elves|zombies|"
    r"merfolk|dwarves|orcs|knights|soldiers|beasts|dragons|thrulls|vampires|birds|kobolds|"
    r"giants|humans|snakes|apes|islands|swamps|forests|mountains)\b")


def _plural_type(phrase: str) -> bool:
    """Whether the phrase names a creature type in the plural ("other Goblins")."""
    for word in phrase.split():
        if word in _IRREGULAR_PLURALS and word not in ("djinn", "merfolk", "treefolk", "kithkin"):
            return True
        if word.endswith("s") and word not in _CREATURE_TYPES and creature_type(word):
            return True
    return False


def read_object(phrase: str) -> Selector | None:
    """Whom a clause reaches, read whole: a target phrase, ``cardname``, ``it``, ``each
    creature``, ``all tapped creatures``, ``you``, ``enchanted creature``, ``a creature``."""
    p = phrase.strip()
    simple = {
        "cardname": "self", "it": "that", "that creature": "that", "that permanent": "that",
        "them": "that", "that player": "that", "that land": "that", "that artifact": "that",
        "those creatures": "that", "that spell": "that", "that card": "that",
        "you": "you", "its controller": "controller", "that creature's controller": "controller",
        "that permanent's controller": "controller", "that spell's controller": "controller",
        "defending player": "defending_player", "each player": "each_player",
        "each opponent": "each_opponent", "your opponents": "each_opponent",
        "an opponent": "opponent", "target opponent": "target", "enchanted creature": "enchanted",
        "enchanted land": "enchanted", "enchanted artifact": "enchanted",
        "enchanted permanent": "enchanted", "its owner": "owner",
        # An equipment's "equipped creature" is what it is attached to, as an aura's
        # "enchanted creature" (rules/core/equipment.py).
        "equipped creature": "enchanted",
    }
    if re.fullmatch(r"that (?:creature|land|artifact|enchantment|permanent|spell)'s controller"
                    r"|its controller", p):
        return Selector("controller", text=p)
    if p in simple:
        ref = simple[p]
        spec = None
        if ref == "target":
            spec = TargetSpec("opponent", text=p)
        elif ref == "enchanted":
            spec = read_spec(p.split(" ", 1)[1])
        return Selector(ref, spec, text=p)
    target = read_target(p)
    if target is not None:
        return Selector("target", target, text=p)
    m = re.fullmatch(r"(?:each|all) (.+)", p)
    if m:
        spec = read_spec(m.group(1))
        if spec is not None:
            return Selector("all", spec, text=p)
    if (_PLURAL_RE.search(p) or _plural_type(p)) and not p.startswith(("a ", "an ", "one ")):
        # "creatures you control", "white creatures", "other Goblins": every such object.
        spec = read_spec(p)
        if spec is not None:
            return Selector("all", spec, text=p)
    m = re.fullmatch(r"(?:a|an|one) (.+)", p)
    if m:
        spec = read_spec(m.group(1))
        if spec is not None:
            return Selector("chosen", spec, text=p)
    return None


def find_targets(text: str) -> tuple[TargetSpec, ...]:
    """Every target phrase in *text*, read as far as its words allow (for unread clauses)."""
    out: list[TargetSpec] = []
    low = text.lower()
    if "any target" in low:
        out.append(TargetSpec("any", text="any target"))
    for m in re.finditer(r"\b((?:up to )?(?:one |two |three |x |\d+ )?(?:other )?target)"
                         r" ((?:[\w'-]+ ?){1,6})", low):
        words = m.group(2).split()
        # The longest prefix of the following words that reads as a spec.
        for end in range(len(words), 0, -1):
            spec = read_target(m.group(1) + " " + " ".join(words[:end]))
            if spec is not None:
                out.append(spec)
                break
    return tuple(out)
