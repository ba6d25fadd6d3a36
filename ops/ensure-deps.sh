#!/usr/bin/env bash
# Installs npm dependencies when they are missing or older than package-lock.json, using the
# machine's npm, then checks that the pinned runtime (the `node` devDependency) is Node 24.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

command -v npm >/dev/null 2>&1 || {
  echo "ops/ensure-deps.sh: npm not found; install Node.js (any version >= 18 with npm) first." >&2
  exit 1
}

# The install runs on this machine's npm and Node, before the pinned Node 24 is in place: an
# older Node makes npm warn about every package's engine range (EBADENGINE) and about user
# settings it does not know. That output goes to a log; the terminal gets one line, or the
# end of the log when npm fails.
LOG=.cache/npm-install.log
quiet_npm() {
  mkdir -p "$(dirname "$LOG")"
  echo "deps: npm $1 with $(node --version 2>/dev/null || echo 'this machine'\''s Node'); the scripts then run on the pinned Node 24 (output: $LOG)"
  if ! npm "$@" --no-audit --no-fund >"$LOG" 2>&1; then
    tail -n 40 "$LOG" >&2
    echo "ops/ensure-deps.sh: npm $1 failed; the whole output is in $LOG" >&2
    exit 1
  fi
}

if [[ ! -f package-lock.json ]]; then
  if [[ ! -d node_modules ]]; then
    echo "deps: no package-lock.json"
    quiet_npm install
  fi
elif [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  quiet_npm ci
else
  echo "deps: node_modules up to date"
fi

version="$(npm exec --offline -- node --version 2>/dev/null || true)"
if [[ "$version" != v24* ]]; then
  echo "ops/ensure-deps.sh: npm exec -- node --version gave '${version:-nothing}', expected v24.x." >&2
  echo "  The runtime is pinned by the 'node' devDependency; run 'npm ci' and check that its install script ran (allowScripts)." >&2
  exit 1
fi
echo "deps: node $version"
