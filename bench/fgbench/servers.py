"""The far end: sshd, an rsync daemon, `floodgate serve` and an iperf3 server,
all in the server namespace, each with its own configuration under the
scratch directory (nothing in /etc is read or changed)."""

import os
import re
import shutil
import time

from . import config as C
from .proc import log, run, spawn, stop

SSH_ALIAS = "fgb-server"   # the Host name in our ssh_config


class Servers:
    def __init__(self, scratch: str, logdir: str, floodgate: str, baseline: str = ""):
        self.state = os.path.join(scratch, "state")
        self.dst_root = os.path.join(scratch, "dst")      # rsync module and floodgate module root
        self.logdir = logdir
        self.floodgate = floodgate
        self.fg_client_state = os.path.join(self.state, "fg-client")
        self.fg_server_state = os.path.join(self.state, "fg-server")
        # --baseline: a second daemon of the other build, and its client
        self.baseline = baseline
        self.fg_base_client_state = os.path.join(self.state, "fg-client-base")
        self.fg_base_server_state = os.path.join(self.state, "fg-server-base")
        self.ssh_config = os.path.join(self.state, "ssh_config")
        self.procs = {}
        self.paired = set()
        os.makedirs(self.state, exist_ok=True)
        os.makedirs(self.dst_root, exist_ok=True)
        self._ssh_keys_and_config()
        self._rsyncd_config()

    # -- one-time configuration ---------------------------------------------
    def _ssh_keys_and_config(self) -> None:
        s = self.state
        host_key = os.path.join(s, "ssh_host_ed25519_key")
        client_key = os.path.join(s, "client_ed25519_key")
        for key in (host_key, client_key):
            if not os.path.exists(key):
                run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "fgbench", "-f", key])
        with open(client_key + ".pub") as f, open(os.path.join(s, "authorized_keys"), "w") as out:
            out.write(f.read())
        with open(host_key + ".pub") as f:
            host_pub = " ".join(f.read().split()[:2])
        with open(os.path.join(s, "known_hosts"), "w") as f:
            f.write(f"[{C.SERVER_IP}]:{C.SSH_PORT} {host_pub}\n")
        os.makedirs(self.fg_server_state, exist_ok=True)
        with open(os.path.join(s, "sshd_config"), "w") as f:
            f.write(f"""# fgbench's private sshd; nothing else uses it
ListenAddress {C.SERVER_IP}:{C.SSH_PORT}
HostKey {host_key}
PidFile none
AuthorizedKeysFile {s}/authorized_keys
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
UseDNS no
X11Forwarding no
PrintMotd no
MaxStartups 50
LogLevel ERROR
Subsystem sftp internal-sftp
# `floodgate serve --stdio` started through ssh keeps its state here, not in ~
SetEnv FLOODGATE_HOME={self.fg_server_state}
""")
        with open(self.ssh_config, "w") as f:
            f.write(f"""Host {SSH_ALIAS}
  HostName {C.SERVER_IP}
  Port {C.SSH_PORT}
  User root
  IdentityFile {client_key}
  IdentitiesOnly yes
  UserKnownHostsFile {s}/known_hosts
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking yes
  BatchMode yes
  LogLevel ERROR
""")

    def _rsyncd_config(self) -> None:
        s = self.state
        with open(os.path.join(s, "rsyncd.conf"), "w") as f:
            f.write(f"""# fgbench's private rsync daemon
address = {C.SERVER_IP}
port = {C.RSYNCD_PORT}
use chroot = no
pid file = {s}/rsyncd.pid
lock file = {s}/rsyncd.lock
log file = {self.logdir}/rsyncd.log
[bench]
  path = {self.dst_root}
  read only = no
  uid = root
  gid = root
""")

    # -- per link ------------------------------------------------------------
    def start(self) -> None:
        os.makedirs("/run/sshd", exist_ok=True)     # sshd's privilege-separation directory
        sshd = ["/usr/sbin/sshd", "-D", "-e", "-f", os.path.join(self.state, "sshd_config")]
        # bash run by sshd sources ~/.bashrc even for a plain command. A heavy
        # one (root's here runs `pyenv init`: 1.3 s) would be charged to every
        # ssh peer; hide it from our sshd only, with a bind mount in the
        # private mount namespace `ip netns exec` gives each process.
        bashrc = os.path.join(os.path.expanduser("~root"), ".bashrc")
        if os.path.exists(bashrc):
            empty = os.path.join(self.state, "empty-bashrc")
            open(empty, "w").close()
            sshd = ["sh", "-c", f"mount --bind {empty} {bashrc} && exec {' '.join(sshd)}"]
        self._spawn("sshd", sshd, program="/usr/sbin/sshd")
        self._spawn("rsyncd", ["rsync", "--daemon", "--no-detach", f"--config={self.state}/rsyncd.conf"])
        self._spawn("iperf3", ["iperf3", "-s", "-B", C.SERVER_IP, "-p", str(C.IPERF_PORT)])
        daemons = [("floodgate", self.floodgate, C.FLOODGATE_PORT, self.fg_server_state, self.fg_client_state)]
        if self.baseline:
            daemons.append(("floodgate-base", self.baseline, C.FLOODGATE_BASE_PORT, self.fg_base_server_state,
                            self.fg_base_client_state))
        logs = {}
        for name, binary, port, server_state, _ in daemons:
            os.makedirs(server_state, exist_ok=True)
            logs[name] = self._spawn(name, [binary, "serve", "--listen", f"{C.SERVER_IP}:{port}",
                                            "--module", f"bench={self.dst_root}", "--state-dir", server_state,
                                            # for the fg-none peer: a benchmark's trusted link
                                            "--allow-plaintext", "bench"])
        # (not iperf3's port: a bare connect makes it report an error)
        for port in (C.SSH_PORT, C.RSYNCD_PORT, *(d[2] for d in daemons)):
            wait_port(C.SERVER_IP, port)
        for name, binary, port, _, client_state in daemons:
            if name not in self.paired:
                self._pair(logs[name], binary, port, client_state)
                self.paired.add(name)
        # ssh works end to end (keys, known_hosts) before anything is timed
        run(["ssh", "-F", self.ssh_config, SSH_ALIAS, "true"], ns=C.NS_CLIENT, timeout=30)

    def _spawn(self, name: str, argv, program: str = ""):
        """Starts a server (`program`, when argv runs it through a shell);
        returns its log file and where this start's output begins."""
        program = program or argv[0]
        if shutil.which(program) is None:
            raise RuntimeError(f"{program} is not installed (the {name} server): run bench/install-deps.sh")
        out = os.path.join(self.logdir, f"{name}.log")
        f = open(out, "a")
        offset = f.tell()
        self.procs[name] = spawn(argv, ns=C.NS_SERVER, stdout=f, stderr=f)
        return out, offset

    def _pair(self, fg_log, binary: str, port: int, client_state: str) -> None:
        path, offset = fg_log
        code = None
        for _ in range(100):
            with open(path) as f:
                f.seek(offset)
                m = re.search(r"pairing code: (\S+)", f.read())
            if m:
                code = m.group(1)
                break
            time.sleep(0.1)
        if not code:
            raise RuntimeError(f"floodgate serve printed no pairing code (see {path})")
        os.makedirs(client_state, exist_ok=True)
        run([binary, "pair", f"floodgate://{C.SERVER_IP}:{port}", "--code", code,
             "--state-dir", client_state], ns=C.NS_CLIENT, timeout=60)
        log(f"floodgate client paired with the server on port {port} ({binary})")

    def stop(self) -> None:
        for p in self.procs.values():
            stop(p)
        self.procs.clear()

    def check_alive(self) -> None:
        dead = [n for n, p in self.procs.items() if p.poll() is not None]
        if dead:
            raise RuntimeError(f"server(s) exited: {', '.join(dead)} (see {self.logdir})")


def wait_port(host: str, port: int, timeout: float = 15) -> None:
    """Until a TCP connect from the client namespace succeeds."""
    probe = ("import socket,time,sys\n"
             f"end=time.time()+{timeout}\n"
             "while time.time()<end:\n"
             " try:\n"
             f"  socket.create_connection(('{host}',{port}),1).close(); sys.exit(0)\n"
             " except OSError: time.sleep(0.05)\n"
             "sys.exit(1)\n")
    if run(["python3", "-c", probe], ns=C.NS_CLIENT, check=False).returncode != 0:
        raise RuntimeError(f"nothing listens on {host}:{port} in the server namespace")
