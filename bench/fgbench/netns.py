"""The two network namespaces and the link between them.

fast: a veth pair, nothing in between.
lan/wan: a TUN device in each namespace, joined by bench/linkemu (rate,
         delay, drop-tail queue, loss), because tc netem is not available.
Both give the client 10.77.0.1 and the server 10.77.0.2 on a device named
fgb0, so the peers' command lines do not depend on the link.
"""

import json
import os
import signal
import subprocess
import time

from . import config as C
from .proc import cpu_ticks, debug, kill_pids, log, run, spawn, stop

NAMESPACES = (C.NS_CLIENT, C.NS_SERVER)
PIDFILE = "/run/fgbench-linkemu.pid"


def ns_exists(ns: str) -> bool:
    return os.path.exists(f"/run/netns/{ns}")


def ns_pids(ns: str):
    r = run(["ip", "netns", "pids", ns], check=False)
    return [int(x) for x in r.stdout.split()] if r.returncode == 0 else []


def clean_stale() -> None:
    """Undo what a crashed earlier run may have left: its linkemu (by the pid
    it recorded), the processes inside our namespaces, the namespaces."""
    try:
        pid = int(open(PIDFILE).read())
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            if b"linkemu" in f.read():
                log(f"stopping a stale linkemu (pid {pid})")
                kill_pids([pid])
    except (FileNotFoundError, ValueError, ProcessLookupError):
        pass
    if os.path.exists(PIDFILE):
        os.unlink(PIDFILE)
    for ns in NAMESPACES:
        if ns_exists(ns):
            pids = ns_pids(ns)
            if pids:
                log(f"stopping {len(pids)} stale process(es) in namespace {ns}")
                kill_pids(pids)
                time.sleep(0.2)
            run(["ip", "netns", "del", ns], check=False)


def sysctl_set(ns: str, key: str, value: str) -> None:
    run(["sysctl", "-q", "-w", f"{key}={value}"], ns=ns)


def sysctl_get(ns, key: str) -> str:
    r = run(["sysctl", "-n", key], ns=ns, check=False)
    return " ".join(r.stdout.split()) if r.returncode == 0 else "n/a"


class Network:
    """Namespaces plus one link; `up()` and `down()` may be called per link."""

    def __init__(self, link: C.Link, tools_dir: str, logdir: str, cc: str = None):
        self.link = link
        self.tools_dir = tools_dir
        self.logdir = logdir
        self.cc = cc
        self.emu = None            # linkemu process
        self.emu_stats = os.path.join(logdir, f"linkemu-{link.name}.json")

    # -- setup ---------------------------------------------------------------
    def up(self) -> None:
        for ns in NAMESPACES:
            run(["ip", "netns", "add", ns])
            run(["ip", "link", "set", "lo", "up"], ns=ns)
            for key, value in C.NS_SYSCTLS.items():
                sysctl_set(ns, key, value)
            if self.cc:
                sysctl_set(ns, "net.ipv4.tcp_congestion_control", self.cc)
        if self.link.kind == "veth":
            self._veth()
        else:
            self._emu()
        self._wait_reachable()

    def _veth(self) -> None:
        run(["ip", "link", "add", "fgbv-a", "type", "veth", "peer", "name", "fgbv-b"])
        for ns, ifname, ip in ((C.NS_CLIENT, "fgbv-a", C.CLIENT_IP), (C.NS_SERVER, "fgbv-b", C.SERVER_IP)):
            run(["ip", "link", "set", ifname, "netns", ns])
            run(["ip", "link", "set", ifname, "name", C.LINK_DEV], ns=ns)
            run(["ip", "addr", "add", f"{ip}/24", "dev", C.LINK_DEV], ns=ns)
            run(["ip", "link", "set", C.LINK_DEV, "mtu", str(self.link.mtu), "up"], ns=ns)

    def _emu(self) -> None:
        lk = self.link
        argv = [os.path.join(self.tools_dir, "linkemu"),
                "--ns-a", f"/run/netns/{C.NS_CLIENT}", "--ns-b", f"/run/netns/{C.NS_SERVER}",
                "--dev", C.LINK_DEV, "--rate", f"{lk.rate_bit:.0f}", "--delay", f"{lk.delay_ms}ms",
                "--queue", lk.queue, "--loss", f"{lk.loss}", "--stats", self.emu_stats]
        errlog = open(os.path.join(self.logdir, f"linkemu-{lk.name}.log"), "w")
        self.emu = spawn(argv, stdout=subprocess.PIPE, stderr=errlog)
        with open(PIDFILE, "w") as f:
            f.write(str(self.emu.pid))
        line = self.emu.stdout.readline().strip()
        if line != "ready":
            raise RuntimeError(f"linkemu did not start (see {errlog.name})")
        for ns, me, peer in ((C.NS_CLIENT, C.CLIENT_IP, C.SERVER_IP), (C.NS_SERVER, C.SERVER_IP, C.CLIENT_IP)):
            run(["ip", "addr", "add", me, "peer", peer, "dev", C.LINK_DEV], ns=ns)
            # A long TUN queue: its ring drops silently when full, and a drop
            # there (the emulator busy for a moment) is not the link's doing.
            run(["ip", "link", "set", C.LINK_DEV, "mtu", str(lk.mtu), "txqueuelen", "10000", "up"], ns=ns)

    def _wait_reachable(self) -> None:
        # The link is up once a TCP connect reaches the far side (refused is fine).
        probe = ("import socket,sys\n"
                 "s=socket.socket();s.settimeout(2)\n"
                 f"try:\n s.connect(('{C.SERVER_IP}',9))\nexcept ConnectionRefusedError: pass\n")
        for _ in range(50):
            if run(["python3", "-c", probe], ns=C.NS_CLIENT, check=False).returncode == 0:
                return
            time.sleep(0.1)
        raise RuntimeError("the server namespace is not reachable over the link")

    # -- during runs ---------------------------------------------------------
    def counters(self) -> int:
        """Bytes the client sent + received over the link (all traffic of a run).

        On emulated links linkemu counts them: the TUN device's own counters
        see a GSO burst as one packet with one set of headers, the wire
        carries one per MTU-sized segment. On veth, the device counters."""
        if self.emu:
            snap = self.emu_snapshot()
            return snap["a_to_b"]["rx_bytes"] + snap["b_to_a"]["tx_bytes"]
        r = run(["ip", "-j", "-s", "link", "show", "dev", C.LINK_DEV], ns=C.NS_CLIENT)
        st = json.loads(r.stdout)[0]["stats64"]
        return st["rx"]["bytes"] + st["tx"]["bytes"]

    def emu_ticks(self) -> int:
        return cpu_ticks(self.emu.pid) if self.emu else 0

    def emu_snapshot(self) -> dict:
        """linkemu's counters now (drops, queue high-water marks)."""
        if not self.emu or self.emu.poll() is not None:
            return {}
        try:
            os.unlink(self.emu_stats)
        except FileNotFoundError:
            pass
        self.emu.send_signal(signal.SIGUSR1)  # linkemu writes its stats file
        for _ in range(50):
            if os.path.exists(self.emu_stats):
                try:
                    with open(self.emu_stats) as f:
                        return json.load(f)
                except ValueError:
                    pass
            time.sleep(0.02)
        return {}

    def sysctls(self) -> dict:
        return {k: sysctl_get(C.NS_CLIENT, k) for k in C.RECORDED_SYSCTLS}

    # -- teardown ------------------------------------------------------------
    def down(self) -> None:
        for ns in NAMESPACES:
            if ns_exists(ns):
                pids = ns_pids(ns)
                if pids:
                    debug(f"killing leftover processes in {ns}: {pids}")
                    kill_pids(pids)
        if self.emu:
            stop(self.emu)     # TUN devices vanish with it
            self.emu = None
        if os.path.exists(PIDFILE):
            os.unlink(PIDFILE)
        for ns in NAMESPACES:
            if ns_exists(ns):
                run(["ip", "netns", "del", ns], check=False)


def emu_delta(before: dict, after: dict) -> dict:
    """linkemu's packet counters between two snapshots (a table's runs, a lab)."""
    out = {}
    for d in ("a_to_b", "b_to_a"):
        if d in before and d in after:
            out[d] = {k: after[d][k] - before[d].get(k, 0) for k in after[d]
                      if k.startswith(("rx_", "tx_", "drop_"))}
            out[d]["max_queue_bytes_ever"] = after[d].get("max_queue_bytes")
    return out
