"""Writes ``card_cache/pool.jsonl``, the bundled offline card pool, from the table below.

The data is hand-written from the cards' Oracle facts (cost, types, rules text, P/T, Scryfall's
keyword list) and laid out with Scryfall's field names; no Scryfall id is invented. Derived
fields (``cmc``, ``colors``, ``color_identity``, ``produced_mana``) are computed here so that
they cannot drift from the cost and text. ``rarity``/``set`` name one real printing (the Army
Magic budget counts rarity); collector numbers are left out because they were not checked.

Run ``python build_scripts/make_pool.py`` after editing the table; ``tests/cards`` checks the
result against the real Scryfall fixtures in ``../shared``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "card_cache" / "pool.jsonl"
WUBRG = "WUBRG"

LANDWALK = (
    "{kind}walk (This creature can't be blocked as long as defending player controls "
    "{art} {land}.)"
)
BANDING = (
    "Banding (Any creatures with banding, and up to one without, can attack in a band. Bands "
    "are blocked as a group. If any creatures with banding you control are blocking or being "
    "blocked by a creature, you divide that creature's combat damage, not its controller, among "
    "any of the creatures it's being blocked by or is blocking.)"
)
SHADOW = "Shadow (This creature can block or be blocked by only creatures with shadow.)"


def walk(land: str) -> str:
    kind = {"Plains": "Plains", "Island": "Island", "Swamp": "Swamp", "Mountain": "Mountain",
            "Forest": "Forest"}[land]
    art = "an" if land == "Island" else "a"
    return LANDWALK.format(kind=kind, art=art, land=land)


def cmc_of(cost: str) -> float:
    total = 0.0
    for sym in re.findall(r"\{([^}]+)\}", cost):
        if sym.isdigit():
            total += int(sym)
        elif sym in ("X", "Y", "Z"):
            continue
        elif "/" in sym:
            left = sym.split("/")[0]
            total += int(left) if left.isdigit() else 1
        else:
            total += 1
    return float(total)


def colours_of(cost: str) -> list[str]:
    found = set(ch for sym in re.findall(r"\{([^}]+)\}", cost) for ch in sym if ch in WUBRG)
    return [c for c in WUBRG if c in found]


def produced_of(text: str) -> list[str]:
    made: set[str] = set()
    if re.search(r"one mana of any (one )?color|three mana of any one color", text):
        made |= set(WUBRG)
    for clause in re.findall(r"[Aa]dd ((?:\{[WUBRGC]\}|, | or |,? or )+)", text):
        made |= set(re.findall(r"[WUBRGC]", clause))
    return sorted(made)


def identity_of(cost: str, text: str, type_line: str) -> list[str]:
    rules = re.sub(r"\([^)]*\)", "", text)
    found = set(colours_of(cost)) | set(colours_of(rules))
    basic = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
    if "Land" in type_line and "—" in type_line:
        for word in type_line.split("—", 1)[1].split():
            if word in basic:
                found.add(basic[word])
    return [c for c in WUBRG if c in found]


def card(name, cost, type_line, text="", pt=None, kw=(), rarity="common", set_code=None,
         produced=None, loyalty=None, colors=None):
    obj = {
        "object": "card", "name": name, "layout": "normal", "mana_cost": cost,
        "cmc": cmc_of(cost), "type_line": type_line, "oracle_text": text,
        "colors": colors if colors is not None else colours_of(cost),
        "color_identity": identity_of(cost, text, type_line),
        "keywords": list(kw), "rarity": rarity,
    }
    if set_code:
        obj["set"] = set_code
    if pt is not None:
        obj["power"], obj["toughness"] = pt.split("/")
    if loyalty is not None:
        obj["loyalty"] = str(loyalty)
    made = produced if produced is not None else produced_of(text)
    if made:
        obj["produced_mana"] = made
    return obj


def face(name, cost, type_line, text="", pt=None, colors=None, with_colors=True):
    obj = {"object": "card_face", "name": name, "mana_cost": cost, "type_line": type_line,
           "oracle_text": text}
    if with_colors:
        obj["colors"] = colors if colors is not None else colours_of(cost)
    if pt is not None:
        obj["power"], obj["toughness"] = pt.split("/")
    return obj


def split(layout, faces, kw=(), rarity="uncommon", set_code=None):
    """Split / aftermath / fuse: costs joined at top level, no face colours (as Scryfall)."""
    cost = " // ".join(f["mana_cost"] for f in faces)
    text = "\n".join(f["oracle_text"] for f in faces)
    obj = {
        "object": "card", "name": " // ".join(f["name"] for f in faces), "layout": layout,
        "mana_cost": cost, "cmc": cmc_of(cost),
        "type_line": " // ".join(f["type_line"] for f in faces),
        "colors": colours_of(cost), "color_identity": identity_of(cost, text, ""),
        "keywords": list(kw), "rarity": rarity,
        "card_faces": [{k: v for k, v in f.items() if k != "colors"} for f in faces],
    }
    if set_code:
        obj["set"] = set_code
    return obj


def double_faced(layout, faces, kw=(), rarity="common", set_code=None, produced=None):
    """Transform / modal DFC: per-face cost and colours, none at top level (as Scryfall)."""
    text = "\n".join(f["oracle_text"] for f in faces)
    costs = "".join(f["mana_cost"] for f in faces)
    obj = {
        "object": "card", "name": " // ".join(f["name"] for f in faces), "layout": layout,
        "cmc": cmc_of(faces[0]["mana_cost"]),
        "type_line": " // ".join(f["type_line"] for f in faces),
        "color_identity": identity_of(costs, text, ""), "keywords": list(kw),
        "rarity": rarity, "card_faces": faces,
    }
    made = produced if produced is not None else produced_of(text)
    if made:
        obj["produced_mana"] = made
    if set_code:
        obj["set"] = set_code
    return obj


# --------------------------------------------------------------------------- the cards
CARDS = []
add = CARDS.append

# Basic lands (every basic type, Wastes, and the snow-covered basics).
for land, sym in (("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"),
                  ("Forest", "G")):
    add(card(land, "", f"Basic Land — {land}", f"({{T}}: Add {{{sym}}}.)", set_code="lea"))
    add(card(f"Snow-Covered {land}", "", f"Basic Snow Land — {land}",
             f"({{T}}: Add {{{sym}}}.)", set_code="ice"))
add(card("Wastes", "", "Basic Land", "({T}: Add {C}.)", set_code="ogw"))

# Other lands.
add(card("Savannah", "", "Land — Forest Plains", "({T}: Add {G} or {W}.)", rarity="rare",
         set_code="lea"))
add(card("Tundra", "", "Land — Plains Island", "({T}: Add {W} or {U}.)", rarity="rare",
         set_code="lea"))
add(card("Stalking Stones", "", "Land",
         "{T}: Add {C}.\n{6}: Stalking Stones becomes a 3/3 Elemental artifact creature that's "
         "still a land. (This effect lasts indefinitely.)", rarity="uncommon", set_code="mir"))
add(card("Strip Mine", "", "Land", "{T}: Add {C}.\n{T}, Sacrifice Strip Mine: Destroy target land.",
         rarity="uncommon", set_code="atq"))

# --- White
add(card("Armageddon", "{3}{W}", "Sorcery", "Destroy all lands.", rarity="rare", set_code="lea"))
add(card("Austere Command", "{4}{W}{W}", "Sorcery",
         "Choose two —\n• Destroy all artifacts.\n• Destroy all enchantments.\n• Destroy all "
         "creatures with mana value 3 or less.\n• Destroy all creatures with mana value 4 or "
         "greater.", rarity="rare", set_code="lrw"))
add(card("Benalish Hero", "{W}", "Creature — Human Soldier", BANDING, "1/1", ["Banding"],
         set_code="lea"))
add(card("Crusade", "{W}{W}", "Enchantment", "White creatures get +1/+1.", rarity="rare",
         set_code="lea"))
add(card("Disenchant", "{1}{W}", "Instant", "Destroy target artifact or enchantment.",
         set_code="lea"))
add(card("Fencing Ace", "{1}{W}", "Creature — Human Soldier", "Double strike", "1/1",
         ["Double strike"], rarity="uncommon", set_code="rtr"))
add(card("Holy Strength", "{W}", "Enchantment — Aura",
         "Enchant creature\nEnchanted creature gets +1/+2.", kw=["Enchant"], set_code="lea"))
add(card("Mesa Pegasus", "{1}{W}", "Creature — Pegasus",
         "Flying; banding" + BANDING[len("Banding"):], "1/1", ["Flying", "Banding"],
         set_code="lea"))
add(card("Moat", "{2}{W}{W}", "Enchantment", "Creatures without flying can't attack.",
         rarity="rare", set_code="leg"))
add(card("Peacekeeper", "{2}{W}", "Creature — Human",
         "At the beginning of your upkeep, sacrifice Peacekeeper unless you pay {1}{W}.\n"
         "Creatures can't attack.", "1/1", rarity="rare", set_code="wth"))
add(card("Samite Healer", "{1}{W}", "Creature — Human Cleric",
         "{T}: Prevent the next 1 damage that would be dealt to any target this turn.", "1/1",
         set_code="lea"))
add(card("Serra Angel", "{3}{W}{W}", "Creature — Angel",
         "Flying\nVigilance (Attacking doesn't cause this creature to tap.)", "4/4",
         ["Flying", "Vigilance"], rarity="uncommon", set_code="lea"))
add(card("Soltari Lancer", "{2}{W}", "Creature — Soltari Knight",
         SHADOW + "\nSoltari Lancer has first strike as long as it's attacking.", "2/2",
         ["Shadow"], set_code="tmp"))
add(card("White Knight", "{W}{W}", "Creature — Human Knight",
         "First strike\nProtection from black",
         "2/2", ["First strike", "Protection"], rarity="uncommon", set_code="lea"))
add(card("Wrath of God", "{2}{W}{W}", "Sorcery",
         "Destroy all creatures. They can't be regenerated.", rarity="rare", set_code="lea"))

# --- Blue
add(card("Brainstorm", "{U}", "Instant",
         "Draw three cards, then put two cards from your hand on top of your library in any "
         "order.", set_code="ice"))
add(card("Control Magic", "{2}{U}{U}", "Enchantment — Aura",
         "Enchant creature\nYou control enchanted creature.", kw=["Enchant"], rarity="uncommon",
         set_code="lea"))
add(card("Coral Eel", "{1}{U}", "Creature — Fish", "", "2/1", set_code="por"))
add(card("Counterspell", "{U}{U}", "Instant", "Counter target spell.", rarity="uncommon",
         set_code="lea"))
add(card("Evacuation", "{3}{U}{U}", "Instant", "Return all creatures to their owners' hands.",
         rarity="rare"))
add(card("Mahamoti Djinn", "{4}{U}{U}", "Creature — Djinn", "Flying", "5/6", ["Flying"],
         rarity="rare", set_code="lea"))
add(card("Phantasmal Terrain", "{U}{U}", "Enchantment — Aura",
         "Enchant land\nAs Phantasmal Terrain enters, choose a basic land type.\nEnchanted land "
         "is the chosen type.", kw=["Enchant"], set_code="lea"))
add(card("Prodigal Sorcerer", "{2}{U}", "Creature — Human Wizard",
         "{T}: Prodigal Sorcerer deals 1 damage to any target.", "1/1", set_code="lea"))
add(card("Sea Serpent", "{5}{U}", "Creature — Serpent",
         "Sea Serpent can't attack unless defending player controls an Island.\nWhen you control "
         "no Islands, sacrifice Sea Serpent.", "5/5", set_code="lea"))
add(card("Sea's Claim", "{U}", "Enchantment — Aura",
         "Enchant land\nEnchanted land is an Island.", kw=["Enchant"]))
add(card("Sunder", "{3}{U}{U}", "Instant", "Return all lands to their owners' hands.",
         rarity="rare", set_code="ulg"))
add(card("Sunken City", "{U}{U}", "Enchantment",
         "At the beginning of your upkeep, sacrifice Sunken City unless you pay {U}{U}.\nBlue "
         "creatures get +1/+1.", set_code="drk"))

# --- Black
add(card("Abomination", "{3}{B}{B}", "Creature — Horror",
         "Whenever Abomination blocks or becomes blocked by a green or white creature, destroy "
         "that creature at end of combat.", "2/6", rarity="uncommon", set_code="leg"))
add(card("Bog Wraith", "{3}{B}", "Creature — Wraith", walk("Swamp"), "3/3",
         ["Landwalk", "Swampwalk"], rarity="uncommon", set_code="lea"))
add(card("Demonic Tutor", "{1}{B}", "Sorcery",
         "Search your library for a card, put that card into your hand, then shuffle.",
         rarity="uncommon", set_code="lea"))
add(card("Drudge Skeletons", "{2}{B}", "Creature — Skeleton", "{B}: Regenerate Drudge Skeletons.",
         "1/1", set_code="lea"))
add(card("Lich", "{B}{B}{B}{B}", "Enchantment",
         "As Lich enters, you lose life equal to your life total.\nYou don't lose the game for "
         "having 0 or less life.\nIf you would gain life, draw that many cards instead.\n"
         "Whenever you're dealt damage, sacrifice that many nontoken permanents. If you can't, "
         "you lose the game.\nWhen Lich is put into a graveyard from the battlefield, you lose "
         "the game.", rarity="rare", set_code="lea"))
add(card("Massacre", "{2}{B}{B}", "Sorcery",
         "If an opponent controls a Plains and you control a Swamp, you may cast this spell "
         "without paying its mana cost.\nAll creatures get -2/-2 until end of turn.",
         rarity="uncommon", set_code="nem"))
add(card("Mind Rot", "{2}{B}", "Sorcery", "Target player discards two cards."))
add(card("Necropotence", "{B}{B}{B}", "Enchantment",
         "Skip your draw step.\nWhenever you discard a card, exile that card from your "
         "graveyard.\nPay 1 life: Exile the top card of your library face down. Put that card "
         "into your hand at the beginning of your next end step.", rarity="rare", set_code="ice"))
add(card("Nekrataal", "{2}{B}{B}", "Creature — Human Assassin",
         "First strike\nWhen Nekrataal enters, destroy target nonartifact, nonblack creature. "
         "That creature can't be regenerated.", "2/1", ["First strike"], rarity="uncommon",
         set_code="vis"))
add(card("No Mercy", "{2}{B}{B}", "Enchantment",
         "Whenever a creature deals damage to you, destroy it.", rarity="rare"))
add(card("Ravenous Rats", "{1}{B}", "Creature — Rat",
         "When Ravenous Rats enters, target opponent discards a card.", "1/1"))
add(card("Royal Assassin", "{1}{B}{B}", "Creature — Human Assassin",
         "{T}: Destroy target tapped creature.", "1/1", rarity="rare", set_code="lea"))
add(card("Sengir Vampire", "{3}{B}{B}", "Creature — Vampire",
         "Flying (This creature can't be blocked except by creatures with flying or reach.)\n"
         "Whenever a creature dealt damage by Sengir Vampire this turn dies, put a +1/+1 "
         "counter on Sengir Vampire.", "4/4", ["Flying"], rarity="uncommon", set_code="lea"))
add(card("Stronghold Assassin", "{1}{B}{B}", "Creature — Zombie Assassin",
         "{T}, Sacrifice a creature: Destroy target nonblack creature.", "2/1", rarity="rare",
         set_code="sth"))
add(card("Terror", "{1}{B}", "Instant",
         "Destroy target nonartifact, nonblack creature. It can't be regenerated.",
         set_code="lea"))
add(card("Typhoid Rats", "{B}", "Creature — Rat", "Deathtouch", "1/1", ["Deathtouch"]))
add(card("Undead Warchief", "{2}{B}{B}", "Creature — Zombie",
         "Zombie spells you cast cost {1} less to cast.\nZombie creatures you control get +2/+1.",
         "1/1", rarity="uncommon", set_code="scg"))
add(card("Vampiric Tutor", "{B}", "Instant",
         "Search your library for a card, then shuffle and put that card on top. You lose 2 "
         "life.", rarity="rare", set_code="vis"))
add(card("Caustic Tar", "{4}{B}{B}", "Enchantment — Aura",
         "Enchant land\nEnchanted land has \"{T}: Target player loses 3 life.\"", kw=["Enchant"],
         rarity="uncommon"))

# --- Red
add(card("Balduvian Barbarians", "{1}{R}{R}", "Creature — Human Barbarian", "", "3/2",
         set_code="ice"))
add(card("Canyon Minotaur", "{3}{R}", "Creature — Minotaur Warrior", "", "3/3", set_code="m14"))
add(card("Chandra Nalaar", "{3}{R}{R}", "Legendary Planeswalker — Chandra",
         "+1: Chandra Nalaar deals 1 damage to target player or planeswalker.\n−X: Chandra "
         "Nalaar deals X damage to target creature.\n−8: Chandra Nalaar deals 10 damage to "
         "target player or planeswalker and each creature that player or that planeswalker's "
         "controller controls.", rarity="rare", set_code="lrw", loyalty=6))
add(card("Cinder Wall", "{R}", "Creature — Wall",
         "Defender\nWhen Cinder Wall blocks, destroy it at end of combat.", "3/3", ["Defender"]))
add(card("Falling Star", "{2}{R}", "Sorcery",
         "Flip Falling Star onto the playing area from a height of at least one foot. Falling "
         "Star deals 3 damage to each creature it lands on. Tap all creatures dealt damage by "
         "Falling Star. If Falling Star doesn't turn completely over at least once during the "
         "flip, it has no effect.", rarity="rare", set_code="leg"))
add(card("Goblin Rock Sled", "{1}{R}", "Creature — Goblin",
         "Trample\nGoblin Rock Sled doesn't untap during your untap step if it attacked during "
         "your last turn.\nGoblin Rock Sled can't attack unless defending player controls a "
         "Mountain.", "3/1", ["Trample"], set_code="drk"))
add(card("Highland Giant", "{2}{R}{R}", "Creature — Giant", "", "3/4", set_code="por"))
add(card("Hill Giant", "{3}{R}", "Creature — Giant", "", "3/3", set_code="lea"))
add(card("Hurloon Minotaur", "{1}{R}{R}", "Creature — Minotaur", "", "2/3", set_code="lea"))
add(card("Leaping Master", "{1}{R}", "Creature — Human Monk",
         "{2}{W}: Leaping Master gains flying until end of turn.", "2/1", set_code="ktk"))
add(card("Lightning Bolt", "{R}", "Instant", "Lightning Bolt deals 3 damage to any target.",
         set_code="lea"))
add(card("Raging Goblin", "{R}", "Creature — Goblin Berserker", "Haste", "1/1", ["Haste"],
         set_code="por"))
add(card("Shivan Dragon", "{4}{R}{R}", "Creature — Dragon",
         "Flying\n{R}: Shivan Dragon gets +1/+0 until end of turn.", "5/5", ["Flying"],
         rarity="rare", set_code="lea"))
add(card("Sizzle", "{2}{R}", "Sorcery", "Sizzle deals 3 damage to each opponent."))
add(card("Slice and Dice", "{4}{R}{R}", "Sorcery",
         "Slice and Dice deals 4 damage to each creature.\nCycling {2}{R} ({2}{R}, Discard this "
         "card: Draw a card.)\nWhen you cycle Slice and Dice, you may have it deal 1 damage to "
         "each creature.", kw=["Cycling"], rarity="uncommon", set_code="ons"))
add(card("Stone Rain", "{2}{R}", "Sorcery", "Destroy target land.", set_code="mir"))
add(card("Talruum Minotaur", "{2}{R}{R}", "Creature — Minotaur Berserker", "Haste", "3/3",
         ["Haste"], set_code="mir"))
add(card("Viashino Runner", "{3}{R}", "Creature — Viashino",
         "Menace (This creature can't be blocked except by two or more creatures.)", "3/2",
         ["Menace"]))
add(card("Vulshok Berserker", "{3}{R}", "Creature — Human Berserker",
         "Haste (This creature can attack and {T} as soon as it comes under your control.)", "3/2",
         ["Haste"], set_code="mrd"))
add(card("Vug Lizard", "{1}{R}{R}", "Creature — Lizard",
         walk("Mountain") + "\nEcho {1}{R}{R} (At the beginning of your upkeep, if this came "
         "under your control since the beginning of your last upkeep, sacrifice it unless you "
         "pay its echo cost.)", "3/4", ["Landwalk", "Mountainwalk", "Echo"], rarity="uncommon",
         set_code="usg"))
add(card("Ancient Kavu", "{3}{R}", "Creature — Kavu",
         "{2}: Ancient Kavu becomes colorless until end of turn.", "3/3", set_code="inv"))
add(card("Flowstone Giant", "{2}{R}{R}", "Creature — Giant",
         "{R}: Flowstone Giant gets +2/-2 until end of turn.", "3/3", set_code="tmp"))
add(card("Wall of Stone", "{1}{R}{R}", "Creature — Wall", "Defender", "0/8", ["Defender"],
         rarity="uncommon", set_code="lea"))
add(card("Wheel of Fortune", "{2}{R}", "Sorcery",
         "Each player discards their hand, then draws seven cards.", rarity="rare",
         set_code="lea"))
add(card("Wild Jhovall", "{3}{R}", "Creature — Cat", "", "3/3", set_code="mmq"))

# --- Green
add(card("Anaconda", "{3}{G}", "Creature — Snake", walk("Swamp"), "3/3",
         ["Landwalk", "Swampwalk"], rarity="uncommon", set_code="por"))
add(card("Arboria", "{2}{G}{G}", "World Enchantment",
         "Creatures can't attack a player unless that player cast a spell or put a nontoken "
         "permanent onto the battlefield during their last turn.", rarity="uncommon",
         set_code="leg"))
add(card("Birds of Paradise", "{G}", "Creature — Bird",
         "Flying\n{T}: Add one mana of any color.", "0/1", ["Flying"], rarity="rare",
         set_code="lea"))
add(card("Channel", "{G}{G}", "Sorcery",
         "Until end of turn, any time you could activate a mana ability, you may pay 1 life. If "
         "you do, add {C}.", rarity="uncommon", set_code="lea"))
add(card("Civic Wayfinder", "{2}{G}", "Creature — Elf Warrior Druid",
         "When Civic Wayfinder enters, you may search your library for a basic land card, "
         "reveal it, put it into your hand, then shuffle.", "2/2", set_code="rav"))
add(card("Colossal Dreadmaw", "{4}{G}{G}", "Creature — Dinosaur", "Trample", "6/6",
         ["Trample"], set_code="xln"))
add(card("Durkwood Boars", "{4}{G}", "Creature — Boar", "", "4/4"))
add(card("Earthcraft", "{1}{G}", "Enchantment",
         "Tap an untapped creature you control: Untap target basic land.", rarity="rare",
         set_code="tmp"))
add(card("Explore", "{1}{G}", "Sorcery",
         "You may play an additional land this turn.\nDraw a card.", set_code="wwk"))
add(card("Gaea's Anthem", "{1}{G}{G}", "Enchantment", "Creatures you control get +1/+1.",
         rarity="rare", set_code="plc"))
add(card("Giant Growth", "{G}", "Instant", "Target creature gets +3/+3 until end of turn.",
         set_code="lea"))
add(card("Grizzly Bears", "{1}{G}", "Creature — Bear", "", "2/2", set_code="lea"))
add(card("Harrow", "{2}{G}", "Instant",
         "As an additional cost to cast this spell, sacrifice a land.\nSearch your library for "
         "up to two basic land cards, put them onto the battlefield, then shuffle.",
         set_code="zen"))
add(card("Ironroot Treefolk", "{4}{G}", "Creature — Treefolk", "", "3/5", set_code="lea"))
add(card("Kodama's Reach", "{2}{G}", "Sorcery — Arcane",
         "Search your library for up to two basic land cards, reveal those cards, put one onto "
         "the battlefield tapped and the other into your hand, then shuffle.", set_code="chk"))
add(card("Krosan Tusker", "{5}{G}{G}", "Creature — Boar Beast",
         "Cycling {2}{G} ({2}{G}, Discard this card: Draw a card.)\nWhen you cycle Krosan "
         "Tusker, you may search your library for a basic land card, reveal it, put it into your "
         "hand, then shuffle.", "6/5", ["Cycling"], set_code="ons"))
add(card("Llanowar Elves", "{G}", "Creature — Elf Druid", "{T}: Add {G}.", "1/1",
         set_code="lea"))
add(card("Overrun", "{2}{G}{G}{G}", "Sorcery",
         "Creatures you control get +3/+3 and gain trample until end of turn.",
         rarity="uncommon", set_code="tmp"))
add(card("Refresh", "{2}{G}", "Instant", "Regenerate target creature.\nDraw a card.",
         set_code="wth"))
add(card("Regeneration", "{1}{G}", "Enchantment — Aura",
         "Enchant creature\n{G}: Regenerate enchanted creature.", kw=["Enchant"],
         rarity="uncommon", set_code="lea"))
add(card("River Boa", "{1}{G}", "Creature — Snake",
         walk("Island") + "\n{G}: Regenerate River Boa.", "2/1", ["Landwalk", "Islandwalk"],
         rarity="uncommon", set_code="vis"))
add(card("Shanodin Dryads", "{G}", "Creature — Nymph Dryad", walk("Forest"), "1/1",
         ["Landwalk", "Forestwalk"], set_code="lea"))
add(card("Spined Wurm", "{4}{G}", "Creature — Wurm", "", "5/4", set_code="por"))
add(card("Timber Wolves", "{G}", "Creature — Wolf", BANDING, "1/1", ["Banding"], rarity="rare",
         set_code="lea"))
add(card("Veteran Explorer", "{G}", "Creature — Human Soldier Scout",
         "When Veteran Explorer dies, each player may search their library for up to two basic "
         "land cards, put them onto the battlefield, then shuffle.", "1/1", rarity="uncommon",
         set_code="csp"))
add(card("Web", "{G}", "Enchantment — Aura",
         "Enchant creature (Target a creature as you cast this. This card enters the "
         "battlefield attached to that creature.)\nEnchanted creature gets +0/+2 and has "
         "reach. (It can block creatures with flying.)", kw=["Enchant"], rarity="rare",
         set_code="lea"))
add(card("Wild Growth", "{G}", "Enchantment — Aura",
         "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
         "additional {G}.", kw=["Enchant"], set_code="lea", produced=["G"]))
add(card("Yavimaya Wurm", "{4}{G}{G}", "Creature — Wurm", "Trample", "6/4", ["Trample"],
         set_code="ulg"))

# --- Multicolour
add(card("Boggart Ram-Gang", "{R/G}{R/G}{R/G}", "Creature — Goblin Warrior",
         "Haste\nWither (This deals damage to creatures in the form of -1/-1 counters.)", "3/3",
         ["Haste", "Wither"], rarity="uncommon", set_code="shm"))
add(card("Boros Reckoner", "{R/W}{R/W}{R/W}", "Creature — Minotaur Wizard",
         "Whenever Boros Reckoner is dealt damage, it deals that much damage to any target.\n"
         "{R/W}: Boros Reckoner gains first strike until end of turn.", "3/3", rarity="rare",
         set_code="gtc"))
add(card("Nicol Bolas", "{2}{U}{B}{B}{R}", "Legendary Creature — Elder Dragon",
         "Flying\nAt the beginning of your upkeep, sacrifice Nicol Bolas unless you pay "
         "{U}{B}{R}.\nWhenever Nicol Bolas deals damage to an opponent, that player discards "
         "their hand.", "7/7", ["Flying"], rarity="rare", set_code="leg"))
add(card("Nicol Bolas, Planeswalker", "{4}{U}{B}{B}{R}", "Legendary Planeswalker — Bolas",
         "+3: Destroy target noncreature permanent.\n−2: Gain control of target creature.\n−9: "
         "Nicol Bolas, Planeswalker deals 7 damage to target player or planeswalker. That player "
         "or that planeswalker's controller discards seven cards, then sacrifices seven "
         "permanents.", rarity="mythic", set_code="con", loyalty=5))
add(card("Teferi's Moat", "{3}{W}{U}", "Enchantment",
         "As Teferi's Moat enters, choose a color.\nCreatures of the chosen color without "
         "flying can't attack you.", rarity="rare", set_code="vis"))

# --- Colourless
add(card("Black Lotus", "{0}", "Artifact",
         "{T}, Sacrifice Black Lotus: Add three mana of any one color.", rarity="rare",
         set_code="lea"))
add(card("Chaos Orb", "{2}", "Artifact",
         "{1}, {T}: If Chaos Orb is on the battlefield, flip Chaos Orb onto the battlefield from "
         "a height of at least one foot. If Chaos Orb turns over completely at least once during "
         "the flip, destroy all nontoken permanents it touches. Then destroy Chaos Orb.",
         rarity="rare", set_code="lea"))
add(card("Chimeric Staff", "{4}", "Artifact",
         "{X}: Chimeric Staff becomes an X/X Construct artifact creature until end of turn.",
         rarity="rare", set_code="usg"))
add(card("Marble Diamond", "{2}", "Artifact", "Marble Diamond enters tapped.\n{T}: Add {W}.",
         rarity="uncommon", set_code="mir"))
add(card("Ornithopter", "{0}", "Artifact Creature — Thopter", "Flying", "0/2", ["Flying"],
         rarity="uncommon", set_code="5ed"))
add(card("Sol Ring", "{1}", "Artifact", "{T}: Add {C}{C}.", rarity="uncommon", set_code="lea"))

# --- Multi-faced
add(split("split", [
    face("Wear", "{1}{R}", "Instant",
         "Destroy target artifact.\nFuse (You may cast one or both halves of this card from "
         "your hand.)"),
    face("Tear", "{W}", "Instant",
         "Destroy target enchantment.\nFuse (You may cast one or both halves of this card from "
         "your hand.)"),
], kw=["Fuse"], rarity="uncommon", set_code="dgm"))
add(split("split", [
    face("Dead", "{R}", "Instant", "Dead deals 2 damage to target creature."),
    face("Gone", "{2}{R}", "Instant",
         "Return target creature you don't control to its owner's hand."),
], rarity="common", set_code="pls"))
add(split("split", [
    face("Dusk", "{2}{W}{W}", "Sorcery", "Destroy all creatures with power 3 or greater."),
    face("Dawn", "{3}{W}{W}", "Sorcery",
         "Aftermath (Cast this spell only from your graveyard. Then exile it.)\nReturn all "
         "creature cards with power 2 or less from your graveyard to your hand."),
], kw=["Aftermath"], rarity="rare", set_code="akh"))
add(split("split", [
    face("Driven", "{1}{G}", "Sorcery",
         "Until end of turn, creatures you control gain trample and \"Whenever this creature "
         "deals combat damage to a player, draw a card.\""),
    face("Despair", "{1}{B}", "Sorcery",
         "Aftermath (Cast this spell only from your graveyard. Then exile it.)\nUntil end of "
         "turn, creatures you control gain menace and \"Whenever this creature deals combat "
         "damage to a player, that player discards a card.\""),
], kw=["Aftermath"], rarity="rare", set_code="hou"))
add(double_faced("transform", [
    face("Delver of Secrets", "{U}", "Creature — Human Wizard",
         "At the beginning of your upkeep, look at the top card of your library. You may reveal "
         "that card. If an instant or sorcery card is revealed this way, transform Delver of "
         "Secrets.", "1/1"),
    face("Insectile Aberration", "", "Creature — Human Insect", "Flying", "3/2", colors=["U"]),
], kw=["Flying", "Transform"], rarity="common", set_code="isd"))
add(double_faced("transform", [
    face("Village Ironsmith", "{1}{R}", "Creature — Human Werewolf",
         "First strike\nAt the beginning of each upkeep, if no spells were cast last turn, "
         "transform Village Ironsmith.", "1/1"),
    face("Ironfang", "", "Creature — Werewolf",
         "First strike\nAt the beginning of each upkeep, if a player cast two or more spells "
         "last turn, transform Ironfang.", "3/1", colors=["R"]),
], kw=["Transform", "First strike"], rarity="common", set_code="isd"))
add(double_faced("modal_dfc", [
    face("Turntimber Symbiosis", "{4}{G}{G}{G}", "Sorcery",
         "Look at the top seven cards of your library. You may put a creature card from among "
         "them onto the battlefield. If that card has mana value 3 or less, it enters with three "
         "additional +1/+1 counters on it. Put the rest on the bottom of your library in a "
         "random order."),
    face("Turntimber, Serpentine Wood", "", "Land",
         "As Turntimber, Serpentine Wood enters the battlefield, you may pay 3 life. If you "
         "don't, it enters the battlefield tapped.\n{T}: Add {G}."),
], rarity="mythic", set_code="znr"))
add(double_faced("modal_dfc", [
    face("Augmenter Pugilist", "{1}{G}{G}", "Creature — Troll Druid",
         "Trample\nAs long as you control eight or more lands, Augmenter Pugilist gets +5/+5.",
         "3/3"),
    face("Echoing Equation", "{3}{U}{U}", "Sorcery",
         "Choose target creature you control. Each other creature you control becomes a copy "
         "of it until end of turn, except those creatures aren't legendary if the chosen "
         "creature is legendary."),
], kw=["Trample"], rarity="rare", set_code="stx"))


def main() -> int:
    names = [c["name"] for c in CARDS]
    dupes = {n for n in names if names.count(n) > 1}
    if dupes:
        print("duplicate names:", sorted(dupes), file=sys.stderr)
        return 1
    lines = [json.dumps(c, ensure_ascii=False, sort_keys=True)
             for c in sorted(CARDS, key=lambda c: c["name"])]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines)} cards to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
