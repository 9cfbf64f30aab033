#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests.
#   scripts/postgres.sh start DIR   → prints postgresql://… of a new cluster in DIR on a free port
#   scripts/postgres.sh stop DIR    → stops it and removes DIR
#   scripts/postgres.sh down DIR    → stops it, keeping its data (a database outage)
#   scripts/postgres.sh up DIR      → starts it again on the same port
# Installs Debian's postgresql first if no server binaries are found. As root, the
# cluster runs as the `postgres` user (runuser); otherwise as the current user.
set -euo pipefail
action=${1:-start}
dir=${2:-${TMPDIR:-/tmp}/boardroom-pg}

find_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

bin=$(find_bin)
if [ -z "$bin" ] && [ "$action" = start ]; then
  echo "installing postgresql…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
  bin=$(find_bin)
fi

case "$action" in
  start)
    [ -n "$bin" ] || { echo "no PostgreSQL server binaries" >&2; exit 1; }
    if [ -d "$dir/data" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    echo "$port" >"$dir/port"
    as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres --no-sync -E UTF8 >"$dir/initdb.log" 2>&1
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200" start >&2
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres boardroom
    echo "postgresql://postgres@127.0.0.1:$port/boardroom"
    ;;
  down)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2
    ;;
  up)
    port=$(cat "$dir/port")
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200" start >&2
    ;;
  stop)
    if [ -n "$bin" ] && [ -d "$dir/data" ]; then
      as_owner "$bin/pg_ctl" -D "$dir/data" -m fast stop >&2 || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop|down|up [DIR]" >&2
    exit 2
    ;;
esac
