#!/usr/bin/env bash
# Runs one Qt Test program of the Windows build under Wine. Qt Test there
# writes nothing to a pipe's stdout, so the log goes to a file that is then
# printed (ctest --output-on-failure shows it); the exit code is the test's.
#
#   run_qt_test.sh WINE TEST.exe
set -uo pipefail
wine=$1 exe=$2
export WINEDEBUG=${WINEDEBUG:--all}
log=$(mktemp --suffix=.txt)
"$wine" "$exe" -o "Z:${log//\//\\},txt"
code=$?
cat "$log"
rm -f "$log"
exit "$code"
