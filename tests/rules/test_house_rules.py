"""The house rules of ``frontier_desktop/rules/`` (issue 24), kept by tests.

- The Magic core (``rules/core``) and the card-text reader (``rules/effects``) import no
  variant: a variant talks to the core through ``core.hooks`` (``Where``, and the registry the
  variant list fills), never the other way round.
- No variant package imports another.
- No import circle inside ``rules/``: every import counts, inside functions too, except a
  type-only one under ``if TYPE_CHECKING:`` (it runs nothing).
- No module over 700 lines.
- Every package's ``__init__`` docstring says what the package owns.

The engine is composed, not inherited: each variant holds its own ``core.magic.Magic`` and
answers it as a ``core.engine_hooks.VariantHooks``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import frontier_desktop

PACKAGE = Path(frontier_desktop.__file__).resolve().parent
RULES = PACKAGE / "rules"
VARIANT_NAMES = ("frontier", "army", "conquering", "wargame")
MAX_LINES = 700


def _module(path: Path) -> str:
    """``core.blocking`` for ``rules/core/blocking.py``, ``variants`` for its ``__init__``."""
    parts = list(path.relative_to(RULES).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {_module(p): p for p in sorted(RULES.rglob("*.py"))}


def _type_only(tree: ast.AST) -> set[int]:
    """The nodes under an ``if TYPE_CHECKING:`` block."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", getattr(
                node.test, "attr", None)) == "TYPE_CHECKING":
            for inner in node.body:
                out.update(id(n) for n in ast.walk(inner))
    return out


def _resolve(name: str) -> str | None:
    """The rules module a dotted import name runs (``frontier_desktop.rules.core.sba`` →
    ``core.sba``), or None for one outside ``rules/``."""
    prefix = "frontier_desktop.rules"
    if name != prefix and not name.startswith(prefix + "."):
        return None
    rest = name[len(prefix) + 1:]
    while rest and rest not in MODULES:
        rest = rest.rpartition(".")[0]
    return rest if rest in MODULES else ""


def _imports(path: Path, *, type_only: bool = False) -> set[str]:
    """The rules modules *path* imports anywhere in the file (*type_only*: those under
    ``if TYPE_CHECKING:`` too); ``from a import b`` counts ``a.b`` when that is a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set() if type_only else _type_only(tree)
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                names.append(full if _resolve(full) == full[len("frontier_desktop.rules."):]
                             else node.module)
        for name in names:
            target = _resolve(name)
            if target is not None and target != _module(path):
                out.add(target)
    return out


def _circles() -> list[frozenset[str]]:
    """The strongly connected groups of two or more rules modules (Tarjan's algorithm)."""
    graph = {m: _imports(p) for m, p in MODULES.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group: set[str] = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(frozenset(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_core_and_the_reader_import_no_variant() -> None:
    offenders = {m: sorted(t for t in _imports(p, type_only=True) if t.startswith("variants"))
                 for m, p in MODULES.items() if m.split(".")[0] in ("core", "effects")}
    assert {m: t for m, t in offenders.items() if t} == {}


def test_no_variant_imports_another() -> None:
    found: set[tuple[str, str]] = set()
    for module, path in MODULES.items():
        parts = module.split(".")
        if len(parts) < 2 or parts[0] != "variants" or parts[1] not in VARIANT_NAMES:
            continue
        for target in _imports(path, type_only=True):
            other = target.split(".")
            if len(other) >= 2 and other[0] == "variants" and other[1] in VARIANT_NAMES and \
                    other[1] != parts[1]:
                found.add((parts[1], other[1]))
    assert found == set(), f"a variant imports another: {sorted(found)}"


def test_no_import_circle_inside_rules() -> None:
    circles = [sorted(c) for c in _circles()]
    assert circles == [], f"an import circle inside rules/: {circles}"


def test_no_module_over_700_lines() -> None:
    long = {str(p.relative_to(RULES)) for p in MODULES.values()
            if len(p.read_text(encoding="utf-8").splitlines()) > MAX_LINES}
    assert long == set(), f"over {MAX_LINES} lines: {sorted(long)}"


def test_every_package_says_what_it_owns() -> None:
    for init in sorted(RULES.rglob("__init__.py")):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert doc and len(doc.split()) >= 12, f"{init.relative_to(PACKAGE)}: say what it owns"
    for name in VARIANT_NAMES:
        doc = ast.get_docstring(ast.parse((RULES / "variants" / name / "__init__.py")
                                          .read_text(encoding="utf-8"))) or ""
        assert f"shared/rules/{name}.md" in doc and "core" in doc, name


def test_every_variant_module_lives_in_its_package() -> None:
    """The variants folder holds the registry, the base class and one package per variant;
    the core holds everything the variants share."""
    loose = sorted(p.name for p in (RULES / "variants").glob("*.py"))
    assert loose == ["__init__.py", "base.py"]
    assert sorted(p.name for p in (RULES / "variants").iterdir() if p.is_dir()
                  and p.name != "__pycache__") == sorted(VARIANT_NAMES)


def test_the_interface_is_documented() -> None:
    from frontier_desktop.rules.core.hooks import Where

    for name, member in vars(Where).items():
        if callable(member) and not name.startswith("_"):
            assert member.__doc__, f"Where.{name} needs a docstring"


def test_variants_hold_the_effects_engine_rather_than_inherit_it() -> None:
    """Composition: each variant holds its own engine (``variant.magic``, whose ``variant`` is
    the variant) and no part of the engine is among the variant's classes; the engine asks
    the variant only what ``core.engine_hooks.VariantHooks`` declares."""
    from frontier_desktop.rules.core.engine_hooks import VariantHooks
    from frontier_desktop.rules.core.magic import Magic, SquareMagic
    from frontier_desktop.rules.variants import VARIANTS

    engine_parts = set(SquareMagic.__mro__) - {object}
    for name, variant in VARIANTS.items():
        assert isinstance(variant, VariantHooks), name
        assert isinstance(variant.magic, Magic) and variant.magic.variant is variant, name
        shared = sorted(c.__name__ for c in type(variant).__mro__ if c in engine_parts)
        assert shared == [], f"{name} inherits the engine's {shared}"
