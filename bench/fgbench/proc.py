"""Starting and stopping processes, in a namespace or not.

Every long-lived process we start gets its own process group so that it and
its children can be stopped together, by id, without touching anything else
on the machine.
"""

import os
import shlex
import signal
import subprocess
import threading
import time

VERBOSE = False


def log(msg: str) -> None:
    print(f"[fgbench {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def debug(msg: str) -> None:
    if VERBOSE:
        log(msg)


def in_ns(ns, argv):
    """argv run inside network namespace `ns` (None: this namespace)."""
    return (["ip", "netns", "exec", ns] if ns else []) + list(argv)


def run(argv, check=True, capture=True, ns=None, timeout=None, **kw):
    argv = in_ns(ns, argv)
    debug("$ " + shlex.join(argv))
    r = subprocess.run(argv, text=True, timeout=timeout,
                       stdout=subprocess.PIPE if capture else None,
                       stderr=subprocess.PIPE if capture else None, **kw)
    if check and r.returncode != 0:
        raise RuntimeError(f"command failed ({r.returncode}): {shlex.join(argv)}\n{r.stderr or ''}")
    return r


def sh(script, ns=None, **kw):
    """A bash snippet with pipefail, so a failing tar in a pipe is seen."""
    return run(["bash", "-o", "pipefail", "-c", script], ns=ns, **kw)


def spawn(argv, ns=None, stdout=None, stderr=None, stdin=subprocess.DEVNULL):
    argv = in_ns(ns, argv)
    debug("& " + shlex.join(argv))
    return subprocess.Popen(argv, stdin=stdin, stdout=stdout, stderr=stderr,
                            start_new_session=True, text=True)


def wait_exact(p: subprocess.Popen, timeout: float) -> int:
    """p's exit status, read the moment it exits. Popen.wait(timeout) polls
    with sleeps of up to 50 ms, which put every sub-second run on a 50 ms
    grid (a 1 GiB push measured 0.47, 0.52, 0.57 s and nothing between);
    this blocks in waitpid and lets a timer end an overlong run instead.
    Raises subprocess.TimeoutExpired like Popen.wait."""
    expired = threading.Event()

    def overlong():
        expired.set()
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    timer = threading.Timer(timeout, overlong)
    timer.start()
    try:
        rc = p.wait()
    finally:
        timer.cancel()
    if expired.is_set():
        raise subprocess.TimeoutExpired(p.args, timeout)
    return rc


def stop(p: subprocess.Popen, grace=3.0) -> None:
    """SIGTERM the process group, SIGKILL it after `grace` seconds."""
    if p is None or p.poll() is not None:
        return
    try:
        os.killpg(p.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        p.wait(grace)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.wait()


def kill_pids(pids) -> None:
    """SIGKILL a list of pids we know are ours (e.g. left in our namespace)."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def cpu_ticks(pid: int) -> int:
    """utime + stime of one process, in clock ticks (0 if it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return 0


def machine_cpu():
    """(busy, total, task) jiffies summed over all CPUs, from /proc/stat.
    `task` is user + nice + system: the part cgroups account to processes
    (interrupt and softirq time is not)."""
    with open("/proc/stat") as f:
        parts = [int(x) for x in f.readline().split()[1:]]
    idle = parts[3] + parts[4]  # idle + iowait
    total = sum(parts[:8])      # guest time is already inside user
    return total - idle, total, parts[0] + parts[1] + parts[2]


TICK = os.sysconf("SC_CLK_TCK")


def busy_pct(window: float = 0.5) -> float:
    """How busy the whole machine is (0-100 % of all cores) over `window` s."""
    b0, t0, _ = machine_cpu()
    time.sleep(window)
    b1, t1, _ = machine_cpu()
    return 100.0 * (b1 - b0) / max(1, t1 - t0)


def wait_idle(limit_pct: float, max_wait: float) -> float:
    """Wait until the machine (other users' builds, say) is at most
    `limit_pct` busy, for up to `max_wait` s. Returns the load seen last."""
    load = busy_pct()
    deadline = time.monotonic() + max_wait
    said = False
    while load > limit_pct and time.monotonic() < deadline:
        if not said:
            log(f"machine {load:.0f}% busy before the run (not us): waiting up to {max_wait:.0f} s for it to settle")
            said = True
        time.sleep(2)
        load = busy_pct(1.0)
    if said:
        log(f"machine now {load:.0f}% busy; going on")
    return load


class OwnCpu:
    """CPU time of this driver and everything it starts, through a cgroup of
    our own, so that a run's CPU can be split into ours and other people's
    (a shared machine's builds and tests). None of it changes scheduling."""

    def __init__(self):
        self.dir = self.kind = None
        candidates = []
        if os.path.exists("/sys/fs/cgroup/cgroup.controllers"):          # pure cgroup v2
            candidates.append(("/sys/fs/cgroup", "v2"))
        candidates += [("/sys/fs/cgroup/cpuacct", "v1"), ("/sys/fs/cgroup/unified", "v2")]
        for base, kind in candidates:
            d = os.path.join(base, "fgbench")
            try:
                os.makedirs(d, exist_ok=True)
                with open(os.path.join(d, "cgroup.procs"), "w") as f:
                    f.write(str(os.getpid()))
                self.base, self.dir, self.kind = base, d, kind
                self.seconds()
                return
            except OSError:
                self.dir = None

    def seconds(self) -> float:
        """CPU seconds used so far (0 when no cgroup could be made)."""
        if not self.dir:
            return 0.0
        if self.kind == "v1":
            with open(os.path.join(self.dir, "cpuacct.usage")) as f:
                return int(f.read()) / 1e9
        with open(os.path.join(self.dir, "cpu.stat")) as f:
            for line in f:
                if line.startswith("usage_usec"):
                    return int(line.split()[1]) / 1e6
        return 0.0

    def close(self) -> None:
        """Back to the parent group; remove ours once nothing is left in it."""
        if not self.dir:
            return
        try:
            with open(os.path.join(self.base, "cgroup.procs"), "w") as f:
                f.write(str(os.getpid()))
            os.rmdir(self.dir)
        except OSError:
            pass
