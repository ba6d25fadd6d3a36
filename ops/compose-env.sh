#!/usr/bin/env bash
# Makes sure .env holds the settings docker-compose.yml needs, with secrets of its own:
#   - no .env: copies .env.example and generates every secret;
#   - .env present: generates only the secrets that are missing or still the example values of
#     .env.example (which NODE_ENV=production refuses); a value you chose is never touched.
# Secrets: SESSION_KEYS, METRICS_TOKEN, STREAM_KEY, ADMIN_PASSWORD, REGISTRATION_PASSCODE, POSTGRES_PASSWORD
# (random hex from `openssl rand`, else /dev/urandom). ADMIN_EMAIL likewise, from the ADMIN_EMAIL
# environment variable, else admin@portal.localhost. Prints the names it set, never a value.
# .env is ignored by git and written with mode 600.
#
# Environment: ENV_FILE (default: .env beside docker-compose.yml), ENV_EXAMPLE (.env.example).
set -euo pipefail

HERE="${BASH_SOURCE[0]%/*}"
[[ "$HERE" == "${BASH_SOURCE[0]}" ]] && HERE=.
ROOT="$(cd "$HERE/.." && pwd)"
ENV_FILE="${ENV_FILE:-$ROOT/.env}"
ENV_EXAMPLE="${ENV_EXAMPLE:-$ROOT/.env.example}"

rand_hex() { # rand_hex <bytes>
  if command -v openssl >/dev/null 2>&1; then
    openssl rand -hex "$1"
  else
    od -An -tx1 -N"$1" /dev/urandom | tr -d ' \n'
    echo
  fi
}

# The last NAME=value assignment of a file (empty when none).
value_in() { # value_in <file> <name>
  [[ -f "$1" ]] || return 0
  awk -v n="$2" 'index($0, n "=") == 1 { v = substr($0, length(n) + 2) } END { print v }' "$1"
}

umask 077
if [[ ! -f "$ENV_FILE" ]]; then
  if [[ -f "$ENV_EXAMPLE" ]]; then cp "$ENV_EXAMPLE" "$ENV_FILE"; else : >"$ENV_FILE"; fi
  chmod 600 "$ENV_FILE"
  echo "created $ENV_FILE from .env.example"
fi

changed=()
# Replaces every NAME= line with NAME=value, or appends it.
set_value() { # set_value <name> <value>
  local tmp="$ENV_FILE.tmp.$$"
  awk -v n="$1" -v v="$2" '
    index($0, n "=") == 1 { if (!done) print n "=" v; done = 1; next }
    { print }
    END { if (!done) print n "=" v }' "$ENV_FILE" >"$tmp"
  chmod 600 "$tmp"
  mv "$tmp" "$ENV_FILE"
  changed+=("$1")
}

# A secret is (re)generated when it is missing, empty or the example value.
ensure_secret() { # ensure_secret <name> <value if needed>
  local current example
  current="$(value_in "$ENV_FILE" "$1")"
  example="$(value_in "$ENV_EXAMPLE" "$1")"
  if [[ -z "$current" || ( -n "$example" && "$current" == "$example" ) ]]; then
    set_value "$1" "$2"
  fi
}

# Two keys would also do for rotation; one is generated, newest first is documented.
ensure_secret SESSION_KEYS "$(rand_hex 32)"
ensure_secret METRICS_TOKEN "$(rand_hex 24)"
# Keys the e-mail reservation streams (HMAC); changing it needs npm run streams:rekey-emails.
ensure_secret STREAM_KEY "$(rand_hex 32)"
ensure_secret ADMIN_PASSWORD "$(rand_hex 12)"
ensure_secret REGISTRATION_PASSCODE "$(rand_hex 5 | tr 'a-f' 'A-F')"
# Hex: safe inside DATABASE_URL without escaping.
ensure_secret POSTGRES_PASSWORD "$(rand_hex 24)"
# Not a secret, but the example address is nobody's mailbox.
ensure_secret ADMIN_EMAIL "${ADMIN_EMAIL:-admin@portal.localhost}"

if ((${#changed[@]})); then
  echo "wrote ${changed[*]} to $ENV_FILE (generated; see the file for the first admin's password)"
else
  echo "$ENV_FILE already has every secret docker-compose.yml needs"
fi
