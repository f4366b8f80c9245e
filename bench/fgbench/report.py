"""Turning raw runs into the table, and the table into docs/PERFORMANCE.md.

docs/PERFORMANCE.md keeps its prose; only the part between the
`fgbench:results` markers is rewritten. Inside it, one block per
(link, workload) pair: a run that measured only some pairs replaces those
blocks and keeps the others, each block saying when and how it was made.
"""

import os
import platform
import re
import statistics
import subprocess

from . import config as C
from . import memory

RESULTS_START = "<!-- fgbench:results:start -->"
RESULTS_END = "<!-- fgbench:results:end -->"
BLOCK = re.compile(r"^<!-- fgbench:block (\S+) -->$", re.M)
REFERENCE = "rsync-ssh"


def _med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _num(x, unit=""):
    if x is None:
        return "–"
    if x >= 100:
        return f"{x:,.0f}{unit}"
    if x >= 10:
        return f"{x:.1f}{unit}"
    return f"{x:.2f}{unit}"


def summarise(table: dict) -> list:
    """One row per peer: medians over the verified runs."""
    rows = []
    for p in table["peers"]:
        ok = [r for r in p["runs"] if r["ok"]]
        row = {"id": p["id"], "label": p["label"], "n_ok": len(ok), "n": len(p["runs"]), "skipped": p.get("skipped")}
        row["seconds"] = _med([r["seconds"] for r in ok])
        row["mbps"] = table["bytes"] / row["seconds"] / 1e6 if row["seconds"] else None
        row["wire_mb"] = _med([r["wire_bytes"] / 1e6 for r in ok])
        row["cpu"] = _med([r["cpu_pct"] for r in ok])
        row["emu_cpu"] = _med([r.get("emu_cpu_pct") for r in ok])
        nc = [r for r in p.get("nochange", []) if r["ok"]]
        row["nochange_s"] = _med([r["seconds"] for r in nc])
        row["nochange_wire_mb"] = _med([r["wire_bytes"] / 1e6 for r in nc])
        errors = [r["error"] for r in p["runs"] if r.get("error")]
        row["error"] = errors[0] if errors else None
        row["background"] = max([r.get("background_cpu_pct") or 0 for r in p["runs"]], default=0)
        row["others"] = _med([r.get("other_cpu_pct") for r in ok])
        mem = [r["memory"] for r in ok if r.get("memory")]
        row["client_mb"] = _med([m["peak_client_bytes"] / 1e6 for m in mem])
        row["server_mb"] = _med([m["peak_server_bytes"] / 1e6 for m in mem if m.get("peak_server_bytes")])
        row["memory"] = mem[0] if mem else None
        rows.append(row)
    link = (table.get("iperf") or {}).get("link_mbytes_per_s")
    ref = next((r["mbps"] for r in rows if r["id"] == REFERENCE and r["mbps"]), None)
    for r in rows:
        r["x_link"] = r["mbps"] / link if r["mbps"] and link else None
        r["x_ref"] = r["mbps"] / ref if r["mbps"] and ref else None
    return rows


def table_markdown(table: dict) -> str:
    rows = summarise(table)
    ip = table.get("iperf") or {}
    one = (ip.get("one") or {}).get("mbytes_per_s")
    eight = (ip.get("eight") or {}).get("mbytes_per_s")
    has_nc = any(r["nochange_s"] is not None for r in rows)
    has_emu = any(r["emu_cpu"] is not None for r in rows)
    into = "" if table.get("dst_fs", "ext4") == "ext4" else f" · into {table['dst_fs']}"
    out = [f"### {table['link']} · {table['workload']}{into} — {table['workload_desc']} "
           f"({table['files']:,} files, {table['bytes'] / 1e6:,.1f} MB)", ""]
    out.append(f"Link: {table['link_desc']}. Bulk TCP (iperf3, {ip.get('seconds', '?')} s after "
               f"{ip.get('omit', '?')} s of warm-up): 1 stream {_num(one)} MB/s, 8 streams {_num(eight)} MB/s; "
               f"ratios below are to {_num(ip.get('link_mbytes_per_s'))} MB/s, the better of the two.")
    out.append("")
    out.append(f"Measured {table['date']} with `{table['command']}`; median of {table['runs']} run(s), "
               f"{'page cache dropped before each run' if table.get('cache_dropped') else 'page cache NOT dropped'}; "
               f"every destination verified (names, sizes, SHA-256)"
               + (f"; the destination {table['destination']}" if table.get("destination") else "")
               + ". Sysctls in both namespaces: "
               + ", ".join(f"`{k}={v}`" for k, v in table["sysctls"].items()) + ".")
    emu = table.get("linkemu") or {}
    if emu.get("a_to_b"):
        ab, ba = emu["a_to_b"], emu.get("b_to_a", {})
        out.append("")
        out.append(f"linkemu during these runs: {ab['tx_packets']:,} packets client→server, "
                   f"{ab['drop_queue']:,} dropped by the full queue ({ab['drop_queue'] / max(1, ab['rx_packets']):.2%}), "
                   f"{ab.get('drop_loss', 0):,} by random loss; server→client "
                   f"{ba.get('drop_queue', 0):,} queue drops.")
    out.append("")
    head = ["peer", "seconds", "MB/s", "wire MB", "× link", f"× {REFERENCE}", f"CPU ({os.cpu_count()} cores)"]
    if has_emu:
        head.append("linkemu CPU")
    if has_nc:
        head += ["no-change s", "no-change wire MB"]
    has_mem = any(r["client_mb"] is not None for r in rows)
    if has_mem:
        head += ["peak client MB", "peak daemon MB"]
    head += ["runs ok", "notes"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "|".join("---" if i == 0 or h == "notes" else "---:" for i, h in enumerate(head)) + "|")
    for r in rows:
        notes = []
        if r["skipped"]:
            notes.append("skipped: " + r["skipped"])
        if r["error"]:
            notes.append(r["error"][:160].replace("|", "/"))
        if r["cpu"] is not None and r["cpu"] >= 90:
            notes.append("CPU-bound: all cores busy")
        if r["background"] > 15:
            notes.append(f"machine {r['background']:.0f}% busy with other work before a run")
        if r["others"] is not None and r["others"] >= 5:
            notes.append(f"other people's processes used {r['others']:.0f}% of the machine during the runs (median)")
        cells = [f"**{r['id']}** " + r["label"].replace("|", "\\|"), _num(r["seconds"]), _num(r["mbps"]), _num(r["wire_mb"]),
                 _num(r["x_link"]), _num(r["x_ref"]), _num(r["cpu"], "%")]
        if has_emu:
            cells.append(_num(r["emu_cpu"], "%"))
        if has_nc:
            cells += [_num(r["nochange_s"]), _num(r["nochange_wire_mb"])]
        if has_mem:
            cells += [_num(r["client_mb"]), _num(r["server_mb"])]
        cells += [f"{r['n_ok']}/{r['n']}", "; ".join(notes)]
        out.append("| " + " | ".join(cells) + " |")
    out.append("")
    if has_mem:
        out.append("Peak resident memory (median of the runs' peaks; sampled every 0.2 s): the client's processes, "
                   "and the floodgate daemon the fg peers talk to (one process for every run, so it starts a run "
                   "with what earlier runs left it).")
        out.append("")
        for r in rows:
            if r["memory"] and r["memory"].get("peak_server_bytes"):
                out.append(memory.curve_markdown(r["id"], r["memory"]))
    st = table.get("stat_trees") or []
    if st:
        src = _med([x["source_s"] for x in st])
        dst = _med([x["destination_s"] for x in st])
        both = _med([x["both_s"] for x in st])
        ratios = "; ".join(f"{r['id']} {r['nochange_s'] / both:.2f} × both at once, {r['nochange_s'] / (src + dst):.2f} × "
                           "one after the other" for r in rows if r["nochange_s"] and both)
        out.append(f"Statting the trees, in the same run (`find TREE -printf '%s %T@ %m %p\\n'`, warm, median of "
                   f"{len(st)}): the source {_num(src)} s, the destination {_num(dst)} s, both at once {_num(both)} s"
                   f" (both ends share this machine's {os.cpu_count()} cores). No-change re-syncs: {ratios or 'none'}.")
        out.append("")
    return "\n".join(out)


def _first_line(argv) -> str:
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=10)
        return ((r.stdout or r.stderr).strip().splitlines() or ["?"])[0]
    except (OSError, subprocess.SubprocessError):
        return "not installed"


def machine_facts(paths: C.Paths, drop_ok: bool) -> dict:
    cpu = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        mem_kb = int(f.readline().split()[1])
    rev = _first_line(["git", "-C", paths.repo, "rev-parse", "--short", "HEAD"])
    dirty = subprocess.run(["git", "-C", paths.repo, "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    probe = paths.scratch  # made later on a first run: ask its nearest existing parent
    while not os.path.exists(probe) and os.path.dirname(probe) != probe:
        probe = os.path.dirname(probe)
    fs = _first_line(["stat", "-f", "-c", "%T", probe])
    distro = "?"
    if os.path.exists("/etc/os-release"):
        for line in open("/etc/os-release"):
            if line.startswith("PRETTY_NAME="):
                distro = line.split("=", 1)[1].strip().strip('"')
    return {
        "kernel": platform.release(),
        "distro": distro,
        "cpu": f"{os.cpu_count()} × {cpu}",
        "memory": f"{mem_kb / 1048576:.1f} GiB",
        "scratch": f"{paths.scratch} ({fs})",
        "page cache drop": "yes (echo 3 > /proc/sys/vm/drop_caches before each run)" if drop_ok
                           else "not permitted here: sources may be read from cache",
        "floodgate": f"{paths.floodgate} (commit {rev}{' + local changes' if dirty else ''})",
        "rsync": _first_line(["rsync", "--version"]),
        "ssh": _first_line(["ssh", "-V"]),
        "iperf3": _first_line(["iperf3", "--version"]),
        "zstd": _first_line(["zstd", "--version"]),
        "tar": _first_line(["tar", "--version"]),
    }


def facts_markdown(facts: dict, date: str) -> str:
    out = [f"### Machine (as of {date})", ""]
    out += [f"- {k}: {v}" for k, v in facts.items()]
    out.append("")
    return "\n".join(out)


DEFAULT_DOC = f"""# Performance

Floodgate against the tools people use today, side by side on the same
emulated links, produced by the benchmark driver in `bench/` (see
`bench/README.md`). To reproduce on a Debian 12 / Ubuntu 22.04+ machine, as root:

```sh
sudo bench/run.sh                     # the full matrix (prints its expected duration first)
sudo bench/run.sh --link wan --workload small --peers rsync-ssh,tar-tcp,fg-daemon
```

How to read the tables: *seconds* is the wall time of the command (median of
the runs), from an empty destination and a cold page cache. *MB/s* is the
payload (source bytes, 1 MB = 10^6 bytes) divided by it. *wire MB* is all
traffic on the client's link device during the run, both directions (IP
bytes on the emulated links; Ethernet frames on the veth). *× link* compares
with the bulk TCP rate iperf3 measured on the same link in the same run;
*× rsync-ssh* with rsync over ssh. *CPU* is how busy the machine's cores were
during the run; *linkemu CPU* is the emulator's share of one core (it also
carries the receiving kernel's per-packet work: see bench/README.md).

{RESULTS_START}
{RESULTS_END}
"""


def update_doc(path: str, facts_md: str, blocks: dict) -> None:
    """Replace the machine facts and the given blocks, keep every other block."""
    text = open(path).read() if os.path.exists(path) else DEFAULT_DOC
    if RESULTS_START not in text:
        text = text.rstrip() + "\n\n" + RESULTS_START + "\n" + RESULTS_END + "\n"
    head, rest = text.split(RESULTS_START, 1)
    body, tail = rest.split(RESULTS_END, 1)
    existing = {}
    parts = BLOCK.split(body)
    for i in range(1, len(parts), 2):
        existing[parts[i]] = parts[i + 1].strip("\n")
    existing["machine"] = facts_md.strip("\n")
    for key, md in blocks.items():
        existing[key] = md.strip("\n")
    order = ["machine"] + [f"{ln}/{w}" for ln in C.LINK_ORDER for w in C.WORKLOAD_ORDER + C.EXTRA_WORKLOADS]
    keys = [k for k in order if k in existing] + sorted(k for k in existing if k not in order)
    new_body = "\n## Results\n\n" + "\n\n".join(f"<!-- fgbench:block {k} -->\n{existing[k]}" for k in keys) + "\n"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(head + RESULTS_START + new_body + RESULTS_END + tail)
