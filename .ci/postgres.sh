#!/usr/bin/env bash
# A throwaway PostgreSQL server for the storage tests (Debian's `postgresql` package).
#
#   source .ci/postgres.sh          # CI and developers: install if missing, start, export
#                                   # LUDOTECA_TEST_PG_URL, stop and delete it when the shell exits
#   bash .ci/postgres.sh start      # start one; prints LUDOTECA_TEST_PG_DIR=... and
#                                   # LUDOTECA_TEST_PG_URL=... (never installs anything);
#                                   # fsync is off unless LUDOTECA_PG_DURABLE=1 (benchmarks)
#   bash .ci/postgres.sh stop DIR   # stop that one and delete its directory
#
# The cluster lives in a fresh directory under /tmp, listens on a free port on 127.0.0.1 only
# (plus a Unix socket inside that directory), and is reached over TCP with a random password.
# As root it runs as the `postgres` user (initdb refuses root); otherwise as the caller.
# Nothing outside that directory is touched: the package's own `main` cluster is not used.

ludoteca_pg_bindir() {
  # the directory holding initdb and pg_ctl: $PATH first, else Debian's newest version
  local initdb dir
  if initdb=$(command -v initdb 2>/dev/null) && [ -x "$(dirname "$initdb")/pg_ctl" ]; then
    dirname "$(readlink -f "$initdb")"
    return 0
  fi
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      echo "$dir"
      return 0
    fi
  done
  echo "postgres.sh: no initdb/pg_ctl found (apt-get install postgresql)" >&2
  return 1
}

ludoteca_pg_install() {
  # install Debian's postgresql only when its server binaries are missing
  if ludoteca_pg_bindir >/dev/null 2>&1; then
    return 0
  fi
  if [ "$(id -u)" != 0 ]; then
    echo "postgres.sh: PostgreSQL is not installed and we are not root to install it" >&2
    return 1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  ludoteca_pg_bindir >/dev/null
}

_ludoteca_pg_as_owner() {
  # run a server command as the cluster's owner (`postgres` when we are root)
  local runuser
  if [ "$(id -u)" = 0 ]; then
    runuser=$(PATH="$PATH:/usr/sbin:/sbin" command -v runuser 2>/dev/null) || runuser=""
    if [ -n "$runuser" ]; then
      "$runuser" -u postgres -- "$@"
    else
      su -s /bin/sh -c 'exec "$0" "$@"' -- postgres "$@"
    fi
  else
    "$@"
  fi
}

_ludoteca_pg_free_port() {
  python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])'
}

ludoteca_pg_start() {
  # start a cluster; print its directory and URL as KEY=VALUE lines
  local bin dir password port attempt
  bin=$(ludoteca_pg_bindir) || return 1
  if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    echo "postgres.sh: running as root but there is no 'postgres' user to run the server" >&2
    return 1
  fi
  dir=$(mktemp -d /tmp/ludoteca-pg.XXXXXX) || return 1
  password=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
  printf '%s\n' "$password" >"$dir/pwfile"
  if [ "$(id -u)" = 0 ]; then
    chown -R postgres: "$dir"
  fi
  chmod 700 "$dir"
  chmod 600 "$dir/pwfile"
  if ! _ludoteca_pg_as_owner "$bin/initdb" -D "$dir/data" -U ludoteca --pwfile="$dir/pwfile" \
      --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C --no-sync \
      >"$dir/initdb.log" 2>&1; then
    echo "postgres.sh: initdb failed:" >&2
    cat "$dir/initdb.log" >&2
    rm -rf "$dir"
    return 1
  fi
  rm -f "$dir/pwfile"
  # tests need no durability; LUDOTECA_PG_DURABLE=1 keeps PostgreSQL's defaults (benchmarks)
  local durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  if [ "${LUDOTECA_PG_DURABLE:-}" = 1 ]; then
    durability=""
  fi
  for attempt in 1 2 3; do  # a free port may be taken again before the server binds it
    port=$(_ludoteca_pg_free_port)
    if _ludoteca_pg_as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
        -o "-p $port -c listen_addresses=127.0.0.1 -k $dir -c unix_socket_permissions=0700 $durability" \
        start >/dev/null 2>&1; then
      if _ludoteca_pg_as_owner "$bin/createdb" -h "$dir" -p "$port" -U ludoteca ludoteca_test \
          >>"$dir/server.log" 2>&1; then
        echo "LUDOTECA_TEST_PG_DIR=$dir"
        echo "LUDOTECA_TEST_PG_URL=postgresql+psycopg://ludoteca:$password@127.0.0.1:$port/ludoteca_test"
        return 0
      fi
      _ludoteca_pg_as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
      break
    fi
  done
  echo "postgres.sh: the server did not start:" >&2
  tail -n 20 "$dir/server.log" >&2 2>/dev/null || true
  rm -rf "$dir"
  return 1
}

ludoteca_pg_stop() {
  # stop the cluster in DIR (if it runs) and delete DIR
  local dir=${1:-${LUDOTECA_TEST_PG_DIR:-}} bin
  case "$dir" in
    /tmp/ludoteca-pg.*) ;;
    *) echo "postgres.sh: not a cluster of ours: '$dir'" >&2; return 1 ;;
  esac
  if [ -f "$dir/data/postmaster.pid" ] && bin=$(ludoteca_pg_bindir 2>/dev/null); then
    _ludoteca_pg_as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  # sourced: install if needed, start, export, and stop when this shell exits
  ludoteca_pg_install || return 1
  _ludoteca_pg_vars=$(ludoteca_pg_start) || return 1
  export LUDOTECA_TEST_PG_DIR LUDOTECA_TEST_PG_URL
  LUDOTECA_TEST_PG_DIR=$(printf '%s\n' "$_ludoteca_pg_vars" | sed -n 's/^LUDOTECA_TEST_PG_DIR=//p')
  LUDOTECA_TEST_PG_URL=$(printf '%s\n' "$_ludoteca_pg_vars" | sed -n 's/^LUDOTECA_TEST_PG_URL=//p')
  unset _ludoteca_pg_vars
  trap 'ludoteca_pg_stop "$LUDOTECA_TEST_PG_DIR"' EXIT
  echo "PostgreSQL for the tests: ${LUDOTECA_TEST_PG_URL%%:*}://...@${LUDOTECA_TEST_PG_URL##*@}" \
       "(stopped on exit)"
else
  set -euo pipefail
  case "${1:-}" in
    start) ludoteca_pg_start ;;
    stop) ludoteca_pg_stop "${2:-}" ;;
    install) ludoteca_pg_install ;;
    *) echo "usage: source $0 | $0 start | $0 stop DIR | $0 install" >&2; exit 2 ;;
  esac
fi
