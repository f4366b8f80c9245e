#!/usr/bin/env bash
# The service files the package ships, checked without installing them:
# floodgate-serve-generator's drop-in (odd paths, read-only modules, a
# broken config), `systemd-analyze verify` of the unit with it, its exposure
# under `systemd-analyze security`, the man pages and the bash completion.
#
#   tests/package/test_service_files.sh PATH/TO/floodgate
set -euo pipefail
floodgate=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
packaging=$here/../../packaging
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir -p "$work/a b" "$work/100%" "$work/media" "$work/gen"
cat >"$work/floodgate.conf" <<CONF
[daemon]
listen = 127.0.0.1:7878
[module spaced]
path = $work/a b
[module percent]
path = $work/100%
[module media]
path = $work/media
read-only = true
CONF
FLOODGATE_CONF=$work/floodgate.conf FLOODGATE_BIN=$floodgate "$packaging/systemd/floodgate-serve-generator" "$work/gen"
dropin=$work/gen/floodgate-serve.service.d/50-module-paths.conf
expected="[Service]
ReadWritePaths=\"-$work/a b\"
ReadWritePaths=\"-$work/100%%\""
[ "$(grep -v '^#' "$dropin")" = "$expected" ] || fail "the drop-in:
$(cat "$dropin")
expected:
$expected"
echo "ok: the generator lets the service write the writable modules' paths, quoted and escaped"

echo "oops" >>"$work/floodgate.conf"
rm -rf "$work/gen2" && mkdir "$work/gen2"
FLOODGATE_CONF=$work/floodgate.conf FLOODGATE_BIN=$floodgate "$packaging/systemd/floodgate-serve-generator" "$work/gen2" ||
  fail "the generator failed on a broken config (it must leave the daemon to say why)"
[ -z "$(ls -A "$work/gen2")" ] || fail "a broken config gave a drop-in"
echo "ok: a broken config gives no drop-in and no failure"

if command -v systemd-analyze >/dev/null; then
  units=$work/units
  mkdir -p "$units"
  sed "s|/usr/bin/floodgate|$floodgate|" "$packaging/systemd/floodgate-serve.service" >"$units/floodgate-serve.service"
  cp -r "$work/gen/floodgate-serve.service.d" "$units/"
  # It reads the drop-in too; what it only warns of (an unknown key, a path
  # it ignores) is a failure here.
  said=$(cd "$units" && SYSTEMD_UNIT_PATH="$units:" systemd-analyze verify --man=no floodgate-serve.service 2>&1) ||
    fail "systemd-analyze verify: $said"
  [ -z "$said" ] || fail "systemd-analyze verify: $said"
  echo "ok: systemd-analyze verify"
  # 2.0 of 10 ("OK"): what the sandbox leaves the daemon is its network,
  # its state directory and its modules.
  systemd-analyze security --offline=yes --threshold=20 "$units/floodgate-serve.service" >"$work/security.txt" ||
    fail "exposure above 2.0: $(tail -1 "$work/security.txt")"
  echo "ok: $(grep -o 'Overall exposure level.*' "$work/security.txt")"
else
  echo "skip: no systemd-analyze"
fi

if command -v man >/dev/null; then
  for page in "$packaging/man/floodgate.1" "$packaging/man/floodgate.conf.5"; do
    warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
    [ -z "$warnings" ] || fail "$(basename "$page"): $warnings"
  done
  echo "ok: the man pages format without warnings"
fi
bash -n "$packaging/bash-completion/floodgate" || fail "the bash completion does not parse"
# Every option the completion offers comes from the help: serve's must include --config.
opts=$(PATH=$(dirname "$floodgate"):$PATH bash -c "source '$packaging/bash-completion/floodgate'; _floodgate_options serve")
grep -qx -- "--config" <<<"$opts" || fail "the completion does not offer serve --config: $opts"
echo "ok: the bash completion"
