# Sourced by the client checks: starts the built jar on a free port with the given
# extra arguments, sets EXECD_URL, and stops the server when the caller exits.
# Requires: root (the repository root), set -euo pipefail in the caller.

execd_java() {
  local candidate major
  for candidate in "${JAVA_HOME:-}/bin/java" /usr/lib/jvm/*/bin/java; do
    [ -x "$candidate" ] || continue
    major=$("$candidate" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
    if [ -n "$major" ] && [ "$major" -ge 21 ]; then echo "$candidate"; return 0; fi
  done
  echo "no JDK 21+ found" >&2
  return 1
}

start_execd_server() {
  local java jar port
  java=$(execd_java)
  jar=$(ls "$root"/target/execd-*.jar | grep -v plain | head -1)
  execd_logs=$(mktemp -d)
  # Created here: the background job opens its redirection only once it runs, and the
  # wait below must not read a file that is not there yet.
  : > "$execd_logs/server.out"
  "$java" --enable-native-access=ALL-UNNAMED -jar "$jar" --server.port=0 \
    --execd.output.dir="$execd_logs/data" "$@" > "$execd_logs/server.out" 2>&1 &
  execd_server=$!
  # The server's status after the kill (143) must not become the caller's, under set -e.
  trap 'kill $execd_server 2>/dev/null; wait $execd_server 2>/dev/null || true; rm -rf "$execd_logs"' EXIT
  port=""
  for _ in $(seq 1 120); do
    port=$(sed -n 's/.*Tomcat started on port \([0-9]*\).*/\1/p' "$execd_logs/server.out" | head -1)
    [ -n "$port" ] && break
    kill -0 $execd_server 2>/dev/null || { cat "$execd_logs/server.out"; return 1; }
    sleep 0.5
  done
  [ -n "$port" ] || { echo "server did not start" >&2; cat "$execd_logs/server.out"; return 1; }
  EXECD_URL="http://127.0.0.1:$port"
  export EXECD_URL
}
