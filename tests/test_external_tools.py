"""Every external program the test suite runs is Python itself or installed and checked by
``make test`` (the Makefile's ``TEST_TOOLS``, installed and run by its ``xvfb`` target).

A fresh clone on a new machine has nothing installed by hand: a test that calls a program the
project's own files don't install fails there (an ImageMagick ``convert`` once did).
"""

from __future__ import annotations

import ast
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("tests", "build_scripts")
RUNNERS = {("subprocess", n) for n in ("run", "Popen", "call", "check_call", "check_output",
                                       "getoutput", "getstatusoutput")}
RUNNERS |= {("os", n) for n in ("system", "popen", "execv", "execvp", "execl", "execlp",
                                "spawnv", "spawnvp", "posix_spawn", "posix_spawnp")}
RUNNERS |= {("asyncio", "create_subprocess_exec"), ("asyncio", "create_subprocess_shell")}
PYTHON = "python"
BUILDS_ITS_OWN = {
    "tests/test_install.py": "the fresh venv's python and the frontier-desktop it installs",
    "build_scripts/build.py": "the frontier-desktop of the bundle it has just built",
}
"""Files whose unreadable runner calls start programs the file itself makes (named here);
a program named in words in them is still checked."""


def _dotted(node: ast.AST) -> tuple[str, str] | None:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.value.id, node.attr
    return None


def _shell_programs(command: str) -> list[str]:
    """The program of each part of a shell command line (``a | b && c``)."""
    out = []
    for part in re.split(r"\|\|?|&&|;", command):
        words = shlex.split(part)
        while words and "=" in words[0] and not words[0].startswith("-"):
            words = words[1:]          # VAR=value prefixes
        if words:
            out.append(words[0])
    return out


def _program(node: ast.AST) -> list[str] | None:
    """What the first argument of a runner names, or None when it can't be read statically."""
    if isinstance(node, (ast.List, ast.Tuple)) and node.elts:
        return _program(node.elts[0])
    if isinstance(node, ast.Starred):
        return _program(node.value)
    if _dotted(node) == ("sys", "executable"):
        return [PYTHON]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _shell_programs(node.value)
    if isinstance(node, ast.JoinedStr):
        text = "".join(v.value if isinstance(v, ast.Constant) else "X" for v in node.values)
        return _shell_programs(text)
    return None


def programs_in(source: str, name: str = "<source>") -> Iterator[tuple[str, int, str | None]]:
    """``(program, line, None)`` for each program *source* runs or looks up with
    ``shutil.which``; ``("?", line, call)`` for a runner whose program can't be read."""
    for node in ast.walk(ast.parse(source, name)):
        if not isinstance(node, ast.Call):
            continue
        target = _dotted(node.func)
        if target == ("shutil", "which") and node.args:
            found = _program(node.args[0])
            for prog in found or ["?"]:
                yield prog, node.lineno, None if found else "shutil.which"
        elif target in RUNNERS:
            args = node.args or [k.value for k in node.keywords if k.arg == "args"]
            found = _program(args[0]) if args else None
            for prog in found or ["?"]:
                yield prog, node.lineno, None if found else ".".join(target)


def make_test_tools() -> set[str]:
    """``TEST_TOOLS`` of the Makefile, checked to be on the ``make test`` path."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    tools = re.search(r"^TEST_TOOLS\s*:=\s*(.*)$", text, re.M)
    assert tools, "the Makefile has no TEST_TOOLS list"
    test_rule = re.search(r"^test:(.*)$", text, re.M)
    assert test_rule and "xvfb" in test_rule.group(1).split(), "make test does not run xvfb"
    xvfb_rule = text[text.index("\nxvfb:"):]
    assert "$(TEST_TOOLS)" in xvfb_rule, "the xvfb target does not check TEST_TOOLS"
    return set(tools.group(1).split())


def test_the_scanner_sees_a_shell_pipe_and_which() -> None:
    src = ("import shutil, subprocess, sys\n"
           "shutil.which('Xvfb')\n"
           "subprocess.run(f'xwd -root -display {d} | convert xwd:- out.png', shell=True)\n"
           "subprocess.run([sys.executable, '-c', 'pass'])\n"
           "subprocess.Popen(cmd)\n")
    found = [(p, line) for p, line, _ in programs_in(src)]
    assert found == [("Xvfb", 2), ("xwd", 3), ("convert", 3), (PYTHON, 4), ("?", 5)]


def test_every_program_the_suite_runs_is_installed_by_make_test() -> None:
    allowed = make_test_tools() | {PYTHON}
    used: dict[str, list[str]] = {}
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT)
            for prog, line, call in programs_in(path.read_text(encoding="utf-8"), str(rel)):
                if call is not None and str(rel) in BUILDS_ITS_OWN:
                    continue
                key = prog if call is None else f"an unreadable {call}(...)"
                used.setdefault(key, []).append(f"{rel}:{line}")
    stray = {prog: where for prog, where in used.items() if prog not in allowed}
    assert not stray, f"programs that make test does not install and check: {stray}"
    # The real-window test is what needs the tools: the scan must have found them.
    assert {"Xvfb", "xwd"} <= set(used), sorted(used)
