#!/usr/bin/env bash
# Makes sure Prometheus and promtool (the Debian package `prometheus`) are installed for the
# alerting tests and ops/prometheus-local.sh, and prints their paths. PROMETHEUS_BIN and
# PROMTOOL_BIN override the locations.
set -euo pipefail

PROMETHEUS="${PROMETHEUS_BIN:-/usr/bin/prometheus}"
PROMTOOL="${PROMTOOL_BIN:-/usr/bin/promtool}"

if [[ ! -x "$PROMETHEUS" || ! -x "$PROMTOOL" ]]; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    log="${TMPDIR:-/tmp}/portal-apt-prometheus.log"
    echo "prometheus: installing the Debian package (log: $log)"
    export DEBIAN_FRONTEND=noninteractive
    if ! { apt-get update -qq && apt-get install -y -qq prometheus; } >"$log" 2>&1; then
      tail -n 20 "$log" >&2
      echo "ops/ensure-prometheus.sh: apt-get install prometheus failed" >&2
      exit 1
    fi
    PROMETHEUS=/usr/bin/prometheus
    PROMTOOL=/usr/bin/promtool
  else
    {
      echo "ops/ensure-prometheus.sh: Prometheus not found at $PROMETHEUS (promtool: $PROMTOOL)."
      echo "  Install it: sudo apt-get install prometheus"
      echo "  or point PROMETHEUS_BIN and PROMTOOL_BIN at existing binaries."
    } >&2
    exit 1
  fi
fi

for bin in "$PROMETHEUS" "$PROMTOOL"; do
  [[ -x "$bin" ]] || { echo "ops/ensure-prometheus.sh: $bin is still missing after install" >&2; exit 1; }
done
# (Under systemd the package also starts a system Prometheus on :9090; nothing here uses it.)
echo "prometheus: $PROMETHEUS ($("$PROMETHEUS" --version 2>&1 | head -n 1))"
echo "promtool: $PROMTOOL"
