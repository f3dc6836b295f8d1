#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL server, for the storage tests (tests/arena):
# Debian's `postgresql` package (installed when missing), a cluster in a temporary folder, a free
# local port, stopped and deleted when the command ends. The command sees the server's URL in
# CARDARENA_TEST_PG. Usage: scripts/with_postgres.sh COMMAND [ARGS...]
set -euo pipefail

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

if [ -n "${CARDARENA_TEST_PG:-}" ]; then exec "$@"; fi   # a server given from outside

BIN=$(pg_bin)
if [ -z "$BIN" ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "installing Debian's postgresql for the storage tests..." >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    BIN=$(pg_bin)
  fi
  if [ -z "$BIN" ]; then
    echo "warning: PostgreSQL is not installed and cannot be (not root): the PostgreSQL storage tests skip" >&2
    exec "$@"
  fi
fi

# initdb refuses to run as root: as root the server runs as the `postgres` user the package made
AS=()
if [ "$(id -u)" = 0 ]; then AS=(runuser -u postgres --); fi

DIR=$(mktemp -d -t cardarena-pg.XXXXXX)
chmod 755 "$DIR"
if [ "$(id -u)" = 0 ]; then chown postgres: "$DIR"; fi
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

stop() {
  "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT

"${AS[@]}" "$BIN/initdb" -D "$DIR/data" -U postgres -A trust -E UTF8 --no-sync >"$DIR/initdb.log" 2>&1 \
  || { cat "$DIR/initdb.log" >&2; exit 1; }
"${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null \
  || { cat "$DIR/server.log" >&2; exit 1; }

export CARDARENA_TEST_PG="postgresql+psycopg://postgres@127.0.0.1:$PORT/postgres"
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') for the storage tests on port $PORT" >&2
set +e
"$@"
status=$?
set -e
exit "$status"
