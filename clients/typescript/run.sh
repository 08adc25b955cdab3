#!/usr/bin/env bash
# Generates TypeScript types from the committed contract, compiles a client against
# them, and runs it against a real server started here on a free port.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)

npm ci --no-audit --no-fund --loglevel=error
npm run --silent generate
npm run --silent build

. "$root/scripts/test-server.sh"
start_execd_server
npm test
