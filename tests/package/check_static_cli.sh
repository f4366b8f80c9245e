#!/usr/bin/env bash
# Runs the static CLI in an empty root: the file alone, no C library, no
# /etc (a stand-in for a NAS whose system has nothing Floodgate needs). A
# daemon serves a module there, a client pairs with it and pushes a tree
# with --snapshot, then pulls it back; everything must arrive intact. Needs
# root (chroot, a /proc mount).
#
#   tests/package/check_static_cli.sh dist/floodgate-VERSION-linux-x86_64
set -euo pipefail
bin=$(realpath "$1")
cd "$(dirname "$0")/../.."
root=$(realpath -m dist/static-check-root)
fail() { echo "check_static_cli: FAILED: $*" >&2; exit 1; }
step() { echo "== $*"; }
cleanup() {
  [ -n "${daemon_pid:-}" ] && kill "$daemon_pid" 2>/dev/null && wait "$daemon_pid" 2>/dev/null || true
  mountpoint -q "$root/proc" && umount -l "$root/proc" || true
}
trap cleanup EXIT
cleanup
rm -rf "$root"
mkdir -p "$root/proc" "$root/tmp" "$root/srv/module" "$root/src/sub"
chmod 1777 "$root/tmp"
install -m 755 "$bin" "$root/floodgate"
mount -t proc proc "$root/proc"
in_root() { HOME=/ chroot "$root" /floodgate "$@"; }

step "nothing but the file: $(ls "$root" | tr '\n' ' ')"
in_root --version >/dev/null || fail "--version"

step "a daemon"
port=$((20000 + RANDOM % 20000))
HOME=/ chroot "$root" /floodgate serve --listen "127.0.0.1:$port" --module m=/srv/module --state-dir /server \
  >"$root/tmp/serve.out" 2>"$root/tmp/serve.log" &
daemon_pid=$!
for _ in $(seq 1 100); do grep -q "pairing code" "$root/tmp/serve.out" 2>/dev/null && break; sleep 0.1; done
code=$(sed -n 's/.*pairing code: \([^ ]*\).*/\1/p' "$root/tmp/serve.out")
[ -n "$code" ] || fail "the daemon did not start: $(cat "$root/tmp/serve.out" "$root/tmp/serve.log")"

step "pairing and a push with --snapshot"
head -c 3000000 /dev/urandom >"$root/src/big.bin"
echo small >"$root/src/sub/small.txt"
in_root pair "floodgate://127.0.0.1:$port" --code "$code" --state-dir /client >/dev/null || fail "pairing"
in_root sync -a --snapshot --state-dir /client /src/ "floodgate://127.0.0.1:$port/m/backup" >/dev/null ||
  fail "the push: $(cat "$root/tmp/serve.log")"
snap=$(ls "$root/srv/module/backup" | grep -E '^[0-9]{4}-[0-9]{2}-[0-9]{2}_[0-9]{6}$' | head -1)
[ -n "$snap" ] || fail "no snapshot in $(ls -a "$root/srv/module/backup")"
cmp "$root/src/big.bin" "$root/srv/module/backup/$snap/big.bin" || fail "big.bin differs"

step "a pull back, and the daemon's status"
in_root sync -a --state-dir /client "floodgate://127.0.0.1:$port/m/backup/$snap/" /restored >/dev/null || fail "the pull"
diff -r "$root/src" "$root/restored" || fail "the pulled tree differs"
in_root status --state-dir /server | grep -q "modules:" || fail "status"
echo "check_static_cli: all good ($(du -h "$bin" | cut -f1), in a root holding only it)"
