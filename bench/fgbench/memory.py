"""Resident memory of a run's two ends over the run (--memory).

Every 0.2 s (every second after the first 20): the client end, the processes of the command's session less
the bash that wraps it (rsync and its ssh, floodgate), and the server end,
the floodgate daemon's process when the peer talks to one. Read from
/proc/PID/statm (resident pages), so a process's own memory as the kernel
counts it, shared libraries included.
"""

import os
import threading
import time

PAGE = os.sysconf("SC_PAGE_SIZE")
# Every 0.2 s for the first 20 s, then every second: a long run's curve needs
# no finer steps, and reading /proc every 0.2 s costs a tenth of a core.
INTERVAL = 0.2
LATER_INTERVAL = 1.0
LATER_AFTER = 20.0


def _rss_bytes(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * PAGE
    except (OSError, IndexError, ValueError):
        return 0


def _session_members(sid: int):
    """(pid, comm) of every process in session `sid`."""
    out = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        # comm may hold spaces and parentheses: the fields follow the last ')'
        comm = stat[stat.find("(") + 1:stat.rfind(")")]
        fields = stat[stat.rfind(")") + 2:].split()
        if len(fields) > 3 and int(fields[3]) == sid:
            out.append((int(name), comm))
    return out


class MemorySampler:
    def __init__(self, client_sid: int, server_pid: int = 0):
        self.client_sid = client_sid
        self.server_pid = server_pid
        self.samples = []  # (seconds since start, client bytes, server bytes)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._t0 = time.monotonic()

    def start(self) -> "MemorySampler":
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.is_set():
            client = sum(_rss_bytes(pid) for pid, comm in _session_members(self.client_sid) if comm != "bash")
            server = _rss_bytes(self.server_pid) if self.server_pid else 0
            elapsed = time.monotonic() - self._t0
            self.samples.append((elapsed, client, server))
            self._stop.wait(INTERVAL if elapsed < LATER_AFTER else LATER_INTERVAL)

    def stop(self) -> dict:
        self._stop.set()
        self._thread.join()
        peak_client = max((s[1] for s in self.samples), default=0)
        peak_server = max((s[2] for s in self.samples), default=0)
        return {"peak_client_bytes": peak_client, "peak_server_bytes": peak_server or None,
                "server_start_bytes": self.samples[0][2] if self.samples and self.server_pid else None,
                "curve": [[round(t, 2), c, s] for t, c, s in self.samples]}


def curve_markdown(peer_id: str, memory: dict, points: int = 10) -> str:
    """The curve of one run as a table of `points` moments (and the peaks)."""
    curve = memory.get("curve") or []
    if not curve:
        return ""
    end = curve[-1][0] or 1
    lines = [f"Resident memory of **{peer_id}** over its run (MB; sampled every 0.2-1 s, shown at tenths of the run; "
             f"peaks: client {memory['peak_client_bytes'] / 1e6:,.0f} MB"
             + (f", daemon {memory['peak_server_bytes'] / 1e6:,.0f} MB" if memory.get("peak_server_bytes") else "")
             + "):", "",
             "| s | client MB | daemon MB |", "|---:|---:|---:|"]
    for i in range(points + 1):
        want = end * i / points
        t, c, s = min(curve, key=lambda x: abs(x[0] - want))
        lines.append(f"| {t:,.1f} | {c / 1e6:,.0f} | {s / 1e6:,.0f} |" if s else f"| {t:,.1f} | {c / 1e6:,.0f} | – |")
    return "\n".join(lines) + "\n"
