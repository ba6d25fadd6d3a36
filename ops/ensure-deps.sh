#!/usr/bin/env bash
# Installs npm dependencies when they are missing or older than package-lock.json, using the
# machine's npm, then checks that the pinned runtime (the `node` devDependency) is Node 24.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

command -v npm >/dev/null 2>&1 || {
  echo "ops/ensure-deps.sh: npm not found; install Node.js (any version >= 18 with npm) first." >&2
  exit 1
}

if [[ ! -f package-lock.json ]]; then
  if [[ ! -d node_modules ]]; then
    echo "deps: no package-lock.json, running npm install"
    npm install --no-audit --no-fund
  fi
elif [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "deps: running npm ci"
  npm ci --no-audit --no-fund
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
