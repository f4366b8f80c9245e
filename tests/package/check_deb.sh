#!/usr/bin/env bash
# Installs floodgate_*.deb into a fresh Debian chroot (debootstrap, minbase),
# checks what it put where, runs the daemon there as the service would (its
# user, its config, its state directory), pairs a client and pushes to it,
# reloads it with a new module, then removes and purges the package and
# checks what each left. Needs root (chroot, mounts) and the Debian mirror.
#
#   tests/package/check_deb.sh dist/floodgate_VERSION_ARCH.deb
#
# The base system is kept as dist/bookworm-minbase.tar (made once, ~2 min).
set -euo pipefail
deb=$(realpath "$1")
cd "$(dirname "$0")/../.."
scripts/apt-install-missing.sh check-deb debootstrap systemd-container
suite=bookworm
base=dist/$suite-minbase.tar
c=$(realpath -m dist/check-chroot)
fail() { echo "check_deb: FAILED: $*" >&2; exit 1; }
step() { echo "== $*"; }

cleanup() {
  [ -n "${daemon_pid:-}" ] && kill "$daemon_pid" 2>/dev/null || true
  [ -n "${nspawn_pid:-}" ] && kill "$nspawn_pid" 2>/dev/null && wait "$nspawn_pid" 2>/dev/null || true
  for m in proc dev/pts dev; do mountpoint -q "$c/$m" && umount -l "$c/$m" || true; done
}
trap cleanup EXIT

if [ ! -f "$base" ]; then
  step "making the base system ($suite, minbase)"
  tmp=$(mktemp -d)
  debootstrap --variant=minbase "$suite" "$tmp" http://deb.debian.org/debian >/dev/null
  tar -C "$tmp" -cf "$base" .
  rm -rf "$tmp"
fi
cleanup
rm -rf "$c"
mkdir -p "$c"
tar -C "$c" -xf "$base"
chmod 755 "$c" # a root of mktemp's 0700 would keep every other user out of /
mount -t proc proc "$c/proc"
mount --bind /dev "$c/dev"
cp /etc/resolv.conf "$c/etc/resolv.conf" 2>/dev/null || true
in_root() { chroot "$c" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }

step "install: apt-get install ./$(basename "$deb") (its dependencies from the mirror)"
cp "$deb" "$c/tmp/floodgate.deb"
in_root apt-get update -qq
DEBIAN_FRONTEND=noninteractive in_root apt-get install -y -qq --no-install-recommends /tmp/floodgate.deb >/dev/null
in_root dpkg-query -W -f='${Status}\n' floodgate | grep -qx "install ok installed" || fail "not installed"
if in_root dpkg-query -W -f='${Package}\n' 'libqt6*' 2>/dev/null | grep -q .; then
  fail "the CLI package pulled in Qt"
fi

step "what it installed"
for f in /usr/bin/floodgate /etc/floodgate/floodgate.conf /lib/systemd/system/floodgate-serve.service \
         /lib/systemd/system-generators/floodgate-serve-generator /usr/share/man/man1/floodgate.1.gz \
         /usr/share/man/man5/floodgate.conf.5.gz /usr/share/bash-completion/completions/floodgate \
         /usr/lib/sysusers.d/floodgate.conf /usr/lib/tmpfiles.d/floodgate.conf; do
  [ -e "$c$f" ] || fail "$f is missing"
done
in_root dpkg-query -W -f='${Conffiles}\n' floodgate | grep -q "/etc/floodgate/floodgate.conf" ||
  fail "floodgate.conf is not a conffile"
in_root getent passwd floodgate | grep -q ":/var/lib/floodgate:/usr/sbin/nologin$" || fail "no floodgate system user"
# (stat inside the chroot: its users are not the host's)
[ "$(in_root stat -c %U:%a /srv/floodgate)" = "floodgate:750" ] || fail "/srv/floodgate is not the floodgate user's"
in_root floodgate --version

step "the generator gives the service the module's path to write"
mkdir -p "$c/tmp/gen"
in_root /lib/systemd/system-generators/floodgate-serve-generator /tmp/gen
grep -qx 'ReadWritePaths="-/srv/floodgate"' "$c/tmp/gen/floodgate-serve.service.d/50-module-paths.conf" ||
  fail "the generator's drop-in: $(cat "$c/tmp/gen/floodgate-serve.service.d/50-module-paths.conf" 2>&1)"
if [ -x "$c/usr/bin/systemd-analyze" ]; then
  said=$(in_root systemd-analyze verify --man=no /lib/systemd/system/floodgate-serve.service 2>&1) || fail "systemd-analyze verify: $said"
  [ -z "$said" ] || fail "systemd-analyze verify: $said"
fi

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
sed -i "s/^listen = .*/listen = 127.0.0.1:$port/" "$c/etc/floodgate/floodgate.conf"
mkdir -p "$c/root/src/sub" && echo hello >"$c/root/src/a.txt" && head -c 3000000 /dev/urandom >"$c/root/src/sub/b.bin"
cp "$c/etc/floodgate/floodgate.conf" "$c/tmp/floodgate.conf.orig"

# The real thing where systemd-nspawn can boot the chroot: systemd starts
# the service from the unit (its user, its sandbox, the generator's
# drop-in), a client pairs and pushes, `systemctl reload` takes a good file
# and fails on a bad one while the daemon goes on.
if command -v systemd-nspawn >/dev/null && command -v nsenter >/dev/null; then
  step "boot the chroot (systemd-nspawn): the service as systemd runs it"
  cleanup
  systemd-nspawn -D "$c" -b --register=no --keep-unit --console=pipe >dist/nspawn.log 2>&1 &
  nspawn_pid=$!
  init=
  for _ in $(seq 1 100); do init=$(pgrep -P "$nspawn_pid" -x systemd || true); [ -n "$init" ] && break; sleep 0.1; done
  [ -n "$init" ] || fail "systemd-nspawn did not boot: $(tail -5 dist/nspawn.log)"
  in_box() { nsenter -t "$init" -m -u -i -p -n /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }
  for _ in $(seq 1 300); do [ "$(in_box systemctl is-active floodgate-serve 2>/dev/null)" = active ] && break; sleep 0.1; done
  [ "$(in_box systemctl is-active floodgate-serve)" = active ] ||
    fail "the service is not running: $(in_box journalctl -u floodgate-serve --no-pager -n 20 2>&1)"
  in_box test -f /run/systemd/generator/floodgate-serve.service.d/50-module-paths.conf || fail "the generator did not run"
  for _ in $(seq 1 50); do in_box test -S /var/lib/floodgate/admin.sock && break; sleep 0.1; done
  code=$(in_box floodgate serve --show-code --config /etc/floodgate/floodgate.conf) || fail "no pairing code from the service"
  in_box floodgate pair "floodgate://127.0.0.1:$port" --code "$code" --state-dir /root/boxclient
  in_box floodgate sync /root/src/ "floodgate://127.0.0.1:$port/floodgate/boxed/" --state-dir /root/boxclient
  cmp "$c/root/src/sub/b.bin" "$c/srv/floodgate/boxed/sub/b.bin" || fail "the push through the service differs"
  in_box floodgate status | grep -q "push into floodgate/boxed/: ok" || fail "status: $(in_box floodgate status 2>&1)"
  in_box systemctl reload floodgate-serve || fail "systemctl reload failed on a good file"
  echo "bogus line" >>"$c/etc/floodgate/floodgate.conf"
  if in_box systemctl reload floodgate-serve 2>/dev/null; then fail "systemctl reload took a bad file"; fi
  [ "$(in_box systemctl is-active floodgate-serve)" = active ] || fail "a refused reload stopped the service"
  in_box journalctl -u floodgate-serve --no-pager -o cat | grep -q "line" || fail "the journal does not say which line"
  cp "$c/tmp/floodgate.conf.orig" "$c/etc/floodgate/floodgate.conf"
  kill -s RTMIN+4 "$init" # systemd(1): power off
  wait "$nspawn_pid" || true
  nspawn_pid=
  mount -t proc proc "$c/proc"
  mount --bind /dev "$c/dev"
  # What systemd made for the service: its state directory, the floodgate user's.
  [ "$(in_root stat -c %U:%a /var/lib/floodgate)" = "floodgate:700" ] || fail "/var/lib/floodgate is not the service's"
  rm -f "$c/var/lib/floodgate/admin.sock"
else
  echo "(no systemd-nspawn: the service is not booted, only run by hand below)"
fi

step "the daemon, run by hand as the service runs it"
install -d -o "$(in_root id -u floodgate)" -g "$(in_root id -g floodgate)" -m 0700 "$c/var/lib/floodgate" # as StateDirectory=
chroot --userspec=floodgate:floodgate "$c" /usr/bin/env -i PATH=/usr/bin:/bin FLOODGATE_HOME=/var/lib/floodgate \
  /usr/bin/floodgate serve --config /etc/floodgate/floodgate.conf >"$c/tmp/serve.out" 2>"$c/tmp/serve.log" &
daemon_pid=$!
for _ in $(seq 1 100); do grep -q "pairing code" "$c/tmp/serve.out" 2>/dev/null && break; sleep 0.1; done
grep -q "listening on 127.0.0.1:$port" "$c/tmp/serve.out" || fail "the daemon did not start: $(cat "$c/tmp/serve.log")"
code=$(in_root floodgate serve --show-code --config /etc/floodgate/floodgate.conf) || fail "root could not ask the daemon for its code"
in_root floodgate pair "floodgate://127.0.0.1:$port" --code "$code" --state-dir /root/client
in_root floodgate sync /root/src/ "floodgate://127.0.0.1:$port/floodgate/in/" --state-dir /root/client
cmp "$c/root/src/sub/b.bin" "$c/srv/floodgate/in/sub/b.bin" || fail "the pushed file differs"
[ "$(in_root stat -c %U /srv/floodgate/in/a.txt)" = floodgate ] || fail "pushed files should belong to the floodgate user"
in_root floodgate clients list --state-dir /var/lib/floodgate | grep -q "^SHA256:" || fail "root cannot list the clients"

step "reload: a new module, and a bad file refused"
in_root install -d -o floodgate -g floodgate /srv/more
printf '\n[module more]\npath = /srv/more\n' >>"$c/etc/floodgate/floodgate.conf"
in_root floodgate serve --reload --config /etc/floodgate/floodgate.conf | grep -q "added more" || fail "reload: $(tail -3 "$c/tmp/serve.log")"
in_root floodgate sync /root/src/ "floodgate://127.0.0.1:$port/more/" --state-dir /root/client
[ -f "$c/srv/more/a.txt" ] || fail "the reloaded module took nothing"
printf 'oops\n' >>"$c/etc/floodgate/floodgate.conf"
if in_root floodgate serve --reload --config /etc/floodgate/floodgate.conf 2>"$c/tmp/reload.err"; then fail "a bad file was taken"; fi
grep -q "line" "$c/tmp/reload.err" || fail "the refusal names no line: $(cat "$c/tmp/reload.err")"
kill "$daemon_pid"; wait "$daemon_pid" || true; daemon_pid=

step "remove: the program goes, the settings, the state and the user's files stay"
in_root dpkg -r floodgate >/dev/null
[ ! -e "$c/usr/bin/floodgate" ] || fail "the binary stayed"
[ -f "$c/etc/floodgate/floodgate.conf" ] || fail "remove took the config"
[ -f "$c/var/lib/floodgate/authorized_clients" ] || fail "remove took the paired clients"
step "purge: the settings and the state go, the modules' files stay"
in_root dpkg -P floodgate >/dev/null
[ ! -e "$c/etc/floodgate" ] || fail "purge left /etc/floodgate: $(ls -la "$c/etc/floodgate")"
[ ! -e "$c/var/lib/floodgate" ] || fail "purge left /var/lib/floodgate"
[ -f "$c/srv/floodgate/in/a.txt" ] || fail "purge took the users' files"
in_root dpkg-query -W -f='${Status}\n' floodgate 2>/dev/null | grep -q "not-installed" ||
  ! in_root dpkg-query -W floodgate >/dev/null 2>&1 || fail "dpkg still knows the package"
echo "check_deb: all good"
