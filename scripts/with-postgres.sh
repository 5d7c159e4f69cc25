#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server on loopback, then stops the server.
# Usage: scripts/with-postgres.sh COMMAND...   (the command sees TEST_DATABASE_URL)
# Needs Debian's postgresql package; when run as root the server runs as the postgres user.
set -euo pipefail

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pgbin" ]; then
  echo "with-postgres: no PostgreSQL server found; install Debian's postgresql package" >&2
  exit 1
fi

port=${PGPORT_TEST:-55432}
dir=$(mktemp -d /tmp/eship-pg.XXXXXX)
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" = 0 ] && chown postgres "$dir"

cleanup() {
  as_pg "$pgbin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

as_pg "$pgbin/initdb" -D "$dir/data" -U postgres --auth=trust --no-sync >/dev/null
as_pg "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
