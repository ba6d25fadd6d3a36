#!/usr/bin/env bash
# Makes sure Chromium (the Debian package `chromium`, /usr/bin/chromium) is installed for the
# e2e tests, and prints its path. CHROMIUM_PATH overrides the location.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [[ ! -x "$CHROMIUM" ]]; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    log="${TMPDIR:-/tmp}/portal-apt-chromium.log"
    echo "chromium: installing the Debian package (log: $log)"
    export DEBIAN_FRONTEND=noninteractive
    if ! { apt-get update -qq && apt-get install -y -qq chromium fonts-liberation; } >"$log" 2>&1; then
      tail -n 20 "$log" >&2
      echo "ops/ensure-chromium.sh: apt-get install chromium fonts-liberation failed" >&2
      exit 1
    fi
    CHROMIUM=/usr/bin/chromium
  else
    {
      echo "ops/ensure-chromium.sh: Chromium not found at $CHROMIUM."
      echo "  Install it: sudo apt-get install chromium fonts-liberation"
      echo "  or point CHROMIUM_PATH at an existing Chromium/Chrome binary."
    } >&2
    exit 1
  fi
fi

[[ -x "$CHROMIUM" ]] || { echo "ops/ensure-chromium.sh: $CHROMIUM is still missing after install" >&2; exit 1; }
echo "chromium: $CHROMIUM"
