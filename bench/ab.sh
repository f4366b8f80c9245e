#!/bin/bash
# Quick interleaved A/B of Floodgate builds on the small-file push, the lab
# that the figures of docs/PERFORMANCE.md marked "lab" come from. Between two
# network namespaces of its own joined by a veth pair (as the driver's fast
# link), into an ext4 image it keeps, from a source tree it makes once
# (256 folders of 256 random 4 KiB files). Quicker than bench/run.sh (no fresh
# file system, no verification, no peers but tar): for telling builds apart
# in a few minutes; the driver is what the tables quote.
#
#   sudo bench/ab.sh setup                 # namespaces, image, source tree (again after a reboot)
#   sudo bench/ab.sh rounds 6 OLD_BIN NEW_BIN   # interleaved pushes, each build with its own daemon
#   sudo bench/ab.sh tar                   # the same tree over tar | tcpcat into the same image
#   sudo bench/ab.sh floor TOOL MAKERS [seal]   # the same tree by tools/pipeline_floor.cpp (built as TOOL)
#   sudo bench/ab.sh push BIN [SYNC_ARGS]  # one push (the daemon of `serve BIN` must run)
#   sudo bench/ab.sh serve BIN             # (re)start BIN's daemon and pair the client with it
#   sudo bench/ab.sh down                  # daemon, namespaces and image gone (the source stays)
#
# Each line of `rounds` and `push`: wall seconds, then the busy CPU time of the
# whole machine over the push (/proc/stat: both ends share it) and the
# daemon's own. Builds with the same file name are told apart by their path.
# LAB (default /var/tmp/fg-ab) holds everything; TCPCAT is bench/run.sh's
# tool (built by it, or: g++ -O2 -o tcpcat bench/tools/tcpcat.cpp).

set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
LAB=${LAB:-/var/tmp/fg-ab}
TCPCAT=${TCPCAT:-$here/../build-bench/bench-tools/tcpcat}
CLIENT_NS=fgab-c
SERVER_NS=fgab-s
SERVER_IP=10.79.0.2
PORT=7900
HZ=$(getconf CLK_TCK)

daemon_pid() { pgrep -f "serve --listen $SERVER_IP:$PORT" | head -1 || true; }

stop_daemon() {
  pkill -f "serve --listen $SERVER_IP:$PORT" || true
  for _ in $(seq 50); do [ -z "$(daemon_pid)" ] && return; sleep 0.1; done
}

setup() {
  ip netns add $CLIENT_NS 2>/dev/null || true
  ip netns add $SERVER_NS 2>/dev/null || true
  if ! ip -n $CLIENT_NS link show fgab0 >/dev/null 2>&1; then
    ip link add fgab0 netns $CLIENT_NS type veth peer name fgab0 netns $SERVER_NS
    ip -n $CLIENT_NS addr add 10.79.0.1/24 dev fgab0
    ip -n $SERVER_NS addr add $SERVER_IP/24 dev fgab0
    for ns in $CLIENT_NS $SERVER_NS; do ip -n $ns link set fgab0 up; ip -n $ns link set lo up; done
  fi
  for ns in $CLIENT_NS $SERVER_NS; do
    ip netns exec $ns sysctl -q -w net.ipv4.tcp_rmem="4096 131072 67108864" \
      net.ipv4.tcp_wmem="4096 131072 67108864" net.ipv4.tcp_no_metrics_save=1
  done
  mkdir -p "$LAB/dst"
  if ! mountpoint -q "$LAB/dst"; then
    if [ ! -f "$LAB/dst.img" ]; then
      truncate -s 4G "$LAB/dst.img"
      mkfs.ext4 -q -F -i 8192 "$LAB/dst.img"
    fi
    mount -o loop,noatime "$LAB/dst.img" "$LAB/dst"
  fi
  if [ ! -d "$LAB/src" ]; then
    python3 - "$LAB/src" <<'PY'
import os, sys
root = sys.argv[1]
os.makedirs(root + ".part")
for d in range(256):
    folder = f"{root}.part/d{d:03d}"
    os.makedirs(folder)
    for f in range(256):
        with open(f"{folder}/f{f:03d}", "wb") as out:
            out.write(os.urandom(4096))
os.rename(root + ".part", root)
PY
  fi
}

serve() {
  local bin=$1
  stop_daemon
  mkdir -p "$LAB/server-state" "$LAB/client-state"
  ip netns exec $SERVER_NS "$bin" serve --listen $SERVER_IP:$PORT --module "bench=$LAB/dst" \
    --state-dir "$LAB/server-state" --allow-plaintext bench >"$LAB/serve.log" 2>&1 &
  local code=""
  for _ in $(seq 100); do
    code=$(grep -o "pairing code: [^ ]*" "$LAB/serve.log" | head -1 | awk '{print $3}' || true)
    [ -n "$code" ] && break
    sleep 0.05
  done
  [ -n "$code" ] || { echo "ab: the daemon printed no pairing code (see $LAB/serve.log)" >&2; exit 1; }
  # Paired once; again each time is harmless (the code is single use).
  if ! ip netns exec $CLIENT_NS "$bin" pair "floodgate://$SERVER_IP:$PORT" --code "$code" \
      --state-dir "$LAB/client-state" >"$LAB/pair.log" 2>&1 && [ ! -s "$LAB/client-state/known_servers" ]; then
    echo "ab: pairing failed (see $LAB/pair.log)" >&2; exit 1
  fi
}

empty_destination() {
  find "$LAB/dst" -mindepth 1 -maxdepth 1 ! -name lost+found -exec rm -rf {} +
  sync
  sleep 1
}

machine_busy() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9}' /proc/stat; }
daemon_ticks() { awk '{print $14+$15}' "/proc/$1/stat"; }

push() {
  local bin=$1; shift
  local pid; pid=$(daemon_pid)
  [ -n "$pid" ] || { echo "ab: no daemon runs (ab.sh serve BIN first)" >&2; exit 1; }
  local busy0 d0 t0 t1
  busy0=$(machine_busy); d0=$(daemon_ticks "$pid"); t0=$(date +%s.%N)
  ip netns exec $CLIENT_NS "$bin" sync --state-dir "$LAB/client-state" --fsync none "$@" \
    "$LAB/src/" "floodgate://$SERVER_IP:$PORT/bench/t" >/dev/null
  t1=$(date +%s.%N)
  awk -v t0="$t0" -v t1="$t1" -v b="$(( $(machine_busy) - busy0 ))" -v d="$(( $(daemon_ticks "$pid") - d0 ))" \
    -v hz="$HZ" 'BEGIN { printf "%.2f s, machine %.2f CPU s, daemon %.2f\n", t1 - t0, b / hz, d / hz }'
}

tar_push() {
  [ -x "$TCPCAT" ] || { echo "ab: no tcpcat at $TCPCAT (bench/run.sh builds it; or set TCPCAT)" >&2; exit 1; }
  mkdir -p "$LAB/dst/tt"
  ip netns exec $SERVER_NS sh -c "'$TCPCAT' -l $SERVER_IP:7901 2>/dev/null | tar -x -C '$LAB/dst/tt'" &
  local receiver=$! busy0 t0 t1
  sleep 0.2
  busy0=$(machine_busy); t0=$(date +%s.%N)
  ip netns exec $CLIENT_NS sh -c "tar -c -C '$LAB/src' -f - . | '$TCPCAT' $SERVER_IP:7901"
  wait $receiver
  t1=$(date +%s.%N)
  awk -v t0="$t0" -v t1="$t1" -v b="$(( $(machine_busy) - busy0 ))" -v hz="$HZ" \
    'BEGIN { printf "tar %.2f s, machine %.2f CPU s\n", t1 - t0, b / hz }'
}

# The least a push must cost (tools/pipeline_floor.cpp): the same calls a
# file as tar, MAKERS threads making the folders, with `seal` the cipher and
# the hashes Floodgate's guarantees cost.
floor_push() {
  local tool=$1 makers=$2 seal=${3:-}
  mkdir -p "$LAB/dst/ff"
  ip netns exec $SERVER_NS "$tool" receive $SERVER_IP:7902 "$LAB/dst/ff" "$makers" $seal 2>"$LAB/floor.log" &
  local receiver=$! busy0 t0 t1
  trap "kill $receiver 2>/dev/null || true" EXIT
  for _ in $(seq 100); do grep -q listening "$LAB/floor.log" && break; sleep 0.05; done
  grep -q listening "$LAB/floor.log" || { echo "ab: the floor's receiver did not start (see $LAB/floor.log)" >&2; exit 1; }
  busy0=$(machine_busy); t0=$(date +%s.%N)
  ip netns exec $CLIENT_NS "$tool" send $SERVER_IP:7902 "$LAB/src" $seal || { echo "ab: the floor's sender failed" >&2; exit 1; }
  wait $receiver || { echo "ab: the floor's receiver failed (see $LAB/floor.log)" >&2; exit 1; }
  trap - EXIT
  t1=$(date +%s.%N)
  awk -v t0="$t0" -v t1="$t1" -v b="$(( $(machine_busy) - busy0 ))" -v hz="$HZ" -v m="$makers" -v s="$seal" \
    'BEGIN { printf "floor (%s makers%s) %.2f s, machine %.2f CPU s\n", m, s == "" ? "" : ", sealed", t1 - t0, b / hz }'
}

case ${1:-} in
  setup) setup ;;
  serve) serve "$2" ;;
  push) bin=$2; shift 2; empty_destination; push "$bin" "$@" ;;
  tar) empty_destination; tar_push ;;
  floor) empty_destination; floor_push "$2" "$3" "${4:-}" ;;
  rounds)
    n=$2; shift 2
    for round in $(seq "$n"); do
      for bin in "$@"; do
        serve "$bin"
        empty_destination
        echo "$round $bin: $(push "$bin")"
      done
    done
    stop_daemon ;;
  down)
    stop_daemon
    if mountpoint -q "$LAB/dst"; then umount "$LAB/dst"; fi
    rm -f "$LAB/dst.img"
    ip netns del $CLIENT_NS 2>/dev/null || true
    ip netns del $SERVER_NS 2>/dev/null || true ;;
  *) sed -n '2,23p' "$0"; exit 2 ;;
esac
