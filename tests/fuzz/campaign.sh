#!/usr/bin/env bash
# A fuzzing campaign over the wire parsers: each libFuzzer target (built with
# clang, ASan and UBSan) runs for a number of executions or a time limit,
# then its corpus is minimised into tests/fuzz/corpus/TARGET (kept small: the
# replay test in CI runs every input there) and the parsers' coverage by that
# corpus is printed per source file.
#
#   tests/fuzz/campaign.sh [--runs N] [--seconds S] [--targets "wire receiver delta decompress config"]
#
# Defaults: 10,000,000 executions, no time limit, all five targets. Working
# files go to build-fuzz/campaign (never committed).
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=10000000
seconds=0
targets="wire receiver delta decompress config"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --targets) targets=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 1 ;;
  esac
done
if [ ! -x build-fuzz/tests/fuzz/fuzz_wire ]; then
  CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFLOODGATE_FUZZ=ON \
    -DFLOODGATE_SANITIZE=ON -DFLOODGATE_BUILD_GUI=OFF
fi
cmake --build build-fuzz --target $(for t in $targets; do printf 'fuzz_%s ' "$t"; done)
# Per source file of the parsers: edges covered of edges instrumented,
# from libFuzzer's -print_coverage lines ("COVERED_FUNC: hits: N edges: a/b
# NAME FILE:LINE"; UNCOVERED_FUNC alike).
covered_edges() {
  awk '/^(UN)?COVERED_FUNC:/ {
         file = $NF; sub(/:[0-9]+$/, "", file)
         if (file !~ /core\/src\/(proto|delta|codec|config|scan\/file_list|receive\/(receiver|chunk_ledger|basis_signer|payload_expander))/) next
         sub(/.*core\/src\//, "", file); split($5, e, "/"); cov[file] += e[1]; tot[file] += e[2]
       }
       END { for (f in tot) printf "  %-34s %5d of %5d edges (%3.0f %%)\n", f, cov[f], tot[f], 100 * cov[f] / tot[f] }' "$1" | sort
}
work=build-fuzz/campaign
mkdir -p "$work"
# The receiver targets write each input's files into a scratch folder under
# TMPDIR: in memory, a file system's journal is not what is measured (on the
# development machine's ext4 it halved their rate).
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then export TMPDIR=/dev/shm; fi
for t in $targets; do
  bin=build-fuzz/tests/fuzz/fuzz_$t
  kept=tests/fuzz/corpus/$t
  mkdir -p "$work/$t" "$kept"
  limit=()
  [ "$seconds" -gt 0 ] && limit=(-max_total_time="$seconds")
  echo "== $t: up to $runs executions ${limit[*]:-}"
  FG_FUZZ_SEED_DIR=$kept "$bin" -runs="$runs" "${limit[@]}" -max_len=16384 -print_final_stats=1 "$work/$t" "$kept" 2>"$work/$t.log" || {
    echo "fuzz_$t found a failure: see $work/$t.log and the crash-* file it names" >&2
    exit 1
  }
  grep -E "^stat::number_of_executed_units|^stat::average_exec_per_sec|^stat::peak_rss_mb" "$work/$t.log" || true
  # The smallest set of inputs that reaches everything the corpus reached.
  rm -rf "$work/$t.min" && mkdir -p "$work/$t.min"
  # Inputs no longer than 4 KiB, so the kept corpus stays small (the
  # fuzzer's length limit grows to 16 KiB as it runs); the kept corpus comes
  # first, so its inputs are preferred for what they reach.
  small=$work/$t.small && rm -rf "$small" && mkdir -p "$small"
  find "$work/$t" -type f -size -4097c -exec cp -t "$small" {} +
  "$bin" -merge=1 "$work/$t.min" "$kept" "$small" 2>>"$work/$t.log"
  # Inputs that once found a bug keep their names (regress-*): the merge
  # would rename them, or drop them once other inputs reach as far.
  cp "$kept"/regress-* "$work/$t.min"/ 2>/dev/null || true
  rm -rf "$kept" && mv "$work/$t.min" "$kept"
  # (Bytes, not du's blocks: a thousand small files are four megabytes of blocks.)
  echo "kept $(ls "$kept" | wc -l) inputs, $(find "$kept" -type f -printf '%s\n' | awk '{s += $1} END {printf "%.0f", s / 1024}') KiB in $kept"
  # Edges covered in the parsers' own files, from the kept corpus.
  "$bin" -runs=0 -print_coverage=1 "$kept" 2>"$work/$t.cov" >/dev/null || true
  covered_edges "$work/$t.cov"
done
