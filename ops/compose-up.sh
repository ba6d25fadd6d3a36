#!/usr/bin/env bash
# `make up`: checks Docker Compose (2.24 or later: docker-compose.yml uses `env_file` with
# `required: false`), makes sure .env has secrets of its own (ops/compose-env.sh), then builds
# the production image (ops/docker/app.Dockerfile) and starts the stack in the background.
# Extra arguments go to `docker compose up` (for example `--wait`). ENV_FILE: another .env.
set -euo pipefail

HERE="${BASH_SOURCE[0]%/*}"
[[ "$HERE" == "${BASH_SOURCE[0]}" ]] && HERE=.
ROOT="$(cd "$HERE/.." && pwd)"
MIN_COMPOSE=2.24.0
ENV_FILE="${ENV_FILE:-$ROOT/.env}"

err() { printf 'ops/compose-up.sh: %s\n' "$*" >&2; }

command -v docker >/dev/null 2>&1 || {
  err "docker is not installed. make up needs Docker Engine with the Compose plugin $MIN_COMPOSE or later;"
  err "  without Docker use make start (local PostgreSQL and Redis)."
  exit 1
}
version="$(docker compose version --short 2>/dev/null || true)"
version="${version#v}"
[[ -n "$version" ]] || {
  err "the Docker Compose plugin is missing (docker compose version failed); install Compose $MIN_COMPOSE or later."
  exit 1
}
# sort -V puts the smaller version first: the found version must not sort before the minimum.
if [[ "$(printf '%s\n%s\n' "$MIN_COMPOSE" "${version%%[-+]*}" | sort -V | head -n 1)" != "$MIN_COMPOSE" ]]; then
  err "Docker Compose $version is too old: docker-compose.yml needs $MIN_COMPOSE or later."
  exit 1
fi

ENV_FILE="$ENV_FILE" bash "$ROOT/ops/compose-env.sh"
docker compose -f "$ROOT/docker-compose.yml" --env-file "$ENV_FILE" up -d --build "$@"
port="$(awk -F= '$1 == "PORT" { p = $2 } END { print p }' "$ENV_FILE")"
echo "the portal starts on http://127.0.0.1:${port:-3000}/ (docker compose logs -f api; make down to stop)"
echo "first admin: ADMIN_EMAIL and ADMIN_PASSWORD in .env (remove ADMIN_PASSWORD after the first sign-in)"
