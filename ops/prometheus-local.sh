#!/usr/bin/env bash
# Runs a real Prometheus (Debian's package; see ensure-prometheus.sh) in the foreground against
# an API and workers already running on this machine, with the project's alert rules
# (ops/prometheus/alerts.yml). Its web UI and HTTP API: http://127.0.0.1:$PROMETHEUS_PORT
# (alerts: /alerts, /api/v1/alerts).
#
# Environment:
#   API_TARGET           host:port of the API (default 127.0.0.1:${PORT:-3000})
#   WORKER_TARGETS       comma-separated host:port of the workers' metrics (default 127.0.0.1:9465)
#   METRICS_TOKEN        the /metrics token of the API and the workers (default: the METRICS_TOKEN line of .env)
#   PROMETHEUS_PORT      listen port, on 127.0.0.1 (default 9090)
#   PROMETHEUS_DIR       configuration and data directory (default: a new temporary one)
#   SCRAPE_INTERVAL      scrape and rule evaluation interval (default 15s)
#   ALERT_FOR            replaces every rule's `for:` (tests and demos; default: as shipped)
#   ALERT_WINDOW         replaces every rule's 5m range window (tests and demos; default: as shipped)
# The generated configuration is checked with promtool before Prometheus starts.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PROMETHEUS="${PROMETHEUS_BIN:-prometheus}"
PROMTOOL="${PROMTOOL_BIN:-promtool}"
command -v "$PROMETHEUS" >/dev/null && command -v "$PROMTOOL" >/dev/null || {
  echo "ops/prometheus-local.sh: prometheus/promtool not found; run ops/ensure-prometheus.sh (make prometheus)" >&2
  exit 1
}

token="${METRICS_TOKEN:-}"
if [[ -z "$token" && -f "$ROOT/.env" ]]; then
  token="$(sed -n 's/^METRICS_TOKEN=//p' "$ROOT/.env" | tail -n 1)"
fi
[[ -n "$token" ]] || { echo "ops/prometheus-local.sh: set METRICS_TOKEN (the /metrics token)" >&2; exit 1; }

api="${API_TARGET:-127.0.0.1:${PORT:-3000}}"
workers="${WORKER_TARGETS:-127.0.0.1:9465}"
interval="${SCRAPE_INTERVAL:-15s}"
dir="${PROMETHEUS_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/portal-prometheus.XXXXXX")}"
mkdir -p "$dir/data"

(umask 077 && printf '%s' "$token" >"$dir/metrics_token")

rules="$ROOT/ops/prometheus/alerts.yml"
if [[ -n "${ALERT_FOR:-}" || -n "${ALERT_WINDOW:-}" ]]; then
  sed -E \
    -e "${ALERT_FOR:+s/^( *for: ).*/\\1$ALERT_FOR/}" \
    -e "${ALERT_WINDOW:+s/\\[5m\\]/[$ALERT_WINDOW]/g}" \
    "$rules" >"$dir/alerts.yml"
  rules="$dir/alerts.yml"
fi

worker_list="$(printf "'%s', " ${workers//,/ })"
cat >"$dir/prometheus.yml" <<YAML
# Written by ops/prometheus-local.sh
global:
  scrape_interval: $interval
  evaluation_interval: $interval
rule_files:
  - $rules
scrape_configs:
  - job_name: api
    metrics_path: /metrics
    authorization:
      type: Bearer
      credentials_file: $dir/metrics_token
    static_configs:
      - targets: ['$api']
  - job_name: worker
    metrics_path: /metrics
    authorization:
      type: Bearer
      credentials_file: $dir/metrics_token
    static_configs:
      - targets: [${worker_list%, }]
YAML

"$PROMTOOL" check config "$dir/prometheus.yml" >&2
echo "prometheus: config and data in $dir" >&2
exec "$PROMETHEUS" \
  --config.file="$dir/prometheus.yml" \
  --storage.tsdb.path="$dir/data" \
  --web.listen-address="127.0.0.1:${PROMETHEUS_PORT:-9090}" \
  --log.format=json
