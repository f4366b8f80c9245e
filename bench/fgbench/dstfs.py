"""The destination file system: a fresh, journaled ext4 on a loop device
(the default), a fresh tmpfs, or the scratch file system itself.

Every peer writes into the same kind of file system, one that has never seen
the previous run's files. On an ext4 without a journal (this project's build
machines' root file system), creating files right after deleting as many
makes ext4's inode allocator skip "recently deleted" inodes one bitmap bit at
a time: with the destination emptied between runs, half of a 65,536-file run's
CPU went to that scan, for every peer alike. A file system made for the run
measures the peers, not that artefact.

A tmpfs takes the disk out: what is left is the receiving end's CPU (the
copies, hashing and decryption), the case where a tool's own work decides.
"""

import os
import subprocess

from .proc import log, run

IMAGE_NAME = "dst.ext4"
MIN_BYTES = 2 << 30


def is_mounted(path: str) -> bool:
    return os.path.ismount(path)


def unmount(path: str) -> None:
    """Unmounts (lazily if busy) what a run mounted at `path`; no-op otherwise."""
    if is_mounted(path):
        if run(["umount", path], check=False).returncode != 0:
            run(["umount", "-l", path], check=False)


def mount_fresh(kind: str, scratch: str, dst_root: str, largest_workload_bytes: int, most_entries: int = 0,
                inline: bool = False) -> str:
    """Makes and mounts a new file system of `kind` (ext4, tmpfs; scratch: none,
    the folder on the scratch file system) at `dst_root`, big enough for the
    largest workload, with an inode for each entry of the one with the most
    (and a temporary file each); returns a description for the machine facts."""
    unmount(dst_root)
    os.makedirs(dst_root, exist_ok=True)
    if kind == "scratch":
        return f"{dst_root} on the scratch file system"
    if kind == "tmpfs":
        size = int(largest_workload_bytes * 1.3) + (256 << 20) + most_entries * 4096
        inodes = int(most_entries * 1.3) + 65536
        run(["mount", "-t", "tmpfs", "-o", f"size={size},nr_inodes={inodes},mode=0755", "fgbench-dst", dst_root])
        desc = f"a fresh tmpfs ({size / (1 << 30):.1f} GiB; in memory, no disk)"
        log(f"destination file system: {desc}")
        return desc
    image = os.path.join(scratch, IMAGE_NAME)
    # A small file takes a whole 4 KiB block however few its bytes, unless
    # its inode holds it (inline_data, for the workloads of tiny files that
    # ask: ten million files, a folder's block for every 50).
    per_entry = 256 + 2 * 4096 // 50 if inline else 4096
    size = max(MIN_BYTES, int(largest_workload_bytes * 1.3) + (1 << 30), int(most_entries * per_entry * 1.3))
    if os.path.exists(image):
        os.unlink(image)
    with open(image, "wb") as f:
        f.truncate(size)  # sparse: only what is written takes space
    # One inode per 8 KiB: the small-file workloads need far more than bytes;
    # a million files in 50 MB need their own count (-N).
    inodes = ["-N", str(int(most_entries * 1.3) + 65536)] if most_entries * 8192 * 1.3 > size else ["-i", "8192"]
    features = ["-O", "inline_data", "-I", "256"] if inline else []
    run(["mkfs.ext4", "-q", "-F", *inodes, *features, "-E", "lazy_itable_init=1,lazy_journal_init=1", image])
    run(["mount", "-o", "loop,noatime", image, dst_root])
    os.chmod(dst_root, 0o755)
    desc = (f"a fresh ext4 ({size / (1 << 30):.1f} GiB image on the scratch file system, loop-mounted, journaled"
            + (", tiny files in their inodes: inline_data)" if inline else ")"))
    log(f"destination file system: {desc}")
    return desc


def remove_image(scratch: str) -> None:
    image = os.path.join(scratch, IMAGE_NAME)
    if os.path.exists(image):
        os.unlink(image)
