"""One measured transfer: empty destination, cold cache, run, count, verify."""

import json
import os
import subprocess
import time

from . import config as C
from .memory import MemorySampler
from .netns import Network
from .peers import Ctx, Peer
from .proc import TICK, machine_cpu, spawn, stop, wait_exact, wait_idle
from .verify import Fingerprint, compare, compare_fingerprint


def drop_caches() -> bool:
    """Write back and drop the page cache so the source is read from disk.
    False where that is not permitted (then the tree may be cached)."""
    os.sync()
    try:
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("3\n")
        return True
    except OSError:
        return False


def empty_dir(path: str) -> None:
    """Remove everything inside `path` (the module root keeps existing)."""
    for name in os.listdir(path):
        subprocess.run(["rm", "-rf", "--", os.path.join(path, name)], check=True)


class Runner:
    def __init__(self, net: Network, ctx: Ctx, dst_root: str, logdir: str, drop: bool,
                 idle_pct: float = 100, idle_wait: float = 0, own_cpu=None, memory=None):
        # memory: None, or (peer -> the pid of the daemon it talks to, or 0):
        # then each run's resident memory is sampled (fgbench/memory.py).
        self.memory = memory
        self.own_cpu = own_cpu
        self.idle_pct = idle_pct
        self.idle_wait = idle_wait
        self.net = net
        self.ctx = ctx
        self.dst_root = dst_root
        self.logdir = logdir
        self.drop = drop

    def run(self, peer: Peer, manifest: dict, tag: str, timeout: float, basis: str = None) -> dict:
        """A run from an empty destination (or one holding `basis`, the old
        version an update starts from); verified byte for byte."""
        empty_dir(self.dst_root)
        if basis:
            subprocess.run(["cp", "-a", basis, self.ctx.dst], check=True)
        # Write-back of what came before would otherwise land in the measured
        # run: the basis, and the last run's data (peers that do not flush
        # leave it dirty; with --no-drop-caches nothing else syncs).
        os.sync()
        cache_dropped = drop_caches() if self.drop else False
        # Other people's work on a shared machine skews a run: wait for quiet,
        # and record how busy the machine was just before.
        background = wait_idle(self.idle_pct, self.idle_wait)
        res = self._timed(peer, tag, timeout)
        res["cache_dropped"] = cache_dropped
        res["background_cpu_pct"] = background
        if res["ok"]:
            err = (compare_fingerprint(manifest, self.ctx.dst) if isinstance(manifest, Fingerprint)
                   else compare(manifest, self.ctx.dst))
            if err:
                res["ok"] = False
                res["error"] = "verification failed: " + err
        return res

    def rerun(self, peer: Peer, tag: str, timeout: float) -> dict:
        """The same command again into the complete destination (warm cache):
        what a no-change sync costs."""
        return self._timed(peer, tag + "-nochange", timeout, server=False)

    def stat_trees(self, source: str) -> dict:
        """How long it takes to stat every entry of the source and of the
        destination (the last peer's complete copy, warm like a no-change
        re-sync's), with the fields a quick check reads: the least that a
        no-change sync must do on each end."""
        def find(root):
            return subprocess.Popen(["find", root, "-printf", "%s %T@ %m %p\\n"], stdout=subprocess.DEVNULL)

        out = {}
        for key, roots in (("source_s", [source]), ("destination_s", [self.ctx.dst]),
                           ("both_s", [source, self.ctx.dst])):
            t0 = time.monotonic()
            for p in [find(r) for r in roots]:
                p.wait()
            out[key] = time.monotonic() - t0
        return out

    def _timed(self, peer: Peer, tag: str, timeout: float, server: bool = True) -> dict:
        out_path = os.path.join(self.logdir, f"{tag}.out")
        err_path = os.path.join(self.logdir, f"{tag}.err")
        res = {"ok": False, "error": None}
        srv = None
        with open(out_path, "w") as out, open(err_path, "w") as err:
            try:
                if peer.server and server:
                    srv = self._start_receiver(peer, tag)
                wire0 = self.net.counters()
                emu0 = self.net.emu_ticks()
                busy0, total0, task0 = machine_cpu()
                own0 = self.own_cpu.seconds() if self.own_cpu else 0.0
                t0 = time.monotonic()
                client = spawn(["bash", "-o", "pipefail", "-c", peer.client(self.ctx)], ns=C.NS_CLIENT,
                               stdout=out, stderr=err)
                sampler = MemorySampler(client.pid, self.memory(peer)).start() if self.memory else None
                try:
                    rc = wait_exact(client, timeout)
                    src_rc = wait_exact(srv, max(5.0, timeout - (time.monotonic() - t0))) if srv else 0
                except subprocess.TimeoutExpired:
                    res["error"] = f"timed out after {timeout:.0f} s"
                    return res
                finally:
                    stop(client)
                    if sampler:
                        res["memory"] = sampler.stop()
                seconds = time.monotonic() - t0
                busy1, total1, task1 = machine_cpu()
                ncpu = os.cpu_count() or 1
                if self.own_cpu and self.own_cpu.dir:
                    # Process CPU time on the machine that was not ours: other
                    # people's work competing with this run.
                    own = self.own_cpu.seconds() - own0
                    others = max(0.0, (task1 - task0) / TICK - own)
                    res["other_cpu_pct"] = 100.0 * others / (seconds * ncpu)
                res.update(
                    seconds=seconds,
                    wire_bytes=self.net.counters() - wire0,
                    cpu_pct=100.0 * (busy1 - busy0) / max(1, total1 - total0),
                    emu_cpu_pct=100.0 * (self.net.emu_ticks() - emu0) / TICK / seconds if self.net.emu else None,
                    rc=rc, server_rc=src_rc)
                if rc != 0 or src_rc != 0:
                    res["error"] = f"exit status {rc}" + (f", receiver {src_rc}" if srv else "") + \
                                   f": {_tail(err_path)}"
                    return res
                res["ok"] = True
            finally:
                stop(srv)
        if peer.kind.startswith("fg"):
            res["floodgate"] = _floodgate_json(out_path)
        return res

    def _start_receiver(self, peer: Peer, tag: str):
        log = os.path.join(self.logdir, f"{tag}.receiver.err")
        f = open(log, "w")
        p = spawn(["bash", "-o", "pipefail", "-c", peer.server(self.ctx)], ns=C.NS_SERVER,
                  stdout=subprocess.DEVNULL, stderr=f)
        for _ in range(200):
            with open(log) as r:
                if "listening" in r.read():
                    return p
            if p.poll() is not None:
                break
            time.sleep(0.025)
        stop(p)
        raise RuntimeError(f"the {peer.id} receiver did not start: {_tail(log)}")


def _tail(path: str, n: int = 300) -> str:
    try:
        with open(path) as f:
            return " ".join(f.read()[-n:].split()) or "(no output)"
    except OSError:
        return "(no output)"


def _floodgate_json(path: str):
    """The object `floodgate sync --json` printed (without the per-stage detail)."""
    try:
        with open(path) as f:
            text = f.read()
        obj = json.loads(text[text.index("{"):])
        return {k: v for k, v in obj.items() if k not in ("stages", "errors")}
    except (OSError, ValueError):
        return None
