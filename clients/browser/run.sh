#!/usr/bin/env bash
# Drives Swagger UI in a headless Chromium against a real server started here on a free
# port with a bearer token: every operation is listed, and "Try it out" on POST /sessions
# works through the Authorize dialog (201) and is refused without it (401).
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)

chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  echo "skipping the Swagger UI browser check: no Chromium at $chromium (install Debian's chromium package)"
  exit 0
fi

java=""
for candidate in "${JAVA_HOME:-}/bin/java" /usr/lib/jvm/*/bin/java; do
  [ -x "$candidate" ] || continue
  major=$("$candidate" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
  if [ -n "$major" ] && [ "$major" -ge 21 ]; then java=$candidate; break; fi
done
[ -n "$java" ] || { echo "no JDK 21+ found for the browser check" >&2; exit 1; }
jar=$(ls "$root"/target/execd-*.jar | grep -v plain | head -1)

npm ci --no-audit --no-fund --loglevel=error

token=ui-secret-token
logs=$(mktemp -d)
"$java" --enable-native-access=ALL-UNNAMED -jar "$jar" --server.port=0 --execd.output.dir="$logs/data" \
  --execd.security.tokens=ui:$token > "$logs/server.out" 2>&1 &
server=$!
# The server's exit status after the kill (143) must not become this script's, under set -e.
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true; rm -rf "$logs"' EXIT
port=""
for _ in $(seq 1 120); do
  port=$(sed -n 's/.*Tomcat started on port \([0-9]*\).*/\1/p' "$logs/server.out" | head -1)
  [ -n "$port" ] && break
  kill -0 $server 2>/dev/null || { cat "$logs/server.out"; exit 1; }
  sleep 0.5
done
[ -n "$port" ] || { echo "server did not start" >&2; cat "$logs/server.out"; exit 1; }
EXECD_URL="http://127.0.0.1:$port" EXECD_TOKEN=$token CHROMIUM_PATH="$chromium" node swagger-try-it-out.mjs
