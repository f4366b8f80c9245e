"""The link's own ceiling, measured in the same run: bulk TCP with iperf3,
one stream and eight, from the client namespace to the server namespace."""

import json
import time

from . import config as C
from .proc import TICK, log, run


def iperf(streams: int, seconds: int, omit: int, net=None) -> dict:
    """One iperf3 test; the first `omit` seconds (slow start) are not counted,
    so the figure is what the link sustains."""
    argv = ["iperf3", "-c", C.SERVER_IP, "-p", str(C.IPERF_PORT), "-J", "-t", str(seconds), "-O", str(omit),
            "-P", str(streams)]
    err = None
    for _ in range(3):
        ticks0, t0 = (net.emu_ticks() if net else 0), time.monotonic()
        r = run(argv, ns=C.NS_CLIENT, check=False, timeout=seconds + omit + 60)
        elapsed = time.monotonic() - t0
        try:
            d = json.loads(r.stdout)
            if "error" not in d:
                end = d["end"]
                return {
                    "streams": streams,
                    "mbytes_per_s": end["sum_received"]["bits_per_second"] / 8e6,
                    "retransmits": end["sum_sent"].get("retransmits"),
                    "cpu_sender_pct": end["cpu_utilization_percent"]["host_total"],
                    "cpu_receiver_pct": end["cpu_utilization_percent"]["remote_total"],
                    # the emulator's share of one core while it carried this test
                    "emu_cpu_pct": (100.0 * (net.emu_ticks() - ticks0) / TICK / elapsed) if net and net.emu else None,
                }
            err = d["error"]
        except (ValueError, KeyError) as e:
            err = f"{e}: {r.stderr.strip()[-200:]}"
        log(f"iperf3 -P {streams} failed ({err}); retrying")
        time.sleep(1)
    return {"streams": streams, "mbytes_per_s": None, "error": err}


def measure(quick: bool, net=None) -> dict:
    seconds, omit = (3, 1) if quick else (10, 2)
    one = iperf(1, seconds, omit, net)
    eight = iperf(8, seconds, omit, net)
    rates = [x["mbytes_per_s"] for x in (one, eight) if x.get("mbytes_per_s")]
    res = {"one": one, "eight": eight, "seconds": seconds, "omit": omit,
           "link_mbytes_per_s": max(rates) if rates else None}
    fmt = lambda x: f"{x['mbytes_per_s']:.1f} MB/s" if x.get("mbytes_per_s") else "failed"
    log(f"iperf3: 1 stream {fmt(one)}, 8 streams {fmt(eight)}")
    return res
