"""The tools compared, each as the command line a user would type.

Every peer pushes SRC (a local tree in the client namespace) into DST (a
path in the server namespace) over the link. Commands are bash snippets run
with pipefail in the client namespace; a peer that needs a receiver started
by hand on the far end (tar over plain TCP) also has a `server` snippet.
"""

import shlex
from dataclasses import dataclass, field, replace
from typing import Callable, Optional

from . import config as C
from .servers import SSH_ALIAS


@dataclass
class Ctx:
    src: str            # source tree (no trailing slash)
    dst: str            # destination path; does not exist before a run
    dst_name: str       # its name below the rsync/floodgate module root
    ssh_config: str
    floodgate: str
    fg_client_state: str
    fg_args: str        # extra flags for every `floodgate sync`
    tools: str
    fg_port: int = C.FLOODGATE_PORT
    # --baseline: another build of floodgate, with a daemon and a client of its own
    fg_base: str = ""
    fg_base_client_state: str = ""


@dataclass
class Peer:
    id: str
    label: str
    client: Callable[[Ctx], str]
    server: Optional[Callable[[Ctx], str]] = None
    # a second run into the full destination means something (delta tools)
    nochange: bool = False
    kind: str = "ssh"               # for duration estimates: ssh, tcp, scp, fg
    notes: list = field(default_factory=list)


def _ssh(ctx: Ctx, cipher: str = "") -> str:
    return f"ssh -F {shlex.quote(ctx.ssh_config)}" + (f" -c {cipher}" if cipher else "")


def _q(s: str) -> str:
    return shlex.quote(s)


def _rsync_ssh(flags: str, cipher: str = ""):
    return lambda c: f"rsync {flags} -e {_q(_ssh(c, cipher))} {_q(c.src + '/')} {SSH_ALIAS}:{_q(c.dst + '/')}"


def _floodgate(c: Ctx, dst: str, ssh: bool, extra: tuple = ()) -> str:
    cmd = [c.floodgate, "sync", "--json", "--state-dir", c.fg_client_state, *extra]
    if ssh:
        cmd += ["-e", _ssh(c), "--remote-floodgate", c.floodgate]
    return shlex.join(cmd) + (f" {c.fg_args}" if c.fg_args else "") + f" {_q(c.src + '/')} {_q(dst)}"


def _fg_daemon(*extra: str):
    """A push to the far namespace's `floodgate serve`, with `extra` flags."""
    return lambda c: _floodgate(c, f"floodgate://{C.SERVER_IP}:{c.fg_port}/bench/{c.dst_name}", False, extra)


PEERS = [
    Peer("rsync-ssh", "rsync -a over ssh, default cipher", _rsync_ssh("-a"), nochange=True),
    Peer("rsync-ssh-gcm", "rsync -a over ssh -c aes128-gcm", _rsync_ssh("-a", "aes128-gcm@openssh.com"),
         nochange=True),
    Peer("rsync-W", "rsync -aW (whole files) over ssh", _rsync_ssh("-aW"), nochange=True),
    Peer("rsync-daemon", "rsync -a to an rsync daemon, unencrypted",
         lambda c: f"rsync -a {_q(c.src + '/')} rsync://{C.SERVER_IP}:{C.RSYNCD_PORT}/bench/{c.dst_name}/",
         nochange=True, kind="tcp"),
    # scp (SFTP protocol in OpenSSH ≥ 9) creates DST as a copy of SRC.
    Peer("scp", "scp -r", lambda c: f"scp -rq -F {_q(c.ssh_config)} {_q(c.src)} {SSH_ALIAS}:{_q(c.dst)}",
         kind="scp"),
    Peer("tar-ssh", "tar | ssh tar x",
         lambda c: f"tar -C {_q(c.src)} -cf - . | {_ssh(c)} {SSH_ALIAS} "
                   + _q(f"mkdir -p {_q(c.dst)} && tar -C {_q(c.dst)} -xf -")),
    Peer("tar-zstd-ssh", "tar | zstd -1 | ssh zstd -d | tar x",
         lambda c: f"tar -C {_q(c.src)} -cf - . | zstd -1 -q | {_ssh(c)} {SSH_ALIAS} "
                   + _q(f"mkdir -p {_q(c.dst)} && zstd -d -q | tar -C {_q(c.dst)} -xf -")),
    Peer("tar-tcp", "tar over one plain TCP stream: the reference",
         lambda c: f"tar -C {_q(c.src)} -cf - . | {_q(c.tools + '/tcpcat')} {C.SERVER_IP}:{C.TCPCAT_PORT}",
         server=lambda c: f"mkdir -p {_q(c.dst)} && {_q(c.tools + '/tcpcat')} -l {C.SERVER_IP}:{C.TCPCAT_PORT}"
                          f" | tar -C {_q(c.dst)} -xf -",
         kind="tcp"),
    Peer("fg-daemon", "floodgate to floodgate://, TLS",
         _fg_daemon(),
         nochange=True, kind="fg"),
    # The same promise as rsync's and tar's: the data is written, not flushed
    # (Floodgate's default, --fsync end, flushes the destination before it says
    # done, and pays for it in these tables).
    Peer("fg-nosync", "floodgate to floodgate://, TLS, --fsync none (no flush, as rsync and tar)",
         _fg_daemon("--fsync", "none"),
         nochange=True, kind="fg"),
    # Plain TCP file data (a trusted LAN) with the same promise as rsync's and tar's.
    Peer("fg-none-nosync", "floodgate to floodgate://, --cipher none --fsync none",
         _fg_daemon("--cipher", "none", "--fsync", "none"),
         nochange=True, kind="fg"),
    Peer("fg-ssh", "floodgate over ssh",
         lambda c: _floodgate(c, f"{SSH_ALIAS}:{c.dst}", True), nochange=True, kind="fg-ssh"),
    # One cipher each, for the cipher table (run them with the rsync-ssh-* peers of the same cipher).
    *[Peer(f"fg-{short}", f"floodgate to floodgate://, --cipher {name}",
           _fg_daemon("--cipher", name),
           nochange=True, kind="fg")
      for short, name in [("aes128", "aes128-gcm"), ("aes256", "aes256-gcm"), ("chacha", "chacha20-poly1305"),
                          ("none", "none")]],
    # Compression: rsync's zstd against Floodgate's -z (auto).
    Peer("rsync-ssh-zstd", "rsync -az --compress-choice=zstd over ssh", _rsync_ssh("-az --compress-choice=zstd"),
         nochange=True),
    Peer("fg-z", "floodgate to floodgate://, TLS, -z (compression auto)",
         _fg_daemon("-z"),
         nochange=True, kind="fg"),
    # The same with CUBIC instead of the default BBR on the data connections.
    Peer("fg-z-cubic", "floodgate to floodgate://, TLS, -z, --congestion cubic",
         _fg_daemon("-z", "--congestion", "cubic"),
         nochange=True, kind="fg"),
    Peer("fg-cubic", "floodgate to floodgate://, TLS, --congestion cubic",
         _fg_daemon("--congestion", "cubic"),
         nochange=True, kind="fg"),
    # A cryptographic file hash: what --checksum-choice sha256 costs against the default XXH3-128.
    Peer("fg-sha256", "floodgate to floodgate://, TLS, --checksum-choice sha256",
         _fg_daemon("--checksum-choice", "sha256"),
         nochange=True, kind="fg"),
    Peer("rsync-ssh-aes256", "rsync -a over ssh -c aes256-gcm", _rsync_ssh("-a", "aes256-gcm@openssh.com"),
         nochange=True),
    Peer("rsync-ssh-chacha", "rsync -a over ssh -c chacha20-poly1305",
         _rsync_ssh("-a", "chacha20-poly1305@openssh.com"), nochange=True),
]
PEER_IDS = [p.id for p in PEERS]


BASELINE_SUFFIX = "@base"


def baseline_twin(peer: Peer) -> Peer:
    """The same Floodgate peer run with the --baseline build (its own binary on
    both ends, its own daemon and paired client): before and after a change,
    side by side in one run."""
    def client(c: Ctx, inner=peer.client) -> str:
        return inner(replace(c, floodgate=c.fg_base, fg_client_state=c.fg_base_client_state,
                             fg_port=C.FLOODGATE_BASE_PORT))
    return Peer(peer.id + BASELINE_SUFFIX, peer.label + " [baseline build]", client, peer.server, peer.nochange,
                peer.kind, list(peer.notes))


def with_baselines(chosen: list) -> list:
    """Each Floodgate peer followed by its baseline twin."""
    out = []
    for p in chosen:
        out.append(p)
        if p.kind.startswith("fg"):
            out.append(baseline_twin(p))
    return out


def select(ids) -> list:
    by_id = {p.id: p for p in PEERS}
    unknown = [i for i in ids if i not in by_id]
    if unknown:
        raise SystemExit(f"unknown peer(s): {', '.join(unknown)}; known: {', '.join(PEER_IDS)}")
    return [by_id[i] for i in ids]


# Rough rates (MB/s) for the duration estimate only; the run measures the real ones.
_RATE_GUESS = {
    "fast": {"ssh": 150, "tcp": 350, "scp": 150, "fg": 250, "fg-ssh": 150},
    "lan": {"ssh": 90, "tcp": 100, "scp": 90, "fg": 90, "fg-ssh": 90},
    "wan": {"ssh": 13, "tcp": 40, "scp": 13, "fg": 25, "fg-ssh": 13},
}


def estimate_seconds(peer: Peer, link: C.Link, files: int, nbytes: int) -> float:
    """A rough guess of one run's duration: setup, bytes at a guessed rate,
    per-file costs (creating a file here costs ~0.3 ms; scp waits for round
    trips per file)."""
    rate = _RATE_GUESS.get(link.name, _RATE_GUESS["lan"])[peer.kind] * 1e6
    rtt = link.rtt_ms / 1000
    t = 0.3 + 6 * rtt + nbytes / rate + files * 0.0003
    if peer.kind == "scp":
        t += files * (3 * rtt + 0.001)
    return t
