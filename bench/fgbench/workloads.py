"""Deterministic workloads: the same bytes on every run and every machine.

small  65,536 × 4 KiB random files in 16 × 16 directories of 256 files
big    one 1 GiB random file
mixed  ~20,000 files in a few hundred directories, log-normal sizes plus a
       few 10-100 MB files; about half the files are text-like (compress
       about 3× with zstd -1, named .log/.txt/.csv/...), half random
       (.jpg/.gz/...): the names matter to tools that skip compressing media
million  1,000,000 small files (half empty, half 1-200 bytes) in 20,000
       folders of 50, three levels deep: what costs per entry (scans, the
       list, a no-change re-sync, memory per file). Only when asked for
       (--workload million): it takes minutes to generate and verify.
tenmillion  10,000,000 tiny files (half empty, half 1-100 bytes) in the
       shape of users' project trees, 200,000 folders of 50, paths of about
       75 bytes (user-03/projects/project-012/src/module-007/component-21/
       file-034.txt): the memory each end holds a file. On an ext4 image of
       its own whose inodes hold the files (inline_data), as the
       destination's is: as plain blocks they would take 40 GB of disk.
       Only when asked for: some ten minutes to generate and as long to
       verify each copy.
delta  an update: the destination starts with the old version of a 1 GiB
       random file (the tree beside the source, "delta.basis"); the new
       version differs by ~1%: 150 scattered overwrites of 16-96 KiB and 70
       insertions and deletions of up to 4 KiB, which shift everything after
       them, so a tool that compares blocks only in place finds little

Random bytes come from bench/tools/prng (seeded xoshiro256**), text from a
seeded word generator. A manifest (path, size, SHA-256) of each tree is
written next to it and reused while the generator and sizes are unchanged.
"""

import json
import math
import os
import random
import subprocess
from dataclasses import asdict

from . import dstfs
from .config import WorkloadSpec
from .proc import log, run
from .verify import Fingerprint, fingerprint, scan

GEN_VERSION = 1
MTIME = 1_700_000_000          # every file and directory gets this mtime


class RandomStream:
    """Bytes from one prng process, handed out piece by piece."""

    def __init__(self, prng: str, seed: str, total: int):
        self.p = subprocess.Popen([prng, seed, str(total)], stdout=subprocess.PIPE)

    def read(self, n: int) -> bytes:
        data = self.p.stdout.read(n)
        if len(data) != n:
            raise RuntimeError("prng ended early")
        return data

    def close(self) -> None:
        self.p.stdout.close()
        self.p.wait()


def _write(path: str, data: bytes) -> None:
    with open(path, "wb") as f:
        f.write(data)


def gen_small(spec: WorkloadSpec, root: str, prng: str) -> None:
    a, b, n = spec.fanout
    stream = RandomStream(prng, "fgbench-small", a * b * n * spec.file_size)
    for i in range(a):
        for j in range(b):
            d = os.path.join(root, f"d{i:02d}", f"s{j:02d}")
            os.makedirs(d)
            for k in range(n):
                _write(os.path.join(d, f"f{k:04d}.bin"), stream.read(spec.file_size))
    stream.close()


def gen_big(spec: WorkloadSpec, root: str, prng: str) -> None:
    with open(os.path.join(root, "big.bin"), "wb") as f:
        subprocess.run([prng, "fgbench-big", str(spec.size)], stdout=f, check=True)


class TextMaker:
    """Log-like lines from a seeded vocabulary: compresses like real text."""

    def __init__(self, rng: random.Random):
        syll = ["ka", "to", "ri", "mon", "sel", "ve", "dra", "pu", "lin", "cor", "na", "fe", "ost", "ul", "bre",
                "zan", "qui", "ter", "mo", "gal", "ex", "par", "sin", "do", "vak"]
        words = sorted({"".join(rng.choices(syll, k=rng.randint(1, 4))) for _ in range(4000)})
        rng.shuffle(words)
        # Zipf-like word frequencies, as in real text: a few words are everywhere.
        cum, total = [], 0.0
        for rank in range(len(words)):
            total += 1.0 / (rank + 1)
            cum.append(total)
        levels = ["INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"]
        comps = [rng.choice(words) + "d" for _ in range(40)]
        self.lines = []
        for i in range(60000):
            body = " ".join(rng.choices(words, cum_weights=cum, k=rng.randint(4, 16)))
            self.lines.append(
                f"2024-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}."
                f"{rng.randrange(1000):03d}Z {rng.choice(levels):5} {rng.choice(comps)}[{rng.randrange(1, 65536)}]: "
                f"{body} {rng.choice(words)}={rng.randrange(100000)}\n")
        self.rng = rng

    def make(self, size: int) -> bytes:
        out, have = [], 0
        while have < size:
            chunk = self.rng.choices(self.lines, k=max(1, (size - have) // 90 + 1))
            out.extend(chunk)
            have += sum(len(x) for x in chunk)
        return "".join(out).encode()[:size]


TEXT_EXT = [".log", ".txt", ".csv", ".c", ".json", ".md"]
RAND_EXT = [".jpg", ".gz", ".mp4", ".zip", ".bin", ".png"]


def gen_mixed(spec: WorkloadSpec, root: str, prng: str) -> None:
    rng = random.Random(20240501)
    text = TextMaker(random.Random(7))
    # Directories: each new one under a random existing one, at most 5 deep.
    dirs = [("", 0)]
    for i in range(max(20, spec.files // 30)):
        parent, depth = rng.choice([d for d in dirs if d[1] < 5] or dirs)
        dirs.append((os.path.join(parent, f"dir{i:04d}"), depth + 1))
    for d, _ in dirs:
        os.makedirs(os.path.join(root, d), exist_ok=True)
    # Sizes: log-normal around the median, capped; then the few big files.
    files = []
    mu = math.log(spec.median_size)
    for _ in range(spec.files - len(spec.big_files)):
        size = min(int(rng.lognormvariate(mu, spec.sigma)), spec.max_size)
        files.append((size, rng.random() < 0.5))
    for i, size in enumerate(spec.big_files):
        files.append((size, i % 2 == 0))
    random_total = sum(s for s, is_text in files if not is_text)
    stream = RandomStream(prng, "fgbench-mixed", random_total)
    for i, (size, is_text) in enumerate(files):
        d = rng.choice(dirs)[0]
        ext = rng.choice(TEXT_EXT if is_text else RAND_EXT)
        path = os.path.join(root, d, f"file{i:05d}{ext}")
        _write(path, text.make(size) if is_text else stream.read(size))
    stream.close()


def _delta_edits(size: int, rng: random.Random) -> list:
    """Sorted, non-overlapping (offset, kind, length) edits of the old version."""
    slot = 128 * 1024   # one edit per slot at most, so none overlap
    kinds = ["over"] * 150 + ["ins"] * 45 + ["del"] * 25
    slots = sorted(rng.sample(range(size // slot - 1), len(kinds)))
    rng.shuffle(kinds)
    edits = []
    for s, kind in zip(slots, kinds):
        length = rng.randint(16 << 10, 96 << 10) if kind == "over" else rng.randint(100, 4096)
        edits.append((s * slot + rng.randrange(slot - (96 << 10)), kind, length))
    return edits


def gen_delta(spec: WorkloadSpec, root: str, prng: str) -> None:
    basis_dir = root + ".basis"
    if os.path.exists(basis_dir):
        subprocess.run(["rm", "-rf", basis_dir], check=True)
    os.makedirs(basis_dir)
    old = os.path.join(basis_dir, "big.bin")
    with open(old, "wb") as f:
        subprocess.run([prng, "fgbench-big", str(spec.size)], stdout=f, check=True)
    rng = random.Random(20261130)
    with open(old, "rb") as src, open(os.path.join(root, "big.bin"), "wb") as dst:
        at = 0

        def copy_to(end: int) -> None:
            nonlocal at
            while at < end:
                piece = src.read(min(4 << 20, end - at))
                dst.write(piece)
                at += len(piece)

        for offset, kind, length in _delta_edits(spec.size, rng):
            copy_to(offset)
            if kind in ("over", "ins"):
                dst.write(rng.randbytes(length))
            if kind in ("over", "del"):
                src.seek(length, os.SEEK_CUR)
                at += length
        copy_to(spec.size)
    # A day older than the new version: every tool's quick check sees the change.
    for path in (old, basis_dir):
        os.utime(path, (MTIME - 86400, MTIME - 86400))


def _write_tiny(path: str, index: int, most: int, payload: bytes) -> None:
    """The index-th file of a tiny-file workload: every other one empty, the
    rest 1 to `most` bytes of the payload."""
    size = 0 if index % 2 == 0 else 1 + (index * 7919) % most
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    if size:
        os.write(fd, payload[:size])
    os.close(fd)


def gen_million(spec: WorkloadSpec, root: str, prng: str) -> None:
    a, b, c, n = spec.fanout
    stream = RandomStream(prng, "fgbench-million", 256)
    payload = stream.read(256)
    stream.close()
    index = 0
    for i in range(a):
        for j in range(b):
            for k in range(c):
                d = os.path.join(root, f"a{i:02d}", f"b{j:02d}", f"c{k:02d}")
                os.makedirs(d)
                for f in range(n):
                    _write_tiny(os.path.join(d, f"f{f:02d}"), index, 200, payload)
                    index += 1


def gen_tenmillion(spec: WorkloadSpec, root: str, prng: str) -> None:
    users, projects, modules, components, n = spec.fanout
    stream = RandomStream(prng, "fgbench-tenmillion", 128)
    payload = stream.read(128)
    stream.close()
    index = 0
    for u in range(users):
        for p in range(projects):
            for m in range(modules):
                for c in range(components):
                    d = os.path.join(root, f"user-{u:02d}", "projects", f"project-{p:03d}", "src",
                                     f"module-{m:03d}", f"component-{c:02d}")
                    os.makedirs(d)
                    for f in range(n):
                        _write_tiny(os.path.join(d, f"file-{f:03d}.txt"), index, 100, payload)
                        index += 1


GENERATORS = {"small": gen_small, "big": gen_big, "mixed": gen_mixed, "delta": gen_delta, "million": gen_million,
              "tenmillion": gen_tenmillion}


class Workload:
    def __init__(self, spec: WorkloadSpec, root: str, manifest):
        """manifest: a dict of every entry, or a Fingerprint (verify.py)."""
        self.spec = spec
        self.root = root
        self.manifest = manifest
        if isinstance(manifest, Fingerprint):
            self.entries = manifest.entries
            self.files = manifest.files
            self.bytes = manifest.bytes
        else:
            self.entries = len(manifest)
            self.files = sum(1 for e in manifest.values() if e[0] == "f")
            self.bytes = sum(e[1] for e in manifest.values() if e[0] == "f")
        # The destination's old version, copied in before each run (delta only).
        basis = root + ".basis"
        self.basis = basis if os.path.isdir(basis) else None


def mount_inline_image(image: str, root: str, entries: int) -> None:
    """A fresh ext4 image at `root` whose inodes hold tiny files."""
    with open(image, "wb") as f:
        # inodes of 256 bytes (room for ~150 bytes of data each), a folder's
        # block each, and room to spare; sparse
        f.truncate(int(entries * 256 * 1.3) + int(entries / 50 * 4096 * 2) + (1 << 30))
    run(["mkfs.ext4", "-q", "-F", "-O", "inline_data", "-I", "256", "-N", str(int(entries * 1.3) + 65536),
         "-E", "lazy_itable_init=1,lazy_journal_init=1", image])
    run(["mount", "-o", "loop,noatime", image, root])


def remove_image(image: str) -> None:
    if os.path.exists(image):
        os.unlink(image)


def ensure(spec: WorkloadSpec, src_dir: str, tools: str) -> Workload:
    """The workload's tree and manifest, generated unless an identical one exists."""
    root = os.path.join(src_dir, spec.name)
    mpath = root + ".manifest.json"
    key = {"version": GEN_VERSION, "spec": asdict(spec)}
    # A tree kept on an image of its own (--keep) is mounted again.
    if spec.inline and os.path.exists(root + ".img") and not dstfs.is_mounted(root):
        os.makedirs(root, exist_ok=True)
        run(["mount", "-o", "loop,noatime", root + ".img", root], check=False)
    if os.path.exists(mpath) and os.path.isdir(root):
        with open(mpath) as f:
            saved = json.load(f)
        if saved.get("key") == json.loads(json.dumps(key)) and (spec.name != "delta" or os.path.isdir(root + ".basis")):
            if "fingerprint" in saved:
                return Workload(spec, root, Fingerprint.from_json(saved["fingerprint"]))
            return Workload(spec, root, saved["manifest"])
    if spec.inline:
        dstfs.unmount(root)
        remove_image(root + ".img")
    if os.path.exists(root):
        subprocess.run(["rm", "-rf", root], check=True)
    os.makedirs(root)
    if spec.inline:
        mount_inline_image(root + ".img", root, spec.files)
    log(f"generating workload '{spec.name}': {spec.description}")
    GENERATORS[spec.name](spec, root, os.path.join(tools, "prng"))
    for dirpath, dirnames, filenames in os.walk(root):
        for name in filenames + dirnames:
            os.utime(os.path.join(dirpath, name), (MTIME, MTIME))
    os.utime(root, (MTIME, MTIME))
    if spec.inline:
        # Millions of entries: a fingerprint, not a manifest (verify.py).
        manifest = fingerprint(root)
        with open(mpath, "w") as f:
            json.dump({"key": key, "fingerprint": manifest.to_json()}, f)
    else:
        manifest = scan(root)
        with open(mpath, "w") as f:
            json.dump({"key": key, "manifest": manifest}, f)
    w = Workload(spec, root, manifest)
    log(f"workload '{spec.name}': {w.files:,} files, {w.bytes / 1e6:,.1f} MB")
    return w


def unmount_images(src_dir: str) -> None:
    """Unmounts the workloads kept on images of their own (before the
    scratch dir is removed, or another run mounts them again)."""
    if not os.path.isdir(src_dir):
        return
    for name in os.listdir(src_dir):
        if name.endswith(".img"):
            dstfs.unmount(os.path.join(src_dir, name[:-len(".img")]))
