"""``frontier-desktop effects CARDS.jsonl [--json]``: which cards the engine plays by itself.

Reads Scryfall-shaped card objects (JSON Lines, or one JSON array) and prints one line per
card — ``automated``, ``read`` (every clause understood, not all carried out yet) or ``manual``
(some clauses unread) with the clauses concerned — then the shares per card type, the read
share, and last ``automated N/M``. A card counts as automated only when the engine carries out
every clause of its text (see :mod:`frontier_desktop.rules.effects.engine_support`).

Bad input (a line that isn't JSON, a card without a name or text) is reported one line each
on stderr, naming the line; the other cards are still reported and the exit code is 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from frontier_desktop.rules.card import Card
from frontier_desktop.rules.effects import CARD_TYPES, CardVerdict, read_card, verdict
from frontier_desktop.rules.errors import InvalidCardError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "effects", help="say which cards the engine plays fully from their oracle text",
        description="Read each card's oracle text and say whether the engine carries out all "
        "of it (automated), understands it but leaves parts to the players (read), or can't "
        "read some clauses (manual, with the clauses named).")
    parser.add_argument("cards", type=Path, help="Scryfall card objects: JSON Lines or an array")
    parser.add_argument("--json", action="store_true", help="one JSON object per card, then a "
                        "summary object")
    parser.set_defaults(func=run)


def _card_fields(obj: object) -> tuple[str, str, str, str] | str:
    """``(name, oracle text, type line, mana cost)`` or the reason the object is unusable."""
    if not isinstance(obj, Mapping):
        return "not a card object"
    name = obj.get("name")
    if not isinstance(name, str) or not name.strip():
        return "a card needs a 'name'"
    text = obj.get("oracle_text")
    type_line = obj.get("type_line")
    cost = obj.get("mana_cost", "")
    faces = obj.get("card_faces")
    if text is None and isinstance(faces, list) and faces and all(
            isinstance(f, Mapping) and isinstance(f.get("oracle_text"), str) for f in faces):
        text = "\n".join(str(f["oracle_text"]) for f in faces)
        if type_line is None and isinstance(faces[0].get("type_line"), str):
            type_line = faces[0]["type_line"]
        if not cost and isinstance(faces[0].get("mana_cost"), str):
            cost = faces[0]["mana_cost"]
    if not isinstance(text, str):
        return f"{name}: no 'oracle_text'"
    if not isinstance(type_line, str):
        return f"{name}: no 'type_line'"
    return name, text, type_line, cost if isinstance(cost, str) else ""


def _read_input(path: Path) -> tuple[list[tuple[int, object]], list[str]]:
    """``(line, object)`` pairs and problems, for a JSON Lines file or one JSON array."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return [], [f"{path}: no such file"]
    except (OSError, UnicodeDecodeError) as exc:
        return [], [f"{path}: cannot read ({exc.__class__.__name__})"]
    if text.lstrip().startswith("["):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            return [], [f"{path} line {exc.lineno}: not JSON ({exc.msg})"]
        return [(i, obj) for i, obj in enumerate(data, 1)], []
    items: list[tuple[int, object]] = []
    problems: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            items.append((number, json.loads(line)))
        except json.JSONDecodeError as exc:
            problems.append(f"{path} line {number}: not JSON ({exc.msg})")
    return items, problems


def _status(v: CardVerdict) -> str:
    return "automated" if v.automated else ("read" if v.read else "manual")


def _line(v: CardVerdict) -> str:
    status = _status(v)
    out = f"{status:<9} {v.name} ({v.type})"
    if v.unread:
        out += " — not read: " + "; ".join(f"“{t}”" for t in v.unread)
    if v.not_executed:
        out += " — not yet carried out: " + "; ".join(f"“{t}”" for t in v.not_executed)
    return out


def _share(n: int, m: int) -> str:
    return f"{n}/{m} ({round(100 * n / m) if m else 0}%)"


def run(args: argparse.Namespace) -> int:
    items, problems = _read_input(args.cards)
    verdicts: list[CardVerdict] = []
    for number, obj in items:
        fields = _card_fields(obj)
        if isinstance(fields, str):
            problems.append(f"{args.cards} line {number}: {fields}")
            continue
        name, text, type_line, cost = fields
        try:
            colours = Card.from_scryfall(obj).mana_colours if isinstance(obj, Mapping) else None
        except InvalidCardError as exc:
            problems.append(f"{args.cards} line {number}: {exc}")
            continue
        verdicts.append(verdict(read_card(name, text, type_line, cost), type_line, colours))
    for problem in problems:
        print(problem, file=sys.stderr)
    by_type: dict[str, list[CardVerdict]] = {}
    for v in verdicts:
        by_type.setdefault(v.type, []).append(v)
    types = [t for t in (*CARD_TYPES, "other") if t in by_type]
    read = sum(v.read for v in verdicts)
    automated = sum(v.automated for v in verdicts)
    if args.json:
        for v in verdicts:
            print(json.dumps(v.to_wire(), ensure_ascii=False))
        print(json.dumps({"summary": {
            "cards": len(verdicts), "read": read, "automated": automated,
            "by_type": {t: {"cards": len(by_type[t]),
                            "read": sum(v.read for v in by_type[t]),
                            "automated": sum(v.automated for v in by_type[t])} for t in types},
            "bad_lines": len(problems)}}))
    else:
        for v in verdicts:
            print(_line(v))
        for t in types:
            group = by_type[t]
            print(f"{t}: read {_share(sum(v.read for v in group), len(group))}, "
                  f"automated {_share(sum(v.automated for v in group), len(group))}")
        print(f"read {_share(read, len(verdicts))}")
        print(f"automated {automated}/{len(verdicts)}")
    return 2 if problems else 0
