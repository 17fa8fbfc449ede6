# Shared by the engine scripts (sourced, not run).

# engine_wait_port NAME PORT PID LOG SECONDS: waits until PORT answers on 127.0.0.1; fails when the process exits
# first (printing its log's tail) or after SECONDS.
engine_wait_port() {
  local name="$1" port="$2" pid="$3" log="$4" seconds="$5"
  for _ in $(seq 1 $((seconds * 10))); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then return 0; fi
    if ! kill -0 "$pid" 2>/dev/null; then echo "$name: the server exited; its log:" >&2; tail -n 30 "$log" >&2; return 1; fi
    sleep 0.1
  done
  echo "$name: the server did not open port $port within $seconds s" >&2
  return 1
}

# engine_stop DIR: stops the server whose pid DIR/pid holds (SIGTERM, then SIGKILL after 10 s).
engine_stop() {
  local dir="$1"
  [ -f "$dir/pid" ] || return 0
  local pid; pid="$(cat "$dir/pid")"
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$dir/pid"
}
