#!/usr/bin/env bash
# Makes sure PostgreSQL and Redis answer, then creates the database named in DATABASE_URL.
#
# Per service, first match wins:
#   1. DATABASE_URL / REDIS_URL answers                  -> use it
#   2. (URL not given) local server on the standard port -> use it
#   3. installed system server                           -> start it (pg_ctlcluster / redis-server)
#   4. root + apt-get                                    -> apt-get install postgresql / redis-server
#   5. a Docker engine answers                           -> docker compose -f ops/compose/dev-services.yml up -d
#   6. otherwise exit 1 with what is missing and how to provide it
#
# A URL that points at another machine is never replaced by a local server: if it does not
# answer, the script stops (the app would keep using that URL).
#
# Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/portal),
#              REDIS_URL (default redis://127.0.0.1:6379), SERVICES_TIMEOUT (seconds, default 60).
set -euo pipefail

HERE="${BASH_SOURCE[0]%/*}"
[[ "$HERE" == "${BASH_SOURCE[0]}" ]] && HERE=.
ROOT="$(cd "$HERE/.." && pwd)"
DEV_COMPOSE="$ROOT/ops/compose/dev-services.yml" # docker-compose.yml publishes neither
DEFAULT_DATABASE_URL='postgres://postgres@127.0.0.1:5432/portal'
DEFAULT_REDIS_URL='redis://127.0.0.1:6379'
DB_GIVEN="${DATABASE_URL:+1}"
REDIS_GIVEN="${REDIS_URL:+1}"
DATABASE_URL="${DATABASE_URL:-$DEFAULT_DATABASE_URL}"
REDIS_URL="${REDIS_URL:-$DEFAULT_REDIS_URL}"
TIMEOUT="${SERVICES_TIMEOUT:-60}"
export DEBIAN_FRONTEND=noninteractive

say() { printf '%s\n' "$*"; }
err() { printf 'ops/services.sh: %s\n' "$*" >&2; }
have() { command -v "$1" >/dev/null 2>&1; }
is_root() { [[ "$(id -u)" == 0 ]]; }
is_local_host() { [[ "$1" == 127.0.0.1 || "$1" == localhost || "$1" == ::1 || "$1" == '[::1]' ]]; }

# ---------------------------------------------------------------- URL parsing
# Sets U_SCHEME U_USER U_PASS U_HOST U_PORT U_PATH U_QUERY from a URL.
parse_url() {
  local url="$1" default_port="$2" rest auth hostport
  U_SCHEME="${url%%://*}"
  rest="${url#*://}"
  U_QUERY=''
  if [[ "$rest" == *'?'* ]]; then U_QUERY="${rest#*\?}"; rest="${rest%%\?*}"; fi
  U_PATH=''
  if [[ "$rest" == */* ]]; then U_PATH="${rest#*/}"; rest="${rest%%/*}"; fi
  auth=''
  if [[ "$rest" == *@* ]]; then auth="${rest%@*}"; hostport="${rest##*@}"; else hostport="$rest"; fi
  U_USER="${auth%%:*}"
  U_PASS=''
  if [[ "$auth" == *:* ]]; then U_PASS="${auth#*:}"; fi
  if [[ "$hostport" == \[* ]]; then # [ipv6]:port
    U_HOST="${hostport%%]*}]"
    hostport="${hostport#"$U_HOST"}"
    U_PORT="${hostport#:}"
    U_HOST="${U_HOST#[}"; U_HOST="${U_HOST%]}"
  elif [[ "$hostport" == *:* ]]; then
    U_HOST="${hostport%%:*}"; U_PORT="${hostport#*:}"
  else
    U_HOST="$hostport"; U_PORT=''
  fi
  U_HOST="${U_HOST:-127.0.0.1}"
  U_PORT="${U_PORT:-$default_port}"
}

# bash-only TCP probe, for machines without the client tools.
tcp_open() { timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$1" "$2" 2>/dev/null; }

wait_for() { # wait_for <name> <probe function> <seconds>
  local name="$1" probe="$2" limit="$3" start=$SECONDS
  until "$probe"; do
    if (( SECONDS - start >= limit )); then
      err "$name did not answer within ${limit}s"
      return 1
    fi
    sleep 0.5
  done
}

APT_UPDATED=''
apt_install() { # apt_install <package>...
  local log="${TMPDIR:-/tmp}/portal-apt.log"
  if [[ -z "$APT_UPDATED" ]]; then
    say "  apt-get update (log: $log)"
    apt-get update -qq >"$log" 2>&1 9>&- || { tail -n 20 "$log" >&2; return 1; }
    APT_UPDATED=1
  fi
  say "  apt-get install $* (log: $log)"
  apt-get install -y -qq --no-install-recommends "$@" >>"$log" 2>&1 9>&- || { tail -n 20 "$log" >&2; return 1; }
}
can_apt() { is_root && have apt-get; }
why_no_apt() {
  local r=()
  is_root || r+=("not root")
  have apt-get || r+=("no apt-get")
  local IFS=,
  printf 'cannot install one (%s)' "${r[*]}"
}
docker_ok() { have docker && docker info >/dev/null 2>&1; }

# Serialise the slow paths (two `make` runs at once must not both run apt-get or initdb).
# Every command that may leave a daemon behind runs with fd 9 closed (`9>&-`), or the
# daemon would inherit the lock and hold it for as long as it runs.
LOCKED=''
take_lock() {
  [[ -n "$LOCKED" ]] && return 0
  LOCKED=1
  if have flock; then
    exec 9>"${TMPDIR:-/tmp}/portal-services-$(id -u).lock"
    flock -w 600 9 || true
  fi
}

# ================================================================ PostgreSQL
parse_url "$DATABASE_URL" 5432
PG_HOST="$U_HOST" PG_PORT="$U_PORT" PG_USER="${U_USER:-postgres}"
PG_DB="${U_PATH:-$PG_USER}"
PG_QUERY="$U_QUERY"
PG_DB="$(printf '%b' "${PG_DB//%/\\x}")" # URL-decode
PG_AUTHORITY="${DATABASE_URL#*://}"
PG_AUTHORITY="${PG_AUTHORITY%%/*}"
PG_AUTHORITY="${PG_AUTHORITY%%\?*}"
PG_ADMIN_URL="${U_SCHEME}://${PG_AUTHORITY}/postgres${PG_QUERY:+?$PG_QUERY}"

pg_answers() {
  if have pg_isready; then
    pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 2 >/dev/null 2>&1
  else
    tcp_open "$PG_HOST" "$PG_PORT"
  fi
}

pg_version_dirs() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sed 's#/usr/lib/postgresql/\([^/]*\)/bin#\1#' | sort -n; }

# Prepend trust lines for loopback TCP to a cluster's pg_hba.conf (fresh clusters only).
pg_trust_loopback() {
  local ver="$1" name="$2" hba="/etc/postgresql/$1/$2/pg_hba.conf"
  [[ -f "$hba" ]] || return 0
  grep -q 'added by ops/services.sh' "$hba" && return 0
  {
    printf '# added by ops/services.sh: local development cluster, trust on loopback only\n'
    printf 'host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n'
    cat "$hba"
  } >"$hba.new"
  chown --reference="$hba" "$hba.new" 2>/dev/null || true
  chmod --reference="$hba" "$hba.new" 2>/dev/null || true
  mv "$hba.new" "$hba"
}

pg_ctl_cluster() { # pg_ctl_cluster <ver> <name> <action>; through systemd only when it runs
  if [[ -d /run/systemd/system ]]; then
    pg_ctlcluster "$1" "$2" "$3" 9>&-
  else
    pg_ctlcluster --skip-systemctl-redirect "$1" "$2" "$3" 9>&-
  fi
}

# Start (or create and start) a Debian cluster on PG_PORT. Sets PG_SOURCE on success.
pg_start_system() {
  have pg_lsclusters && have pg_ctlcluster || return 1
  is_root || [[ "$(id -un)" == postgres ]] || { PG_WHY+=("PostgreSQL is installed but starting or creating a cluster needs root or the postgres user"); return 1; }
  take_lock
  if [[ -z "${PG_JUST_INSTALLED:-}" ]] && pg_answers; then
    PG_SOURCE="local server at $PG_HOST:$PG_PORT (started meanwhile)"
    return 0
  fi
  local ver name _status line fresh=''
  line="$(pg_lsclusters -h 2>/dev/null | awk -v p="$PG_PORT" '$3 == p { print $1, $2, $4; exit }')"
  if [[ -z "$line" ]]; then
    ver="$(pg_version_dirs | tail -n 1)"
    [[ -n "$ver" ]] || { PG_WHY+=("postgresql-common is installed but no PostgreSQL server version is"); return 1; }
    name=main
    if [[ -d "/etc/postgresql/$ver/$name" ]]; then name=portal; fi
    say "  creating PostgreSQL $ver cluster '$name' on port $PG_PORT"
    pg_createcluster --port="$PG_PORT" --locale=C.UTF-8 "$ver" "$name" -- --auth-local=trust --auth-host=trust >/dev/null 9>&- ||
      { PG_WHY+=("pg_createcluster $ver $name failed"); return 1; }
    fresh=1
  else
    read -r ver name _status <<<"$line"
    # A cluster created by the package install just now counts as fresh.
    if [[ -n "${PG_JUST_INSTALLED:-}" ]]; then fresh=1; fi
  fi
  if [[ -n "$fresh" ]]; then pg_trust_loopback "$ver" "$name"; fi
  if pg_lsclusters -h 2>/dev/null | awk -v v="$ver" -v n="$name" '$1 == v && $2 == n && $4 == "online" { f = 1 } END { exit !f }'; then
    pg_ctl_cluster "$ver" "$name" reload >/dev/null 2>&1 || true
  else
    pg_ctl_cluster "$ver" "$name" start || { PG_WHY+=("pg_ctlcluster $ver $name start failed (see /var/log/postgresql/postgresql-$ver-$name.log)"); return 1; }
  fi
  wait_for postgres pg_answers "$TIMEOUT" || return 1
  PG_SOURCE="started system cluster $ver/$name at $PG_HOST:$PG_PORT"
}

pg_install_apt() {
  can_apt || return 1
  take_lock
  say "  installing PostgreSQL from Debian packages"
  apt_install postgresql || { PG_WHY+=("apt-get install postgresql failed"); return 1; }
  PG_JUST_INSTALLED=1
  pg_start_system || return 1
  PG_SOURCE="installed postgresql (apt) and started it at $PG_HOST:$PG_PORT"
}

pg_docker() {
  docker_ok || return 1
  [[ "$PG_PORT" == 5432 ]] || { PG_WHY+=("ops/compose/dev-services.yml publishes PostgreSQL on 5432 only"); return 1; }
  take_lock
  say "  docker compose up -d postgres"
  docker compose -f "$DEV_COMPOSE" up -d --wait postgres >/dev/null 9>&- ||
    { PG_WHY+=("docker compose up -d postgres failed"); return 1; }
  wait_for postgres pg_answers "$TIMEOUT" || return 1
  PG_SOURCE="docker compose service postgres at $PG_HOST:$PG_PORT"
  PG_VIA_DOCKER=1
}

PG_WHY=()
PG_SOURCE=''
if pg_answers; then
  if [[ -n "$DB_GIVEN" && "$DATABASE_URL" != "$DEFAULT_DATABASE_URL" ]]; then
    PG_SOURCE="DATABASE_URL at $PG_HOST:$PG_PORT"
  else
    PG_SOURCE="local server at $PG_HOST:$PG_PORT (already running)"
  fi
elif ! is_local_host "$PG_HOST"; then
  err "postgres: DATABASE_URL points at $PG_HOST:$PG_PORT, which does not answer."
  err "  Start that server, or unset DATABASE_URL to use a local PostgreSQL on 127.0.0.1:5432."
  exit 1
else
  have pg_ctlcluster || PG_WHY+=("no PostgreSQL server is installed (pg_ctlcluster not found)")
  can_apt || PG_WHY+=("$(why_no_apt)")
  if have docker; then docker info >/dev/null 2>&1 || PG_WHY+=("docker is installed but no Docker engine answers (docker info failed)"); else PG_WHY+=("no docker"); fi
  pg_start_system || pg_install_apt || pg_docker || {
    err "postgres: nothing answers at $PG_HOST:$PG_PORT and none could be started:"
    for why in "${PG_WHY[@]}"; do err "  - $why"; done
    err "Provide one of:"
    err "  - DATABASE_URL=postgres://USER:PASSWORD@HOST:PORT/DB pointing at a running PostgreSQL 15+"
    err "  - a local server: sudo apt-get install postgresql (or your system's package), then rerun"
    err "  - a running Docker engine (ops/compose/dev-services.yml is then started for you)"
    exit 1
  }
fi

# Create the database named in DATABASE_URL when missing.
pg_psql() { # pg_psql <url> ; SQL on stdin
  if have psql; then
    PGCONNECT_TIMEOUT=5 psql "$1" -X -q -At -v ON_ERROR_STOP=1 -v dbname="$PG_DB"
  elif [[ -n "${PG_VIA_DOCKER:-}" ]]; then
    docker compose -f "$DEV_COMPOSE" exec -T postgres psql -U postgres -X -q -At -v ON_ERROR_STOP=1 -v dbname="$PG_DB"
  else
    return 127
  fi
}
if ! have psql && [[ -z "${PG_VIA_DOCKER:-}" ]] && can_apt; then
  apt_install postgresql-client || true
fi
db_exists="$(printf "SELECT 1 FROM pg_database WHERE datname = :'dbname';\n" | pg_psql "$PG_ADMIN_URL" 2>&1)" || {
  rc=$?
  if [[ $rc == 127 ]]; then
    err "postgres: psql is missing, so database '$PG_DB' cannot be checked or created."
    err "  Install the client (apt-get install postgresql-client) or create the database yourself."
  else
    err "postgres: cannot connect as '$PG_USER' to $PG_HOST:$PG_PORT: $db_exists"
    err "  Put the password in DATABASE_URL, or allow this user in pg_hba.conf (trust on 127.0.0.1 for local development)."
  fi
  exit 1
}
if [[ "$db_exists" != 1 ]]; then
  if printf 'CREATE DATABASE :"dbname";\n' | pg_psql "$PG_ADMIN_URL" >/dev/null 2>&1; then
    PG_SOURCE+=", created database $PG_DB"
  elif [[ "$(printf "SELECT 1 FROM pg_database WHERE datname = :'dbname';\n" | pg_psql "$PG_ADMIN_URL")" != 1 ]]; then
    err "postgres: cannot create database '$PG_DB' as '$PG_USER'; create it or use a user with CREATEDB."
    exit 1
  fi
fi
say "postgres: $PG_SOURCE"

# ===================================================================== Redis
parse_url "$REDIS_URL" 6379
R_HOST="$U_HOST" R_PORT="$U_PORT" R_PASS="$U_PASS" R_SCHEME="$U_SCHEME"

redis_answers() {
  if have redis-cli; then
    local out
    local tls=()
    [[ "$R_SCHEME" == rediss ]] && tls=(--tls)
    out="$(timeout 3 redis-cli "${tls[@]}" -u "$REDIS_URL" --no-auth-warning ping 2>/dev/null)" || return 1
    [[ "$out" == PONG || "$out" == *NOAUTH* ]]
  else
    timeout 2 bash -c '
      exec 3<>"/dev/tcp/$0/$1" || exit 1
      printf "PING\r\n" >&3
      IFS= read -r -t 1 line <&3 || exit 1
      [[ "$line" == +PONG* || "$line" == -NOAUTH* ]]' "$R_HOST" "$R_PORT" 2>/dev/null
  fi
}

redis_start_system() {
  have redis-server || return 1
  take_lock
  redis_answers && { R_SOURCE="local redis-server at $R_HOST:$R_PORT (started meanwhile)"; return 0; }
  local dir logdir
  if is_root; then dir=/var/lib/redis; logdir=/var/log/redis; else dir="${TMPDIR:-/tmp}/portal-redis-$(id -u)"; logdir="$dir"; fi
  mkdir -p "$dir" "$logdir"
  local args=(--daemonize yes --bind 127.0.0.1 -::1 --port "$R_PORT" --save '' --appendonly no
    --dir "$dir" --logfile "$logdir/ci.log")
  [[ -n "$R_PASS" ]] && args+=(--requirepass "$R_PASS")
  redis-server "${args[@]}" >/dev/null 9>&- || { R_WHY+=("redis-server failed to start (see $logdir/ci.log)"); return 1; }
  wait_for redis redis_answers "$TIMEOUT" || return 1
  R_SOURCE="started system redis-server at $R_HOST:$R_PORT"
}

redis_install_apt() {
  can_apt || return 1
  take_lock
  say "  installing Redis from Debian packages"
  apt_install redis-server || { R_WHY+=("apt-get install redis-server failed"); return 1; }
  # The package may have started its own server already.
  if redis_answers; then R_SOURCE="installed redis-server (apt), running at $R_HOST:$R_PORT"; return 0; fi
  redis_start_system || return 1
  R_SOURCE="installed redis-server (apt) and started it at $R_HOST:$R_PORT"
}

redis_docker() {
  docker_ok || return 1
  [[ "$R_PORT" == 6379 ]] || { R_WHY+=("ops/compose/dev-services.yml publishes Redis on 6379 only"); return 1; }
  take_lock
  say "  docker compose up -d redis"
  docker compose -f "$DEV_COMPOSE" up -d --wait redis >/dev/null 9>&- ||
    { R_WHY+=("docker compose up -d redis failed"); return 1; }
  wait_for redis redis_answers "$TIMEOUT" || return 1
  R_SOURCE="docker compose service redis at $R_HOST:$R_PORT"
}

R_WHY=()
R_SOURCE=''
if redis_answers; then
  if [[ -n "$REDIS_GIVEN" && "$REDIS_URL" != "$DEFAULT_REDIS_URL" ]]; then
    R_SOURCE="REDIS_URL at $R_HOST:$R_PORT"
  else
    R_SOURCE="local server at $R_HOST:$R_PORT (already running)"
  fi
elif ! is_local_host "$R_HOST"; then
  err "redis: REDIS_URL points at $R_HOST:$R_PORT, which does not answer."
  err "  Start that server, or unset REDIS_URL to use a local Redis on 127.0.0.1:6379."
  exit 1
else
  have redis-server || R_WHY+=("no Redis server is installed (redis-server not found)")
  can_apt || R_WHY+=("$(why_no_apt)")
  if have docker; then docker info >/dev/null 2>&1 || R_WHY+=("docker is installed but no Docker engine answers (docker info failed)"); else R_WHY+=("no docker"); fi
  redis_start_system || redis_install_apt || redis_docker || {
    err "redis: nothing answers at $R_HOST:$R_PORT and none could be started:"
    for why in "${R_WHY[@]}"; do err "  - $why"; done
    err "Provide one of:"
    err "  - REDIS_URL=redis://[:PASSWORD@]HOST:PORT pointing at a running Redis 7+"
    err "  - a local server: sudo apt-get install redis-server (or your system's package), then rerun"
    err "  - a running Docker engine (ops/compose/dev-services.yml is then started for you)"
    exit 1
  }
fi
say "redis: $R_SOURCE"
