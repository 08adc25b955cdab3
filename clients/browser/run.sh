#!/usr/bin/env bash
# Drives Swagger UI in a headless Chromium against a real server started here on a free
# port with a bearer token: every operation is listed, and "Try it out" on POST /sessions
# works through the Authorize dialog (201) and is refused without it (401); Execute with
# the page's defaults succeeds on every operation, in the order the script gives. Then the web
# console (/console): token prompt, live session list, a pipe log, vim driven through the
# page, delete; its screenshots go to target/.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)

chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  echo "skipping the Swagger UI and console browser checks: no Chromium at $chromium (install Debian's chromium package)"
  exit 0
fi

npm ci --no-audit --no-fund --loglevel=error

token=ui-secret-token
. "$root/scripts/test-server.sh"
start_execd_server --execd.security.tokens=ui:$token
EXECD_TOKEN=$token CHROMIUM_PATH="$chromium" node swagger-try-it-out.mjs
EXECD_TOKEN=$token CHROMIUM_PATH="$chromium" node console.mjs
