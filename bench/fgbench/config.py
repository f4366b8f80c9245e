"""Fixed facts of the benchmark: names, addresses, link presets, workload sizes.

Everything a reader may want to change lives here, in one place.
"""

from dataclasses import dataclass
from typing import Optional

# Two namespaces: the client pushes from A into B.
NS_CLIENT = "fgb-a"
NS_SERVER = "fgb-b"
CLIENT_IP = "10.77.0.1"
SERVER_IP = "10.77.0.2"
LINK_DEV = "fgb0"          # the interface name in both namespaces (veth or TUN)

# Private ports in the server namespace.
SSH_PORT = 2222
RSYNCD_PORT = 8730
FLOODGATE_PORT = 7878
FLOODGATE_BASE_PORT = 7879  # the --baseline build's daemon
IPERF_PORT = 5201
TCPCAT_PORT = 9000

# TCP autotuning ceilings set in both namespaces (they are per namespace; the
# defaults, 4 MiB for tcp_wmem, would cap one stream at ~30 MB/s at 141 ms).
# net.core.[rw]mem_max are not per namespace on this kernel; they are recorded,
# not changed.
NS_SYSCTLS = {
    "net.ipv4.tcp_rmem": "4096 131072 67108864",
    "net.ipv4.tcp_wmem": "4096 131072 67108864",
    # Do not carry ssthresh/RTT from one run's connection into the next.
    "net.ipv4.tcp_no_metrics_save": "1",
}
RECORDED_SYSCTLS = [
    "net.ipv4.tcp_congestion_control", "net.ipv4.tcp_rmem", "net.ipv4.tcp_wmem",
    "net.core.rmem_max", "net.core.wmem_max", "net.ipv4.tcp_no_metrics_save",
    "net.ipv4.tcp_slow_start_after_idle", "net.ipv4.tcp_notsent_lowat",
]


@dataclass
class Link:
    name: str
    kind: str                    # "veth" or "emu"
    rate_bit: float = 0          # bit/s of the emulated bottleneck, each way
    delay_ms: float = 0          # one-way delay, each way
    queue: str = "0"             # drop-tail limit (linkemu syntax: "8.8MB", "1000p")
    loss: float = 0
    mtu: int = 1500

    @property
    def rtt_ms(self) -> float:
        return 2 * self.delay_ms

    @property
    def bdp_bytes(self) -> float:
        return self.rate_bit / 8 * self.rtt_ms / 1000

    def describe(self) -> str:
        if self.kind == "veth":
            return f"veth pair, MTU {self.mtu}, no shaping"
        q = self.queue
        loss = f", loss {self.loss:g}" if self.loss else ""
        mode = "per packet" if self.loss else "GSO bursts"
        return (f"linkemu ({mode}): {self.rate_bit / 1e6:g} Mbit/s each way, {self.rtt_ms:g} ms RTT "
                f"({self.delay_ms:g} ms each way), drop-tail queue {q}{loss}, MTU {self.mtu}; "
                f"BDP {self.bdp_bytes / 1e6:.2f} MB")


def link_presets() -> dict:
    wan = Link("wan", "emu", rate_bit=500e6, delay_ms=70.5)
    # One BDP of queue: the classic size that lets a halving CUBIC keep the
    # link busy, without the seconds of bufferbloat a bigger one adds.
    wan.queue = f"{wan.bdp_bytes / 1e6:.2f}MB"
    # At 0.5 ms the BDP is only 62 KB; a switch port holds far more. 1000
    # packets is the usual Linux txqueuelen.
    lan = Link("lan", "emu", rate_bit=1e9, delay_ms=0.25, queue="1000p")
    fast = Link("fast", "veth")
    return {"fast": fast, "lan": lan, "wan": wan}


LINK_ORDER = ["fast", "lan", "wan"]
WORKLOAD_ORDER = ["small", "big", "mixed", "delta"]
# Run only when named with --workload (minutes to generate and verify).
EXTRA_WORKLOADS = ["million", "tenmillion"]


@dataclass
class WorkloadSpec:
    name: str
    files: int
    description: str
    # small
    file_size: int = 0
    fanout: tuple = ()
    # big
    size: int = 0
    # mixed
    median_size: int = 0
    sigma: float = 0
    max_size: int = 0
    big_files: tuple = ()
    # tiny files in their own file system (and the destination's) that keeps
    # them in their inodes (ext4 inline_data): ten million of them take no
    # 40 GB of 4 KiB blocks
    inline: bool = False


def workload_specs(quick: bool) -> dict:
    if quick:
        return {
            "small": WorkloadSpec("small", 4096, "4,096 × 4 KiB (quick)", file_size=4096, fanout=(4, 4, 256)),
            "big": WorkloadSpec("big", 1, "one 64 MiB random file (quick)", size=64 << 20),
            "mixed": WorkloadSpec("mixed", 2000, "2,000 files, log-normal sizes (quick)", median_size=8192,
                                  sigma=1.8, max_size=2 << 20, big_files=(3_000_000, 6_000_000)),
            "delta": WorkloadSpec("delta", 1, "a 64 MiB file whose old version is at the destination; "
                                  "~1% differs (quick)", size=64 << 20),
            "million": WorkloadSpec("million", 20000, "20,000 small files in 400 folders (quick)",
                                    fanout=(4, 10, 10, 50)),
            "tenmillion": WorkloadSpec("tenmillion", 100000, "100,000 tiny files in a project tree (quick)",
                                       fanout=(2, 5, 10, 20, 50), inline=True),
        }
    return {
        "small": WorkloadSpec("small", 65536, "65,536 × 4 KiB", file_size=4096, fanout=(16, 16, 256)),
        "big": WorkloadSpec("big", 1, "one 1 GiB random file", size=1 << 30),
        "mixed": WorkloadSpec("mixed", 20000, "20,000 files, log-normal sizes, half text", median_size=8192,
                              sigma=1.6, max_size=8 << 20,
                              big_files=(12_000_000, 25_000_000, 40_000_000, 64_000_000, 100_000_000)),
        "delta": WorkloadSpec("delta", 1, "a 1 GiB file whose old version is at the destination; ~1% differs "
                              "(scattered overwrites, small insertions and deletions)", size=1 << 30),
        "million": WorkloadSpec("million", 1_000_000, "1,000,000 small files (half empty, half 1-200 B) in "
                                "20,000 folders of 50", fanout=(20, 50, 20, 50)),
        "tenmillion": WorkloadSpec("tenmillion", 10_000_000, "10,000,000 tiny files (half empty, half 1-100 B) "
                                   "in a tree of users' projects, 200,000 folders of 50, paths of ~75 bytes",
                                   fanout=(10, 20, 25, 40, 50), inline=True),
    }


@dataclass
class Paths:
    """Where things are on this machine for one invocation."""
    repo: str
    scratch: str                 # workloads, destinations, server state
    results: str                 # raw results and per-run logs (kept)
    floodgate: str
    tools: str                   # linkemu, tcpcat, prng
    docs: Optional[str]          # docs/PERFORMANCE.md, or None for no update
