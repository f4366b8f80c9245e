#!/usr/bin/env bash
# The daemon's resident memory over many jobs: N clients push a tree into
# one daemon at once, R rounds (each round changes every file), and the
# daemon's VmRSS is printed once it is idle after each round. On 127.0.0.1
# only; everything lives in a scratch directory removed at the end.
#
#   bench/soak/daemon_memory.sh [--floodgate PATH] [--clients N] [--rounds R] [--short-jobs J]
#
# Prints "round RSS_MiB" lines; the first line is the idle daemon before any job.
# With --short-jobs J, then J short jobs one after another (one client, 20
# small files changed each time, half of them pushes and half pulls), with
# "job K RSS_MiB" every 100 jobs and a count of the jobs that failed.
set -euo pipefail
cd "$(dirname "$0")/../.."
fg=build/app/floodgate
clients=16
rounds=7
short_jobs=0
while [ $# -gt 0 ]; do
  case "$1" in
    --floodgate) fg=$2; shift 2 ;;
    --clients) clients=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --short-jobs) short_jobs=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 1 ;;
  esac
done
fg=$(readlink -f "$fg")
work=$(mktemp -d /tmp/fg-soak.XXXXXX)
trap 'kill "$daemon" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/module" "$work/daemon-state"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$fg" serve --listen "127.0.0.1:$port" --module "m=$work/module" --state-dir "$work/daemon-state" \
  >"$work/daemon.out" 2>"$work/daemon.log" &
daemon=$!
for _ in $(seq 100); do [ -S "$work/daemon-state/admin.sock" ] && break; sleep 0.1; done
rss() { awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$daemon/status"; }
for c in $(seq "$clients"); do
  mkdir -p "$work/client$c"
  # Codes are single-use: a fresh one from the daemon for each client.
  code=$("$fg" serve --new-code --state-dir "$work/daemon-state")
  "$fg" pair "floodgate://127.0.0.1:$port" --code "$code" --state-dir "$work/client$c" >/dev/null
done
echo "idle $(rss)"
for r in $(seq "$rounds"); do
  # Each client its own tree: 200 small files and 4 of 8 MiB, new each round.
  for c in $(seq "$clients"); do
    src="$work/src$c"; rm -rf "$src"; mkdir -p "$src"
    for i in $(seq 200); do head -c $((1000 + i * 37)) /dev/urandom > "$src/f$i"; done
    for i in 1 2 3 4; do head -c $((8 << 20)) /dev/urandom > "$src/big$i"; done
  done
  pids=()
  for c in $(seq "$clients"); do
    "$fg" sync -q --state-dir "$work/client$c" "$work/src$c/" "floodgate://127.0.0.1:$port/m/c$c/" &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  sleep 2 # idle again
  echo "$r $(rss)"
done
if [ "$short_jobs" -gt 0 ]; then
  src="$work/short-src"; back="$work/short-back"; mkdir -p "$src" "$back"
  failed=0
  for j in $(seq "$short_jobs"); do
    for i in $(seq 20); do printf '%s %s\n' "$j" "$i" > "$src/f$i"; done
    if [ $((j % 2)) -eq 1 ]; then
      "$fg" sync -q --state-dir "$work/client1" "$src/" "floodgate://127.0.0.1:$port/m/short/" || failed=$((failed + 1))
    else
      "$fg" sync -q --state-dir "$work/client1" "floodgate://127.0.0.1:$port/m/short/" "$back/" || failed=$((failed + 1))
    fi
    if [ $((j % 100)) -eq 0 ]; then sleep 1; echo "job $j $(rss)"; fi
  done
  echo "short jobs failed: $failed of $short_jobs"
fi
if [ -n "${SOAK_INSPECT:-}" ]; then
  grep -E "^(Rss|Anonymous)" "/proc/$daemon/smaps_rollup"
  gdb -p "$daemon" -batch -ex 'call (int)malloc_trim(0)' -ex 'call (void)malloc_stats()' >/dev/null 2>"$work/stats" || true
  grep -E "^(Total|Arena|system|in use)" "$work/daemon.log" | tail -40
  echo "after a trim from gdb: $(rss)"
fi
