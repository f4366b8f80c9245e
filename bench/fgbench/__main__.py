"""fgbench: Floodgate side by side with rsync, scp and tar on emulated links.

Run through bench/run.sh (which installs packages and builds the tools);
`bench/run.sh --help` lists the options. The order of work:
  1. clean up what a crashed earlier run left (namespaces, linkemu)
  2. print the plan and its expected duration
  3. generate the workloads (before any link exists: nothing competes for CPU)
  4. per link: namespaces + link, servers, iperf3, then per workload
     N rounds of every peer (interleaved, so drift hits all peers alike)
  5. tables on stdout, raw results in --results, docs/PERFORMANCE.md updated
  6. always: servers stopped, namespaces and TUN devices gone, scratch removed
     unless --keep
"""

import argparse
import json
import os
import shlex
import signal
import subprocess
import sys
import time

from . import config as C
from . import dstfs, lab, linktest, netns, peers, proc, report, runner, workloads
from .proc import log
from .servers import Servers

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def parse_args(argv):
    ap = argparse.ArgumentParser(
        prog="bench/run.sh",
        description="Floodgate vs rsync/scp/tar over a veth pair and emulated links, in two network "
                    "namespaces on this machine. Run as root.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="links: fast (veth), lan (1 Gbit/s, 0.5 ms RTT), wan (500 Mbit/s, 141 ms RTT)\n"
               "workloads: small (65,536 × 4 KiB), big (1 GiB), mixed (~20k files), delta (an update of 1 GiB)\n"
               f"peers: {', '.join(peers.PEER_IDS)}\n\n"
               "examples:\n"
               "  sudo bench/run.sh --quick --link fast          # smoke test, ~1 min\n"
               "  sudo bench/run.sh --link wan --workload small,big --peers rsync-ssh,tar-tcp,fg-daemon\n"
               "  sudo bench/run.sh --link lan --fg-args '--streams 4'\n"
               "  sudo bench/run.sh --plan                       # only print the plan and its duration\n"
               "  sudo bench/run.sh --link wan --lab '--vary streams=1,4 --workload mixed:64M' --lab-docs")
    ap.add_argument("--link", default="fast,lan,wan", help="comma list of links (default: all)")
    ap.add_argument("--workload", default="small,big,mixed,delta", help="comma list of workloads (default: all)")
    ap.add_argument("--peers", default=",".join(peers.PEER_IDS), help="comma list of peers (default: all)")
    ap.add_argument("--skip-peers", default="", help="comma list of peers to leave out")
    ap.add_argument("--runs", type=int, help="runs per peer, the median is reported (default 3; 1 with --quick)")
    ap.add_argument("--quick", action="store_true", help="small workloads and short link tests: a smoke test")
    ap.add_argument("--nochange", action="store_true",
                    help="after each run, time the same sync again into the full destination (delta tools)")
    ap.add_argument("--stat-trees", action="store_true",
                    help="after each round, time `find -printf` of the source and of the complete destination "
                         "(one, the other, both at once): what a no-change sync costs at the least")
    ap.add_argument("--fg-args", default="", help="extra flags for every `floodgate sync`, e.g. '--streams 4'")
    ap.add_argument("--baseline", default=os.environ.get("FGBENCH_BASELINE", ""),
                    help="another floodgate binary (a build of an earlier commit): every Floodgate peer runs "
                         "with it too, as PEER@base, in the same rounds (run.sh --baseline-rev REV builds one)")
    ap.add_argument("--floodgate", default=os.environ.get("FGBENCH_FLOODGATE",
                                                          os.path.join(REPO, "build-bench/app/floodgate")),
                    help="the floodgate binary (default: build-bench/app/floodgate, built by run.sh)")
    ap.add_argument("--cc", help="congestion control in both namespaces (default: the machine's)")
    ap.add_argument("--queue", help="override the emulated links' drop-tail queue (e.g. 17.6MB, 1000p)")
    ap.add_argument("--loss", type=float, default=0.0, help="random loss on the emulated links (e.g. 0.0001)")
    ap.add_argument("--scratch", default="/var/tmp/fgbench", help="workloads and destinations (default %(default)s)")
    ap.add_argument("--results", help="raw results and logs (default /var/tmp/fgbench-results/DATE-TIME)")
    ap.add_argument("--docs", help="the PERFORMANCE.md to update (default docs/PERFORMANCE.md; "
                                   "--quick runs update nothing unless given)")
    ap.add_argument("--no-docs", action="store_true", help="do not update docs/PERFORMANCE.md")
    ap.add_argument("--keep", action="store_true", help="keep the scratch dir (generated workloads are reused)")
    ap.add_argument("--timeout", type=float, default=1800, help="most seconds one run may take (default 1800)")
    ap.add_argument("--max-peer-seconds", type=float, default=1200,
                    help="skip a peer whose estimated single run takes longer (default 1200; scp on many "
                         "small files over the wan link needs hours)")
    ap.add_argument("--dst-fs", choices=("ext4", "tmpfs", "scratch"), default="ext4",
                    help="the destinations' file system: a fresh ext4 made for the run (default), a fresh "
                         "tmpfs (memory: the receiving end's CPU, not its disk, decides), or the scratch "
                         "file system itself (see bench/README.md: recently deleted inodes)")
    ap.add_argument("--dst-on-scratch", dest="dst_fs", action="store_const", const="scratch",
                    help=argparse.SUPPRESS)
    ap.add_argument("--memory", action="store_true",
                    help="sample each run's resident memory on both ends (the client's processes, the floodgate "
                         "daemon) every 0.2 s: peaks in the table, the curve of each floodgate peer under it")
    ap.add_argument("--no-drop-caches", action="store_true", help="leave the page cache alone")
    ap.add_argument("--idle-below", type=float, default=15,
                    help="before each run, wait until the machine is at most this %% busy (default 15): "
                         "other people's builds on a shared machine skew the figures")
    ap.add_argument("--idle-wait", type=float, default=600,
                    help="wait at most this many seconds for that (default 600), then run anyway and note it")
    ap.add_argument("--plan", action="store_true", help="print the plan and expected duration, then stop")
    ap.add_argument("--emu-ceiling", action="store_true",
                    help="measure linkemu's own ceiling (no rate limit, no delay) with iperf3, then stop")
    ap.add_argument("--lab", metavar="LAB_ARGS",
                    help="instead of the benchmark: run `floodgate lab LAB_ARGS` (one quoted string, e.g. "
                         "'--vary streams=1,4 --workload mixed:64M') on each --link against the benchmark's "
                         "daemon, and print its table as Markdown (docs/LAB.md)")
    ap.add_argument("--lab-docs", nargs="?", const=os.path.join(REPO, "docs/LAB.md"), metavar="FILE",
                    help="with --lab: write the section into FILE (default docs/LAB.md) and the JSON into "
                         "docs/lab/ beside it")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every command")
    # consumed by run.sh; accepted here so one option list serves both
    ap.add_argument("--no-build", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--no-install", action="store_true", help=argparse.SUPPRESS)
    return ap.parse_args(argv)


def split(text):
    return [x for x in (t.strip() for t in text.split(",")) if x]


def fmt_duration(s: float) -> str:
    s = int(s)
    return f"{s // 3600} h {s % 3600 // 60:02d} min" if s >= 3600 else f"{s // 60} min {s % 60:02d} s"


class Plan:
    """What will run, with rough durations, decided before anything starts."""

    def __init__(self, args, links, specs, chosen):
        self.items = []   # (link, spec, peer, est_one_run, skip_reason)
        self.total = 0.0
        runs = args.runs
        for ln in links:
            self.total += 2 * (12 if not args.quick else 5) + 10       # iperf3 tests, server start
            for spec in specs:
                nbytes = estimate_bytes(spec)
                for p in chosen:
                    est = peers.estimate_seconds(p, ln, spec.files, nbytes)
                    skip = None
                    if spec.name == "delta" and p.kind == "scp":
                        skip = "scp copies into a new directory; it cannot update an existing tree"
                    elif est > args.max_peer_seconds:
                        skip = f"estimated {fmt_duration(est)} per run (> --max-peer-seconds)"
                    else:
                        # + emptying the destination, cache drop, verification
                        per_run = est + spec.files * 0.00005 + nbytes / 0.8e9 + 1
                        if args.nochange and p.nochange:
                            per_run += est * 0.3
                        self.total += runs * per_run
                    self.items.append((ln, spec, p, est, skip))

    def print(self):
        log("plan (durations are rough guesses; the run measures the real ones):")
        cur = None
        for ln, spec, p, est, skip in self.items:
            if (ln.name, spec.name) != cur:
                cur = (ln.name, spec.name)
                print(f"  {ln.name} · {spec.name} ({spec.description})")
            print(f"    {p.id:14} ~{fmt_duration(est):>14} per run" + (f"   SKIPPED: {skip}" if skip else ""))
        log(f"expected total: about {fmt_duration(self.total)} (plus generating workloads the first time)")


def estimate_bytes(spec: C.WorkloadSpec) -> int:
    if spec.name == "small":
        return spec.files * spec.file_size
    if spec.name in ("big", "delta"):
        return spec.size
    mean = spec.median_size * 2.718281828 ** (spec.sigma ** 2 / 2)
    return int(min(mean, spec.max_size) * (spec.files - len(spec.big_files)) + sum(spec.big_files))


def main(argv) -> int:
    args = parse_args(argv)
    proc.VERBOSE = args.verbose
    if os.geteuid() != 0:
        print("fgbench: needs root (network namespaces, TUN devices, drop_caches): sudo bench/run.sh ...",
              file=sys.stderr)
        return 1
    if args.runs is None:
        args.runs = 1 if args.quick else 3
    presets = C.link_presets()
    specs_all = C.workload_specs(args.quick)
    try:
        links = [presets[x] for x in split(args.link)]
        specs = [specs_all[x] for x in split(args.workload)]
    except KeyError as e:
        print(f"fgbench: unknown link or workload {e}", file=sys.stderr)
        return 1
    for ln in links:
        if ln.kind == "emu":
            ln.queue = args.queue or ln.queue
            ln.loss = args.loss
    if args.lab is not None:
        why = lab.check_args(shlex.split(args.lab))
        if why:
            print(f"fgbench: {why}", file=sys.stderr)
            return 1
    elif args.lab_docs:
        print("fgbench: --lab-docs goes with --lab", file=sys.stderr)
        return 1
    # --lab runs no benchmark peer; it needs only the floodgate binary
    chosen = [] if args.lab is not None else \
        [p for p in peers.select(split(args.peers)) if p.id not in split(args.skip_peers)]
    if not os.access(args.floodgate, os.X_OK) and (args.lab is not None or any(p.kind.startswith("fg") for p in chosen)):
        print(f"fgbench: no floodgate binary at {args.floodgate} (build it, or --floodgate PATH)", file=sys.stderr)
        return 1
    # On the command line (recorded as given), or from run.sh's --baseline-rev.
    baseline_given = args.baseline != os.environ.get("FGBENCH_BASELINE", "")
    if args.baseline and args.lab is None:
        if not os.access(args.baseline, os.X_OK):
            print(f"fgbench: no floodgate binary at --baseline {args.baseline}", file=sys.stderr)
            return 1
        args.baseline = os.path.abspath(args.baseline)
        chosen = peers.with_baselines(chosen)

    stamp = time.strftime("%Y%m%d-%H%M%S")
    paths = C.Paths(repo=REPO, scratch=os.path.abspath(args.scratch),
                    results=os.path.abspath(args.results or f"/var/tmp/fgbench-results/{stamp}"),
                    floodgate=os.path.abspath(args.floodgate),
                    tools=os.environ.get("FGBENCH_TOOLS", os.path.join(REPO, "build-bench/bench-tools")),
                    docs=None)
    if not args.no_docs and (args.docs or not args.quick):
        paths.docs = os.path.abspath(args.docs or os.path.join(REPO, "docs/PERFORMANCE.md"))
    command = "sudo bench/run.sh" + (" " + shlex.join(argv) if argv else "")
    if args.baseline and not baseline_given:
        # From the environment: run.sh takes --baseline-rev itself and passes
        # the binary it built that way.
        rev = os.environ.get("FGBENCH_BASELINE_REV")
        command += f" --baseline-rev {rev}" if rev else f" --baseline {args.baseline}"


    # SIGTERM/SIGHUP take the same way out as Ctrl-C, so cleanup always runs.
    def on_signal(signum, _frame):
        raise KeyboardInterrupt(f"signal {signum}")
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)

    netns.clean_stale()
    dst_root = os.path.join(paths.scratch, "dst")  # the servers' module root (servers.py)
    dstfs.unmount(dst_root)  # a crashed earlier run's
    if args.emu_ceiling:
        return emu_ceiling(paths, args)
    if args.lab is not None:
        return lab_mode(paths, args, links, command)

    plan = Plan(args, links, specs, chosen)
    plan.print()
    if args.plan:
        return 0

    os.makedirs(paths.results, exist_ok=True)
    logdir = os.path.join(paths.results, "logs")
    os.makedirs(logdir, exist_ok=True)
    log(f"raw results and logs: {paths.results}")
    started = time.monotonic()
    net = servers = None
    results = {"command": command, "started": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "tables": []}
    drop_ok = not args.no_drop_caches and runner.drop_caches()
    own_cpu = proc.OwnCpu()   # from here on, our processes are counted apart from others'
    if not own_cpu.dir:
        log("no cgroup for our CPU accounting: other people's CPU use during runs is not measured")
    facts = report.machine_facts(paths, drop_ok)
    if args.no_drop_caches:
        facts["page cache drop"] = "no (--no-drop-caches): sources are read from the page cache"
    results["machine"] = facts
    try:
        wls = {s.name: workloads.ensure(s, os.path.join(paths.scratch, "src"), paths.tools) for s in specs}
        # An update holds the old version and the new one's temporary file.
        destination = dstfs.mount_fresh(args.dst_fs, paths.scratch, dst_root,
                                        max(w.bytes * (2 if w.basis else 1) for w in wls.values()),
                                        max(w.entries for w in wls.values()),
                                        inline=any(w.spec.inline for w in wls.values()))
        # The machine's facts are shared by every table in the docs: the
        # usual destination there, and each table names its own.
        facts["destination"] = destination if args.dst_fs == "ext4" else \
            f"a fresh ext4 image, loop-mounted, unless a table's heading says 'into {args.dst_fs}' ({destination})"
        servers = Servers(paths.scratch, logdir, paths.floodgate, args.baseline)
        for ln in links:
            log(f"link {ln.name}: {ln.describe()}")
            net = netns.Network(ln, paths.tools, logdir, args.cc)
            net.up()
            servers.start()
            iperf = linktest.measure(args.quick, net)
            sysctls = net.sysctls()
            for spec in specs:
                table = run_table(args, ln, wls[spec.name], chosen, plan, net, servers, paths, logdir,
                                  iperf, sysctls, command, drop_ok, own_cpu, destination)
                results["tables"].append(table)
                with open(os.path.join(paths.results, "results.json"), "w") as f:
                    json.dump(results, f, indent=1)
                md = report.table_markdown(table)
                print("\n" + md, flush=True)
                with open(os.path.join(paths.results, "tables.md"), "a") as f:
                    f.write(md + "\n")
                if paths.docs:
                    # A destination other than the usual ext4 is a table of its own.
                    key = (f"{ln.name}/{spec.name}" + ("" if args.dst_fs == "ext4" else f"-{args.dst_fs}")
                           + ("-quick" if args.quick else ""))
                    report.update_doc(paths.docs, report.facts_markdown(facts, table["date"]), {key: md})
            servers.stop()
            net.down()
            net = None
        log(f"done in {fmt_duration(time.monotonic() - started)} (estimated {fmt_duration(plan.total)})")
        if paths.docs:
            log(f"updated {paths.docs}")
        return 0
    except KeyboardInterrupt as e:
        log(f"interrupted ({e or 'Ctrl-C'}); cleaning up")
        return 130
    finally:
        teardown(servers, net)
        dstfs.unmount(dst_root)
        dstfs.remove_image(paths.scratch)
        workloads.unmount_images(os.path.join(paths.scratch, "src"))
        if "own_cpu" in locals():
            own_cpu.close()
        if not args.keep and os.path.isdir(paths.scratch):
            subprocess.run(["rm", "-rf", "--", paths.scratch])
            log(f"removed {paths.scratch}")


def run_table(args, ln, wl, chosen, plan, net, servers, paths, logdir, iperf, sysctls, command, drop_ok,
              own_cpu, destination) -> dict:
    """Every chosen peer, args.runs times, on one (link, workload) pair."""
    dst_name = "tree"
    ctx = peers.Ctx(src=wl.root, dst=os.path.join(servers.dst_root, dst_name), dst_name=dst_name,
                    ssh_config=servers.ssh_config, floodgate=paths.floodgate,
                    fg_client_state=servers.fg_client_state, fg_args=args.fg_args, tools=paths.tools,
                    fg_base=args.baseline, fg_base_client_state=servers.fg_base_client_state)
    def daemon_pid(peer) -> int:
        """The floodgate daemon a peer talks to (its memory is the server end's)."""
        if peer.kind != "fg":
            return 0
        proc_ = servers.procs.get("floodgate-base" if peer.id.endswith("@base") else "floodgate")
        return proc_.pid if proc_ else 0
    run = runner.Runner(net, ctx, servers.dst_root, logdir, drop=not args.no_drop_caches,
                        idle_pct=args.idle_below, idle_wait=args.idle_wait, own_cpu=own_cpu,
                        memory=daemon_pid if args.memory else None)
    table = {"link": ln.name, "link_desc": ln.describe(), "workload": wl.spec.name,
             "workload_desc": wl.spec.description, "files": wl.files, "bytes": wl.bytes, "iperf": iperf,
             "sysctls": sysctls, "command": command, "date": time.strftime("%Y-%m-%d %H:%M %Z"),
             "runs": args.runs, "cache_dropped": drop_ok, "fg_args": args.fg_args, "destination": destination,
             "dst_fs": args.dst_fs, "peers": []}
    estimates = {p.id: (est, skip) for (l2, s2, p, est, skip) in plan.items
                 if l2.name == ln.name and s2.name == wl.spec.name}
    rows = {p.id: {"id": p.id, "label": p.label, "runs": [], "nochange": [], "skipped": estimates[p.id][1]}
            for p in chosen}
    table["peers"] = list(rows.values())
    emu_before = net.emu_snapshot()
    for i in range(args.runs):
        # Every other round runs the peers in reverse, so that no peer always
        # follows the same one: a run can inherit the machine's state from the
        # run before it (into the loop-mounted ext4, every other run of an
        # unencrypted --fsync none push took 2.2-2.6 s against 0.6 s, so of
        # two such peers side by side the second was always the slow one).
        for p in (chosen if i % 2 == 0 else chosen[::-1]):
            est, skip = estimates[p.id]
            if skip:
                continue
            servers.check_alive()
            timeout = min(args.timeout, max(120.0, 5 * est))
            tag = f"{ln.name}-{wl.spec.name}-{p.id}-{i + 1}"
            res = run.run(p, wl.manifest, tag, timeout, basis=wl.basis)
            rows[p.id]["runs"].append(res)
            say = (f"{res['seconds']:.2f} s, {wl.bytes / res['seconds'] / 1e6:.1f} MB/s, "
                   f"wire {res['wire_bytes'] / 1e6:.1f} MB, CPU {res['cpu_pct']:.0f}%"
                   + (f", linkemu {res['emu_cpu_pct']:.0f}%" if res.get("emu_cpu_pct") is not None else "")
                   + (f", others {res['other_cpu_pct']:.0f}%" if res.get("other_cpu_pct") is not None else "")
                   if res.get("seconds") else "")
            log(f"[{ln.name}/{wl.spec.name}] run {i + 1}/{args.runs} {p.id}: "
                + ("ok, " + say if res["ok"] else f"FAILED: {res['error']}"))
            if res["ok"] and args.nochange and p.nochange:
                nc = run.rerun(p, tag, timeout)
                rows[p.id]["nochange"].append(nc)
                if nc["ok"]:
                    log(f"    no-change rerun: {nc['seconds']:.2f} s, wire {nc['wire_bytes'] / 1e6:.2f} MB")
                else:
                    log(f"    no-change rerun FAILED: {nc['error']}")
        if args.stat_trees:
            st = run.stat_trees(wl.root)
            table.setdefault("stat_trees", []).append(st)
            log(f"    find -printf: source {st['source_s']:.2f} s, destination {st['destination_s']:.2f} s, "
                f"both at once {st['both_s']:.2f} s")
    table["linkemu"] = netns.emu_delta(emu_before, net.emu_snapshot())
    return table


def teardown(servers, net) -> None:
    """Servers stopped, the link down, and anything else of ours in the
    namespaces gone: also after an error or Ctrl-C."""
    if servers:
        servers.stop()
    if net:
        net.down()
    netns.clean_stale()


def emu_ceiling(paths, args) -> int:
    """linkemu with no rate limit and no delay: how much it can forward, and
    at what CPU cost, compared with the plain veth pair."""
    logdir = os.path.join(paths.results, "logs")
    os.makedirs(logdir, exist_ok=True)
    servers = net = None
    out = {}
    try:
        servers = Servers(paths.scratch, logdir, paths.floodgate)
        for ln in (C.Link("ceiling", "emu", queue="0"), C.link_presets()["fast"]):
            net = netns.Network(ln, paths.tools, logdir, args.cc)
            net.up()
            servers.start()
            out[ln.name] = linktest.measure(args.quick, net)
            servers.stop()
            net.down()
            net = None
        print(json.dumps(out, indent=1))
        return 0
    finally:
        teardown(servers, net)
        if not args.keep:
            subprocess.run(["rm", "-rf", "--", paths.scratch])


def lab_mode(paths, args, links, command) -> int:
    """--lab: per link, the benchmark's namespaces, link and servers, then
    `floodgate lab` against its daemon (fgbench/lab.py); a Markdown section
    per experiment on stdout, in the results dir and with --lab-docs in
    docs/LAB.md."""
    lab_args = shlex.split(args.lab)
    logdir = os.path.join(paths.results, "logs")
    os.makedirs(logdir, exist_ok=True)
    log(f"raw results and logs: {paths.results}")
    dst_root = os.path.join(paths.scratch, "dst")
    servers = net = None
    own_cpu = proc.OwnCpu()
    failures = 0
    try:
        # The trials create and delete the workload again and again: on a
        # fresh ext4, as the benchmark's peers (README: recently deleted inodes).
        dstfs.mount_fresh(args.dst_fs, paths.scratch, dst_root, 2 * lab.workload_bytes(lab_args))
        servers = Servers(paths.scratch, logdir, paths.floodgate)
        for ln in links:
            log(f"link {ln.name}: {ln.describe()}")
            net = netns.Network(ln, paths.tools, logdir, args.cc)
            net.up()
            servers.start()
            iperf = linktest.measure(args.quick, net)
            exp = lab.run_experiment(lab_args, ln, net, servers, paths, logdir, iperf, net.sysctls(), command,
                                     args, own_cpu)
            failures += exp["lab"] is None
            json_doc = ""
            if args.lab_docs and exp["lab"]:
                docs = os.path.abspath(args.lab_docs)
                json_path = os.path.join(os.path.dirname(docs), "lab", lab.doc_json_name(exp))
                lab.write_doc_json(exp, json_path)
                json_doc = os.path.relpath(json_path, REPO)
            md = lab.section_markdown(exp, json_doc)
            print("\n" + md, flush=True)
            with open(os.path.join(paths.results, "lab.md"), "a") as f:
                f.write(md + "\n")
            if args.lab_docs and exp["lab"]:
                lab.update_doc(os.path.abspath(args.lab_docs), lab.experiment_key(exp), md)
                log(f"updated {args.lab_docs} and {json_doc}")
            servers.stop()
            net.down()
            net = None
        return 1 if failures else 0
    except KeyboardInterrupt as e:
        log(f"interrupted ({e or 'Ctrl-C'}); cleaning up")
        return 130
    finally:
        teardown(servers, net)
        dstfs.unmount(dst_root)
        dstfs.remove_image(paths.scratch)
        own_cpu.close()
        if not args.keep and os.path.isdir(paths.scratch):
            subprocess.run(["rm", "-rf", "--", paths.scratch])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
