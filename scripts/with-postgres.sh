#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster on 127.0.0.1, with TEST_DATABASE_URL pointing at it.
#   scripts/with-postgres.sh npm run test:db
# Needs Debian's postgresql package (apt-get install -y postgresql). The cluster lives in a temp folder and is
# removed afterwards.
set -euo pipefail

PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL server binaries not found. Install them with: apt-get install -y postgresql" >&2
  exit 1
fi

PORT=${PG_TEST_PORT:-54329}
WORK=$(mktemp -d /tmp/leadloop-pg-XXXXXX)
chmod 755 "$WORK"
DATA="$WORK/data"
SOCK="$WORK/sock"
mkdir -p "$SOCK"

as_pg() {
  if [ "$(id -u)" = "0" ]; then
    chown -R postgres:postgres "$WORK"
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

cleanup() {
  as_pg "$PG_BIN/pg_ctl" -D "$DATA" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

as_pg "$PG_BIN/initdb" -D "$DATA" -A trust -U postgres >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$DATA" -l "$WORK/server.log" \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $SOCK -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  -w start >/dev/null
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') running on 127.0.0.1:$PORT"

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
"$@"
