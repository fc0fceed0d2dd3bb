"""The **Ruling** lines of a rules digest (``shared/rules/<name>.md``) and a check that each
one is tested (issue 25's acceptance).

A digest's Ruling is every passage that begins with ``**Ruling`` (``**Ruling:**`` or
``**Ruling (name):**``), from there to the end of its bullet or numbered item: its following
indented continuation lines, up to the next bullet, numbered item, heading, blank line or
Ruling. A ``test_<name>_digest.py`` module maps one distinctive phrase of each Ruling to the
tests that would fail if the ruling broke, and calls :func:`check_rulings`, so that a Ruling
added to a digest fails until it is mapped.

This is a helper module, not a test module: it reads files and checks names only (the tests
it names are parsed with :mod:`ast`, never imported).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT, find_shared_dir

_START = "**Ruling"
_NEW_ITEM = re.compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|#)")


def normalise(text: str) -> str:
    """*text* as phrases are matched: no markdown emphasis, one space, lower case."""
    return " ".join(text.replace("*", "").split()).lower()


def rulings_in(text: str) -> list[str]:
    """The Ruling passages of a digest's *text*, in order, each as one normalised line."""
    found: list[list[str]] = []
    current: list[str] | None = None
    for line in text.splitlines():
        ends_item = not line.strip() or _NEW_ITEM.match(line) is not None
        if current is not None and ends_item:
            current = None
        pieces = line.split(_START)
        if current is not None:
            current.append(pieces[0])
        for piece in pieces[1:]:  # a Ruling starts here (a second one on the line ends the first)
            current = [_START + piece]
            found.append(current)
    return [normalise(" ".join(lines)) for lines in found]


def digest_rulings(name: str) -> list[str]:
    """The Ruling passages of ``shared/rules/<name>.md``; skips when ``../shared`` is absent."""
    shared = find_shared_dir()
    path = shared / "rules" / f"{name}.md" if shared is not None else None
    if path is None or not path.is_file():
        pytest.skip(f"../shared/rules/{name}.md (the rules digest) is not beside the repository")
    return rulings_in(path.read_text(encoding="utf-8"))


def _defined_tests(path: Path) -> set[str]:
    """``name`` and ``Class::name`` of every function defined at the top of *path* or in its
    top-level classes."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names.add(f"{node.name}::{item.name}")
    return names


def missing_tests(refs: Collection[str], root: Path = REPO_ROOT) -> list[str]:
    """The *refs* (``tests/x/test_y.py::test_z``, ``...::Class::test_z``; a parameter id in
    brackets is ignored) that name no test function defined in that file, each with why."""
    parsed: dict[str, set[str] | None] = {}
    problems: list[str] = []
    for ref in refs:
        file, sep, name = ref.partition("::")
        name = name.split("[", 1)[0]
        if not sep or not name.split("::")[-1].startswith("test"):
            problems.append(f"{ref}: not a test reference (path::test_name)")
            continue
        if file not in parsed:
            path = root / file
            parsed[file] = _defined_tests(path) if path.is_file() else None
        defined = parsed[file]
        if defined is None:
            problems.append(f"{ref}: no file {file}")
        elif name not in defined:
            problems.append(f"{ref}: no test {name} in {file}")
    return problems


def check_rulings(rulings: Sequence[str], mapping: Mapping[str, Sequence[str]],
                  pending: Collection[str] = ()) -> None:
    """Assert that *mapping* ({distinctive phrase of a Ruling: [test refs]}) covers *rulings*.

    (a) every Ruling contains exactly one of the phrases (a new Ruling fails until mapped);
    (b) every phrase is found in exactly one Ruling; (c) every referenced test exists;
    (d) every Ruling has at least one test, except the phrases in *pending* (Rulings whose
    tests are still being written elsewhere), which must have none yet: once tested, a phrase
    is taken out of *pending*.
    """
    phrases = {normalise(p): p for p in mapping}
    problems: list[str] = []
    for ruling in rulings:
        hits = [p for key, p in phrases.items() if key in ruling]
        if len(hits) != 1:
            problems.append(f"Ruling matched by {len(hits)} phrases {hits}: {ruling[:160]}")
    for key, phrase in phrases.items():
        count = sum(key in ruling for ruling in rulings)
        if count != 1:
            problems.append(f"phrase {phrase!r} is in {count} Rulings, not one")
    for phrase in pending:
        if phrase not in mapping:
            problems.append(f"pending phrase {phrase!r} is not in the mapping")
    for phrase, refs in mapping.items():
        if phrase in pending:
            if refs:
                problems.append(f"{phrase!r} has tests now: take it out of PENDING_RULINGS")
        elif not refs:
            problems.append(f"no test for the Ruling {phrase!r}")
        if len(set(refs)) != len(refs):
            problems.append(f"{phrase!r} names a test twice")
    problems += missing_tests({ref for refs in mapping.values() for ref in refs})
    assert not problems, "\n".join(problems)
