"""--lab: `floodgate lab` on the benchmark's links (docs/LAB.md).

The same namespaces, emulated link and daemon as the benchmark's fg-daemon
peer (module `bench`, `--allow-plaintext` so `cipher=none` can be tried);
the lab runs in the client namespace against floodgate://SERVER:PORT/bench
and does its own timing, rounds and verdict. This file only starts it, keeps
its JSON and log, and writes what it found as a Markdown section (stdout,
the results dir, and with --lab-docs docs/LAB.md plus a copy of the JSON in
docs/lab/ for the GUI).
"""

import json
import os
import re
import shlex
import subprocess
import time

from . import config as C
from . import netns
from .proc import TICK, log, machine_cpu, spawn, wait_idle

DOC_HEADING = "## An experiment on the benchmark's links"
DOC_PLACEHOLDER = "(below: measured with the benchmark's emulated links)"
DOC_START = "<!-- fgbench:lab:start -->"
DOC_END = "<!-- fgbench:lab:end -->"
DOC_BLOCK = re.compile(r"^<!-- fgbench:lab-block (\S+) -->$", re.M)
DOC_INTRO = f"""Made by the benchmark driver (bench/README.md, "--lab"): its two network namespaces and
emulated link, its daemon in the server namespace (module `bench` on a fresh ext4, with
`--allow-plaintext` so `cipher=none` can be tried), and `floodgate lab ... --json` in the client
namespace against it. Each block below is replaced when the same experiment (link, factors,
workload kind) is run again with `--lab-docs`; the JSON of each is in `docs/lab/`, where the
GUI's Lab window opens it.

In the tables, *median s* is a trial's whole time (connecting and listing included); *MB/s* is
file bytes over it and *predicted* the probe's figure for that setting (1 MB = 10^6 bytes);
*wire MB* is what the job counted on its connections; *CPU* is each end's process time in a
trial (the daemon's counted from its first report, a quarter second in) and its share of one
core over the median time. The marks are the lab's: **best** (beyond the runs' spread),
*fastest* (not beyond it), *~ same* (within the best's spread)."""

# Set by the driver for every lab; given in LAB ARGS they would clash.
DRIVER_OPTIONS = ("--json", "--csv", "--state-dir", "--local-dir", "--clean")

# A copy in docs/ larger than this loses its `curve` arrays (the GUI still
# opens it; only the per-trial rate plot is empty).
DOC_JSON_MAX = 100_000


def check_args(lab_args) -> str:
    """Why these LAB ARGS cannot be run by the driver, or ""."""
    for a in lab_args:
        if a.split("=", 1)[0] in DRIVER_OPTIONS:
            return f"--lab: {a.split('=', 1)[0]} is set by the driver (it adds --json, --state-dir and --local-dir)"
    if not any(a == "--vary" or a.startswith("--vary=") for a in lab_args):
        return "--lab: give at least one --vary FACTOR=LEVELS"
    return ""


def workload_bytes(lab_args) -> int:
    """The workload size asked for (`--workload KIND[:...][:SIZE]`), to size the
    destination file system; the lab's default when none is given."""
    text = "mixed:256M"
    for i, a in enumerate(lab_args):
        if a == "--workload" and i + 1 < len(lab_args):
            text = lab_args[i + 1]
        elif a.startswith("--workload="):
            text = a.split("=", 1)[1]
    m = re.search(r":(\d+(?:\.\d+)?)([KMGT]?)(?:i?B)?$", text, re.I)
    if not m:
        return 256 << 20
    return int(float(m.group(1)) * 1024 ** "_KMGT".index(m.group(2).upper() or "_"))


def run_experiment(lab_args, ln, net, servers, paths, logdir, iperf, sysctls, command, args, own_cpu) -> dict:
    """One `floodgate lab` in the client namespace, against the daemon in the
    server namespace; its progress is logged as it comes."""
    target = f"floodgate://{C.SERVER_IP}:{C.FLOODGATE_PORT}/bench"
    local = os.path.join(paths.scratch, "lab-src")
    os.makedirs(local, exist_ok=True)
    lab_argv = ["lab", *lab_args, "--json", "--state-dir", servers.fg_client_state, "--local-dir", local, target]
    json_path = os.path.join(paths.results, f"lab-{ln.name}.json")
    err_path = os.path.join(paths.results, f"lab-{ln.name}.err")
    background = wait_idle(args.idle_below, args.idle_wait)
    emu_before = net.emu_snapshot()
    emu0 = net.emu_ticks()
    busy0, total0, task0 = machine_cpu()
    own0 = own_cpu.seconds()
    t0 = time.monotonic()
    log(f"[{ln.name}] floodgate {shlex.join(lab_argv)}")
    with open(json_path, "w") as out, open(err_path, "w") as err:
        # Without a terminal the lab prints its progress only when asked.
        p = spawn(["env", "FG_LAB_PROGRESS=1", paths.floodgate, *lab_argv], ns=C.NS_CLIENT,
                  stdout=out, stderr=subprocess.PIPE)
        for line in p.stderr:
            err.write(line)
            err.flush()
            log(f"[{ln.name}] lab: {line.rstrip()}")
        rc = p.wait()
    seconds = time.monotonic() - t0
    busy1, total1, task1 = machine_cpu()
    ncpu = os.cpu_count() or 1
    exp = {
        "link": ln.name, "link_desc": ln.describe(), "loss": ln.loss, "iperf": iperf, "sysctls": sysctls,
        "cc_forced": bool(args.cc), "command": command, "lab_command": "floodgate " + shlex.join(lab_argv),
        "date": time.strftime("%Y-%m-%d %H:%M %Z"), "rc": rc, "seconds": seconds,
        "json_path": json_path, "err_path": err_path, "background_cpu_pct": background,
        "machine_cpu_pct": 100.0 * (busy1 - busy0) / max(1, total1 - total0),
        "other_cpu_pct": (100.0 * max(0.0, (task1 - task0) / TICK - (own_cpu.seconds() - own0)) / (seconds * ncpu)
                          if own_cpu.dir else None),
        "emu_cpu_pct": 100.0 * (net.emu_ticks() - emu0) / TICK / seconds if net.emu else None,
        "linkemu": netns.emu_delta(emu_before, net.emu_snapshot()),
    }
    try:
        with open(json_path) as f:
            exp["lab"] = json.load(f)
    except ValueError:
        exp["lab"] = None
    with open(os.path.join(paths.results, f"lab-{ln.name}-context.json"), "w") as f:
        json.dump({k: v for k, v in exp.items() if k != "lab"}, f, indent=1)
    log(f"[{ln.name}] lab exited {rc} after {seconds:.0f} s; JSON in {json_path}, log in {err_path}")
    return exp


# -- the Markdown section -------------------------------------------------

def _mb(x) -> str:
    if x is None:
        return "–"
    x /= 1e6
    return f"{x:,.0f}" if x >= 100 else f"{x:.1f}" if x >= 10 else f"{x:.2f}"


def _s(x) -> str:
    return "–" if x is None else f"{x:.2f}" if x < 10 else f"{x:.1f}"


def _cpu(cpu, seconds) -> str:
    """CPU seconds, and the share of one core over the setting's median time."""
    if cpu is None:
        return "–"
    return f"{_s(cpu)} s ({100 * cpu / seconds:.0f} %)" if seconds else f"{_s(cpu)} s"


def experiment_key(exp: dict) -> str:
    """What makes two experiments the same one for docs/LAB.md: link, factors, workload kind."""
    lab = exp.get("lab") or {}
    settings = (lab.get("summary") or {}).get("settings") or [{}]
    factors = "+".join(settings[0].get("levels", {}).keys()) or "none"
    kind = (lab.get("workload") or "unknown").split(":", 1)[0]
    return f"{exp['link']}/{factors}/{kind}"


def section_markdown(exp: dict, json_doc: str = "") -> str:
    lab = exp.get("lab")
    key = experiment_key(exp)
    link, factors, kind = key.split("/")
    out = [f"### {link} · {factors.replace('+', ' × ')} · {lab['workload'] if lab else kind}", ""]
    cc = exp["sysctls"].get("net.ipv4.tcp_congestion_control", "?")
    ip = exp.get("iperf") or {}
    bulk = ", ".join(f"{n} {ip[k]['mbytes_per_s']:.1f} MB/s" for k, n in (("one", "1 stream"), ("eight", "8 streams"))
                     if (ip.get(k) or {}).get("mbytes_per_s"))
    out.append(f"Link: {exp['link_desc']}; congestion control {cc}"
               f"{' (--cc)' if exp['cc_forced'] else ' (the machine default)'}, loss {exp['loss']:g}."
               + (f" Bulk TCP measured just before (iperf3, {ip.get('seconds')} s after {ip.get('omit')} s of "
                  f"warm-up): {bulk}." if bulk else ""))
    out.append("")
    out.append(f"Measured {exp['date']} with `{exp['command']}`, which ran in the client namespace:")
    out.append("")
    out.append("```")
    out.append(exp["lab_command"])
    out.append("```")
    out.append("")
    if not lab:
        out.append(f"**The lab printed no report** (exit status {exp['rc']}); its log: "
                   f"`{exp['err_path']}`.")
        return "\n".join(out) + "\n"
    emu = exp.get("linkemu") or {}
    drops = sum((emu.get(d) or {}).get("drop_queue", 0) for d in ("a_to_b", "b_to_a"))
    facts = [f"workload {lab['workload']} ({lab['workload_files']:,} files, {_mb(lab['workload_bytes'])} MB)",
             f"{lab['runs']} run{'s' if lab['runs'] != 1 else ''} of each setting, seed {lab['seed']}",
             f"the probe's network rate {_mb(lab.get('link_bytes_per_second'))} MB/s",
             f"{exp['seconds'] / 60:.1f} min in all",
             f"machine {exp['machine_cpu_pct']:.0f} % busy over it ({os.cpu_count()} cores)"]
    if exp.get("other_cpu_pct") is not None:
        facts[-1] += f", other people's processes {exp['other_cpu_pct']:.0f} % of the machine"
    if exp.get("background_cpu_pct", 0) > 15:
        facts.append(f"the machine was {exp['background_cpu_pct']:.0f} % busy with other work just before it")
    if exp.get("emu_cpu_pct") is not None:
        facts.append(f"linkemu {exp['emu_cpu_pct']:.0f} % of a core, {drops:,} packets dropped by its full queue")
    text = "; ".join(facts)
    out.append(text[0].upper() + text[1:] + ".")
    out.append("")
    head = ["setting", "runs", "median s", "fastest–slowest s", "MB/s", "predicted MB/s", "wire MB",
            "CPU client", "CPU daemon", "bottleneck", ""]
    out.append("| " + " | ".join(head) + " |")
    out.append("|---|" + "---:|" * 8 + "---|---|")
    summary = lab.get("summary") or {}
    best = (summary.get("best") or {}).get("setting")
    significant = (summary.get("best") or {}).get("significant")
    for s in summary.get("settings", []):
        mark = ("**best**" if significant else "fastest") if s["setting"] == best else "~ same" if s.get("like_best") else ""
        if s.get("skipped") or not s.get("runs"):
            why = ("skipped: " + s["skipped"]) if s.get("skipped") else "no run finished"
            out.append(f"| `{s['setting']}` | {s.get('runs', 0)} | {why.replace('|', '/')} |" + " |" * 8)
            continue
        there = (s.get("median_cpu") or {}).get("there")
        out.append("| " + " | ".join([
            f"`{s['setting']}`", str(s["runs"]), _s(s["median_seconds"]),
            f"{_s(s['min_seconds'])}–{_s(s['max_seconds'])}", _mb(s["median_bytes_per_second"]),
            _mb(s.get("predicted_bytes_per_second")), _mb(s["median_wire_bytes"]),
            _cpu((s.get("median_cpu") or {}).get("here"), s["median_seconds"]), _cpu(there, s["median_seconds"]),
            s.get("bottleneck") or "–", mark]) + " |")
    out.append("")
    out.append(f"The lab's conclusion: *{summary.get('conclusion', '?')}*")
    if (summary.get("best") or {}).get("reproduce"):
        out.append(f"Reproduce: `{summary['best']['reproduce']}`.")
    failed = [t for t in lab.get("trials", []) if not t.get("ok")]
    if failed:
        out.append("")
        out.append(f"{len(failed)} trial(s) failed: " + "; ".join(
            f"`{t['setting']}` run {t['run']}: {t.get('error', '?')}" for t in failed[:4]) + ".")
    preds = [(s["setting"], s.get("prediction")) for s in summary.get("settings", []) if s.get("prediction")]
    if preds:
        out.append("")
        out.append("What each prediction stands on (the slowest layer the probe measured; in floodgate's "
                   "own units here, 1 MB = 2^20 bytes):")
        out.append("")
        out += [f"- `{name}`: {basis}" for name, basis in preds]
    notes = lab.get("notes") or []
    if notes:
        out.append("")
        out += [f"Note (the lab's): {n}" for n in notes]
    out.append("")
    out.append(f"Raw JSON: `{json_doc or exp['json_path']}`.")
    return "\n".join(out) + "\n"


# -- docs/LAB.md and docs/lab/ ------------------------------------------------

def doc_json_name(exp: dict) -> str:
    return experiment_key(exp).replace("/", "-").replace("+", "-") + ".json"


def write_doc_json(exp: dict, path: str) -> None:
    """The lab's JSON as the GUI opens it; without the rate curves if large."""
    with open(exp["json_path"]) as f:
        raw = f.read()
    data = json.loads(raw)
    text = json.dumps(data, indent=1, ensure_ascii=False)
    if len(text) > DOC_JSON_MAX:
        for t in data.get("trials", []):
            t["curve"] = []
        text = json.dumps(data, indent=1, ensure_ascii=False)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text + "\n")


def update_doc(path: str, key: str, md: str) -> None:
    """Replace (or add) one experiment's block in the docs/LAB.md section; the
    rest of the file and the other experiments' blocks are kept."""
    text = open(path).read() if os.path.exists(path) else "# The Tuning Lab\n"
    if DOC_START not in text:
        markers = f"{DOC_INTRO}\n\n{DOC_START}\n{DOC_END}"
        if DOC_PLACEHOLDER in text:
            text = text.replace(DOC_PLACEHOLDER, markers, 1)
        elif DOC_HEADING in text:
            text = text.replace(DOC_HEADING, f"{DOC_HEADING}\n\n{markers}", 1)
        else:
            text = text.rstrip() + f"\n\n{DOC_HEADING}\n\n{markers}\n"
    head, rest = text.split(DOC_START, 1)
    body, tail = rest.split(DOC_END, 1)
    blocks = {}
    parts = DOC_BLOCK.split(body)
    for i in range(1, len(parts), 2):
        blocks[parts[i]] = parts[i + 1].strip("\n")
    blocks[key] = md.strip("\n")
    order = {ln: i for i, ln in enumerate(C.LINK_ORDER)}
    keys = sorted(blocks, key=lambda k: (order.get(k.split("/")[0], 99), k))
    body = "\n" + "\n\n".join(f"<!-- fgbench:lab-block {k} -->\n{blocks[k]}" for k in keys) + "\n"
    with open(path, "w") as f:
        f.write(head + DOC_START + body + DOC_END + tail)
