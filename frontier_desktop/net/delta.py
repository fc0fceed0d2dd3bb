"""Compact view deltas: what changed between two player views, as a list of JSON ops.

A full player view is 6-15 KB; an action changes a handful of fields. The host sends the
difference between the guest's previous view and its new view, and the guest applies it.
Ops (paths are lists of object keys and list indices):

* ``["s", path, value]`` set the value at *path* (a key of an object, or a list index)
* ``["d", path]`` delete the key at *path*
* ``["l", path, start, count, items]`` splice the list at *path*: replace ``count`` items
  from ``start`` with ``items``

Only views (already redacted by the rules engine's whitelist) are diffed, so a delta can carry
nothing the view itself would not.
"""

from __future__ import annotations

import copy
from typing import Any

Op = list[Any]


class PatchError(ValueError):
    """A delta that does not apply to the view held (the guest then asks for a resync)."""


def diff(old: Any, new: Any) -> list[Op]:
    """The ops that turn *old* into *new*."""
    ops: list[Op] = []
    _diff(old, new, [], ops)
    return ops


def _diff(old: Any, new: Any, path: list[Any], ops: list[Op]) -> None:
    if type(old) is type(new) and old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old:
            if key not in new:
                ops.append(["d", path + [key]])
        for key, value in new.items():
            if key not in old:
                ops.append(["s", path + [key], value])
            else:
                _diff(old[key], value, path + [key], ops)
        return
    if isinstance(old, list) and isinstance(new, list) and path:
        prefix = 0
        limit = min(len(old), len(new))
        while prefix < limit and _same(old[prefix], new[prefix]):
            prefix += 1
        suffix = 0
        while (suffix < limit - prefix
               and _same(old[len(old) - 1 - suffix], new[len(new) - 1 - suffix])):
            suffix += 1
        old_mid = old[prefix:len(old) - suffix]
        new_mid = new[prefix:len(new) - suffix]
        if len(old_mid) == len(new_mid):
            for i, (a, b) in enumerate(zip(old_mid, new_mid)):
                _diff(a, b, path + [prefix + i], ops)
        else:
            ops.append(["l", path, prefix, len(old_mid), new_mid])
        return
    ops.append(["s", path, new])


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def patch(doc: Any, ops: Any) -> Any:
    """A copy of *doc* with *ops* applied.

    Raises:
        PatchError: an op is malformed or its path does not exist in *doc*.
    """
    if not isinstance(ops, list):
        raise PatchError("a delta is a list of ops")
    out = copy.deepcopy(doc)
    for op in ops:
        out = _apply(out, op)
    return out


def _walk(doc: Any, path: list[Any]) -> Any:
    node = doc
    for key in path:
        node = _child(node, key)
    return node


def _child(node: Any, key: Any) -> Any:
    if isinstance(node, dict) and isinstance(key, str) and key in node:
        return node[key]
    if isinstance(node, list) and isinstance(key, int) and not isinstance(key, bool) \
            and 0 <= key < len(node):
        return node[key]
    raise PatchError(f"no {key!r} in the view")


def _apply(doc: Any, op: Any) -> Any:
    if not isinstance(op, list) or not op or op[0] not in ("s", "d", "l") \
            or len(op) < 2 or not isinstance(op[1], list):
        raise PatchError(f"malformed op {op!r:.60}")
    kind, path = op[0], op[1]
    if kind == "s":
        if len(op) != 3:
            raise PatchError("malformed set op")
        if not path:
            return copy.deepcopy(op[2])
        parent = _walk(doc, path[:-1])
        key = path[-1]
        if isinstance(parent, dict) and isinstance(key, str):
            parent[key] = op[2]
        elif isinstance(parent, list):
            _child(parent, key)
            parent[key] = op[2]
        else:
            raise PatchError("set op on a non-container")
        return doc
    if kind == "d":
        if len(op) != 2 or not path:
            raise PatchError("malformed delete op")
        parent = _walk(doc, path[:-1])
        if not isinstance(parent, dict) or path[-1] not in parent:
            raise PatchError("delete op on a missing key")
        del parent[path[-1]]
        return doc
    if len(op) != 5:
        raise PatchError("malformed splice op")
    _, _, start, count, items = op
    target = _walk(doc, path)
    if not isinstance(target, list) or not isinstance(items, list) \
            or not isinstance(start, int) or not isinstance(count, int) \
            or start < 0 or count < 0 or start + count > len(target):
        raise PatchError("splice op out of range")
    target[start:start + count] = items
    return doc
