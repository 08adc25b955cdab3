#!/usr/bin/env bash
# Generates TypeScript types from the committed contract, compiles a client against
# them, and runs it against a real server started here on a free port.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)

java=""
for candidate in "${JAVA_HOME:-}/bin/java" /usr/lib/jvm/*/bin/java; do
  [ -x "$candidate" ] || continue
  major=$("$candidate" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
  if [ -n "$major" ] && [ "$major" -ge 21 ]; then java=$candidate; break; fi
done
[ -n "$java" ] || { echo "no JDK 21+ found for the client test" >&2; exit 1; }
jar=$(ls "$root"/target/execd-*.jar | grep -v plain | head -1)

npm ci --no-audit --no-fund --loglevel=error
npm run --silent generate
npm run --silent build

logs=$(mktemp -d)
"$java" --enable-native-access=ALL-UNNAMED -jar "$jar" --server.port=0 --execd.output.dir="$logs/data" \
  > "$logs/server.out" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true; rm -rf "$logs"' EXIT
port=""
for _ in $(seq 1 120); do
  port=$(sed -n 's/.*Tomcat started on port \([0-9]*\).*/\1/p' "$logs/server.out" | head -1)
  [ -n "$port" ] && break
  kill -0 $server 2>/dev/null || { cat "$logs/server.out"; exit 1; }
  sleep 0.5
done
[ -n "$port" ] || { echo "server did not start" >&2; cat "$logs/server.out"; exit 1; }
EXECD_URL="http://127.0.0.1:$port" npm test
