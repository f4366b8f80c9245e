"""Byte-for-byte verification of a destination tree against its source.

A manifest maps each relative path to [kind, size, sha256]: kind "d" for a
directory, "f" for a regular file, "l" for a symlink (size 0, hash = target).
Mode bits, owners and times are not compared: not every peer keeps them (scp
without -p does not), and what is measured here is moving the data.
"""

import hashlib
import os
from concurrent.futures import ThreadPoolExecutor


def _hash(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def scan(root: str) -> dict:
    entries, files = {}, []
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        for name in dirnames:
            p = os.path.join(dirpath, name)
            key = os.path.normpath(os.path.join(rel, name))
            if os.path.islink(p):
                entries[key] = ["l", 0, os.readlink(p)]
            else:
                entries[key] = ["d", 0, ""]
        for name in filenames:
            p = os.path.join(dirpath, name)
            key = os.path.normpath(os.path.join(rel, name))
            if os.path.islink(p):
                entries[key] = ["l", 0, os.readlink(p)]
            else:
                files.append((key, p))
    # hashlib releases the GIL on large buffers: two threads keep two cores busy.
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for (key, p), digest in zip(files, pool.map(lambda kp: _hash(kp[1]), files, chunksize=256)):
            entries[key] = ["f", os.path.getsize(p), digest]
    return entries


def compare(expected: dict, root: str):
    """None if `root` holds exactly `expected`, else a short description."""
    if not os.path.isdir(root):
        return f"destination {root} does not exist"
    actual = scan(root)
    missing = [p for p in expected if p not in actual]
    extra = [p for p in actual if p not in expected]
    differ = [p for p in expected if p in actual and actual[p] != expected[p]]
    if not (missing or extra or differ):
        return None
    parts = []
    for label, items in (("missing", missing), ("unexpected", extra), ("different", differ)):
        if items:
            parts.append(f"{len(items)} {label} (e.g. {sorted(items)[0]})")
    return "; ".join(parts)
