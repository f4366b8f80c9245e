#!/usr/bin/env bash
# Lets `apt-get source` work: adds deb-src entries for the Debian or Ubuntu
# mirror the machine already installs from (the same suites, so source
# versions match the binaries), once. Does nothing when there are some.
set -euo pipefail
if grep -rqsE '^(deb-src |Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
  exit 0
fi
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
deb822=$(mktemp) oneline=$(mktemp)
# deb822 stanzas (Debian 12's debian.sources): each stanza of a Debian or
# Ubuntu mirror again, as deb-src. Other vendors' repositories often carry
# no sources, and a missing one would fail apt-get update.
for f in /etc/apt/sources.list.d/*.sources; do
  [ -e "$f" ] || continue
  awk 'BEGIN { RS = ""; ORS = "\n\n" }
       /URIs:[^\n]*(debian|ubuntu)/ && /Types:[^\n]*deb/ { sub(/Types:[^\n]*/, "Types: deb-src"); print }' "$f" >>"$deb822"
done
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
  [ -e "$f" ] || continue
  grep -E '^deb .*(debian|ubuntu)' "$f" | sed 's/^deb /deb-src /' >>"$oneline" || true
done
if [ ! -s "$deb822" ] && [ ! -s "$oneline" ]; then
  echo "enable-deb-src: found no Debian or Ubuntu mirror in /etc/apt to add source entries for" >&2
  rm -f "$deb822" "$oneline"
  exit 1
fi
[ -s "$deb822" ] && "${sudo[@]}" install -m 0644 "$deb822" /etc/apt/sources.list.d/floodgate-deb-src.sources
[ -s "$oneline" ] && "${sudo[@]}" install -m 0644 "$oneline" /etc/apt/sources.list.d/floodgate-deb-src.list
rm -f "$deb822" "$oneline"
"${sudo[@]}" apt-get update -qq
