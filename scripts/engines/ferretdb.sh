#!/usr/bin/env bash
# A MongoDB-wire server (FerretDB 1.x on SQLite files) on 127.0.0.1, for tests and by hand.
#
#   scripts/engines/ferretdb.sh build                 build it from the Go module proxy into the cache
#   scripts/engines/ferretdb.sh start [PORT] [DIR]    start it on PORT with its files in DIR
#                                                      (defaults 27017 and .engines/run/ferretdb); prints MONGODB_URL=…
#   scripts/engines/ferretdb.sh stop [DIR]            stop the server started in DIR, by its pid
#
# Needs Go. The binary is cached under .engines/ferretdb (git-ignored), Go's own caches under ~/go and ~/.cache.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cache="${ENGINES_CACHE:-$root/.engines}"
version="$(sed -n 's:^require github.com/FerretDB/FerretDB \(.*\)$:\1:p' "$here/ferretdb/go.mod")"
binary="$cache/ferretdb/$version/ferretdb"
# shellcheck source=lib.sh
source "$here/lib.sh"

build() {
  [ -x "$binary" ] && return 0
  command -v go >/dev/null || { echo "ferretdb.sh: go is not installed" >&2; exit 3; }
  mkdir -p "$(dirname "$binary")"
  (cd "$here/ferretdb" && go build -trimpath -o "$binary.tmp" .) >&2
  mv "$binary.tmp" "$binary"
}

start() {
  local port="${1:-27017}" dir="${2:-$cache/run/ferretdb}"
  build
  rm -rf "$dir" && mkdir -p "$dir/data"
  nohup "$binary" -listen "127.0.0.1:$port" -dir "$dir/data" >"$dir/server.out" 2>&1 &
  local pid=$!
  echo "$pid" >"$dir/pid"
  engine_wait_port ferretdb.sh "$port" "$pid" "$dir/server.out" 30
  echo "MONGODB_URL=mongodb://127.0.0.1:$port"
}

stop() { engine_stop "${1:-$cache/run/ferretdb}"; }

case "${1:-}" in
  build) build ;;
  start) shift; start "$@" ;;
  stop) shift; stop "$@" ;;
  *) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
