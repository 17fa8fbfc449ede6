#!/usr/bin/env bash
# A single-node Apache Kafka broker (KRaft, broker and controller in one JVM) on 127.0.0.1, for tests and by hand.
#
#   scripts/engines/kafka.sh fetch                  fetch the broker's jars from Maven Central into the cache
#   scripts/engines/kafka.sh start [PORT] [DIR]     format a fresh log in DIR and start the broker on PORT
#                                                    (defaults 9092 and .engines/run/kafka); prints KAFKA_BROKERS=…
#   scripts/engines/kafka.sh stop [DIR]             stop the broker started in DIR, by its pid
#
# Needs Java 17+ and Maven. The jars are cached under .engines/kafka (git-ignored), Maven's own cache under ~/.m2.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cache="${ENGINES_CACHE:-$root/.engines}"
version="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$here/kafka/pom.xml")"
libs="$cache/kafka/$version/libs"
# shellcheck source=lib.sh
source "$here/lib.sh"

fetch() {
  [ -f "$libs/.complete" ] && return 0
  command -v java >/dev/null || { echo "kafka.sh: java is not installed" >&2; exit 3; }
  command -v mvn >/dev/null || { echo "kafka.sh: mvn (Maven) is not installed" >&2; exit 3; }
  rm -rf "$libs" && mkdir -p "$libs"
  mvn -q -B -f "$here/kafka/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$libs" >&2
  touch "$libs/.complete"
}

start() {
  local port="${1:-9092}" dir="${2:-$cache/run/kafka}"
  local controller=$((port + 1))
  [ -n "${3:-}" ] && controller="$3"
  fetch
  rm -rf "$dir" && mkdir -p "$dir/log"
  cat > "$dir/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$dir/log
num.partitions=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=4
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
PROPS
  local java_opts=(-Xms256m -Xmx768m -XX:+UseSerialGC -Djava.awt.headless=true)
  local cluster
  cluster="$(java "${java_opts[@]}" -cp "$libs/*" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n 1)"
  java "${java_opts[@]}" -cp "$libs/*" kafka.tools.StorageTool format -t "$cluster" -c "$dir/server.properties" >"$dir/format.out" 2>&1 \
    || { cat "$dir/format.out" >&2; exit 1; }
  nohup java "${java_opts[@]}" -cp "$libs/*" kafka.Kafka "$dir/server.properties" >"$dir/broker.out" 2>&1 &
  echo $! >"$dir/pid"
  engine_wait_port kafka.sh "$port" "$(cat "$dir/pid")" "$dir/broker.out" 60
  echo "KAFKA_BROKERS=127.0.0.1:$port"
}

stop() { engine_stop "${1:-$cache/run/kafka}"; }

case "${1:-}" in
  fetch) fetch ;;
  start) shift; start "$@" ;;
  stop) shift; stop "$@" ;;
  *) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
