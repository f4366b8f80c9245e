#!/usr/bin/env bash
# The Windows floodgate.exe, under Wine, against this machine: a local sync
# of an awkward tree (names in several scripts, spaces, a path past 260
# characters, empty files and folders, a read-only file), a re-run that must
# send nothing, then a push to a Linux daemon on 127.0.0.1 and a pull back.
# Every copy is compared byte for byte with the source. Last, a pull of names
# Windows cannot hold: each refused with its rule, the rest arriving.
#
# Then a file another program holds locked: that file fails, by name, and
# the rest arrives; once it is let go, a re-run brings it.
#
#   cli_roundtrip.sh WINDOWS_FLOODGATE_EXE LINUX_FLOODGATE WINE HOLD_FILE_EXE
set -euo pipefail
exe=$1 host_cli=$2 wine=$3 hold_exe=$4
export WINEDEBUG=-all
export WINEPREFIX=${WINEPREFIX:-$HOME/.wine-floodgate-tests}
work=$(mktemp -d)
daemon=
holder=
cleanup() {
  [ -n "$daemon" ] && kill "$daemon" 2>/dev/null || true
  [ -n "$holder" ] && kill "$holder" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
win() { echo "Z:${1//\//\\}"; } # this machine's /x/y as Wine's drive Z: sees it
floodgate_exe() { "$wine" "$exe" "$@"; }

src=$work/src
mkdir -p "$src/fotos/straße" "$src/日本語 フォルダ" "$src/empty dir" "$src/with space"
long=$src
for i in 1 2 3 4 5 6; do long="$long/$(printf 'level-%02d-%s' "$i" "$(printf 'x%.0s' $(seq 1 40))")"; done
mkdir -p "$long"
echo "deep" >"$long/leaf.txt"
echo "hello" >"$src/a.txt"
: >"$src/empty.txt"
head -c 3000000 /dev/urandom >"$src/fotos/straße/big.bin"
echo "ü" >"$src/日本語 フォルダ/ファイル.txt"
echo "space" >"$src/with space/file name.txt"
echo "ro" >"$src/read-only.txt" && chmod 444 "$src/read-only.txt"
[ ${#long} -gt 300 ] || fail "the long path is only ${#long} characters"

same() { diff -r "$1" "$2" >/dev/null || { diff -r "$1" "$2" | head >&2; fail "$3"; }; }

# 1. A local sync, with a trailing backslash meaning "contents of".
floodgate_exe sync -a "$(win "$src")\\" "$(win "$work/local")" || fail "local sync exited $?"
same "$src" "$work/local" "the local copy differs"
[ -f "$work/local/a.txt" ] || fail "a trailing backslash did not mean 'contents of'"
again=$(floodgate_exe sync -a --json "$(win "$src")\\" "$(win "$work/local")")
echo "$again" | grep -q '"files_transferred":0' || fail "a re-run sent files again: $again"
[ $(( 0$(stat -c %a "$work/local/read-only.txt") & 0222 )) -eq 0 ] || fail "the read-only file arrived writable"

# 2. A Linux daemon on loopback, paired from Windows; a push and a pull back.
mkdir -p "$work/module" "$work/server-state"
for attempt in 1 2 3 4 5; do
  port=$((40000 + RANDOM % 20000))
  "$host_cli" serve --listen "127.0.0.1:$port" --module "m=$work/module" --pair-code 246810 \
    --state-dir "$work/server-state" >"$work/serve.log" 2>&1 &
  daemon=$!
  for _ in $(seq 1 50); do grep -q listening "$work/serve.log" 2>/dev/null && break; sleep 0.1; done
  grep -q listening "$work/serve.log" && break
  kill "$daemon" 2>/dev/null || true
  daemon=
done
[ -n "$daemon" ] || fail "no daemon started: $(cat "$work/serve.log")"
state=$(win "$work/client-state")
floodgate_exe pair "floodgate://127.0.0.1:$port" --code 246810 --state-dir "$state" || fail "pairing exited $?"
floodgate_exe sync -a --state-dir "$state" "$(win "$src")\\" "floodgate://127.0.0.1:$port/m/pushed" ||
  fail "the push exited $?"
same "$src" "$work/module/pushed" "the pushed copy differs"
floodgate_exe sync -a --state-dir "$state" "floodgate://127.0.0.1:$port/m/pushed/" "$(win "$work/pulled")" ||
  fail "the pull exited $?"
same "$src" "$work/pulled" "the pulled copy differs"

# 3. Names Windows cannot hold, pulled from Linux: each refused by name with
# its rule (exit 23), the rest arrive, nothing half-made is left.
names=$work/module/names
mkdir -p "$names/AUX" "$names/fine dir"
echo in >"$names/AUX/inside.txt"
echo in >"$names/fine dir/inside.txt"
for n in CON nul.txt COM1.log 'a:b.txt' 'what?.txt' 'pipe|.txt' 'back\slash.txt' 'trailing dot.' 'trailing space ' \
         "tab$(printf '\t')name" 'CONFIG.sys' 'COM10' 'Straße.txt'; do
  printf '%s\n' "$n" >"$names/$n"
done
set +e
floodgate_exe sync -a --state-dir "$state" "floodgate://127.0.0.1:$port/m/names/" "$(win "$work/names")" \
  >"$work/names.out" 2>"$work/names.err"
code=$?
set -e
[ "$code" = 23 ] || fail "troublesome names: exit $code, not 23: $(cat "$work/names.err")"
for rule in "CON is a reserved device name" "NUL is a reserved device name" "COM1 is a reserved device name" \
            "AUX is a reserved device name" "it holds a ':'" "it holds a '?'" "it holds a '|'" "it holds a '\\'" \
            "it ends in a dot" "it ends in a space" "control character"; do
  grep -qF "$rule" "$work/names.err" || fail "no refusal saying \"$rule\": $(cat "$work/names.err")"
done
for ok in CONFIG.sys COM10 Straße.txt "fine dir/inside.txt"; do
  cmp -s "$names/$ok" "$work/names/$ok" || fail "$ok did not arrive"
done
leftover=$(find "$work/names" -name '.*' | head -3)
[ -z "$leftover" ] || fail "temporaries left behind: $leftover"

# 4. The same names with --name-mapping map: all arrive on Windows as
# look-alikes (a：b.txt, ＣON), and a push back to Linux with map restores
# every original name exactly.
floodgate_exe sync -a --name-mapping map --state-dir "$state" "floodgate://127.0.0.1:$port/m/names/" \
  "$(win "$work/mapped")" >"$work/mapped.out" 2>"$work/mapped.err" ||
  fail "the mapped pull exited $?: $(cat "$work/mapped.err")"
for stored in 'a：b.txt' 'what？.txt' 'pipe｜.txt' 'back＼slash.txt' 'trailing dot．' 'trailing space␠' 'tab␉name' \
              'ＣON' 'ｎul.txt' 'ＣOM1.log' 'ＡUX/inside.txt' 'CONFIG.sys' 'Straße.txt'; do
  [ -f "$work/mapped/$stored" ] || fail "the mapped pull did not store $stored: $(ls "$work/mapped")"
done
floodgate_exe sync -a --name-mapping map --state-dir "$state" "$(win "$work/mapped")\\" \
  "floodgate://127.0.0.1:$port/m/restored" || fail "the mapped push back exited $?"
same "$names" "$work/module/restored" "the names pushed back with --name-mapping map differ from the originals"

# 5. A file another program holds open without sharing (an editor, a
# database): it fails by name with the reason, the job goes on, exit 23; a
# re-run once it is closed brings it.
locked=$work/locked
mkdir -p "$locked"
echo "in use" >"$locked/in-use.db"
echo "free" >"$locked/free.txt"
exec {hold_in}> >(exec "$wine" "$hold_exe" "$(win "$locked/in-use.db")" >"$work/hold.out" 2>&1)
holder=$!
for _ in $(seq 1 100); do grep -q held "$work/hold.out" 2>/dev/null && break; sleep 0.2; done
grep -q held "$work/hold.out" || fail "the holder did not take the file: $(cat "$work/hold.out")"
set +e
floodgate_exe sync -a "$(win "$locked")\\" "$(win "$work/locked-copy")" >"$work/locked.out" 2>"$work/locked.err"
code=$?
set -e
[ "$code" = 23 ] || fail "a locked file: exit $code, not 23: $(cat "$work/locked.err")"
grep -q "in-use.db" "$work/locked.err" || fail "the locked file is not named: $(cat "$work/locked.err")"
grep -q "another program" "$work/locked.err" || fail "the reason is not said: $(cat "$work/locked.err")"
cmp -s "$locked/free.txt" "$work/locked-copy/free.txt" || fail "the free file did not arrive beside the locked one"
exec {hold_in}>&-
wait "$holder" 2>/dev/null || true
holder=
floodgate_exe sync -a "$(win "$locked")\\" "$(win "$work/locked-copy")" || fail "the re-run after the lock exited $?"
same "$locked" "$work/locked-copy" "the re-run after the lock did not bring the file"
echo "PASS: local sync, re-run, push and pull from the Windows build; Windows-invalid names refused by rule, and mapped there and back; a locked file named and brought by a re-run"
