#!/usr/bin/env bash
# Generates TypeScript types from the committed contract and builds the package
# @execd/client on them (npm ci runs its prepare), runs its tests against a real server
# started here on a free port, then installs the package as users do, packed and from a
# clean copy of the directory, into new projects that compile and run README.md's example
# ("From TypeScript") against the same server and compare what it prints.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)

npm ci --no-audit --no-fund --loglevel=error

. "$root/scripts/test-server.sh"
start_execd_server
npm test

consumers="$root/target/typescript-consumers"
rm -rf "$consumers"
mkdir -p "$consumers/repo"
tarball=$(npm pack --ignore-scripts --silent --pack-destination "$consumers")
tar -C "$root" --exclude=node_modules --exclude=dist --exclude=generated -cf - clients/typescript openapi \
  | tar -C "$consumers/repo" -xf -
# The lines of README.md's first fenced block in "From TypeScript" that opens with or
# follows the line $1.
readme_block() {
  awk -v start="$1" '/^## From TypeScript$/ { section = 1 }
    section && !inside && $0 == start { inside = 1; fenced = (start ~ /^```/); next }
    inside && /^```$/ { if (fenced) exit; fenced = 1; next }
    inside && fenced' "$root/README.md"
}

# $1: the project's directory, $2: what to install.
check_consumer() {
  mkdir -p "$1"
  cd "$1"
  echo '{"name": "consumer", "private": true, "type": "module"}' > package.json
  npm install --no-audit --no-fund --loglevel=error "$2"
  readme_block '```ts' > example.ts
  readme_block 'It prints:' > expected.txt
  cat > tsconfig.json <<JSON
{"compilerOptions": {"module": "nodenext", "target": "es2022", "strict": true,
  "types": ["node"], "typeRoots": ["$root/clients/typescript/node_modules/@types"]}}
JSON
  "$root/clients/typescript/node_modules/.bin/tsc" -p .
  node example.js > printed.txt
  diff -u expected.txt printed.txt
  echo "README example: passed with @execd/client installed from $2"
  cd - > /dev/null
}
check_consumer "$consumers/from-tarball" "$consumers/$tarball"
check_consumer "$consumers/from-directory" "$consumers/repo/clients/typescript"
